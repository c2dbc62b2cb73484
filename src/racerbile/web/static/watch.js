// Spectator view for a big screen: /watch/{id}, and its TV scoreboard (?mode=scoreboard).
// No token, no controls; the board and the game's panels come from the game's web module
// (games.js). The join code comes with the link (#code=) or from this device's own games;
// its link and QR code are the server's (GET /api/join/{code}), on the address phones reach.

import { GameConnection, loadTokens, api } from "./api.js";
import { t, lang, applyStatic, bindLangButton, onLang } from "./i18n.js";
import { loadGame } from "./games.js";
import * as V from "./view.js";
import { renderTurn, renderStandings, renderCards, renderLog, renderResult, renderClock, bindConnection } from "./panels.js";
import { renderScoreboard, timeOfDay } from "./scoreboard.js";
import { isLoopback, shortLink } from "./joining.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const gameId = decodeURIComponent(parts[1] || "");
let module = null; // the game's web module
let game = null; // its board
let shown = {}; // what the game's panels() said at the last paint
let join = null; // {code, link} once the server named the join code's link

/** The join code from the link (#code=) or this device's own games. */
function joinCode() {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  return (hash.get("code") || loadTokens(gameId).join_code || "").trim().toUpperCase();
}

/** Asks the server once for the join code's link and shows its QR code. */
async function loadJoin() {
  const code = joinCode();
  if (!code) return;
  try {
    const found = await api.join(code);
    if (found.id !== gameId) return;
    join = { code: found.code, link: found.link };
  } catch {
    return;
  }
  const qr = `/api/join/${encodeURIComponent(join.code)}/qr.svg`;
  $("qr").src = qr;
  $("sb-qr").src = qr;
}

function paintJoin(state) {
  const open = !!join && !V.isFinished(state) && (state.seats || []).some((s) => !s.claimed && !s.bot);
  $("join-inline").hidden = !open;
  $("qr-wrap").hidden = !open;
  $("sb-join").hidden = !open;
  if (!open) return;
  const local = isLoopback(join.link);
  $("join-url").textContent = shortLink(join.link);
  $("join-code").textContent = join.code;
  $("sb-code").textContent = join.code;
  $("sb-link").textContent = local ? t("score.loopback") : shortLink(join.link);
  $("sb-link").classList.toggle("warn", local);
}

// ---- the scoreboard mode ------------------------------------------------------------------

const scoreboardOn = () => document.body.classList.contains("is-scoreboard");
const PHONE_WIDTH = 700; // narrower: the scoreboard in one column (scoreboard.css)

function setMode(scoreboard) {
  document.body.classList.toggle("is-scoreboard", scoreboard);
  $("scoreboard").hidden = !scoreboard;
  $("watch-main").hidden = scoreboard;
  $("mode").setAttribute("aria-pressed", String(scoreboard));
  $("mode").dataset.i18n = scoreboard ? "watch.board" : "watch.scoreboard";
  $("mode").textContent = t($("mode").dataset.i18n);
  // The game's board draws its dice into #dice: the scoreboard shows them with the roll.
  (scoreboard ? $("sb-dice") : $("turn")).appendChild($("dice"));
  const url = new URL(location.href);
  if (scoreboard) url.searchParams.set("mode", "scoreboard");
  else url.searchParams.delete("mode");
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  fitScoreboard();
}

/** Scales the scoreboard, made for 1920×1080, to a smaller screen (a 1366×768 TV or a
 * laptop) as a whole; a phone gets it in one column instead (scoreboard.css). */
function fitScoreboard() {
  const wide = innerWidth >= PHONE_WIDTH;
  const scale = scoreboardOn() && wide ? Math.min(1, innerWidth / 1920, innerHeight / 1080) : 1;
  document.body.style.zoom = scale === 1 ? "" : String(scale);
  document.body.style.setProperty("--sb-zoom", String(scale));
}

function paintScoreboard(state) {
  const extra = module && module.scoreboard ? module.scoreboard(state) : {};
  renderScoreboard(
    {
      standings: $("sb-standings"),
      drinks: $("sb-drinks"),
      drinksCard: $("sb-drinks-card"),
      tableTitle: $("sb-table-title"),
      latest: $("sb-latest"),
      caused: $("sb-caused"),
      causedTitle: $("sb-caused-title"),
      banner: $("sb-banner"),
      bannerList: $("sb-banner-list"),
    },
    state,
    shown,
    extra,
  );
}

function paintClocks(state) {
  renderClock({ card: $("clock-card"), text: $("clock") }, state, shown.clock);
  renderClock({ card: $("sb-race"), text: $("sb-race") }, state, shown.clock);
  $("sb-time").textContent = timeOfDay();
}

function paint(state) {
  if (!state) return;
  shown = module ? module.panels(state) || {} : {};
  renderTurn({ banner: $("turn"), cap: $("turn-cap"), title: $("turn-title"), sub: $("turn-sub") }, state, { game: shown });
  if (game) game.paint(state);
  renderStandings($("standings"), state, shown.standings);
  renderCards($("game-cards"), shown.cards);
  renderLog($("log"), state, { limit: 40 });
  renderResult({ card: $("result"), winner: $("winner") }, state);
  if (scoreboardOn()) paintScoreboard(state);
  paintClocks(state);
  paintJoin(state);
  document.body.dataset.game = state.game;
  document.body.dataset.seq = String(state.seq);
}

async function main() {
  applyStatic();
  bindLangButton($("lang"));
  setMode(new URLSearchParams(location.search).get("mode") === "scoreboard");
  addEventListener("resize", fitScoreboard);
  const conn = new GameConnection(gameId, null, lang());
  $("mode").addEventListener("click", () => {
    setMode(!scoreboardOn());
    paint(conn.state);
  });
  const repaint = bindConnection($("conn"), conn);
  onLang((l) => {
    conn.setLang(l);
    repaint();
    $("mode").textContent = t($("mode").dataset.i18n);
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
  await loadJoin();
  paint(conn.state);
  setInterval(() => conn.state && paintClocks(conn.state), 1000);
  conn.start().catch(() => {});
}

main();
