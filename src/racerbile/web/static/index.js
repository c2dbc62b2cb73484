// Start page: pick a game, its rule set, track, players and options; create the game.
// The standard form is built from the game's setup schema; the game's web module adds
// its own part (setupForm, see games.js).

import { api, ApiError } from "./api.js";
import { rememberGame } from "./joining.js";
import { t, applyStatic, bindLangButton, onLang } from "./i18n.js";
import { h, capDot } from "./panels.js";
import { seatColor } from "./board.js";
import { loadGame } from "./games.js";
import { resolve, nonNull, gameList } from "./setup-schema.js";
import { segmented, choices, renderResume, bindJoinBox } from "./start-parts.js";

const $ = (id) => document.getElementById(id);

const state = {
  games: [],
  game: null, // the selected game's meta entry
  schema: null, // its resolved setup schema
  values: {}, // setup values other than players
  players: [],
  dice: "digital",
  form: null, // the game's part of the form (its setupForm)
  ruleSetListeners: [],
};

const STANDARD = ["players", "rule_set", "track", "laps"]; // drawn by the standard form
let known = new Set(STANDARD); // setup fields not drawn as special rules or more settings

/** Returns the setup's leaf fields as [{path: [..keys], key, field}], one level of nesting deep. */
function leaves(props, root) {
  const out = [];
  for (const [key, raw] of Object.entries(props)) {
    if (known.has(key)) continue;
    const field = nonNull(raw, root);
    if (field && field.type === "object" && field.properties) {
      for (const [sub, subRaw] of Object.entries(field.properties)) {
        const f = nonNull(subRaw, root);
        if (f) out.push({ path: [key, sub], key: `${key}.${sub}`, name: sub, field: f });
      }
    } else if (field) out.push({ path: [key], key, name: key, field });
  }
  return out;
}

function getValue(path) {
  let node = state.values;
  for (const k of path) node = node && node[k];
  return node;
}

function setValue(path, value) {
  let node = state.values;
  for (const k of path.slice(0, -1)) {
    if (!node[k] || typeof node[k] !== "object") node[k] = {};
    node = node[k];
  }
  node[path[path.length - 1]] = value;
}

// ---- rendering -----------------------------------------------------------------------

