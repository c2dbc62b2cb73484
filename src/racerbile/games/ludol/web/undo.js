// Taking a penalty back (LD-REF-3) as the platform's void: the penalty's own record
// entry is voided through POST /api/games/{id}/void with the referee's or the judge's
// token, and the record keeps it, marked void. (The referee's "undo the last move" is
// the room page's Undo, controls.js.)

import { request, loadTokens } from "/static/api.js";

/** Returns the 1-based record positions of the last ``count`` live entries. */
export function lastLive(actions, count) {
  const gone = new Set();
  for (const entry of actions) if (entry && entry.void && !entry.kind) for (const n of entry.void) gone.add(Number(n));
  const live = [];
  actions.forEach((entry, i) => {
    if (!(entry && entry.void && !entry.kind) && !gone.has(i + 1)) live.push(i + 1);
  });
  return count > 0 ? live.slice(-count) : [];
}

async function voidEntries(st, positions) {
  const tokens = loadTokens(st.id);
  const token = st.role === "judge" ? tokens.judge : tokens.host;
  const body = { actions: positions, seq: st.seq };
  await request("POST", `/api/games/${encodeURIComponent(st.id)}/void`, { token, body });
}

/** Voids the latest live penalty of ``participant`` (a penalty is taken back by undoing
 * it); resolves false when there is none. */
export async function takeBackPenalty(st, participant) {
  const id = encodeURIComponent(st.id);
  const record = await request("GET", `/api/games/${id}/record`);
  const actions = record.actions || [];
  const live = lastLive(actions, actions.length);
  const found = live.reverse().find((n) => actions[n - 1].kind === "penalty" && actions[n - 1].participant === participant);
  if (!found) return false;
  await voidEntries(st, [found]);
  return true;
}
