// Ludøl's panels: the banner's words (whose colour throws or chooses), the standings
// (colours, glasses home, the distance score of LD-END-2, beers), the drink ledger
// (LD-DRINK-1: glasses chugged, chugs (and the failed ones), penalty beers, per participant), the
// referee's open flags and chugs for everyone to see, and how the game ended (LD-END-4).

import { t } from "/static/i18n.js";
import { h } from "/static/panels.js";
import * as V from "/static/view.js";
import * as M from "./model.js";

function turnWords(st) {
  const v = st.view || {};
  if (v.phase === "over" || V.isFinished(st)) return null;
  const actor = M.actorOf(st);
  const name = actor !== null ? M.nameOf(st, actor) : "";
  if (v.phase === "order") return { title: t("ld.turn_order", { name }), sub: t("ld.turn_order_sub") };
  const turn = v.turn;
  if (!turn) return null;
  if (turn.throw === null || turn.throw === undefined) {
    const sub = turn.tries > 1 ? t("ld.turn_tries", { n: turn.tries }) : t("ld.turn_chain", { n: turn.chain + 1 });
    return { title: t(st.dice === "real" ? "ld.turn_throw_real" : "ld.turn_throw", { letter: turn.colour, name }), sub };
  }
  const sub = turn.declare ? t("ld.declare_title") : turn.forced ? t("ld.forced") : t("ld.bottom", { n: 7 - turn.throw });
  return { title: t("ld.turn_choose", { letter: turn.colour, name, n: turn.throw }), sub };
}

function standings(st) {
  const v = st.view || {};
  const names = v.names || [];
  const scores = v.scores || {};
  const drinks = new Map((v.drinks || []).map((d) => [d.participant, d]));
  const out = new Set(v.disqualified || []);
  const meta = (p) => {
    const home = M.homeCount(st, p);
    const rows = [
      ["", M.lettersOf(st, p).join(" ") || "–"],
      [t("ld.home"), `${home.home}/${home.all}`],
    ];
    if (v.poured || v.ending) rows.push([t("ld.score"), M.fractionText(scores[String(p)] ?? "0")]);
    rows.push([t("ld.beers"), (drinks.get(p) || {}).beers ?? 0]);
    if (out.has(p)) rows.push(["", t("ld.out")]);
    return rows;
  };
  const done = V.resultStandings(st);
  if (done.length) return done.map((s) => ({ seat: s.seat, place: s.place, meta: meta(s.seat) }));
  const order = names.map((_, p) => p).sort((a, b) => Number(out.has(a)) - Number(out.has(b)));
  return order.map((p) => ({ seat: p, place: "", meta: meta(p) }));
}

/** The drink ledger as a table, one row per participant, with the night's total. */
export function ledgerTable(st) {
  const v = st.view || {};
  const rows = v.drinks || [];
  const vomits = v.vomits || [];
  const chugsOf = (r) => r.chugs ?? ((v.chugs || []).filter((c) => c.participant === r.participant).length);
  const cols = [
    ["glasses_chugged", "ld.l_glasses", (r) => String(r.glasses_chugged ?? 0)],
    ["chugs", "ld.l_chugs", (r) => `${chugsOf(r)}${r.chugs_failed ? ` (${r.chugs_failed}✗)` : ""}`],
    ["penalty_auto", "ld.l_auto", (r) => String(r.penalty_auto ?? 0)],
    ["penalty_referee", "ld.l_referee", (r) => String(r.penalty_referee ?? 0)],
  ];
  const heading = (key) => h("th", { scope: "col", title: t(`${key}_long`) }, t(key));
  const total = rows.reduce((s, r) => s + (r.beers || 0), 0);
  return h(
    "table",
    { class: "ld-ledger" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), cols.map(([, key]) => heading(key)), heading("ld.l_vomits"), heading("ld.l_beers"))),
    h(
      "tbody",
      {},
      rows.map((r) =>
        h(
          "tr",
          { "data-participant": r.participant },
          h("th", { scope: "row" }, r.name),
          cols.map(([key, , cell]) => h("td", { "data-col": key }, cell(r))),
          h("td", { "data-col": "vomits" }, `${vomits[r.participant] ?? 0}/3`),
          h("td", { "data-col": "beers" }, h("b", {}, String(r.beers ?? 0))),
        ),
      ),
    ),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row", colspan: cols.length + 2 }, t("ld.l_total")), h("td", { "data-col": "total" }, h("b", {}, String(total))))),
  );
}

const FLAG_KEYS = { missed_capture: "ld.flag_missed_capture", idle: "ld.flag_idle", passive: "ld.flag_passive", wrong_colour: "ld.flag_wrong_colour" };

/** Returns a flag's words ("Missed capture: Anna"). */
export function flagText(st, f) {
  const key = FLAG_KEYS[f.kind];
  return `${key ? t(key) : String(f.kind).replace(/_/g, " ")}: ${M.nameOf(st, f.participant)}`;
}

const SHOWN_FLAGS = 5; // the latest open flags everyone sees; the console lists them all

function waitingCard(st) {
  if (V.isFinished(st)) return null;
  const flags = M.openFlags(st);
  const chugs = M.openChugs(st);
  if (!flags.length && !chugs.length) return null;
  const items = [
    ...chugs.map((c) => h("li", { "data-chug": c.id }, t(c.glasses.length === 1 ? "ld.chug_one" : "ld.chug", { name: M.nameOf(st, c.participant), n: c.glasses.length }), c.status === "time_up" ? h("small", {}, ` · ${t("ld.time_up")}`) : null)),
    ...flags.slice(-SHOWN_FLAGS).map((f) => h("li", { "data-flag": f.id }, flagText(st, f))),
  ];
  if (flags.length > SHOWN_FLAGS) items.push(h("li", { class: "muted" }, t("ld.more_flags", { n: flags.length - SHOWN_FLAGS })));
  return { id: "ld-waiting", title: t("ld.waiting_title"), node: h("ul", { class: "ld-waiting" }, items) };
}

function endingCard(st) {
  const end = st.view && st.view.ending;
  if (!end) return null;
  const kitty = end.reason === "home" || end.reason === "disqualified";
  return {
    id: "ld-ending",
    title: t("ld.end_title"),
    node: h(
      "div",
      { class: "ld-ending", "data-reason": end.reason },
      h("p", {}, t(`ld.end_${end.reason}`)),
      kitty ? h("p", { class: "muted small" }, t("ld.kitty")) : null,
      h("p", { class: "muted small" }, t("ld.empty_glasses")),
    ),
  };
}

export function panels(st) {
  const v = st.view || {};
  const actor = st.to_act === "chance" ? M.actorOf(st) : null;
  const cards = [endingCard(st), waitingCard(st), { id: "ld-drinks", title: t("ld.ledger_title"), node: ledgerTable(st) }].filter(Boolean);
  return {
    actor,
    turn: turnWords(st),
    standings: standings(st),
    cards,
    judge: st.judge !== null && st.judge !== undefined ? (v.judges || [])[st.judge] : undefined,
  };
}
