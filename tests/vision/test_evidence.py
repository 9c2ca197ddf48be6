"""Evidence images: what a referee looks at to settle a disputed throw.

The JPEG must open, keep the camera's picture as it was away from the sticks, outline each
stick in the colour of the face read, and say in its banner the count or why to throw again.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import pytest

from vision import scenes
from vision.evidence import (
    FLAT_COLOUR,
    OK_COLOUR,
    RETHROW_COLOUR,
    ROUND_COLOUR,
    annotate,
    banner,
    evidence_jpeg,
    headline,
)
from vision.reader import StickReader
from vision.reading import StickFace, ThrowReading
from vision.render import render

WHEN = 1_700_000_000.0  # a fixed reading time, so the banner text is known
STAMP = "2023-11-14 22:13:20 UTC"
BANNER_ROWS = 24  # the banner's height at 640 pixels wide


@dataclass(frozen=True)
class Shot:
    """A rendered frame and what the reader made of it."""

    image: np.ndarray
    reading: ThrowReading


@pytest.fixture(scope="module")
def shots() -> dict[str, Shot]:
    """A clean throw (2 flat), touching sticks and the empty tray, read without calibration."""
    setup = scenes.make_setup("dark", "linen", "overhead", 1)
    found = {
        "ok": scenes.clean_scene(setup, 2, 5),
        "touching": scenes.bad_scene(setup, "touching", 5),
        "empty": scenes.calibration_scenes(setup, 1)["empty"],
    }
    reader = StickReader()
    out = {}
    for name, scene in found.items():
        image = render(scene, setup.texture_seed, noise_seed=3)
        out[name] = Shot(image, reader.read(image))
    return out


def decode(jpeg: bytes) -> np.ndarray:
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert image is not None, "the evidence is not a JPEG OpenCV can open"
    return image


def outline_mask(shape: tuple[int, ...], sticks: tuple[StickFace, ...], width: int) -> np.ndarray:
    """Pixels on the sticks' outlines (lines `width` wide)."""
    mask = np.zeros(shape[:2], np.uint8)
    for stick in sticks:
        points = np.round(np.array(stick.outline)).astype(np.int32)
        cv2.polylines(mask, [points], True, 255, width)
    return mask > 0


def away_from_sticks(shape: tuple[int, ...], sticks: tuple[StickFace, ...]) -> np.ndarray:
    """Pixels below the banner and at least 40 px from every stick (and its label)."""
    near = np.zeros(shape[:2], np.uint8)
    for stick in sticks:
        cv2.fillPoly(near, [np.round(np.array(stick.outline)).astype(np.int32)], 255)
    grown = cv2.dilate(near, np.ones((81, 81), np.uint8))
    far: np.ndarray = grown == 0
    far[: BANNER_ROWS + 10] = False
    return far


def test_the_test_frames_read_as_expected(shots: dict[str, Shot]) -> None:
    """The other tests rely on an ok throw with four outlined sticks and a rethrow with some."""
    ok, touching, empty = shots["ok"].reading, shots["touching"].reading, shots["empty"].reading
    assert (ok.status, ok.flat, ok.round) == ("ok", 2, 2)
    assert len(ok.sticks) == 4 and all(len(s.outline) >= 4 for s in ok.sticks)
    assert touching.status == "rethrow" and touching.sticks
    assert (empty.status, empty.sticks) == ("rethrow", ())


def test_the_headline_says_the_count_or_why_to_throw_again(shots: dict[str, Shot]) -> None:
    """The banner text a referee reads out."""
    assert headline(shots["ok"].reading) == "2 flat, 2 round"
    touching = shots["touching"].reading
    assert headline(touching) == f"rethrow: {touching.reason}"
    assert "touching" in touching.reason
    assert headline(ThrowReading("ok", 0, 4, "")) == "0 flat, 4 round"
    nothing = ThrowReading.rethrow("no sticks in the tray")
    assert headline(nothing) == "rethrow: no sticks in the tray"


