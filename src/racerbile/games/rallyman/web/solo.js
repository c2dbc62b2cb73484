// Solo rallies against the clock (RM-SOLO-1): the finished one-driver rallies this device
// started (the platform keeps each game's tokens in localStorage as racerbile.game.<id>,
// and the server keeps every record: seed and moves). Their stage times give the personal
// bests per stage and driver; the trace of one of them (where each turn ended, from the
// finished game's view) is the ghost of a new run.

import { api } from "/static/api.js";
import { t } from "/static/i18n.js";
import { h } from "/static/panels.js";
import { clock } from "./dash.js";

const RUN_KEY = "racerbile.rallyman.run."; // + game id -> a finished run's summary
const GHOST_KEY = "racerbile.rallyman.ghost."; // + game id -> the run chosen as its ghost
const MAX_RUNS = 30; // runs looked at (newest first)
const MAX_TRACE = 2000; // trace points read from a run
const ID = /^[A-Za-z0-9_-]{1,64}$/;

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode: no bests kept */
  }
}

/** Returns the one-driver game's summary {id, name, at, stages: [{id, time}]} of a finished envelope. */
export function summary(state) {
  const view = state.view || {};
  const cars = view.cars || [];
  if (!state.finished || cars.length !== 1 || view.game !== "rallyman") return null;
  const stages = (view.stages || []).map((s, i) => ({ id: String(s.id), time: cars[0].stage_times[i] ?? null }));
  return { id: state.id, name: String(cars[0].name), at: Date.now(), rally: String(view.rally), stages };
}

/** Remembers a finished solo run seen on this page. */
export function remember(state) {
  const run = summary(state);
  if (run && ID.test(run.id) && !read(RUN_KEY + run.id)) write(RUN_KEY + run.id, run);
}

function candidateIds() {
  const found = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith("racerbile.game.")) continue;
    const id = key.slice("racerbile.game.".length);
    const entry = read(key) || {};
    if (ID.test(id) && entry.game === "rallyman") found.push({ id, created: Number(entry.created) || 0 });
  }
  return found.sort((a, b) => b.created - a.created).slice(0, MAX_RUNS);
}

let loading = null;
let known = []; // the runs once loaded

/** Returns the finished solo runs known on this device, asking the server about new ones. */
export function runs() {
  if (!loading) loading = collect();
  return loading;
}

async function collect() {
  const out = [];
  for (const { id } of candidateIds()) {
    let run = read(RUN_KEY + id);
    if (!run) {
      try {
        run = summary(await api.get(id, null));
      } catch {
        run = null;
      }
      if (run) write(RUN_KEY + id, run);
    }
    if (run && Array.isArray(run.stages)) out.push(run);
  }
  known = out;
  return out;
}

/** Returns the personal bests [{stage, name, best, run, count}] of ``name`` ("" = everybody). */
export function bests(list, name = "") {
  const by = new Map();
  for (const run of list) {
    if (name && run.name.toLowerCase() !== name.toLowerCase()) continue;
    for (const s of run.stages) {
      if (typeof s.time !== "number") continue;
      const key = `${s.id}|${run.name.toLowerCase()}`;
      const now = by.get(key) || { stage: s.id, name: run.name, best: Infinity, run: null, count: 0 };
      now.count += 1;
      if (s.time < now.best) Object.assign(now, { best: s.time, run: run.id });
      by.set(key, now);
    }
  }
  return [...by.values()].sort((a, b) => a.stage.localeCompare(b.stage) || a.best - b.best);
}

/** Returns the ghost chosen for game ``id``: a run id, "" for none, null for the best run. */
export function ghostChoice(id) {
  const v = read(GHOST_KEY + id);
  return typeof v === "string" ? v : null;
}

export function chooseGhost(id, runId) {
  write(GHOST_KEY + id, runId === null ? null : String(runId));
}

const traces = new Map(); // run id -> Promise<{stages, points}>

