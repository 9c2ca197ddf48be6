"""`senet-board sticks`: calibrate from three pictures, read photos of throws, watch a camera.

The command is run in-process; output is captured at the file-descriptor level (capfd), so
what OpenCV writes to the terminal counts too: a user sees it under the one-line error.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from controller.cli import main
from vision import evaluation, scenes
from vision.calibration import Calibration
from vision.render import render

FIELDS = ["image", "status", "flat", "round", "reason", "sticks"]
STICK_FIELDS = ["face", "confidence", "center", "angle"]
SIZE = (640, 480)


def run(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capfd.readouterr()
    return status, out, err


def assert_one_line_error(status: int, out: str, err: str, *words: str) -> None:
    """What every refused command owes the user: a failure status and one plain line."""
    assert status != 0
    assert out == ""
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, f"expected one line on stderr, got:\n{err}"
    assert err.startswith("senet-board: error: ")
    for word in words:
        assert word in err, err


def json_lines(out: str) -> list[dict[str, Any]]:
    lines = out.splitlines()
    assert all(line.startswith("{") for line in lines), out
    return [json.loads(line) for line in lines]


def assert_design_fields(line: dict[str, Any]) -> None:
    """The DESIGN.md contract of one `sticks read --json` line."""
    assert list(line) == FIELDS
    assert line["status"] in ("ok", "rethrow")
    assert isinstance(line["reason"], str)
    if line["status"] == "ok":
        assert line["flat"] + line["round"] == 4
        assert line["reason"] == ""
        assert len(line["sticks"]) == 4
    else:
        assert (line["flat"], line["round"]) == (None, None)
        assert line["reason"]
    for stick in line["sticks"]:
        assert list(stick) == STICK_FIELDS
        assert stick["face"] in ("flat", "round")
        assert 0 <= stick["confidence"] <= 1
        x, y = stick["center"]
        assert 0 <= x < SIZE[0] and 0 <= y < SIZE[1]
        assert isinstance(stick["angle"], int | float)


@pytest.fixture(scope="module")
def photos(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder as a user would have it: the calibration pictures and a few throws (PNG)."""
    folder = tmp_path_factory.mktemp("photos")
    setup = scenes.make_setup("dark", "linen", "overhead", 1, *SIZE)
    for name, picture in scenes.calibration_pictures(setup, 1).items():
        cv2.imwrite(str(folder / f"{name}.png"), picture)
    shots = {
        "two-flat": scenes.clean_scene(setup, 2, 5),
        "touching": scenes.bad_scene(setup, "touching", 5),
        "hand": scenes.bad_scene(setup, "hand", 1),
    }
    for name, scene in shots.items():
        cv2.imwrite(str(folder / f"{name}.png"), render(scene, setup.texture_seed, noise_seed=7))
    (folder / "notes.png").write_text("not a picture\n")
    return folder


# -- sticks calibrate --------------------------------------------------------------------------


def test_calibrate_writes_a_file_the_reader_loads_and_says_so_in_one_line(
    capfd: pytest.CaptureFixture[str], photos: Path, tmp_path: Path
) -> None:
    """The README's set-up step: three pictures in, one calibration file out."""
    target = tmp_path / "cal.json"
    status, out, err = run(capfd, "sticks", "calibrate", str(photos), "-o", str(target))
    assert (status, err) == (0, "")
    assert len(out.splitlines()) == 1
    assert out.startswith("calibrated: ") and str(target) in out
    calibration = Calibration.load(target)
    assert calibration.image_size == SIZE