const titleCase = (s) => String(s).replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** The game's own text for ``key`` ("{game}.{key}" in its strings), else ``fallback``
 * (the server's English): descriptions, bots, tracks and setup fields. */
function gameText(key, fallback) {
  const full = `${state.game.id}.${key}`;
  const text = t(full);
  return text === full ? fallback : text;
}

function renderGames() {
  $("game-card").hidden = state.games.length < 2;
  segmented(
    $("game-choice"),
    state.games.map((g) => ({ value: g.id, label: g.name })),
    state.game && state.game.id,
    (id) => selectGame(id),
  );
}

let selecting = 0; // the latest game picked: a slower earlier load must not win

async function selectGame(id) {
  const game = state.games.find((g) => g.id === id) || state.games[0];
  const ticket = ++selecting;
  $("start").disabled = true;
  for (const b of $("game-choice").children) b.setAttribute("aria-checked", String(b.dataset.value === game.id));
  const module = await loadGame(game.id);
  if (ticket !== selecting) return;
  state.game = game;
  const root = game.schema || {};
  state.schema = root;
  const props = (resolve(root, root) || {}).properties || {};
  state.values = {};
  for (const [k, v] of Object.entries(props)) {
    const s = nonNull(v, root);
    if (s && s.default !== undefined) state.values[k] = s.default && typeof s.default === "object" ? JSON.parse(JSON.stringify(s.default)) : s.default;
  }
  $("game-description").textContent = gameText("description", game.description || "");
  state.ruleSetListeners = [];
  renderRuleSet(props, root);
  renderTrack(props, root);
  renderPlayersInit(props, root);
  state.form = module.setupForm($("game-setup"), formContext(props, root));
  known = new Set([...STANDARD, ...(state.form.fields || [])]);
  renderModes();
  renderSpecials(props, root);
  renderMore(props, root);
  for (const fn of state.ruleSetListeners) fn(state.values.rule_set);
  $("start").disabled = false;
  $("start").textContent = startLabel();
}

/** The start button's words: the game's own ("a game", "the rally") or "Start the race". */
function startLabel() {
  return state.game ? gameText("start.go", t("start.go")) : t("start.go");
}

/** What the game's setupForm may use of the standard form (see games.js). */
function formContext(props, root) {
  return {
    game: state.game,
    values: state.values,
    field: (name) => (props[name] ? nonNull(props[name], root) : null),
    playerChoices: (name) => playerChoices(props, root, name),
    choiceLabel,
    onRuleSet: (fn) => state.ruleSetListeners.push(fn),
    showPlayers: (on) => ($("players-card").hidden = !on || !props.players),
    setTrack: (trackId) => {
      const select = $("track");
      if (![...select.options].some((o) => o.value === trackId)) return;
      select.value = trackId;
      state.values.track = trackId;
      paintTrack();
    },
  };
}

/** The label of a choice: the game's text ``{field}.{value}`` when it has one. */
function choiceLabel(field, value) {
  const key = `${field}.${value}`;
  const text = t(key);
  return text === key ? titleCase(value) : text;
}

function renderRuleSet(props, root) {
  const field = props.rule_set ? nonNull(props.rule_set, root) : null;
  const values = (field && field.enum) || state.game.ruleSets || [];
  $("ruleset-card").hidden = values.length < 2;
  if (!values.length) return;
  if (state.values.rule_set === undefined || !values.includes(state.values.rule_set)) state.values.rule_set = values[0];
  segmented(
    $("ruleset-choice"),
    values.map((v) => ({ value: v, label: choiceLabel("ruleset", v) })),
    state.values.rule_set,
    (v) => {
      state.values.rule_set = v;
      for (const fn of state.ruleSetListeners) fn(v);
    },
  );
}

function renderTrack(props, root) {
  const tracks = state.game.tracks;
  const hasTrack = tracks.length > 0;
  $("track-card").hidden = !hasTrack;
  if (!hasTrack) return;
  const select = $("track");
  select.replaceChildren(...tracks.map((tr) => h("option", { value: tr.id }, gameText(`track.${tr.id}`, tr.name && tr.name !== tr.id ? tr.name : titleCase(tr.id)))));
  const wanted = state.values.track && tracks.some((tr) => tr.id === state.values.track) ? state.values.track : tracks[0] && tracks[0].id;
  if (wanted) select.value = wanted;
  state.values.track = select.value || state.values.track;
  select.onchange = () => {
    state.values.track = select.value;
    paintTrack();
  };
  const lapsField = props.laps ? nonNull(props.laps, root) : null;
  $("laps-wrap").hidden = !lapsField;
  if (lapsField) {
    $("laps").min = lapsField.minimum ?? 1;
    $("laps").max = lapsField.maximum ?? 99;
  }
  paintTrack();
}

/** Repaints the game's and the tracks' words after a language change. */
function paintTexts() {
  $("game-description").textContent = gameText("description", state.game.description || "");
  for (const option of $("track").options) {
    const tr = state.game.tracks.find((x) => x.id === option.value);
    if (tr) option.textContent = gameText(`track.${tr.id}`, tr.name && tr.name !== tr.id ? tr.name : titleCase(tr.id));
  }
  const tr = state.game.tracks.find((x) => x.id === state.values.track);
  $("track-description").textContent = tr ? gameText(`track.${tr.id}.description`, tr.description || "") : "";
}

function paintTrack() {
  const tr = state.game.tracks.find((x) => x.id === state.values.track);
  const img = $("track-preview");
  if (tr) {
    img.src = api.trackSvgUrl(state.game.id, tr.id);
    img.alt = tr.name || tr.id;
    img.hidden = false;
    img.onerror = () => (img.hidden = true);
  } else img.hidden = true;
  const desc = tr ? gameText(`track.${tr.id}.description`, tr.description || "") : "";
  $("track-description").textContent = desc;
  $("track-description").hidden = !desc;
  const laps = (tr && (tr.laps ?? (tr.info && tr.info.laps))) ?? 3;
  $("laps").value = laps;
}

function playerSchema(props, root) {
  const arr = props.players ? nonNull(props.players, root) : null;
  const item = arr && arr.items ? resolve(arr.items, root) : null;
  return { arr, item };
}

/** The choices (enum) of the player field ``name``, or []. */
function playerChoices(props, root, name) {
  const { item } = playerSchema(props, root);
  const field = item && item.properties && item.properties[name] ? nonNull(item.properties[name], root) : null;
  return (field && field.enum) || [];
}

function renderPlayersInit(props, root) {
  const { arr } = playerSchema(props, root);
  $("players-card").hidden = !arr;
  state.players = [];
  const n = Math.max(state.game.min, 2);
  for (let i = 0; i < Math.min(n, state.game.max); i++) state.players.push({ name: "", drink: "standard", bot: "" });
  renderPlayers();
}

function renderPlayers() {
  const props = (resolve(state.schema, state.schema) || {}).properties || {};
  const drinks = playerChoices(props, state.schema, "drink");
  const bots = state.game.bots;
  const list = $("players");
  list.replaceChildren(
    ...state.players.map((p, i) => {
      const name = h("input", {
        class: "input p-name",
        type: "text",
        name: `player-${i}`,
        value: p.name,
        maxlength: 40,
        placeholder: t("start.player_n", { n: i + 1 }),
        "aria-label": t("start.name"),
        enterkeyhint: "next",
      });
      name.addEventListener("input", () => {
        p.name = name.value;
        dot.textContent = (name.value || t("start.player_n", { n: i + 1 })).trim().slice(0, 2).toUpperCase();
      });
      const dot = capDot(i, p.name || t("start.player_n", { n: i + 1 }));
      const drink = drinks.length
        ? h(
            "select",
            { class: "input p-drink", name: `drink-${i}`, "aria-label": t("start.drink") },
            drinks.map((d) => h("option", { value: d, selected: d === p.drink }, choiceLabel("drink", d))),
          )
        : null;
      if (drink) drink.addEventListener("change", () => (p.drink = drink.value));
      const bot = bots.length
        ? h(
            "select",
            { class: "input p-bot", name: `bot-${i}`, "aria-label": t("start.driver") },
            h("option", { value: "" }, t("start.human")),
            bots.map((b) => h("option", { value: b.id, selected: b.id === p.bot, title: botHelp(b) }, `${t("start.bot")}: ${gameText(`bot.${b.id}`, titleCase(b.name))}`)),
          )
        : null;
      const help = h("small", { class: "muted p-bot-help" }, p.bot ? botHelp(bots.find((b) => b.id === p.bot) || {}) : "");
      if (bot)
        bot.addEventListener("change", () => {
          p.bot = bot.value;
          help.textContent = p.bot ? botHelp(bots.find((b) => b.id === p.bot) || {}) : "";
        });
      const remove = h(
        "button",
        {
          type: "button",
          class: "icon-button p-remove",
          "aria-label": t("start.remove"),
          title: t("start.remove"),
          disabled: state.players.length <= state.game.min ? true : null,
          onclick: () => {
            state.players.splice(i, 1);
            renderPlayers();
          },
        },
        "✕",
      );
      return h("li", { class: "player-row", style: { "--seat": seatColor(i) } }, dot, name, drink, bot, remove, help);
    }),
  );
  $("add-player").disabled = state.players.length >= state.game.max;
}

function renderModes() {
  $("mode-card").hidden = !state.game.hasChance;
  choices(
    $("dice-choice"),
    [
      { value: "digital", label: t("start.dice.digital"), help: t("start.dice.digital.help") },
      { value: "real", label: t("start.dice.real"), help: t("start.dice.real.help") },
    ],
    state.dice,
    (v) => (state.dice = v),
  );
}

/** A bot's one line on its style, in the page's language when the game has it. */
function botHelp(bot) {
  return bot.id ? gameText(`bot.${bot.id}.description`, state.game.botHelp[bot.id] || "") : "";
}

/** The title and help line of a setup field: the game's text ("{game}.setup.{key}" and
 * ".help"), else the schema's English title and description (rule id last). */
function switchLabel(key, field) {
  const desc = field.description || "";
  const m = desc.match(/^([A-Z]{1,3}-[A-Z]+-\d+|A\d+):\s*(.*)$/);
  const rule = m ? m[1] : "";
  const title = gameText(`setup.${key}`, field.title && field.title !== titleCase(key) ? field.title : titleCase(key));
  const help = gameText(`setup.${key}.help`, m ? m[2] : desc);
  return { title, help: rule && help ? `${help} (${rule})` : help };
}

function renderSpecials(props, root) {
  const host = $("specials");
  const rows = [];
  for (const { path, key, name, field } of leaves(props, root)) {
    if (field.type !== "boolean") continue;
    const { title, help } = switchLabel(name, field);
    const input = h("input", { type: "checkbox", name: key, role: "switch", checked: !!getValue(path) });
    input.addEventListener("change", () => setValue(path, input.checked));
    rows.push(h("label", { class: "switch" }, h("span", { class: "switch-text" }, h("b", {}, title), help ? h("small", {}, help) : null), input));
  }
  host.replaceChildren(...rows);
  $("special-card").hidden = rows.length === 0;
  paintSpecialCount();
  host.onchange = paintSpecialCount;
}

function paintSpecialCount() {
  const on = $("specials").querySelectorAll("input:checked").length;
  const total = $("specials").querySelectorAll("input").length;
  $("special-count").textContent = `${on}/${total}`;
  $("special-count").classList.toggle("is-on", on > 0);
}

function renderMore(props, root) {
  const host = $("more-fields");
  for (const el of host.querySelectorAll(".schema-field")) el.remove();
  for (const { path, key, name, field } of leaves(props, root)) {
    if (field.type === "boolean" || field.type === "array" || field.type === "object") continue;
    const label = switchLabel(name, field);
    const current = getValue(path);
    let input;
    if (field.enum) {
      input = h(
        "select",
        { class: "input", name: key },
        field.nullable ? h("option", { value: "" }, "—") : null,
        field.enum.map((v) => h("option", { value: v, selected: v === current }, gameText(`setup.${name}.${v}`, titleCase(v)))),
      );
      input.addEventListener("change", () => setValue(path, input.value === "" ? null : input.value));
    } else if (field.type === "integer" || field.type === "number") {
      input = h("input", {
        class: "input",
        type: "number",
        name: key,
        value: current ?? "",
        min: field.minimum ?? field.exclusiveMinimum,
        max: field.maximum,
        step: field.type === "integer" ? 1 : "any",
        inputmode: "decimal",
      });
      input.addEventListener("input", () => setValue(path, input.value === "" ? (field.nullable ? null : field.default) : Number(input.value)));
    } else continue;
    host.appendChild(h("label", { class: "field schema-field" }, h("span", {}, label.title, label.help ? h("small", { class: "muted" }, ` — ${label.help}`) : null), input));
  }
  $("more-card").hidden = false;
}

// ---- submit ----------------------------------------------------------------------------

function buildBody() {
  const props = (resolve(state.schema, state.schema) || {}).properties || {};
  const setup = {};
  for (const [k, v] of Object.entries(state.values)) if (v !== undefined && v !== null && k in props && !known.has(k)) setup[k] = v;
  if (state.values.rule_set !== undefined && state.values.rule_set !== null && "rule_set" in props) setup.rule_set = state.values.rule_set;
  if ("laps" in props && !$("laps-wrap").hidden) {
    const laps = Number($("laps").value);
    if (Number.isFinite(laps) && laps > 0) setup.laps = laps;
  }
  const trackField = state.game.trackField; // "track", or the game's own name (Rallyman: "rally")
  if (trackField && trackField in props) setup[trackField] = $("track").value || setup[trackField];
  const bots = {};
  if ("players" in props && !$("players-card").hidden) {
    const hasDrink = playerChoices(props, state.schema, "drink").length > 0;
    setup.players = state.players.map((p, i) => {
      const name = (p.name || "").trim() || t("start.player_n", { n: i + 1 });
      if (p.bot) bots[String(i)] = p.bot;
      return hasDrink && p.drink ? { name, drink: p.drink } : { name };
    });
  }
  const body = { game: state.game.id, setup, dice: state.dice };
  const seedText = $("seed").value.trim();
  if (seedText !== "") body.seed = Number(seedText);
  if (Object.keys(bots).length) body.bots = bots;
  const takeover = Number($("takeover").value);
  if ($("takeover").value.trim() !== "" && takeover > 0) body.takeover_after_s = takeover;
  return state.form.read(body);
}

async function submit(ev) {
  ev.preventDefault();
  const err = $("error");
  err.hidden = true;
  const button = $("start");
  button.disabled = true;
  button.textContent = t("start.starting");
  try {
    const created = await api.create(buildBody());
    rememberGame(created);
    location.href = `/room/${encodeURIComponent(created.id)}`;
  } catch (e) {
    err.textContent = `${t("start.error")}: ${e instanceof ApiError ? describeError(e) : e.message}`;
    err.hidden = false;
    button.disabled = false;
    button.textContent = startLabel();
  }
}

function describeError(e) {
  const detail = e.body && e.body.detail;
  if (Array.isArray(detail)) return detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  return e.message;
}

async function main() {
  applyStatic();
  bindLangButton($("lang"));
  bindJoinBox();
  $("setup").addEventListener("submit", submit);
  $("add-player").addEventListener("click", () => {
    if (state.players.length >= state.game.max) return;
    state.players.push({ name: "", drink: "standard", bot: "" });
    renderPlayers();
    const inputs = $("players").querySelectorAll(".p-name");
    inputs[inputs.length - 1].focus();
  });
  for (const b of document.querySelectorAll(".stepper-btn")) {
    b.addEventListener("click", () => {
      const input = $("laps");
      const v = Math.max(Number(input.min) || 1, Math.min(Number(input.max) || 99, (Number(input.value) || 0) + Number(b.dataset.step)));
      input.value = v;
    });
  }
  onLang(() => {
    if (!state.game) return;
    const props = (resolve(state.schema, state.schema) || {}).properties || {};
    renderRuleSet(props, state.schema);
    renderPlayers();
    state.form.repaint();
    renderModes();
    renderSpecials(props, state.schema);
    renderMore(props, state.schema);
    paintTexts();
    $("start").textContent = startLabel();
    renderResume();
  });
  renderResume();
  try {
    state.games = gameList(await api.games());
  } catch (e) {
    $("loading").textContent = `${t("err.load")} (${e.message})`;
    return;
  }
  $("loading").hidden = true;
  renderGames();
  if (state.games.length) selectGame(state.games[0].id);
}

main();
