// Short labels for any Ludøl action (the platform's generic buttons and lists use them).

import { t } from "/static/i18n.js";
import { actionLabel as generic } from "/static/generic.js";
import { placeText } from "./controls.js";

export function actionLabel(action) {
  switch (action.kind) {
    case "throw":
      return t("ld.lbl_throw", { n: action.top });
    case "move":
      return `${action.colour}: ${placeText(action.frm)} +${action.value}`;
    case "declare":
      return action.six ? t("ld.declare_six") : t("ld.declare_one");
    case "all_poured":
      return t("ld.ref_poured");
    case "chug_result":
      return action.ok ? t("ld.chug_ok") : t("ld.chug_failed");
    case "confirm_flag":
      return t("ld.flag_confirm", { n: action.beers ?? 1 });
    case "dismiss_flag":
      return t("ld.flag_dismiss");
    default:
      return generic(action);
  }
}
