// Racerbile's panels (see panels() in the platform's games.js): the standings with laps
// and gear (Le Mans: laps less penalty laps, the gap, the driver), the drinking table,
// the Le Mans race clock, and whose turn it is while the dice decide.

import { t } from "/static/i18n.js";
import { h, capDot } from "/static/panels.js";
import * as V from "./view.js";

/** Returns what the platform's panels show for Racerbile's ``state``. */
export function panels(state) {
  const view = state.view || {};
  const judges = (view.lemans && view.lemans.judges) || [];
  return {
    actor: V.actingSeat(state),
    turn: orderTurn(state),
    standings: view.lemans ? leMansStandings(state) : standings(state),
    cards: V.drinks(state).length ? [{ id: "drinks", title: t("table.title"), node: drinksTable(state) }] : [],
    clock: clock(state),
    judge: typeof state.judge === "number" ? judges[state.judge] ?? null : null,
  };
}

/** RB-START: everyone rolls one die for the start order. */
function orderTurn(state) {
  if (state.to_act !== "chance" || V.phase(state) !== "order") return null;
  return { title: t("turn.order"), sub: state.dice === "real" ? t("ctl.real_hint") : "" };
}

function standings(state) {
  const cars = new Map(V.cars(state).map((c) => [c.seat, c]));
  const total = V.lapsTotal(state);
  return V.standings(state).map((s) => {
    const car = cars.get(s.seat) || {};
    const laps = s.laps ?? car.laps;
    const gear = s.gear ?? car.gear;
    const meta = [];
    if (laps !== undefined && laps !== null) meta.push([t("standings.lap"), `${Math.max(0, laps)}${total ? `/${total}` : ""}`]);
    if (gear) meta.push([t("standings.gear"), gear]);
    return { seat: s.seat, place: s.place, meta };
  });
}

/** Le Mans (RB-LM-13): laps counted less penalty laps, the gap in cells, the driver. */
function leMansStandings(state) {
  const teams = new Map((state.view.lemans.teams || []).map((team) => [team.seat, team]));
  return V.standings(state).map((row) => {
    const team = teams.get(row.seat) || {};
    const meta = [[t("lm.laps"), Math.max(0, row.laps ?? team.laps ?? 0)]];
    if (row.gap) meta.push([t("lm.gap"), `+${row.gap}`]);
    if (row.penalty_laps || team.penalty_laps) meta.push([t("lm.penalty"), `−${row.penalty_laps ?? team.penalty_laps}`]);
    if (row.out || team.out) meta.push([t("lm.out"), "✕"]);
    else if (team.driver_name) meta.push([t("lm.driver"), team.driver_name]);
    return { seat: row.seat, place: row.place, meta };
  });
}

/** Le Mans: the judges call the last lap; the platform counts down the event's timer. */
function clock(state) {
  const lm = (state.view || {}).lemans;
  if (!lm) return null;
  if (lm.clock && lm.clock.last_lap) return { text: t("clock.last_lap"), alert: true };
  if (V.phase(state) !== "race") return { text: t("clock.before") };
  return (state.timers || []).some((x) => x.since === "start") ? {} : { text: t("clock.judges") };
}

const lastSips = new Map();

function drinksTable(state) {
  const head = h(
    "thead",
    {},
    h(
      "tr",
      {},
      ["player", "sips", "beers", "left", "caused"].map((k) => h("th", {}, t(`table.${k}`))),
    ),
  );
  const body = h(
    "tbody",
    {},
    V.drinks(state).map((r) => {
      const key = `${state.id}:${r.seat}`;
      const before = lastSips.get(key);
      lastSips.set(key, r.sips);
      const pct = Math.max(0, Math.min(100, (100 * r.left) / (r.size || 11)));
      return h(
        "tr",
        { "data-seat": r.seat, class: before !== undefined && before !== r.sips ? "flash" : null },
        h("td", {}, h("span", { class: "player-cell" }, capDot(r.seat, r.name), r.name)),
        h("td", { class: "sips" }, String(r.sips)),
        h("td", {}, String(r.beers)),
        h("td", { title: `${r.left}/${r.size}` }, h("span", { class: "beer-bar" }, h("i", { style: { width: `${pct}%` } })), ` ${r.left}`),
        h("td", {}, String(r.caused)),
      );
    }),
  );
  return h("div", { class: "table-wrap" }, h("table", { class: "drinks", id: "drinks" }, head, body));
}
