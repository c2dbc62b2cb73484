"""What the OpenAPI page adds to FastAPI's: the setup of every game, and the real 422 body.

The route takes ``setup`` as any object and validates it with the game's ``Setup``
model once it knows the game; the page tells clients (and schemathesis) the same in
advance: ``GameCreate`` is a ``oneOf`` discriminated by ``game``, each variant with
that game's ``Setup`` schema. The games come from the registry only. FastAPI documents
its own validation error body for 422; this server answers every error as ``ErrorPublic``.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from pydantic.json_schema import models_json_schema

from ..engine import Game
from ..games import available_games
from .errors import REFUSALS

log = logging.getLogger(__name__)

PREFIX = "Setup_"  # component names of the setup models, apart from the API's own
_NAME_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")


FASTAPI_ERRORS = ("HTTPValidationError", "ValidationError")


def describe_api(app: FastAPI, games: Callable[[str], Game]) -> None:
    """Makes ``app``'s OpenAPI page describe the setup of every game that loads and the
    error body of every 422."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = build()  # FastAPI keeps it in app.openapi_schema
            add_setups(schema["components"]["schemas"], _loaded(games))
            use_error_body(schema)
        return app.openapi_schema  # type: ignore[return-value]

    app.openapi = openapi  # type: ignore[method-assign]


def use_error_body(schema: dict[str, Any]) -> None:
    """Replaces FastAPI's 422 body (``HTTPValidationError``) with ``ErrorPublic``."""
    body = {"schema": {"$ref": "#/components/schemas/ErrorPublic"}}
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            answers = operation.get("responses", {})
            if FASTAPI_ERRORS[0] in json.dumps(answers.get("422", {})):
                answers["422"] = {
                    "description": REFUSALS[422],
                    "content": {"application/json": body},
                }
    components = schema.get("components", {}).get("schemas", {})
    if FASTAPI_ERRORS[0] not in json.dumps(schema.get("paths", {})):
        for name in FASTAPI_ERRORS:
            components.pop(name, None)


def _loaded(games: Callable[[str], Game]) -> dict[str, Game]:
    loaded = {}
    for game_id in available_games():
        try:
            loaded[game_id] = games(game_id)
        except Exception as exc:  # one broken game must not take the page down
            log.warning("game %s is left out of the OpenAPI page: %s", game_id, exc)
    return loaded


def add_setups(components: dict[str, Any], games: dict[str, Game]) -> None:
    """Replaces ``components["GameCreate"]`` with a ``oneOf`` of one variant per game."""
    base = components.get("GameCreate")
    if base is None or not games:
        return
    refs, defs = models_json_schema(
        [(game.Setup, "validation") for game in games.values()],
        ref_template=f"#/components/schemas/{PREFIX}{{model}}",
    )
    setups: dict[str, Any] = dict(defs.get("$defs", {}))
    components.update({f"{PREFIX}{name}": schema for name, schema in setups.items()})
    mapping = {}
    for game_id, game in games.items():
        setup_ref = refs[(game.Setup, "validation")]
        name = f"GameCreate_{_NAME_UNSAFE.sub('_', game_id)}"
        components[name] = _variant(base, game_id, setup_ref, _needs_fields(setup_ref, setups))
        mapping[game_id] = f"#/components/schemas/{name}"
    components["GameCreate"] = {
        "title": "GameCreate",
        "description": base.get("description", ""),
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "game", "mapping": mapping},
    }


def _variant(
    base: dict[str, Any], game_id: str, setup_ref: dict[str, Any], setup_required: bool
) -> dict[str, Any]:
    properties = {
        **base.get("properties", {}),
        "game": {"type": "string", "const": game_id, "title": "Game"},
        "setup": setup_ref,
    }
    required = {*base.get("required", []), "game"}
    if setup_required:
        required.add("setup")  # an absent setup is {}, which lacks the required fields
    return {
        **base,
        "title": f"GameCreate ({game_id})",
        "properties": properties,
        "required": sorted(required),
    }


def _needs_fields(setup_ref: dict[str, Any], setups: dict[str, Any]) -> bool:
    """Returns True when the setup schema has required fields (so it cannot be left out)."""
    ref = setup_ref.get("$ref", "")
    schema = setups.get(ref.rsplit("/", 1)[-1].removeprefix(PREFIX), setup_ref)
    return bool(schema.get("required"))
