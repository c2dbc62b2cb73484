// The board: a track SVG (each cell one element with data-cell="q,r") with an overlay
// layer for the race direction, reachable cells, the chosen path and the caps. It zooms
// and pans (zoom.js), and its targets are buttons: Tab or the arrow keys move between
// them, Enter or Space chooses one.

import { Zoom } from "./zoom.js";

// The zoom bar, the race arrows, the target marks and the keyboard focus (its own sheet).
if (!document.querySelector("link[data-board-css]")) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./board.css", import.meta.url).href;
  link.dataset.boardCss = "";
  document.head.appendChild(link);
}

const SVG_NS = "http://www.w3.org/2000/svg";
// Axial directions 0-5 (see racerbile.hexgrid): E, NE, NW, W, SW, SE for pointy tops.
export const DIRECTIONS = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

export const SEAT_COLORS = [
  "#1E6FD9", // blue
  "#7B2FBE", // purple
  "#0E9384", // teal
  "#F97316", // orange
  "#F5F5F4", // white
  "#A16207", // brass: a black cap vanished on the dark page (3.8:1 on it, 4.5:1 on the paper)
  "#DB2777", // pink
  "#65A30D", // green
];

export function seatColor(seat) {
  return SEAT_COLORS[((seat % SEAT_COLORS.length) + SEAT_COLORS.length) % SEAT_COLORS.length];
}

export function inkOn(color) {
  const c = color.replace("#", "");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(c.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#1C1917" : "#FFFFFF";
}

export function initials(name) {
  const words = String(name || "?").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  return (words[0][0] + words[1][0]).toUpperCase();
}

function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

/** Parses "q,r", [q, r] or {q, r} into [q, r]; null when it is none of them. */
export function parseCell(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") {
    const m = value.match(/^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/);
    return m ? [Number(m[1]), Number(m[2])] : null;
  }
  if (Array.isArray(value) && value.length >= 2) return [Number(value[0]), Number(value[1])];
  if (typeof value === "object" && "q" in value && "r" in value) return [Number(value.q), Number(value.r)];
  return null;
}

export const cellKey = (c) => `${c[0]},${c[1]}`;

const KIND_FILL = {
  normal: "#F2C230",
  downshift: "#1B2F6E",
  block: "#C62828",
  midway: "#F2C230",
  pit: "#D9C27A",
};

/** Draws a plain track SVG from a list of cells, for when no track picture is at hand. */
export function drawCells(cells, size = 30) {
  const svg = el("svg", { xmlns: SVG_NS });
  const pts = [];
  const g = el("g", {}, svg);
  for (const cell of cells) {
    const qr = parseCell(cell.cell ?? cell.at ?? cell) || [cell.q, cell.r];
    const [q, r] = qr;
    const cx = size * Math.sqrt(3) * (q + r / 2);
    const cy = size * 1.5 * r;
    const corners = [];
    for (let i = 0; i < 6; i++) {
      const a = ((30 + 60 * i) * Math.PI) / 180;
      corners.push([cx + size * Math.cos(a), cy + size * Math.sin(a)]);
    }
    pts.push(...corners);
    el(
      "polygon",
      {
        "data-cell": cellKey(qr),
        points: corners.map((p) => p.map((v) => v.toFixed(2)).join(",")).join(" "),
        fill: KIND_FILL[cell.kind] || KIND_FILL.normal,
        stroke: "#3B3B3B",
        "stroke-width": 1.5,
      },
      g,
    );
  }
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const pad = size;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  svg.setAttribute(
    "viewBox",
    `${minX.toFixed(1)} ${minY.toFixed(1)} ${(Math.max(...xs) - minX + pad).toFixed(1)} ${(Math.max(...ys) - minY + pad).toFixed(1)}`,
  );
  const bg = el("rect", {
    x: minX,
    y: minY,
    width: Math.max(...xs) - minX + pad,
    height: Math.max(...ys) - minY + pad,
    fill: "#2E6B3A",
  });
  svg.insertBefore(bg, svg.firstChild);
  return svg;
}

/** Solves the 3x3 system m·x = v (Cramer's rule). */
function solve3(m, v) {
  const det = (a) =>
    a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
    a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
    a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
  const d = det(m);
  if (Math.abs(d) < 1e-9) return null;
  return [0, 1, 2].map((col) => det(m.map((row, i) => row.map((x, j) => (j === col ? v[i] : x)))) / d);
}

