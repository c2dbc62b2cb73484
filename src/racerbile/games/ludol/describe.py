"""One sentence per Ludøl event, in Danish (``da``) or English (``en``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...engine.contract import Event
from ...engine.ledger import Drank
from . import events as ev
from .notation import format_glass

SENTENCES: dict[str, dict[str, str]] = {
    "rolled_for_start": {
        "en": "{who} throws {top} for the start.",
        "da": "{who} slår {top} om at begynde.",
    },
    "roll_off_tied": {
        "en": "Tie for the highest throw: {list} throw again (LD-START-1).",
        "da": "Lige højeste kast: {list} slår igen (LD-START-1).",
    },
    "start_order_set": {
        "en": "{who} starts as A; colours {order}.",
        "da": "{who} begynder som A; farver {order}.",
    },
    "turn_started": {
        "en": "{colour}'s turn ({who}), {attempts} {tries}.",
        "da": "{colour}s tur ({who}), {attempts} {tries}.",
    },
    "thrown": {
        "en": "{colour} throws {top} (bottom {bottom}), throw {chain} of the chain"
        "{forced}: {opts}.",
        "da": "{colour} slår {top} (bund {bottom}), kast {chain} i rækken{forced}: {opts}.",
    },
    "moved": {
        "en": "{colour} moves glass {glass} from {frm} to {to} ({value}, {face}).",
        "da": "{colour} flytter glas {glass} fra {frm} til {to} ({value}, {face}).",
    },
    "wrong_colour": {
        "en": "{who} ({colour}) tries to move {moved}{frm}+{value}, a glass that is not "
        "theirs; it stays, flag for the referee (LD-REF-3).",
        "da": "{who} ({colour}) prøver at flytte {moved}{frm}+{value}, et glas der ikke er "
        "deres; det bliver stående, flag til dommeren (LD-REF-3).",
    },
    "knocked_home": {
        "en": "{by} knocks {count} {colour} glass(es) home on square {square}: {who} chugs "
        "{glasses} within {countdown} s (LD-HIT-1).",
        "da": "{by} slår {count} {colour}-glas hjem på felt {square}: {who} bunder "
        "{glasses} inden {countdown} s (LD-HIT-1).",
    },
    "drank": {
        "en": "Drink bill: {who} +{sips} {unit} ({rule_id}).",
        "da": "Drikkeregnskab: {who} +{sips} {unit} ({rule_id}).",
    },
    "penalty_awarded": {
        "en": "{who} gets {beers} penalty beer(s): {reason} ({rule_id}).",
        "da": "{who} får {beers} straffepils: {reason} ({rule_id}).",
    },
    "bonus_throw": {
        "en": "{colour} throws again (LD-BONUS-1).",
        "da": "{colour} slår igen (LD-BONUS-1).",
    },
    "no_move": {
        "en": "{colour} cannot use the {top}; {tries_left} tries left.",
        "da": "{colour} kan ikke bruge {top}'eren; {tries_left} forsøg tilbage.",
    },
    "declared": {
        "en": "{colour} declares the throw a {six} (LD-SIX-3).",
        "da": "{colour} erklærer kastet for en {six} (LD-SIX-3).",
    },
    "flag_raised": {
        "en": "Flag {flag} for the referee: {who} ({colour}), {what} (LD-REF-3).",
        "da": "Flag {flag} til dommeren: {who} ({colour}), {what} (LD-REF-3).",
    },
    "flag_resolved": {
        "en": "The referee {verdict} flag {flag}.",
        "da": "Dommeren {verdict} flag {flag}.",
    },
    "chug_ended": {
        "en": "Chug {chug} of {who}: {status}.",
        "da": "Bundning {chug} for {who}: {status}.",
    },
    "count_started": {
        "en": "{who} ({colour}) is idle: count {seconds} to 0 (LD-REF-4).",
        "da": "{who} ({colour}) sover: tæl fra {seconds} til 0 (LD-REF-4).",
    },
    "vomited": {
        "en": "{who} vomits publicly, time {count} (LD-DQ-1).",
        "da": "{who} offentliggør sin middag, {count}. gang (LD-DQ-1).",
    },
    "disqualified": {
        "en": "{who} is disqualified; their glasses leave the board (LD-DQ-1).",
        "da": "{who} er diskvalificeret; glassene forlader brættet (LD-DQ-1).",
    },
    "drink_poured": {
        "en": "All the drink is poured (LD-END-2).",
        "da": "Al drikken er skænket (LD-END-2).",
    },
    "overridden": {
        "en": "{by} overrides: {detail}{why} (LD-REF-2).",
        "da": "{by} griber ind: {detail}{why} (LD-REF-2).",
    },
    "game_ended": {
        "en": "The game is over ({reason}): {winners} wins. {scores}",
        "da": "Spillet er slut ({reason}): {winners} vinder. {scores}",
    },
}

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "try": "try",
        "tries": "tries",
        "forced": ", a forced six",
        "none": "no option",
        "six": "six",
        "one": "one",
        "missed_capture": "did not knock home a glass they could",
        "idle": "not ready when the count ended",
        "wrong_colour": "does not know their own colour",
        "passive": "passive play (a 1 instead of a 6)",
        "confirmed": "confirms",
        "dismissed": "dismisses",
        "ok": "emptied in time",
        "failed": "not emptied in time",
        "time_up": "the countdown is over",
        "home": "all glasses home",
        "poured": "all drink poured",
        "disqualified": "all others disqualified",
        "stalled": "no colour can play",
        "referee": "The referee",
        "judge": "Line judge",
        "top": "top",
        "bottom": "bottom",
        "six_rule": "six rule",
        "third_six": "a forced six from the third throw",
        "glass": "glass(es)",
        "chug": "chug",
        "penalty_beer": "penalty beer(s)",
        "scores": "Scores",
        "yard": "the yard",
        "goal": "the goal",
        "start": "its start square",
    },
    "da": {
        "try": "forsøg",
        "tries": "forsøg",
        "forced": ", en tvungen sekser",
        "none": "ingen mulighed",
        "six": "sekser",
        "one": "ener",
        "missed_capture": "slog ikke et glas hjem, som kunne slås",
        "idle": "ikke klar da nedtællingen sluttede",
        "wrong_colour": "kender ikke sin egen farve",
        "passive": "passivt spil (en 1 i stedet for en 6)",
        "confirmed": "bekræfter",
        "dismissed": "afviser",
        "ok": "tømt i tide",
        "failed": "ikke tømt i tide",
        "time_up": "nedtællingen er slut",
        "home": "alle glas hjemme",
        "poured": "al drikke skænket",
        "disqualified": "alle andre diskvalificeret",
        "stalled": "ingen farve kan spille",
        "referee": "Dommeren",
        "judge": "Linjedommer",
        "top": "overside",
        "bottom": "underside",
        "six_rule": "sekserreglen",
        "third_six": "en tvungen sekser fra tredje kast",
        "glass": "glas",
        "chug": "bundning",
        "penalty_beer": "straffepils",
        "scores": "Point",
        "yard": "gården",
        "goal": "mål",
        "start": "sit startfelt",
    },
}


def describe(event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """Returns the sentence for a Ludøl event (``en`` or ``da``; others give English)."""
    lang = lang if lang in SENTENCES["moved"] else "en"
    templates = SENTENCES.get(event.kind)
    if templates is None:
        return str(event)
    words = WORDS[lang]

    def who(seat: int) -> str:
        return names[seat] if names is not None and 0 <= seat < len(names) else f"#{seat}"

    fill = _FILLERS.get(type(event))
    values = dict(vars(event))
    if fill is not None:
        values.update(fill(event, words, who))
    return templates.get(lang, templates["en"]).format(**values)


Who = Callable[[int], str]


def place_name(p: int, words: dict[str, str]) -> str:
    """Returns a glass's place in words: the yard, the goal, its start square, or a number."""
    text = format_glass(p)
    named = _PLACE_WORDS.get(text)
    return text if named is None else words[named]


