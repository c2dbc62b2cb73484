// The move controls of the room page: the throw waiting for a choice, the typed throw
// of a real die, the glass buttons (the same choice as tapping a glass on the board),
// the face buttons when top and bottom are both legal (the Røros choice, LD-ROROS-1),
// where the move lands and whom it knocks home, then Move. A9's declaration too. For the
// referee and the line judges (LD-REF-2): Undo the last move (with what followed it),
// and Fix the throw when the newest entry is a typed throw.

import { t } from "/static/i18n.js";
import { dieElement } from "/static/dice.js";
import { h, fill, undoButton } from "/static/panels.js";
import * as G from "./geometry.js";
import * as M from "./model.js";

/** Returns where a glass at ``p`` stands, in words. */
export function placeText(p) {
  if (p === G.YARD) return t("ld.at_yard");
  if (p === G.GOAL) return t("ld.at_goal");
  if (p > G.LAST_TRACK) return t("ld.at_column", { n: p - G.LAST_TRACK });
  if (p === 0) return t("ld.at_start");
  return t("ld.at_square", { n: p });
}

/** Returns where ``move`` lands and whom it knocks home, in words. */
export function whereText(st, move) {
  const to = M.destination(move);
  const parts = [placeText(to)];
  for (const c of M.capturesOf(st, move)) parts.push(t(c.count === 1 ? "ld.knocks_one" : "ld.knocks", { n: c.count, letter: c.letter, name: M.nameOf(st, c.participant) }));
  return parts.join(" · ");
}

function faceText(top, value) {
  const face = M.faceOf(top, value);
  return t(face === "bottom" ? "ld.face_bottom" : "ld.face_top", { n: value });
}

function throwRow(st) {
  const turn = st.view.turn;
  if (!turn || turn.throw === null || turn.throw === undefined) return null;
  const notes = [t("ld.chain", { n: turn.chain })];
  if (turn.forced) notes.push(t("ld.forced"));
  return h(
    "div",
    { class: "ld-throw" },
    dieElement(turn.throw),
    h("div", { class: "ld-throw-text" }, h("b", {}, t("ld.threw", { letter: turn.colour, n: turn.throw })), h("small", {}, `${t("ld.bottom", { n: 7 - turn.throw })} · ${notes.join(" · ")}`)),
  );
}

function dicePad(st, ctx) {
  const v = st.view;
  const who = M.nameOf(st, M.actorOf(st));
  const title = v.phase === "order" ? t("ld.order_throw", { name: who }) : t("ld.type_throw", { letter: v.turn ? v.turn.colour : "", name: who });
  return h(
    "div",
    { class: "ld-pad-wrap" },
    h("p", { class: "label" }, title),
    h(
      "div",
      { class: "ld-pad", role: "group", "aria-label": t("ld.top_face") },
      [1, 2, 3, 4, 5, 6].map((n) =>
        h(
          "button",
          { type: "button", class: "ld-pad-button", "data-throw": n, "aria-label": String(n), disabled: ctx.busy() ? true : null, onclick: () => ctx.run(() => ctx.send({ kind: "throw", top: n })) },
          dieElement(n, { small: true }),
        ),
      ),
    ),
    h("p", { class: "muted small" }, v.phase === "order" ? t("ld.order_hint") : t("ld.top_hint")),
  );
}

function declareRow(st, ctx) {
  const six = (st.legal_actions || []).find((a) => a.kind === "declare" && a.six);
  const one = (st.legal_actions || []).find((a) => a.kind === "declare" && !a.six);
  if (!six && !one) return null;
  const button = (a, cls, text) => a && h("button", { type: "button", class: `button ${cls}`, "data-declare": a.six ? "six" : "one", disabled: ctx.busy() ? true : null, onclick: () => ctx.run(() => ctx.send(a)) }, text);
  return h("div", { class: "ld-declare" }, h("p", { class: "label" }, t("ld.declare_title")), h("div", { class: "action-row" }, button(six, "primary", t("ld.declare_six")), button(one, "", t("ld.declare_one"))));
}

