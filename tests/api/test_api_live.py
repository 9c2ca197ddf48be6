"""The status, the sim panel's actions and the live WebSocket, as the kiosk page uses them."""

from __future__ import annotations

import re

from api_client import START, arrange, fresh_game, wait_for
from fastapi.testclient import TestClient

from controller import __version__
from controller.session.led_plan import LEGEND
from controller.session.messages import MESSAGES


def test_status_reports_the_parts_and_the_game(client: TestClient) -> None:
    fresh_game(client)
    status = client.get("/api/status").json()
    assert status["version"] == __version__
    assert status["sim"] is True
    assert status["board"]["state"] == "up"
    assert status["board"]["counters"]["frames_good"] > 0
    assert status["game"]["phase"] == "opening"
    assert status["uptime_s"] > 0


def test_the_legend_lists_every_led_signal(client: TestClient) -> None:
    legend = client.get("/api/legend").json()
    assert [entry["key"] for entry in legend] == [signal.key for signal in LEGEND]
    assert all(entry["color"].startswith("#") and entry["text"] for entry in legend)


def test_the_message_catalogue_words_every_message_of_the_game(client: TestClient) -> None:
    catalogue = client.get("/api/messages").json()
    assert catalogue == MESSAGES
    message = fresh_game(client)["message"]
    assert set(re.findall(r"\{(\w+)\}", catalogue[message["key"]])) == set(message["params"])


def test_sim_hands_move_pieces_on_the_virtual_board(client: TestClient) -> None:
    fresh_game(client)
    client.post("/api/sim/board", json={"action": "lift", "house": 3})
    lifted = wait_for(client, lambda view: view["board"][2] == ".")
    assert lifted["board"] == "WB.BWBWBWB" + "." * 20
    arrange(client, START)


def test_bad_sim_actions_are_refused(client: TestClient) -> None:
    for body, words in (
        ({"action": "lift", "house": 31}, "body.house"),
        ({"action": "fly", "house": 3}, "body.action"),
        ({"action": "place", "house": 12}, "piece"),
        ({"action": "place", "house": 12, "piece": "X"}, "body.piece"),
    ):
        response = client.post("/api/sim/board", json=body)
        assert response.status_code == 422, body
        assert words in response.json()["detail"], response.json()
    scene = client.post("/api/sim/throw", json={"scene": "earthquake"})
    assert scene.status_code == 422
    assert "hand" in scene.json()["detail"]


def test_the_websocket_sends_the_game_then_every_change(client: TestClient) -> None:
    fresh_game(client)
    with client.websocket_connect("/api/ws") as live:
        first = live.receive_json()
        assert first["type"] == "game"
        assert first["data"]["phase"] == "opening"
        client.post("/api/sim/board", json={"action": "lift", "house": 1})
        for _ in range(50):
            event = live.receive_json()
            if event["type"] == "game" and event["data"]["board"][0] == ".":
                break
        else:
            raise AssertionError("no game event showed the lifted piece")
    arrange(client, START)
