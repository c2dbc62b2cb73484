"""``engine.frozen.replace``: the copy ``dataclasses.replace`` makes, for every class."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from racerbile.engine.frozen import replace


@dataclass(frozen=True)
class Plain:
    seat: int
    name: str = "A"
    path: tuple[int, ...] = ()
    trace: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Checked:
    seat: int
    doubled: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "doubled", 2 * self.seat)


@dataclass(frozen=True, slots=True)
class Slotted:
    seat: int
    name: str = "A"


@dataclass(frozen=True)
class Derived:
    seat: int
    count: int = field(default=0, init=False)


@dataclass(frozen=True)
class Remembering:
    seat: int

    @functools.cached_property
    def double(self) -> int:
        return 2 * self.seat


@given(
    st.integers(),
    st.text(max_size=5),
    st.lists(st.integers(), max_size=4).map(tuple),
    st.lists(st.integers(), max_size=4).map(tuple),
    st.sampled_from(["seat", "name", "path", "trace"]),
)
def test_a_plain_dataclass_gets_the_same_copy(
    seat: int, name: str, path: tuple[int, ...], trace: tuple[int, ...], changed: str
) -> None:
    before = Plain(seat, name, path, trace)
    new = {"seat": seat + 1, "name": name + "x", "path": (*path, 1), "trace": (*trace, 2)}
    changes = {changed: new[changed]}
    copy = replace(before, **changes)
    expected = dataclasses.replace(before, **changes)
    assert copy == expected and type(copy) is Plain
    assert [getattr(copy, f.name) for f in dataclasses.fields(Plain)] == [
        getattr(expected, f.name) for f in dataclasses.fields(Plain)
    ]  # ``trace`` too, which equality leaves out
    assert before == Plain(seat, name, path, trace) and before.trace == trace
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.seat = 0  # type: ignore[misc]


@pytest.mark.parametrize(
    ("obj", "changes", "check"),
    [
        (Checked(1), {"seat": 4}, lambda c: c.doubled == 8),  # __post_init__ ran
        (Slotted(1), {"name": "B"}, lambda c: (c.seat, c.name) == (1, "B")),
        (Remembering(1), {"seat": 5}, lambda c: c.double == 10),  # not the cached 2
    ],
)
def test_any_other_class_gets_what_dataclasses_makes(
    obj: Any, changes: dict[str, Any], check: Any
) -> None:
    if isinstance(obj, Remembering):
        assert obj.double == 2  # cached on the original
    assert check(replace(obj, **changes))


def test_what_dataclasses_refuses_is_refused() -> None:
    with pytest.raises(TypeError):
        replace(Plain(1), colour="red")
    with pytest.raises(ValueError, match="init=False"):
        replace(Derived(1), count=3)
    with pytest.raises(TypeError):
        replace((1, 2), seat=1)
