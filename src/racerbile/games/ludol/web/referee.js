// Ludøl's referee console (host and line judges, LD-REF-1…4, spec §2.5): the chugs and
// flags waiting for a word (chug result; confirm a flag as beers, or dismiss it), penalty
// beers with a reason (or taken back), vomit and disqualification, "all drink poured",
// and the overrides (give the turn to a colour, move or remove a glass); taking a
// penalty back voids its record entry (undo.js), as the Undo beside the move controls
// voids the last move (controls.js). Every input
// carries the sender (a judge's number, none for the referee) and the reason typed
// above; the game's own referee buttons (envelope.referee_actions) that the console has
// no control for are shown as buttons too.

import { t } from "/static/i18n.js";
import { h, fill, toast } from "/static/panels.js";
import { actionLabel } from "./labels.js";
import { flagText } from "./panels.js";
import { placeText } from "./controls.js";
import { takeBackPenalty } from "./undo.js";
import * as G from "./geometry.js";
import * as M from "./model.js";

const QUICK = ["ld.r_floor", "ld.r_spill", "ld.r_argue", "ld.r_colour"];
const HANDLED = new Set(["penalty", "chug_result", "vomit", "disqualify", "all_poured", "confirm_flag", "dismiss_flag", "place_glass", "remove_glass", "set_turn"]);
const PLACES = [G.YARD, ...Array.from({ length: 56 }, (_, i) => i), G.GOAL];

/** Where a glass stands or goes, for the override's lists ("yard", "square 12", …). */
const spotText = (p) => (p === G.YARD ? t("ld.yard") : p === G.REMOVED ? t("ld.removed") : placeText(p));

