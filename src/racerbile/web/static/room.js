// The play page: /room/{id} (host screen, every seat) and /play/{id} (one seat).
// The page is the same for every game; it reads the platform's envelope, and the board,
// the game's controls, panels and referee console come from the game's web module
// (games.js), picked by the game id the API names.

import { GameConnection, loadTokens, adoptUrlToken, api, ApiError } from "./api.js";
import { t, lang, applyStatic, bindLangButton, onLang } from "./i18n.js";
import { loadGame } from "./games.js";
import * as V from "./view.js";
import { isLoopback, joinLink, shortLink, rememberGame } from "./joining.js";
import { h, renderTurn, renderStandings, renderCards, renderLog, renderResult, renderClock, bindConnection } from "./panels.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const kindOfPage = parts[0] === "play" ? "play" : "room";
const gameId = decodeURIComponent(parts[1] || "");

const ui = { busy: false };

let conn = null;
let module = null; // the game's web module
let game = null; // the game's board and controls
let tokens = {};
let referee = null; // the referee console's paint (host and judges)
let shown = {}; // what the game's panels() said at the last paint
const JOIN_OPEN_KEY = `racerbile.join-open.${gameId}`;

function currentToken() {
  tokens = loadTokens(gameId);
  if (kindOfPage === "play") return (tokens.seat && tokens.seat.token) || tokens.host || null;
  return tokens.host || tokens.judge || (tokens.seat && tokens.seat.token) || null;
}

// ---- acting --------------------------------------------------------------------------

async function send(action) {
  if (!conn) return null;
  showError(null);
  try {
    return await conn.act(action);
  } catch (err) {
    const msg = err instanceof ApiError ? err.message : String(err);
    if (!(err instanceof ApiError && err.status === 409)) showError(msg);
    throw err;
  }
}

/** Runs one user decision (one or more actions); the page is busy meanwhile. */
async function run(fn) {
  if (ui.busy) return;
  ui.busy = true;
  document.body.classList.add("is-busy");
  paint(conn.state);
  try {
    await fn();
  } catch {
    /* shown already */
  } finally {
    ui.busy = false;
    document.body.classList.remove("is-busy");
    paint(conn.state);
  }
}

function showError(msg) {
  const el = $("action-error");
  if (!msg) {
    el.hidden = true;
    return;
  }
  el.textContent = msg;
  el.hidden = false;
}

// ---- painting ------------------------------------------------------------------------

function paintWho(state) {
  const who = $("who");
  if (state.role === "host") who.replaceChildren(h("b", {}, t("host")));
  else if (state.role === "seat") who.replaceChildren(document.createTextNode(`${t("you")}: `), h("b", {}, V.nameOf(state, state.seat)));
  else if (state.role === "judge") who.replaceChildren(document.createTextNode(`${t("ref.judge")}: `), h("b", {}, shown.judge ?? String(state.judge)));
  else who.textContent = "";
}

function paintReferee(state) {
  const card = $("referee-card");
  const may = !!referee && (state.role === "host" || state.role === "judge") && !V.isFinished(state);
  card.hidden = !(may && referee(state));
}

function paintJoin(state) {
  const token = currentToken();
  const code = state.join_code || tokens.join_code;
  const card = $("join-card");
  if (state.role === "judge" || !token || V.isFinished(state)) {
    card.hidden = true;
    return;
  }
  const free = (state.seats || []).some((s) => !s.claimed && !s.bot);
  if (card.hidden) {
    // The host sees the code and QR open while seats are free; a seat's phone closed.
    const saved = sessionStorage.getItem(JOIN_OPEN_KEY);
    card.open = saved === null ? state.role === "host" && free : saved === "1";
  }
  card.hidden = false;
  $("join-code").textContent = code || "";
  $("join-code-short").textContent = code || "";
  $("join-code").hidden = !code;
  $("join-line").hidden = !code;
  const link = joinLink(code, state.join_link);
  $("join-link").textContent = shortLink(link);
  $("join-link").href = link || "#";
  const local = !!link && isLoopback(link);
  $("join-warn").hidden = !local;
  $("join-warn-dot").hidden = !local;
  const hash = code ? `#code=${encodeURIComponent(code)}` : "";
  $("watch-link").href = `/watch/${encodeURIComponent(gameId)}${hash}`;
  $("scoreboard-link").href = `/watch/${encodeURIComponent(gameId)}?mode=scoreboard${hash}`;
  api.showQr($("qr"), gameId, token);
  card.classList.toggle("all-seated", !free);
  const judges = state.role === "host" ? tokens.judges || [] : [];
  $("judge-links-wrap").hidden = judges.length === 0;
  $("judge-links").replaceChildren(
    ...judges.map((j) => {
      const url = `${location.origin}${j.url}`;
      return h("li", {}, h("b", {}, j.name), " ", h("a", { href: url, target: "_blank", rel: "noopener", "data-judge": j.judge }, shortLink(url)));
    }),
  );
}

