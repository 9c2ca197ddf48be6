"""Scenes that are not a clean throw for reasons the renderer does not draw."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import scenes
from vision.reader import StickReader
from vision.render import render


@pytest.mark.parametrize("radius", [12, 22])
def test_a_small_object_beside_the_four_sticks_asks_for_a_rethrow(radius: int) -> None:
    """A coin or a die left in the tray beside the four sticks: the reader says so and asks
    for another throw (it used to fail with an error instead of answering)."""
    setup = scenes.make_setup("dark", "felt_green", "overhead", 3)
    image = render(scenes.clean_scene(setup, 2, 7), setup.texture_seed, noise_seed=7)
    reader = StickReader()
    assert (reader.read(image).status, reader.read(image).flat) == ("ok", 2)
    centres = np.array([blob.center for blob in reader.measure_sticks(image).blobs])
    h, w = image.shape[:2]
    spots = [(x, y) for x in range(80, w - 80, 10) for y in range(80, h - 80, 10)]
    clear = max(spots, key=lambda p: float(np.min(np.hypot(*(centres - p).T))))
    cv2.circle(image, clear, radius, (40, 40, 40), -1)
    reading = reader.read(image)
    assert reading.status == "rethrow"
    assert "not a stick" in reading.reason
