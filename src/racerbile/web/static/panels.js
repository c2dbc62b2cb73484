// Panels shared by the room and the spectator view: turn banner, standings,
// drinking table, event log, join card, connection dot.

import { t, lang } from "./i18n.js";
import { seatColor, inkOn, initials } from "./board.js";
import * as V from "./view.js";

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "style" && typeof v === "object") Object.assign(node.style, v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return node;
}

export function capDot(seat, name) {
  const color = seatColor(seat);
  return h("span", { class: "cap-dot", style: { background: color, color: inkOn(color) } }, initials(name));
}

/** Paints the turn banner. ``me`` is the viewer's seat (null for host or spectator). */
export function renderTurn(els, state, { me = null, host = false } = {}) {
  const toAct = state.to_act;
  const finished = V.isFinished(state);
  let seat = typeof toAct === "number" ? toAct : V.actingSeat(state);
  let title;
  let sub = "";
  if (finished) {
    title = t("turn.over");
    const st = V.standings(state);
    if (st.length) sub = t("result.winner", { name: V.nameOf(state, st[0].seat) });
    seat = st.length ? st[0].seat : null;
  } else if (toAct === "chance" && V.phase(state) === "order") {
    title = t("turn.order");
    sub = V.diceMode(state) === "real" ? t("ctl.real_hint") : "";
  } else if (toAct === "chance") {
    const who = seat !== null && seat !== undefined ? V.nameOf(state, seat) : "";
    title = V.diceMode(state) === "real" ? t("turn.real_dice", { name: who }) : t("turn.dice");
    sub = who && V.diceMode(state) !== "real" ? t("turn.of", { name: who }) : "";
  } else if (typeof toAct === "number") {
    const name = V.nameOf(state, toAct);
    const bot = V.players(state).find((p) => p.seat === toAct && p.bot);
    if (me !== null && me === toAct) {
      title = t("turn.yours");
      sub = name;
    } else if (bot) {
      title = t("turn.bot", { name });
    } else {
      title = t("turn.of", { name });
      if (host) sub = t("turn.pass", { name });
      else if (me !== null) sub = t("turn.waiting", { name });
    }
  } else {
    title = "…";
  }
  const color = seat !== null && seat !== undefined ? seatColor(seat) : "#6b7280";
  els.banner.style.setProperty("--seat", color);
  els.banner.dataset.seat = seat ?? "";
  els.banner.classList.toggle("is-mine", !finished && me !== null && me === toAct);
  els.cap.style.background = color;
  els.cap.style.color = inkOn(color);
  els.cap.textContent = seat !== null && seat !== undefined ? initials(V.nameOf(state, seat)) : "";
  els.title.textContent = title;
  els.sub.textContent = sub;
  document.title = `${title} · Racerbile`;
}

/** Paints the standings; ``custom(state)`` may give the rows, each with ``meta: [[label, value]]``. */
export function renderStandings(list, state, custom = null) {
  const rows = custom ? custom(state) : V.standings(state);
  const carBySeat = new Map(V.cars(state).map((c) => [c.seat, c]));
  const total = V.lapsTotal(state);
  const actor = typeof state.to_act === "number" ? state.to_act : V.actingSeat(state);
  list.replaceChildren(
    ...rows.map((s) => {
      const car = carBySeat.get(s.seat) || {};
      const name = V.nameOf(state, s.seat);
      const laps = s.laps ?? car.laps;
      const gear = s.gear ?? car.gear;
      const li = h(
        "li",
        {
          class: `standing${actor === s.seat && !V.isFinished(state) ? " is-turn" : ""}`,
          "data-seat": s.seat,
          style: { "--seat": seatColor(s.seat) },
        },
        h("span", { class: "pos" }, String(s.place ?? "")),
        capDot(s.seat, name),
        h("span", { class: "name" }, name),
        h(
          "span",
          { class: "meta" },
          s.meta ? s.meta.map(([k, v]) => h("span", {}, `${k} `, h("b", {}, String(v)))) : null,
          !s.meta && laps !== undefined && laps !== null
            ? h("span", {}, `${t("standings.lap")} `, h("b", {}, `${Math.max(0, laps)}${total ? `/${total}` : ""}`))
            : null,
          !s.meta && gear ? h("span", {}, `${t("standings.gear")} `, h("b", {}, String(gear))) : null,
        ),
      );
      return li;
    }),
  );
}

