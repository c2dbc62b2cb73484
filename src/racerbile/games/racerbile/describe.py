"""Events as one short sentence in Danish ("da") or English ("en"), naming the players.

RB-ANN-2: the announcements are given in the seed's Danish with an English
translation (:data:`ANNOUNCEMENT_TEXT`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...engine.contract import Event
from ...engine.ledger import Drank
from .faults import CATALOGUE, FAULT_REASONS_DA

Lang = str
ORDINAL = {"da": ("nul", "første", "andet", "tredje"), "en": ("zero", "first", "second", "third")}
DIRECTIONS = {"da": ("Ø", "NØ", "NV", "V", "SV", "SØ"), "en": ("E", "NE", "NW", "W", "SW", "SE")}

ANNOUNCEMENT_TEXT: dict[str, tuple[str, str]] = {
    "first": ("Jeg drikker for at ligge forrest.", "I drink for being first."),
    "last": ("Jeg drikker for at ligge bagerst.", "I drink for being last."),
    "shift_up": ("Jeg gearer op til {gear} gear.", "I shift up to {gear} gear."),
    "shift_down": ("Jeg gearer ned til {gear} gear.", "I shift down to {gear} gear."),
    "first_gear": ("Jeg starter i første gear.", "I start in first gear."),
    "squeal": ("Hvin!", "Squeal!"),
    "two_wheels": ("To hjul!", "Two wheels!"),
    "four_wheels": ("Fire hjul!", "Four wheels!"),
    "midway": ("Midtvejsskål!", "Midway toast!"),
    "finish_first": ("Jeg drikker for at slutte forrest.", "I drink for finishing first."),
}

REASONS_DA = {
    "time trial": "tidskørsel",
    "being first": "at ligge forrest",
    "being last": "at ligge bagerst",
    "refuelling": "optankning",
    "ran out of fuel": "løbet tør for benzin",
    "back onto the track": "bunder før banen",
    "downshift": "nedgearing",
    "clutch fault": "koblingsfejl",
    "triple clutch fault": "trippel koblingsfejl",
    "fives and sixes": "femmere og seksere",
    "squeal": "hvin",
    "forgot to squeal": "glemt hvin",
    "wrong number of wheels": "forkert antal hjul",
    "midway toast": "midtvejsskål",
    "cells not moved": "felter ikke rykket",
    "cells not moved on the track": "felter ikke rykket på banen",
    "forced down to 1st gear": "tvungen nedgearing",
    "off the track": "kørt af banen",
    "overtaken": "overhalet",
    "moved upside down": "kørt på hovedet",
    "finishing the turn first": "slutter forrest",
    "stalled": "nølet",
    "stalled oneself": "nølet sig selv",
    "the 42-cell": "42-feltet",
    "driver change": "kørerskift uden for pitten",
    "rounded up to a beer": "fjerde nøl, rundet op til en øl",
    "judges' penalty": "dommernes straftårer",
    "Dunlop bridge": "væltet Dunlopbroen",
    **FAULT_REASONS_DA,
}
FAULT_DA = {"technical": "teknisk fejl", "general": "generel fejl", "rule": "regel"}


def announcement_text(what: str, lang: Lang = "en", gear: int = 0) -> str:
    """Returns the words of an announcement (RB-ANN-2)."""
    da, en = ANNOUNCEMENT_TEXT.get(what, (what, what))
    text = da if lang == "da" else en
    return text.format(gear=ORDINAL[_lang(lang)][gear] if 0 <= gear <= 3 else gear)


def describe(event: Event, lang: Lang = "en", names: Sequence[str] | None = None) -> str:
    """Returns one sentence for ``event`` in ``lang`` ("da" or "en"), naming the players."""
    lang = _lang(lang)
    handler = _HANDLERS.get(getattr(event, "kind", ""))
    if handler is None:
        return repr(event)
    return handler(event, lang, _Namer(names, lang))


def _lang(lang: Lang) -> Lang:
    return "da" if lang == "da" else "en"


class _Namer:
    def __init__(self, names: Sequence[str] | None, lang: Lang):
        self.names = names
        self.lang = lang

    def __call__(self, seat: int | None) -> str:
        if seat is None:
            return "?"
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return f"{'spiller' if self.lang == 'da' else 'player'} {seat + 1}"

    def own(self, seat: int) -> str:
        name = self(seat)
        if self.lang == "da":
            return name + ("'" if name.endswith("s") else "s")
        return name + "'s"


def _drank(e: Any, lang: Lang, n: _Namer) -> str:
    if lang == "da":
        unit = "tår" if e.sips == 1 else "tårer"
        why = REASONS_DA.get(e.reason, e.reason) or FAULT_DA[e.fault]
        by = f", forårsaget af {n(e.caused_by)}" if _caused(e) else ""
        return f"{n(e.player)} drikker {e.sips} {unit}: {why}{by} ({e.rule_id})."
    unit = "sip" if e.sips == 1 else "sips"
    why = e.reason or f"{e.fault} fault"
    by = f", caused by {n(e.caused_by)}" if _caused(e) else ""
    return f"{n(e.player)} drinks {e.sips} {unit}: {why}{by} ({e.rule_id})."


def _caused(e: Drank) -> bool:
    return e.caused_by is not None and e.caused_by != e.player


def _t(da: str, en: str) -> Callable[[Any, Lang, _Namer], str]:
    """A handler formatting ``da`` or ``en`` with the event's fields; {p} is the seat's name."""

    def handler(e: Any, lang: Lang, n: _Namer) -> str:
        fields = {name: getattr(e, name) for name in getattr(e, "__dataclass_fields__", {})}
        seat = fields.get("seat")
        fields["p"] = n(seat)
        if seat is not None:
            fields["ps"] = n.own(seat)
        return (da if lang == "da" else en).format(**fields)

    return handler


def _announced(e: Any, lang: Lang, n: _Namer) -> str:
    return f"{n(e.seat)}: “{announcement_text(e.what, lang, e.gear)}”"


def _forgot(e: Any, lang: Lang, n: _Namer) -> str:
    text = announcement_text(e.what, lang, e.gear)
    if lang == "da":
        return f"{n(e.seat)} glemte at annoncere “{text}”."
    return f"{n(e.seat)} forgot to announce “{text}”."


def _start_order(e: Any, lang: Lang, n: _Namer) -> str:
    names = ", ".join(n(s) for s in e.order)
    return f"Startrækkefølge: {names}." if lang == "da" else f"Start order: {names}."


def _faced(e: Any, lang: Lang, n: _Namer) -> str:
    d = DIRECTIONS[lang][e.direction]
    return f"{n(e.seat)} peger mod {d}." if lang == "da" else f"{n(e.seat)} faces {d}."


def _turn_started(e: Any, lang: Lang, n: _Namer) -> str:
    gear = ORDINAL[lang][e.gear]
    if lang == "da":
        return f"{n.own(e.seat)} tur {e.number} i {gear} gear."
    return f"{n.own(e.seat)} turn {e.number} in {gear} gear."


def _shifted(e: Any, lang: Lang, n: _Namer) -> str:
    a, b = ORDINAL[lang][e.before], ORDINAL[lang][e.after]
    if lang == "da":
        forced = f" (tvunget, {e.forced})" if e.forced else ""
        return f"{n(e.seat)} gearer fra {a} til {b} gear{forced}."
    forced = f" (forced, {e.forced})" if e.forced else ""
    return f"{n(e.seat)} shifts from {a} to {b} gear{forced}."


def _die_shown(e: Any, lang: Lang, n: _Namer) -> str:
    if lang == "da":
        again = " og slås om" if e.value >= 5 else ""
        return f"{n.own(e.seat)} terning viser {e.value}{again}."
    again = " and is thrown again" if e.value >= 5 else ""
    return f"{n.own(e.seat)} die shows {e.value}{again}."


def _rolled(e: Any, lang: Lang, n: _Namer) -> str:
    dice = " + ".join(map(str, e.dice))
    if lang == "da":
        return f"{n(e.seat)} slår {e.total} ({dice}; {e.shown56} femmere/seksere)."
    return f"{n(e.seat)} rolls {e.total} ({dice}; {e.shown56} fives/sixes)."


def _moved(e: Any, lang: Lang, n: _Namer) -> str:
    d = DIRECTIONS[lang][e.direction]
    if lang == "da":
        return f"{n(e.seat)} kører {d} til {e.end}{' (hvin)' if e.squeal else ''}."
    return f"{n(e.seat)} moves {d} to {e.end}{' (squeal)' if e.squeal else ''}."


def _stopped(e: Any, lang: Lang, n: _Namer) -> str:
    if lang == "da":
        why = ", blokeret" if e.blocked else ""
        return f"{n(e.seat)} standser efter {e.moved} af {e.total} felter{why}."
    why = ", blocked" if e.blocked else ""
    return f"{n(e.seat)} stops after {e.moved} of {e.total} cells{why}."


def _back(e: Any, lang: Lang, n: _Namer) -> str:
    if e.waiting:
        if lang == "da":
            return f"{n(e.seat)} kan ikke bakke ind på {e.cell}: der ligger to kapsler."
        return f"{n(e.seat)} cannot back onto {e.cell}: two caps are there."
    if lang == "da":
        return f"{n(e.seat)} bakker ind på banen ved {e.cell}."
    return f"{n(e.seat)} backs onto the track at {e.cell}."


def _bonked(e: Any, lang: Lang, n: _Namer) -> str:
    if lang == "da":
        return f"{n(e.seat)} banker {n.own(e.blocker)} kapsel i bordet: blokeringen er ophævet."
    return f"{n(e.seat)} bonks {n.own(e.blocker)} cap: the block is lifted."


def _lap(e: Any, lang: Lang, n: _Namer) -> str:
    if e.delta < 0:
        if lang == "da":
            return f"{n(e.seat)} krydser stregen baglæns."
        return f"{n(e.seat)} crosses the line backwards."
    if e.laps <= 0:
        if lang == "da":
            return f"{n(e.seat)} krydser startstregen og starter 1. omgang."
        return f"{n(e.seat)} crosses the line and starts lap 1."
    if lang == "da":
        return f"{n(e.seat)} fuldfører {e.laps}. omgang."
    return f"{n(e.seat)} completes lap {e.laps}."


def _overtook(e: Any, lang: Lang, n: _Namer) -> str:
    if lang == "da":
        return f"{n(e.seat)} overhaler {n(e.overtaken)}."
    return f"{n(e.seat)} overtakes {n(e.overtaken)}."


def _stalled(e: Any, lang: Lang, n: _Namer) -> str:
    if e.by == e.seat:
        return f"{n(e.seat)} nøler sig selv." if lang == "da" else f"{n(e.seat)} stalls themself."
    if lang == "da":
        return f"Tre. To. En. Nøl! {n(e.seat)} er nølet."
    return f"Three. Two. One. Stall! {n(e.seat)} is stalled."


def _faulted(e: Any, lang: Lang, n: _Namer) -> str:
    spec = CATALOGUE.get(e.fault)
    what = (spec.da if lang == "da" else spec.en) if spec is not None else e.fault
    times = f" (×{e.count})" if e.count != 1 else ""
    if lang == "da":
        who = f"Dommer {e.judge}" if e.judge else "Dommeren"
        kind = FAULT_DA[spec.fault] if spec is not None else "fejl"
        return f"{who}: {n(e.seat)} har {what}{times}, {kind}."
    who = f"Judge {e.judge}" if e.judge else "Referee"
    kind = f"{spec.fault} fault" if spec is not None else "fault"
    return f"{who}: {n(e.seat)} {what}{times}, a {kind}."


def _judge(da: str, en: str) -> Callable[[Any, Lang, _Namer], str]:
    """A handler for a judge's call: "Dommer X: …" / "Judge X: …"."""
    inner = _t(da, en)

    def handler(e: Any, lang: Lang, n: _Namer) -> str:
        who = (f"Dommer {e.judge}" if lang == "da" else f"Judge {e.judge}") if e.judge else ""
        text = inner(e, lang, n)
        reason = getattr(e, "reason", "")
        text = f"{text[:-1]} ({reason})." if reason else text
        return f"{who}: {text}" if who else text

    return handler