_PLACE_WORDS = {"y": "yard", "g": "goal", "0": "start"}  # the places said in words


def _thrown(e: Any, w: dict[str, str], who: Who) -> dict[str, Any]:
    return {"forced": w["forced"] if e.forced else "", "opts": ", ".join(e.options) or w["none"]}


def _moved(e: Any, w: dict[str, str], who: Who) -> dict[str, Any]:
    return {"frm": place_name(e.frm, w), "to": place_name(e.to, w), "face": w.get(e.face, e.face)}


def _knocked(e: Any, w: dict[str, str], who: Who) -> dict[str, Any]:
    glasses = ", ".join(f"{e.colour}{g}" for g in e.glasses)
    return {"who": who(e.participant), "count": len(e.glasses), "glasses": glasses}


def _wrong(e: Any, w: dict[str, str], who: Who) -> dict[str, Any]:
    return {"who": who(e.participant), "frm": format_glass(e.frm)}


def _drank(e: Any, w: dict[str, str], who: Who) -> dict[str, Any]:
    return {"who": who(e.player), "unit": w.get(e.unit, e.unit)}


def _penalty(e: Any, w: dict[str, str], who: Who) -> dict[str, Any]:
    reason = e.reason.removeprefix("flag:")
    return {"who": who(e.participant), "reason": w.get(reason, reason)}


