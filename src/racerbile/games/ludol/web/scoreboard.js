// Ludøl on the TV scoreboard (the platform's scoreboard.js; see scoreboard() in games.js):
// the latest throw and what it cost (glasses, chugs, penalty beers), the chugs being
// counted down and this turn's penalty beers as "drink now", and the drinks as glasses
// chugged, chugs and penalty beers per participant (LD-DRINK-1).

import { t } from "/static/i18n.js";
import * as M from "./model.js";

const THROW = "move"; // the log's sentence of a throw and what it led to
const TURN_START = "turn_started";

/** The latest throw and the drinks its log line and the lines after it tell of (the
 * glasses, not the chug that empties them: one chip a drink). A throw waiting for its
 * move is told from the view, short; an older one by its log line. */
function latestThrow(st) {
  const log = st.log || [];
  let at = -1;
  for (let i = log.length - 1; i >= 0 && at < 0; i--) if (log[i].kind === THROW) at = i;
  if (at < 0) return { latest: null, caused: [] };
  const caused = [];
  for (const e of log.slice(at)) {
    caused.push(...(e.drinks || []).filter((d) => d.unit !== "chug"));
  }
  const turn = st.view && st.view.turn;
  const colour = turn && turn.throw ? M.colourOf(st, turn.colour) : null;
  const latest = colour
    ? { seat: colour.participant, text: t("ld.sb_threw", { name: M.nameOf(st, colour.participant), letter: turn.colour, n: turn.throw, bottom: 7 - turn.throw }) }
    : { seat: null, text: log[at].text };
  return { latest, caused: sum(caused) };
}

/** Who must drink now: the open chugs (the glasses knocked home) and this turn's penalty beers. */
function drinkNow(st) {
  const now = M.openChugs(st).map((c) => ({ seat: c.participant, amount: c.glasses.length, unit: "glass" }));
  const log = st.log || [];
  for (let i = log.length - 1; i >= 0 && log[i].kind !== TURN_START; i--) {
    now.push(...(log[i].drinks || []).filter((d) => d.unit === "penalty_beer"));
  }
  return sum(now);
}

function sum(drinks) {
  const out = new Map();
  for (const d of drinks) {
    const key = `${d.seat}:${d.unit}`;
    const got = out.get(key) || { seat: d.seat, amount: 0, unit: d.unit };
    got.amount += d.amount;
    out.set(key, got);
  }
  return [...out.values()];
}

function drinksTable(st) {
  const rows = ((st.view && st.view.drinks) || []).map((r) => ({
    seat: r.participant,
    values: {
      glasses: r.glasses_chugged ?? 0,
      chugs: `${r.chugs ?? 0}${r.chugs_failed ? ` (${r.chugs_failed}✗)` : ""}`,
      penalty: (r.penalty_auto ?? 0) + (r.penalty_referee ?? 0),
    },
  }));
  const columns = [
    { key: "glasses", label: t("ld.sb_glasses") },
    { key: "chugs", label: t("ld.sb_chugs") },
    { key: "penalty", label: t("ld.sb_penalty") },
  ];
  return { title: t("ld.sb_title"), columns, rows };
}

export function scoreboard(st) {
  const { latest, caused } = latestThrow(st);
  return { latest, caused, drinkNow: drinkNow(st), table: drinksTable(st), words: { caused: t("ld.sb_caused"), none: t("ld.sb_none") } };
}
