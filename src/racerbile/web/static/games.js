// The platform's side of a game's web module.
//
// Each game's browser code lives in its folder (src/racerbile/games/<id>/web/), which the
// server serves read-only at /games/<id>/static/; /games/<id>/board.js redirects to the
// module the game declares (WebAssets.board, default board.js), or to the platform's
// generic.js for a game without one. The platform's pages (start, room, play, watch)
// read only the envelope the platform owns — id, game, seq, to_act, seat, role, judge,
// dice, roller, seats, legal_actions, undo, finished, result, log, timers, drinks,
// join_code, join_url, join_link (undo: [{position, action}], newest first, what the
// caller may take back now) — and hand the game's own ``view`` to the game's module,
// which exports:
//
//   id                      string, the game id (body[data-board] on the room page)
//   strings                 {en: {key: text}, da: {...}}: the game's texts, merged into
//                           i18n.js (a key the platform has stays the platform's)
//   dice                    true when the spectator page shows the dice strip (ctx.dice)
//   styles                  [url]: the game's stylesheets (new URL("./x.css",
//                           import.meta.url)), linked before the game draws anything
//   createBoard(ctx)        -> Promise<{paint(envelope)}>: draws the board into
//                           ctx.board and, on the room page, the game's controls into
//                           ctx.controls. ctx: {page: "room"|"watch", state, board, hint,
//                           controls, dice, send(action), undo(positions), run(async
//                           fn), busy(), repaint(), current()}; undo is on the room page
//                           only (it voids the envelope's undo positions given)
//   panels(envelope)        -> {actor, turn, standings, cards, clock, judge} (all
//                           optional): actor is the seat whose turn it is while the dice
//                           decide; turn {title, sub} replaces the banner's words;
//                           standings [{seat, place, meta: [[label, value]]}]; cards
//                           [{id, title, node}] are drawn after the standings (the
//                           drinking table); clock {text, alert} speaks for the race clock;
//                           judge is the name of judge number envelope.judge
//   setupForm(el, ctx)      -> {fields, read(body) -> body, repaint()}: the game's own part
//                           of the start page, drawn into el, next to the standard form
//                           the platform builds from the setup schema (rule set, track and
//                           laps, players, special rules, more settings). fields: the
//                           setup fields the game draws itself (the standard form leaves
//                           them out); read(body) puts them into the request body
//                           {game, setup, bots, dice, ...}; repaint() after a language
//                           change. ctx: {game (its /api/meta/games entry), values (the
//                           setup values so far), field(name) (a setup field's schema),
//                           playerChoices(name) (the choices of a player field),
//                           choiceLabel(field, value), onRuleSet(fn), showPlayers(bool),
//                           setTrack(id)}
//   refereeConsole(el, ctx) optional -> paint(envelope) returning whether it has anything
//                           to show: the referee's (and judges') controls, drawn into el
//                           for the host and judges. ctx: {send, undo, run}
//   actionLabel(action)     optional -> string: a short label for any legal action
//   scoreboard(envelope)    optional -> {latest, caused, drinkNow, table, drinks, words}
//                           (each optional) for the TV scoreboard
//                           (scoreboard.js), where the platform's reading of the envelope
//                           does not fit the game: latest {seat, text} the latest roll;
//                           caused and drinkNow [{seat, amount, unit}] the drinks it caused
//                           and who must drink now (a unit other than sips is told by the
//                           strings "drinks.unit.{unit}" and "drinks.unit.{unit}_n", {n});
//                           table {title, columns: [{key, label}], rows: [{seat, values}]}
//                           in place of the drinking table (a game's own figures: its
//                           drinks, or the times of a game without any); drinks false for a
//                           game nobody drinks in (no "drink now", no drinks caused);
//                           words {caused, none}: the heading of the drinks caused and
//                           the word for none ("Sips it caused", "No sips" otherwise).
//                           Without it the platform reads
//                           the envelope: standings from panels(), drinks from
//                           envelope.drinks, the latest log entry whose kind names a roll
//                           (or a narrated "move"),
//                           and the drinks of the log entries (entry.drinks) of the latest
//                           turn
//
// Everything is optional but id: generic.js stands in for what a module leaves out.
// Game modules import the platform's helpers by absolute address (/static/panels.js,
// /static/i18n.js, /static/board.js, /static/dice.js, /static/view.js, /static/generic.js).

import { addStrings } from "./i18n.js";
import * as generic from "./generic.js";

const loaded = new Map();

/** The setup form of a game that adds nothing to the start page's standard one (it
 * clears what the game picked before drew there). */
function noSetupForm(el) {
  el.replaceChildren();
  return { fields: [], read: (body) => body, repaint() {} };
}

/** Returns the web module of ``gameId`` with every part filled in (see above). */
export async function loadGame(gameId) {
  if (!loaded.has(gameId)) loaded.set(gameId, importGame(gameId));
  return loaded.get(gameId);
}

/** Links a stylesheet once; resolves when it has loaded (or failed: the page goes on). */
function linkStyle(href) {
  if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return Promise.resolve();
  return new Promise((done) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => done();
    document.head.appendChild(link);
  });
}

async function importGame(gameId) {
  const mod = await import(`/games/${encodeURIComponent(gameId)}/board.js`);
  addStrings(mod.strings);
  await Promise.all((mod.styles || []).map(linkStyle));
  return {
    id: mod.id || gameId,
    dice: !!mod.dice,
    createBoard: mod.createBoard || generic.createBoard,
    panels: mod.panels || generic.panels,
    setupForm: mod.setupForm || noSetupForm,
    refereeConsole: mod.refereeConsole || null,
    actionLabel: mod.actionLabel || generic.actionLabel,
    scoreboard: mod.scoreboard || null,
  };
}
