// Panels shared by the room and the spectator view: turn banner, standings, the game's
// own cards, event log, race clock, result, connection dot. They read the platform's
// envelope (view.js) and what the game's ``panels(envelope)`` returns (games.js).

import { t, addStrings } from "./i18n.js";
import { seatColor, inkOn, initials } from "./board.js";
import * as V from "./view.js";

/** Sets one style property; custom properties (--seat) need setProperty. */
function setStyle(node, name, value) {
  const prop = name.startsWith("--") ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  node.style.setProperty(prop, String(value));
}

addStrings({
  en: { "ctl.undo": "Undo", "ctl.undo_hint": "Take back your last action", "result.replay": "Replay move by move", "result.record": "Download the record" },
  da: { "ctl.undo": "Fortryd", "ctl.undo_hint": "Tag din sidste handling tilbage", "result.replay": "Genafspil træk for træk", "result.record": "Hent spilfilen" },
});

/**
 * Returns the Undo button for the room page (null when there is nothing to take back):
 * it voids the newest ``count`` entries of the envelope's ``undo`` together (null when
 * the envelope offers fewer). ``skip`` leaves out entries a game offers a button of its
 * own for (say, the dice: "Fix dice"); ``label``, ``hint`` and ``name`` (its
 * data-action) let a game say what its undo takes back ("Undo the last move").
 */
export function undoButton(state, ctx, { skip = () => false, count = 1, label = null, hint = null, name = "undo" } = {}) {
  const list = (state && state.undo) || [];
  if (!ctx.undo || count < 1 || list.length < count || skip(list[0].action)) return null;
  const positions = list.slice(0, count).map((entry) => entry.position);
  return h(
    "button",
    {
      type: "button",
      class: "button ghost undo",
      "data-action": name,
      title: hint || t("ctl.undo_hint"),
      disabled: ctx.busy() ? true : null,
      onclick: () => ctx.run(() => ctx.undo(positions)),
    },
    `↶ ${label || t("ctl.undo")}`,
  );
}

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "style" && typeof v === "object") for (const [name, value] of Object.entries(v)) setStyle(node, name, value);
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