/** Returns a run's trace: {stages: [id], points: [[stage, seat, turn, at, off, time]]}. */
export function traceOf(runId) {
  if (!ID.test(runId)) return Promise.resolve(null);
  if (!traces.has(runId)) {
    traces.set(
      runId,
      api
        .get(runId, null)
        .then((st) => {
          const view = st.view || {};
          const points = (view.trace || []).slice(0, MAX_TRACE).filter((p) => Array.isArray(p) && p.length === 6);
          return { stages: (view.stages || []).map((s) => String(s.id)), points };
        })
        .catch(() => null),
    );
  }
  return traces.get(runId);
}

/** Returns where the ghost stood after ``turns`` turns of stage ``stageId``, or null:
 * {at, off, time, turn, final} (final: its stage time if it finished the stage). */
export function ghostAt(trace, stageId, turns) {
  if (!trace || turns < 1) return null;
  const index = trace.stages.indexOf(stageId);
  if (index < 0) return null;
  const mine = trace.points.filter((p) => p[0] === index && p[1] === 0);
  if (!mine.length) return null;
  const last = mine[mine.length - 1];
  const point = mine.find((p) => p[2] === turns) || (turns > last[2] ? last : null);
  if (!point) return null;
  const final = last[3] === "finish" ? last[5] : null;
  return { at: point[3], off: point[4], time: point[5], turn: point[2], final };
}

/** The personal-bests card of a solo rally: this driver's best time per stage of the
 * rally, and the ghost to race (the best run by default). */
export function bestsCard(state) {
  const view = state.view || {};
  const name = String(((view.cars || [])[0] || {}).name || "");
  const stageIds = (view.stages || []).map((s) => String(s.id));
  const mine = bests(known, name).filter((b) => stageIds.includes(b.stage));
  const rows = (view.stages || []).map((s, i) => {
    const best = mine.find((b) => b.stage === String(s.id));
    return h(
      "tr",
      { "data-stage": s.id },
      h("th", {}, `SS${i + 1} ${s.name}`),
      h("td", { class: "rm-best" }, best ? clock(best.best) : "–"),
      h("td", { class: "muted" }, best ? t(best.count === 1 ? "rm.pb_run" : "rm.pb_runs", { n: best.count }) : ""),
    );
  });
  const others = known.filter((r) => r.id !== state.id && r.stages.some((s) => s.id === view.stage && typeof s.time === "number"));
  const chosen = ghostChoice(state.id);
  const timeOn = (run) => clock((run.stages.find((s) => s.id === view.stage) || {}).time);
  const options = [
    h("option", { value: "best", selected: chosen === null ? true : null }, t("rm.ghost_best", { time: bestOf(mine, view.stage) })),
    ...others.slice(0, 12).map((r) =>
      h("option", { value: r.id, selected: chosen === r.id ? true : null }, t("rm.ghost_run", { date: new Date(r.at).toLocaleDateString(), time: timeOn(r) })),
    ),
    h("option", { value: "", selected: chosen === "" ? true : null }, t("rm.ghost_off")),
  ];
  const select = h(
    "select",
    {
      class: "rm-ghost-select",
      "data-action": "rm-ghost",
      onchange: (ev) => {
        const v = ev.target.value;
        chooseGhost(state.id, v === "best" ? null : v);
        window.dispatchEvent(new CustomEvent("rm-ghost"));
      },
    },
    options,
  );
  return h(
    "div",
    { class: "rm-bests" },
    mine.length
      ? h("table", { class: "rm-times-table" }, h("thead", {}, h("tr", {}, h("th", {}, t("rm.pb_stage")), h("th", {}, t("rm.pb_best")), h("th", {}, ""))), h("tbody", {}, rows))
      : h("p", { class: "muted small" }, t("rm.pb_none")),
    state.finished ? null : h("label", { class: "rm-ghost-pick" }, h("span", {}, `${t("rm.ghost")} `), select),
  );
}

function bestOf(list, stageId) {
  const b = list.find((x) => x.stage === stageId);
  return b ? clock(b.best) : "–";
}
