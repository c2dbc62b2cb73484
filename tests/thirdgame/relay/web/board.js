// Relay's board: one lane per runner (banked points towards the target), the runner's two
// buttons, and the referee's penalty buttons. Reads only the platform's envelope and the
// game's own view (scores, target, current, carried, phase).

import { t } from "/static/i18n.js";
import { h } from "/static/panels.js";

export { strings } from "./strings.js";

export const id = "relay";
export const dice = true;

function names(st) {
  return (st.seats || []).map((s) => s.name);
}

function lane(st, seat, name) {
  const v = st.view;
  const share = Math.min(100, Math.round((100 * v.scores[seat]) / v.target));
  const carrying = seat === v.current && v.carried ? ` · ${t("rl.carried", { n: v.carried })}` : "";
  return h(
    "div",
    { class: "relay-lane", "data-seat": String(seat), "data-score": String(v.scores[seat]) },
    h("span", { class: "relay-name" }, `${name}: ${v.scores[seat]}/${v.target}${carrying}`),
    h("div", { class: "relay-track", style: "background:#ddd;height:8px" },
      h("div", { class: "relay-bar", style: `background:#2a7;height:8px;width:${share}%` })),
  );
}

export async function createBoard(ctx) {
  const lanes = h("div", { class: "relay-lanes" });
  ctx.board.replaceChildren(lanes);
  const row = ctx.controls ? h("div", { class: "action-row", id: "primary-actions" }) : null;
  if (row) ctx.controls.replaceChildren(row);
  return {
    paint(st) {
      lanes.replaceChildren(...names(st).map((name, seat) => lane(st, seat, name)));
      if (!row) return;
      row.replaceChildren(
        ...st.legal_actions
          .filter((a) => a.kind === "roll" || a.kind === "hand")
          .map((a) =>
            h(
              "button",
              { type: "button", class: "button", "data-action": a.kind, disabled: ctx.busy() ? true : null,
                onclick: () => ctx.run(() => ctx.send(a)) },
              actionLabel(a, st),
            ),
          ),
      );
    },
  };
}

export function actionLabel(action, st = null) {
  if (action.kind === "roll") return t("rl.roll");
  if (action.kind === "hand") return t("rl.hand", { n: st ? st.view.carried : 0 });
  if (action.kind === "die") return String(action.value);
  return action.kind;
}

/** The standings: banked points, in the result's order once the relay is over. */
export function panels(st) {
  const v = st.view;
  const places = new Map(((st.result && st.result.standings) || []).map((s) => [s.seat, s.place]));
  const order = names(st).map((_, seat) => seat).sort((a, b) => v.scores[b] - v.scores[a]);
  return {
    standings: order.map((seat) => ({ seat, place: places.get(seat) || "", meta: [[t("rl.points"), v.scores[seat]]] })),
  };
}

/** The referee's and judges' console: one penalty button per runner. */
export function refereeConsole(el, { send, run }) {
  return function paint(st) {
    const judge = st.role === "judge" ? st.judge : null;
    el.replaceChildren(
      ...names(st).map((name, seat) =>
        h(
          "button",
          { type: "button", class: "button", "data-penalty": String(seat),
            onclick: () => run(() => send({ kind: "penalty", seat, points: 2, judge })) },
          t("rl.penalty", { name }),
        ),
      ),
    );
    return st.to_act !== null && st.to_act !== undefined;
  };
}
