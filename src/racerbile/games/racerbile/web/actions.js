// Racerbile's legal actions sorted into the controls that offer them, with labels in
// both languages.

import { t, lang } from "/static/i18n.js";
import { actionLabel } from "/static/generic.js";

export const DIR_NAMES = ["E", "NE", "NW", "W", "SW", "SE"];
export const DIR_ARROWS = ["→", "↗", "↖", "←", "↙", "↘"];

// RB-ANN-2: announcements are shown in Danish with an English translation.
const ANNOUNCE = {
  first: ["Jeg drikker for at være først", "I drink for being first"],
  last: ["Jeg drikker for at være sidst", "I drink for being last"],
  shift_up: ["Jeg skifter op", "I shift up"],
  shift_down: ["Jeg skifter ned", "I shift down"],
  first_gear: ["Jeg starter i første gear", "I start in first gear"],
  squeal: ["Hviiin!", "Squeal!"],
  two_wheels: ["To hjul", "Two wheels"],
  four_wheels: ["Fire hjul", "Four wheels"],
  midway: ["Midtvejsskål!", "Midway toast!"],
  finish_first: ["Jeg drikker for at slutte først", "I drink for finishing first"],
};

const GEAR_DA = ["", "første", "andet", "tredje"];
const GEAR_EN = ["", "first", "second", "third"];

/** Returns [Danish, English] for an announcement; ``gear`` is the gear after a shift. */
export function announcement(what, gear = null) {
  if ((what === "shift_up" || what === "shift_down") && gear >= 1 && gear <= 3) {
    const up = what === "shift_up";
    return [
      `Jeg skifter ${up ? "op" : "ned"} i ${GEAR_DA[gear]} gear`,
      `I shift ${up ? "up" : "down"} to ${GEAR_EN[gear]} gear`,
    ];
  }
  return ANNOUNCE[what] || [String(what).replace(/_/g, " "), String(what).replace(/_/g, " ")];
}

/** Sorts legal actions into the controls that offer them. */
export function classify(legal) {
  const out = {
    roll: null,
    shiftUp: null,
    shiftDown: null,
    stop: null,
    pass: null,
    steps: [],
    faces: [],
    dice: [],
    announces: [],
    trial: null,
    other: [],
  };
  for (const a of legal || []) {
    switch (a.kind) {
      case "roll":
        out.roll = a;
        break;
      case "shift":
        if (a.direction === "up") out.shiftUp = a;
        else if (a.direction === "down") out.shiftDown = a;
        else out.other.push(a);
        break;
      case "stop":
        out.stop = a;
        break;
      case "pass":
        out.pass = a;
        break;
      case "step":
        out.steps.push(a);
        break;
      case "face":
        out.faces.push(a);
        break;
      case "die":
        out.dice.push(a);
        break;
      case "announce":
        out.announces.push(a);
        break;
      case "time_trial":
        out.trial = a;
        break;
      default:
        out.other.push(a);
    }
  }
  return out;
}

/** Returns a short label for any action (for the generic buttons). */
export function label(action) {
  const da = lang() === "da";
  switch (action.kind) {
    case "roll":
      return t("ctl.roll");
    case "shift":
      return action.direction === "up" ? t("ctl.shift_up") : t("ctl.shift_down");
    case "stop":
      return t("ctl.stop");
    case "pass":
      return da ? "Send bægeret videre" : "Pass the cup";
    case "step":
      return `${DIR_ARROWS[action.direction] || ""} ${DIR_NAMES[action.direction] || action.direction}`;
    case "face":
      return `${DIR_ARROWS[action.direction] || ""} ${DIR_NAMES[action.direction] || action.direction}`;
    case "die":
      return String(action.value);
    case "announce": {
      const [d, e] = announcement(action.what);
      return da ? d : e;
    }
    default:
      return actionLabel(action);
  }
}
