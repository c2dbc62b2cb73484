// Vectrace's web module (the interface is documented in the platform's games.js): the track on grid paper (the server's
// picture, one square per lattice point with data-cell="x,y"), every car's trail as
// drawn on paper, and the nine targets of the car to move coloured by what they lead
// to (the view's "verdict": fine, crash, finish, or a certain crash within N moves).
// Tap a target (on the board or on the 3×3 pad) to move; risky ones ask for a second tap.

import { api } from "/static/api.js";
import { t } from "/static/i18n.js";
import { Board, seatColor, inkOn, initials } from "/static/board.js";
import * as V from "/static/view.js";
import { h, undoButton } from "/static/panels.js";

export { strings } from "./strings.js";

export const id = "vectrace";
export const styles = [new URL("./board.css", import.meta.url).href];

const SVG_NS = "http://www.w3.org/2000/svg";
const RISKY = new Set(["crash", "doomed"]);
/** The sign of each verdict, with its shape (round, square, diamond), so colour is never alone. */
const SIGNS = { fine: "✓", finish: "⚑", crash: "✕", doomed: "!" };
const ARROWS = { "-1,-1": "↖", "0,-1": "↑", "1,-1": "↗", "-1,0": "←", "0,0": "·", "1,0": "→", "-1,1": "↙", "0,1": "↓", "1,1": "↘" };

function svg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

const key = (x, y) => `${x},${y}`;

/** Returns what the player may do now: [{key, x, y, verdict, doomedIn, action}]. */
function choices(state) {
  const legal = state.legal_actions || [];
  const view = state.view || {};
  if (view.phase === "place") {
    return legal.filter((a) => a.kind === "place").map((a) => ({ key: key(a.x, a.y), x: a.x, y: a.y, verdict: "start", action: a }));
  }
  if (view.phase !== "race") return [];
  const moves = new Map(legal.filter((a) => a.kind === "move").map((a) => [key(a.x, a.y), a]));
  return (view.targets || [])
    .filter((tg) => moves.has(key(tg.x, tg.y)))
    .map((tg) => ({
      key: key(tg.x, tg.y),
      x: tg.x,
      y: tg.y,
      verdict: tg.verdict || (tg.outcome === "crash" ? "crash" : tg.outcome === "finish" ? "finish" : "fine"),
      doomedIn: tg.doomed_in ?? null,
      action: moves.get(key(tg.x, tg.y)),
    }));
}

function verdictText(c) {
  if (c.verdict === "doomed") return t("vt.doomed", { n: c.doomedIn ?? "?" });
  return t(`vt.${c.verdict}`);
}

function carsOf(state) {
  return ((state.view && state.view.cars) || []).map((c) => ({ ...c, name: c.name || V.nameOf(state, c.seat) }));
}

