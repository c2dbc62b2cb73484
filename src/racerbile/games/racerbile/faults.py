"""The referee's fault catalogue (RB-REF-2): every physical fault the seed names, as data.

One entry per referee button: the fault type (technical or general), the sips per
count, the rule it is charged under, what one count is, and its English and Danish
words. The rules (referee.py) charge it; the sentences (describe.py) name it.
"""

from __future__ import annotations

from typing import NamedTuple

from ...engine.ledger import FaultKind


class FaultSpec(NamedTuple):
    """One referee button: the fault type, sips per count, the rule and what it is."""

    fault: FaultKind
    sips: int
    rule_id: str
    per: str  # what one count is ("" : one occurrence)
    en: str
    da: str


def _t(sips: int, rule_id: str, per: str, en: str, da: str) -> FaultSpec:
    return FaultSpec("technical", sips, rule_id, per, en, da)


def _g(rule_id: str, en: str, da: str, per: str = "") -> FaultSpec:
    return FaultSpec("general", 1, rule_id, per, en, da)


CATALOGUE: dict[str, FaultSpec] = {
    # -- technical faults (Teknisk Fejl, and the caps and cells sections) --
    "wrong_cap": _t(1, "RB-CAP-1", "cell", "moved the wrong cap", "rykket den forkerte kapsel"),
    "upside_down": _t(
        1, "RB-CAP-1", "cell", "moved the cap upside down", "flyttet med den forkerte side opad"
    ),
    "on_edge": _t(1, "RB-CAP-1", "cell", "moved the cap on edge", "flyttet kapslen på højkant"),
    "own_cap_out_of_turn": _t(
        1, "RB-CAP-1", "", "moved own cap outside own turn", "flyttet egen kapsel uden for tur"
    ),
    "other_cap": _t(1, "RB-CAP-1", "", "moved someone else's cap", "flyttet på en andens kapsel"),
    "put_back": _t(
        1, "RB-CAP-1", "", "put someone else's cap back", "lagt en andens kapsel tilbage"
    ),
    "nudged_cap": _t(
        1,
        "RB-CAP-1",
        "",
        "moved a cap by accident and put it back",
        "flyttet en kapsel ved et uheld og lagt den tilbage",
    ),
    "die_off_table": _t(
        1,
        "RB-REF-2",
        "die",
        "dropped a die on the floor or off the table",
        "tabt en terning på gulvet eller ud over bordet",
    ),
    "die_moved_cap": _t(
        1, "RB-REF-2", "cap", "a die moved a cap", "slået en terning, så den flyttede en kapsel"
    ),
    "wrong_dice_count": _t(
        1,
        "RB-TURN-3",
        "die",
        "rolled the wrong number of dice",
        "slået med det forkerte antal terninger",
    ),
    "wrong_stack": _t(
        2,
        "RB-CELL-6",
        "",
        "stacked the caps in the wrong order",
        "lagt kapslerne i den forkerte rækkefølge",
    ),
    "wrong_branch": _t(
        1,
        "RB-TRACK-3",
        "cell",
        "drove the wrong way at a fork",
        "kørt den forkerte vej, hvor banen deler sig",
    ),
    "stalled_self": _t(1, "RB-NOL-1", "", "stalled oneself", "nølet sig selv"),
    "die_crooked": _t(
        1, "RB-REF-2", "die", "a die landed crooked", "slået en terning, så den landede skævt"
    ),
    "die_on_something": _t(
        1,
        "RB-REF-2",
        "die",
        "a die landed on something other than the table",
        "slået en terning, så den landede på andet end bordet",
    ),
    "rolled_out_of_turn": _t(
        1, "RB-REF-2", "", "rolled the dice out of turn", "slået med terningerne uden for tur"
    ),
    "clutch_out_of_turn": _t(
        1, "RB-DICE-4", "1 shown", "clutch fault out of turn", "koblingsfejl uden for tur"
    ),
    "forgot_flip": _t(
        1,
        "RB-CELL-3",
        "",
        "forgot to flip the cap on a blocking cell",
        "glemt at vende kapslen på et blokeringsfelt",
    ),
    "forgot_bonk": _t(
        1, "RB-CELL-3", "", "forgot to bonk the blocking cap", "glemt at bonke en kapsel"
    ),
    "wrong_wheels": _t(
        1, "RB-OPT-1", "step", "drove on the wrong number of wheels", "kørt med forkert antal hjul"
    ),
    # -- general faults (Generel Fejl) --
    "explained_rule": _g("RB-REF-2", "explained a rule", "forklaret en regel"),
    "explained_rule_wrongly": _g(
        "RB-REF-2", "explained a rule wrongly", "forklaret en regel forkert"
    ),
    "not_put_back": _g(
        "RB-CAP-1", "did not put a moved cap back", "ikke lagt en flyttet kapsel tilbage"
    ),
    "forgot_shift_up": _g(
        "RB-DICE-2", "forgot to announce an upshift", "glemt at annoncere en opgearing"
    ),
    "forgot_shift_down": _g(
        "RB-DICE-3", "forgot to announce a downshift", "glemt at annoncere en nedgearing"
    ),
    "forgot_first_last": _g(
        "RB-TURN-1",
        "forgot to announce drinking for first or last",
        "glemt at annoncere at drikke for at ligge forrest eller bagerst",
    ),
    "forgot_drink_first_last": _g(
        "RB-TURN-1",
        "forgot to drink for first or last",
        "glemt at drikke for at ligge forrest eller bagerst",
    ),
    "forgot_first_gear": _g(
        "RB-CELL-2",
        "forgot to announce starting in first gear",
        "glemt at annoncere at starte i første gear",
    ),
    "forgot_squeal": _g("RB-DICE-6", "forgot to squeal", "glemt at hvine", per="squeal"),
    "forgot_midway": _g(
        "RB-CELL-4", "forgot to announce the midway toast", "glemt at annoncere midtvejsskål"
    ),
    "skipped_midway_drink": _g(
        "RB-CELL-4", "did not drink for the midway toast", "undladt at drikke for midtvejsskål"
    ),
    "forgot_finish_first": _g(
        "RB-OPT-8", "forgot to announce finishing first", "glemt at annoncere at slutte forrest"
    ),
    "false_claim": _g(
        "RB-DRINK-4",
        "claimed fewer sips for a stronger drink",
        "forsøgt at undgå tårer med henvisning til en stærkere drik",
    ),
}
FAULT_REASONS_DA: dict[str, str] = {spec.en: spec.da for spec in CATALOGUE.values()}
