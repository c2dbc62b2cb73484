// Dice faces as inline SVG.

const PIPS = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [26, 26],
    [50, 50],
    [74, 74],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [26, 26],
    [74, 26],
    [50, 50],
    [26, 74],
    [74, 74],
  ],
  6: [
    [28, 24],
    [72, 24],
    [28, 50],
    [72, 50],
    [28, 76],
    [72, 76],
  ],
};

/** Returns an element showing one die; ``value`` null draws a blank die. */
export function dieElement(value, { small = false, struck = false, rolling = false } = {}) {
  const wrap = document.createElement("span");
  wrap.className = `die${small ? " die-small" : ""}${struck ? " die-struck" : ""}${rolling ? " die-rolling" : ""}${value === 1 ? " die-one" : ""}`;
  wrap.setAttribute("data-die", value === null || value === undefined ? "" : String(value));
  wrap.setAttribute("role", "img");
  wrap.setAttribute("aria-label", value ? String(value) : "?");
  const pips = (PIPS[value] || [])
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9.5"></circle>`)
    .join("");
  wrap.innerHTML = `<svg viewBox="0 0 100 100" aria-hidden="true"><rect x="4" y="4" width="92" height="92" rx="20"></rect>${
    value ? pips : '<text x="50" y="66" text-anchor="middle" font-size="46">?</text>'
  }</svg>`;
  return wrap;
}

/**
 * Normalises the dice shown by the view into
 * [{value, rerolls: [5, 6, ...]}] (``rerolls`` are the 5s and 6s shown before the value).
 */
export function normaliseDice(dice) {
  if (!dice) return [];
  if (!Array.isArray(dice)) {
    if (Array.isArray(dice.dice)) return normaliseDice(dice.dice);
    if (Array.isArray(dice.values)) return normaliseDice(dice.values);
    return [];
  }
  return dice.map((d) => {
    if (typeof d === "number") return { value: d, rerolls: [] };
    if (Array.isArray(d)) {
      // a die's history, e.g. [6, 5, 3]: the last one counts
      return { value: d[d.length - 1], rerolls: d.slice(0, -1) };
    }
    if (d && typeof d === "object") {
      const shown = d.shown || d.history || d.rolls || d.rerolls || [];
      const value = d.value ?? d.final ?? (shown.length ? shown[shown.length - 1] : null);
      const rerolls = (d.rerolls || shown.filter((v) => v >= 5) || []).filter((v) => v !== value || v >= 5);
      return { value, rerolls };
    }
    return { value: null, rerolls: [] };
  });
}

/** Renders dice into ``host``: big faces, with the 5s and 6s re-rolled shown small. */
export function renderDice(host, dice, { rolling = false, placeholders = 0 } = {}) {
  host.replaceChildren();
  const list = normaliseDice(dice);
  if (!list.length) {
    for (let i = 0; i < placeholders; i++) host.appendChild(dieElement(null, { rolling }));
    return;
  }
  for (const d of list) {
    const slot = document.createElement("span");
    slot.className = "die-slot";
    slot.appendChild(dieElement(d.value, { rolling }));
    if (d.rerolls && d.rerolls.length) {
      const trail = document.createElement("span");
      trail.className = "die-trail";
      for (const v of d.rerolls) trail.appendChild(dieElement(v, { small: true, struck: true }));
      slot.appendChild(trail);
    }
    host.appendChild(slot);
  }
}
