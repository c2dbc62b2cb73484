"""The OpenAPI page describes every error answer and the setup of every game; schemathesis
drives every route from it (without a token, and with a host token of a real game) and
finds no server error and no answer the page does not describe."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from serverkit import create
from starlette.testclient import TestClient

from racerbile.games import available_games, get_game

ERROR_REF = "#/components/schemas/ErrorPublic"
DECLARED = {
    ("post", "/api/games"): {413, 422, 429, 503},
    ("get", "/api/games/{game_id}"): {401, 404, 409, 422, 503},
    ("post", "/api/games/{game_id}/actions"): {401, 403, 404, 409, 413, 422, 503},
    ("get", "/api/games/{game_id}/record"): {404, 409, 503},
    ("get", "/api/games/{game_id}/qr.svg"): {401, 403, 404, 409, 503},
    ("get", "/api/join/{code}"): {404, 409, 429, 503},
    ("get", "/api/join/{code}/qr.svg"): {404, 409, 429, 503},
    ("post", "/api/join/{code}/claim"): {404, 409, 413, 422, 429, 503},
}
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]


@pytest.fixture
def openapi(client: TestClient) -> dict[str, Any]:
    page: dict[str, Any] = client.get("/openapi.json").json()
    return page


def test_every_route_declares_its_error_answers(openapi: dict[str, Any]) -> None:
    for (method, path), statuses in DECLARED.items():
        answers = openapi["paths"][path][method]["responses"]
        assert statuses <= {int(s) for s in answers}, (method, path)
    for path, operations in openapi["paths"].items():
        for method, operation in operations.items():
            for status, answer in operation["responses"].items():
                if int(status) >= 400:
                    body = answer["content"]["application/json"]["schema"]
                    assert body == {"$ref": ERROR_REF}, (method, path, status)
    assert "HTTPValidationError" not in json.dumps(openapi)
    limited = openapi["paths"]["/api/games"]["post"]["responses"]["429"]
    assert "Retry-After" in limited["headers"]


def test_game_create_has_the_setup_schema_of_every_game(openapi: dict[str, Any]) -> None:
    schemas = openapi["components"]["schemas"]
    create_schema = schemas["GameCreate"]
    mapping = create_schema["discriminator"]["mapping"]
    loadable = set()
    for game_id in available_games():
        try:
            get_game(game_id)
        except (ImportError, AttributeError):
            continue
        loadable.add(game_id)
    assert set(mapping) == loadable and "toy" in mapping
    assert [v["$ref"] for v in create_schema["oneOf"]] == list(mapping.values())
    toy = schemas[mapping["toy"].rsplit("/", 1)[-1]]
    assert toy["properties"]["game"]["const"] == "toy"
    assert set(toy["required"]) == {"game", "setup"}
    setup = schemas[toy["properties"]["setup"]["$ref"].rsplit("/", 1)[-1]]
    assert setup["required"] == ["players"]
    assert setup["properties"]["target"]["maximum"] == 100_000
    assert setup["properties"]["players"]["maxItems"] == 4


@pytest.fixture
def served(open_client: Callable[..., TestClient], any_db_url: str) -> tuple[Any, dict[str, Any]]:
    """An app (on SQLite, then PostgreSQL) and a game created in it, with its tokens.

    Answers do not wait for bots and a bot decides within the least budget: the checks
    are about the answers, and the generated games may seat bots that think long."""
    client = open_client(any_db_url, auto_wait_s=0.0, bot_budget_s=0.05)
    return client.app, create(client)


@pytest.fixture
def api(served: tuple[Any, dict[str, Any]], any_db_url: str) -> Any:
    loaded = schemathesis.openapi.from_asgi("/openapi.json", served[0])
    loaded.config.generation.update(max_examples=EXAMPLES, deterministic=True, no_shrink=True)
    if not any_db_url.startswith("sqlite"):
        # The coverage phase's boundary cases (over a thousand requests) test the
        # request validation, which is the same on every database: once is enough.
        loaded.config.phases.update(phases=["examples", "fuzzing"])
    return loaded


schema = schemathesis.pytest.from_fixture("api")
EXAMPLES = 6  # per route, run and database: all stay within a few minutes on two busy cores
BOUNDED = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.mark.slow
@schema.parametrize()
@BOUNDED
def test_api_without_token(case: Any) -> None:
    case.call_and_validate(checks=CHECKS)


@pytest.mark.slow
@schema.exclude(method="POST", path="/api/games").parametrize()  # takes no token
@BOUNDED
def test_api_with_host_token(case: Any, served: tuple[Any, dict[str, Any]]) -> None:
    game = served[1]
    if "game_id" in (case.path_parameters or {}):
        case.path_parameters["game_id"] = game["id"]
    if "code" in (case.path_parameters or {}):
        case.path_parameters["code"] = game["join_code"]
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {game['host_token']}"}
    case.query = {k: v for k, v in (case.query or {}).items() if k != "token"} or None
    case.call_and_validate(checks=CHECKS)