export async function createBoard(ctx) {
  const acting = ctx.page === "room";
  let state = ctx.state;
  let selected = null; // key of a risky target tapped once
  let lastTurn = "";

  const onCell = (cell) => {
    if (!acting || ctx.busy()) return;
    const hit = choices(state).find((c) => c.key === cell);
    if (!hit) {
      if (selected) {
        selected = null;
        ctx.repaint();
      }
      return;
    }
    choose(hit);
  };

  function choose(c) {
    if (RISKY.has(c.verdict) && selected !== c.key) {
      selected = c.key;
      ctx.repaint();
      return;
    }
    selected = null;
    ctx.run(() => ctx.send(c.action));
  }

  const board = new Board(ctx.board, { onCell });
  board.rotate = false; // grid paper stays the right way up; small screens follow the action
  const track = (state.view && state.view.track) || null;
  const loaded = track ? await board.load(api.trackSvgUrl(state.game, track)) : false;
  ctx.board.classList.add("vt-board");
  // One lattice step in the picture's coordinates (the board may be turned a quarter).
  const A = board.affine || { a: 12, b: 0, d: 0, e: 12 };
  const pitch = Math.hypot(A.a, A.d) || 12;

  const pad = ctx.controls ? h("div", { class: "vt-controls" }) : null;
  if (ctx.controls) ctx.controls.replaceChildren(pad);

  function drawBoard(list) {
    if (!loaded) return;
    const trails = board.pathLayer;
    const marks = board.hl;
    const carsLayer = board.capLayer;
    trails.replaceChildren();
    marks.replaceChildren();
    carsLayer.replaceChildren();
    const at = (p) => board.centre(p);
    const cars = carsOf(state);
    const view = state.view || {};
    const mover = view.phase === "race" && typeof view.to_act === "number" ? cars.find((c) => c.seat === view.to_act) : null;

    for (const car of cars) {
      const color = seatColor(car.seat);
      const pts = (car.trail || []).map(at);
      if (pts.length > 1) {
        svg(
          "polyline",
          {
            class: "vt-trail",
            "data-seat": car.seat,
            points: pts.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(" "),
            stroke: color,
            "stroke-width": (pitch * 0.16).toFixed(2),
            fill: "none",
          },
          trails,
        );
      }
      for (const p of pts.slice(0, -1)) svg("circle", { class: "vt-dot", cx: p[0], cy: p[1], r: pitch * 0.14, fill: color }, trails);
    }

    // The inertia: where the car goes with no acceleration, and the nine around it.
    if (mover && mover.pos && list.length) {
      const from = at(mover.pos);
      const centre = at([mover.pos[0] + mover.vector[0], mover.pos[1] + mover.vector[1]]);
      svg(
        "line",
        { class: "vt-inertia", x1: from[0], y1: from[1], x2: centre[0], y2: centre[1], stroke: seatColor(mover.seat), "stroke-width": pitch * 0.08 },
        trails,
      );
      const corner = at([mover.pos[0] + mover.vector[0] - 1, mover.pos[1] + mover.vector[1] - 1]);
      const far = at([mover.pos[0] + mover.vector[0] + 1, mover.pos[1] + mover.vector[1] + 1]);
      const x = Math.min(corner[0], far[0]) - pitch * 0.5;
      const y = Math.min(corner[1], far[1]) - pitch * 0.5;
      svg("rect", { class: "vt-nine", x, y, width: Math.abs(far[0] - corner[0]) + pitch, height: Math.abs(far[1] - corner[1]) + pitch, rx: pitch * 0.2 }, marks);
    }
    if (mover && mover.pos && selected) {
      const sel = list.find((c) => c.key === selected);
      if (sel) {
        const from = at(mover.pos);
        const to = at([sel.x, sel.y]);
        svg("line", { class: "vt-aim", x1: from[0], y1: from[1], x2: to[0], y2: to[1], "stroke-width": pitch * 0.12 }, trails);
      }
    }

    for (const c of list) {
      const [cx, cy] = at([c.x, c.y]);
      const g = svg(
        "g",
        {
          class: `vt-target verdict-${c.verdict}${selected === c.key ? " is-selected" : ""}`,
          "data-cell": c.key,
          "data-target": "1",
          "data-verdict": c.verdict,
          tabindex: "0",
          role: "button",
          "aria-label": `${c.key}: ${verdictText(c)}`,
        },
        marks,
      );
      svg("rect", { class: "vt-hit", x: cx - pitch / 2, y: cy - pitch / 2, width: pitch, height: pitch }, g);
      // A shape and a sign for each verdict, not the colour alone: a round ✓ is safe, a
      // square ✕ crashes, a diamond ! crashes within the number of moves shown.
      const r = pitch * 0.32;
      if (c.verdict === "crash") svg("rect", { class: "vt-target-dot", x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, rx: r * 0.15 }, g);
      else if (c.verdict === "doomed")
        svg("polygon", { class: "vt-target-dot", points: [[cx, cy - r * 1.25], [cx + r * 1.25, cy], [cx, cy + r * 1.25], [cx - r * 1.25, cy]].map((p) => p.join(",")).join(" ") }, g);
      else svg("circle", { class: "vt-target-dot", cx, cy, r }, g);
      const sign = SIGNS[c.verdict] === undefined ? "" : c.verdict === "doomed" && c.doomedIn ? String(c.doomedIn) : SIGNS[c.verdict];
      if (sign) {
        const label = svg("text", { class: "vt-target-text", x: cx, y: cy, "font-size": (pitch * 0.4).toFixed(1) }, g);
        label.textContent = sign;
      }
      const title = svg("title", {}, g);
      title.textContent = `${c.key}: ${verdictText(c)}`;
    }

    for (const car of cars) {
      if (!car.pos || car.status === "waiting") continue;
      const [cx, cy] = at(car.pos);
      const color = car.status === "crashed" ? "#9CA3AF" : seatColor(car.seat);
      const g = svg(
        "g",
        { class: `vt-car is-${car.status}${mover && mover.seat === car.seat ? " is-active" : ""}`, "data-seat": car.seat, "data-at": key(...car.pos) },
        carsLayer,
      );
      if (mover && mover.seat === car.seat) svg("circle", { class: "vt-car-halo", cx, cy, r: pitch * 0.62 }, g);
      svg("circle", { class: "vt-car-body", cx, cy, r: pitch * 0.42, fill: color }, g);
      const label = svg("text", { class: "vt-car-text", x: cx, y: cy, fill: inkOn(color), "font-size": (pitch * 0.34).toFixed(1) }, g);
      label.textContent = car.status === "crashed" ? "✕" : initials(car.name);
      const title = svg("title", {}, g);
      title.textContent = car.name;
    }
    frame(focusOf(list, cars, mover));
  }

  /** The points a small screen keeps in view: the targets and the car to move, else every car. */
  function focusOf(list, cars, mover) {
    const targets = list.map((c) => board.centre([c.x, c.y]));
    if (mover && mover.pos) return [...targets, board.centre(mover.pos)];
    if (targets.length) return targets;
    return cars.filter((c) => c.pos && c.status !== "waiting").map((c) => board.centre(c.pos));
  }

  /** Shows the whole track when its squares are big enough; else a window around ``points``. */
  function frame(points) {
    const base = board.baseViewBox;
    if (!base || !board.svg) return;
    const [bx, by, bw, bh] = base;
    const width = ctx.board.clientWidth || 800;
    const maxH = parseFloat(getComputedStyle(board.svg).maxHeight) || width * 1.2;
    const want = width >= 700 ? 16 : 26; // pixels per square
    const fullPx = Math.min(width / bw, maxH / bh) * pitch;
    if (points.length) {
      const n = points.length;
      board.zoom.setFocus([points.reduce((a, p) => a + p[0], 0) / n, points.reduce((a, p) => a + p[1], 0) / n]);
    }
    if (fullPx >= want * 0.75 || !points.length) {
      board.setViewBox(base);
      return;
    }
    const scale = want / pitch; // pixels per unit
    const ww = Math.min(bw, width / scale);
    const hh = Math.min(bh, maxH / scale);
    const span = (vals) => [Math.min(...vals), Math.max(...vals)];
    const [x0, x1] = span(points.map((p) => p[0]));
    const [y0, y1] = span(points.map((p) => p[1]));
    const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
    const x = clamp((x0 + x1) / 2 - ww / 2, bx, bx + bw - ww);
    const y = clamp((y0 + y1) / 2 - hh / 2, by, by + bh - hh);
    board.setViewBox([x, y, ww, hh]);
  }
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => ctx.repaint(), 150);
  });

  function paintHint(list) {
    const hint = ctx.hint;
    if (!hint) return;
    const view = state.view || {};
    const sel = selected ? list.find((c) => c.key === selected) : null;
    let text = "";
    if (sel) text = t("vt.confirm", { what: verdictText(sel) });
    else if (list.length && view.phase === "place") text = t("vt.place", { name: V.nameOf(state, view.to_act) });
    else if (list.length) text = t("vt.move");
    hint.textContent = text;
    hint.hidden = !text;
    hint.classList.toggle("is-warning", !!sel);
  }

  function paintControls(list) {
    if (!pad) return;
    const view = state.view || {};
    const busy = ctx.busy();
    const parts = [];
    const begins = (state.legal_actions || []).filter((a) => a.kind === "begin");
    if (begins.length) {
      parts.push(h("p", { class: "vt-title" }, t("vt.begin_title")));
      parts.push(
        h(
          "div",
          { class: "action-row" },
          begins.map((a) =>
            h(
              "button",
              {
                type: "button",
                class: "button primary",
                "data-action": `begin-${a.first}`,
                disabled: busy ? true : null,
                style: { "--seat": seatColor(a.first) },
                onclick: () => ctx.run(() => ctx.send(a)),
              },
              t("vt.begins", { name: V.nameOf(state, a.first) }),
            ),
          ),
        ),
      );
    }
    const mover = view.phase === "race" ? carsOf(state).find((c) => c.seat === view.to_act) : null;
    if (mover && list.length) {
      const centre = [mover.pos[0] + mover.vector[0], mover.pos[1] + mover.vector[1]];
      const byOffset = new Map(list.map((c) => [key(c.x - centre[0], c.y - centre[1]), c]));
      const cells = [];
      for (const dy of [-1, 0, 1])
        for (const dx of [-1, 0, 1]) {
          const c = byOffset.get(key(dx, dy));
          cells.push(
            c
              ? h(
                  "button",
                  {
                    type: "button",
                    class: `vt-pad-button verdict-${c.verdict}${selected === c.key ? " is-selected" : ""}`,
                    "data-action": `move-${c.key}`,
                    "data-verdict": c.verdict,
                    title: `${c.key}: ${verdictText(c)}`,
                    "aria-label": `${c.key}: ${verdictText(c)}`,
                    disabled: busy ? true : null,
                    onclick: () => choose(c),
                  },
                  h("span", { class: "arrow" }, ARROWS[key(dx, dy)]),
                  h("small", { class: "sign" }, c.verdict === "doomed" ? `${SIGNS.doomed}${c.doomedIn ?? ""}` : SIGNS[c.verdict] || ""),
                )
              : h("span", { class: "vt-pad-empty" }),
          );
        }
      const v = mover.vector;
      parts.push(
        h(
          "div",
          { class: "vt-move" },
          h("div", { class: "vt-pad", role: "group" }, cells),
          h(
            "div",
            { class: "vt-info" },
            h("p", {}, `${t("vt.vector")} `, h("b", {}, `${v[0] >= 0 ? "+" : ""}${v[0]}, ${v[1] >= 0 ? "+" : ""}${v[1]}`)),
            h(
              "ul",
              { class: "vt-legend" },
              ["fine", "finish", "doomed", "crash"].map((k) =>
                h("li", {}, h("i", { class: `verdict-${k}` }, SIGNS[k]), k === "doomed" ? t("vt.doomed_short") : t(`vt.${k}`)),
              ),
            ),
          ),
        ),
      );
    }
    if (!state.legal_actions.length && !V.isFinished(state) && state.role === "seat" && state.to_act !== state.seat)
      parts.push(h("p", { class: "hint" }, t("ctl.not_yours")));
    const undo = undoButton(state, ctx);
    if (undo) parts.push(h("div", { class: "action-row undo-row" }, undo));
    pad.replaceChildren(...parts);
  }

  return {
    paint(next) {
      state = next;
      const turn = `${state.seq}`;
      if (turn !== lastTurn) {
        lastTurn = turn;
        selected = null;
      }
      const list = acting && !ctx.busy() ? choices(state) : [];
      drawBoard(list);
      paintHint(list);
      paintControls(list);
    }
  };
}