def test_calibrate_warns_when_the_camera_clips_the_faces_white(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Drawn set-up 217: a bright lamp and the camera's exposure clip every light face white.
    The calibration is written (a throw may still be read, if rarely), and a warning says
    what is lost and what to do."""
    case = evaluation.case_of("drawn", 217)
    folder = tmp_path / "pictures"
    folder.mkdir()
    pictures = scenes.calibration_pictures(case.setup(), case.seed, noise_seed=case.seed)
    for name, picture in pictures.items():
        cv2.imwrite(str(folder / f"{name}.png"), picture)
    target = tmp_path / "cal.json"
    status, out, err = run(capfd, "sticks", "calibrate", str(folder), "-o", str(target))
    assert status == 0 and out.startswith("calibrated: ")
    assert err == (
        "warning: the camera clips 4 of the 4 flat faces and 4 of the 4 round faces white, "
        "which loses the shading that tells them apart: lower its exposure (or dim the light) "
        "and calibrate again\n"
    )
    assert Calibration.load(target).washed_out == (4, 4)


def calibrate_rendered(
    capfd: pytest.CaptureFixture[str],
    tmp_path: Path,
    setup: scenes.Setup,
    seed: int,
    stain: bool = False,
) -> tuple[str, Calibration]:
    """`sticks calibrate` on the rendered calibration pictures of `setup` (with `stain`, a
    dark stain on the tray's floor in each): its one line of output (it must succeed) and
    the file it wrote."""
    folder = tmp_path / "pictures"
    folder.mkdir()
    for name, picture in scenes.calibration_pictures(setup, seed, noise_seed=seed).items():
        if stain:
            cv2.circle(picture, (190, 340), 30, (40, 45, 60), -1)
        cv2.imwrite(str(folder / f"{name}.png"), picture)
    target = tmp_path / "cal.json"
    status, out, err = run(capfd, "sticks", "calibrate", str(folder), "-o", str(target))
    assert (status, err, len(out.splitlines())) == (0, "", 1)
    return out, Calibration.load(target)


def test_calibrate_says_when_the_faces_are_close_to_the_floors_colour(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Light paint on pale linen is read, but less surely than on a tray of another colour:
    the one line says so, and what would help."""
    setup = scenes.make_setup("light", "linen", "warm_lamp", 10072)
    out, calibration = calibrate_rendered(capfd, tmp_path, setup, 10072)
    assert "close to the floor's colour" in out and "tray of another colour" in out
    assert calibration.contrast < 1


def test_calibrate_says_when_it_passes_over_marks_of_the_tray(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A stain on the tray's felt, in the empty tray too: the one line says it is kept and
    passed over."""
    setup = scenes.make_setup("dark", "felt_green", "overhead", 7)
    out, calibration = calibrate_rendered(capfd, tmp_path, setup, 7, stain=True)
    assert "1 mark of the empty tray passed over" in out
    assert len(calibration.marks) == 1


def folder_of(folder: Path, photos: Path, pictures: dict[str, str]) -> Path:
    """A new `folder` holding copies of `photos` pictures, as {name in folder: name in photos}."""
    folder.mkdir()
    for name, source in pictures.items():
        (folder / name).write_bytes((photos / source).read_bytes())
    return folder


def test_calibrate_names_the_missing_picture(
    capfd: pytest.CaptureFixture[str], photos: Path, tmp_path: Path
) -> None:
    """A folder without round.png: one line naming it, no file written."""
    folder = folder_of(
        tmp_path / "half", photos, {"empty.png": "empty.png", "flat.png": "flat.png"}
    )
    target = tmp_path / "cal.json"
    status, out, err = run(capfd, "sticks", "calibrate", str(folder), "-o", str(target))
    assert_one_line_error(status, out, err, "round.png")
    assert not target.exists()


@pytest.mark.parametrize("what", ["missing", "a file"])
def test_calibrate_refuses_a_folder_that_is_not_a_folder(
    capfd: pytest.CaptureFixture[str], photos: Path, tmp_path: Path, what: str
) -> None:
    """A typo in DIR, or DIR pointing at one of the pictures."""
    folder = tmp_path / "no-such-folder" if what == "missing" else photos / "empty.png"
    status, out, err = run(capfd, "sticks", "calibrate", str(folder), "-o", str(tmp_path / "c"))
    assert_one_line_error(status, out, err, "not a folder", str(folder))


def test_calibrate_names_a_bad_picture(
    capfd: pytest.CaptureFixture[str], photos: Path, tmp_path: Path
) -> None:
    """flat.png with two sticks touching: the user is told which picture to take again."""
    folder = folder_of(
        tmp_path / "bad",
        photos,
        {"empty.png": "empty.png", "round.png": "round.png", "flat.png": "touching.png"},
    )
    status, out, err = run(capfd, "sticks", "calibrate", str(folder), "-o", str(tmp_path / "c"))
    assert_one_line_error(status, out, err, "flat.png", "touching")


def test_calibrate_says_when_the_output_cannot_be_written(
    capfd: pytest.CaptureFixture[str], photos: Path, tmp_path: Path
) -> None:
    """-o into a folder that does not exist."""
    target = tmp_path / "no-such-folder" / "cal.json"
    status, out, err = run(capfd, "sticks", "calibrate", str(photos), "-o", str(target))
    assert_one_line_error(status, out, err, "cannot write", str(target))


# -- sticks read -------------------------------------------------------------------------------


def test_read_json_gives_one_line_per_image_with_the_design_fields(
    capfd: pytest.CaptureFixture[str], photos: Path
) -> None:
    """The common set reads without calibration; bad throws are answered rethrow with a reason."""
    images = [str(photos / f"{name}.png") for name in ("two-flat", "touching", "hand")]
    status, out, _ = run(capfd, "sticks", "read", "--json", *images)
    assert status == 0
    lines = json_lines(out)
    assert [line["image"] for line in lines] == images
    for line in lines:
        assert_design_fields(line)
    clean, touching, hand = lines
    assert (clean["status"], clean["flat"], clean["round"]) == ("ok", 2, 2)
    assert [s["face"] for s in clean["sticks"]].count("flat") == 2
    assert touching["status"] == "rethrow" and "touching" in touching["reason"]
    assert hand["status"] == "rethrow" and hand["reason"]


def test_read_without_json_prints_a_line_per_image(
    capfd: pytest.CaptureFixture[str], photos: Path
) -> None:
    """The plain output a person reads: the image name and the count or the reason."""
    images = [str(photos / "two-flat.png"), str(photos / "touching.png")]
    status, out, _ = run(capfd, "sticks", "read", *images)
    assert status == 0
    assert out.splitlines() == [
        f"{images[0]}: 2 flat, 2 round",
        f"{images[1]}: rethrow: sticks are touching or lying on one another",
    ]


def test_an_unreadable_file_is_reported_and_the_others_still_read(
    capfd: pytest.CaptureFixture[str], photos: Path
) -> None:
    """A text file and a missing file each get their JSON line; the exit status says so."""
    images = [str(photos / "notes.png"), str(photos / "two-flat.png"), str(photos / "gone.png")]
    status, out, err = run(capfd, "sticks", "read", "--json", *images)
    assert status != 0
    assert "Traceback" not in err
    lines = json_lines(out)
    assert [line["image"] for line in lines] == images
    for line in lines:
        assert_design_fields(line)
    assert lines[0]["status"] == "rethrow" and "cannot read" in lines[0]["reason"]
    assert lines[0]["sticks"] == []
    assert (lines[1]["status"], lines[1]["flat"]) == ("ok", 2)
    assert lines[2]["status"] == "rethrow" and "cannot read" in lines[2]["reason"]


def test_read_with_a_calibration_reads_a_set_the_common_reader_cannot(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The whole user flow for light-painted sticks: calibrate, then read with --calibration."""
    setup = scenes.make_setup("light", "linen", "overhead", 2, *SIZE)
    for name, picture in scenes.calibration_pictures(setup, 2).items():
        cv2.imwrite(str(tmp_path / f"{name}.png"), picture)
    photo = tmp_path / "three-flat.png"
    cv2.imwrite(str(photo), render(scenes.clean_scene(setup, 3, 9), setup.texture_seed))
    target = tmp_path / "cal.json"
    assert run(capfd, "sticks", "calibrate", str(tmp_path), "-o", str(target))[0] == 0
    status, out, _ = run(capfd, "sticks", "read", "--json", "--calibration", str(target),
                         str(photo))
    assert status == 0
    [line] = json_lines(out)
    assert (line["status"], line["flat"], line["round"]) == ("ok", 3, 1)
    status, out, _ = run(capfd, "sticks", "read", "--json", str(photo))
    [line] = json_lines(out)
    assert line["status"] == "rethrow", "uncalibrated, light sticks must not be counted"


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, ("cal.json", "No such file")),
        ('{"version": 1, "tray": ', ("cal.json", "not JSON")),
        ('{"version": 7}', ("calibration", "version")),
        ('["a", "list"]', ("calibration", "malformed")),
    ],
    ids=["missing", "truncated", "wrong-version", "a-list"],
)
def test_read_refuses_a_bad_calibration_file_in_one_line(
    capfd: pytest.CaptureFixture[str], photos: Path, tmp_path: Path, content: str | None,
    words: tuple[str, ...],
) -> None:
    """Nothing is read with a calibration that cannot be used."""
    path = tmp_path / "cal.json"
    if content is not None:
        path.write_text(content)
    status, out, err = run(capfd, "sticks", "read", "--json", "--calibration", str(path),
                           str(photos / "two-flat.png"))
    assert_one_line_error(status, out, err, *words)


