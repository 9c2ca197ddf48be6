"""Throws read by the camera: the synthetic camera's sticks through the real `ThrowWatcher` and
stick reader, counted for the side to throw, journaled with their photo, and shown with it."""

from __future__ import annotations

import dataclasses
import sqlite3
import time
from pathlib import Path

from gpiozero.pins.mock import MockFactory
from senet_player import StartService, View, sim_config, wait_view

from controller.rules import get_variant
from controller.service import EVIDENCE_URL, GameService
from vision import scenes
from vision.calibration import Calibration, calibrate, exposure_warning

JPEG_START = b"\xff\xd8"


def opening_under_the_camera(start_service: StartService) -> GameService:
    """A kendall game at its opening, the watcher having seen the empty tray settle (its
    reference for the next throw)."""
    service: GameService = start_service(camera="synthetic", variant="kendall")
    wait_view(service, lambda v: v["phase"] == "opening", what="the opening")
    wait_view(service, lambda v: service.status()["camera"]["state"] == "waiting",
              what="the camera watching an empty tray")
    return service


def throw_sticks(service: GameService, **kwargs: object) -> View:
    last = service.game_view()["events"][-1:]
    service.sim_throw(**kwargs)  # type: ignore[arg-type]
    return wait_view(service, lambda v: v["events"][-1:] != last, what="the camera's reading")


def test_sticks_read_by_the_camera_count_with_their_photo_and_bad_ones_ask_again(
    tmp_path: Path, start_service: StartService
) -> None:
    service = opening_under_the_camera(start_service)
    status = service.status()
    assert status["manual_throws"] is False and status["degraded"] is False
    assert status["camera"]["warning"] is None

    view = throw_sticks(service, scene="touching")
    assert view["events"][-1]["type"] == "rethrow"
    assert view["message"]["key"] == "rethrow"
    assert view["phase"] == "opening" and service.game_record(view["game_id"])[1:] == []

    one = next(flat for flat in range(5) if get_variant("kendall").throw_value(flat) == 1)
    view = throw_sticks(service, flat=one)
    event = view["events"][-1]
    assert event["type"] == "throw"
    assert event["data"]["throw"]["source"] == "camera" and event["data"]["throw"]["value"] == 1
    throw = view["throw"]
    assert throw["source"] == "camera" and throw["flat"] == one
    assert throw["evidence_url"] == EVIDENCE_URL.format(throw_id=throw["id"])
    photo = service.evidence(throw["id"])
    assert photo is not None and photo.startswith(JPEG_START)
    record = service.game_record(view["game_id"])
    assert record[-1] == record[-1] | {"type": "throw", "value": 1, "flat": one}

    with sqlite3.connect(tmp_path / "journal.sqlite3") as db:
        rows = db.execute(
            "SELECT source, counted, length(evidence) FROM throws ORDER BY at"
        ).fetchall()
    assert [(source, counted) for source, counted, _ in rows] == [("camera", 0), ("camera", 1)]
    assert all(size > 1000 for _, _, size in rows), "both photos are kept for the referee"


def test_a_stick_calibration_whose_faces_the_camera_clipped_white_is_warned_of(
    tmp_path: Path, start_service: StartService
) -> None:
    """The camera still reads throws (no reason, no manual throws), but the status says what
    calibration found, as `sticks calibrate` and `doctor` do: an unattended exhibit's keeper
    reads it there."""
    setup = scenes.make_setup("dark", "linen", "overhead", 1)
    calibration = calibrate(*scenes.calibration_pictures(setup, 1).values())
    path = tmp_path / "cal.json"
    dataclasses.replace(calibration, washed_out=(4, 4)).save(path)
    config = sim_config(tmp_path)
    camera = dataclasses.replace(config.camera, calibration=str(path))
    service = start_service(config=dataclasses.replace(config, camera=camera))
    status = service.status()
    assert status["camera"]["reason"] is None and status["manual_throws"] is False
    assert status["camera"]["warning"] == exposure_warning(Calibration.load(path))
    assert status["camera"]["warning"].startswith(
        "the camera clips 4 of the 4 flat faces and 4 of the 4 round faces white"
    )


def test_a_camera_that_fails_degrades_to_manual_throws_and_comes_back(
    start_service: StartService, pin_factory: MockFactory
) -> None:
    service = opening_under_the_camera(start_service)
    led = pin_factory.pin(23)
    # the LED follows within one tick of the service's loop
    wait_view(service, lambda v: led.state == 1, what="the status LED steady: all is up")
    service.sim_rig.camera.failed = True  # unplugged
    wait_view(service, lambda v: service.status()["manual_throws"], what="manual throws")
    assert "camera error" in service.status()["camera"]["reason"]
    assert service.throw(value=1)["phase"] == "move", "a throw typed in counts"
    led.clear_states()
    time.sleep(1.2)
    assert {state.state for state in led.states} == {0, 1}, "the status LED blinks"
    service.sim_rig.camera.failed = False
    wait_view(service, lambda v: not service.status()["manual_throws"], timeout=20,
              what="the camera back")
    assert service.status()["degraded"] is False
