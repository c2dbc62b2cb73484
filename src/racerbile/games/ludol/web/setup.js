// Ludøl's part of the start page (see setupForm in the platform's games.js): the rule
// set chosen above becomes the setup's ``profile``; two players may play two colours
// each (LD-SEAT-1); the referee may name up to two line judges (LD-REF-1).

import { t } from "/static/i18n.js";
import { h, fill } from "/static/panels.js";

const FIELDS = ["profile", "line_judges"];
const MAX_JUDGES = 2;

export function setupForm(el, ctx) {
  let profile = "ludol";
  ctx.onRuleSet((value) => (profile = value === "norsk" ? "norsk" : "ludol"));
  const twoColours = h("input", { type: "checkbox", id: "ld-two-colours", name: "two_colours" });
  const judges = Array.from({ length: MAX_JUDGES }, (_, i) => h("input", { class: "input ld-judge", type: "text", name: `judge-${i}`, maxlength: 40 }));
  const labels = {};

  function paint() {
    labels.colours.textContent = t("ld.s_two_colours");
    labels.judges.textContent = t("ld.s_judges");
    labels.help.textContent = t("ld.s_judges_help");
    judges.forEach((input, i) => input.setAttribute("placeholder", t("ld.s_judge_n", { n: i + 1 })));
  }

  labels.colours = h("span");
  labels.judges = h("legend");
  labels.help = h("p", { class: "muted small" });
  fill(
    el,
    h(
      "fieldset",
      { class: "card", id: "ld-setup-card" },
      labels.judges,
      labels.help,
      h("div", { class: "ld-judges" }, judges),
      h("label", { class: "ld-check" }, twoColours, labels.colours),
    ),
  );
  paint();

  return {
    fields: FIELDS,
    read(body) {
      const setup = { ...body.setup, profile };
      const names = judges.map((j) => j.value.trim()).filter(Boolean);
      if (names.length) setup.line_judges = names;
      if (twoColours.checked && (setup.players || []).length === 2) setup.players = setup.players.map((p) => ({ ...p, colours: 2 }));
      return { ...body, setup };
    },
    repaint: paint,
  };
}
