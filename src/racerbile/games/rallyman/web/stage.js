// The stage picture: the server's drawing of the bundled rally (one group per stage,
// data-stage="1".., each space an element with data-cell="<gid>"), cut down to the stage
// being driven, with the cars, the ghost and the targets of the legal dice drawn on top.

import { api } from "/static/api.js";
import { t } from "/static/i18n.js";
import { seatColor, inkOn, initials } from "/static/board.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const OFF_ROAD = 38; // how far beside its space a car off the road sits (the picture's units)
const pictures = new Map(); // track id -> Promise<Document | null>

export function svg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

function fetchPicture(track) {
  if (!pictures.has(track)) {
    const url = api.trackSvgUrl("rallyman", track);
    pictures.set(
      track,
      fetch(url, { cache: "force-cache" })
        .then((res) => (res.ok ? res.text() : null))
        .then((text) => (text ? new DOMParser().parseFromString(text, "image/svg+xml") : null))
        .catch(() => null),
    );
  }
  return pictures.get(track);
}

export class StagePicture {
  constructor(host) {
    this.host = host;
    this.key = "";
    this.root = null;
    this.centres = new Map();
    this.full = null; // [x, y, w, h] of the whole stage
    this.whole = false; // show the whole stage even on a small screen
    this.zoomed = 0.95; // pixels per picture unit below which a small screen follows the car
  }

  /** Loads the picture of ``picture`` ({track, stage}); resolves to whether it shows. */
  async show(picture) {
    const key = picture ? `${picture.track}#${picture.stage}` : "";
    if (key === this.key) return !!this.root;
    this.key = key;
    this.root = null;
    const doc = picture ? await fetchPicture(picture.track) : null;
    const group = doc && doc.querySelector(`g[data-stage="${Number(picture.stage) + 1}"]`);
    const body = group && group.querySelector(":scope > g");
    if (!body) {
      this.host.replaceChildren();
      return false;
    }
    const root = svg("svg", { class: "board-svg rm-svg", role: "img", preserveAspectRatio: "xMidYMid meet" });
    root.appendChild(document.importNode(body, true));
    this.host.replaceChildren(root);
    this.root = root;
    this.layers = {
      marks: svg("g", { class: "rm-marks" }, root),
      ghost: svg("g", { class: "rm-ghosts" }, root),
      cars: svg("g", { class: "rm-cars" }, root),
    };
    this.body = root.firstChild;
    this.full = null;
    this.translate();
    this.calibrate();
    return true;
  }

  /** Measures the spaces and the stage once the picture is laid out (a hidden page
   * measures nothing, so this runs again until it has). */
  calibrate() {
    if (!this.root || this.full) return !!this.full;
    const box = this.body.getBBox();
    if (!box.width || !box.height) return false;
    const root = this.root;
    const rootCtm = root.getCTM();
    const ctm = this.body.getCTM() && rootCtm ? rootCtm.inverse().multiply(this.body.getCTM()) : null;
    const p = ctm ? new DOMPoint(box.x, box.y).matrixTransform(ctm) : { x: box.x, y: box.y };
    this.full = [p.x - 10, p.y - 10, box.width + 20, box.height + 20];
    root.setAttribute("viewBox", this.full.join(" "));
    this.centres.clear();
    for (const node of root.querySelectorAll("[data-cell]")) this.centres.set(node.getAttribute("data-cell"), centreOf(node, root));
    return true;
  }

  /** Puts the picture's own words (start, finish, jump) into the page's language. */
  translate() {
    if (!this.root) return;
    for (const node of this.root.querySelectorAll(".line-label")) node.textContent = t(`rm.line.${node.dataset.line}`).toUpperCase();
    for (const node of this.root.querySelectorAll(".jump-label")) {
      const n = (node.textContent.match(/\d+/) || [""])[0];
      node.textContent = t("rm.to.jump", { n });
    }
  }

