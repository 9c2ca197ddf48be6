"""Sticks the detection image joins are looked for apart in the working image, window by
window: what a window shows must be what the whole picture shows there."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import scenes
from vision.detect import CloserLook, detection_image, object_mask
from vision.floor import fit_floor
from vision.reader import working_image
from vision.render import render


@pytest.mark.parametrize("kind", ["touching", "hand"])
@pytest.mark.parametrize("contrast", [1.0, 0.7])
def test_a_window_shows_the_objects_the_whole_working_image_shows_there(
    kind: str, contrast: float
) -> None:
    """Sticks lying close (the window's objects are not cut short at its sides, whatever
    lies beyond them) and a hand reaching in over the picture's edge (windows at the
    border), 1280x720 so that the working image is twice the detection image's size."""
    setup = scenes.make_setup("dark", "felt_green", "warm_lamp", 5, 1280, 720)
    work, _ = working_image(render(scenes.bad_scene(setup, kind, 11), setup.texture_seed))
    small = detection_image(work)
    floor = fit_floor(small)
    scale = work.shape[1] / small.shape[1]
    closer = CloserLook(work, floor, contrast, scale)
    objects, _, _ = object_mask(work, floor, contrast)
    side = round(2 * scale) - 1
    whole = cv2.morphologyEx(objects, cv2.MORPH_OPEN, np.ones((side, side), np.uint8))
    height, width = work.shape[:2]
    rng = np.random.default_rng(3)
    windows = [(0, height, 0, width), (0, 40, width - 60, width), (height - 1, height, 0, 5)]
    for _ in range(30):
        top, left = int(rng.integers(0, height - 1)), int(rng.integers(0, width - 1))
        bottom = int(rng.integers(top + 1, height + 1))
        right = int(rng.integers(left + 1, width + 1))
        windows.append((top, bottom, left, right))
    assert whole.any()
    for top, bottom, left, right in windows:
        shown = closer.objects(slice(top, bottom), slice(left, right))
        assert np.array_equal(shown, whole[top:bottom, left:right]), (top, bottom, left, right)
