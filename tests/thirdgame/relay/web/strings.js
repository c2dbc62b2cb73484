// Relay's interface texts in English and Danish, merged into the platform's (i18n.js).

export const strings = {
  en: {
    "rl.roll": "Roll",
    "rl.hand": "Hand over ({n})",
    "rl.carried": "carries {n}",
    "rl.points": "points",
    "rl.penalty": "Dock {name} 2",
  },
  da: {
    "rl.roll": "Slå",
    "rl.hand": "Giv videre ({n})",
    "rl.carried": "bærer {n}",
    "rl.points": "point",
    "rl.penalty": "Træk 2 fra {name}",
  },
};