  /** Draws ``cars`` [{seat, name, at, off, heading, active}], ``ghost`` and ``marks``. */
  draw({ cars = [], ghost = null, marks = [] }) {
    if (!this.root || !this.calibrate()) return;
    const { marks: markLayer, ghost: ghostLayer, cars: carLayer } = this.layers;
    markLayer.replaceChildren();
    ghostLayer.replaceChildren();
    carLayer.replaceChildren();
    for (const m of marks) {
      const c = this.centres.get(m.at);
      if (!c) continue;
      const g = svg("g", { class: `rm-target tone-${m.tone}`, "data-target": m.at }, markLayer);
      svg("circle", { cx: c[0], cy: c[1], r: 15, class: "rm-target-ring" }, g);
      const label = svg("text", { x: c[0], y: c[1] - 19, class: "rm-target-text" }, g);
      label.textContent = m.label;
    }
    if (ghost) this.car(ghostLayer, ghost, 0, true);
    const seen = new Map();
    for (const car of cars) {
      const k = `${car.at}|${car.off || ""}`;
      const n = seen.get(k) || 0;
      seen.set(k, n + 1);
      this.car(carLayer, car, n, false);
    }
  }

  car(layer, car, stacked, isGhost) {
    const c = this.centres.get(car.at);
    if (!c) return;
    const [hx, hy] = car.heading || [1, 0];
    let [x, y] = c;
    if (car.off === "left" || car.off === "right") {
      const side = car.off === "left" ? 1 : -1;
      x += hy * OFF_ROAD * side;
      y -= hx * OFF_ROAD * side;
    }
    x += stacked * 9;
    y += stacked * 9;
    const angle = (Math.atan2(hy, hx) * 180) / Math.PI + (car.off === "spin" ? 180 : 0);
    const color = isGhost ? "#e5e7eb" : seatColor(car.seat);
    const g = svg(
      "g",
      {
        class: `rm-car${isGhost ? " is-ghost" : ""}${car.active ? " is-active" : ""}${car.off ? ` is-${car.off}` : ""}`,
        "data-seat": isGhost ? null : car.seat,
        "data-at": car.at,
        transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
      },
      layer,
    );
    const title = svg("title", {}, g);
    title.textContent = car.name;
    if (car.active) svg("circle", { r: 21, class: "rm-car-halo" }, g);
    const body = svg("g", { transform: `rotate(${angle.toFixed(0)})` }, g);
    svg("rect", { x: -15, y: -9, width: 30, height: 18, rx: 5, fill: color, class: "rm-car-body" }, body);
    svg("rect", { x: 6, y: -7, width: 6, height: 14, rx: 2, class: "rm-car-glass" }, body);
    const label = svg("text", { y: 4, class: "rm-car-text", fill: isGhost ? "#374151" : inkOn(color) }, g);
    label.textContent = isGhost ? "◌" : initials(car.name);
  }

  /** Frames the picture: the whole stage when its spaces are big enough, else ``focus``. */
  frame(focus) {
    if (!this.root || !this.calibrate()) return false;
    const [bx, by, bw, bh] = this.full;
    const width = this.host.clientWidth || 800;
    const maxH = parseFloat(getComputedStyle(this.root).maxHeight) || width;
    const scale = Math.min(width / bw, maxH / bh); // pixels per unit for the whole stage
    const want = width >= 900 ? Math.min(0.75, this.zoomed) : this.zoomed;
    const points = focus.map((at) => this.centres.get(at)).filter(Boolean);
    if (this.whole || scale >= want || !points.length) {
      this.root.setAttribute("viewBox", this.full.map((v) => v.toFixed(1)).join(" "));
      return false;
    }
    const ww = Math.min(bw, width / want);
    const hh = Math.min(bh, maxH / want);
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
    const x = clamp((Math.min(...xs) + Math.max(...xs)) / 2 - ww / 2, bx, bx + bw - ww);
    const y = clamp((Math.min(...ys) + Math.max(...ys)) / 2 - hh / 2, by, by + bh - hh);
    this.root.setAttribute("viewBox", [x, y, ww, hh].map((v) => v.toFixed(1)).join(" "));
    return true;
  }
}

function centreOf(node, root) {
  const box = node.getBBox();
  let p = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2);
  const ctm = node.getCTM();
  const rootCtm = root.getCTM();
  if (ctm && rootCtm) p = p.matrixTransform(rootCtm.inverse().multiply(ctm));
  return [p.x, p.y];
}
