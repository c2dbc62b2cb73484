// The driver's dashboard (gear, dice left, hazards, damage, tyres, seconds, SISU, spare
// wheel), the time stack and the live stage-times board.

import { t } from "/static/i18n.js";
import { h, capDot } from "/static/panels.js";
import { seatColor } from "/static/board.js";

/** 213 -> "3:33"; null -> "–". */
export function clock(seconds) {
  if (seconds === null || seconds === undefined || Number.isNaN(Number(seconds))) return "–";
  const s = Math.round(Number(seconds));
  const sign = s < 0 ? "−" : "";
  const a = Math.abs(s);
  return `${sign}${Math.floor(a / 60)}:${String(a % 60).padStart(2, "0")}`;
}

export function carOf(state, seat) {
  return ((state.view && state.view.cars) || [])[seat] || null;
}

function item(label, value, extra = {}) {
  return h("div", { class: `rm-dash-item${extra.class ? ` ${extra.class}` : ""}`, "data-dash": extra.key || null }, h("span", { class: "rm-dash-label" }, label), h("span", { class: "rm-dash-value" }, value));
}

/** The gear dice as five chips (used this turn struck) and how many damage leaves. */
function gearDice(view, car, dash, mine) {
  const used = mine ? new Set(view.turn.used.filter((d) => d !== "G")) : new Set();
  const chips = [1, 2, 3, 4, 5].map((g) =>
    h("span", { class: `rm-die gear${used.has(String(g)) ? " is-used" : ""}${g === car.gear ? " is-current" : ""}` }, String(g)),
  );
  return h("span", { class: "rm-dice-row" }, chips, h("small", {}, ` ${dash.gear_dice}/${Math.max(0, 5 - car.damage)}`));
}

function gasDice(view, car, dash, mine) {
  const used = mine ? view.turn.used.filter((d) => d === "G").length : 0;
  const chips = [0, 1].map((i) => {
    const lost = i >= 2 - car.punctures;
    return h("span", { class: `rm-die gas${lost ? " is-lost" : i < used ? " is-used" : ""}` }, "G");
  });
  return h("span", { class: "rm-dice-row" }, chips, h("small", {}, ` ${dash.gas_dice}`));
}

function hazardMarks(turnHazards, limit) {
  const marks = [];
  for (let i = 0; i < limit; i++) marks.push(h("span", { class: `rm-hazard${i < turnHazards ? " is-on" : ""}` }, "!"));
  return h("span", { class: "rm-hazards", title: t("rm.limit", { n: limit }) }, marks);
}

/** The time stack: one chip per card, flipped cards red with their back. */
export function timeStack(car) {
  const cards = (car.stack || []).map(([gear, secs, back]) =>
    h("span", { class: `rm-card${back ? " is-flipped" : ""}`, title: back ? t(`rm.back.${back}`) : "" }, h("b", {}, back ? "0" : String(gear)), h("small", {}, back ? "1:00" : `${secs} s`)),
  );
  const cardsTime = (car.stack || []).reduce((sum, c) => sum + c[1], 0);
  return h(
    "div",
    { class: "rm-stack" },
    h("div", { class: "rm-stack-cards" }, cards.length ? cards : h("span", { class: "muted small" }, t("rm.no_cards"))),
    h(
      "p",
      { class: "rm-stack-sum" },
      h("span", {}, `${t("rm.stage_time")} `),
      h("b", { "data-stage-time": car.seat }, clock(car.stage_time)),
      h("small", { class: "muted" }, ` ${t("rm.cards_minus", { cards: cardsTime, tokens: car.tokens })}${car.penalty ? ` ${t("rm.penalty", { n: car.penalty })}` : ""}`),
    ),
  );
}