def _named(e: Any, lang: Lang, n: _Namer) -> str:
    if e.opponent is None:
        return f"{n(e.seat)} udnævner ingen." if lang == "da" else f"{n(e.seat)} names nobody."
    p, o = n(e.seat), n(e.opponent)
    if lang == "da":
        return f"{p} udnævner {o}, som drikker det samme som {p} i denne tur."
    return f"{p} names {o}, who drinks what {p} drinks this turn."


def _sip_cap(e: Any, lang: Lang, n: _Namer) -> str:
    waived = e.asked - e.allowed
    if lang == "da":
        return f"{n(e.seat)} slipper for {waived} tårer: højst 42 tårer på en tur."
    return f"{n(e.seat)} is let off {waived} sips: at most 42 sips in one turn."


def _last_lap(e: Any, lang: Lang, n: _Namer) -> str:
    if lang == "da":
        who = f"Dommer {e.judge}" if e.judge else "Uret"
        return f"{who}: 24 timer er gået; der kaldes til sidste omgang."
    who = f"Judge {e.judge}" if e.judge else "The clock"
    return f"{who}: 24 hours are up; the last lap is called."


def _driver_changed(e: Any, lang: Lang, n: _Namer) -> str:
    if lang == "da":
        where = "i pitten (gratis)" if e.in_pit else "uden for pitten"
        return f"{n(e.seat)}: {e.after} overtager rattet fra {e.before} {where}."
    where = "in the pit (free)" if e.in_pit else "outside the pit"
    return f"{n(e.seat)}: {e.after} takes over from {e.before} {where}."


