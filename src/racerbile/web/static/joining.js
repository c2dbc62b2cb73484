// Joining a table: the join link the server built (on the address phones reach), the
// warning when that address is this machine's own, and remembering a new game's tokens.

import { saveTokens } from "./api.js";

/** Tells whether ``url`` points at this machine only (127.x, ::1, localhost). */
export function isLoopback(url) {
  let host;
  try {
    host = new URL(url, location.href).hostname;
  } catch {
    return false;
  }
  host = host.replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\./.test(host);
}

/** Returns the join link of ``code``: the server's (``link``), else on this page's address. */
export function joinLink(code, link = null) {
  if (link) return link;
  return code ? `${location.origin}/join/${encodeURIComponent(code)}` : "";
}

/** Shows a link without its scheme ("192.168.1.20:8000/join/ABCDEF"). */
export function shortLink(url) {
  return String(url || "").replace(/^https?:\/\//, "");
}

/** Stores what POST /api/games answered: the host token, join code, seats and judges. */
export function rememberGame(created) {
  saveTokens(created.id, {
    host: created.host_token,
    join_code: created.join_code,
    game: created.game,
    created: Date.now(),
    seats: (created.seats || []).map((s) => ({ seat: s.seat, name: s.name, token: s.token, bot: s.bot })),
    judges: (created.judges || []).map((j) => ({ judge: j.judge, name: j.name, url: j.url })),
  });
}