function glassButtons(st, moves, sel, choose, busy) {
  const colour = M.colourOf(st, st.view.turn.colour);
  return h(
    "div",
    { class: "ld-glass-buttons", role: "group", "aria-label": t("ld.pick_glass") },
    [...moves.keys()].map((frm) => {
      const count = colour ? colour.glasses.filter((p) => p === frm).length : 1;
      return h(
        "button",
        { type: "button", class: `ld-pick${sel.frm === frm ? " is-selected" : ""}`, "data-from": frm, "aria-pressed": String(sel.frm === frm), disabled: busy ? true : null, onclick: () => choose(frm) },
        h("i", { class: "ld-chip", "data-colour": st.view.turn.colour }, st.view.turn.colour),
        h("span", {}, placeText(frm)),
        count > 1 && frm !== G.YARD ? h("small", {}, t("ld.stack", { n: count })) : null,
      );
    }),
  );
}

function faceButtons(st, options, sel, choose, busy) {
  const top = st.view.turn.throw;
  return h(
    "div",
    { class: "ld-faces", role: "group", "aria-label": t("ld.pick_face") },
    options.map((m) =>
      h(
        "button",
        { type: "button", class: `ld-face${sel.value === m.value ? " is-selected" : ""}`, "data-value": m.value, "data-face": M.faceOf(top, m.value), "aria-pressed": String(sel.value === m.value), disabled: busy ? true : null, onclick: () => choose(sel.frm, m.value) },
        h("b", {}, faceText(top, m.value)),
        h("small", {}, `→ ${whereText(st, m)}`),
      ),
    ),
  );
}

/** LD-REF-2: the referee's Undo (the view's ``undo`` newest entries: the last move and
 * all after it) and Fix the throw (the newest entry alone, a throw typed after the
 * move); the envelope offers them to the host and the judges only. */
function undoRow(st, ctx) {
  const count = st.view.undo || 0;
  const newest = (st.undo || [])[0];
  const lastMove = undoButton(st, ctx, { count, label: t("ld.ref_undo"), hint: t("ld.ref_undo_hint") });
  const typo = newest && newest.action.kind === "throw" && count !== 1;
  const fix = typo ? undoButton(st, ctx, { label: t("ld.fix_throw"), hint: t("ld.fix_throw_hint"), name: "fix-throw" }) : null;
  return lastMove || fix ? h("div", { class: "action-row undo-row" }, fix, lastMove) : null;
}

/** Paints the controls of the room page into ``panel``. */
export function moveControls(panel, st, { ctx, sel, moves, choose, confirm, clear }) {
  const v = st.view || {};
  const busy = ctx.busy();
  const parts = [];
  if (v.phase === "over") {
    const reason = v.ending ? v.ending.reason : "home";
    return fill(panel, h("p", { class: "ld-over" }, t(`ld.end_${reason}`)), h("p", { class: "muted small" }, t("ld.empty_glasses")));
  }
  parts.push(throwRow(st));
  if (M.mayThrow(st)) parts.push(dicePad(st, ctx));
  parts.push(declareRow(st, ctx));
  if (moves.size && v.turn) {
    parts.push(h("p", { class: "label" }, t("ld.pick_glass")));
    parts.push(glassButtons(st, moves, sel, choose, busy));
    const options = sel.frm !== null ? moves.get(sel.frm) || [] : [];
    if (options.length > 1) parts.push(h("p", { class: "label" }, t("ld.pick_face")), faceButtons(st, options, sel, choose, busy));
    const move = options.find((m) => m.value === sel.value);
    if (move) {
      parts.push(
        h(
          "div",
          { class: "ld-confirm" },
          h("p", { class: "ld-where", "data-where": M.destination(move) }, t("ld.lands", { where: whereText(st, move) })),
          h(
            "div",
            { class: "action-row" },
            h("button", { type: "button", class: "button ghost", "data-action": "cancel", onclick: clear }, t("ld.cancel")),
            h("button", { type: "button", class: "button primary big", "data-action": "confirm", disabled: busy ? true : null, onclick: confirm }, t("ld.move")),
          ),
        ),
      );
    }
  } else if (!(st.legal_actions || []).length && v.phase !== "over" && st.role !== "judge") {
    const actor = M.actorOf(st);
    const text = st.to_act === "chance" && st.dice !== "real" ? t("ld.rolling") : actor !== null ? t("ld.waiting", { name: M.nameOf(st, actor) }) : "";
    if (text) parts.push(h("p", { class: "hint" }, text));
  }
  parts.push(undoRow(st, ctx));
  fill(panel, parts);
}