/** The dashboard of ``seat``'s car. */
export function dashboard(state, seat) {
  const view = state.view || {};
  const car = carOf(state, seat);
  if (!car) return h("div", { class: "rm-dash", hidden: true });
  const dash = (view.dashboards || [])[seat] || {};
  const mine = !!(view.turn && view.turn.seat === seat && view.phase === "race");
  const turnHazards = mine ? view.turn.hazards : 0;
  const gear = mine ? view.turn.gear : car.gear;
  const status = car.off ? t(`rm.off.${car.off}`) : t(`rm.status.${car.status}`);
  return h(
    "section",
    { class: "rm-dash", "data-seat": seat, style: { "--seat": seatColor(seat) } },
    h(
      "header",
      { class: "rm-dash-head" },
      capDot(seat, car.name),
      h("b", {}, car.name),
      h("span", { class: "muted small" }, status),
    ),
    h(
      "div",
      { class: "rm-dash-grid" },
      h("div", { class: "rm-gear", "data-dash": "gear" }, h("span", { class: "rm-dash-label" }, t("rm.gear")), h("b", {}, gear ? String(gear) : t("rm.neutral"))),
      item(t("rm.gear_dice"), gearDice(view, { ...car, gear }, dash, mine), { key: "gear-dice" }),
      item(t("rm.gas_dice"), gasDice(view, car, dash, mine), { key: "gas-dice" }),
      item(t("rm.hazards"), hazardMarks(turnHazards, dash.limit ?? 3), { key: "hazards" }),
      item(t("rm.damage"), `${car.damage}/5`, { key: "damage", class: car.damage ? "is-warn" : "" }),
      item(t("rm.tyres"), t(`rm.tyres.${car.tyres}`) + (car.punctures ? ` · ${t("rm.punctures", { n: car.punctures })}` : ""), { key: "tyres" }),
      item(t("rm.tokens"), `${car.tokens} s`, { key: "tokens" }),
      item(t("rm.sisu"), dash.sisu ? t("rm.ready") : t("rm.used"), { key: "sisu", class: dash.sisu ? "is-ok" : "is-off" }),
      item(t("rm.spare"), dash.spare ? t("rm.ready") : t("rm.used"), { key: "spare", class: dash.spare ? "is-ok" : "is-off" }),
    ),
    h("h3", { class: "rm-sub" }, t("rm.stack")),
    timeStack(car),
  );
}

/** The times of one driver: a cell per stage ({text, now, none}: done, live, not yet)
 * and the total so far. */
export function timesOf(view, car) {
  const stages = view.stages || [];
  const current = view.phase === "over" ? -1 : view.stage_number - 1;
  const live = current >= 0 && car.stage_times.length === current && car.status !== "waiting";
  const cells = stages.map((_, i) => {
    if (i < car.stage_times.length) return { text: car.stage_times[i] === null ? t("rm.dnf") : clock(car.stage_times[i]) };
    if (i === current && car.status !== "waiting") return { text: clock(car.stage_time), now: true };
    return { text: "–", none: true };
  });
  const out = car.stage_times.some((x) => x === null);
  const total = car.stage_times.reduce((s, x) => s + (x ?? 0), 0) + (live ? car.stage_time : 0);
  return { cells, total: out ? t("rm.dnf") : clock(total), sortKey: out ? Infinity : total };
}

/** The drivers in the order of the times board: booked stage times (the total once over). */
export function timesOrder(view) {
  const booked = (car) => car.stage_times.reduce((s, x) => s + (x ?? 1e9), 0);
  const key = (car) => (view.phase === "over" ? timesOf(view, car).sortKey : booked(car));
  return [...(view.cars || [])].sort((a, b) => key(a) - key(b) || a.seat - b.seat);
}

/** The stage-times board: a row per driver, a column per stage, the live time of the stage being driven. */
export function stageTimes(state) {
  const view = state.view || {};
  const stages = view.stages || [];
  const current = view.phase === "over" ? -1 : view.stage_number - 1;
  const head = h("tr", {}, h("th", {}, ""), stages.map((s, i) => h("th", { title: s.name, class: i === current ? "is-now" : "" }, `SS${i + 1}`)), h("th", {}, t("rm.total")));
  const body = timesOrder(view).map((car) => {
    const times = timesOf(view, car);
    return h(
      "tr",
      { "data-seat": car.seat, style: { "--seat": seatColor(car.seat) } },
      h("th", {}, capDot(car.seat, car.name), " ", car.name),
      times.cells.map((c, i) => h("td", { "data-ss": i + 1, class: c.now ? "is-now" : c.none ? "muted" : "" }, c.text)),
      h("td", { class: "rm-total" }, times.total),
    );
  });
  const names = stages.map((s, i) => h("li", {}, h("b", {}, `SS${i + 1}`), ` ${s.name}`, s.mechanics_after && i < stages.length - 1 ? h("small", { class: "muted" }, ` · ${t("rm.mechanics")}`) : null));
  return h("div", { class: "rm-times" }, h("table", { class: "rm-times-table" }, h("thead", {}, head), h("tbody", {}, body)), h("ol", { class: "rm-stage-names" }, names));
}
