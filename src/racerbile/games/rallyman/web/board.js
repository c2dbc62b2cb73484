// Rallyman's web module (the interface is documented in the platform's games.js). For
// now the platform's generic board draws the view and a button per legal action; this
// module names each action in Rallyman's notation (the same as the server's), so a
// button reads "roll 4 → t1:s05" or "attack 345GG". The stage picture, the dashboard
// and the risk on each button are the game's web page, still to come.

export const id = "rallyman";

const FACE = (hazard) => (hazard ? "H" : ".");

/** Returns the notation of a Rallyman action, e.g. "secure G → t0:s04". */
export function actionLabel(action) {
  switch (action.kind) {
    case "tyres":
      return `tyres ${action.tyres}`;
    case "roll":
      return `${action.secured ? "secure" : "roll"} ${action.die} → ${action.to}`;
    case "attack":
      return `attack ${action.dice}`;
    case "place":
      return `place ${action.die}${FACE(action.hazard)} → ${action.to}`;
    case "sisu":
      return action.play ? "play SISU" : "keep SISU";
    case "face":
      return `face ${FACE(action.hazard)}`;
    case "faces":
      return `faces ${action.faces}`;
    case "back":
      return `back ${action.outcome}`;
    case "shortcut":
      return `card ${action.card}`;
    default:
      return String(action.kind);
  }
}
