// Reading Racerbile's view (the game's part of the envelope) into what its board and
// panels draw. The readers accept a few spellings of each field so that small changes in
// the view JSON do not break the pages.

import { parseCell, cellKey, DIRECTIONS } from "/static/board.js";

const pick = (obj, ...keys) => {
  if (!obj || typeof obj !== "object") return undefined;
  for (const k of keys) if (obj[k] !== undefined && obj[k] !== null) return obj[k];
  return undefined;
};

/** Returns [{seat, name, drink, bot}] for every seat. */
export function players(state) {
  const view = state.view || {};
  const list = pick(view, "players", "seats") || pick(state, "players", "seats") || [];
  const names = pick(view, "names") || [];
  const out = [];
  if (Array.isArray(list) && list.length) {
    list.forEach((p, i) => {
      if (typeof p === "string") out.push({ seat: i, name: p });
      else
        out.push({
          seat: p.seat ?? i,
          name: p.name ?? names[i] ?? `#${i + 1}`,
          drink: p.drink,
          bot: p.bot || null,
        });
    });
  } else if (names.length) {
    names.forEach((n, i) => out.push({ seat: i, name: n }));
  } else {
    for (const c of cars(state)) out.push({ seat: c.seat, name: c.name || `#${c.seat + 1}` });
  }
  return out;
}

export function nameOf(state, seat) {
  if (seat === null || seat === undefined) return "";
  const p = players(state).find((x) => x.seat === seat);
  return p ? p.name : `#${Number(seat) + 1}`;
}

/** Returns the cars: [{seat, cell: [q,r], gear, laps, heading, flipped, offTrack, name}]. */
export function cars(state) {
  const view = state.view || {};
  const list = pick(view, "cars", "caps") || [];
  const names = pick(view, "names") || [];
  const out = [];
  (Array.isArray(list) ? list : Object.values(list)).forEach((c, i) => {
    const cell = parseCell(pick(c, "cell", "at", "position", "hex"));
    let heading = pick(c, "heading", "facing", "direction");
    if (typeof heading === "string" && /^\d$/.test(heading)) heading = Number(heading);
    out.push({
      seat: c.seat ?? i,
      cell,
      gear: pick(c, "gear"),
      laps: pick(c, "laps", "lap"),
      heading: typeof heading === "number" ? heading : null,
      flipped: !!pick(c, "flipped", "blocking"),
      offTrack: !!pick(c, "off_track", "offtrack"),
      name: c.name ?? names[c.seat ?? i],
      stack: pick(c, "stack", "stack_index", "level"),
      rank: pick(c, "rank", "place", "position_rank"),
      finished: !!pick(c, "finished"),
    });
  });
  // Stack order within a cell: index 0 (first arrival) on top.
  out.sort((a, b) => (a.stack ?? 0) - (b.stack ?? 0));
  return out;
}

/** Returns {seat, name, sips, beers, left, caused, drink, size} rows. */
export function drinks(state) {
  const view = state.view || {};
  const rows = pick(view, "drinks", "drinking_table", "drink_table", "ledger", "table") || [];
  const list = Array.isArray(rows) ? rows : Array.isArray(rows.rows) ? rows.rows : [];
  return list.map((r, i) => {
    const seat = r.seat ?? r.player ?? i;
    const drink = r.drink || "standard";
    const size = r.size ?? (drink === "standard" ? 11 : 8);
    return {
      seat,
      name: r.name ?? nameOf(state, seat),
      sips: r.sips ?? r.sips_drunk ?? 0,
      beers: r.beers ?? r.beers_finished ?? 0,
      left: r.sips_left ?? r.left ?? size,
      caused: r.caused ?? r.sips_caused ?? 0,
      drink,
      size,
    };
  });
}

/** Returns the standings as [{seat, place, laps, ...}] in order, from the result or the view. */
export function standings(state) {
  const view = state.view || {};
  const fromResult = state.result && (state.result.standings || state.result);
  const list = (Array.isArray(fromResult) && fromResult) || pick(view, "standings", "ranking", "order") || [];
  if (Array.isArray(list) && list.length) {
    return list.map((s, i) =>
      typeof s === "number" ? { seat: s, place: i + 1 } : { ...s, ...(s.detail || {}), place: s.place ?? i + 1 },
    );
  }
  // Fallback: order the cars by laps.
  return cars(state)
    .slice()
    .sort((a, b) => (b.laps ?? 0) - (a.laps ?? 0))
    .map((c, i) => ({ seat: c.seat, place: i + 1 }));
}

/** Returns the dice to show now (see dice.js normaliseDice for the accepted shapes). */
export function dice(state) {
  const view = state.view || {};
  const turn = view.turn || {};
  if (Array.isArray(turn.dice) && turn.dice.length) return turn.dice;
  const d = pick(view, "dice", "roll", "last_roll");
  if (!d || (Array.isArray(d) && !d.length)) return null;
  return d;
}

/** Returns how many 5s and 6s were shown (and re-rolled) in this turn's roll. */
export function shown56(state) {
  const turn = (state.view || {}).turn || {};
  return typeof turn.shown56 === "number" ? turn.shown56 : 0;
}

