// Rallyman's web module (the interface is documented in the platform's games.js): the
// stage drawn by the server from its tiles with the cars on it, the driver's dashboard
// and time stack, a big button for every legal die with its exact risk of losing
// control, the plans of the turn, time attack and secured dice, real-dice entry (clean
// or hazard per die), the live stage-times board (on the TV scoreboard too), and for
// solo rallies the personal bests and a ghost of an earlier run (solo.js).

import { t } from "/static/i18n.js";
import { h } from "/static/panels.js";
import * as V from "/static/view.js";
import { StagePicture } from "./stage.js";
import { dashboard, clock, stageTimes, carOf, timesOf, timesOrder } from "./dash.js";
import { controls } from "./controls.js";
import * as Solo from "./solo.js";

export { strings } from "./strings.js";

export const id = "rallyman";
export const styles = [new URL("./board.css", import.meta.url).href, new URL("./times.css", import.meta.url).href];

const FACE = (hazard) => (hazard ? "H" : ".");

/** Returns the notation of a Rallyman action, e.g. "secure G → t0:s04". */
export function actionLabel(action) {
  switch (action.kind) {
    case "tyres":
      return `tyres ${action.tyres}`;
    case "roll":
      return `${action.secured ? "secure" : "roll"} ${action.die} → ${action.to}`;
    case "attack":
      return `attack ${action.dice}`;
    case "place":
      return `place ${action.die}${FACE(action.hazard)} → ${action.to}`;
    case "sisu":
      return action.play ? "play SISU" : "keep SISU";
    case "face":
      return `face ${FACE(action.hazard)}`;
    case "faces":
      return `faces ${action.faces}`;
    case "back":
      return `back ${action.outcome}`;
    case "shortcut":
      return `card ${action.card}`;
    default:
      return String(action.kind);
  }
}

/** The seat whose car the page follows: the driver on turn, else the viewer's own. */
function focusSeat(state) {
  const view = state.view || {};
  if (view.turn && typeof view.turn.seat === "number") return view.turn.seat;
  if (typeof state.to_act === "number") return state.to_act;
  if (state.role === "seat" && typeof state.seat === "number") return state.seat;
  return null;
}

function isSolo(state) {
  return ((state.view && state.view.cars) || []).length === 1;
}

export async function createBoard(ctx) {
  let state = ctx.state;
  const acting = ctx.page === "room";
  const frameHost = h("div", { class: "rm-stage" });
  const zoom = h("button", { type: "button", class: "chip-button rm-zoom", "data-action": "rm-zoom" });
  const ghostNote = h("p", { class: "rm-ghost-note", hidden: true });
  ctx.board.classList.add("rm-board");
  ctx.board.replaceChildren(frameHost, zoom, ghostNote);
  const picture = new StagePicture(frameHost);
  if (!acting) picture.zoomed = 0.5; // a spectator's screen shows the whole stage sooner
  const panel = acting && ctx.controls ? h("div", { class: "rm-controls" }) : null;
  if (panel) ctx.controls.replaceChildren(panel);
  let ghost = { run: undefined, trace: null }; // run undefined: not decided yet
  let solo = [];

  window.addEventListener("rm-ghost", () => {
    ghost = { run: undefined, trace: null };
    loadGhost();
  });
  zoom.addEventListener("click", () => {
    picture.whole = !picture.whole;
    ctx.repaint();
  });

  function ghostRun() {
    if (!isSolo(state)) return null;
    const chosen = Solo.ghostChoice(state.id);
    if (chosen === "") return null;
    if (chosen) return chosen;
    const view = state.view || {};
    const best = Solo.bests(solo, carOf(state, 0).name || "").find((b) => b.stage === view.stage && b.run !== state.id);
    return best ? best.run : null;
  }

  async function loadGhost() {
    const run = ghostRun();
    if (run === ghost.run) return;
    ghost = { run, trace: null };
    const trace = run ? await Solo.traceOf(run) : null;
    if (ghost.run !== run) return;
    ghost.trace = trace;
    ctx.repaint();
  }

  if (isSolo(state)) {
    Solo.runs().then((list) => {
      solo = list;
      loadGhost();
      ctx.repaint();
    });
  }

  let retries = 0;
  function drawBoard() {
    if (picture.root && !picture.calibrate()) {
      if (retries++ < 120) requestAnimationFrame(drawBoard); // not laid out yet
      return;
    }
    retries = 0;
    const view = state.view || {};
    const seat = focusSeat(state);
    const dashes = view.dashboards || [];
    const cars = (view.cars || [])
      .filter((c) => c.status === "racing" && c.space && c.space !== "finish")
      .map((c) => ({
        seat: c.seat,
        name: c.name,
        at: c.space,
        off: c.off,
        heading: (dashes[c.seat] || {}).heading,
        active: c.seat === seat && view.phase === "race",
      }));
    const marks = acting && !ctx.busy() ? targetMarks(state) : [];
    const table = view.table || {};
    if (table.pending_to) marks.push({ at: table.pending_to, label: `${table.pending} ?`, tone: "low" });
    let shade = null;
    const ghostNow = ghost.trace ? Solo.ghostAt(ghost.trace, view.stage, (dashes[0] || {}).turns || 0) : null;
    if (ghostNow && ghostNow.at !== "finish" && ghostNow.at !== "out") shade = { seat: -1, name: t("rm.ghost"), at: ghostNow.at, off: ghostNow.off, heading: null };
    picture.draw({ cars, ghost: shade, marks });
    paintGhostNote(ghostNow);
    const focus = [...marks.map((m) => m.at), ...cars.filter((c) => c.seat === seat).map((c) => c.at)];
    const cropped = picture.frame(focus.length ? focus : cars.map((c) => c.at));
    zoom.hidden = !cropped && !picture.whole;
    zoom.textContent = picture.whole ? t("rm.follow") : t("rm.whole");
  }

  function paintGhostNote(now) {
    const car = carOf(state, 0);
    if (!now || !car) {
      ghostNote.hidden = true;
      return;
    }
    const gap = now.time - car.stage_time;
    const words = gap > 0 ? t("rm.ghost_ahead", { n: gap }) : gap < 0 ? t("rm.ghost_behind", { n: -gap }) : t("rm.ghost_level");
    ghostNote.textContent = now.final !== null && now.at === "finish"
      ? t("rm.ghost_done", { time: clock(now.final) })
      : t("rm.ghost_gap", { n: now.turn, gap: words });
    ghostNote.hidden = false;
  }

  let shownKey = "";
  return {
    paint(next) {
      state = next;
      const view = state.view || {};
      if (V.isFinished(state)) Solo.remember(state);
      const key = view.picture ? `${view.picture.track}#${view.picture.stage}` : "";
      if (key !== shownKey) {
        shownKey = key;
        picture.show(view.picture).then(() => drawBoard());
      } else {
        picture.translate();
        drawBoard();
      }
      if (isSolo(state)) loadGhost();
      if (!panel) return;
      panel.replaceChildren(...controls(state, ctx), dashboard(state, focusSeat(state)));
      // Once the rally is over there is nothing to do: the results are in the panels.
      const card = ctx.controls.closest(".card");
      if (card) card.hidden = V.isFinished(state) && focusSeat(state) === null;
      if (ctx.hint) ctx.hint.hidden = true;
    },
  };
}

