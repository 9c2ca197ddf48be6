"""The service facade as the API and the buttons use it: requests, refusals, journal, degraded
modes, settings, the game record, live events, idle reset. Everything runs for real on the
virtual board behind its pty; only the GPIO pins are gpiozero's mock pins."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory
from senet_player import StartService, View, sim_config, wait_view

from controller.config import BoardConfig, CameraConfig, JournalConfig
from controller.errors import Conflict, InvalidRequest, NotFound, Unavailable
from controller.rules.record import verify
from controller.service import GameService


def playing(service: GameService) -> View:
    return wait_view(service, lambda v: v["phase"] not in ("setup",), what="the board set up")


def open_game(service: GameService) -> View:
    """The opening: the first thrower throws a 1 and makes the opening move 10-11 by hand."""
    playing(service)
    view = service.throw(value=1)
    assert view["phase"] == "move"
    assert view["legal_moves"] == [{"from": 10, "to": 11, "kind": "forward", "attack": False}]
    board = service.sim_rig.board
    board.lift(10)
    time.sleep(0.05)
    board.place(11, "B")
    return wait_view(service, lambda v: v["phase"] == "throw", what="the opening move")


def test_a_game_is_set_up_opened_and_moved_and_the_journal_has_it(
    start_service: StartService,
) -> None:
    service = start_service(camera="none")
    board = service.sim_rig.board
    board.set_houses("." * 30)
    view = wait_view(service, lambda v: v["board"] == "." * 30, what="the empty board")
    assert view["phase"] == "setup"
    assert all(led["effect"] != "off" for led in view["leds"][:10])
    board.set_houses("WBWBWBWBWB" + "." * 20)
    view = open_game(service)
    assert view["position"] == "WBWBWBWBW.B................... B"
    assert [e["type"] for e in view["events"]].count("move") == 1
    record = service.game_record(view["game_id"])
    assert [entry["type"] for entry in record] == ["header", "throw", "move"]
    lines = [json.dumps(entry) for entry in record]
    assert verify(lines).position.notation() == view["position"]


def test_throws_are_checked_and_refused_with_the_reason(start_service: StartService) -> None:
    service = start_service(camera="none")
    playing(service)
    with pytest.raises(InvalidRequest, match="5"):
        service.throw(value=5)
    with pytest.raises(InvalidRequest, match="flat"):
        service.throw(flat=7)
    service.throw(value=1)
    with pytest.raises(Conflict, match="move with the throw 1 is owed"):
        service.throw(value=2)


def test_takeback_undoes_the_move_and_the_leds_guide_the_piece_back(
    start_service: StartService,
) -> None:
    service = start_service(camera="none")
    playing(service)
    with pytest.raises(Conflict, match="no move to take back"):
        service.takeback()
    moved = open_game(service)
    view = service.takeback()
    assert view["position"] != moved["position"]
    board = service.sim_rig.board
    assert board.wait_leds(lambda leds: leds[9].effect != "off" and leds[10].effect != "off", 5)
    board.lift(11)
    board.place(10, "B")
    view = wait_view(service, lambda v: v["phase"] == "move", what="the piece put back")
    assert view["legal_moves"][0]["from"] == 10
    actions = service.game_record(view["game_id"])[1:]
    assert [entry["type"] for entry in actions] == ["throw"]


def test_new_game_checks_its_request_and_is_journaled(start_service: StartService) -> None:
    service = start_service(camera="none")
    first = playing(service)["game_id"]
    with pytest.raises(InvalidRequest, match="senet"):
        service.new_game(variant="senet")
    with pytest.raises(InvalidRequest, match="players"):
        service.new_game(players={"W": {"name": "Ana"}})
    with pytest.raises(InvalidRequest, match="kind"):
        service.new_game(players={"W": {"name": "A", "kind": "robot"}, "B": {"name": "B"}})
    players = {"W": {"name": "Ana", "kind": "human"}, "B": {"name": "Bot", "kind": "computer"}}
    view = service.new_game(variant="jequier", players=players)
    assert view["game_id"] != first and view["variant"] == "jequier"
    assert view["players"] == players
    assert [game["game_id"] for game in service.games()] == [view["game_id"], first]


def test_settings_are_checked_and_kept_across_restarts(
    tmp_path: Path, start_service: StartService
) -> None:
    service = start_service(camera="none")
    with pytest.raises(InvalidRequest, match=r"game\.throw_timeout_s"):
        service.update_settings({"game": {"throw_timeout_s": -1}})
    with pytest.raises(InvalidRequest, match=r"game\.colour"):
        service.update_settings({"game": {"colour": "red"}})
    with pytest.raises(InvalidRequest):
        service.update_settings({"api": {"port": 1}})
    settings = service.update_settings({"game": {"variant": "intuitive", "computer": ["B"]}})
    assert settings["game"]["variant"] == "intuitive"
    service.stop()
    again = start_service(camera="none")
    assert again.settings()["game"]["computer"] == ["B"]
    assert again.new_game()["variant"] == "intuitive"


def test_lookups_of_unknown_things_are_not_found(start_service: StartService) -> None:
    service = start_service(camera="none")
    playing(service)
    with pytest.raises(NotFound):
        service.game_record("no-such-game")
    with pytest.raises(NotFound):
        service.evidence("no-such-throw")
    view = service.throw(value=2)
    throw_id = view["events"][-1]["data"]["throw"]["id"]
    assert service.evidence(throw_id) is None
    assert view["throw"] is None or view["throw"]["evidence_url"] is None


def test_sim_actions_are_checked(start_service: StartService) -> None:
    service = start_service(camera="none")
    for action, house, piece in (("drop", 3, "W"), ("place", 31, "W"), ("place", 3, "X")):
        with pytest.raises(InvalidRequest):
            service.sim_board(action, house, piece)
    with pytest.raises(InvalidRequest):
        service.sim_throw(flat=2, scene="hand")
    with pytest.raises(InvalidRequest):
        service.sim_throw()
    with pytest.raises(InvalidRequest):
        service.sim_throw(flat=5)
    service.sim_board("lift", 1)
    wait_view(service, lambda v: v["board"] is not None and v["board"][0] == ".", what="lift")


def test_without_board_or_camera_the_service_runs_degraded_on_manual_throws(
    tmp_path: Path, pin_factory: MockFactory
) -> None:
    config = sim_config(tmp_path, camera="none")
    config = type(config)(
        board=BoardConfig(url=str(tmp_path / "no-board")),
        camera=CameraConfig(source="none"),
        game=config.game,
        journal=JournalConfig(path=str(tmp_path / "journal.sqlite3")),
    )
    with GameService(config, pin_factory=pin_factory) as service:
        status = service.status()
        assert status["degraded"] is True and status["manual_throws"] is True
        assert "throws are entered by hand" in status["camera"]["reason"]
        # The link goes down in its own thread; the service says why on its next step.
        deadline = time.monotonic() + 5
        while "throws by hand" not in (service.status()["board"]["reason"] or ""):
            assert time.monotonic() < deadline, service.status()["board"]
            time.sleep(0.05)
        assert service.status()["board"]["state"] == "down"
        with pytest.raises(Unavailable, match="--sim"):
            service.sim_board("lift", 1)
        assert service.game_view()["board"] is None
        assert pin_factory.pin(23).state in (0, 1)
        led_states = {state.state for state in pin_factory.pin(23).states}
        time.sleep(1.1)
        led_states |= {state.state for state in pin_factory.pin(23).states}
        assert led_states == {0, 1}  # the status LED blinks: running degraded


def test_subscribers_get_events_then_the_view(start_service: StartService) -> None:
    service = start_service(camera="none")
    playing(service)
    subscription = service.subscribe()
    service.throw(value=3)
    seen = []
    while (event := subscription.get(timeout=2)) is not None:
        seen.append(event["type"])
        if event["type"] == "game":
            break
    assert seen[0] == "throw" and seen[-1] == "game"
    subscription.close()
    service.throw(value=1)
    assert subscription.get(timeout=0.3) is None


def test_an_idle_game_is_closed_and_a_new_one_set_up(start_service: StartService) -> None:
    service = start_service(camera="none", idle_reset_s=1.0)
    old = playing(service)["game_id"]
    service.throw(value=2)
    view = wait_view(service, lambda v: v["game_id"] != old, timeout=5, what="the idle reset")
    games = {game["game_id"]: game for game in service.games()}
    assert games[old]["phase"] == "abandoned"
    assert [e["type"] for e in service.game_record(old)][1:] == ["throw"]
    assert view["phase"] in ("setup", "opening")


def press(pin_factory: MockFactory, pin: int) -> None:
    pin_factory.pin(pin).drive_low()
    time.sleep(0.05)
    pin_factory.pin(pin).drive_high()


def test_the_confirm_button_accepts_at_once(
    start_service: StartService, pin_factory: MockFactory
) -> None:
    service = start_service(camera="none", quiet_period_s=30.0)
    view = wait_view(service, lambda v: v["board"] is not None, what="the board")
    assert view["phase"] == "setup"
    press(pin_factory, 17)
    wait_view(service, lambda v: v["phase"] == "opening", timeout=3, what="confirmed set-up")
    service.throw(value=1)
    board = service.sim_rig.board
    board.lift(10)
    board.place(11, "B")
    wait_view(service, lambda v: v["board"][10] == "B", timeout=3, what="the piece on 11")
    press(pin_factory, 17)
    view = wait_view(service, lambda v: v["phase"] == "throw", timeout=3, what="confirmed move")
    assert view["position"] == "WBWBWBWBW.B................... B"


def test_buttons_take_back_and_start_a_new_game(
    start_service: StartService, pin_factory: MockFactory
) -> None:
    service = start_service(camera="none")
    moved = open_game(service)
    buzzer = pin_factory.pin(18)
    assert any(state.state for state in buzzer.states), "an accepted move beeps"
    press(pin_factory, 22)
    wait_view(service, lambda v: v["position"] != moved["position"], what="the takeback button")
    press(pin_factory, 27)  # a short press does not end the game
    time.sleep(0.3)
    assert service.game_view()["game_id"] == moved["game_id"]
    pin_factory.pin(27).drive_low()
    view = wait_view(service, lambda v: v["game_id"] != moved["game_id"], what="long press")
    pin_factory.pin(27).drive_high()
    assert view["phase"] in ("setup", "opening")
    assert len(service.games()) == 2


def test_after_a_restart_the_owed_throw_shows_and_takeback_works(
    start_service: StartService,
) -> None:
    service = start_service(camera="none")
    open_game(service)
    owed = service.throw(value=2)["throw"]
    service.stop()
    again = start_service(camera="none")
    view = wait_view(again, lambda v: v["phase"] == "move", what="the resumed game")
    assert view["throw"] == owed
    view = again.takeback()
    assert view["position"] == "WBWBWBWBWB.................... B"


def test_a_side_that_does_not_throw_in_time_is_skipped_and_the_record_says_so(
    start_service: StartService,
) -> None:
    service = start_service(camera="none", throw_timeout_s=0.6)
    open_game(service)  # B opened and owes an extra throw (a 1)
    view = wait_view(service, lambda v: v["side_to_move"] == "W", timeout=5, what="the skip")
    assert view["message"]["key"] == "skipped"
    record = service.game_record(view["game_id"])
    assert record[-1]["type"] == "skip" and record[-1]["side"] == "B"
    assert verify(json.dumps(entry) for entry in record).position.side == "W"


def test_a_journal_that_cannot_be_written_refuses_the_change_and_loses_nothing(
    start_service: StartService,
) -> None:
    service = start_service(camera="none")
    before = playing(service)
    journal = service._journal  # a real SQLite file that turns read-only, as an SD card
    assert journal is not None  # remounted read-only after an error does
    journal._db.execute("PRAGMA query_only = ON")
    with pytest.raises(Unavailable, match="could not be saved"):
        service.throw(value=1)
    assert "cannot be written" in service.status()["journal"]["reason"]
    view = service.game_view()
    assert (view["phase"], view["position"]) == (before["phase"], before["position"])
    journal._db.execute("PRAGMA query_only = OFF")
    assert service.throw(value=1)["phase"] == "move"
    assert service.status()["journal"]["reason"] is None


def test_an_unplugged_board_degrades_to_manual_play_and_comes_back(
    start_service: StartService, pin_factory: MockFactory
) -> None:
    service = start_service(camera="none")
    playing(service)
    subscription = service.subscribe()
    service.sim_rig.board.unplug()
    wait_view(service, lambda v: "board link down" in (service.status()["board"]["reason"] or ""),
              what="the service to say the link is down")
    status = service.status()
    assert status["board"]["state"] != "up" and status["degraded"] is True
    assert service.throw(value=1)["phase"] == "move", "the game goes on by hand"
    service.sim_rig.board.replug()
    wait_view(service, lambda v: service.status()["board"]["reason"] is None,
              what="the service to say the link is back")
    assert service.status()["board"]["state"] == "up"
    seen = []
    while (event := subscription.get(timeout=0.5)) is not None:
        if event["type"] == "status":
            seen.append(event["data"]["board"]["reason"])
    assert seen[0] and "board link down" in seen[0] and seen[-1] is None
