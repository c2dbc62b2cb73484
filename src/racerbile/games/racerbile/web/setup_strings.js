// Racerbile's words for the start page: its description, bots, tracks and setup fields
// ("racerbile.{key}", looked up by the platform's index.js). English comes from the
// server (the game's info, bot roster, track files and setup schema); Danish is here.

export const SETUP_STRINGS = {
  en: {},
  da: {
    "racerbile.description": "Kapsler, terninger og øl på en sekskantbane (Officielle Racerbileregler 1.1).",
    "racerbile.bot.cautious": "Forsigtig",
    "racerbile.bot.cautious.description": "aldrig over 2. gear, så aldrig af banen; tårer vejer dobbelt",
    "racerbile.bot.drinker": "Drukkenbolt",
    "racerbile.bot.drinker.description": "flest tårer til sig selv blandt de træk, der vinder terræn",
    "racerbile.bot.greedy": "Grådig",
    "racerbile.bot.greedy.description": "det bedste ventede fremskridt minus tårer i denne tur",
    "racerbile.bot.optimal": "Optimal",
    "racerbile.bot.optimal.description": "færrest ventede ture til mål alene (værdi-iteration)",
    "racerbile.bot.random": "Tilfældig",
    "racerbile.bot.random.description": "et tilfældigt gear og et tilfældigt slutfelt, der vinder terræn",
    "racerbile.bot.sadist": "Sadist",
    "racerbile.bot.sadist.description": "flest tårer til de andre",
    "racerbile.bot.stalin": "Stalin",
    "racerbile.bot.stalin.description": "gearer altid op, blokerer og kører af banen, når den kan (RB-OPT-3)",
    "racerbile.track.kringlen.description":
      "En teknisk bane: en firesporet kurve i øst, hvor bilerne kan køre uden om hinanden, en hårnål hvis ben er skilt af mure, og en gaffel i vest (en kort indre gren og en længere ydre sløjfe) med pile i begge ender.",
    "racerbile.track.lemans.description":
      "24-timersbanen: en pitlane ved start/mål-langsiden (stregen krydser begge), Dunlop-broen over svinget efter pitten, en lang langside foroven brudt af en chikane, langsomme sving for enden, S-sving gennem midten og 42-feltet.",
    "racerbile.track.oval.description":
      "En lille tosporet oval: nedgearingsfelter i det fjerne sving, et blokeringsfelt på bagsiden og midtvejsstregen halvvejs rundt.",
    "racerbile.setup.fork_choice": "Valg ved gaflen",
    "racerbile.setup.fork_choice.help": "hvor længe et valg ved gaflen gælder; tom: som banefilen siger",
    "racerbile.setup.fork_choice.per_race": "Hele løbet",
    "racerbile.setup.fork_choice.per_lap": "Hver omgang",
    "racerbile.setup.stall_timer": "Tidsgrænse",
    "racerbile.setup.stall_timer.help": "sekunder pr. beslutning; tom: ingen tidsgrænse",
    "racerbile.setup.event_hours": "Timer i Le Mans",
    "racerbile.setup.event_hours.help": "timer til sidste omgang kaldes (Le Mans; normalt 24)",
    "racerbile.setup.two_wheels": "På to hjul",
    "racerbile.setup.two_wheels.help": "to hjul i sving på 7-9",
    "racerbile.setup.out_of_fuel": "Løbet tør for benzin",
    "racerbile.setup.out_of_fuel.help": "12 eller flere felter foran løber tør",
    "racerbile.setup.stalin": "Stalin",
    "racerbile.setup.stalin.help": "en botpersonlighed, ingen regelændring",
    "racerbile.setup.upside_down": "På hovedet",
    "racerbile.setup.upside_down.help": "en kapsel flyttet på hovedet kører igen",
    "racerbile.setup.triple_clutch_whole_beer": "Tredobbelt kobling: en hel øl",
    "racerbile.setup.triple_clutch_whole_beer.help": "tre 1'ere koster en øl",
    "racerbile.setup.smashed_gearbox": "Smadret gearkasse",
    "racerbile.setup.smashed_gearbox.help": "tre 1'ere flytter 0 felter og koster en øl",
    "racerbile.setup.off_track_whole_beer": "Af banen: en hel øl",
    "racerbile.setup.off_track_whole_beer.help": "at køre af banen koster en øl",
    "racerbile.setup.finish_first": "Først i mål",
    "racerbile.setup.finish_first.help": "en tår for at slutte en tur først",
  },
};
