"""`senet-board board watch|calibrate` and `senet-board doctor` against virtual boards."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

import pytest

from controller.cli import main
from firmware_bridge.virtual import VirtualBoard
from vision import scenes
from vision.calibration import calibrate


def test_doctor_passes_on_a_healthy_virtual_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--sim"]) == 0
    out = capsys.readouterr().out
    assert "[ ok ] board link: up" in out
    assert "[ ok ] firmware: version 0.1.0" in out
    assert "[ ok ] protocol: board 1, host 1" in out
    assert out.count("[ ok ] sensor") == 30
    assert "[ ok ] LEDs: self-test shown on the virtual LEDs" in out
    assert "[ ok ] camera: synthetic: 640x480 frames" in out
    assert out.rstrip().endswith("36 passed, 0 failed")


def config_file(tmp_path: Path, camera: str) -> Path:
    """A configuration whose [camera] table is `camera` (TOML lines)."""
    path = tmp_path / "senet-board.toml"
    path.write_text(f"[camera]\n{camera}\n")
    return path


def test_doctor_names_a_broken_sensor_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = config_file(tmp_path, 'source = "none"')
    with VirtualBoard() as board:
        board.stick(7, 0)
        board.place(3, "B")
        time.sleep(0.3)  # the firmware believes a new piece after 60 ms
        assert main(["doctor", "--port", board.url, "--config", str(config)]) == 1
    out = capsys.readouterr().out
    assert "[FAIL] sensor  7: reads 0, at a rail: broken wire or dead sensor" in out
    assert "[ ok ] sensor  3: dark piece" in out
    assert "[ ok ] camera: none configured: throws are entered by hand" in out
    assert "1 failed" in out


def test_doctor_names_a_camera_without_frames_and_a_bad_stick_calibration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A camera that is not there and a calibration file that is not JSON: both are said."""
    (tmp_path / "cal.json").write_text("{not json")
    camera = tmp_path / "no-camera.mp4"
    config = config_file(tmp_path, f'source = "{camera}"\ncalibration = "{tmp_path / "cal.json"}"')
    with VirtualBoard() as board:
        assert main(["doctor", "--port", board.url, "--config", str(config)]) == 1
    out = capsys.readouterr().out
    assert "[FAIL] camera: " in out and "no-camera.mp4" in out
    assert "[FAIL] stick calibration: " in out and "not JSON" in out
    assert "2 failed" in out


def test_doctor_passes_a_stick_calibration_the_camera_clipped_white_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A calibration whose faces the camera clipped white still loads, and reads (rarely);
    doctor passes it but says what it costs and what to do, as `sticks calibrate` did."""
    setup = scenes.make_setup("dark", "linen", "overhead", 1)
    pictures = scenes.calibration_pictures(setup, 1)
    clipped = dataclasses.replace(calibrate(*pictures.values()), washed_out=(2, 3))
    clipped.save(tmp_path / "cal.json")
    camera = tmp_path / "no-camera.mp4"  # the calibration is checked whatever the camera does
    config = config_file(tmp_path, f'source = "{camera}"\ncalibration = "{tmp_path / "cal.json"}"')
    with VirtualBoard() as board:
        main(["doctor", "--port", board.url, "--config", str(config)])
    out = capsys.readouterr().out
    assert (
        f"[ ok ] stick calibration: {tmp_path / 'cal.json'}; the camera clips 2 of the 4 flat "
        "faces and 3 of the 4 round faces white, which loses the shading that tells them "
        "apart: lower its exposure (or dim the light) and calibrate again"
    ) in out


def test_doctor_without_a_board_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--port", str(tmp_path / "ttyACM9")]) == 1
    out = capsys.readouterr().out
    assert f"[FAIL] board link: no board answers at {tmp_path / 'ttyACM9'}" in out
    assert "[FAIL] sensors: not checked: no link to the board" in out


def test_watch_prints_live_snapshots_of_the_sim_demo(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "watch", "--sim", "--seconds", "3.5"]) == 0
    out = capsys.readouterr().out
    assert "link up: board SIM-0001, firmware 0.1.0, protocol 1, calibrated" in out
    assert " 1 W B W B W B W B W B 10" in out
    assert " 1 W B W B W B W B W . 10" in out  # the demo lifted the piece on house 10
    assert out.count("snapshot ") >= 2


def test_calibrate_refuses_a_board_with_pieces(capsys: pytest.CaptureFixture[str]) -> None:
    with VirtualBoard() as board:
        board.place(12, "W")
        time.sleep(0.3)
        assert main(["board", "calibrate", "--port", board.url]) == 2
        board.lift(12)
        assert main(["board", "calibrate", "--port", board.url]) == 0
    err = capsys.readouterr().err
    assert "take every piece off the board" in err


def test_bad_arguments_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "watch", "--sim", "--seconds", "0"]) == 2
    assert "--seconds must be positive" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["doctor", "--sim", "--port", "/dev/ttyACM0"])
