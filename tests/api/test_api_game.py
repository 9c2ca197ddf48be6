"""Reading the game, throwing by hand, taking back: what a referee does through the API."""

from __future__ import annotations

from api_client import AS_ADMIN, AS_REFEREE, fresh_game, wait_for
from fastapi.testclient import TestClient


def test_the_game_view_has_the_documented_shape(client: TestClient) -> None:
    view = fresh_game(client)
    assert view["variant"] == "kendall"
    assert view["players"]["W"]["kind"] == "human"
    assert len(view["board"]) == 30
    assert len(view["leds"]) == 30
    assert all(led["color"].startswith("#") for led in view["leds"])
    assert view["message"]["text"]


def test_a_throw_needs_a_token(client: TestClient) -> None:
    fresh_game(client)
    response = client.post("/api/game/throw", json={"value": 1})
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == "Bearer"
    assert "token" in response.json()["detail"]
    wrong = client.post(
        "/api/game/throw", json={"value": 1}, headers={"Authorization": "Bearer guess"}
    )
    assert wrong.status_code == 401
    assert wrong.json()["detail"] == "the token is not valid"


def test_the_opening_throw_and_move_by_hand_then_takeback(client: TestClient) -> None:
    fresh_game(client)
    response = client.post("/api/game/throw", json={"value": 1}, headers=AS_REFEREE)
    assert response.status_code == 200, response.text
    view = response.json()
    assert view["phase"] == "move"
    assert view["side_to_move"] == "B"
    assert view["throw"]["value"] == 1 and view["throw"]["source"] == "manual"
    assert view["legal_moves"] == [{"from": 10, "to": 11, "kind": "forward", "attack": False}]

    client.post("/api/sim/board", json={"action": "lift", "house": 10})
    client.post("/api/sim/board", json={"action": "place", "house": 11, "piece": "B"})
    moved = wait_for(client, lambda v: v["phase"] == "throw")
    assert moved["position"] == "WBWBWBWBW.B................... B"

    back = client.post("/api/game/takeback", headers=AS_ADMIN)
    assert back.status_code == 200, back.text
    assert back.json()["position"].startswith("WBWBWBWBWB")


def test_a_throw_while_a_move_is_owed_is_a_conflict(client: TestClient) -> None:
    fresh_game(client)
    assert client.post("/api/game/throw", json={"value": 1}, headers=AS_REFEREE).status_code == 200
    again = client.post("/api/game/throw", json={"value": 2}, headers=AS_REFEREE)
    assert again.status_code == 409
    assert "move" in again.json()["detail"]


def test_nothing_to_take_back_is_a_conflict(client: TestClient) -> None:
    fresh_game(client)
    response = client.post("/api/game/takeback", headers=AS_REFEREE)
    assert response.status_code == 409
    assert response.json()["detail"]


def test_bad_throws_are_refused_with_the_field_named(client: TestClient) -> None:
    for body, words in (
        ({"value": 9}, "body.value"),
        ({"flat": -1}, "body.flat"),
        ({"value": 1, "flat": 1}, "either"),
        ({}, "either"),
        ({"value": 1, "colour": "red"}, "body.colour"),
    ):
        response = client.post("/api/game/throw", json=body, headers=AS_REFEREE)
        assert response.status_code == 422, body
        assert words in response.json()["detail"], response.json()
    not_json = client.post(
        "/api/game/throw",
        content=b"{value",
        headers={**AS_REFEREE, "Content-Type": "application/json"},
    )
    assert not_json.status_code == 422
    assert "JSON" in not_json.json()["detail"]
