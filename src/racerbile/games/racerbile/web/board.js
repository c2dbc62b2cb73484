// Racerbile's web module (the interface is documented in the platform's games.js): the
// hexagon board with bottle caps, the dice, the gear, the drive-to-a-cell help,
// announcements and the time trial; its panels, setup form and referee console are in
// the sibling modules.

import { api } from "/static/api.js";
import { t, lang, applyStatic } from "/static/i18n.js";
import { Board, parseCell, cellKey } from "/static/board.js";
import { renderDice } from "/static/dice.js";
import { h } from "/static/panels.js";
import { classify, announcement, label, DIR_ARROWS, DIR_NAMES } from "./actions.js";
import * as V from "./view.js";

export { strings } from "./strings.js";
export { panels } from "./panels.js";
export { setupForm } from "./setup.js";
export { refereeConsole } from "./referee.js";
export { label as actionLabel } from "./actions.js";

export const id = "racerbile";
export const styles = [new URL("./board.css", import.meta.url).href];
export const dice = true;

const CONTROLS = `
  <div class="dice-row">
    <div class="dice" id="dice"></div>
    <div class="dice-meta">
      <div class="gear" id="gear"></div>
      <div class="total" id="total"></div>
      <div class="reroll" id="reroll" hidden></div>
    </div>
  </div>
  <div class="real-dice" id="real-dice" hidden>
    <p class="label" data-i18n="ctl.real_dice">What do the real dice show?</p>
    <div class="pad" id="pad"></div>
    <div class="entered" id="entered"></div>
    <p class="muted small" data-i18n="ctl.real_hint">Enter each die; every 5 and 6 counts before its re-roll.</p>
  </div>
  <div class="action-row" id="primary-actions"></div>
  <div class="drive-bar" id="drive-bar" hidden>
    <span class="drive-text" id="drive-text"></span>
    <button type="button" class="button ghost" id="drive-cancel" data-i18n="ctl.cancel">Cancel</button>
    <button type="button" class="button primary" id="drive-go" data-i18n="ctl.drive">Drive here</button>
  </div>
  <div class="mode-row" id="mode-row" hidden>
    <div class="segmented small" role="radiogroup">
      <button type="button" role="radio" data-mode="path" aria-checked="true" data-i18n="ctl.path_mode">Tap a destination</button>
      <button type="button" role="radio" data-mode="step" aria-checked="false" data-i18n="ctl.step_mode">Cell by cell</button>
    </div>
  </div>
  <div class="action-row secondary" id="secondary-actions"></div>`;

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

function sumDice(dice) {
  if (!dice) return 0;
  const list = Array.isArray(dice) ? dice : dice.dice || dice.values || [];
  return list.reduce((s, d) => s + (typeof d === "number" ? d : d && typeof d.value === "number" ? d.value : 0), 0);
}

function costLabel(n) {
  if (!n) return t("ctl.free");
  return n === 1 ? t("ctl.cost1") : t("ctl.cost", { n });
}

