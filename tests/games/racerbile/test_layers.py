"""The Racerbile folder's shape: one vocabulary of actions and events, words that need
no rules, and no import circle among the modules (pyproject's import-linter layers
contract keeps the order; this checks the outcome from the source)."""

from __future__ import annotations

import ast
from pathlib import Path

from racerbile.games.racerbile import actions, events
from racerbile.games.racerbile.describe import _HANDLERS

FOLDER = Path(actions.__file__).parent
PACKAGE = "racerbile.games.racerbile"


def _imports() -> dict[str, set[str]]:
    """Returns each module of the game's folder and the folder's modules it imports
    anywhere in it (in functions too), leaving out imports for type checking only."""
    modules = {path.stem for path in FOLDER.glob("*.py")} - {"__init__"}
    found: dict[str, set[str]] = {}
    for name in modules:
        tree = ast.parse((FOLDER / f"{name}.py").read_text(encoding="utf-8"))
        typing_only = {
            id(node)
            for branch in ast.walk(tree)
            if isinstance(branch, ast.If) and ast.unparse(branch.test) == "TYPE_CHECKING"
            for node in ast.walk(branch)
        }
        found[name] = set()
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or id(node) in typing_only:
                continue
            if node.level == 1:
                targets = [node.module] if node.module else [a.name for a in node.names]
            elif node.level == 0 and (node.module or "").startswith(PACKAGE + "."):
                targets = [(node.module or "").removeprefix(PACKAGE + ".")]
            else:
                continue
            found[name] |= {t.split(".")[0] for t in targets if t and t.split(".")[0] in modules}
    return found


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
