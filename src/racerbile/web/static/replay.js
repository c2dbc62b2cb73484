// The replay viewer: /replay/{id} steps through a finished game of this server,
// /replay through a record file opened here (uploaded for the server to replay, never
// stored). Each step shows the board, the panels and the ledger as a spectator saw them
// after that action; the game's own web module draws them (games.js).

import { request, ApiError } from "./api.js";
import { t, lang, applyStatic, bindLangButton, onLang, addStrings } from "./i18n.js";
import { loadGame } from "./games.js";
import { renderStandings, renderCards, renderLog, renderResult } from "./panels.js";

addStrings({
  en: {
    "replay.title": "Replay",
    "replay.upload": "Open a record file",
    "replay.download": "Download the record",
    "replay.step": "Move {n} of {total}",
    "replay.start": "Before the first move",
    "replay.pick": "Open a record file (.json) to step through it.",
    "replay.too_big": "The file has {n} bytes; a record may have at most {max}.",
    "replay.not_json": "The file is not a record: {why}",
  },
  da: {
    "replay.title": "Genafspilning",
    "replay.upload": "Åbn en spilfil",
    "replay.download": "Hent spilfilen",
    "replay.step": "Træk {n} af {total}",
    "replay.start": "Før første træk",
    "replay.pick": "Åbn en spilfil (.json) for at gå den igennem.",
    "replay.too_big": "Filen fylder {n} byte; en spilfil må højst fylde {max}.",
    "replay.not_json": "Filen er ikke en spilfil: {why}",
  },
});

const MAX_BYTES = 60 * 1024; // below the server's request body limit (64 KiB by default)
const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const gameId = decodeURIComponent(parts[1] || "");

// step: the step shown; target: the step last asked for (so fast presses add up)
const view = { record: null, step: 0, target: 0, steps: 0, frame: null, module: null, board: null, loading: null, want: null };

function showError(message) {
  $("replay-error").hidden = !message;
  $("replay-error").textContent = message || "";
}

/** Asks the server for one step (the record's own, or the stored game's). */
async function fetchFrame(step) {
  const query = `?lang=${encodeURIComponent(lang())}`;
  if (view.record) return request("POST", `/api/replay${query}`, { body: { record: view.record, step } });
  return request("GET", `/api/games/${encodeURIComponent(gameId)}/replay${query}&step=${step}`);
}

/** Shows ``step`` (clamped); the last request wins when the buttons are pressed fast. */
async function go(step) {
  view.want = Math.max(0, Math.min(step, view.steps || step));
  view.target = view.want;
  if (view.loading) return;
  while (view.want !== null) {
    const wanted = view.want;
    view.want = null;
    view.loading = fetchFrame(wanted);
    try {
      const frame = await view.loading;
      showError(null);
      await paint(frame);
    } catch (err) {
      showError(err instanceof ApiError ? err.message : String(err));
    } finally {
      view.loading = null;
    }
  }
}

async function paint(frame) {
  view.frame = frame;
  view.step = frame.step;
  view.steps = frame.steps;
  const state = frame.envelope;
  if (!view.module || view.module.id !== state.game) {
    view.module = await loadGame(state.game);
    document.body.dataset.board = view.module.id;
    $("dice").hidden = !view.module.dice;
    view.board = await view.module.createBoard({
      page: "watch",
      state,
      board: $("board"),
      hint: null,
      controls: null,
      dice: view.module.dice ? $("dice") : null,
      send: async () => null,
      run: async () => {},
      busy: () => false,
      repaint: () => view.frame && paint(view.frame),
      current: () => view.frame.envelope,
    });
  }
  const shown = view.module.panels(state) || {};
  view.board.paint(state);
  renderStandings($("standings"), state, shown.standings);
  renderCards($("game-cards"), shown.cards);
  renderLog($("log"), state, { limit: 60 });
  renderResult({ card: $("result"), winner: $("winner") }, state);
  $("count").textContent = `${frame.step} / ${frame.steps}`;
  $("slider").max = String(frame.steps);
  $("slider").value = String(frame.step);
  $("turn-sub").textContent = frame.step ? t("replay.step", { n: frame.step, total: frame.steps }) : t("replay.start");
  const last = (state.log || [])[state.log.length - 1];
  $("action-text").textContent = frame.step && last ? last.text : "";
  for (const [id, off] of [
    ["first", frame.step === 0],
    ["prev", frame.step === 0],
    ["next", frame.step >= frame.steps],
    ["last", frame.step >= frame.steps],
  ])
    $(id).disabled = off;
  document.body.dataset.step = String(frame.step);
  document.body.dataset.steps = String(frame.steps);
  document.body.dataset.game = state.game;
}

/** Reads a record file picked here: size checked before it is read, JSON before it is sent. */
async function openFile(file) {
  if (!file) return;
  if (file.size > MAX_BYTES) {
    showError(t("replay.too_big", { n: file.size, max: MAX_BYTES }));
    return;
  }
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch (err) {
    showError(t("replay.not_json", { why: err.message }));
    return;
  }
  const before = view.record;
  const steps = view.steps;
  view.record = record;
  view.steps = 0;
  view.target = 0;
  try {
    const frame = await fetchFrame(0);
    showError(null);
    $("download").hidden = true;
    await paint(frame);
  } catch (err) {
    view.record = before;
    view.target = view.step;
    view.steps = steps;
    showError(err instanceof ApiError ? err.message : String(err));
  }
}

function bind() {
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(view.target - 1));
  $("next").addEventListener("click", () => go(view.target + 1));
  $("last").addEventListener("click", () => go(view.steps));
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  $("upload").addEventListener("change", (ev) => openFile(ev.target.files[0]));
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest && ev.target.closest("input, textarea, select")) return;
    const to = { ArrowRight: view.target + 1, ArrowLeft: view.target - 1, Home: 0, End: view.steps }[ev.key];
    if (to === undefined) return;
    ev.preventDefault(); // the keys step through the game, not the page
    go(to);
  });
}

async function main() {
  applyStatic();
  bindLangButton($("lang"));
  bind();
  onLang(() => {
    applyStatic();
    if (view.frame) go(view.step);
  });
  if (!gameId) {
    $("turn-sub").textContent = t("replay.pick");
    return;
  }
  const link = $("download");
  link.href = `/api/games/${encodeURIComponent(gameId)}/record`;
  link.setAttribute("download", `racerbile-${gameId}.json`);
  link.hidden = false;
  await go(0);
}

main();
