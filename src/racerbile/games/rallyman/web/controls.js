// The driver's controls: a big button for every legal die with its exact risk of losing
// control, secured dice, stop, spare wheel, time attack pools, the dice of a rolled pool,
// SISU, tyres, and the real dice (the driver says what each die, card or back shows);
// Undo takes back the driver's latest action, or fixes the die, card or back typed last.

import { t } from "/static/i18n.js";
import * as V from "/static/view.js";
import { h, undoButton } from "/static/panels.js";
import { clock } from "./dash.js";

const opened = { attack: false, plans: true }; // the driver's choice survives repaints
const GEAR_TIME = { 1: 50, 2: 40, 3: 30, 4: 20, 5: 10 };
const ORDINAL = { en: ["", "1st", "2nd", "3rd", "4th", "5th"], da: ["", "1.", "2.", "3.", "4.", "5."] };

function fraction(text) {
  const m = String(text || "").match(/^(\d+)\/(\d+)$/);
  return m ? Number(m[1]) / Number(m[2]) : 0;
}

function percent(p) {
  const v = p * 100;
  return `${v < 10 && v > 0 ? v.toFixed(1) : Math.round(v)} %`;
}

function riskTone(p) {
  if (p <= 0) return "safe";
  if (p >= 1) return "sure";
  return p >= 0.3 ? "high" : "low";
}

/** "1/3" -> "lose control 1/3 · 33 %"; "0/1" -> "safe". */
function riskText(text) {
  const p = fraction(text);
  if (p <= 0) return t("rm.risk_none");
  if (p >= 1) return t("rm.risk_sure");
  return t("rm.risk", { p: `${text} · ${percent(p)}` });
}

function targetText(view, gid) {
  const info = (view.targets || {})[gid] || {};
  if (info.kind === "finish" || gid === "finish") return t("rm.to.finish");
  const parts = [];
  if (info.role === "inside") parts.push(t("rm.to.inside", { n: info.limit }));
  else if (info.kind === "slide") parts.push(t("rm.to.slide", { n: info.limit }));
  else if (info.kind === "shortcut") parts.push(t("rm.to.shortcut", { n: info.limit }));
  else parts.push(t("rm.to.road"));
  if (info.jump !== null && info.jump !== undefined) parts.push(t("rm.to.jump", { n: info.jump }));
  if (info.surface === "snow") parts.push(t("rm.to.snow"));
  return parts.join(" · ");
}

function button(ctx, action, dataAction, { cls = "", children = [], title = null } = {}) {
  return h(
    "button",
    {
      type: "button",
      class: `button ${cls}`,
      "data-action": dataAction,
      title,
      disabled: ctx.busy() ? true : null,
      onclick: () => ctx.run(() => ctx.send(action)),
    },
    children,
  );
}

function dieFace(die, hazard = false) {
  return h("span", { class: `rm-die big ${die === "G" ? "gas" : "gear"}${hazard ? " is-hazard" : ""}` }, die, hazard ? h("sup", {}, "!") : null);
}

function ordinal(gear) {
  const lang = document.documentElement.lang === "da" ? "da" : "en";
  return ORDINAL[lang][gear] || String(gear);
}

/** Returns the controls for the envelope ``state`` (a list of nodes). */
export function controls(state, ctx) {
  const legal = state.legal_actions || [];
  const view = state.view || {};
  const kinds = new Set(legal.map((a) => a.kind));
  const out = [];
  if (kinds.has("tyres")) out.push(tyres(state, ctx, legal));
  if (kinds.has("sisu")) out.push(sisu(state, ctx, legal));
  if (kinds.has("face")) out.push(realFace(state, ctx, legal));
  if (kinds.has("faces")) out.push(realPool(state, ctx, legal));
  if (kinds.has("back")) out.push(realChoice(ctx, legal, "back", "outcome", t("rm.real_back", { gear: ordinal(table(view).loc ? table(view).loc.deck : table(view).card_gear) })));
  if (kinds.has("shortcut")) out.push(realChoice(ctx, legal, "shortcut", "card", t("rm.real_card")));
  if (kinds.has("place")) out.push(places(state, ctx, legal));
  if (kinds.has("roll") || kinds.has("stop") || kinds.has("spare")) out.push(...standard(state, ctx, legal));
  if (kinds.has("attack")) out.push(attacks(state, ctx, legal));
  if (!legal.length && !V.isFinished(state) && typeof state.to_act === "number" && state.role === "seat" && state.to_act !== state.seat)
    out.push(h("p", { class: "hint" }, t("rm.not_yours", { name: V.nameOf(state, state.to_act) })));
  const undo = undoRow(state, ctx);
  if (undo) out.push(undo);
  return out;
}

const TYPED = new Set(["face", "faces", "back", "shortcut"]); // what the real dice and cards show

