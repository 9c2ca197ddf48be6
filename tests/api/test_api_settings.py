"""Settings: anyone reads them, only the admin token changes them."""

from __future__ import annotations

from api_client import AS_ADMIN, AS_REFEREE
from fastapi.testclient import TestClient


def test_anyone_reads_the_settings(client: TestClient) -> None:
    settings = client.get("/api/settings").json()
    assert settings["game"]["variant"] == "kendall"
    assert "admin_token" not in str(settings)


def test_only_the_admin_changes_settings(client: TestClient) -> None:
    change = {"game": {"light_name": "Nefertari"}}
    assert client.patch("/api/settings", json=change).status_code == 401
    forbidden = client.patch("/api/settings", json=change, headers=AS_REFEREE)
    assert forbidden.status_code == 403
    assert forbidden.json()["detail"] == "this needs the admin token"
    done = client.patch("/api/settings", json=change, headers=AS_ADMIN)
    assert done.status_code == 200, done.text
    assert done.json()["game"]["light_name"] == "Nefertari"
    assert client.get("/api/settings").json()["game"]["light_name"] == "Nefertari"


def test_a_bad_setting_is_refused_naming_the_key(client: TestClient) -> None:
    for change, words in (
        ({"game": {"variant": "chess"}}, "chess"),
        ({"game": {"colour": "red"}}, "game.colour"),
        ({"game": {"throw_timeout_s": -3}}, "game.throw_timeout_s"),
        ({"camera": {"source": "usb"}}, "body.camera"),
    ):
        response = client.patch("/api/settings", json=change, headers=AS_ADMIN)
        assert response.status_code == 422, change
        assert words in response.json()["detail"], response.json()
