"""Talking to the real app over a real `GameService` in `--sim` (virtual board behind a pty,
journal in a temporary directory): configuration, clients, and moving pieces through the API."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from controller.api import create_app
from controller.config import Config, from_mapping
from controller.service import GameService

ADMIN = "admin-token-for-tests"
REFEREE = "referee-token-for-tests"
AS_ADMIN = {"Authorization": f"Bearer {ADMIN}"}
AS_REFEREE = {"Authorization": f"Bearer {REFEREE}"}


def api_config(journal: Path, **api: Any) -> Config:
    """Defaults plus a journal in `journal`, both tokens, and any `[api]` keys given."""
    return from_mapping(
        {
            "journal": {"path": str(journal)},
            "api": {"admin_token": ADMIN, "referee_token": REFEREE, **api},
            "gpio": {"enabled": False},
            "camera": {"source": "none"},
        },
        environ={},
    )


def running_client(
    tmp: Path, *, sim: bool = True, **api: Any
) -> Iterator[tuple[TestClient, GameService]]:
    config = api_config(tmp / "journal.sqlite3", **api)
    service = GameService(config, sim=sim, pin_factory=MockFactory(), seed=7)
    service.start()
    try:
        with TestClient(create_app(service, config)) as client:
            yield client, service
    finally:
        service.stop()
        Device.pin_factory = None


def wait_for(
    client: TestClient, ready: Callable[[dict[str, Any]], bool], timeout: float = 8.0
) -> dict[str, Any]:
    """Poll `GET /api/game` until `ready(view)`; fail with the last view after `timeout`."""
    deadline = time.monotonic() + timeout
    view: dict[str, Any] = {}
    while time.monotonic() < deadline:
        view = client.get("/api/game").json()
        if ready(view):
            return view
        time.sleep(0.05)
    raise AssertionError(f"the game never got there; last view: {view}")


def arrange(client: TestClient, squares: str) -> dict[str, Any]:
    """Move pieces by hand on the virtual board (through the API) until it shows `squares`."""
    board = wait_for(client, lambda view: view["board"] is not None)["board"]
    for house, (now, wanted) in enumerate(zip(board, squares, strict=True), start=1):
        if now != wanted and now != ".":
            client.post("/api/sim/board", json={"action": "lift", "house": house})
        if now != wanted and wanted != ".":
            client.post("/api/sim/board", json={"action": "place", "house": house, "piece": wanted})
    return wait_for(client, lambda view: view["board"] == squares)


START = "WBWBWBWBWB" + "." * 20


def fresh_game(client: TestClient, variant: str = "kendall") -> dict[str, Any]:
    """A new game whose board is set up and which waits for the opening throw."""
    response = client.post("/api/games", json={"variant": variant}, headers=AS_REFEREE)
    assert response.status_code == 201, response.text
    game_id = response.json()["game_id"]
    arrange(client, START)
    return wait_for(client, lambda v: v["game_id"] == game_id and v["phase"] == "opening")