/** Undo: the newest entry the envelope offers (a driver's own, or a typed die to fix). */
function undoRow(state, ctx) {
  const newest = (state.undo || [])[0];
  const typed = !!newest && TYPED.has(newest.action.kind);
  const undo = undoButton(state, ctx, typed ? { label: t("rm.fix_typed"), hint: t("rm.fix_typed_hint") } : {});
  return undo ? h("div", { class: "action-row undo-row" }, undo) : null;
}

function table(view) {
  return view.table || {};
}

function tyres(state, ctx, legal) {
  const view = state.view || {};
  const stage = (view.stages || [])[view.stage_number - 1] || {};
  return h(
    "div",
    { class: "rm-block" },
    h("p", { class: "rm-title" }, t("rm.pick_tyres", { name: V.nameOf(state, state.to_act), stage: stage.name || "" })),
    h(
      "div",
      { class: "rm-row" },
      legal
        .filter((a) => a.kind === "tyres")
        .map((a) => button(ctx, a, `tyres-${a.tyres}`, { cls: "big", children: [h("b", {}, t(`rm.tyre_button.${a.tyres}`)), h("small", {}, t(`rm.tyre_hint.${a.tyres}`))] })),
    ),
  );
}

function sisu(state, ctx, legal) {
  const loc = table(state.view || {}).loc || {};
  const reason = loc.reason ? t(`rm.reason.${loc.reason}`) : "";
  return h(
    "div",
    { class: "rm-block is-alert" },
    h("p", { class: "rm-title" }, t("rm.sisu_title", { reason })),
    h(
      "div",
      { class: "rm-row" },
      legal.filter((a) => a.kind === "sisu").map((a) => button(ctx, a, a.play ? "sisu-yes" : "sisu-no", { cls: a.play ? "primary big" : "big", children: [t(a.play ? "rm.sisu_play" : "rm.sisu_keep")] })),
    ),
  );
}

function realFace(state, ctx, legal) {
  const die = table(state.view || {}).pending || "?";
  return h(
    "div",
    { class: "rm-block is-real" },
    h("p", { class: "rm-title" }, t("rm.real_face", { die })),
    h(
      "div",
      { class: "rm-row" },
      legal
        .filter((a) => a.kind === "face")
        .map((a) => button(ctx, a, a.hazard ? "face-hazard" : "face-clean", { cls: `big face ${a.hazard ? "warn" : "primary"}`, children: [dieFace(die, a.hazard), t(a.hazard ? "rm.hazard" : "rm.clean")] })),
    ),
  );
}

const poolFaces = new Map(); // pool key -> the faces set so far, "." / "H" per die

function realPool(state, ctx, legal) {
  const pool = ((state.view || {}).turn || {}).pool || "";
  const key = `${state.id}|${state.seq}|${pool}`;
  if (!poolFaces.has(key)) poolFaces.set(key, ".".repeat(pool.length));
  const faces = poolFaces.get(key);
  const allowed = new Map(legal.filter((a) => a.kind === "faces").map((a) => [a.faces, a]));
  const toggles = [...pool].map((die, i) =>
    h(
      "button",
      {
        type: "button",
        class: `button rm-pool-die${faces[i] === "H" ? " is-hazard" : ""}`,
        "data-action": `pool-face-${i}`,
        "aria-pressed": faces[i] === "H" ? "true" : "false",
        onclick: () => {
          const now = poolFaces.get(key);
          poolFaces.set(key, now.slice(0, i) + (now[i] === "H" ? "." : "H") + now.slice(i + 1));
          ctx.repaint();
        },
      },
      dieFace(die, faces[i] === "H"),
      h("small", {}, t(faces[i] === "H" ? "rm.hazard" : "rm.clean")),
    ),
  );
  const chosen = allowed.get(faces);
  const send = chosen ? button(ctx, chosen, "faces-send", { cls: "primary big", children: [t("rm.send_faces")] }) : null;
  return h("div", { class: "rm-block is-real" }, h("p", { class: "rm-title" }, t("rm.real_pool", { n: pool.length })), h("div", { class: "rm-row rm-pool" }, toggles), send);
}

function realChoice(ctx, legal, kind, field, title) {
  return h(
    "div",
    { class: "rm-block is-real" },
    h("p", { class: "rm-title" }, title),
    h(
      "div",
      { class: "rm-row" },
      legal.filter((a) => a.kind === kind).map((a) => button(ctx, a, `${kind}-${a[field]}`, { cls: "big", children: [t(`rm.${kind === "back" ? "back" : "card"}.${a[field]}`)] })),
    ),
  );
}

function places(state, ctx, legal) {
  const view = state.view || {};
  return h(
    "div",
    { class: "rm-block" },
    h("p", { class: "rm-title" }, t("rm.place_title")),
    h(
      "div",
      { class: "rm-dice" },
      legal
        .filter((a) => a.kind === "place")
        .map((a) =>
          button(ctx, a, `place-${a.die}${a.hazard ? "H" : "."}-${a.to}`, {
            cls: `rm-die-button tone-${a.hazard ? "low" : "safe"}`,
            children: [dieFace(a.die, a.hazard), h("span", { class: "rm-die-to" }, targetText(view, a.to))],
          }),
        ),
    ),
  );
}