/** The host starts the same race again (same setup, dice and bots) and opens it. */
async function rematch() {
  const state = conn.state;
  const button = $("rematch");
  button.disabled = true;
  try {
    const record = await api.record(gameId);
    const bots = Object.fromEntries((state.seats || []).filter((s) => s.bot).map((s) => [String(s.seat), s.bot]));
    const body = { game: state.game, setup: record.setup, dice: state.dice, bots };
    if (state.takeover_after_s) body.takeover_after_s = state.takeover_after_s;
    const created = await api.create(body);
    rememberGame(created);
    location.href = `/room/${encodeURIComponent(created.id)}`;
  } catch (err) {
    showError(err.message);
    button.disabled = false;
  }
}

function paintResult(state) {
  renderResult({ card: $("result"), winner: $("winner") }, state);
  $("rematch").hidden = !(state.role === "host" && V.isFinished(state));
}

function paint(state) {
  if (!state) return;
  shown = module ? module.panels(state) || {} : {};
  renderTurn({ banner: $("turn"), cap: $("turn-cap"), title: $("turn-title"), sub: $("turn-sub") }, state, {
    me: state.role === "seat" ? state.seat : null,
    host: state.role === "host",
    game: shown,
  });
  paintWho(state);
  if (game) game.paint(state);
  renderStandings($("standings"), state, shown.standings);
  renderCards($("game-cards"), shown.cards);
  renderLog($("log"), state);
  paintReferee(state);
  renderClock({ card: $("clock-card"), text: $("clock") }, state, shown.clock);
  paintResult(state);
  paintJoin(state);
  document.body.dataset.game = state.game;
  document.body.dataset.seq = String(state.seq);
  document.body.dataset.toAct = state.to_act === null ? "none" : String(state.to_act);
  document.body.dataset.finished = String(!!state.finished);
}

// ---- start -----------------------------------------------------------------------------

async function main() {
  applyStatic();
  bindLangButton($("lang"));
  $("join-card").addEventListener("toggle", () => sessionStorage.setItem(JOIN_OPEN_KEY, $("join-card").open ? "1" : "0"));
  $("rematch").addEventListener("click", rematch);
  if (!gameId) {
    location.href = "/";
    return;
  }
  adoptUrlToken(gameId, kindOfPage === "play" ? "seat" : "host");
  const token = currentToken();
  if (kindOfPage === "play" && !token) {
    // No seat on this device yet: go and take one.
    const code = tokens.join_code;
    if (code) location.href = `/join/${encodeURIComponent(code)}`;
  }
  conn = new GameConnection(gameId, token, lang());
  const repaintConn = bindConnection($("conn"), conn);
  onLang(async (l) => {
    conn.setLang(l);
    repaintConn();
    paint(conn.state);
  });
  try {
    await conn.refresh();
  } catch (err) {
    $("turn-title").textContent = err instanceof ApiError && err.status === 404 ? t("err.no_game") : t("err.load");
    $("turn-sub").textContent = err.message;
    return;
  }
  module = await loadGame(conn.state.game);
  document.body.dataset.board = module.id;
  game = await module.createBoard({
    page: "room",
    state: conn.state,
    board: $("board"),
    hint: $("board-hint"),
    controls: $("game-controls"),
    send,
    run,
    busy: () => ui.busy,
    repaint: () => paint(conn.state),
    current: () => conn.state,
  });
  if (module.refereeConsole) referee = module.refereeConsole($("referee-card").querySelector(".referee-body"), { send, run });
  conn.onState((s) => paint(s));
  paint(conn.state);
  setInterval(() => conn.state && renderClock({ card: $("clock-card"), text: $("clock") }, conn.state, shown.clock), 1000);
  conn.start().catch(() => {});
}

main();