export async function createBoard(ctx) {
  const ui = {
    mode: "path", // "path": tap a destination; "step": one cell per tap
    selected: null, // "q,r" chosen destination (path mode)
    trialStart: null,
    trialTimer: null,
    trialShown: null, // the stopwatch's figure now on screen
    lastRoll: null,
    lastTurnKey: "",
    loaded: false,
  };
  const acting = ctx.page === "room";
  let state = ctx.state;
  const $ = (id) => (ctx.controls ? ctx.controls.querySelector(`#${id}`) : null);

  const onCell = (key) => {
    if (!acting || !state || ctx.busy()) return;
    const c = controlsFor(state);
    const car = V.cars(state).find((x) => x.seat === V.actingSeat(state));
    // Choosing a heading: tap the neighbour cell in that direction.
    if (c.faces.length && car && car.cell) {
      const d = V.directionBetween(car.cell, parseCell(key));
      const a = c.faces.find((f) => f.direction === d);
      if (a) ctx.run(() => ctx.send(a));
      return;
    }
    if (!c.steps.length && !c.stop) return;
    if (ui.mode === "step" || !V.moveHelp(state).length) {
      if (!car || !car.cell) return;
      const d = V.directionBetween(car.cell, parseCell(key));
      const a = c.steps.find((s) => s.direction === d);
      if (a) ctx.run(() => ctx.send(a));
      return;
    }
    const help = V.moveHelp(state).find((m) => m.cell === key);
    if (!help) {
      ui.selected = null;
      ctx.repaint();
      return;
    }
    if (ui.selected === key) drive(key);
    else {
      ui.selected = key;
      ctx.repaint();
    }
  };

  const board = new Board(ctx.board, { onCell });
  const track = V.trackId(state);
  ui.loaded = await board.load(track ? api.trackSvgUrl(state.game, track) : null, V.trackCells(state));

  if (ctx.controls) {
    ctx.controls.innerHTML = CONTROLS;
    applyStatic(ctx.controls);
    for (const b of $("mode-row").querySelectorAll("[data-mode]")) {
      b.addEventListener("click", () => {
        ui.mode = b.dataset.mode;
        ui.selected = null;
        ctx.repaint();
      });
    }
    $("drive-go").addEventListener("click", () => ui.selected && drive(ui.selected));
    $("drive-cancel").addEventListener("click", () => {
      ui.selected = null;
      ctx.repaint();
    });
  }

  /** Drives along the best path to ``target`` (one step action per cell), then stops if due. */
  function drive(target) {
    const help = V.moveHelp(state).find((m) => m.cell === target);
    if (!help) return;
    const seat = V.actingSeat(state);
    ctx.run(async () => {
      const dirs = help.dirs || [];
      for (const d of dirs) {
        const st = ctx.current();
        if (V.actingSeat(st) !== seat || !classify(st.legal_actions).steps.some((a) => a.direction === d)) break;
        await ctx.send({ kind: "step", direction: d });
      }
      const st = ctx.current();
      const c = classify(st.legal_actions);
      if (V.actingSeat(st) === seat && c.stop && !c.steps.length) await ctx.send(c.stop);
      else if (V.actingSeat(st) === seat && c.stop && help.unmoved) await ctx.send(c.stop);
      ui.selected = null;
    });
  }

  function boardTargets(c) {
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

  function paintBoard(c) {
    if (!ui.loaded) return;
    const names = new Map(V.players(state).map((p) => [p.seat, p.name]));
    const cars = V.cars(state).map((car) => ({ ...car, name: car.name || names.get(car.seat) }));
    const targets = acting && state.legal_actions.length && !ctx.busy() ? boardTargets(c) : [];
    if (ui.selected && !targets.some((x) => x.cell === ui.selected)) ui.selected = null;
    const sel = ui.selected ? V.moveHelp(state).find((m) => m.cell === ui.selected) : null;
    board.draw({
      cars,
      targets,
      selected: ui.selected,
      path: sel ? sel.path : null,
      active: V.isFinished(state) ? null : V.actingSeat(state),
    });
    const hint = ctx.hint;
    if (!hint) return;
    if (targets.length && !ui.selected) {
      hint.textContent = c.faces.length ? t("ctl.heading") : ui.mode === "step" ? t("ctl.pick_step") : t("ctl.pick_cell");
      hint.hidden = false;
    } else hint.hidden = true;
  }

  function paintDice(c) {
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

  function button(text, { cls = "", onclick, sub = null, disabled = false, attrs = {} } = {}) {
    return h(
      "button",
      { type: "button", class: `button ${cls}`, onclick, disabled: disabled || ctx.busy() ? true : null, ...attrs },
      h("span", {}, text),
      sub ? h("span", { class: "sub" }, sub) : null,
    );
  }

  function paintControls(c) {
    const prim = [];
    const sec = [];
    const car = V.cars(state).find((x) => x.seat === V.actingSeat(state));
    const gear = (car && car.gear) || 1;
    const send = (a) => () => ctx.run(() => ctx.send(a));

    // Real dice: one button per face; each 5 or 6 is entered too.
    const real = c.dice.length > 0;
    $("real-dice").hidden = !real;
    if (real) {
      const values = new Set(c.dice.map((a) => a.value));
      $("pad").replaceChildren(
        ...[1, 2, 3, 4, 5, 6].map((v) => {
          const b = h("button", {
            type: "button",
            "data-value": v,
            "aria-label": String(v),
            disabled: !values.has(v) || ctx.busy() ? true : null,
            onclick: send(c.dice.find((a) => a.value === v)),
          });
          renderDice(b, [v]);
          return b;
        }),
      );
    }

    if (c.trial) prim.push(trialControl(c.trial));
    if (c.roll) {
      prim.push(
        button(t("ctl.roll_n", { n: gear, dice: gear === 1 ? t("ctl.die") : t("ctl.dice") }), {
          cls: "primary roll",
          attrs: { id: "roll", "data-action": "roll" },
          onclick: send(c.roll),
        }),
      );
    }
    if (c.shiftUp) sec.push(button(`▲ ${t("ctl.shift_up")}`, { attrs: { "data-action": "shift-up" }, sub: `${gear} → ${gear + 1}`, onclick: send(c.shiftUp) }));
    if (c.shiftDown)
      sec.push(button(`▼ ${t("ctl.shift_down")}`, { attrs: { "data-action": "shift-down" }, sub: `${gear} → ${gear - 1}`, onclick: send(c.shiftDown) }));
    for (const a of c.announces) {
      const after = a.what === "shift_up" ? gear + 1 : a.what === "shift_down" ? gear - 1 : null;
      const [da, en] = announcement(a.what, after);
      sec.push(button(`“${da}”`, { cls: "announce", sub: en, attrs: { "data-action": `announce-${a.what}` }, onclick: send(a) }));
    }
    for (const a of c.faces)
      sec.push(button(`${DIR_ARROWS[a.direction]} ${DIR_NAMES[a.direction]}`, { attrs: { "data-action": `face-${a.direction}` }, onclick: send(a) }));
    if (c.stop) sec.push(button(`■ ${t("ctl.stop")}`, { cls: "warn", attrs: { id: "stop", "data-action": "stop" }, onclick: send(c.stop) }));
    if (c.pass) prim.push(button(label(c.pass), { cls: "primary", attrs: { "data-action": "pass" }, onclick: send(c.pass) }));
    for (const a of c.other) sec.push(button(label(a), { attrs: { "data-action": a.kind }, onclick: send(a) }));

    if (!state.legal_actions.length && !V.isFinished(state) && state.role === "seat" && state.to_act !== state.seat)
      prim.push(h("p", { class: "hint" }, t("ctl.not_yours")));
    $("primary-actions").replaceChildren(...prim);
    $("secondary-actions").replaceChildren(...sec);

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
      $("drive-go").disabled = ctx.busy();
    }
  }

  function trialControl(action) {
    const wrap = h("div", { class: "trial" });
    const shown = h("span", { class: "trial-time", "aria-live": "off" }, "0.0 s");
    // Every paint draws a new control: the running stopwatch ticks whichever is on screen.
    ui.trialShown = shown;
    const tick = () => {
      if (ui.trialStart) ui.trialShown.textContent = `${((performance.now() - ui.trialStart) / 1000).toFixed(1)} s`;
    };
    const running = !!ui.trialStart;
    const startStop = button(running ? `⏱ ${t("trial.stop")}` : `⏱ ${t("trial.start")}`, {
      cls: `primary roll${running ? " is-running" : ""}`,
      attrs: { "data-action": "time-trial" },
      onclick: () => {
        if (!ui.trialStart) {
          ui.trialStart = performance.now();
          ui.trialTimer = setInterval(tick, 100);
          ctx.repaint();
        } else {
          const seconds = Math.max(0.1, Math.round((performance.now() - ui.trialStart) / 100) / 10);
          clearInterval(ui.trialTimer);
          ui.trialStart = null;
          ctx.run(() => ctx.send({ ...action, seconds }));
        }
      },
    });
    const typed = h("input", { class: "input", type: "number", min: "0.1", step: "0.1", inputmode: "decimal", placeholder: t("trial.typed"), "aria-label": t("trial.typed") });
    const enter = button(t("trial.enter"), {
      onclick: () => {
        const seconds = Number(typed.value);
        if (seconds > 0) ctx.run(() => ctx.send({ ...action, seconds }));
      },
    });
    tick();
    wrap.append(h("p", { class: "trial-title" }, t("trial.title")), shown, startStop, h("div", { class: "trial-typed" }, typed, enter));
    return wrap;
  }

  return {
    paint(next) {
      state = next;
      const turnKey = `${V.actingSeat(state)}:${state.to_act}`;
      if (turnKey !== ui.lastTurnKey) {
        ui.lastTurnKey = turnKey;
        ui.selected = null;
      }
      const c = acting ? controlsFor(state) : classify([]);
      paintBoard(c);
      if (ctx.controls) {
        paintDice(c);
        paintControls(c);
      }
      if (ctx.dice) renderDice(ctx.dice, V.dice(state), { rolling: state.to_act === "chance" && state.dice === "digital" });
    },
  };
}
