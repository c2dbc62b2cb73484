// Interface texts in English and Danish, and the language switch.

const TEXT = {
  en: {
    "app.tagline": "Bottle caps, dice and gears: the hexagon race.",
    "nav.new": "New game",
    "start.title": "Start a game",
    "start.game": "Game",
    "start.ruleset": "Rule set",
    "start.track": "Track",
    "start.laps": "Laps",
    "start.players": "Players",
    "start.add_player": "Add player",
    "start.remove": "Remove",
    "start.name": "Name",
    "start.drink": "Drink",
    "start.driver": "Driver",
    "start.human": "Human",
    "start.special": "Special rules",
    "start.announcements": "Announcements",
    "start.ann.auto": "Automatic",
    "start.ann.auto.help": "The app makes every announcement.",
    "start.ann.manual": "Manual",
    "start.ann.manual.help": "Say it yourself, or drink for forgetting.",
    "start.dice": "Dice",
    "start.dice.digital": "Digital dice",
    "start.dice.digital.help": "The app rolls.",
    "start.dice.real": "Real dice",
    "start.dice.real.help": "Roll at the table and type the values in.",
    "start.more": "More settings",
    "start.seed": "Dice seed (optional)",
    "start.go": "Start the race",
    "start.starting": "Starting…",
    "start.loading": "Loading games…",
    "start.error": "Could not start the game",
    "start.player_n": "Player {n}",
    "start.resume": "Your games on this device",
    "start.resume.open": "Open",
    "drink.standard": "Beer (11 sips)",
    "drink.light": "Light beer (8 sips)",
    "drink.other": "Other (8 sips)",
    "room.code": "Join code",
    "room.scan": "Scan to take a seat",
    "room.share": "Friends join at",
    "room.watch": "Spectator screen",
    "room.copy": "Copy link",
    "room.copied": "Copied",
    "room.hide_join": "Hide",
    "room.players": "Players",
    "turn.yours": "Your turn",
    "turn.of": "{name}'s turn",
    "turn.pass": "Pass the phone to {name}",
    "turn.waiting": "Waiting for {name}",
    "turn.dice": "Dice are rolling…",
    "turn.real_dice": "{name}: roll the real dice",
    "turn.over": "The race is over",
    "turn.order": "Everyone rolls one die for the start order",
    "turn.bot": "{name} (bot) is thinking…",
    "ctl.roll": "Roll",
    "ctl.roll_n": "Roll {n} {dice}",
    "ctl.die": "die",
    "ctl.dice": "dice",
    "ctl.shift_up": "Shift up",
    "ctl.shift_down": "Shift down",
    "ctl.stop": "Stop here",
    "ctl.drive": "Drive here",
    "ctl.cancel": "Cancel",
    "ctl.step_mode": "Cell by cell",
    "ctl.path_mode": "Tap a destination",
    "ctl.real_dice": "What do the real dice show?",
    "ctl.real_hint": "Enter each die; every 5 and 6 counts before its re-roll.",
    "ctl.submit_dice": "Enter dice",
    "ctl.clear": "Clear",
    "ctl.announce": "Announce",
    "ctl.gear": "Gear",
    "ctl.moves_left": "{n} to move",
    "ctl.cost": "{n} sips",
    "ctl.cost1": "1 sip",
    "ctl.free": "free",
    "ctl.pick_cell": "Tap a highlighted cell to drive there.",
    "ctl.pick_step": "Tap a highlighted cell to take one step.",
    "ctl.other": "Other actions",
    "ctl.not_yours": "Not your turn — watch the board.",
    "ctl.heading": "Choose your heading",
    "ctl.busy": "Sending…",
    "ctl.error": "Not allowed",
    "dice.title": "Dice",
    "trial.title": "Time trial: chug a beer as fast as you can (RB-RACE-1)",
    "trial.start": "Start the stopwatch",
    "trial.stop": "Empty — stop!",
    "trial.typed": "or type the seconds",
    "trial.enter": "Enter",
    "dice.rerolled": "re-rolled",
    "dice.total": "Total {n}",
    "dice.none": "No roll yet",
    "dice.rolled": "{name} rolled {n}",
    "dice.shown56": "{n}× 5/6 re-rolled",
    "table.title": "Drinking table",
    "table.player": "Player",
    "table.sips": "Sips",
    "table.beers": "Beers",
    "table.left": "Left",
    "table.caused": "Caused",
    "standings.title": "Standings",
    "standings.lap": "Lap",
    "standings.gear": "Gear",
    "log.title": "What happened",
    "log.empty": "Nothing yet.",
    "status.online": "Live",
    "status.offline": "Reconnecting…",
    "result.title": "Finish",
    "result.winner": "{name} wins!",
    "join.title": "Take a seat",
    "join.free": "Free seats",
    "join.none": "Every seat is taken.",
    "join.take": "Take this seat",
    "join.taken": "Someone was quicker — pick another seat.",
    "join.bad_code": "No game with that code.",
    "join.enter": "Enter the join code",
    "join.go": "Find game",
    "join.yours": "You already have a seat here",
    "join.continue": "Continue as {name}",
    "watch.title": "Spectator view",
    "watch.join": "Join at",
    "err.load": "Could not load the game.",
    "err.no_game": "This game does not exist.",
    "you": "you",
    "seat": "Seat {n}",
    "host": "Host screen",
    "lang": "Dansk",
    "vt.begin_title": "Who begins?",
    "vt.begins": "{name} begins",
    "vt.place": "Tap a free start point (green) for {name}.",
    "vt.move": "Tap one of the nine points to move there.",
    "vt.confirm": "{what}: tap it again to drive there anyway.",
    "vt.fine": "safe",
    "vt.crash": "crash",
    "vt.finish": "finish",
    "vt.doomed": "crash within {n}",
    "vt.doomed_short": "certain crash within N moves",
    "vt.vector": "Vector",
    "vt.moves": "moves",
    "vt.time": "time",
    "vt.racing": "racing",
    "vt.crashed": "crashed",
    "vt.finished": "finished",
    "vt.waiting": "at the start",
    "start.takeover": "A bot takes over a silent seat after (seconds; empty: never)",
  },
  da: {
    "app.tagline": "Kapsler, terninger og gear: løbet på sekskanter.",
    "nav.new": "Nyt spil",
    "start.title": "Start et spil",
    "start.game": "Spil",
    "start.ruleset": "Regelsæt",
    "start.track": "Bane",
    "start.laps": "Omgange",
    "start.players": "Spillere",
    "start.add_player": "Tilføj spiller",
    "start.remove": "Fjern",
    "start.name": "Navn",
    "start.drink": "Drik",
    "start.driver": "Kører",
    "start.human": "Menneske",
    "start.special": "Specialregler",
    "start.announcements": "Meldinger",
    "start.ann.auto": "Automatisk",
    "start.ann.auto.help": "Appen melder alt for dig.",
    "start.ann.manual": "Manuelt",
    "start.ann.manual.help": "Meld selv, eller drik for at glemme det.",
    "start.dice": "Terninger",
    "start.dice.digital": "Digitale terninger",
    "start.dice.digital.help": "Appen slår.",
    "start.dice.real": "Rigtige terninger",
    "start.dice.real.help": "Slå ved bordet og tast værdierne ind.",
    "start.more": "Flere indstillinger",
    "start.seed": "Terningefrø (valgfrit)",
    "start.go": "Start løbet",
    "start.starting": "Starter…",
    "start.loading": "Henter spil…",
    "start.error": "Spillet kunne ikke startes",
    "start.player_n": "Spiller {n}",
    "start.resume": "Dine spil på denne enhed",
    "start.resume.open": "Åbn",
    "drink.standard": "Øl (11 tårer)",
    "drink.light": "Let øl (8 tårer)",
    "drink.other": "Andet (8 tårer)",
    "room.code": "Kode",
    "room.scan": "Scan for at tage en plads",
    "room.share": "Venner joiner på",
    "room.watch": "Tilskuerskærm",
    "room.copy": "Kopiér link",
    "room.copied": "Kopieret",
    "room.hide_join": "Skjul",
    "room.players": "Spillere",
    "turn.yours": "Din tur",
    "turn.of": "{name}s tur",
    "turn.pass": "Giv telefonen til {name}",
    "turn.waiting": "Venter på {name}",
    "turn.dice": "Terningerne ruller…",
    "turn.real_dice": "{name}: slå med de rigtige terninger",
    "turn.over": "Løbet er slut",
    "turn.order": "Alle slår én terning om startrækkefølgen",
    "turn.bot": "{name} (bot) tænker…",
    "ctl.roll": "Slå",
    "ctl.roll_n": "Slå {n} {dice}",
    "ctl.die": "terning",
    "ctl.dice": "terninger",
    "ctl.shift_up": "Gear op",
    "ctl.shift_down": "Gear ned",
    "ctl.stop": "Stop her",
    "ctl.drive": "Kør hertil",
    "ctl.cancel": "Fortryd",
    "ctl.step_mode": "Felt for felt",
    "ctl.path_mode": "Tryk på et mål",
    "ctl.real_dice": "Hvad viser de rigtige terninger?",
    "ctl.real_hint": "Tast hver terning; hver 5'er og 6'er tæller før omslaget.",
    "ctl.submit_dice": "Indtast terninger",
    "ctl.clear": "Ryd",
    "ctl.announce": "Meld",
    "ctl.gear": "Gear",
    "ctl.moves_left": "{n} tilbage",
    "ctl.cost": "{n} tårer",
    "ctl.cost1": "1 tår",
    "ctl.free": "gratis",
    "ctl.pick_cell": "Tryk på et markeret felt for at køre derhen.",
    "ctl.pick_step": "Tryk på et markeret felt for at tage ét skridt.",
    "ctl.other": "Andre handlinger",
    "ctl.not_yours": "Ikke din tur — følg med på banen.",
    "ctl.heading": "Vælg retning",
    "ctl.busy": "Sender…",
    "ctl.error": "Ikke tilladt",
    "dice.title": "Terninger",
    "trial.title": "Tidskørsel: bund en øl så hurtigt du kan (RB-RACE-1)",
    "trial.start": "Start stopuret",
    "trial.stop": "Tom — stop!",
    "trial.typed": "eller skriv sekunderne",
    "trial.enter": "Indtast",
    "dice.rerolled": "slået om",
    "dice.total": "I alt {n}",
    "dice.none": "Intet slag endnu",
    "dice.rolled": "{name} slog {n}",
    "dice.shown56": "{n}× 5/6 slået om",
    "table.title": "Drukketavle",
    "table.player": "Spiller",
    "table.sips": "Tårer",
    "table.beers": "Øl",
    "table.left": "Tilbage",
    "table.caused": "Givet",
    "standings.title": "Stilling",
    "standings.lap": "Omgang",
    "standings.gear": "Gear",
    "log.title": "Hvad skete der",
    "log.empty": "Intet endnu.",
    "status.online": "Live",
    "status.offline": "Genopretter…",
    "result.title": "Mål",
    "result.winner": "{name} vinder!",
    "join.title": "Tag en plads",
    "join.free": "Ledige pladser",
    "join.none": "Alle pladser er taget.",
    "join.take": "Tag denne plads",
    "join.taken": "En anden var hurtigere — vælg en anden plads.",
    "join.bad_code": "Intet spil med den kode.",
    "join.enter": "Indtast koden",
    "join.go": "Find spil",
    "join.yours": "Du har allerede en plads her",
    "join.continue": "Fortsæt som {name}",
    "watch.title": "Tilskuervisning",
    "watch.join": "Join på",
    "err.load": "Spillet kunne ikke hentes.",
    "err.no_game": "Spillet findes ikke.",
    "you": "dig",
    "seat": "Plads {n}",
    "host": "Værtsskærm",
    "lang": "English",
    "vt.begin_title": "Hvem begynder?",
    "vt.begins": "{name} begynder",
    "vt.place": "Tryk på et ledigt startpunkt (grønt) til {name}.",
    "vt.move": "Tryk på et af de ni punkter for at køre derhen.",
    "vt.confirm": "{what}: tryk igen for at køre derhen alligevel.",
    "vt.fine": "sikkert",
    "vt.crash": "forulykker",
    "vt.finish": "mål",
    "vt.doomed": "forulykker inden {n}",
    "vt.doomed_short": "sikkert uheld inden N træk",
    "vt.vector": "Vektor",
    "vt.moves": "træk",
    "vt.time": "tid",
    "vt.racing": "kører",
    "vt.crashed": "forulykket",
    "vt.finished": "i mål",
    "vt.waiting": "ved start",
    "start.takeover": "En bot overtager en tavs plads efter (sekunder; tom: aldrig)",
  },
};

