"""One sentence per event, in English (``en``) or Danish (``da``), naming the drivers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.contract import Event

SENTENCES: dict[str, dict[str, str]] = {
    "tyres_fitted": {"en": "{name} fits {tyres} tyres.", "da": "{name} monterer {tyres_da}."},
    "stage_started": {
        "en": "Stage SS{number} ({stage}) starts; start order {order}.",
        "da": "Prøve SS{number} ({stage}) begynder; startrækkefølge {order}.",
    },
    "die_rolled": {
        "en": "{name} {rolls} die {die}: {face} ({hazards} hazards showing).",
        "da": "{name} {rolls_da} terning {die}: {face_da} ({hazards} faresymboler).",
    },
    "pool_rolled": {
        "en": "{name} attacks with {dice}: {faces}; takes {tokens} s in tokens.",
        "da": "{name} angriber med {dice}: {faces}; tager {tokens} s i sekunder.",
    },
    "moved": {
        "en": "{name} moves from {frm} to {to} in gear {gear}.",
        "da": "{name} kører fra {frm} til {to} i {gear}. gear.",
    },
    "lost_control": {
        "en": "{name} loses control at {at}: {reason} ({rule_id}).",
        "da": "{name} mister herredømmet ved {at}: {reason_da} ({rule_id}).",
    },
    "sisu_played": {
        "en": "{name} plays the SISU card and drives on.",
        "da": "{name} spiller SISU-kortet og kører videre.",
    },
    "card_taken": {
        "en": "{name} takes a gear {gear} card: {seconds} s{back}.",
        "da": "{name} tager et {gear}. gears kort: {seconds} s{back_da}.",
    },
    "went_off": {
        "en": "{name} goes off to the {side} into {terrain}: damage {damage}.",
        "da": "{name} kører af til {side_da} i {terrain_da}: skade {damage}.",
    },
    "shortcut_drawn": {
        "en": "{name} draws a {card} shortcut card.",
        "da": "{name} trækker et genvejskort: {card_da}.",
    },
    "spare_fitted": {
        "en": "{name} fits the spare wheel (+{penalty} s).",
        "da": "{name} monterer reservehjulet (+{penalty} s).",
    },
    "waited": {"en": "{name} cannot move and waits.", "da": "{name} kan ikke køre og venter."},
    "finished": {
        "en": "{name} crosses the finish line: stage time {time} s.",
        "da": "{name} krydser målstregen: prøvetid {time} s.",
    },
    "retired": {
        "en": "{name} retires with damage {damage}.",
        "da": "{name} udgår med skade {damage}.",
    },
    "stage_over": {
        "en": "Stage SS{number} is over: {times}.",
        "da": "Prøve SS{number} er slut: {times}.",
    },
    "repaired": {
        "en": "The mechanics repair {name}'s car.",
        "da": "Mekanikerne reparerer {name}s bil.",
    },
    "rally_over": {"en": "The rally is over: {ranking}.", "da": "Rallyet er slut: {ranking}."},
}
REASONS = {
    "hazards": ("too many hazards", "for mange faresymboler"),
    "overspeed": ("too fast into the corner", "for hurtigt ind i svinget"),
    "jump": ("a jump taken too fast", "et hop taget for hurtigt"),
    "airborne": ("the turn ended in the air", "turen sluttede i luften"),
}
BACK_EN = {"spin": "a spin", "left": "off to the left", "right": "off to the right"}
BACK_DA = {"spin": "en snurretur", "left": "af til venstre", "right": "af til højre"}
DA_WORDS = {
    "asphalt": "asfaltdæk",
    "snow": "vinterdæk",
    "left": "venstre",
    "right": "højre",
    "spin": "snurretur",
    "clean": "rent",
    "dirty": "beskidt",
    "puncture": "punktering",
    "grass": "græs",
    "field": "mark",
    "forest": "skov",
    "water": "vand",
    "rock": "klipper",
    "building": "bygning",
    "shortcut": "genvejen",
}


def describe(event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """Returns the sentence for ``event`` in ``lang`` (``en`` or ``da``)."""
    names = list(names or [])
    data: dict[str, Any] = event.to_json()
    kind = data.pop("kind")
    template = SENTENCES[kind]["da" if lang == "da" else "en"]

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"driver {seat + 1}"

    if "seat" in data:
        data["name"] = name(data["seat"])
    data["tyres_da"] = DA_WORDS.get(str(data.get("tyres")), "")
    data["rolls"] = "secures" if data.get("secured_cost") else "rolls"
    data["rolls_da"] = "sikrer" if data.get("secured_cost") else "slår"
    data["face"] = "hazard" if data.get("hazard") else "clean"
    data["face_da"] = "faresymbol" if data.get("hazard") else "ren"
    if data.get("secured_cost"):
        data["face"] = data["face_da"] = f"{data['secured_cost']} s"
    reason = REASONS.get(str(data.get("reason")), ("", ""))
    data["reason"], data["reason_da"] = reason
    back = data.get("back")
    data["back"] = f", flipped: {BACK_EN.get(back, back)}" if back else ""
    data["back_da"] = f", vendt: {BACK_DA.get(back, back)}" if back else ""
    data["side_da"] = DA_WORDS.get(str(data.get("side")), "")
    data["terrain_da"] = DA_WORDS.get(str(data.get("terrain")), data.get("terrain"))
    data["card_da"] = DA_WORDS.get(str(data.get("card")), "")
    if "order" in data:
        data["order"] = ", ".join(name(s) for s in data["order"])
    if "ranking" in data:
        data["ranking"] = ", ".join(f"{i + 1}. {name(s)}" for i, s in enumerate(data["ranking"]))
    if "times" in data:
        data["times"] = ", ".join(
            f"{name(s)} {'DNF' if t is None else f'{t} s'}" for s, t in enumerate(data["times"])
        )
    return template.format(**data)
