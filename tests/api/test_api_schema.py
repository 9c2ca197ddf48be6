"""The OpenAPI schema is complete, and no request generated from it gets a server error.

Schemathesis sends requests built from the schema, valid and invalid, with the admin token
so that every route is reached, to a real service in `--sim`; every answer must be documented
and match its schema, and none may be a 5xx (sim actions answer 503 only outside sim).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from api_client import AS_ADMIN, running_client
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok
from schemathesis.specs.openapi.checks import (
    response_schema_conformance,
    status_code_conformance,
)

from controller.service import GameService

ROUTES = {
    ("GET", "/api/status"),
    ("GET", "/api/game"),
    ("POST", "/api/game/throw"),
    ("POST", "/api/game/takeback"),
    ("POST", "/api/game/confirm"),
    ("GET", "/api/variants"),
    ("GET", "/api/variants/{name}"),
    ("GET", "/api/games"),
    ("POST", "/api/games"),
    ("GET", "/api/games/{game_id}"),
    ("GET", "/api/games/{game_id}/record.jsonl"),
    ("GET", "/api/throws/{throw_id}/evidence"),
    ("POST", "/api/referee/check"),
    ("GET", "/api/sim"),
    ("POST", "/api/sim/board"),
    ("POST", "/api/sim/throw"),
    ("GET", "/api/settings"),
    ("PATCH", "/api/settings"),
    ("GET", "/api/legend"),
    ("GET", "/api/messages"),
}
EXAMPLES = 25
"""Examples per route and generation mode: enough to find a crash, within the test budget."""
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, GameService]]:
    """A service of its own: the fuzzer starts games and changes settings at random."""
    yield from running_client(tmp_path_factory.mktemp("fuzz"))


def test_every_route_is_documented_with_its_errors(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    routes = {
        (method.upper(), path)
        for path, operations in document["paths"].items()
        for method in operations
    }
    assert routes == ROUTES
    throw = document["paths"]["/api/game/throw"]["post"]
    assert {"200", "401", "403", "409", "422"} <= set(throw["responses"])
    assert "security" in throw
    error = document["components"]["schemas"]["HTTPValidationError"]
    assert error["properties"]["detail"]["type"] == "string"


@pytest.mark.parametrize("mode", list(GenerationMode), ids=lambda mode: mode.value)
def test_no_request_gets_a_server_error(
    fuzzed: tuple[TestClient, GameService], mode: GenerationMode
) -> None:
    schema = schemathesis.openapi.from_asgi("/openapi.json", fuzzed[0].app)
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), f"the schema has an invalid operation: {result}"
        operation = result.ok()

        @given(case=operation.as_strategy(mode))
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            database=None,
        )
        def call(case: schemathesis.Case[Any]) -> None:
            case.call_and_validate(headers=AS_ADMIN, checks=CHECKS)

        try:
            call()
        except Unsatisfiable:
            if mode is GenerationMode.POSITIVE:
                raise
            # every part of this request accepts any value: there is no wrong one to send
