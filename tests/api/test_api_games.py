"""Games in the journal: list, record, export, and starting one (token or kiosk permission)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from api_client import AS_REFEREE, fresh_game, running_client
from fastapi.testclient import TestClient

from controller.service import GameService


def test_a_new_game_is_listed_and_its_record_exported(client: TestClient) -> None:
    view = fresh_game(client, "jequier")
    client.post("/api/game/throw", json={"value": 1}, headers=AS_REFEREE)
    games = client.get("/api/games").json()
    assert games[0]["game_id"] == view["game_id"]
    assert games[0]["variant"] == "jequier"

    record = client.get(f"/api/games/{view['game_id']}").json()
    assert record[0]["variant"] == "jequier"
    assert any(entry.get("type") == "throw" for entry in record[1:]), record

    export = client.get(f"/api/games/{view['game_id']}/record.jsonl")
    assert export.status_code == 200
    assert export.headers["content-type"] == "application/x-ndjson"
    assert "attachment" in export.headers["content-disposition"]
    assert [json.loads(line) for line in export.text.splitlines()] == record


def test_an_unknown_game_is_404(client: TestClient) -> None:
    for path in ("/api/games/nope", "/api/games/nope/record.jsonl"):
        response = client.get(path)
        assert response.status_code == 404
        assert "nope" in response.json()["detail"]


def test_new_game_input_is_checked(client: TestClient) -> None:
    for body, words in (
        ({"variant": "chess"}, "chess"),
        ({"variant": "kendall", "options": {"wings": "on"}}, "wings"),
        ({"players": {"W": {"name": "Ann", "kind": "robot"}}}, "kind"),
        ({"players": {"W": {"name": ""}}}, "name"),
    ):
        response = client.post("/api/games", json=body, headers=AS_REFEREE)
        assert response.status_code == 422, body
        assert words in response.json()["detail"], response.json()


@pytest.fixture(scope="module")
def locked_kiosk(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[TestClient, GameService]]:
    """A service that is not in sim, with no board plugged in and the kiosk not allowed to
    start games (the configuration's default)."""
    tmp = tmp_path_factory.mktemp("hardware")
    yield from running_client(tmp, sim=False)


def test_the_kiosk_needs_permission_to_start_games(
    locked_kiosk: tuple[TestClient, GameService],
) -> None:
    client, _ = locked_kiosk
    assert client.get("/api/status").json()["kiosk"] == {"can_start_games": False, "sim": False}
    assert client.post("/api/games", json={}).status_code == 401
    assert client.post("/api/games", json={}, headers=AS_REFEREE).status_code == 201


def test_sim_actions_are_unavailable_outside_sim(
    locked_kiosk: tuple[TestClient, GameService],
) -> None:
    client, _ = locked_kiosk
    assert client.get("/api/sim").json() == {"enabled": False, "scenes": []}
    lift = client.post("/api/sim/board", json={"action": "lift", "house": 3})
    assert lift.status_code == 503
    assert "--sim" in lift.json()["detail"]
    assert client.post("/api/sim/throw", json={"flat": 2}).status_code == 503


def test_without_a_board_the_status_says_why(locked_kiosk: tuple[TestClient, GameService]) -> None:
    client, _ = locked_kiosk
    status = client.get("/api/status").json()
    assert status["degraded"] is True
    assert status["board"]["state"] != "up"
    assert "/dev/senet-board" in status["board"]["reason"]


def test_in_sim_the_kiosk_may_start_games(client: TestClient) -> None:
    assert client.get("/api/status").json()["kiosk"] == {"can_start_games": True, "sim": True}
    response = client.post("/api/games", json={"variant": "intuitive"})
    assert response.status_code == 201
    assert response.json()["variant"] == "intuitive"


def test_configuration_lets_the_kiosk_start_games(tmp_path: Path) -> None:
    for client, _ in running_client(tmp_path, sim=False, kiosk_can_start_games=True):
        assert client.post("/api/games", json={}).status_code == 201


def test_a_throw_entered_by_hand_has_no_photo(client: TestClient) -> None:
    fresh_game(client)
    view = client.post("/api/game/throw", json={"value": 1}, headers=AS_REFEREE).json()
    throw_id = view["throw"]["id"]
    assert view["throw"]["evidence_url"] is None
    response = client.get(f"/api/throws/{throw_id}/evidence")
    assert response.status_code == 404
    assert "no photo" in response.json()["detail"]
    assert client.get("/api/throws/nothing-like-it/evidence").status_code == 404


def test_cors_origins_come_from_the_configuration(tmp_path: Path) -> None:
    origin = "http://museum-screen.local"
    for client, _ in running_client(tmp_path, sim=False, cors_origins=[origin]):
        allowed = client.get("/api/status", headers={"Origin": origin})
        assert allowed.headers["access-control-allow-origin"] == origin
        other = client.get("/api/status", headers={"Origin": "http://elsewhere.example"})
        assert "access-control-allow-origin" not in other.headers
