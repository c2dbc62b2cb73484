// The board of a game without its own web module (see games.js): every legal action as
// a button, the game's view as text.

import { h } from "./panels.js";

export const id = "generic";

/** Returns "kind (field value, ...)" for any action. */
export function actionLabel(action) {
  const fields = Object.entries(action)
    .filter(([k]) => k !== "kind")
    .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`)
    .join(", ");
  return `${String(action.kind).replace(/_/g, " ")}${fields ? ` (${fields})` : ""}`;
}

export function panels() {
  return {};
}

export async function createBoard(ctx) {
  const pre = h("pre", { class: "generic-view" });
  ctx.board.replaceChildren(pre);
  const row = ctx.controls ? h("div", { class: "action-row", id: "primary-actions" }) : null;
  if (row) ctx.controls.replaceChildren(row);
  return {
    paint(state) {
      pre.textContent = JSON.stringify(state.view, null, 2);
      if (!row) return;
      row.replaceChildren(
        ...state.legal_actions.map((a) =>
          h(
            "button",
            { type: "button", class: "button", "data-action": a.kind, disabled: ctx.busy() ? true : null, onclick: () => ctx.run(() => ctx.send(a)) },
            actionLabel(a),
          ),
        ),
      );
    },
  };
}