def _race_over(e: Any, lang: Lang, n: _Namer) -> str:
    places = ", ".join(f"{i}. {n(s)}" for i, s in enumerate(e.ranking, start=1))
    return f"Løbet er slut: {places}." if lang == "da" else f"The race is over: {places}."


# The sentence of each event kind (events.py); the events themselves are not imported.
_HANDLERS: dict[str, Callable[[Any, Lang, _Namer], str]] = {
    "drank": _drank,
    "order_rolled": _t("{p} slår {value} om starten.", "{p} rolls {value} for the start order."),
    "time_trialed": _t(
        "{p} bunder tidskørselsøllen på {seconds:g} s.",
        "{p} chugs the time-trial beer in {seconds:g} s.",
    ),
    "start_order": _start_order,
    "placed": _t("{p} starter i startfelt {slot}.", "{p} starts on grid slot {slot}."),
    "faced": _faced,
    "turn_started": _turn_started,
    "announced": _announced,
    "forgot": _forgot,
    "shifted": _shifted,
    "die_shown": _die_shown,
    "rolled": _rolled,
    "gearbox_smashed": _t(
        "{p} slår tre ettere og smadrer gearkassen.",
        "{p} rolls three 1s and smashes the gearbox.",
    ),
    "moved": _moved,
    "stopped": _stopped,
    "went_off_track": _t("{p} kører af banen ved {cell}.", "{p} goes off the track at {cell}."),
    "back_on_track": _back,
    "flipped": _t(
        "{p} vender kapslen på blokeringsfeltet {cell}.",
        "{p} flips the cap on the blocking cell {cell}.",
    ),
    "bonked": _bonked,
    "midway_toast": _t("{p} passerer midtvejs: alle drikker.", "{p} passes midway: all drink."),
    "lap_counted": _lap,
    "fork_chosen": _t(
        "{p} vælger grenen {branch} ved {fork}.", "{p} chooses the {branch} branch at {fork}."
    ),
    "overtook": _overtook,
    "out_of_fuel": _t(
        "{p} er {gap} felter foran og løber tør for benzin.",
        "{p} is {gap} cells ahead and runs out of fuel.",
    ),
    "stalled": _stalled,
    "moved_again": _t(
        "{p} kørte på hovedet og kører forfra fra {cell}.",
        "{p} moved upside down and moves again from {cell}.",
    ),
    "turn_ended": _t("{p} giver terningerne videre.", "{p} passes the dice on."),
    "race_over": _race_over,
    # Le Mans (§12)
    "sip_cap_reached": _sip_cap,
    "landed_on_42": _t(
        "{p} lander på 42-feltet og må udnævne en modstander.",
        "{p} lands on the 42-cell and may name an opponent.",
    ),
    "opponent_named": _named,
    "driver_changed": _driver_changed,
    "stalled_out": _t(
        "{p} er nølet fjerde gang: der rundes op til en øl, og turen gives videre.",
        "{p} is stalled a fourth time: rounded up to a beer, and the turn passes on.",
    ),
    "turn_lost": _t("{p} mister turen ({rule_id}).", "{p} loses this turn ({rule_id})."),
    "last_lap_called": _last_lap,
    "laps_deducted": _t(
        "{p} fratrækkes {laps} omgang(e) ({rule_id}).",
        "{p} loses {laps} lap(s) ({rule_id}).",
    ),
    # referee mode and the judges' console (§13, RB-LM-2)
    "faulted": _faulted,
    "judge_penalty": _judge("{p} får {sips} straftårer.", "{p} gets {sips} penalty sips."),
    "rule_changed": _judge("Regelændring: {text}", "Rule change: {text}"),
    "bridge_knocked": _judge(
        "{p} vælter Dunlopbroen og bunder en øl.", "{p} knocks the Dunlop bridge over: a beer."
    ),
    "vomited": lambda e, lang, n: _judge(
        "{p} kaster op " + ("ud over bordet" if e.where == "table" else "på gulvet") + ".",
        "{p} vomits " + ("over the table" if e.where == "table" else "on the floor") + ".",
    )(e, lang, n),
    "delayed_game": _judge(
        "{p} forsinker spillet uden for sin tur: næste tur og en omgang mistes.",
        "{p} delays the game outside its turn: the next turn and a lap are lost.",
    ),
    "disqualified": _judge("{p} er ude af løbet.", "{p} is out of the race."),
}
