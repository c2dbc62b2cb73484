// Reading Ludøl's view (games/ludol/game.py ``view``) and the envelope: whose colour is
// up, the legal moves grouped by glass, what a move's value reads as (top or bottom
// face), where it lands and whom it knocks home, and the game's running clocks.

import * as G from "./geometry.js";

/** Returns the colour index of a letter. */
export const colourIndex = (letter) => G.LETTERS.indexOf(letter);

/** Returns the participant's name. */
export function nameOf(st, participant) {
  const names = (st.view && st.view.names) || [];
  return names[participant] ?? (st.seats || []).find((s) => s.seat === participant)?.name ?? `#${participant + 1}`;
}

/** Returns the colour entry {letter, participant, glasses} of ``letter``. */
export function colourOf(st, letter) {
  return ((st.view && st.view.colours) || []).find((c) => c.letter === letter) || null;
}

/** Returns the letters a participant plays. */
export function lettersOf(st, participant) {
  return ((st.view && st.view.colours) || []).filter((c) => c.participant === participant).map((c) => c.letter);
}

/** Returns the blocking sizes of the rule profile (LD-BLOCK-1; §1.2 towers for "norsk"). */
export function blockSizes(st) {
  return st.view && st.view.profile === "norsk" ? [2, 3, 4] : [2, 4];
}

/** Returns the participant whose colour is up (the throw or the choice), or null. */
export function actorOf(st) {
  const v = st.view || {};
  if (v.phase === "order" && v.rolloff) return v.rolloff.contenders[v.rolloff.thrown.length] ?? null;
  if (v.turn) {
    const c = colourOf(st, v.turn.colour);
    return c ? c.participant : null;
  }
  return null;
}

/** Returns the legal moves by the glass square they start from: Map(frm -> [move]). */
export function movesByGlass(st) {
  const out = new Map();
  for (const a of st.legal_actions || []) {
    if (a.kind !== "move") continue;
    if (!out.has(a.frm)) out.set(a.frm, []);
    out.get(a.frm).push(a);
  }
  return out;
}

/** Returns "top", "bottom" or "value" for how ``value`` reads the throw ``top``. */
export function faceOf(top, value) {
  if (value === top) return "top";
  if (value === 7 - top) return "bottom";
  return "value";
}

/** Returns where a move ends: progress ``to`` (the yard enters at 0). */
export function destination(move) {
  return move.frm === G.YARD ? 0 : move.frm + move.value;
}

/** Returns the glasses a move would knock home: [{letter, participant, count}] (LD-HIT-1/2). */
export function capturesOf(st, move) {
  const to = destination(move);
  if (to > G.LAST_TRACK) return [];
  const mover = colourIndex(move.colour);
  const square = G.trackSquare(mover, to);
  const out = [];
  ((st.view && st.view.colours) || []).forEach((c, k) => {
    if (k === mover) return;
    if (square === G.STRIDE * k) return; // immune on its own start square
    const at = (square - G.STRIDE * k + G.TRACK) % G.TRACK;
    const count = c.glasses.filter((p) => p === at).length;
    if (count) out.push({ letter: c.letter, participant: c.participant, count });
  });
  return out;
}

/** Returns the running clocks by kind: {chug, idle, count} with their end times (ms). */
export function clocksOf(st) {
  const out = {};
  for (const tm of st.timers || []) {
    const ends = Date.parse(tm.ends_at);
    if (tm.kind === "chug_time_up") out.chug = { ends, seconds: tm.seconds };
    else if (tm.kind === "idle_count") out.idle = { ends, seconds: tm.seconds };
    else if (tm.kind === "idle_expired") out.count = { ends, seconds: tm.seconds };
  }
  return out;
}

/** Returns the whole seconds left until ``ends`` (never below 0). */
export function secondsLeft(ends) {
  return Math.max(0, Math.ceil((ends - Date.now()) / 1000));
}

/** Returns the chugs still waiting for the referee's word ("running" or "time_up"). */
export function openChugs(st) {
  return ((st.view && st.view.chugs) || []).filter((c) => c.status === "running" || c.status === "time_up");
}

/** Returns the open flags. */
export function openFlags(st) {
  return ((st.view && st.view.flags) || []).filter((f) => f.status === "open");
}

/** Returns how many of a participant's glasses are in the goal, and how many they have. */
export function homeCount(st, participant) {
  const mine = ((st.view && st.view.colours) || []).filter((c) => c.participant === participant);
  const glasses = mine.flatMap((c) => c.glasses);
  return { home: glasses.filter((p) => p === G.GOAL).length, all: glasses.length };
}

/** Whether this page may type the die's face now (real dice, and the caller may roll). */
export function mayThrow(st) {
  if (st.to_act !== "chance" || st.dice !== "real") return false;
  return (st.legal_actions || []).some((a) => a.kind === "throw");
}

/** Returns an exact score "n/d" as "w r/d" ("20/3" -> "6 2/3"); whole numbers stay. */
export function fractionText(text) {
  const m = String(text).match(/^(-?\d+)\/(\d+)$/);
  if (!m) return String(text);
  const [n, d] = [Number(m[1]), Number(m[2])];
  const whole = Math.trunc(n / d);
  const rest = Math.abs(n % d);
  return whole ? `${whole} ${rest}/${d}` : `${n < 0 ? "−" : ""}${rest}/${d}`;
}
