// Racerbile's referee console (host and judges): the fault buttons of ``view.referee``
// charged to a chosen player, and, when the view has ``lemans``, the judges' console
// (penalties, Dunlop bridge, vomiting, delays, disqualification, rule changes, the last
// lap). Referee actions go through the same actions route as any other; the server
// applies them whoever is to act.

import { t, lang } from "/static/i18n.js";
import { seatColor, inkOn } from "/static/board.js";
import { h, fill, capDot, toast } from "/static/panels.js";
import * as V from "/static/view.js";
import { phase } from "./view.js";

const PER = { cell: "ref.per.cell", die: "ref.per.die", cap: "ref.per.cap", step: "ref.per.step", "1 shown": "ref.per.one", squeal: "ref.per.squeal" };

/** Creates the console in ``body``; returns ``paint(state)``, true when it shows something. */
export function refereeConsole(body, { send, run }) {
  const sel = { seat: null, count: 1, judge: 0, sips: 3 };
  let built = "";
  let current = null;

  function judgeNumber(state) {
    if (state.role === "judge") return state.judge;
    const judges = (state.view.lemans && state.view.lemans.judges) || [];
    return judges.length ? Math.min(sel.judge, judges.length - 1) : null;
  }

  function legalSet(state) {
    const lm = state.view.lemans;
    const j = judgeNumber(state);
    if (!lm || j === null || !lm.judge_legal || !lm.judge_legal[j]) return new Set();
    return new Set(lm.judge_legal[j]);
  }

  async function fire(action, done) {
    await run(async () => {
      await send(action);
      toast(done);
    });
  }

  function seatName(state, seat) {
    return V.nameOf(state, seat);
  }

  function seatPicker(state) {
    const seats = (state.seats || []).map((s) => s.seat);
    if (sel.seat === null || !seats.includes(sel.seat)) sel.seat = seats[0] ?? 0;
    return h(
      "div",
      { class: "ref-seats", role: "radiogroup", "aria-label": t("ref.player") },
      seats.map((seat) => {
        const color = seatColor(seat);
        return h(
          "button",
          {
            type: "button",
            role: "radio",
            class: "ref-seat",
            "data-seat": seat,
            "aria-checked": String(seat === sel.seat),
            style: { "--seat": color, "--ink": inkOn(color) },
            onclick: () => {
              sel.seat = seat;
              refresh();
            },
          },
          capDot(seat, seatName(state, seat)),
          h("span", {}, seatName(state, seat)),
        );
      }),
    );
  }

  function countStepper() {
    const input = h("input", { type: "number", min: 1, max: 99, value: sel.count, class: "ref-count-input", inputmode: "numeric", "aria-label": t("ref.count") });
    input.addEventListener("input", () => (sel.count = Math.max(1, Math.min(99, Number(input.value) || 1))));
    const step = (d) => {
      sel.count = Math.max(1, Math.min(99, sel.count + d));
      input.value = sel.count;
    };
    return h(
      "label",
      { class: "ref-count" },
      h("span", {}, t("ref.count")),
      h(
        "span",
        { class: "stepper" },
        h("button", { type: "button", class: "stepper-btn", onclick: () => step(-1), "aria-label": "−" }, "−"),
        input,
        h("button", { type: "button", class: "stepper-btn", onclick: () => step(1), "aria-label": "+" }, "+"),
      ),
    );
  }

  function faultButton(f) {
    const raw = lang() === "da" ? f.da : f.en;
    const text = raw.charAt(0).toUpperCase() + raw.slice(1);
    const per = f.per ? t(PER[f.per] || "ref.per.other", { per: f.per }) : "";
    const sips = f.sips === 1 ? t("ctl.cost1") : t("ctl.cost", { n: f.sips });
    return h(
      "button",
      {
        type: "button",
        class: `ref-fault is-${f.type}`,
        "data-fault": f.fault,
        title: f.rule_id,
        onclick: () => {
          const state = current;
          const count = f.per ? sel.count : 1;
          const action = { kind: "fault", fault: f.fault, seat: sel.seat, count };
          fire(action, t("ref.charged", { name: seatName(state, sel.seat), what: text, n: count > 1 ? ` ×${count}` : "" }));
        },
      },
      h("span", { class: "ref-fault-text" }, text),
      h("small", {}, `${sips}${per ? ` ${per}` : ""}`),
    );
  }

  function judgesConsole(state) {
    const lm = state.view.lemans;
    const judges = lm.judges || [];
    const rows = [];
    if (state.role === "host" && judges.length > 1) {
      const pick = h(
        "select",
        { class: "input", "aria-label": t("ref.as_judge") },
        judges.map((name, i) => h("option", { value: i, selected: i === sel.judge }, name)),
      );
      pick.addEventListener("change", () => {
        sel.judge = Number(pick.value);
        refresh();
      });
      rows.push(h("label", { class: "field" }, h("span", {}, t("ref.as_judge")), pick));
    } else if (judges.length) {
      const j = judgeNumber(state);
      rows.push(h("p", { class: "muted small" }, t("ref.judge_is", { name: judges[j] })));
    } else {
      rows.push(h("p", { class: "muted small" }, t("ref.no_judges")));
    }
    const sips = h("input", { type: "number", min: 1, max: 42, value: sel.sips, class: "input ref-sips", inputmode: "numeric", "aria-label": t("ref.sips") });
    sips.addEventListener("input", () => (sel.sips = Math.max(1, Math.min(42, Number(sips.value) || 1))));
    const reason = h("input", { type: "text", class: "input ref-reason", maxlength: 200, placeholder: t("ref.reason"), "aria-label": t("ref.reason") });
    const penalty = h(
      "button",
      {
        type: "button",
        class: "button primary ref-judge",
        "data-judge-action": "penalty",
        onclick: () => {
          const j = judgeNumber(current);
          const action = { kind: "penalty", seat: sel.seat, sips: sel.sips, judge: j, reason: reason.value.trim() };
          fire(action, t("ref.penalty_given", { name: seatName(current, sel.seat), n: sel.sips })).then(() => (reason.value = ""));
        },
      },
      t("ref.penalty"),
    );
    rows.push(h("div", { class: "ref-row" }, h("label", { class: "field ref-sips-field" }, h("span", {}, t("ref.sips")), sips), reason, penalty));

    const call = (kind, extra, label, confirmText) =>
      h(
        "button",
        {
          type: "button",
          class: `button ref-judge${kind === "disqualify" ? " danger" : ""}`,
          "data-judge-action": `${kind}${extra.where ? `-${extra.where}` : ""}`,
          onclick: () => {
            const state = current;
            if (confirmText && !window.confirm(confirmText.replace("{name}", seatName(state, sel.seat)))) return;
            fire({ kind, seat: sel.seat, judge: judgeNumber(state), ...extra }, `${label}: ${seatName(state, sel.seat)}`);
          },
        },
        label,
      );
    rows.push(
      h(
        "div",
        { class: "ref-grid" },
        call("dunlop_bridge", {}, t("ref.dunlop")),
        call("vomit", { where: "table" }, t("ref.vomit_table")),
        call("vomit", { where: "floor" }, t("ref.vomit_floor")),
        call("delay", {}, t("ref.delay")),
        call("disqualify", { reason: "" }, t("ref.disqualify"), t("ref.disqualify_confirm")),
      ),
    );
    const text = h("input", { type: "text", class: "input ref-rule", maxlength: 200, placeholder: t("ref.rule_text"), "aria-label": t("ref.rule_text") });
    const change = h(
      "button",
      {
        type: "button",
        class: "button ref-judge",
        "data-judge-action": "rule_change",
        onclick: () => {
          const value = text.value.trim();
          if (!value) return text.focus();
          fire({ kind: "rule_change", judge: judgeNumber(current), text: value }, t("ref.rule_changed")).then(() => (text.value = ""));
        },
      },
      t("ref.rule_change"),
    );
    rows.push(h("div", { class: "ref-row" }, text, change));
    rows.push(
      h(
        "button",
        {
          type: "button",
          class: "button big ref-judge ref-last-lap",
          "data-judge-action": "clock_expired",
          onclick: () => {
            if (!window.confirm(t("ref.last_lap_confirm"))) return;
            fire({ kind: "clock_expired", judge: judgeNumber(current) }, t("ref.last_lap_called"));
          },
        },
        t("ref.last_lap"),
      ),
    );
    return h("section", { class: "ref-judges" }, h("h3", { class: "sub" }, t("ref.judges")), rows);
  }

  function build(state) {
    const faults = state.view.referee.faults || [];
    const groups = ["technical", "general"].map((type) => {
      const list = faults.filter((f) => f.type === type);
      return list.length
        ? h("section", { class: "ref-group" }, h("h3", { class: "sub" }, t(`ref.${type}`)), h("div", { class: "ref-faults" }, list.map(faultButton)))
        : null;
    });
    fill(
      body,
      h("div", { class: "ref-pick" }, h("p", { class: "label" }, t("ref.player")), seatPicker(state)),
      state.view.lemans ? judgesConsole(state) : null,
      h("details", { class: "ref-faults-wrap", open: state.role === "host" || !state.view.lemans }, h("summary", {}, t("ref.faults")), countStepper(), groups),
    );
  }

  function refresh() {
    if (!current) return;
    for (const b of body.querySelectorAll(".ref-seat")) b.setAttribute("aria-checked", String(Number(b.dataset.seat) === sel.seat));
    const state = current;
    const over = V.isFinished(state);
    for (const b of body.querySelectorAll(".ref-fault")) b.disabled = over;
    const legal = legalSet(state);
    const j = judgeNumber(state);
    const lm = state.view.lemans;
    for (const b of body.querySelectorAll(".ref-judge")) {
      const kind = b.dataset.judgeAction;
      const seat = sel.seat;
      const key = {
        dunlop_bridge: `dunlop ${seat} judge ${j}`,
        "vomit-table": `vomit ${seat} table judge ${j}`,
        "vomit-floor": `vomit ${seat} floor judge ${j}`,
        delay: `delay ${seat} judge ${j}`,
        disqualify: `out ${seat} judge ${j}`,
        clock_expired: `last lap judge ${j}`,
      }[kind];
      let ok;
      if (kind === "clock_expired" && j === null) ok = !!lm && phase(state) === "race" && !(lm.clock && lm.clock.last_lap);
      else if (j === null) ok = false;
      else if (key) ok = legal.has(key);
      else ok = !over;
      b.disabled = !ok;
    }
  }

  return function paint(state) {
    current = state;
    if (!state.view || !state.view.referee) return false;
    const key = [lang(), state.role, (state.seats || []).length, !!state.view.lemans, state.view.lemans ? (state.view.lemans.judges || []).join("|") : ""].join("/");
    if (key !== built) {
      built = key;
      build(state);
    }
    refresh();
    return true;
  };
}