export class Board {
  constructor(host, { onCell } = {}) {
    this.host = host;
    this.onCell = onCell || (() => {});
    this.svg = null;
    this.centres = new Map();
    this.affine = null;
    this.size = 20;
    this.pointy = true;
    this.baseViewBox = null;
    host.classList.add("board");
    this.zoom = new Zoom(host, () => this.svg);
    this.focusedKey = null; // the target cell that had the keyboard focus
  }

  /** Sets the view box the board shows when not zoomed in (the zoom shows a part of it). */
  setViewBox(box) {
    this.zoom.setBase(box);
  }

  /** Loads the track picture from ``url``; falls back to drawing ``cells`` if given. */
  async load(url, cells = null) {
    let svg = null;
    if (url) {
      try {
        const res = await fetch(url, { cache: "force-cache" });
        if (res.ok) {
          const text = await res.text();
          const doc = new DOMParser().parseFromString(text, "image/svg+xml");
          const root = doc.documentElement;
          if (root && root.nodeName.toLowerCase() === "svg" && root.querySelector("[data-cell]")) {
            svg = document.importNode(root, true);
          }
        }
      } catch {
        svg = null;
      }
    }
    if (!svg && cells && cells.length) svg = drawCells(cells);
    if (!svg) return false;
    this.mount(svg);
    return true;
  }