def _flag(e: Any, w: dict[str, str], who: Who) -> dict[str, Any]:
    return {"who": who(e.participant), "what": w[e.flag_kind]}


def _by(judge: int | None, w: dict[str, str]) -> str:
    return w["referee"] if judge is None else f"{w['judge']} {judge}"


def _overridden(e: Any, w: dict[str, str], who: Who) -> dict[str, Any]:
    return {"by": _by(e.judge, w), "why": f" ({e.reason})" if e.reason else ""}


def _ended(e: Any, w: dict[str, str], who: Who) -> dict[str, Any]:
    scores = "; ".join(f"{who(p)} {s}" for p, s in e.scores)
    return {
        "reason": w[e.reason],
        "winners": " & ".join(who(p) for p in e.winners) or "-",
        "scores": f"{w['scores']}: {scores}." if e.reason == "poured" else "",
    }


def _seat(e: Any, w: dict[str, str], who: Who) -> dict[str, Any]:
    return {"who": who(e.participant)}


_FILLERS: dict[type[Event], Callable[[Any, dict[str, str], Who], dict[str, Any]]] = {
    ev.RolledForStart: _seat,
    ev.RollOffTied: lambda e, w, who: {"list": ", ".join(who(p) for p in e.contenders)},
    ev.StartOrderSet: lambda e, w, who: {
        "who": who(e.winner),
        "order": ", ".join(f"{'ABCD'[k]} {who(p)}" for k, p in enumerate(e.owner)),
    },
    ev.TurnStarted: lambda e, w, who: {
        "who": who(e.participant),
        "tries": w["try"] if e.attempts == 1 else w["tries"],
    },
    ev.Thrown: _thrown,
    ev.Moved: _moved,
    ev.WrongColour: _wrong,
    ev.KnockedHome: _knocked,
    ev.PenaltyAwarded: _penalty,
    Drank: _drank,
    ev.Declared: lambda e, w, who: {"six": w["six"] if e.six else w["one"]},
    ev.FlagRaised: _flag,
    ev.FlagResolved: lambda e, w, who: {"verdict": w["confirmed" if e.confirmed else "dismissed"]},
    ev.ChugEnded: lambda e, w, who: {"who": who(e.participant), "status": w[e.status]},
    ev.CountStarted: _seat,
    ev.Vomited: _seat,
    ev.Disqualified: _seat,
    ev.Overridden: _overridden,
    ev.GameEnded: _ended,
}
