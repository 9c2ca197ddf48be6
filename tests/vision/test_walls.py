"""A stick lying against a wall, which a tilted camera sees shifted out over the wall's face,
is found by the band along the walls modelled wall by wall (`vision.walls`); nothing that is
the walls' own look is taken for one."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from vision import scenes
from vision.calibration import calibrate
from vision.floor import log_linear
from vision.reader import StickReader, what_the_looks_found
from vision.render import Scene, render
from vision.walls import wall_band

SEED = 2


def painted_band(stick: bool) -> tuple[np.ndarray, np.ndarray]:
    """A 320x240 picture of a tray's floor framed by walls whose faces darken towards the
    rim and whose light changes along them (a lamp's light ending halfway along the top
    wall), with, if `stick`, a stick over the left wall's face covering nearly half of it;
    and the floor's outline (fractions)."""
    height, width = 240, 320
    picture = np.full((height, width, 3), 150, np.uint8)
    outline = np.array([[40, 30], [280, 30], [280, 210], [40, 210]], np.float32)
    for depth in range(12):  # the walls' faces, beyond the outline
        grey = (90 - 4 * depth,) * 3
        cv2.rectangle(picture, (39 - depth, 29 - depth), (281 + depth, 211 + depth), grey, 1)
    picture[18:30, 160:281] = (60, 70, 80)  # the top wall's face, in a lamp's shade there
    if stick:
        picture[80:160, 30:46] = (120, 170, 200)
    noise = np.random.default_rng(0).normal(0, 2, picture.shape)
    noisy = np.clip(picture + noise, 0, 255).astype(np.uint8)
    return noisy, outline / np.array([width, height], np.float32)


def test_a_stick_over_a_walls_face_departs_from_the_walls_look() -> None:
    picture, outline = painted_band(stick=True)
    band, objects, widened = wall_band(log_linear(picture.astype(np.float32)), outline, 12, 80, 1)
    stick = np.zeros(objects.shape, bool)
    stick[80:160, 30:46] = True
    assert objects[stick & band].mean() > 0.9
    assert not np.any(objects & ~stick), "nothing of the walls' own look is an object"
    assert widened[:, 0].min() < 30 / 320 < outline[:, 0].min()


def test_a_wall_whose_light_changes_along_it_shows_no_object() -> None:
    picture, outline = painted_band(stick=False)
    band, objects, _ = wall_band(log_linear(picture.astype(np.float32)), outline, 12, 80, 1)
    assert band.any() and not objects.any()


def with_a_stick_against_a_wall(sticks: str) -> tuple[scenes.Setup, Scene]:
    """A throw of one flat face up in a tray the camera looks into at 12 degrees, so that
    the right wall shows its inner face; the first stick lies flush against that wall
    (`sticks` "all"), or is left out ("three")."""
    setup = scenes.make_setup("dark", "linen", "overhead", SEED)
    camera = dataclasses.replace(setup.camera, tilt=12.0, tilt_direction=0.0)
    setup = dataclasses.replace(setup, camera=camera)
    scene = scenes.clean_scene(setup, 1, SEED)
    first = scene.sticks[0]
    against = setup.tray.size[0] / 2 - first.radius
    flush = dataclasses.replace(first, x=against, y=0.0, angle=90.0)
    kept = (flush, *scene.sticks[1:]) if sticks == "all" else scene.sticks[1:]
    return setup, dataclasses.replace(scene, sticks=kept)


@pytest.mark.parametrize("calibrated", [False, True])
def test_a_stick_flush_against_a_wall_is_counted(calibrated: bool) -> None:
    setup, scene = with_a_stick_against_a_wall("all")
    calibration = calibrate(*scenes.calibration_pictures(setup, SEED).values())
    reader = StickReader(calibration if calibrated else None)
    looks = list(reader.looks(render(scene, SEED)))
    assert looks[0].found.problem == "found 3 sticks, need 4", "the first look misses it"
    reading = reader.reading_of(what_the_looks_found(looks))
    assert (reading.status, reading.flat) == ("ok", 1), reading.reason


@pytest.mark.parametrize("calibrated", [False, True])
def test_three_sticks_and_the_walls_are_not_read_as_four(calibrated: bool) -> None:
    setup, scene = with_a_stick_against_a_wall("three")
    calibration = calibrate(*scenes.calibration_pictures(setup, SEED).values())
    reading = StickReader(calibration if calibrated else None).read(render(scene, SEED))
    assert reading.status == "rethrow" and reading.reason == "found 3 sticks, need 4"


@pytest.mark.parametrize(
    "outline",
    [
        np.array([[0.5, 0.5]] * 4, np.float32),
        np.array([[0.1, 0.1], [0.9, 0.1]], np.float32),
        np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32),
    ],
)
def test_an_outline_with_no_walls_to_model_finds_no_objects(outline: np.ndarray) -> None:
    """A point, a line, or the whole picture (a tray filling the view: its walls lie beyond
    it): nothing to model, and nothing taken for a stick."""
    picture, _ = painted_band(stick=True)
    _, objects, widened = wall_band(log_linear(picture.astype(np.float32)), outline, 12, 80, 1)
    assert not objects.any() and len(widened) >= 1