/** The targets of the legal dice on the board: label = the dice, tone = the worst risk. */
function targetMarks(state) {
  const view = state.view || {};
  const risk = view.risk || {};
  const by = new Map();
  for (const a of state.legal_actions || []) {
    if ((a.kind !== "roll" && a.kind !== "place") || a.secured) continue;
    const key = a.kind === "roll" ? `roll ${a.die} ${a.to}` : null;
    const p = key && risk[key] ? fraction(risk[key]) : 0;
    const mark = by.get(a.to) || { at: a.to, dice: new Set(), worst: 0 };
    mark.dice.add(a.kind === "place" ? `${a.die}${a.hazard ? "!" : ""}` : a.die);
    mark.worst = Math.max(mark.worst, p);
    by.set(a.to, mark);
  }
  return [...by.values()].map((m) => ({ at: m.at, label: [...m.dice].join(" "), tone: tone(m.worst) }));
}

export function fraction(text) {
  const m = String(text).match(/^(\d+)\/(\d+)$/);
  return m ? Number(m[1]) / Number(m[2]) : 0;
}

export function tone(p) {
  if (p <= 0) return "safe";
  if (p >= 1) return "sure";
  return p >= 0.3 ? "high" : "low";
}

/** The standings: stage time now (or the rally time once it is over). */
export function panels(st) {
  const view = st.view || {};
  const cars = view.cars || [];
  const cards = cars.length ? [{ id: "rm-times", title: t("rm.times_title"), node: stageTimes(st) }] : [];
  if (isSolo(st)) cards.push({ id: "rm-bests", title: t("rm.pb_title"), node: Solo.bestsCard(st) });
  const done = V.resultStandings(st);
  if (done.length) {
    return {
      cards,
      standings: done.map((s) => ({
        seat: s.seat,
        place: s.place,
        meta: [[t("rm.total"), s.detail && s.detail.rally_time !== null && s.detail.rally_time !== undefined ? clock(s.detail.rally_time) : t("rm.dnf")]],
      })),
    };
  }
  const order = (view.order && view.order.length ? view.order : cars.map((c) => c.seat)).filter((s) => cars[s]);
  const out = { cards, standings: order.map((seat) => ({ seat, place: "", meta: standingMeta(cars[seat]) })) };
  const turn = view.turn;
  if (turn && view.phase === "race" && st.to_act !== null) {
    const car = cars[turn.seat];
    const dash = (view.dashboards || [])[turn.seat] || {};
    out.actor = turn.seat;
    out.turn = {
      title: `${car.name} · ${t("rm.stage_of", { n: view.stage_number, total: (view.stages || []).length, name: stageName(view) })}`,
      sub: t("rm.turn_sub", { gear: turn.gear || t("rm.neutral"), h: turn.hazards, limit: dash.limit ?? 3, time: clock(car.stage_time) }),
    };
  }
  return out;
}

function standingMeta(car) {
  if (car.status === "racing") return [[t("rm.gear"), car.gear || t("rm.neutral")], ["", clock(car.stage_time)]];
  return [["", t(`rm.status.${car.status}`)]];
}

function stageName(view) {
  const s = (view.stages || [])[view.stage_number - 1];
  return s ? s.name : view.stage;
}

/** The TV scoreboard: nobody drinks in Rallyman; the stage times take the drinks' place. */
export function scoreboard(st) {
  const view = st.view || {};
  const stages = view.stages || [];
  const columns = [...stages.map((_, i) => ({ key: `ss${i + 1}`, label: `SS${i + 1}` })), { key: "total", label: t("rm.total") }];
  const rows = timesOrder(view).map((car) => {
    const times = timesOf(view, car);
    const values = Object.fromEntries(times.cells.map((c, i) => [`ss${i + 1}`, c.text]));
    return { seat: car.seat, values: { ...values, total: times.total } };
  });
  return { drinks: false, table: { title: t("rm.times_title"), columns, rows } };
}
