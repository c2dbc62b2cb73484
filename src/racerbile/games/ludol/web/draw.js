// Drawing Ludøl's board as SVG: the cross with its four yards, start squares, home
// columns and the goal (drawn once), and the glasses, which are redrawn on every change.
// Each colour has a letter as well as a colour; a stack shows its count in a round
// badge, a block (LD-BLOCK-1) a square badge and a frame round its square.

import * as G from "./geometry.js";

const SVG_NS = "http://www.w3.org/2000/svg";
export const U = 40; // pixels per cell in the picture's own coordinates

export function svg(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = String(text);
  if (parent) parent.appendChild(node);
  return node;
}

const cellRect = ([x, y], attrs, parent) => svg("rect", { x: x * U, y: y * U, width: U, height: U, ...attrs }, parent);

/** Draws the empty board for ``colours`` colours in play; returns the SVG and its layers. */
export function drawBoard(colours) {
  const root = svg("svg", { class: "board-svg ld-svg", viewBox: `0 0 ${G.SIZE * U} ${G.SIZE * U}`, role: "img" });
  const base = svg("g", { class: "ld-base" }, root);
  svg("rect", { class: "ld-paper", x: 0, y: 0, width: G.SIZE * U, height: G.SIZE * U, rx: U * 0.4 }, base);
  for (let k = 0; k < 4; k++) drawYard(base, k, k < colours);
  G.LOOP.forEach((cell, square) => {
    const owner = square % G.STRIDE === 0 ? square / G.STRIDE : null;
    const start = owner !== null && owner < colours;
    cellRect(cell, { class: `ld-square${start ? " is-start" : ""}`, "data-square": square, style: start ? `fill:${G.COLOURS[owner].fill}` : null }, base);
    if (start) drawStartMark(base, cell, owner);
  });
  for (let k = 0; k < 4; k++)
    for (let p = 51; p <= 55; p++)
      cellRect(G.columnCell(k, p), { class: "ld-column", "data-column": `${G.LETTERS[k]}${p}`, style: k < colours ? `fill:${G.COLOURS[k].soft}` : null }, base);
  drawGoal(base, colours);
  const glasses = svg("g", { class: "ld-glasses" }, root);
  const top = svg("g", { class: "ld-top" }, root); // where a move lands, over the glasses
  return { root, glasses, top };
}

function drawYard(parent, k, used) {
  const [x0, y0] = G.turnPoint([0, 0], k);
  const [x1, y1] = G.turnPoint([6, 6], k);
  const [x, y] = [Math.min(x0, x1), Math.min(y0, y1)];
  const colour = G.COLOURS[k];
  const g = svg("g", { class: `ld-yard${used ? "" : " is-unused"}`, "data-yard": G.LETTERS[k] }, parent);
  svg("rect", { x: x * U + 2, y: y * U + 2, width: 6 * U - 4, height: 6 * U - 4, rx: U * 0.5, fill: used ? colour.fill : "#d6d3cb" }, g);
  svg("rect", { class: "ld-yard-inner", x: (x + 1) * U, y: (y + 1) * U, width: 4 * U, height: 4 * U, rx: U * 0.4 }, g);
  for (const [cx, cy] of G.yardSpots(k)) svg("circle", { class: "ld-spot", cx: cx * U, cy: cy * U, r: U * 0.55, stroke: used ? colour.fill : "#bbb" }, g);
  if (!used) return;
  // The colour's letter in the yard's outer corner, so colour is never the only cue.
  const [lx, ly] = G.turnPoint([0.55, 0.62], k);
  svg("text", { class: "ld-yard-letter", x: lx * U, y: ly * U, fill: inkOn(colour.fill) }, g, G.LETTERS[k]);
}

function drawStartMark(parent, [x, y], k) {
  // A shield: the start square is immune (LD-HIT-2) and where glasses enter.
  const cx = (x + 0.5) * U;
  const cy = (y + 0.5) * U;
  const s = U * 0.3;
  const d = `M${cx},${cy - s} L${cx + s},${cy - s * 0.6} L${cx + s * 0.8},${cy + s * 0.5} L${cx},${cy + s} L${cx - s * 0.8},${cy + s * 0.5} L${cx - s},${cy - s * 0.6} Z`;
  svg("path", { class: "ld-start-mark", d, stroke: inkOn(G.COLOURS[k].fill) }, parent);
}

function drawGoal(parent, colours) {
  const g = svg("g", { class: "ld-goal" }, parent);
  const c = 7.5 * U;
  const corners = [[6, 6], [9, 6], [9, 9], [6, 9]].map(([x, y]) => [x * U, y * U]);
  // Colour k's triangle faces its home column: A left, B top, C right, D bottom.
  const sides = [[3, 0], [0, 1], [1, 2], [2, 3]];
  sides.forEach(([a, b], k) => {
    const pts = [corners[a], corners[b], [c, c]].map((p) => p.join(",")).join(" ");
    svg("polygon", { class: "ld-goal-part", "data-goal": G.LETTERS[k], points: pts, fill: k < colours ? G.COLOURS[k].fill : "#d6d3cb" }, g);
  });
  svg("circle", { class: "ld-goal-hub", cx: c, cy: c, r: U * 0.28 }, g);
}