const LANG_KEY = "racerbile.lang";
const listeners = new Set();

function initialLang() {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved === "en" || saved === "da") return saved;
  } catch {
    /* ignore */
  }
  return (navigator.language || "en").toLowerCase().startsWith("da") ? "da" : "en";
}

let current = initialLang();

export function lang() {
  return current;
}

export function setLang(value) {
  current = value === "da" ? "da" : "en";
  try {
    localStorage.setItem(LANG_KEY, current);
  } catch {
    /* ignore */
  }
  document.documentElement.lang = current;
  applyStatic();
  for (const fn of listeners) fn(current);
}

export function onLang(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Returns the text for ``key`` in the current language with {placeholders} filled. */
export function t(key, params = {}) {
  const table = TEXT[current] || TEXT.en;
  let text = table[key] ?? TEXT.en[key] ?? key;
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** Fills every element with data-i18n="key" (and data-i18n-placeholder) in the page. */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]"))
    el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder));
  for (const el of root.querySelectorAll("[data-i18n-title]"))
    el.setAttribute("title", t(el.dataset.i18nTitle));
}

/** Wires a button as the language switch (shows the other language's name). */
export function bindLangButton(button) {
  if (!button) return;
  const paint = () => {
    button.textContent = current === "da" ? "EN" : "DA";
    button.setAttribute("aria-label", t("lang"));
    button.title = t("lang");
  };
  paint();
  onLang(paint);
  button.addEventListener("click", () => setLang(current === "da" ? "en" : "da"));
}

document.documentElement.lang = current;