/** Replaces ``host``'s children, leaving out null and false (replaceChildren would print "null"). */
export function fill(host, ...children) {
  host.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

export function capDot(seat, name) {
  const color = seatColor(seat);
  return h("span", { class: "cap-dot", style: { background: color, color: inkOn(color) } }, initials(name));
}

/** Names the winners: one name, or every name of a shared first place. */
function winnerText(state) {
  const seats = V.winners(state);
  if (!seats.length) return t("turn.over");
  const names = seats.map((s) => V.nameOf(state, s));
  return names.length === 1 ? t("result.winner", { name: names[0] }) : t("result.tie", { names: names.join(" & ") });
}

/**
 * Paints the turn banner. ``me`` is the viewer's seat (null for host or spectator);
 * ``game`` is what the game's panels() returned: ``actor`` (whose turn while the dice
 * decide) and ``turn`` ({title, sub}, the game's own words for a special moment).
 */
export function renderTurn(els, state, { me = null, host = false, game = {} } = {}) {
  const toAct = state.to_act;
  const finished = V.isFinished(state);
  let seat = typeof toAct === "number" ? toAct : game.actor ?? null;
  let title;
  let sub = "";
  if (finished) {
    title = t("turn.over");
    sub = winnerText(state);
    seat = V.winners(state)[0] ?? null;
  } else if (game.turn) {
    title = game.turn.title;
    sub = game.turn.sub || "";
  } else if (toAct === "chance") {
    const who = seat !== null ? V.nameOf(state, seat) : "";
    const real = state.dice === "real";
    title = real ? t("turn.real_dice", { name: who }) : t("turn.dice");
    sub = who && !real ? t("turn.of", { name: who }) : "";
  } else if (typeof toAct === "number") {
    const name = V.nameOf(state, toAct);
    const { bot, claimed } = V.seatOf(state, toAct) || {};
    if (me !== null && me === toAct) {
      title = t("turn.yours");
      sub = name;
    } else if (bot) {
      title = t("turn.bot", { name });
    } else {
      title = t("turn.of", { name });
      // Hot-seat only: a seat claimed on its own phone is waited for, not handed over.
      if (host) sub = claimed ? t("turn.waiting", { name }) : t("turn.pass", { name });
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

/** The standings when the game gives none: the result's places, else the seats in order. */
function defaultStandings(state) {
  const done = V.resultStandings(state);
  if (done.length) return done;
  return (state.seats || []).map((s) => ({ seat: s.seat, place: "" }));
}

/** Paints the standings: ``rows`` [{seat, place, meta: [[label, value]]}] from the game. */
export function renderStandings(list, state, rows = null) {
  const actor = typeof state.to_act === "number" ? state.to_act : null;
  list.replaceChildren(
    ...(rows || defaultStandings(state)).map((s) => {
      const name = V.nameOf(state, s.seat);
      return h(
        "li",
        {
          class: `standing${actor === s.seat && !V.isFinished(state) ? " is-turn" : ""}`,
          "data-seat": s.seat,
          style: { "--seat": seatColor(s.seat) },
        },
        h("span", { class: "pos" }, String(s.place ?? "")),
        capDot(s.seat, name),
        h("span", { class: "name" }, name),
        h("span", { class: "meta" }, (s.meta || []).map(([k, v]) => h("span", {}, k ? `${k} ` : "", h("b", {}, String(v))))),
      );
    }),
  );
}

/** Paints the game's own cards ([{id, title, node}]) into ``host``, each in a card. */
export function renderCards(host, cards = []) {
  fill(
    host,
    cards.map((c) => h("section", { class: "card", id: `${c.id}-card`, "data-card": c.id }, h("h2", {}, c.title), c.node)),
  );
}

let seenLog = new Set();

export function renderLog(list, state, { limit = 200 } = {}) {
  const entries = V.logEntries(state);
  const shown = entries.slice(-limit).reverse();
  const fresh = new Set();
  list.replaceChildren(
    ...(shown.length
      ? shown.map((e) => {
          const id = `${state.id}:${e.key}`;
          fresh.add(id);
          return h(
            "li",
            {
              class: seenLog.size && !seenLog.has(id) ? "new" : null,
              "data-kind": e.kind || null,
              style: e.seat !== null ? { "--seat": seatColor(e.seat) } : null,
            },
            e.text,
          );
        })
      : [h("li", { class: "muted" }, t("log.empty"))]),
  );
  seenLog = fresh;
}

function countdown(timer) {
  const left = Math.max(0, Math.round((Date.parse(timer.ends_at) - Date.now()) / 1000));
  const hh = Math.floor(left / 3600);
  const mm = String(Math.floor((left % 3600) / 60)).padStart(2, "0");
  const ss = String(left % 60).padStart(2, "0");
  return `${hh}:${mm}:${ss}`;
}

/**
 * Paints the race clock: the envelope's timer since the start, counting down, unless the
 * game's ``clock`` ({text, alert}) says something else (for instance "Last lap!").
 */
export function renderClock(els, state, clock = null) {
  const timer = V.raceTimer(state);
  const show = !V.isFinished(state) && (!!timer || !!clock);
  els.card.hidden = !show;
  if (!show) return;
  els.card.classList.toggle("is-last-lap", !!(clock && clock.alert));
  if (clock && clock.text) els.text.textContent = clock.text;
  else els.text.textContent = timer ? t("clock.left", { time: countdown(timer) }) : "";
}

export function renderResult(els, state) {
  if (!V.isFinished(state)) {
    els.card.hidden = true;
    return;
  }
  els.card.hidden = false;
  els.winner.textContent = winnerText(state);
  // A finished game of this server can be replayed and its record downloaded.
  const old = els.card.querySelector(".result-links");
  if (old) old.remove();
  if (state.id !== "replay") {
    const id = encodeURIComponent(state.id);
    const links = h(
      "p",
      { class: "result-links small" },
      h("a", { href: `/replay/${id}`, "data-link": "replay" }, t("result.replay")),
      " · ",
      h("a", { href: `/api/games/${id}/record`, download: `racerbile-${state.id}.json`, "data-link": "record" }, t("result.record")),
    );
    els.card.appendChild(links);
  }
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
