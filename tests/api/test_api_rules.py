"""The rule presets and the stateless referee check (no token, no running game needed)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from controller.rules import PRESETS

KENDALL_AFTER_OPENING = "WBWBWBWBW.B................... B"


def test_every_preset_is_listed_with_its_rules(client: TestClient) -> None:
    variants = client.get("/api/variants").json()
    assert [variant["name"] for variant in variants] == list(PRESETS)
    kendall = variants[0]
    assert kendall["seed"] == "002"
    assert sorted(kendall["parameters"]["extra"]) == [1, 4, 6]
    assert kendall["parameters"]["no_move"] == "lose"
    assert any("seed 002" in sentence for sentence in kendall["rules"])


def test_a_preset_with_an_option_applied(client: TestClient) -> None:
    plain = client.get("/api/variants/kr-engineering").json()
    harsh = client.get(
        "/api/variants/kr-engineering", params={"option": ["harsh_captures=on"]}
    ).json()
    assert plain["parameters"]["capture"] == "swap"
    assert harsh["parameters"]["capture"] == "start"
    assert harsh["chosen_options"]["harsh_captures"] == "on"


def test_unknown_presets_and_options_are_refused(client: TestClient) -> None:
    unknown = client.get("/api/variants/chess")
    assert unknown.status_code == 404
    assert "kendall" in unknown.json()["detail"]
    for option in ("wings=on", "harsh_captures", "harsh_captures=maybe"):
        response = client.get("/api/variants/kr-engineering", params={"option": option})
        assert response.status_code == 422, option
        assert response.json()["detail"]


def test_the_referee_check_gives_a_verdict_and_a_reason(client: TestClient) -> None:
    check = {"variant": "kendall", "position": KENDALL_AFTER_OPENING, "throw": 1}
    legal = client.post("/api/referee/check", json={**check, "move": "11-12"}).json()
    assert legal["legal"] is True and legal["rule"] == "legal"
    illegal = client.post("/api/referee/check", json={**check, "move": "1-2"}).json()
    assert illegal["legal"] is False
    assert illegal["rule"] == "no-piece"
    assert "house 1" in illegal["reason"]
    assert illegal["houses"] == [1]


def test_the_referee_check_refuses_nonsense(client: TestClient) -> None:
    check = {"variant": "kendall", "position": KENDALL_AFTER_OPENING, "throw": 2, "move": "9-11"}
    for change, words in (
        ({"position": "WB B"}, "SQUARES"),
        ({"move": "9 to 11"}, "FROM-TO"),
        ({"variant": "chess"}, "chess"),
        ({"throw": 5}, "5"),
        ({"throw": 0}, "body.throw"),
    ):
        response = client.post("/api/referee/check", json={**check, **change})
        assert response.status_code == 422, change
        assert words in response.json()["detail"], response.json()