/** "20/3" -> "6 2/3"; "6/1" -> "6". */
function fracText(text) {
  const m = String(text).match(/^(\d+)\/(\d+)$/);
  if (!m) return String(text);
  const [n, d] = [Number(m[1]), Number(m[2])];
  const whole = Math.floor(n / d);
  const rest = n % d;
  if (!rest) return String(whole);
  return whole ? `${whole} ${rest}/${d}` : `${rest}/${d}`;
}

/** The standings: moves and time (or how the car is doing), in the result's or the race's order. */
export function panels(st) {
  const cars = new Map(carsOf(st).map((c) => [c.seat, c]));
  const meta = (car, detail = {}) => {
    const out = [[t("vt.moves"), detail.moves ?? car.moves ?? 0]];
    const time = detail.time ?? car.time;
    if (time) out.push([t("vt.time"), fracText(time)]);
    else out.push(["", t(`vt.${detail.status || car.status || "racing"}`)]);
    return out;
  };
  const done = V.resultStandings(st);
  if (done.length) return { standings: done.map((s) => ({ seat: s.seat, place: s.place, meta: meta(cars.get(s.seat) || {}, s.detail || {}) })) };
  const order = (st.view && st.view.order && st.view.order.length ? st.view.order : [...cars.keys()]).filter((s) => cars.has(s));
  return { standings: order.map((seat) => ({ seat, place: "", meta: meta(cars.get(seat)) })) };
}
