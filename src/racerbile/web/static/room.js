// The play page: /room/{id} (host screen, every seat) and /play/{id} (one seat).
// The page is the same for every game; the board and the game's controls come from the
// game's board module (boards/index.js), picked by the game id the API names.

import { GameConnection, loadTokens, adoptUrlToken, api, ApiError } from "./api.js";
import { t, lang, applyStatic, bindLangButton, onLang } from "./i18n.js";
import { boardFor } from "./boards/index.js";
import * as V from "./view.js";
import { h, renderTurn, renderStandings, renderDrinks, renderLog, renderResult, renderClock, bindConnection } from "./panels.js";
import { createRefereePanel } from "./referee.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const kindOfPage = parts[0] === "play" ? "play" : "room";
const gameId = decodeURIComponent(parts[1] || "");

const ui = { busy: false };

let conn = null;
let game = null; // the game's board and controls
let tokens = {};
let referee = null; // the referee panel's paint (host and judges)

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
  else if (state.role === "judge") {
    const judges = (state.view && state.view.lemans && state.view.lemans.judges) || [];
    who.replaceChildren(document.createTextNode(`${t("ref.judge")}: `), h("b", {}, judges[state.judge] ?? String(state.judge)));
  }
  else who.textContent = "";
}

function paintJoin(state) {
  const token = currentToken();
  const code = state.join_code || tokens.join_code;
  if (state.role === "judge") {
    $("join-card").hidden = true;
    return;
  }
  const card = $("join-card");
  const free = (state.seats || []).some((s) => !s.claimed && !s.bot);
  if (!token || V.isFinished(state)) {
    card.hidden = true;
    return;
  }
  card.hidden = false;
  $("join-code").textContent = code || "";
  $("join-code").hidden = !code;
  $("join-line").hidden = !code;
  const link = code ? `${location.origin}${state.join_url || `/join/${code}`}` : "";
  $("join-link").textContent = link ? link.replace(/^https?:\/\//, "") : "";
  $("join-link").href = link || "#";
  $("watch-link").href = `/watch/${encodeURIComponent(gameId)}${code ? `#code=${encodeURIComponent(code)}` : ""}`;
  api.showQr($("qr"), gameId, token);
  card.classList.toggle("all-seated", !free);
  const judges = state.role === "host" ? tokens.judges || [] : [];
  $("judge-links-wrap").hidden = judges.length === 0;
  $("judge-links").replaceChildren(
    ...judges.map((j) => {
      const url = `${location.origin}${j.url}`;
      return h("li", {}, h("b", {}, j.name), " ", h("a", { href: url, target: "_blank", rel: "noopener", "data-judge": j.judge }, url.replace(/^https?:\/\//, "")));
    }),
  );
}

function paint(state) {
  if (!state) return;
  renderTurn({ banner: $("turn"), cap: $("turn-cap"), title: $("turn-title"), sub: $("turn-sub") }, state, {
    me: state.role === "seat" ? state.seat : null,
    host: state.role === "host",
  });
  paintWho(state);
  if (game) game.paint(state);
  renderStandings($("standings"), state, game && game.standings);
  const drinks = V.drinks(state);
  $("drinks-card").hidden = drinks.length === 0;
  if (drinks.length) renderDrinks($("drinks"), state);
  renderLog($("log"), state);
  if (referee) referee(state);
  renderClock({ card: $("clock-card"), text: $("clock") }, state);
  renderResult({ card: $("result"), winner: $("winner") }, state);
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
  const module = await boardFor(conn.state.game);
  document.body.dataset.board = module.id;
  game = await module.create({
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
  referee = createRefereePanel($("referee-card"), { send, run });
  conn.onState((s) => paint(s));
  paint(conn.state);
  setInterval(() => conn.state && renderClock({ card: $("clock-card"), text: $("clock") }, conn.state), 1000);
  conn.start().catch(() => {});
}

main();
