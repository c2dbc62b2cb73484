// A board for games without their own: every legal action as a button, the view as text.

import { label } from "../actions.js";
import { h } from "../panels.js";

async function create(ctx) {
  const pre = h("pre", { class: "generic-view" });
  ctx.board.replaceChildren(pre);
  const row = ctx.controls ? h("div", { class: "action-row", id: "primary-actions" }) : null;
  if (ctx.controls) ctx.controls.replaceChildren(row);
  return {
    paint(state) {
      pre.textContent = JSON.stringify(state.view, null, 2);
      if (!row) return;
      row.replaceChildren(
        ...state.legal_actions.map((a) =>
          h(
            "button",
            { type: "button", class: "button", "data-action": a.kind, disabled: ctx.busy() ? true : null, onclick: () => ctx.run(() => ctx.send(a)) },
            label(a),
          ),
        ),
      );
    },
  };
}

export default { id: "generic", create };
