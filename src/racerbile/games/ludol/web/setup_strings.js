// Ludøl's words for the start page: its description, rule profiles, bots and setup
// fields ("ludol.{key}", looked up by the platform's index.js; the profiles are the
// platform's "ruleset.{id}"). English comes from the server (the game's info, bot
// roster and setup schema) but for the profiles' names; Danish is here, in the words of
// the rules (Røros-konventionen, strafføl, liniedommere, bunde).

export const SETUP_STRINGS = {
  en: {
    "ruleset.ludol": "Ludøl",
    "ruleset.norsk": "Norwegian ludo",
  },
  da: {
    "ruleset.ludol": "Ludøl",
    "ruleset.norsk": "Norsk ludo",
    "ludol.description": "Ludo med ølglas som brikker og en dommer, der kan omgøre alt.",
    "ludol.bot.aggressive": "Aggressiv",
    "ludol.bot.aggressive.description": "slår hjem, når den kan, ellers ud af gården, ellers som Hurtig",
    "ludol.bot.fast": "Hurtig",
    "ludol.bot.fast.description": "det forreste glas, der kan flyttes, med den største værdi",
    "ludol.bot.random": "Tilfældig",
    "ludol.bot.random.description": "et tilfældigt lovligt træk",
    "ludol.bot.random_larger": "Tilfældig, største",
    "ludol.bot.random_larger.description": "et tilfældigt felt, der kan flyttes fra, med dets største værdi",
    "ludol.bot.strong": "Stærk",
    "ludol.bot.strong.description": "den bedste forventede værdi over de kommende ekstrakast (expectimax)",
    "ludol.setup.immune_landing": "Landing på et immunt glas",
    "ludol.setup.immune_landing.help": "at lande på et immunt glas deler feltet, eller er ulovligt",
    "ludol.setup.immune_landing.share": "Del feltet",
    "ludol.setup.immune_landing.illegal": "Ulovligt",
    "ludol.setup.roros_exception": "Undtagelsen fra Røros-konventionen",
    "ludol.setup.roros_exception.help": "undtagelsen i hjemkolonnen gælder pr. træk eller pr. kast",
    "ludol.setup.roros_exception.per_move": "Pr. træk",
    "ludol.setup.roros_exception.per_throw": "Pr. kast",
    "ludol.setup.six_chain": "Sekserreglen tæller",
    "ludol.setup.six_chain.help": "det tredje kast i sekserkæden, eller i hele turen",
    "ludol.setup.six_chain.chain": "Sekserkæden",
    "ludol.setup.six_chain.turn": "Hele turen",
    "ludol.setup.finish": "Vinder",
    "ludol.setup.finish.help": "en deltager vinder med alle glas hjemme, eller med én farve",
    "ludol.setup.finish.all_colours": "Alle farver hjemme",
    "ludol.setup.finish.any_colour": "Én farve hjemme",
    "ludol.setup.chug_seconds": "Sekunder til at bunde",
    "ludol.setup.chug_seconds.help": "nedtællingen, når et glas er slået hjem",
    "ludol.setup.idle_seconds": "Sekunder før nedtællingen",
    "ludol.setup.idle_seconds.help": "ventetid før nedtællingen 10→0 (tom: ingen)",
    "ludol.setup.count_seconds": "Nedtællingen",
    "ludol.setup.count_seconds.help": "nedtællingen 10→0 i sekunder",
    "ludol.setup.first": "Hvem begynder",
    "ludol.setup.first.help": "deltagerens nummer fra 0 (tom: der kastes om at begynde)",
    "ludol.setup.abv": "Alkoholprocent",
    "ludol.setup.abv.help": "pilsner på 4,5 % eller stærkere",
  },
};