/** Creates the console in ``body``; returns ``paint(state)``, true when it shows something. */
export function refereeConsole(body, { send, run }) {
  const sel = { participant: 0, beers: 1, colour: "A", glass: 0, place: G.YARD, armed: null };
  let st = null;
  let built = "";
  const parts = {};

  const judge = () => (st && st.role === "judge" ? st.judge : null);
  const field = (node, label) => h("label", { class: "field ld-field" }, h("span", {}, label), node);

  /** Sends one input with the sender and the reason; clears the reason after. */
  function fire(action, done) {
    const reason = parts.reason.value.trim();
    sel.armed = null;
    return run(async () => {
      await send({ ...action, judge: judge(), reason });
      parts.reason.value = "";
      toast(done);
    });
  }

  /** LD-REF-3: takes back the participant's last penalty by voiding it. */
  function takeBack() {
    const name = M.nameOf(st, sel.participant);
    return voiding(async () => {
      if (!(await takeBackPenalty(st, sel.participant))) toast(t("ld.ref_no_penalty", { name }), { error: true });
    }, t("ld.ref_taken_back", { name }));
  }

  function voiding(work, done) {
    sel.armed = null;
    return run(async () => {
      try {
        await work();
      } catch (err) {
        toast(err.message || String(err), { error: true });
        throw err;
      }
      toast(done);
    });
  }

  /** A button that asks for a second tap before it sends (no browser dialog on phones). */
  function twoTap(key, cls, label, make, done) {
    return h(
      "button",
      {
        type: "button",
        class: `button ${cls}`,
        "data-ref": key,
        "data-label": label,
        onclick: (ev) => {
          if (sel.armed !== key) {
            sel.armed = key;
            ev.currentTarget.classList.add("is-armed");
            ev.currentTarget.textContent = t("ld.ref_sure");
            return;
          }
          fire(make(), done());
        },
      },
      label,
    );
  }

  function build() {
    parts.waiting = h("div", { class: "ld-ref-waiting" });
    parts.reason = h("input", { type: "text", class: "input ld-reason", maxlength: 200, placeholder: t("ld.ref_reason"), "aria-label": t("ld.ref_reason") });
    parts.quick = h("div", { class: "ld-quick" }, QUICK.map((key) => h("button", { type: "button", class: "chip-button", onclick: () => (parts.reason.value = t(key)) }, t(key))));
    parts.people = h("div", { class: "ld-people", role: "radiogroup", "aria-label": t("ld.ref_who") });
    const beers = h("input", { type: "number", class: "input ld-beers", min: 1, max: 20, value: sel.beers, inputmode: "numeric", "aria-label": t("ld.ref_beers") });
    beers.addEventListener("input", () => (sel.beers = Math.max(1, Math.min(20, Math.round(Number(beers.value)) || 1))));
    const who = () => M.nameOf(st, sel.participant);
    parts.vomit = h("button", { type: "button", class: "button", "data-ref": "vomit", onclick: () => fire({ kind: "vomit", participant: sel.participant }, t("ld.ref_vomited", { name: who() })) });
    parts.poured = twoTap("all_poured", "warn big", t("ld.ref_poured"), () => ({ kind: "all_poured" }), () => t("ld.ref_poured_done"));
    parts.turnColour = h("select", { class: "input", "aria-label": t("ld.ref_colour") });
    parts.turnColour.addEventListener("change", () => (sel.colour = parts.turnColour.value));
    parts.glassColour = h("select", { class: "input", "aria-label": t("ld.ref_colour") });
    parts.glassColour.addEventListener("change", () => {
      sel.colour = parts.glassColour.value;
      paintOverrides();
    });
    parts.glass = h("select", { class: "input ld-glass-pick", "aria-label": t("ld.ref_glass") });
    parts.glass.addEventListener("change", () => (sel.glass = Number(parts.glass.value)));
    parts.place = h("select", { class: "input ld-place-pick", "aria-label": t("ld.ref_place") }, PLACES.map((p) => h("option", { value: p }, spotText(p))));
    parts.place.addEventListener("change", () => (sel.place = Number(parts.place.value)));
    parts.audit = h("ol", { class: "ld-audit" });
    parts.extra = h("div", { class: "action-row ld-extra" });
    fill(
      body,
      parts.waiting,
      h("section", { class: "ld-ref-block" }, field(parts.reason, t("ld.ref_reason_label")), parts.quick),
      h(
        "section",
        { class: "ld-ref-block" },
        h("p", { class: "label" }, t("ld.ref_who")),
        parts.people,
        h(
          "div",
          { class: "ld-ref-row" },
          field(beers, t("ld.ref_beers")),
          h("button", { type: "button", class: "button primary", "data-ref": "penalty", onclick: () => fire({ kind: "penalty", participant: sel.participant, beers: sel.beers }, t("ld.ref_penalised", { name: who(), n: sel.beers })) }, t("ld.ref_penalty")),
          h("button", { type: "button", class: "button ghost", "data-ref": "take_back", onclick: takeBack }, t("ld.ref_back")),
        ),
        h("div", { class: "action-row" }, parts.vomit, twoTap("disqualify", "warn", t("ld.ref_dq"), () => ({ kind: "disqualify", participant: sel.participant }), () => t("ld.ref_dq_done", { name: who() }))),
      ),
      h("section", { class: "ld-ref-block" }, parts.poured, h("p", { class: "muted small" }, t("ld.ref_poured_hint"))),
      h(
        "details",
        { class: "ld-ref-block ld-overrides" },
        h("summary", {}, t("ld.ref_overrides")),
        h("div", { class: "ld-ref-row" }, field(parts.turnColour, t("ld.ref_colour")), h("button", { type: "button", class: "button", "data-ref": "set_turn", onclick: () => fire({ kind: "set_turn", colour: parts.turnColour.value }, t("ld.ref_turn_done", { letter: parts.turnColour.value })) }, t("ld.ref_set_turn"))),
        h("div", { class: "ld-ref-row" }, field(parts.glassColour, t("ld.ref_colour")), field(parts.glass, t("ld.ref_glass")), field(parts.place, t("ld.ref_place"))),
        h(
          "div",
          { class: "action-row" },
          h("button", { type: "button", class: "button", "data-ref": "place_glass", onclick: () => fire({ kind: "place_glass", colour: sel.colour, glass: sel.glass, progress: sel.place }, t("ld.ref_placed")) }, t("ld.ref_place_glass")),
          h("button", { type: "button", class: "button warn", "data-ref": "remove_glass", onclick: () => fire({ kind: "remove_glass", colour: sel.colour, glass: sel.glass }, t("ld.ref_removed")) }, t("ld.ref_remove_glass")),
        ),
      ),
      parts.extra,
      h("section", { class: "ld-ref-block" }, h("p", { class: "label" }, t("ld.ref_audit")), parts.audit),
    );
  }

  function paintWaiting() {
    const items = [];
    for (const c of M.openChugs(st)) {
      const text = t(c.glasses.length === 1 ? "ld.chug_one" : "ld.chug", { name: M.nameOf(st, c.participant), n: c.glasses.length });
      items.push(
        h(
          "div",
          { class: `ld-ref-item is-chug${c.status === "time_up" ? " is-late" : ""}`, "data-chug": c.id },
          h("span", {}, text, c.status === "time_up" ? h("small", {}, ` · ${t("ld.time_up")}`) : null),
          h(
            "span",
            { class: "action-row" },
            h("button", { type: "button", class: "button primary", "data-chug-ok": c.id, onclick: () => fire({ kind: "chug_result", chug: c.id, ok: true }, t("ld.chug_ok")) }, t("ld.chug_ok")),
            h("button", { type: "button", class: "button warn", "data-chug-failed": c.id, onclick: () => fire({ kind: "chug_result", chug: c.id, ok: false }, t("ld.chug_failed")) }, t("ld.chug_failed")),
          ),
        ),
      );
    }
    for (const f of M.openFlags(st)) {
      items.push(
        h(
          "div",
          { class: "ld-ref-item is-flag", "data-flag": f.id },
          h("span", {}, "⚑ ", flagText(st, f)),
          h(
            "span",
            { class: "action-row" },
            h("button", { type: "button", class: "button primary", "data-flag-confirm": f.id, onclick: () => fire({ kind: "confirm_flag", flag: f.id, beers: sel.beers }, t("ld.flag_confirmed")) }, t("ld.flag_confirm", { n: sel.beers })),
            h("button", { type: "button", class: "button", "data-flag-dismiss": f.id, onclick: () => fire({ kind: "dismiss_flag", flag: f.id }, t("ld.flag_dismissed")) }, t("ld.flag_dismiss")),
          ),
        ),
      );
    }
    fill(parts.waiting, items.length ? [h("p", { class: "label" }, t("ld.waiting_title")), ...items] : []);
  }

  function paintPeople() {
    const names = (st.view && st.view.names) || [];
    if (sel.participant >= names.length) sel.participant = 0;
    const out = new Set(st.view.disqualified || []);
    fill(
      parts.people,
      names.map((name, p) =>
        h(
          "button",
          { type: "button", role: "radio", class: "ld-person", "data-participant": p, "aria-checked": String(p === sel.participant), disabled: out.has(p) ? true : null, onclick: () => { sel.participant = p; paint(st); } },
          h("span", {}, name),
          h("small", {}, M.lettersOf(st, p).join(" ")),
        ),
      ),
    );
    const vomits = (st.view.vomits || [])[sel.participant] ?? 0;
    parts.vomit.textContent = t("ld.ref_vomit", { n: vomits });
  }

  function options(select, values, label, chosen) {
    const key = values.join(",");
    if (select.dataset.key !== key) {
      select.dataset.key = key;
      fill(select, values.map((v) => h("option", { value: v }, label(v))));
    } else {
      [...select.options].forEach((o, i) => (o.textContent = label(values[i])));
    }
    select.value = String(chosen);
  }

  function paintOverrides() {
    const colours = (st.view && st.view.colours) || [];
    const letters = colours.map((c) => c.letter);
    if (!letters.includes(sel.colour)) sel.colour = letters[0] || "A";
    const name = (l) => `${l} · ${M.nameOf(st, (M.colourOf(st, l) || {}).participant)}`;
    options(parts.turnColour, letters, name, sel.colour);
    options(parts.glassColour, letters, name, sel.colour);
    const glasses = (M.colourOf(st, sel.colour) || { glasses: [] }).glasses;
    options(parts.glass, [0, 1, 2, 3], (i) => `${sel.colour}${i + 1}: ${spotText(glasses[i])}`, sel.glass);
    parts.place.value = String(sel.place);
    parts.poured.disabled = !!st.view.poured;
  }

  function paintAudit() {
    const audit = ((st.view && st.view.audit) || []).slice(-6).reverse();
    const judges = (st.view && st.view.judges) || [];
    fill(
      parts.audit,
      audit.length
        ? audit.map((e) => h("li", { "data-audit": e.kind }, h("b", {}, e.judge === null || e.judge === undefined ? t("ld.referee") : judges[e.judge] || `#${e.judge}`), ` · ${String(e.detail).replace(/\s+reason=('[^']*'|\S+)/, "")}`, e.reason ? h("small", {}, ` — ${e.reason}`) : null))
        : [h("li", { class: "muted" }, t("log.empty"))],
    );
  }

  function paintExtra() {
    const extra = (st.referee_actions || []).filter((a) => !HANDLED.has(a.kind));
    fill(parts.extra, extra.map((a) => h("button", { type: "button", class: "button", "data-ref": a.kind, onclick: () => run(() => send(a)) }, actionLabel(a))));
  }

  function paint(state) {
    st = state;
    if (!st.view || !st.view.names) return false;
    const key = [t("ld.ref_penalty"), st.role, st.view.names.join("|"), (st.view.colours || []).length].join("/");
    if (key !== built) {
      built = key;
      build();
    }
    for (const b of body.querySelectorAll(".is-armed")) {
      if (b.dataset.ref === sel.armed) continue;
      b.classList.remove("is-armed");
      b.textContent = b.dataset.label;
    }
    paintWaiting();
    paintPeople();
    paintOverrides();
    paintAudit();
    paintExtra();
    return true;
  }
  return paint;
}