export function diceTotal(state) {
  const view = state.view || {};
  const turn = view.turn || {};
  if (typeof turn.total === "number" && turn.total) return turn.total;
  const t = pick(view, "total", "roll_total");
  if (typeof t === "number") return t;
  const d = dice(state);
  if (d && typeof d === "object" && !Array.isArray(d) && typeof d.total === "number") return d.total;
  return null;
}

export function phase(state) {
  const view = state.view || {};
  return pick(view, "phase", "stage") || "";
}

export function movesLeft(state) {
  const view = state.view || {};
  const turn = view.turn || {};
  if (typeof turn.total === "number" && typeof turn.moved === "number" && turn.phase === "move") return turn.total - turn.moved;
  const v = pick(view, "moves_left", "remaining", "steps_left");
  return typeof v === "number" ? v : null;
}

/**
 * Returns the move help for the seat to act: [{cell: "q,r", cost, path: ["q,r", ...], ...}].
 * ``path`` runs from the car's cell (included when the view gives it) to the target.
 */
export function moveHelp(state) {
  const view = state.view || {};
  const help = pick(view, "move_help", "moves", "reachable", "targets");
  if (!help) return [];
  const mover = cars(state).find((c) => c.seat === actingSeat(state));
  const origin = mover ? mover.cell : null;
  let list = help;
  if (!Array.isArray(help)) {
    list = pick(help, "targets", "cells", "reachable", "ends") || [];
    if (!Array.isArray(list)) {
      // {"q,r": {...}} map
      list = Object.entries(list).map(([k, v]) => ({ cell: k, ...(typeof v === "object" ? v : { cost: v }) }));
    }
  }
  return list
    .map((m) => {
      const cell = parseCell(pick(m, "cell", "end", "to", "at"));
      if (!cell) return null;
      const rawPath = pick(m, "path", "best_path", "cells") || [];
      let path;
      let dirs = pick(m, "directions", "dirs");
      if (rawPath.length && rawPath.every((x) => typeof x === "number")) {
        // the path as directions from the moving car's cell
        dirs = rawPath;
        path = [];
        let here = origin;
        if (here) {
          path.push(cellKey(here));
          for (const d of rawPath) {
            here = neighbour(here, d);
            path.push(cellKey(here));
          }
        }
      } else path = rawPath.map(parseCell).filter(Boolean).map(cellKey);
      // Leaving the track: the last step (onto the off-track cell) may not be in the path.
      const last = path.length ? parseCell(path[path.length - 1]) : origin;
      if (last && cellKey(last) !== cellKey(cell)) {
        const d = directionBetween(last, cell);
        if (d !== null) {
          if (!path.length) path.push(cellKey(last));
          path.push(cellKey(cell));
          dirs = [...(Array.isArray(dirs) ? dirs : []), d];
        }
      }
      return {
        cell: cellKey(cell),
        cost: pick(m, "sips", "cost", "penalty") ?? 0,
        path,
        steps: pick(m, "steps", "length", "cells_moved"),
        squeals: pick(m, "squeals"),
        offTrack: !!pick(m, "off_track"),
        dirs: Array.isArray(dirs) ? dirs : null,
        unmoved: pick(m, "unmoved"),
        raw: m,
      };
    })
    .filter(Boolean);
}

/** Returns the neighbour of ``cell`` ([q,r]) in direction d. */
export function neighbour(cell, d) {
  const [dq, dr] = DIRECTIONS[((d % 6) + 6) % 6];
  return [cell[0] + dq, cell[1] + dr];
}

/** Returns the direction from cell a to neighbouring cell b, or null. */
export function directionBetween(a, b) {
  const dq = b[0] - a[0];
  const dr = b[1] - a[1];
  const i = DIRECTIONS.findIndex(([x, y]) => x === dq && y === dr);
  return i < 0 ? null : i;
}

export function trackId(state) {
  const view = state.view || {};
  const t = pick(view, "track", "track_id");
  if (typeof t === "string") return t;
  if (t && typeof t === "object") return t.id || t.name || null;
  const setup = pick(state, "setup") || pick(view, "setup") || {};
  return setup.track || null;
}

export function trackCells(state) {
  const view = state.view || {};
  const t = pick(view, "track");
  if (t && typeof t === "object" && Array.isArray(t.cells)) return t.cells;
  return null;
}

export function isFinished(state) {
  return !!state.finished || state.to_act === null;
}

export function lapsTotal(state) {
  const view = state.view || {};
  return pick(view, "laps", "laps_total", "race_laps") ?? null;
}

/** Returns the seat whose turn it is, also while the dice decide (to_act "chance"). */
export function actingSeat(state) {
  if (typeof state.to_act === "number") return state.to_act;
  const view = state.view || {};
  const v = pick(view, "turn", "current", "current_seat", "active", "player", "to_act");
  if (typeof v === "number") return v;
  if (v && typeof v === "object" && typeof v.seat === "number") return v.seat;
  return null;
}