function standard(state, ctx, legal) {
  const view = state.view || {};
  const risk = view.risk || {};
  const turn = view.turn || {};
  const rolls = legal.filter((a) => a.kind === "roll" && !a.secured);
  const secured = legal.filter((a) => a.kind === "roll" && a.secured);
  const out = [];
  const dieButton = (a, secure) => {
    const key = `${secure ? "secure" : "roll"} ${a.die} ${a.to}`;
    const p = fraction(risk[key]);
    return button(ctx, a, `${secure ? "secure" : "roll"}-${a.die}-${a.to}`, {
      cls: `rm-die-button tone-${riskTone(p)}`,
      title: key,
      children: [
        dieFace(a.die),
        h("span", { class: "rm-die-to" }, targetText(view, a.to)),
        h("span", { class: "rm-die-risk", "data-risk": risk[key] || "0/1" }, secure ? t("rm.secure", { die: a.die, n: (turn.secured || 0) + 1 }) : riskText(risk[key])),
      ],
    });
  };
  if (rolls.length) {
    const title = turn.gear === 0 || !turn.used.length ? (turn.gear === 0 ? t("rm.first_die") : t("rm.dice_title")) : t("rm.dice_title");
    out.push(h("div", { class: "rm-block" }, h("p", { class: "rm-title" }, title), h("div", { class: "rm-dice" }, rolls.map((a) => dieButton(a, false)))));
  }
  if (secured.length) out.push(h("div", { class: "rm-block" }, h("p", { class: "rm-title" }, t("rm.secure_title")), h("div", { class: "rm-dice" }, secured.map((a) => dieButton(a, true)))));
  const row = [];
  const stop = legal.find((a) => a.kind === "stop");
  if (stop) {
    const gear = table(view).card_gear || 1;
    row.push(button(ctx, stop, "stop", { cls: "primary big", children: [t("rm.stop", { gear: ordinal(gear), s: GEAR_TIME[gear] || 50 })] }));
  }
  const spare = legal.find((a) => a.kind === "spare");
  if (spare) row.push(button(ctx, spare, "spare", { cls: "big", children: [t("rm.spare_button", { n: table(view).spare_penalty ?? 30 })] }));
  if (row.length) out.push(h("div", { class: "rm-row" }, row));
  if (view.plans && view.plans.length) out.push(plans(view));
  return out;
}

function plans(view) {
  const dash = (view.dashboards || [])[view.turn.seat] || {};
  const limit = dash.limit ?? 3;
  return h(
    "details",
    { class: "rm-plans", open: opened.plans ? true : null, ontoggle: (ev) => (opened.plans = ev.target.open) },
    h("summary", {}, t("rm.plans_title")),
    h(
      "ul",
      {},
      view.plans.map((p) => {
        const safe = fraction(p.safe);
        return h(
          "li",
          { class: `tone-${riskTone(1 - safe)}`, "data-plan": p.dice },
          h("b", { class: "rm-plan-dice" }, [...p.dice].join(" ")),
          h("span", {}, t("rm.plan_safe", { p: `${p.safe} · ${percent(safe)}` })),
          h("span", { class: "muted" }, t("rm.plan_all", { n: limit - 1, p: percent(fraction(p.all)) })),
          h("span", { class: "muted" }, t("rm.plan_spaces", { n: p.spaces })),
        );
      }),
    ),
    h("p", { class: "muted small" }, t("rm.plans_note")),
  );
}

function attacks(state, ctx, legal) {
  const view = state.view || {};
  const risk = view.risk || {};
  const dash = (view.dashboards || [])[(view.turn || {}).seat] || {};
  const pools = legal.filter((a) => a.kind === "attack").sort((a, b) => b.dice.length - a.dice.length || a.dice.localeCompare(b.dice));
  return h(
    "details",
    { class: "rm-block rm-attack", open: opened.attack ? true : null, ontoggle: (ev) => (opened.attack = ev.target.open) },
    h("summary", { class: "rm-title" }, t("rm.attack_title")),
    h("p", { class: "muted small" }, t("rm.attack_note", { n: dash.limit ?? 3 })),
    h(
      "div",
      { class: "rm-dice" },
      pools.map((a) => {
        const key = `attack ${a.dice}`;
        const p = fraction(risk[key]);
        return button(ctx, a, `attack-${a.dice}`, {
          cls: `rm-die-button rm-pool-button tone-${riskTone(p)}`,
          children: [
            h("span", { class: "rm-pool-dice" }, [...a.dice].map((d) => dieFace(d))),
            h("span", { class: "rm-die-to" }, t("rm.attack", { dice: a.dice, n: a.dice.length })),
            h("span", { class: "rm-die-risk", "data-risk": risk[key] || "0/1" }, riskText(risk[key])),
          ],
        });
      }),
    ),
  );
}

export { clock };