@pytest.mark.parametrize("name", ["ok", "touching", "empty"])
def test_the_jpeg_opens_at_the_frame_size(shots: dict[str, Shot], name: str) -> None:
    """The API serves these bytes as image/jpeg; a referee's browser must open them."""
    shot = shots[name]
    jpeg = evidence_jpeg(shot.image, shot.reading, when=WHEN)
    assert jpeg[:2] == b"\xff\xd8" and jpeg[-2:] == b"\xff\xd9"
    assert decode(jpeg).shape == shot.image.shape


@pytest.mark.parametrize("name", ["ok", "touching"])
def test_sticks_are_outlined_and_the_rest_of_the_picture_is_untouched(
    shots: dict[str, Shot], name: str
) -> None:
    """A referee compares the outlines with the sticks, and must still see the tray as shot."""
    shot = shots[name]
    evidence = decode(evidence_jpeg(shot.image, shot.reading, when=WHEN)).astype(int)
    change = np.abs(evidence - shot.image.astype(int)).max(axis=2)
    for stick in shot.reading.sticks:
        on_outline = outline_mask(shot.image.shape, (stick,), 1)
        assert change[on_outline].mean() > 60, f"no outline around the stick at {stick.center}"
    far = away_from_sticks(shot.image.shape, shot.reading.sticks)
    assert far.mean() > 0.3
    assert change[far].mean() < 3, "the picture changed away from the sticks"


@pytest.mark.parametrize("name", ["ok", "touching"])
def test_each_outline_has_the_colour_of_the_face_read(shots: dict[str, Shot], name: str) -> None:
    """Flat and round sticks are told apart at a glance by the outline colour."""
    shot = shots[name]
    annotated = annotate(shot.image, shot.reading, when=WHEN)
    faces = {stick.face for stick in shot.reading.sticks}
    assert faces, "the frame must show sticks"
    for stick in shot.reading.sticks:
        line = annotated[outline_mask(shot.image.shape, (stick,), 1)]
        mine = FLAT_COLOUR if stick.face == "flat" else ROUND_COLOUR
        other = ROUND_COLOUR if stick.face == "flat" else FLAT_COLOUR
        assert (line == mine).all(axis=1).mean() > 0.5, f"{stick.face} stick at {stick.center}"
        assert (line == other).all(axis=1).mean() < 0.05


@pytest.mark.parametrize(("name", "colour"), [("ok", OK_COLOUR), ("touching", RETHROW_COLOUR),
                                              ("empty", RETHROW_COLOUR)])
def test_the_banner_states_the_headline_and_when_in_its_colour(
    shots: dict[str, Shot], name: str, colour: tuple[int, int, int]
) -> None:
    """The banner is exactly the headline and the UTC time, green for a count, red otherwise."""
    shot = shots[name]
    annotated = annotate(shot.image, shot.reading, when=WHEN)
    expected = shot.image.copy()
    banner(expected, f"{headline(shot.reading)}   {STAMP}", colour)
    top = slice(0, BANNER_ROWS)
    assert np.array_equal(annotated[top], expected[top])
    wrong = shot.image.copy()
    banner(wrong, f"3 flat, 1 round   {STAMP}", colour)
    assert not np.array_equal(annotated[top], wrong[top]), "the banner must depend on its text"
    decoded = decode(evidence_jpeg(shot.image, shot.reading, when=WHEN))
    background = np.median(decoded[2:BANNER_ROWS - 2, -40:].reshape(-1, 3), axis=0)
    assert np.abs(background - np.array(colour)).max() <= 6


def test_the_frame_given_is_not_drawn_on(shots: dict[str, Shot]) -> None:
    """The watcher keeps the raw frame for the preview; annotating must work on a copy."""
    shot = shots["ok"]
    before = shot.image.copy()
    annotate(shot.image, shot.reading, when=WHEN)
    evidence_jpeg(shot.image, shot.reading, when=WHEN)
    assert np.array_equal(shot.image, before)