export function inkOn(hex) {
  const n = parseInt(hex.slice(1), 16);
  const [r, gg, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * gg + 0.114 * b > 150 ? "#1C1917" : "#FFFFFF";
}

/**
 * Groups the glasses by where they stand: [{key, colour, progress, glasses, spot, at}]
 * (``at`` is the glass index in the yard, where every glass has its own spot).
 */
export function groupsOf(colours) {
  const found = new Map();
  colours.forEach((c, k) => {
    c.glasses.forEach((p, i) => {
      if (p === G.REMOVED) return;
      const key = p === G.YARD ? `y${c.letter}${i}` : `${G.placeKey(k, p)}:${c.letter}`;
      if (!found.has(key)) found.set(key, { key, colour: k, letter: c.letter, progress: p, glasses: [], place: G.placeKey(k, p) });
      found.get(key).glasses.push(i);
    });
  });
  const groups = [...found.values()];
  // Colours sharing a square (an immune start square) stand side by side.
  const byPlace = new Map();
  for (const gr of groups) if (gr.progress !== G.YARD) byPlace.set(gr.place, [...(byPlace.get(gr.place) || []), gr]);
  for (const gr of groups) {
    const spot = G.spotOf(gr.colour, gr.progress, gr.glasses[0]);
    const mates = gr.progress === G.YARD ? [gr] : byPlace.get(gr.place);
    const n = mates.length;
    const i = mates.indexOf(gr);
    gr.spot = n > 1 ? [spot[0] + (i - (n - 1) / 2) * 0.42, spot[1]] : spot;
    gr.scale = n > 1 ? 0.72 : 1;
  }
  return groups;
}

/** Draws one glass group: a beer glass in its colour with its letter, and its badge. */
export function drawGlass(parent, gr, { blockSizes, movable = false, selected = false, ghost = false } = {}) {
  const colour = G.COLOURS[gr.colour];
  const n = gr.glasses.length;
  const onTrack = gr.progress >= 0 && gr.progress <= G.LAST_TRACK;
  const block = onTrack && blockSizes.includes(n);
  const [cx, cy] = gr.spot.map((v) => v * U);
  const s = U * 0.36 * gr.scale;
  const cls = ["ld-glass", movable && "is-movable", selected && "is-selected", ghost && "is-ghost", block && "is-block"].filter(Boolean).join(" ");
  const g = svg("g", { class: cls, "data-colour": gr.letter, "data-progress": gr.progress, "data-count": n, "data-place": gr.place }, parent);
  if (movable || selected) svg("circle", { class: "ld-halo", cx, cy, r: s * 1.55 }, g);
  if (block) svg("rect", { class: "ld-block-frame", x: cx - U * 0.48, y: cy - U * 0.48, width: U * 0.96, height: U * 0.96, rx: U * 0.12, stroke: colour.ink }, g);
  // A tapered beer glass: wider at the rim, foam on top.
  const body = `M${cx - s * 0.78},${cy - s * 0.7} L${cx + s * 0.78},${cy - s * 0.7} L${cx + s * 0.58},${cy + s} L${cx - s * 0.58},${cy + s} Z`;
  svg("path", { class: "ld-glass-body", d: body, fill: colour.fill, stroke: colour.ink }, g);
  svg("path", {
    class: "ld-foam",
    d: `M${cx - s * 0.86},${cy - s * 0.62} q${s * 0.2},${-s * 0.55} ${s * 0.52},${-s * 0.3} q${s * 0.3},${-s * 0.45} ${s * 0.62},${-s * 0.12} q${s * 0.34},${-s * 0.36} ${s * 0.58},${s * 0.08} Z`,
  }, g);
  svg("text", { class: "ld-glass-letter", x: cx, y: cy + s * 0.2, "font-size": s * 1.05, fill: inkOn(colour.fill) }, g, gr.letter);
  if (n > 1) {
    const bx = cx + s * 0.95;
    const by = cy - s * 0.95;
    const r = s * 0.52;
    if (block) svg("rect", { class: "ld-badge is-block", x: bx - r, y: by - r, width: 2 * r, height: 2 * r, rx: r * 0.25 }, g);
    else svg("circle", { class: "ld-badge", cx: bx, cy: by, r }, g);
    svg("text", { class: "ld-badge-text", x: bx, y: by + r * 0.38, "font-size": r * 1.2 }, g, String(n));
  }
  return g;
}

/** Draws where a move lands: a ring on the destination and dots on the squares passed. */
export function drawDestination(parent, colour, from, to, { chosen = false, value = null } = {}) {
  const g = svg("g", { class: `ld-dest${chosen ? " is-chosen" : ""}`, "data-to": to, "data-value": value ?? "" }, parent);
  const start = from === G.YARD ? 0 : from + 1;
  for (let p = start; chosen && p < to; p++) {
    const spot = G.spotOf(colour, p);
    if (spot) svg("circle", { class: "ld-path", cx: spot[0] * U, cy: spot[1] * U, r: U * 0.1 }, g);
  }
  const [x, y] = G.spotOf(colour, to).map((v) => v * U);
  svg("circle", { class: "ld-dest-ring", cx: x, cy: y, r: U * 0.46 }, g);
  if (value !== null) svg("text", { class: "ld-dest-text", x, y: y + U * 0.2 }, g, `+${value}`);
  return g;
}