const lastSips = new Map();

export function renderDrinks(table, state) {
  const rows = V.drinks(state);
  const head = h(
    "thead",
    {},
    h(
      "tr",
      {},
      h("th", {}, t("table.player")),
      h("th", {}, t("table.sips")),
      h("th", {}, t("table.beers")),
      h("th", {}, t("table.left")),
      h("th", {}, t("table.caused")),
    ),
  );
  const body = h(
    "tbody",
    {},
    rows.map((r) => {
      const key = `${state.id}:${r.seat}`;
      const before = lastSips.get(key);
      lastSips.set(key, r.sips);
      const pct = Math.max(0, Math.min(100, (100 * r.left) / (r.size || 11)));
      return h(
        "tr",
        { "data-seat": r.seat, class: before !== undefined && before !== r.sips ? "flash" : "" },
        h("td", {}, h("span", { class: "player-cell" }, capDot(r.seat, r.name), r.name)),
        h("td", { class: "sips" }, String(r.sips)),
        h("td", {}, String(r.beers)),
        h(
          "td",
          { title: `${r.left}/${r.size}` },
          h("span", { class: "beer-bar" }, h("i", { style: { width: `${pct}%` } })),
          ` ${r.left}`,
        ),
        h("td", {}, String(r.caused)),
      );
    }),
  );
  table.replaceChildren(head, body);
}

let seenLog = new Set();

export function renderLog(list, state, { limit = 200 } = {}) {
  const entries = V.logEntries(state, lang());
  const shown = entries.slice(-limit).reverse();
  const fresh = new Set();
  list.replaceChildren(
    ...(shown.length
      ? shown.map((e) => {
          const id = `${state.id}:${e.key}`;
          fresh.add(id);
          const li = h(
            "li",
            {
              class: `${e.drink ? "is-drink" : ""}${seenLog.size && !seenLog.has(id) ? " new" : ""}`,
              style: e.seat !== null && e.seat !== undefined ? { "--seat": seatColor(e.seat) } : null,
            },
            e.text,
          );
          if (e.rule && !e.text.includes(e.rule)) li.appendChild(h("span", { class: "rule" }, `(${e.rule})`));
          return li;
        })
      : [h("li", { class: "muted" }, t("log.empty"))]),
  );
  seenLog = fresh;
}

/** Paints the race clock: the game's timer since the start (``timers``) and the last lap. */
export function renderClock(els, state) {
  const view = state.view || {};
  const timer = (state.timers || []).find((x) => x.since === "start");
  const lastLap = !!(view.lemans && view.lemans.clock && view.lemans.clock.last_lap);
  const show = !V.isFinished(state) && (!!timer || lastLap || !!view.lemans);
  els.card.hidden = !show;
  if (!show) return;
  els.card.classList.toggle("is-last-lap", lastLap);
  if (lastLap) els.text.textContent = t("clock.last_lap");
  else if (timer) {
    const left = Math.max(0, Math.round((Date.parse(timer.ends_at) - Date.now()) / 1000));
    const hh = Math.floor(left / 3600);
    const mm = String(Math.floor((left % 3600) / 60)).padStart(2, "0");
    const ss = String(left % 60).padStart(2, "0");
    els.text.textContent = t("clock.left", { time: `${hh}:${mm}:${ss}` });
  } else els.text.textContent = t("clock.judges");
}

export function renderResult(els, state) {
  if (!V.isFinished(state)) {
    els.card.hidden = true;
    return;
  }
  els.card.hidden = false;
  const st = V.standings(state);
  els.winner.textContent = st.length ? t("result.winner", { name: V.nameOf(state, st[0].seat) }) : t("turn.over");
}

export function bindConnection(el, conn) {
  const label = el.querySelector("span");
  const paint = (on) => {
    el.dataset.state = on ? "on" : "off";
    label.textContent = on ? t("status.online") : t("status.offline");
  };
  conn.onStatus(paint);
  return () => paint(conn.connected);
}

let toastTimer = null;

export function toast(message, { error = false, ms = 3200 } = {}) {
  const el = document.getElementById("toast");
  if (!el) return;
  el.textContent = message;
  el.classList.toggle("is-error", error);
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.hidden = true;
  }, ms);
}
