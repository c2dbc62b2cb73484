// Reading the platform's view envelope (GET /api/games/{id}): the fields every game has.
// The game's own ``view`` is opaque here; only the game's module reads it (see games.js).

/** Returns the name of ``seat`` from the envelope's seats ("" for no seat). */
export function nameOf(state, seat) {
  if (seat === null || seat === undefined) return "";
  const found = (state.seats || []).find((s) => s.seat === seat);
  return found ? found.name : `#${Number(seat) + 1}`;
}

/** Returns the seat entry of ``seat``, or null. */
export function seatOf(state, seat) {
  return (state.seats || []).find((s) => s.seat === seat) || null;
}

export function isFinished(state) {
  return !!state.finished || state.to_act === null;
}

/** Returns the final standings [{seat, place, detail}] (an empty list while the game runs). */
export function resultStandings(state) {
  const list = (state.result && state.result.standings) || [];
  return list.map((s, i) => ({ ...s, place: s.place ?? i + 1 }));
}

/** Returns the winners' seats: every seat in first place (more than one on a tie). */
export function winners(state) {
  return resultStandings(state)
    .filter((s) => s.place === 1)
    .map((s) => s.seat);
}

/** Returns the log as [{key, text, seat, kind}]. */
export function logEntries(state) {
  return (state.log || []).map((e, i) => ({ key: e.seq ?? i, text: e.text || "", seat: e.seat ?? null, kind: e.kind || "" }));
}

/** Returns the timer that counts from the start of the game, or null. */
export function raceTimer(state) {
  return (state.timers || []).find((x) => x.since === "start") || null;
}
