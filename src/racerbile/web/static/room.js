// The play page: /room/{id} (host screen, every seat) and /play/{id} (one seat).

import { GameConnection, loadTokens, adoptUrlToken, api, ApiError } from "./api.js";
import { t, lang, applyStatic, bindLangButton, onLang } from "./i18n.js";
import { Board, parseCell, cellKey, seatColor } from "./board.js";
import { renderDice } from "./dice.js";
import { classify, announcement, label, DIR_ARROWS, DIR_NAMES } from "./actions.js";
import * as V from "./view.js";
import { h, renderTurn, renderStandings, renderDrinks, renderLog, renderResult, bindConnection, toast } from "./panels.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const kindOfPage = parts[0] === "play" ? "play" : "room";
const gameId = decodeURIComponent(parts[1] || "");

const ui = {
  mode: "path", // "path": tap a destination; "step": one cell per tap
  selected: null, // "q,r" chosen destination (path mode)
  busy: false,
  trialStart: null,
  trialTimer: null,
  trackLoaded: false,
  lastSeq: -1,
  lastTurnKey: "",
};

let conn = null;
let board = null;
let tokens = {};

function currentToken() {
  tokens = loadTokens(gameId);
  if (kindOfPage === "play") return (tokens.seat && tokens.seat.token) || tokens.host || null;
  return tokens.host || (tokens.seat && tokens.seat.token) || null;
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

/** Drives along the best path to ``target`` (one step action per cell), then stops if due. */
function drive(target) {
  const help = V.moveHelp(conn.state).find((m) => m.cell === target);
  if (!help) return;
  const seat = V.actingSeat(conn.state);
  run(async () => {
    const dirs = help.dirs || [];
    for (const d of dirs) {
      const st = conn.state;
      if (V.actingSeat(st) !== seat || !classify(st.legal_actions).steps.some((a) => a.direction === d)) break;
      await send({ kind: "step", direction: d });
    }
    const st = conn.state;
    const c = classify(st.legal_actions);
    if (V.actingSeat(st) === seat && c.stop && !c.steps.length) await send(c.stop);
    else if (V.actingSeat(st) === seat && c.stop && help.unmoved) await send(c.stop);
    ui.selected = null;
  });
}

function onCell(key) {
  const state = conn && conn.state;
  if (!state || ui.busy) return;
  const c = controlsFor(state);
  const car = V.cars(state).find((x) => x.seat === V.actingSeat(state));
  // Choosing a heading: tap the neighbour cell in that direction.
  if (c.faces.length && car && car.cell) {
    const d = V.directionBetween(car.cell, parseCell(key));
    const a = c.faces.find((f) => f.direction === d);
    if (a) run(() => send(a));
    return;
  }
  if (!c.steps.length && !c.stop) return;
  if (ui.mode === "step" || !V.moveHelp(state).length) {
    if (!car || !car.cell) return;
    const d = V.directionBetween(car.cell, parseCell(key));
    const a = c.steps.find((s) => s.direction === d);
    if (a) run(() => send(a));
    return;
  }
  const help = V.moveHelp(state).find((m) => m.cell === key);
  if (!help) {
    ui.selected = null;
    paint(state);
    return;
  }
  if (ui.selected === key) drive(key);
  else {
    ui.selected = key;
    paint(state);
  }
}

// ---- painting ------------------------------------------------------------------------

function costLabel(n) {
  if (!n) return t("ctl.free");
  return n === 1 ? t("ctl.cost1") : t("ctl.cost", { n });
}

function boardTargets(state, c) {
  const car = V.cars(state).find((x) => x.seat === V.actingSeat(state));
  if (c.faces.length && car && car.cell) {
    return c.faces.map((a) => ({ cell: cellKey(V.neighbour(car.cell, a.direction)), label: DIR_ARROWS[a.direction], tone: "step" }));
  }
  if (!c.steps.length) return [];
  const help = V.moveHelp(state);
  if (ui.mode === "step" || !help.length) {
    if (!car || !car.cell) return [];
    return c.steps.map((a) => ({ cell: cellKey(V.neighbour(car.cell, a.direction)), label: "", tone: "step" }));
  }
  return help.map((m) => ({ cell: m.cell, label: m.cost ? String(m.cost) : "✓", tone: m.cost ? "cost" : "free" }));
}

function paintBoard(state, c) {
  if (!board || !ui.trackLoaded) return;
  const names = new Map(V.players(state).map((p) => [p.seat, p.name]));
  const cars = V.cars(state).map((car) => ({ ...car, name: car.name || names.get(car.seat) }));
  const targets = state.legal_actions.length && !ui.busy ? boardTargets(state, c) : [];
  if (ui.selected && !targets.some((x) => x.cell === ui.selected)) ui.selected = null;
  const sel = ui.selected ? V.moveHelp(state).find((m) => m.cell === ui.selected) : null;
  board.draw({
    cars,
    targets,
    selected: ui.selected,
    path: sel ? sel.path : null,
    active: V.isFinished(state) ? null : V.actingSeat(state),
  });
  const hint = $("board-hint");
  if (targets.length && !ui.selected) {
    hint.textContent = c.faces.length ? t("ctl.heading") : ui.mode === "step" ? t("ctl.pick_step") : t("ctl.pick_cell");
    hint.hidden = false;
  } else hint.hidden = true;
}

function paintDice(state, c) {
  const live = V.dice(state);
  const seat = V.actingSeat(state);
  const car = V.cars(state).find((x) => x.seat === seat);
  const gear = car && car.gear;
  const total = V.diceTotal(state) ?? sumDice(live);
  if (live) ui.lastRoll = { seat, dice: live, total, shown56: V.shown56(state) };
  const stale = !live && ui.lastRoll && ui.lastRoll.seat !== seat ? ui.lastRoll : null;
  const rolling = state.to_act === "chance" && state.dice === "digital";
  const host = $("dice");
  renderDice(host, live || (stale && stale.dice), { rolling, placeholders: gear || 1 });
  host.classList.toggle("is-stale", !!stale);
  $("gear").replaceChildren(...(gear ? [document.createTextNode(t("ctl.gear")), h("b", {}, String(gear))] : []));
  const el = $("total");
  const shownTotal = live ? total : stale ? stale.total : 0;
  el.className = `total${shownTotal >= 10 ? " fast" : shownTotal >= 7 ? " reckless" : ""}${stale ? " is-stale" : ""}`;
  if (stale) el.textContent = t("dice.rolled", { name: V.nameOf(state, stale.seat), n: stale.total });
  else el.textContent = live && total ? t("dice.total", { n: total }) : "";
  const left = V.movesLeft(state);
  if (live && left !== null && (c.steps.length || c.stop)) el.appendChild(h("span", { class: "left" }, t("ctl.moves_left", { n: left })));
  const n56 = live ? V.shown56(state) : stale ? stale.shown56 : 0;
  const extra = $("reroll");
  extra.textContent = n56 ? t("dice.shown56", { n: n56 }) : "";
  extra.hidden = !n56;
}

function sumDice(dice) {
  if (!dice) return 0;
  const list = Array.isArray(dice) ? dice : dice.dice || dice.values || [];
  return list.reduce((s, d) => s + (typeof d === "number" ? d : d && typeof d.value === "number" ? d.value : 0), 0);
}

function button(text, { cls = "", onclick, sub = null, disabled = false, attrs = {} } = {}) {
  return h(
    "button",
    { type: "button", class: `button ${cls}`, onclick, disabled: disabled || ui.busy ? true : null, ...attrs },
    h("span", {}, text),
    sub ? h("span", { class: "sub" }, sub) : null,
  );
}

function paintControls(state, c) {
  const primary = $("primary-actions");
  const secondary = $("secondary-actions");
  const prim = [];
  const sec = [];
  const car = V.cars(state).find((x) => x.seat === V.actingSeat(state));
  const gear = (car && car.gear) || 1;

  // Real dice: one button per face; each 5 or 6 is entered too.
  const real = c.dice.length > 0;
  $("real-dice").hidden = !real;
  if (real) {
    const values = new Set(c.dice.map((a) => a.value));
    const pad = $("pad");
    pad.replaceChildren(
      ...[1, 2, 3, 4, 5, 6].map((v) => {
        const b = h("button", {
          type: "button",
          "data-value": v,
          "aria-label": String(v),
          disabled: !values.has(v) || ui.busy ? true : null,
          onclick: () => run(() => send(c.dice.find((a) => a.value === v))),
        });
        renderDice(b, [v]);
        return b;
      }),
    );
  }

  if (c.trial) prim.push(trialControl(c.trial));
  if (c.roll) {
    const n = gear;
    prim.push(
      button(t("ctl.roll_n", { n, dice: n === 1 ? t("ctl.die") : t("ctl.dice") }), {
        cls: "primary roll",
        attrs: { id: "roll", "data-action": "roll" },
        onclick: () => run(() => send(c.roll)),
      }),
    );
  }
  if (c.shiftUp)
    sec.push(button(`▲ ${t("ctl.shift_up")}`, { attrs: { "data-action": "shift-up" }, sub: `${gear} → ${gear + 1}`, onclick: () => run(() => send(c.shiftUp)) }));
  if (c.shiftDown)
    sec.push(
      button(`▼ ${t("ctl.shift_down")}`, { attrs: { "data-action": "shift-down" }, sub: `${gear} → ${gear - 1}`, onclick: () => run(() => send(c.shiftDown)) }),
    );
  for (const a of c.announces) {
    const after = a.what === "shift_up" ? gear + 1 : a.what === "shift_down" ? gear - 1 : null;
    const [da, en] = announcement(a.what, after);
    sec.push(
      button(`“${da}”`, {
        cls: "announce",
        sub: en,
        attrs: { "data-action": `announce-${a.what}` },
        onclick: () => run(() => send(a)),
      }),
    );
  }
  if (c.faces.length) {
    for (const a of c.faces)
      sec.push(button(`${DIR_ARROWS[a.direction]} ${DIR_NAMES[a.direction]}`, { attrs: { "data-action": `face-${a.direction}` }, onclick: () => run(() => send(a)) }));
  }
  if (c.stop)
    sec.push(button(`■ ${t("ctl.stop")}`, { cls: "warn", attrs: { id: "stop", "data-action": "stop" }, onclick: () => run(() => send(c.stop)) }));
  if (c.pass) prim.push(button(label(c.pass), { cls: "primary", attrs: { "data-action": "pass" }, onclick: () => run(() => send(c.pass)) }));
  for (const a of c.other) sec.push(button(label(a), { attrs: { "data-action": a.kind }, onclick: () => run(() => send(a)) }));

  if (!state.legal_actions.length && !V.isFinished(state)) {
    const mine = state.role === "seat" && state.to_act !== state.seat;
    if (mine) prim.push(h("p", { class: "hint" }, t("ctl.not_yours")));
  }
  primary.replaceChildren(...prim);
  secondary.replaceChildren(...sec);

  // Driving: the mode switch and the confirm bar.
  const moving = c.steps.length > 0 && V.moveHelp(state).length > 0;
  $("mode-row").hidden = !moving;
  for (const b of $("mode-row").querySelectorAll("[data-mode]")) b.setAttribute("aria-checked", String(b.dataset.mode === ui.mode));
  const sel = ui.selected ? V.moveHelp(state).find((m) => m.cell === ui.selected) : null;
  $("drive-bar").hidden = !sel;
  if (sel) {
    const steps = sel.dirs ? sel.dirs.length : Math.max(0, sel.path.length - 1);
    const bits = [`${steps} →`, costLabel(sel.cost)];
    if (sel.squeals) bits.push(`${sel.squeals}× ${lang() === "da" ? "hvin" : "squeal"}`);
    if (sel.offTrack) bits.push(lang() === "da" ? "af banen!" : "off the track!");
    $("drive-text").textContent = bits.join(" · ");
    $("drive-go").disabled = ui.busy;
  }
}

function trialControl(action) {
  const wrap = h("div", { class: "trial" });
  const shown = h("span", { class: "trial-time" }, "0.0 s");
  const tick = () => {
    if (ui.trialStart) shown.textContent = `${((performance.now() - ui.trialStart) / 1000).toFixed(1)} s`;
  };
  const running = !!ui.trialStart;
  const startStop = button(running ? `⏱ ${t("trial.stop")}` : `⏱ ${t("trial.start")}`, {
    cls: `primary roll${running ? " is-running" : ""}`,
    attrs: { "data-action": "time-trial" },
    onclick: () => {
      if (!ui.trialStart) {
        ui.trialStart = performance.now();
        ui.trialTimer = setInterval(tick, 100);
        paint(conn.state);
      } else {
        const seconds = Math.max(0.1, Math.round((performance.now() - ui.trialStart) / 100) / 10);
        clearInterval(ui.trialTimer);
        ui.trialStart = null;
        run(() => send({ ...action, seconds }));
      }
    },
  });
  const typed = h("input", { class: "input", type: "number", min: "0.1", step: "0.1", inputmode: "decimal", placeholder: t("trial.typed"), "aria-label": t("trial.typed") });
  const enter = button(t("trial.enter"), {
    onclick: () => {
      const seconds = Number(typed.value);
      if (seconds > 0) run(() => send({ ...action, seconds }));
    },
  });
  tick();
  wrap.append(
    h("p", { class: "trial-title" }, t("trial.title")),
    shown,
    startStop,
    h("div", { class: "trial-typed" }, typed, enter),
  );
  return wrap;
}

function paintWho(state) {
  const who = $("who");
  if (state.role === "host") who.replaceChildren(h("b", {}, t("host")));
  else if (state.role === "seat") who.replaceChildren(document.createTextNode(`${t("you")}: `), h("b", {}, V.nameOf(state, state.seat)));
  else who.textContent = "";
}

function paintJoin(state) {
  const token = currentToken();
  const code = tokens.join_code;
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
  const link = code ? `${location.origin}/join/${code}` : "";
  $("join-link").textContent = link ? link.replace(/^https?:\/\//, "") : "";
  $("join-link").href = link || "#";
  $("watch-link").href = `/watch/${encodeURIComponent(gameId)}${code ? `#code=${encodeURIComponent(code)}` : ""}`;
  const qr = $("qr");
  const src = `${api.qrUrl(gameId)}?token=${encodeURIComponent(token)}`;
  if (qr.getAttribute("src") !== src) qr.src = src;
  card.classList.toggle("all-seated", !free);
}

/** Sorts the legal actions; at a real-dice chance point only the die faces count. */
function controlsFor(state) {
  const c = classify(state.legal_actions);
  if (state.to_act !== "chance") return c;
  const mayRoll =
    state.dice === "real" &&
    (state.role === "host" || (state.role === "seat" && (state.roller === null || state.roller === undefined || state.roller === state.seat)));
  const dice = c.dice.length ? c.dice : mayRoll ? [1, 2, 3, 4, 5, 6].map((value) => ({ kind: "die", value })) : [];
  return { ...classify([]), dice };
}

function paint(state) {
  if (!state) return;
  const c = controlsFor(state);
  const turnKey = `${V.actingSeat(state)}:${state.to_act}`;
  if (turnKey !== ui.lastTurnKey) {
    ui.lastTurnKey = turnKey;
    ui.selected = null;
  }
  renderTurn({ banner: $("turn"), cap: $("turn-cap"), title: $("turn-title"), sub: $("turn-sub") }, state, {
    me: state.role === "seat" ? state.seat : null,
    host: state.role === "host",
  });
  paintWho(state);
  paintBoard(state, c);
  paintDice(state, c);
  paintControls(state, c);
  renderStandings($("standings"), state);
  renderDrinks($("drinks"), state);
  renderLog($("log"), state);
  renderResult({ card: $("result"), winner: $("winner") }, state);
  paintJoin(state);
  document.body.dataset.seq = String(state.seq);
  document.body.dataset.toAct = state.to_act === null ? "none" : String(state.to_act);
  document.body.dataset.finished = String(!!state.finished);
}

async function loadBoard(state) {
  const track = V.trackId(state);
  board = new Board($("board"), { onCell });
  const ok = await board.load(track ? api.trackSvgUrl(state.game, track) : null, V.trackCells(state));
  ui.trackLoaded = ok;
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
  for (const b of $("mode-row").querySelectorAll("[data-mode]")) {
    b.addEventListener("click", () => {
      ui.mode = b.dataset.mode;
      ui.selected = null;
      paint(conn.state);
    });
  }
  $("drive-go").addEventListener("click", () => ui.selected && drive(ui.selected));
  $("drive-cancel").addEventListener("click", () => {
    ui.selected = null;
    paint(conn.state);
  });
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
  await loadBoard(conn.state);
  conn.onState((s) => paint(s));
  conn.start().catch(() => {});
}

main();
