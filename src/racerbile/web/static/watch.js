// Spectator view for a big screen: /watch/{id}. No token, no controls.

import { GameConnection, loadTokens, api } from "./api.js";
import { t, lang, applyStatic, bindLangButton, onLang } from "./i18n.js";
import { Board } from "./board.js";
import { renderDice } from "./dice.js";
import * as V from "./view.js";
import { renderTurn, renderStandings, renderDrinks, renderLog, renderResult, bindConnection } from "./panels.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const gameId = decodeURIComponent(parts[1] || "");
let board = null;
let loaded = false;

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
  $("join-inline").hidden = !code || !open;
  $("join-url").textContent = `${location.host}/join/${code}`;
  $("join-code").textContent = code;
  // The QR picture needs a seat or host token; a screen that has one shows it.
  $("qr-wrap").hidden = !token || !open;
  if (token && open) {
    const src = `${api.qrUrl(gameId)}?token=${encodeURIComponent(token)}`;
    if ($("qr").getAttribute("src") !== src) $("qr").src = src;
  }
}

function paint(state) {
  if (!state) return;
  renderTurn({ banner: $("turn"), cap: $("turn-cap"), title: $("turn-title"), sub: $("turn-sub") }, state, {});
  if (board && loaded) {
    const names = new Map(V.players(state).map((p) => [p.seat, p.name]));
    board.draw({
      cars: V.cars(state).map((c) => ({ ...c, name: c.name || names.get(c.seat) })),
      active: V.isFinished(state) ? null : V.actingSeat(state),
    });
  }
  renderDice($("dice"), V.dice(state), { rolling: state.to_act === "chance" && state.dice === "digital" });
  renderStandings($("standings"), state);
  renderDrinks($("drinks"), state);
  renderLog($("log"), state, { limit: 40 });
  renderResult({ card: $("result"), winner: $("winner") }, state);
  paintJoin(state);
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
  board = new Board($("board"));
  const track = V.trackId(conn.state);
  loaded = await board.load(track ? api.trackSvgUrl(conn.state.game, track) : null, V.trackCells(conn.state));
  conn.onState(paint);
  conn.start().catch(() => {});
}

main();
