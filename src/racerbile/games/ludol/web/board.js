// Ludøl's web module (the interface is documented in the platform's games.js): the
// cross-shaped board with glasses as pieces, the move controls (tap a glass, then the
// face when top and bottom are both legal, see where it lands, confirm), the typed
// throw of a real die, the chug and turn-idle countdowns, and, in sibling modules, the
// panels with the drink ledger, the referee's console and the TV scoreboard's figures.

import { t } from "/static/i18n.js";
import { dieElement } from "/static/dice.js";
import { h, fill } from "/static/panels.js";
import * as M from "./model.js";
import { drawBoard, drawGlass, drawDestination, groupsOf } from "./draw.js";
import { moveControls } from "./controls.js";
import { clockStrip } from "./clocks.js";

export { strings } from "./strings.js";
export { panels } from "./panels.js";
export { refereeConsole } from "./referee.js";
export { setupForm } from "./setup.js";
export { actionLabel } from "./labels.js";
export { scoreboard } from "./scoreboard.js";

export const id = "ludol";
export const dice = true;
export const styles = [new URL("./board.css", import.meta.url).href, new URL("./referee.css", import.meta.url).href];

export async function createBoard(ctx) {
  const acting = ctx.page === "room";
  const sel = { frm: null, value: null, seq: null };
  let st = ctx.state;
  let layers = null;
  let drawnColours = 0;
  const strip = clockStrip();
  const holder = h("div", { class: "ld-board" });
  ctx.board.replaceChildren(strip.node, holder);
  ctx.board.classList.add("ld-board-wrap");
  const panel = acting && ctx.controls ? h("div", { class: "ld-controls" }) : null;
  if (panel) ctx.controls.replaceChildren(panel);

  const movesNow = () => (acting && !ctx.busy() ? M.movesByGlass(st) : new Map());

  function choose(frm, value = null) {
    const options = movesNow().get(frm) || [];
    if (!options.length) return clear();
    sel.frm = frm;
    sel.value = value ?? (options.length === 1 ? options[0].value : null);
    ctx.repaint();
  }

  function clear() {
    if (sel.frm === null) return;
    sel.frm = null;
    sel.value = null;
    ctx.repaint();
  }

  function confirm() {
    const move = (movesNow().get(sel.frm) || []).find((m) => m.value === sel.value);
    if (!move) return;
    sel.frm = null;
    sel.value = null;
    ctx.run(() => ctx.send(move));
  }

  holder.addEventListener("click", (ev) => {
    if (!acting || ctx.busy()) return;
    const dest = ev.target.closest(".ld-dest");
    if (dest) {
      const value = Number(dest.dataset.value);
      if (sel.value === value) confirm();
      else choose(sel.frm, value);
      return;
    }
    const glass = ev.target.closest(".ld-glass.is-movable, .ld-glass.is-selected");
    if (glass) return choose(Number(glass.dataset.progress));
    clear();
  });

  function paintBoard(moves) {
    const colours = (st.view && st.view.colours) || [];
    if (!layers || drawnColours !== colours.length) {
      drawnColours = colours.length;
      layers = drawBoard(colours.length);
      layers.root.setAttribute("aria-label", t("ld.board"));
      holder.replaceChildren(layers.root);
    }
    const turnLetter = st.view && st.view.turn ? st.view.turn.colour : null;
    const sizes = M.blockSizes(st);
    layers.glasses.replaceChildren();
    layers.top.replaceChildren();
    for (const gr of groupsOf(colours)) {
      const mine = gr.letter === turnLetter && moves.has(gr.progress);
      const selected = mine && sel.frm === gr.progress;
      drawGlass(layers.glasses, gr, { blockSizes: sizes, movable: mine && !selected, selected });
    }
    if (sel.frm !== null && turnLetter) {
      const k = M.colourIndex(turnLetter);
      for (const m of moves.get(sel.frm) || []) {
        if (sel.value !== null && m.value !== sel.value) continue;
        drawDestination(layers.top, k, m.frm, M.destination(m), { chosen: m.value === sel.value, value: m.value });
      }
    }
  }

  function paintDice() {
    if (!ctx.dice) return;
    const turn = st.view && st.view.phase !== "over" ? st.view.turn : null;
    fill(ctx.dice, turn && turn.throw ? [dieElement(turn.throw), h("span", { class: "ld-bottom-face" }, t("ld.bottom", { n: 7 - turn.throw }))] : []);
  }

  function paintHint(moves) {
    if (!ctx.hint) return;
    let text = "";
    if (sel.frm !== null && sel.value !== null) text = t("ld.hint_confirm");
    else if (sel.frm !== null) text = t("ld.hint_face");
    else if (moves.size) text = t("ld.hint_glass");
    ctx.hint.textContent = text;
    ctx.hint.hidden = !text;
  }

  return {
    paint(next) {
      st = next;
      if (sel.seq !== st.seq) {
        sel.seq = st.seq;
        sel.frm = null;
        sel.value = null;
        const moves = movesNow();
        if (moves.size === 1) {
          const [frm, options] = [...moves.entries()][0];
          sel.frm = frm;
          sel.value = options.length === 1 ? options[0].value : null;
        }
      }
      const moves = movesNow();
      if (sel.frm !== null && !moves.has(sel.frm)) {
        sel.frm = null;
        sel.value = null;
      }
      paintBoard(moves);
      paintDice();
      paintHint(moves);
      strip.paint(st);
      if (panel) moveControls(panel, st, { ctx, sel, moves, choose, confirm, clear });
    },
  };
}
