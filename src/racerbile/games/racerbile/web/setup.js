// Racerbile's part of the start page (see setupForm in the platform's games.js): the
// announcements (RB-ANN), and for the Le Mans rule set (RB-LM) the teams of drivers, the
// judges and the length of the event instead of the players.

import { t } from "/static/i18n.js";
import { h, fill, capDot } from "/static/panels.js";
import { seatColor } from "/static/board.js";

const TEAM_RULE_SET = "lemans"; // the rule set whose seats are teams (setup field ``teams``)
const FIELDS = ["announcements", "teams", "judges", "event_hours"];

const newTeam = () => ({ name: "", drivers: ["", "", ""], drink: "standard" });

export function setupForm(el, ctx) {
  const teams = [newTeam(), newTeam()];
  const judges = [];
  const annField = ctx.field("announcements");
  const hasTeams = !!ctx.field("teams");
  let teamsOn = false;

  const teamList = h("ol", { class: "teams", id: "teams" });
  const judgeList = h("ol", { class: "judges", id: "judges" });
  const hours = h("input", { id: "event-hours", name: "event_hours", class: "input", type: "number", min: "0.01", max: "168", step: "any", value: "24", inputmode: "decimal" });
  const addTeam = h("button", { type: "button", class: "button ghost", id: "add-team", onclick: () => add(teams, newTeam(), ".team-name") }, "+ ", h("span", { "data-i18n": "start.add_team" }));
  const addJudge = h("button", { type: "button", class: "button ghost", id: "add-judge", onclick: () => add(judges, "", ".judge-name") }, "+ ", h("span", { "data-i18n": "start.add_judge" }));
  const teamsCard = h(
    "fieldset",
    { class: "card", id: "teams-card", hidden: true },
    h("legend", { "data-i18n": "start.teams" }),
    teamList,
    addTeam,
    h("h3", { class: "sub", "data-i18n": "start.judges" }),
    h("p", { class: "muted small", "data-i18n": "start.judges_help" }),
    judgeList,
    addJudge,
    h("label", { class: "field hours-field" }, h("span", { "data-i18n": "start.hours" }), hours),
  );
  const annChoice = h("div", { class: "choice-grid", id: "announce-choice" });
  const annCard = annField
    ? h("fieldset", { class: "card", id: "announce-card" }, h("legend", { "data-i18n": "start.announcements" }), annChoice)
    : null;
  fill(el, teamsCard, annCard);

  function add(list, item, selector) {
    if (list === teams && teams.length >= ctx.game.max) return;
    list.push(item);
    renderTeams();
    const inputs = el.querySelectorAll(selector);
    inputs[inputs.length - 1].focus();
  }

  function remove(list, i) {
    list.splice(i, 1);
    renderTeams();
  }

  function teamRow(team, i) {
    const drinks = ctx.playerChoices("drink");
    const name = h("input", { class: "input team-name", type: "text", name: `team-${i}`, value: team.name, maxlength: 40, placeholder: t("start.team_n", { n: i + 1 }), "aria-label": t("start.name") });
    name.addEventListener("input", () => (team.name = name.value));
    const drivers = team.drivers.map((d, k) => {
      const input = h("input", { class: "input team-driver", type: "text", name: `team-${i}-driver-${k}`, value: d, maxlength: 40, placeholder: t("start.driver_n", { n: k + 1 }), "aria-label": t("start.driver_n", { n: k + 1 }) });
      input.addEventListener("input", () => (team.drivers[k] = input.value));
      return input;
    });
    const drink = drinks.length
      ? h("select", { class: "input p-drink", name: `team-drink-${i}`, "aria-label": t("start.drink") }, drinks.map((d) => h("option", { value: d, selected: d === team.drink }, ctx.choiceLabel("drink", d))))
      : null;
    if (drink) drink.addEventListener("change", () => (team.drink = drink.value));
    const out = h("button", { type: "button", class: "icon-button p-remove", "aria-label": t("start.remove"), title: t("start.remove"), disabled: teams.length <= 1 ? true : null, onclick: () => remove(teams, i) }, "✕");
    return h(
      "li",
      { class: "team-row", style: { "--seat": seatColor(i) } },
      h("div", { class: "team-head" }, capDot(i, team.name || t("start.team_n", { n: i + 1 })), name, drink, out),
      h("div", { class: "team-drivers" }, drivers),
    );
  }

  function judgeRow(judge, i) {
    const input = h("input", { class: "input judge-name", type: "text", name: `judge-${i}`, value: judge, maxlength: 40, placeholder: t("start.judge_n", { n: i + 1 }), "aria-label": t("start.judge_n", { n: i + 1 }) });
    input.addEventListener("input", () => (judges[i] = input.value));
    const out = h("button", { type: "button", class: "icon-button p-remove", "aria-label": t("start.remove"), title: t("start.remove"), onclick: () => remove(judges, i) }, "✕");
    return h("li", { class: "judge-row" }, h("span", { class: "judge-mark", "aria-hidden": "true" }, "⚑"), input, out);
  }

  function renderTeams() {
    teamList.replaceChildren(...teams.map(teamRow));
    addTeam.disabled = teams.length >= ctx.game.max;
    judgeList.replaceChildren(...judges.map(judgeRow));
    for (const node of teamsCard.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  }

  function renderAnnouncements() {
    if (!annCard) return;
    for (const node of annCard.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
    const values = annField.enum || ["auto", "manual"];
    if (ctx.values.announcements === undefined) ctx.values.announcements = values[0];
    annChoice.replaceChildren(
      ...values.map((v) =>
        h(
          "button",
          {
            type: "button",
            class: "choice",
            role: "radio",
            "aria-checked": String(v === ctx.values.announcements),
            "data-value": v,
            onclick: () => {
              ctx.values.announcements = v;
              renderAnnouncements();
            },
          },
          ctx.choiceLabel("start.ann", v),
          h("small", {}, t(`start.ann.${v}.help`)),
        ),
      ),
    );
  }

  /** Le Mans takes teams and judges instead of players, on its own track. */
  ctx.onRuleSet((ruleSet) => {
    teamsOn = hasTeams && ruleSet === TEAM_RULE_SET;
    teamsCard.hidden = !teamsOn;
    ctx.showPlayers(!teamsOn);
    if (teamsOn) {
      ctx.setTrack(TEAM_RULE_SET);
      renderTeams();
    }
  });
  renderTeams();
  renderAnnouncements();

  return {
    fields: FIELDS,
    read(body) {
      const setup = { ...body.setup };
      if (annField && ctx.values.announcements) setup.announcements = ctx.values.announcements;
      if (!teamsOn) return { ...body, setup };
      setup.teams = teams.map((team, i) => {
        const name = (team.name || "").trim() || t("start.team_n", { n: i + 1 });
        const drivers = team.drivers.map((d) => d.trim()).filter(Boolean);
        return { name, drivers: drivers.length ? drivers : [name], drink: team.drink || "standard" };
      });
      setup.judges = judges.map((j) => j.trim()).filter(Boolean);
      const value = Number(hours.value);
      if (hours.value.trim() !== "" && value > 0) setup.event_hours = value;
      return { ...body, setup };
    },
    repaint() {
      if (teamsOn) renderTeams();
      renderAnnouncements();
    },
  };
}