def test_evidence_writes_an_annotated_jpeg_per_image(
    capfd: pytest.CaptureFixture[str], photos: Path, tmp_path: Path
) -> None:
    """--evidence DIR (created if needed): what a referee looks at afterwards."""
    evidence = tmp_path / "evidence" / "today"
    names = ("two-flat", "touching")
    status, _, _ = run(capfd, "sticks", "read", "--evidence", str(evidence),
                       *(str(photos / f"{name}.png") for name in names))
    assert status == 0
    assert sorted(p.name for p in evidence.iterdir()) == sorted(
        f"{name}.evidence.jpg" for name in names
    )
    for name in names:
        raw = cv2.imread(str(photos / f"{name}.png"), cv2.IMREAD_COLOR)
        annotated = cv2.imread(str(evidence / f"{name}.evidence.jpg"), cv2.IMREAD_COLOR)
        assert raw is not None and annotated is not None
        assert annotated.shape == raw.shape
        change = np.abs(annotated.astype(int) - raw.astype(int)).max(axis=2)
        assert (change[:20] > 60).mean() > 0.5, "the banner is drawn across the top"
        assert (change[30:] > 60).mean() > 0.002, "the sticks are outlined"


# -- sticks watch ------------------------------------------------------------------------------


def test_watch_the_synthetic_camera_prints_one_reading_and_stops(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """The demo of `watch`: the synthetic camera is thrown by itself; --count 1 stops it."""
    limit = 60.0
    started = time.monotonic()
    status, out, err = run(capfd, "sticks", "watch", "--camera", "synthetic", "--count", "1",
                           "--json", "--seconds", str(limit))
    elapsed = time.monotonic() - started
    assert status == 0
    assert "Traceback" not in err
    assert elapsed < limit, "no result before the time limit"
    [line] = json_lines(out)
    assert list(line) == ["frame_time", *FIELDS[1:]]
    frame_time = line.pop("frame_time")
    assert isinstance(frame_time, float)
    assert_design_fields({"image": "synthetic", **line})


def test_evidence_of_two_images_with_the_same_name_keeps_both(
    capfd: pytest.CaptureFixture[str], photos: Path, tmp_path: Path
) -> None:
    """The same file name in two folders (two cameras' `throw.png`) must not overwrite."""
    copies = []
    for folder in ("left", "right"):
        (tmp_path / folder).mkdir()
        copies.append(tmp_path / folder / "throw.png")
        copies[-1].write_bytes((photos / f"{'two-flat' if folder == 'left' else 'touching'}.png")
                               .read_bytes())
    evidence = tmp_path / "evidence"
    status, _, _ = run(capfd, "sticks", "read", "--evidence", str(evidence), *map(str, copies))
    assert status == 0
    assert sorted(p.name for p in evidence.iterdir()) == [
        "throw-2.evidence.jpg", "throw.evidence.jpg"
    ]


def test_watch_that_runs_out_of_time_says_so(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A folder of one empty-tray picture: no throw ever comes to rest."""
    frames = tmp_path / "frames"
    frames.mkdir()
    empty = np.full((480, 640, 3), 120, np.uint8)
    cv2.imwrite(str(frames / "0001.png"), empty)
    status, out, err = run(capfd, "sticks", "watch", "--camera", str(frames), "--count", "2",
                           "--seconds", "1.5")
    assert status == 1 and out == ""
    assert "0 of 2 throws" in err and "Traceback" not in err
    status, out, err = run(capfd, "sticks", "watch", "--camera", str(frames), "--seconds", "1")
    assert status == 0 and out == ""
    assert "no throw came to rest in 1 s" in err
