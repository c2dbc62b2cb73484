// Zoom and pan for a board SVG: buttons (+, −, fit), pinch and drag on touch screens,
// ctrl+wheel on a laptop. The board sets its own view box (what fits the cars) through
// setBase(); the zoom shows a part of it, around a point of interest (the targets).

import { t, addStrings } from "./i18n.js";

addStrings({
  en: { "zoom.in": "Zoom in", "zoom.out": "Zoom out", "zoom.fit": "Show the whole board" },
  da: { "zoom.in": "Zoom ind", "zoom.out": "Zoom ud", "zoom.fit": "Vis hele banen" },
});

const MAX_SCALE = 6;
const STEP = 1.6;
const DRAG_SLOP = 8; // px a pointer moves before a tap becomes a drag

export class Zoom {
  constructor(host, svgOf) {
    this.host = host;
    this.svgOf = svgOf; // () => the board's current <svg>
    this.base = null; // [x, y, w, h] the board's own view box
    this.scale = 1;
    this.centre = null; // [x, y] in SVG units, the middle of what is shown
    this.focus = null; // [x, y] the point a first zoom-in goes to
    this.panned = false; // the user moved the view: zooming keeps their place, not the focus
    this.pointers = new Map();
    this.dragged = false;
    this._buttons();
    this._gestures();
  }

  _buttons() {
    const bar = document.createElement("div");
    bar.className = "zoom-bar";
    const make = (label, key, action) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "zoom-button";
      b.textContent = label;
      b.dataset.zoom = key;
      b.setAttribute("aria-label", t(`zoom.${key}`));
      b.title = t(`zoom.${key}`);
      b.addEventListener("click", (ev) => {
        ev.stopPropagation();
        action();
      });
      bar.appendChild(b);
      return b;
    };
    make("+", "in", () => this.zoomBy(STEP));
    make("−", "out", () => this.zoomBy(1 / STEP));
    this.fitButton = make("⤢", "fit", () => this.reset());
    this.bar = bar;
  }

  /** Puts the buttons back after the board replaced its children. */
  attach() {
    if (this.bar.parentNode !== this.host) this.host.appendChild(this.bar);
    this._paintState();
  }

  setBase(box) {
    this.base = box;
    this.apply();
  }

  /** Sets the point a zoom goes to (the targets); a zoomed view the user has not moved
   * follows it from turn to turn. */
  setFocus(point) {
    const moved = !this.focus || point[0] !== this.focus[0] || point[1] !== this.focus[1];
    this.focus = point;
    if (moved && this.scale > 1 && !this.panned) {
      this.centre = point;
      this.apply();
    }
  }

  reset() {
    this.scale = 1;
    this.centre = null;
    this.panned = false;
    this.apply();
  }

  zoomBy(factor, around = null) {
    if (!this.base) return;
    const next = Math.min(MAX_SCALE, Math.max(1, this.scale * factor));
    if (!around && !this.panned) this.centre = this.focus || this.centre || this._middle();
    else if (around && this.centre) {
      this.panned = true;
      // keep the point under the fingers where it is
      const k = this.scale / next;
      this.centre = [around[0] + (this.centre[0] - around[0]) * k, around[1] + (this.centre[1] - around[1]) * k];
    } else if (!this.centre) this.centre = around || this._middle();
    this.scale = next;
    this.apply();
  }

  _middle() {
    const [x, y, w, h] = this.base;
    return [x + w / 2, y + h / 2];
  }

  apply() {
    const svg = this.svgOf();
    if (!svg || !this.base) return;
    if (this.scale <= 1) {
      this.scale = 1;
      svg.setAttribute("viewBox", this.base.map((v) => v.toFixed(1)).join(" "));
    } else {
      const [x, y, w, h] = this.base;
      const vw = w / this.scale;
      const vh = h / this.scale;
      let [cx, cy] = this.centre || this._middle();
      cx = Math.min(x + w - vw / 2, Math.max(x + vw / 2, cx));
      cy = Math.min(y + h - vh / 2, Math.max(y + vh / 2, cy));
      this.centre = [cx, cy];
      svg.setAttribute("viewBox", [cx - vw / 2, cy - vh / 2, vw, vh].map((v) => v.toFixed(1)).join(" "));
    }
    this._paintState();
  }

  _paintState() {
    this.host.classList.toggle("is-zoomed", this.scale > 1);
    this.host.dataset.zoom = this.scale.toFixed(2);
    this.fitButton.disabled = this.scale <= 1;
  }

  /** Returns SVG units per screen pixel (x and y) of the board now. */
  _unitsPerPixel() {
    const svg = this.svgOf();
    const ctm = svg && svg.getScreenCTM();
    return ctm ? [1 / ctm.a, 1 / ctm.d] : [1, 1];
  }

  _toSvg(clientX, clientY) {
    const svg = this.svgOf();
    const ctm = svg && svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return [p.x, p.y];
  }

  _gestures() {
    const host = this.host;
    host.addEventListener("pointerdown", (ev) => {
      if (ev.target.closest(".zoom-bar")) return;
      this.pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY, x0: ev.clientX, y0: ev.clientY });
      if (this.pointers.size === 1) this.dragged = false;
      if (this.pointers.size === 2) this.pinch = this._spread();
    });
    host.addEventListener("pointermove", (ev) => {
      const p = this.pointers.get(ev.pointerId);
      if (!p) return;
      const dx = ev.clientX - p.x;
      const dy = ev.clientY - p.y;
      p.x = ev.clientX;
      p.y = ev.clientY;
      if (this.pointers.size === 2 && this.pinch) {
        const spread = this._spread();
        const mid = this._midPointers();
        if (spread && this.pinch) this.zoomBy(spread / this.pinch, this._toSvg(mid[0], mid[1]));
        this.pinch = spread;
        this.dragged = true;
        this.panned = true;
        return;
      }
      if (this.scale <= 1 || !this.centre) return;
      if (!this.dragged && Math.hypot(ev.clientX - p.x0, ev.clientY - p.y0) < DRAG_SLOP) return;
      this.dragged = true;
      this.panned = true;
      const [ux, uy] = this._unitsPerPixel();
      this.centre = [this.centre[0] - dx * ux, this.centre[1] - dy * uy];
      this.apply();
    });
    const up = (ev) => {
      this.pointers.delete(ev.pointerId);
      if (this.pointers.size < 2) this.pinch = null;
    };
    host.addEventListener("pointerup", up);
    host.addEventListener("pointercancel", up);
    // A drag or a pinch is not a tap on a cell.
    host.addEventListener(
      "click",
      (ev) => {
        if (this.dragged && !ev.target.closest(".zoom-bar")) {
          ev.stopPropagation();
          ev.preventDefault();
          this.dragged = false;
        }
      },
      true,
    );
    host.addEventListener(
      "wheel",
      (ev) => {
        if (!ev.ctrlKey) return;
        ev.preventDefault();
        this.zoomBy(ev.deltaY < 0 ? 1.15 : 1 / 1.15, this._toSvg(ev.clientX, ev.clientY));
      },
      { passive: false },
    );
  }

  _spread() {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null;
  }

  _midPointers() {
    const [a, b] = [...this.pointers.values()];
    return [(a.x + b.x) / 2, (a.y + b.y) / 2];
  }
}
