// Vectrace's interface texts in English and Danish, merged into the platform's (i18n.js).

import { SETUP_STRINGS } from "./setup_strings.js";

export const strings = {
  en: {
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
  },
  da: {
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
  },
};

for (const [code, table] of Object.entries(SETUP_STRINGS)) Object.assign(strings[code], table);
