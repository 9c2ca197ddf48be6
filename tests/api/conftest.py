"""One running `--sim` service per test module keeps the suite fast; tests that need a fresh
game start one through the API (`api_client.fresh_game`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from api_client import running_client
from fastapi.testclient import TestClient

from controller.service import GameService


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, GameService]]:
    """A `--sim` service and a client of its app."""
    yield from running_client(tmp_path_factory.mktemp("sim"))


@pytest.fixture(scope="module")
def client(sim: tuple[TestClient, GameService]) -> TestClient:
    return sim[0]
