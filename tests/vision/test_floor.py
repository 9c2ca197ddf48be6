"""The tray floor's colour is fitted from the picture itself, around whatever lies on it."""

from __future__ import annotations

import numpy as np

from vision.floor import fit_floor


def _lit_from_the_left(height: int = 240, width: int = 320) -> np.ndarray:
    """A plain floor whose light falls off from left to right (BGR levels 90-170 in green)."""
    x = np.linspace(0, 1, width, dtype=np.float32)
    green = 170 - 80 * x
    image = np.empty((height, width, 3), np.uint8)
    image[...] = np.stack([0.8 * green, green, 1.1 * green], axis=-1).round().astype(np.uint8)
    return image


def test_the_floor_behind_objects_follows_the_light_across_the_tray() -> None:
    image = _lit_from_the_left()
    truth = _lit_from_the_left()
    image[60:180, 100:130] = (30, 30, 30)  # a dark stick
    image[20:60, 200:300] = (250, 250, 250)  # a bright one
    floor = fit_floor(image)
    for x, y in ((0.1, 0.1), (0.36, 0.5), (0.8, 0.15), (0.9, 0.9)):
        expected = truth[int(y * 240), int(x * 320)].astype(np.float32)
        assert np.abs(floor.colour_at(x, y) - expected).max() <= 3, (x, y)


def test_a_floor_seen_along_one_line_only_is_taken_as_one_colour() -> None:
    """A tray outline (from a hand-edited calibration) that leaves the floor one row of the
    fit's grid: the surface cannot be solved, and its first guess, the plain colour, stands."""
    image = np.full((240, 320, 3), (100, 120, 140), np.uint8)
    thin = np.array([[0.1, 0.5], [0.9, 0.5], [0.9, 0.505], [0.1, 0.505]], np.float32)
    floor = fit_floor(image, thin)
    for x, y in ((0.5, 0.5), (0.05, 0.05), (0.95, 0.9)):
        assert np.abs(floor.colour_at(x, y) - (100, 120, 140)).max() <= 1, (x, y)
