// Interface texts in English and Danish, and the language switch. The platform's texts
// are here; each game adds its own (its module's ``strings``) through addStrings.

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
    "turn.bot": "{name} (bot) is thinking…",
    "ctl.not_yours": "Not your turn — watch the board.",
    "standings.title": "Standings",
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
    "start.takeover": "A bot takes over a silent seat after (seconds; empty: never)",
    "ref.title": "Referee",
    "ref.judge": "Judge",
    "clock.title": "Race clock",
    "clock.left": "Last lap is called in {time}",
    "room.judge_links": "Judges' links",
    "result.tie": "{names} share first place!",
    "result.rematch": "Rematch",
    "start.bot": "Bot",
    "start.join": "Join a game",
    "room.show_join": "Show the code and QR",
    "room.scoreboard": "TV scoreboard",
    "room.loopback": "Phones cannot reach this address: it is this machine's own. Start the table with “racerbile play --lan” so that friends can join.",
    "watch.scoreboard": "Scoreboard",
    "watch.board": "Board",
    "score.latest": "Latest roll",
    "score.caused": "Sips it caused",
    "score.none": "No sips",
    "score.drink_now": "Drink now",
    "score.nothing_yet": "Nothing yet",
    "score.drinks": "Drinks",
    "score.scan": "Scan to join",
    "score.loopback": "Phones cannot reach this address",
    "drinks.sips": "Sips",
    "drinks.beers": "Beers",
    "drinks.caused": "Caused",
    "drinks.sip": "sip",
    "drinks.sips_n": "sips",
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
    "turn.bot": "{name} (bot) tænker…",
    "ctl.not_yours": "Ikke din tur — følg med på banen.",
    "standings.title": "Stilling",
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
    "start.takeover": "En bot overtager en tavs plads efter (sekunder; tom: aldrig)",
    "ref.title": "Dommer",
    "ref.judge": "Dommer",
    "clock.title": "Løbsur",
    "clock.left": "Sidste omgang kaldes om {time}",
    "room.judge_links": "Dommernes links",
    "result.tie": "{names} deler førstepladsen!",
    "result.rematch": "Omkamp",
    "start.bot": "Bot",
    "start.join": "Deltag i et spil",
    "room.show_join": "Vis kode og QR",
    "room.scoreboard": "TV-resultattavle",
    "room.loopback": "Telefoner kan ikke nå denne adresse: den er maskinens egen. Start bordet med “racerbile play --lan”, så vennerne kan være med.",
    "watch.scoreboard": "Resultattavle",
    "watch.board": "Bane",
    "score.latest": "Seneste slag",
    "score.caused": "Tårer det kostede",
    "score.none": "Ingen tårer",
    "score.drink_now": "Drik nu",
    "score.nothing_yet": "Intet endnu",
    "score.drinks": "Drikke",
    "score.scan": "Scan for at være med",
    "score.loopback": "Telefoner kan ikke nå denne adresse",
    "drinks.sips": "Tårer",
    "drinks.beers": "Øl",
    "drinks.caused": "Givet",
    "drinks.sip": "tår",
    "drinks.sips_n": "tårer",
  },
};

const LANG_KEY = "racerbile.lang";
const listeners = new Set();

/** The language: ?lang=da or ?lang=en in the address (remembered), else the saved
 * choice, else the browser's. */
function initialLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked === "en" || asked === "da") {
    try {
      localStorage.setItem(LANG_KEY, asked);
    } catch {
      /* ignore */
    }
    return asked;
  }
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
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.set("lang", current); // a reload keeps the language just chosen
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }
  document.documentElement.lang = current;
  applyStatic();
  for (const fn of listeners) fn(current);
}

export function onLang(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Adds a game's texts ({en: {...}, da: {...}}); a game's key may not replace the platform's. */
export function addStrings(strings) {
  for (const [code, table] of Object.entries(strings || {})) {
    if (!TEXT[code]) continue;
    for (const [key, text] of Object.entries(table)) if (!(key in TEXT[code])) TEXT[code][key] = text;
  }
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
