"""The Racerbile folder's shape: one vocabulary of actions and events, words that need
no rules, and no import circle among the modules (pyproject's import-linter layers
contract keeps the order; this checks the outcome from the source)."""

from __future__ import annotations

import grimp

from racerbile.games.racerbile import actions, events
from racerbile.games.racerbile.describe import _HANDLERS

PACKAGE = "racerbile.games.racerbile"


def _imports() -> dict[str, set[str]]:
    """Returns each module of the game's folder and the folder's modules it imports."""
    graph = grimp.build_graph("racerbile", exclude_type_checking_imports=True, cache_dir=None)
    inside = set(graph.find_descendants(PACKAGE))
    return {
        m.removeprefix(PACKAGE + "."): {
            i.removeprefix(PACKAGE + ".")
            for i in graph.find_modules_directly_imported_by(m)
            if i in inside
        }
        for m in inside
    }


def test_no_module_of_the_folder_imports_itself_back() -> None:
    imports = _imports()
    circles = []
    for start in imports:
        seen, todo = set(), list(imports[start])
        while todo:
            module = todo.pop()
            if module == start:
                circles.append(start)
                break
            if module not in seen:
                seen.add(module)
                todo.extend(imports.get(module, ()))
    # track.py draws itself (render.py) for notebooks: the one circle left, not a rule's
    assert sorted(circles) == ["render", "track"]


def test_words_of_actions_events_and_states_import_no_rules() -> None:
    imports = _imports()
    assert imports["describe"] == {"faults"}
    assert imports["notation"] == {"actions"}
    assert imports["actions"] == set()
    assert imports["events"] == {"describe"}


def test_every_action_and_event_lives_in_the_vocabulary_and_has_a_sentence() -> None:
    assert all(cls.__module__ == actions.__name__ for cls in actions.ACTION_TYPES)
    assert set(actions.OUTSIDE_TURN) <= set(actions.ACTION_TYPES)
    kinds = [cls.kind for cls in events.EVENT_TYPES]
    assert len(set(kinds)) == len(kinds)
    assert set(kinds) == set(_HANDLERS)
    assert all(
        cls.__module__ == events.__name__ for cls in events.EVENT_TYPES if cls.kind != "drank"
    )
