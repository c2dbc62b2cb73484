// The TV scoreboard of the spectator screen (/watch/{id}?mode=scoreboard), readable from
// across the room: standings, the drinking table, the latest roll and the sips it caused,
// a "drink now" banner, the clocks and the join QR. Everything comes from the platform's
// envelope (standings, drinks, log); a game's module may say better through its optional
// ``scoreboard(envelope)`` (see games.js).

import { t, lang } from "./i18n.js";
import { h, fill, capDot, renderStandings } from "./panels.js";
import { seatColor } from "./board.js";
import * as V from "./view.js";

// A roll line, or a game's narrated line for a whole move (which tells of its roll).
const isRoll = (e) => /roll/.test(e.kind) || e.kind === "move";
const drinksOf = (e) => e.drinks || [];
const TURN_START = "turn_started";
const TURN_END = "turn_ended";

/** Returns the latest roll in the log, the drinks it caused and the drinks of the latest
 * turn that had any: {latest: {seat, text} | null, caused: [drink], drinkNow: [drink]},
 * each drink {seat, amount, unit}. */
export function fromLog(state) {
  const log = state.log || [];
  let rollAt = -1;
  for (let i = log.length - 1; i >= 0 && rollAt < 0; i--) if (isRoll(log[i])) rollAt = i;
  const caused = rollAt >= 0 ? [...drinksOf(log[rollAt])] : [];
  if (rollAt >= 0) {
    for (const e of log.slice(rollAt + 1)) {
      if (e.kind === TURN_END || e.kind === TURN_START || isRoll(e)) break;
      caused.push(...drinksOf(e));
    }
  }
  return {
    latest: rollAt >= 0 ? { seat: log[rollAt].seat, text: log[rollAt].text } : null,
    caused: bySeat(caused),
    drinkNow: bySeat(latestTurnDrinks(log)),
  };
}

/** The drink entries of the latest turn with any (a game without turns: the latest action's). */
function latestTurnDrinks(log) {
  let last = -1;
  for (let i = log.length - 1; i >= 0 && last < 0; i--) if (drinksOf(log[i]).length) last = i;
  if (last < 0) return [];
  const turns = log.some((e) => e.kind === TURN_START);
  const out = [];
  for (let i = last; i >= 0; i--) {
    const e = log[i];
    if (turns ? e.kind === TURN_START && i < last : e.seq !== log[last].seq) break;
    out.unshift(...drinksOf(e));
  }
  return out;
}

/** Sums drinks ({seat, amount, unit}) per seat and unit, in the order the seats first drank. */
function bySeat(drinks) {
  const sums = new Map();
  for (const d of drinks) {
    const key = `${d.seat}:${d.unit}`;
    const got = sums.get(key) || { seat: d.seat, amount: 0, unit: d.unit };
    got.amount += d.amount;
    sums.set(key, got);
  }
  return [...sums.values()];
}

/** "2 sips", "1 sip", "3 glasses" (a game's own unit in its words, "drinks.unit.{unit}"). */
function amountText(d) {
  if (d.unit === "sip") return `${d.amount} ${d.amount === 1 ? t("drinks.sip") : t("drinks.sips_n")}`;
  const key = `drinks.unit.${d.unit}${d.amount === 1 ? "" : "_n"}`;
  const text = t(key, { n: d.amount });
  return text === key ? `${d.amount} ${d.unit}` : text;
}

function drinkChip(state, d) {
  const name = V.nameOf(state, d.seat);
  return h(
    "li",
    { class: "sb-chip", "data-seat": d.seat, style: { "--seat": seatColor(d.seat) } },
    capDot(d.seat, name),
    h("span", { class: "sb-name" }, name),
    h("b", {}, amountText(d)),
  );
}

function columnLabel(c) {
  const key = `drinks.${c.key}`;
  const text = t(key);
  return text === key ? c.label.replace(/^\w/, (x) => x.toUpperCase()) : text;
}

/** The drinking table, or the game's own (``own``: its columns labelled already). */
function drinksTable(state, own = null) {
  const table = own || state.drinks;
  if (!table || !table.rows.length) return null;
  const cols = own ? table.columns : table.columns.map((c) => ({ ...c, label: columnLabel(c) }));
  return h(
    "table",
    { class: own ? "sb-table is-game" : "sb-table" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), cols.map((c) => h("th", {}, c.label)))),
    h(
      "tbody",
      {},
      table.rows.map((r) =>
        h(
          "tr",
          { "data-seat": r.seat },
          h("td", { class: "sb-player", style: { "--seat": seatColor(r.seat) } }, V.nameOf(state, r.seat)),
          cols.map((c) => h("td", { class: "num" }, String(r.values[c.key] ?? "–"))),
        ),
      ),
    ),
  );
}

/** The time of day, "21:07". */
export function timeOfDay() {
  return new Date().toLocaleTimeString(lang() === "da" ? "da-DK" : "en-GB", { hour: "2-digit", minute: "2-digit" });
}

/** Paints the scoreboard into ``els`` ({standings, drinks, drinksCard, tableTitle,
 * latest, caused, causedTitle, banner, bannerList}); ``shown`` is what the game's
 * panels() said, ``extra`` what its scoreboard() said. */
export function renderScoreboard(els, state, shown = {}, extra = {}) {
  const found = { ...fromLog(state), ...(extra || {}) };
  const drinking = found.drinks !== false;
  renderStandings(els.standings, state, shown.standings);
  const table = drinksTable(state, found.table || null);
  els.drinksCard.hidden = !table;
  els.tableTitle.textContent = (found.table && found.table.title) || t("score.drinks");
  fill(els.drinks, table);
  const words = found.words || {};
  els.causedTitle.textContent = words.caused || t("score.caused");
  els.causedTitle.hidden = !drinking;
  els.caused.hidden = !drinking;
  els.banner.hidden = !drinking;
  const latest = found.latest;
  els.latest.replaceChildren(
    latest
      ? h("span", { class: "sb-roll", style: latest.seat !== null && latest.seat !== undefined ? { "--seat": seatColor(latest.seat) } : null }, latest.text)
      : h("span", { class: "muted" }, t("score.nothing_yet")),
  );
  fill(els.caused, found.caused.length ? found.caused.map((d) => drinkChip(state, d)) : [h("li", { class: "muted" }, latest ? words.none || t("score.none") : "")]);
  const now = V.isFinished(state) ? [] : found.drinkNow;
  els.banner.classList.toggle("is-on", now.length > 0);
  fill(els.bannerList, now.map((d) => drinkChip(state, d)));
}
