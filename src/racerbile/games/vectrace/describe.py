"""One sentence per Vectrace event, in English (``en``) or Danish (``da``).

Imports no rules logic and no event classes: an event gives its ``kind`` and the
values of its sentence (``words``), and this module holds the templates.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

Point = tuple[int, int]


def fmt_point(p: Point) -> str:
    """Returns ``x,y``."""
    return f"{p[0]},{p[1]}"


def fmt_vector(v: Point) -> str:
    """Returns the signed form ``+1,-2``."""
    return f"{v[0]:+d},{v[1]:+d}"


def fmt_time(t: Fraction) -> str:
    """Returns a finish time as a mixed number: ``6``, ``6 1/3``, ``2/5``."""
    whole, rest = divmod(t, 1)
    if rest == 0:
        return str(whole)
    if whole == 0:
        return f"{rest.numerator}/{rest.denominator}"
    return f"{whole} {rest.numerator}/{rest.denominator}"


SENTENCES: dict[str, dict[str, str]] = {
    "order_set": {
        "en": "{first} begins; turn order {order}.",
        "da": "{first} begynder; turrækkefølge {order}.",
    },
    "placed": {
        "en": "{name} starts at {at}.",
        "da": "{name} starter på {at}.",
    },
    "moved": {
        "en": "{name} moves from {frm} to {to} (vector {vector}).",
        "da": "{name} kører fra {frm} til {to} (vektor {vector}).",
    },
    "crashed": {
        "en": "{name} crashes at {at}: {reason} ({rule_id}).",
        "da": "{name} forulykker ved {at}: {reason} ({rule_id}).",
    },
    "skidded": {
        "en": "{name} skids and spins at {at} (VT-OPT-2).",
        "da": "{name} skrider ud og snurrer rundt ved {at} (VT-OPT-2).",
    },
    "hit_barrier": {
        "en": "{name} hits the barrier and stops at {at} (VT-OPT-3).",
        "da": "{name} rammer autoværnet og standser ved {at} (VT-OPT-3).",
    },
    "set_back": {
        "en": "{name} is set back {moves} moves to {at} (VT-OPT-4).",
        "da": "{name} sættes {moves} træk tilbage til {at} (VT-OPT-4).",
    },
    "checkpoint": {
        "en": "{name} passes checkpoint {number}.",
        "da": "{name} passerer kontrolpunkt {number}.",
    },
    "lap": {
        "en": "{name} completes lap {lap}.",
        "da": "{name} fuldfører omgang {lap}.",
    },
    "finished": {
        "en": "{name} finishes after {moves} moves, time {time}.",
        "da": "{name} kommer i mål efter {moves} træk, tid {time}.",
    },
    "race_over": {
        "en": "The race is over: {summary}.",
        "da": "Løbet er slut: {summary}.",
    },
}

REASONS: dict[str, dict[str, str]] = {
    "leaves": {"en": "the line leaves the track", "da": "linjen forlader banen"},
    "off": {"en": "the car ends off the track", "da": "bilen ender uden for banen"},
    "occupied": {"en": "another car stands there", "da": "en anden bil holder der"},
    "hit": {"en": "another car ran into it", "da": "en anden bil kørte ind i den"},
}


def reason_text(reason: str, lang: str) -> str:
    """Returns why a car crashed, in ``lang`` (the code itself when unknown)."""
    texts = REASONS.get(reason, {})
    return texts.get(lang) or texts.get("en", reason)


def describe(event: Any, lang: str = "en") -> str:
    """Returns the sentence for a Vectrace event in ``lang`` (``en`` or ``da``)."""
    templates = SENTENCES.get(getattr(event, "kind", ""))
    if templates is None:
        return str(event)
    return templates.get(lang, templates["en"]).format(**event.words(lang))
