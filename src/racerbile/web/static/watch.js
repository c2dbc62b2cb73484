// Spectator view for a big screen: /watch/{id}. No token, no controls; the board and the
// game's panels come from the game's web module (games.js).

import { GameConnection, loadTokens, api } from "./api.js";
import { t, lang, applyStatic, bindLangButton, onLang } from "./i18n.js";
import { loadGame } from "./games.js";
import * as V from "./view.js";
import { renderTurn, renderStandings, renderCards, renderLog, renderResult, renderClock, bindConnection } from "./panels.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const gameId = decodeURIComponent(parts[1] || "");
let module = null; // the game's web module
let game = null; // its board
let shown = {}; // what the game's panels() said at the last paint

/** The join code from the link (#code=) or this device's own games, and a token if any. */
function joinInfo() {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  const stored = loadTokens(gameId);
  const code = hash.get("code") || stored.join_code || "";
  const token = stored.host || (stored.seat && stored.seat.token) || null;
  return { code, token };
}

function paintJoin(state) {
  const { code, token } = joinInfo();
  const open = !V.isFinished(state) && (state.seats || []).some((s) => !s.claimed && !s.bot);
  // The code and link need no token; the QR picture needs a seat or host token.
  $("join-inline").hidden = !code || !open;
  $("join-url").textContent = `${location.host}/join/${code}`;
  $("join-code").textContent = code;
  $("qr-wrap").hidden = !token || !open || !code;
  if (token && open && code) api.showQr($("qr"), gameId, token);
}

function paint(state) {
  if (!state) return;
  shown = module ? module.panels(state) || {} : {};
  renderTurn({ banner: $("turn"), cap: $("turn-cap"), title: $("turn-title"), sub: $("turn-sub") }, state, { game: shown });
  if (game) game.paint(state);
  renderStandings($("standings"), state, shown.standings);
  renderCards($("game-cards"), shown.cards);
  renderLog($("log"), state, { limit: 40 });
  renderClock({ card: $("clock-card"), text: $("clock") }, state, shown.clock);
  renderResult({ card: $("result"), winner: $("winner") }, state);
  paintJoin(state);
  document.body.dataset.game = state.game;
  document.body.dataset.seq = String(state.seq);
}

async function main() {
  applyStatic();
  bindLangButton($("lang"));
  const conn = new GameConnection(gameId, null, lang());
  const repaint = bindConnection($("conn"), conn);
  onLang((l) => {
    conn.setLang(l);
    repaint();
    paint(conn.state);
  });
  try {
    await conn.refresh();
  } catch (err) {
    $("turn-title").textContent = t("err.no_game");
    $("turn-sub").textContent = err.message;
    return;
  }
  module = await loadGame(conn.state.game);
  document.body.dataset.board = module.id;
  $("dice").hidden = !module.dice;
  game = await module.createBoard({
    page: "watch",
    state: conn.state,
    board: $("board"),
    hint: null,
    controls: null,
    dice: module.dice ? $("dice") : null,
    send: async () => null,
    run: async () => {},
    busy: () => false,
    repaint: () => paint(conn.state),
    current: () => conn.state,
  });
  conn.onState(paint);
  paint(conn.state);
  setInterval(() => conn.state && renderClock({ card: $("clock-card"), text: $("clock") }, conn.state, shown.clock), 1000);
  conn.start().catch(() => {});
}

main();