  mount(svg) {
    this.source = svg.cloneNode(true);
    this._mount(svg);
    if (!this._resizeBound) {
      this._resizeBound = true;
      let timer = null;
      window.addEventListener("resize", () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (this.source && this._wantRotate(this.cellBox) !== this.rotated) {
            this._mount(this.source.cloneNode(true));
            if (this.lastDraw) this.draw(this.lastDraw);
          }
        }, 150);
      });
    }
  }

  /** Turns a wide track a quarter turn on a narrow portrait screen, so cells get bigger. */
  _wantRotate(box) {
    if (!box || this.rotate === false) return false;
    const portrait = window.innerHeight > window.innerWidth * 1.2;
    return portrait && this.host.clientWidth < 700 && box.w / box.h > 1.25;
  }

  _mount(svg) {
    this.host.replaceChildren(svg);
    this.svg = svg;
    this.zoom.attach();
    svg.classList.add("board-svg");
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    svg.setAttribute("role", "img");
    // Crop to the cells (with a margin) and maybe turn the track.
    this._calibrate();
    const box = this._cellBox();
    this.cellBox = box;
    this.rotated = this._wantRotate(box);
    if (box) {
      const pad = this.size * 0.9;
      if (this.rotated) {
        const g = el("g", { transform: "rotate(90)", class: "rb-turned" });
        for (const child of Array.from(svg.childNodes)) {
          if (child.nodeName === "title" || child.nodeName === "defs" || child.nodeName === "style") continue;
          g.appendChild(child);
        }
        svg.appendChild(g);
        // Keep the track's own labels upright.
        for (const text of g.querySelectorAll("text")) {
          const x = text.getAttribute("x") || 0;
          const y = text.getAttribute("y") || 0;
          if (!text.getAttribute("transform")) text.setAttribute("transform", `rotate(-90 ${x} ${y})`);
        }
        svg.setAttribute("viewBox", `${-(box.y + box.h) - pad} ${box.x - pad} ${box.h + 2 * pad} ${box.w + 2 * pad}`);
      } else {
        svg.setAttribute("viewBox", `${box.x - pad} ${box.y - pad} ${box.w + 2 * pad} ${box.h + 2 * pad}`);
      }
      this._calibrate();
    }
    // Labels outside the cropped area (the track's title) would be cut: drop them.
    if (box) {
      for (const text of svg.querySelectorAll("text")) {
        if (text.closest("[data-cell]")) continue;
        const x = Number(text.getAttribute("x") || 0);
        const y = Number(text.getAttribute("y") || 0);
        if (x < box.x || x > box.x + box.w || y < box.y || y > box.y + box.h) text.remove();
      }
    }
    this.host.classList.toggle("is-turned", this.rotated);
    this.overlay = el("g", { class: "rb-overlay" }, svg);
    this.arrowLayer = el("g", { class: "rb-arrows", "aria-hidden": "true" }, this.overlay);
    this.hl = el("g", { class: "rb-highlights" }, this.overlay);
    this.pathLayer = el("g", { class: "rb-path" }, this.overlay);
    this.capLayer = el("g", { class: "rb-caps" }, this.overlay);
    svg.addEventListener("click", (ev) => this._click(ev));
    svg.addEventListener("keydown", (ev) => this._key(ev));
    const vb = svg.viewBox && svg.viewBox.baseVal;
    if (vb && vb.width) this.zoom.setBase([vb.x, vb.y, vb.width, vb.height]);
  }

  /** Enter or Space chooses the focused target; the arrow keys move to the nearest
   * target that way (on the screen). */
  _key(ev) {
    const here = ev.target.closest && ev.target.closest("[data-target]");
    if (!here) return;
    const key = here.getAttribute("data-cell");
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      this.onCell(key, ev);
      return;
    }
    const way = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[ev.key];
    if (!way) return;
    ev.preventDefault();
    const from = here.getBoundingClientRect();
    let best = null;
    let bestScore = Infinity;
    for (const node of this.hl.querySelectorAll("[data-target]")) {
      if (node === here) continue;
      const box = node.getBoundingClientRect();
      const dx = box.x + box.width / 2 - (from.x + from.width / 2);
      const dy = box.y + box.height / 2 - (from.y + from.height / 2);
      const along = dx * way[0] + dy * way[1];
      if (along <= 1) continue;
      const score = along + 2 * Math.abs(dx * way[1] - dy * way[0]);
      if (score < bestScore) {
        bestScore = score;
        best = node;
      }
    }
    if (best) best.focus();
  }

  _cellBox() {
    if (!this.centres.size) return null;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const [x, y] of this.centres.values()) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
    const r = this.size;
    return { x: minX - r, y: minY - r, w: maxX - minX + 2 * r, h: maxY - minY + 2 * r };
  }

  _calibrate() {
    const svg = this.svg;
    const rootInv = svg.getCTM() ? svg.getCTM().inverse() : null;
    this.centres.clear();
    for (const node of svg.querySelectorAll("[data-cell]")) {
      const qr = parseCell(node.getAttribute("data-cell"));
      if (!qr) continue;
      let cx;
      let cy;
      try {
        const box = node.getBBox();
        let p = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2);
        const ctm = node.getCTM();
        if (ctm && rootInv) p = p.matrixTransform(rootInv.multiply(ctm));
        cx = p.x;
        cy = p.y;
      } catch {
        continue;
      }
      if (!Number.isFinite(cx) || !Number.isFinite(cy)) continue;
      this.centres.set(cellKey(qr), [cx, cy]);
    }
    // Fit x = a q + b r + c and y = d q + e r + f over every cell (least squares).
    const m = [
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ];
    const vx = [0, 0, 0];
    const vy = [0, 0, 0];
    for (const [key, [x, y]] of this.centres) {
      const [q, r] = parseCell(key);
      const row = [q, r, 1];
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) m[i][j] += row[i] * row[j];
        vx[i] += row[i] * x;
        vy[i] += row[i] * y;
      }
    }
    const ax = solve3(m, vx);
    const ay = solve3(m, vy);
    if (ax && ay) {
      this.affine = { a: ax[0], b: ax[1], c: ax[2], d: ay[0], e: ay[1], f: ay[2] };
      const spacing = Math.hypot(ax[0], ay[0]);
      this.pointy = Math.abs(ay[0]) < Math.abs(ax[0]) * 0.2;
      this.size = spacing / Math.sqrt(3);
    }
    const vb = svg.viewBox && svg.viewBox.baseVal;
    this.baseViewBox = vb && vb.width ? [vb.x, vb.y, vb.width, vb.height] : null;
  }

  /** Returns the centre of cell [q, r] in the SVG's user space (also off the track). */
  centre(qr) {
    const hit = this.centres.get(cellKey(qr));
    if (hit) return hit;
    const A = this.affine;
    if (!A) return [0, 0];
    return [A.a * qr[0] + A.b * qr[1] + A.c, A.d * qr[0] + A.e * qr[1] + A.f];
  }

  /** Returns the pixel vector of one step in direction ``d``. */
  dirVector(d) {
    const [dq, dr] = DIRECTIONS[((d % 6) + 6) % 6];
    const A = this.affine || { a: 1, b: 0.5, d: 0, e: 0.87 };
    return [A.a * dq + A.b * dr, A.d * dq + A.e * dr];
  }

  hexPoints(qr, scale = 1) {
    const [cx, cy] = this.centre(qr);
    const s = this.size * scale;
    const start = this.pointy ? 30 : 0;
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = ((start + 60 * i) * Math.PI) / 180;
      pts.push(`${(cx + s * Math.cos(a)).toFixed(2)},${(cy + s * Math.sin(a)).toFixed(2)}`);
    }
    return pts.join(" ");
  }

  /** Maps a click to the hexagon under it, from the fitted lattice (works on caps too). */
  cellAt(clientX, clientY) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm || !this.affine) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    const A = this.affine;
    const det = A.a * A.e - A.b * A.d;
    if (Math.abs(det) < 1e-9) return null;
    const x = p.x - A.c;
    const y = p.y - A.f;
    const q = (A.e * x - A.b * y) / det;
    const r = (-A.d * x + A.a * y) / det;
    // cube rounding
    const s = -q - r;
    let rq = Math.round(q);
    let rr = Math.round(r);
    const rs = Math.round(s);
    const dq = Math.abs(rq - q);
    const dr = Math.abs(rr - r);
    const ds = Math.abs(rs - s);
    if (dq > dr && dq > ds) rq = -rr - rs;
    else if (dr > ds) rr = -rq - rs;
    return [rq, rr];
  }

  _click(ev) {
    const target = ev.target.closest && ev.target.closest("[data-cell]");
    let qr = target ? parseCell(target.getAttribute("data-cell")) : null;
    if (!qr) qr = this.cellAt(ev.clientX, ev.clientY);
    if (qr) this.onCell(cellKey(qr), ev);
  }

  /**
   * Draws the overlay.
   * cars: [{seat, cell: [q,r], heading, flipped, name, offTrack}] in stack order per cell (top first)
   * targets: [{cell: "q,r", label, cost, tone}] highlighted cells
   * selected: "q,r" | null; path: ["q,r", ...] from the car to the destination
   * active: seat whose cap gets a halo
   */
  draw(args = {}) {
    this.lastDraw = args;
    const { cars = [], targets = [], selected = null, path = null, active = null, arrows = [] } = args;
    if (!this.svg) return;
    const focused = document.activeElement && this.hl.contains(document.activeElement) ? document.activeElement.getAttribute("data-cell") : null;
    this._arrows(arrows);
    this.hl.replaceChildren();
    this.pathLayer.replaceChildren();
    this.capLayer.replaceChildren();
    const size = this.size;

    for (const tgt of targets) {
      const qr = parseCell(tgt.cell);
      if (!qr) continue;
      const isSel = selected === cellKey(qr);
      const g = el(
        "g",
        {
          class: `rb-target${isSel ? " is-selected" : ""}${tgt.tone ? ` tone-${tgt.tone}` : ""}`,
          "data-cell": cellKey(qr),
          "data-target": "1",
          "data-tone": tgt.tone || null,
          tabindex: "0",
          role: "button",
          "aria-label": tgt.aria || tgt.label || cellKey(qr),
          "aria-pressed": isSel ? "true" : null,
        },
        this.hl,
      );
      el("polygon", { points: this.hexPoints(qr, 0.9), class: "rb-target-hex" }, g);
      if (tgt.mark) {
        const [mx, my] = this.centre(qr);
        const mark = el("text", { x: mx, y: my, class: "rb-target-mark", "font-size": (size * 0.8).toFixed(1) }, g);
        mark.textContent = tgt.mark;
      }
      if (tgt.label !== undefined && tgt.label !== null && tgt.label !== "") {
        const [cx, cy] = this.centre(qr);
        const bx = cx + size * 0.48;
        const by = cy - size * 0.5;
        if (tgt.tone === "back") {
          const r = size * 0.34; // a square badge: a backward move is not told by colour alone
          el("rect", { x: bx - r, y: by - r, width: 2 * r, height: 2 * r, rx: r * 0.2, class: "rb-badge" }, g);
        } else el("circle", { cx: bx, cy: by, r: size * 0.36, class: "rb-badge" }, g);
        const tx = el(
          "text",
          { x: bx, y: by, class: "rb-badge-text", "font-size": (size * 0.44).toFixed(1) },
          g,
        );
        tx.textContent = String(tgt.label);
      }
    }

    if (path && path.length > 1) {
      const pts = path.map((c) => this.centre(parseCell(c)));
      el(
        "polyline",
        {
          points: pts.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(" "),
          class: "rb-path-line",
          "stroke-width": (size * 0.22).toFixed(1),
        },
        this.pathLayer,
      );
      for (const p of pts.slice(1)) el("circle", { cx: p[0], cy: p[1], r: size * 0.16, class: "rb-path-dot" }, this.pathLayer);
    }

    // Group by cell; draw lower caps first so the top (first arrival) is painted last.
    const byCell = new Map();
    for (const car of cars) {
      if (!car.cell) continue;
      const key = cellKey(car.cell);
      if (!byCell.has(key)) byCell.set(key, []);
      byCell.get(key).push(car);
    }
    const extent = targets.map((tgt) => parseCell(tgt.cell)).filter(Boolean).map((qr) => this.centre(qr));
    for (const [key, stack] of byCell) {
      const [cx, cy] = this.centre(parseCell(key));
      const n = stack.length;
      for (let i = n - 1; i >= 0; i--) {
        const off = n > 1 ? (i - (n - 1) / 2) * size * 0.42 : 0;
        this._cap(stack[i], cx - off, cy + off * 0.55, active);
        extent.push([cx, cy]);
      }
    }
    this._fit(extent);
    if (targets.length) {
      const pts = targets.map((tgt) => parseCell(tgt.cell)).filter(Boolean).map((qr) => this.centre(qr));
      this.zoom.setFocus([pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length]);
    }
    if (focused) {
      const again = this.hl.querySelector(`[data-cell="${CSS.escape(focused)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  /** Draws the race direction: a small arrow on each ``[q, r, direction]``. */
  _arrows(arrows) {
    this.arrowLayer.replaceChildren();
    const size = this.size;
    for (const [q, r, d] of arrows) {
      const [cx, cy] = this.centre([q, r]);
      const [vx, vy] = this.dirVector(d);
      const len = Math.hypot(vx, vy) || 1;
      const ux = vx / len;
      const uy = vy / len;
      const tip = size * 0.45;
      const w = size * 0.22;
      const pts = [
        [cx + ux * tip, cy + uy * tip],
        [cx - ux * tip * 0.6 - uy * w, cy - uy * tip * 0.6 + ux * w],
        [cx - ux * tip * 0.2, cy - uy * tip * 0.2],
        [cx - ux * tip * 0.6 + uy * w, cy - uy * tip * 0.6 - ux * w],
      ];
      el("polygon", { points: pts.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "), class: "rb-arrow" }, this.arrowLayer);
    }
  }

  _cap(car, x, y, active) {
    const size = this.size;
    const r = size * 0.6;
    const color = car.color || seatColor(car.seat);
    const g = el(
      "g",
      {
        class: `rb-cap${car.flipped ? " is-flipped" : ""}${active === car.seat ? " is-active" : ""}${car.offTrack ? " is-off" : ""}`,
        "data-seat": String(car.seat),
        "data-at": car.cell ? cellKey(car.cell) : null,
        transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`,
      },
      this.capLayer,
    );
    const title = el("title", {}, g);
    title.textContent = car.name || `Seat ${car.seat + 1}`;
    if (active === car.seat) el("circle", { r: r * 1.45, class: "rb-cap-halo" }, g);
    el("circle", { r: r + 1.5, cy: 2, class: "rb-cap-shadow" }, g);
    // Crimped rim: a thick dashed circle.
    const rim = (2 * Math.PI * r) / 21;
    el(
      "circle",
      {
        r,
        class: "rb-cap-rim",
        fill: car.flipped ? "#9CA3AF" : color,
        "stroke-dasharray": `${(rim * 0.55).toFixed(2)} ${(rim * 0.45).toFixed(2)}`,
        "stroke-width": (size * 0.14).toFixed(2),
      },
      g,
    );
    el("circle", { r: r * 0.74, class: "rb-cap-face", fill: car.flipped ? "#D1D5DB" : color }, g);
    if (typeof car.heading === "number" && !car.flipped) {
      const [vx, vy] = this.dirVector(car.heading);
      const len = Math.hypot(vx, vy) || 1;
      const ux = vx / len;
      const uy = vy / len;
      const tip = r * 1.32;
      const base = r * 0.92;
      const w = r * 0.34;
      el(
        "polygon",
        {
          class: "rb-cap-heading",
          points: [
            [ux * tip, uy * tip],
            [ux * base - uy * w, uy * base + ux * w],
            [ux * base + uy * w, uy * base - ux * w],
          ]
            .map((p) => p.map((v) => v.toFixed(2)).join(","))
            .join(" "),
          fill: color,
        },
        g,
      );
    }
    const label = el(
      "text",
      {
        class: "rb-cap-text",
        fill: car.flipped ? "#374151" : inkOn(color),
        "font-size": (r * 0.78).toFixed(1),
      },
      g,
    );
    label.textContent = car.flipped ? "✱" : initials(car.name);
  }

  /** Grows the view box so that caps off the track stay visible. */
  _fit(points) {
    if (!this.baseViewBox) return;
    let [x, y, w, h] = this.baseViewBox;
    const pad = this.size * 1.2;
    for (const [px, py] of points) {
      if (px - pad < x) {
        w += x - (px - pad);
        x = px - pad;
      }
      if (py - pad < y) {
        h += y - (py - pad);
        y = py - pad;
      }
      if (px + pad > x + w) w = px + pad - x;
      if (py + pad > y + h) h = py + pad - y;
    }
    this.zoom.setBase([x, y, w, h]);
  }
}
