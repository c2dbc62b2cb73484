// The game's two clocks as everyone sees them (LD-HIT-1, LD-REF-4): the chug countdown
// after a knock-home and the turn-idle timer with its 10→0 count. Both come from the
// envelope's ``timers`` (the host runs them); a strip above the board ticks them down.

import { t } from "/static/i18n.js";
import { h, fill } from "/static/panels.js";
import * as M from "./model.js";

/** Returns what the clocks say now: [{kind, text, seconds, alert}], the most urgent first. */
export function clockLines(st) {
  if (!st || !st.view || st.view.phase === "over") return [];
  const clocks = M.clocksOf(st);
  const out = [];
  const chug = M.openChugs(st).find((c) => c.status === "running");
  if (clocks.chug && chug) {
    const n = chug.glasses.length;
    out.push({ kind: "chug", seconds: M.secondsLeft(clocks.chug.ends), alert: true, text: t(n === 1 ? "ld.chug_one" : "ld.chug", { name: M.nameOf(st, chug.participant), n }) });
  }
  const actor = M.actorOf(st);
  const who = actor !== null ? M.nameOf(st, actor) : "";
  if (clocks.count) out.push({ kind: "count", seconds: M.secondsLeft(clocks.count.ends), alert: true, text: t("ld.count", { name: who }) });
  else if (clocks.idle) out.push({ kind: "idle", seconds: M.secondsLeft(clocks.idle.ends), alert: false, text: t("ld.idle", { name: who }) });
  return out;
}

function secondsText(s) {
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` : `${s} s`;
}

/** Returns the strip {node, paint(st)}; it repaints itself every quarter second. */
export function clockStrip() {
  const node = h("div", { class: "ld-clocks", "aria-live": "polite" });
  let current = null;
  const draw = () => {
    const lines = clockLines(current);
    node.hidden = !lines.length;
    fill(
      node,
      lines.map((line) =>
        h(
          "div",
          { class: `ld-clock is-${line.kind}${line.alert ? " is-alert" : ""}`, "data-clock": line.kind, "data-seconds": line.seconds },
          h("span", { class: "ld-clock-text" }, line.text),
          h("b", { class: "ld-clock-time" }, secondsText(line.seconds)),
        ),
      ),
    );
  };
  setInterval(draw, 250);
  return {
    node,
    paint(st) {
      current = st;
      draw();
    },
  };
}

