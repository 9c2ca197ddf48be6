"""A stick's shading is measured on the stick itself, not on the floor the blob took in."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vision.detect import Blob
from vision.features import NAMES, measure
from vision.floor import GAMMA, fit_floor

FLOOR_LEVEL = 120


def _level(ratio: float) -> int:
    """The 8-bit level whose linear light is `ratio` times the floor's."""
    return round((FLOOR_LEVEL + 3) * math.pow(ratio, 1 / GAMMA) - 3)


def _flat_stick_between(shadow_side: str) -> tuple[np.ndarray, Blob]:
    """An evenly lit flat face (rows 90-109) on a plain floor, with its deep cast shadow
    (6 px wide) on one side and a longer band of faintly dim floor (8 px) on the other,
    all inside the blob, as a generous outline around a shadowed stick gives."""
    image = np.full((200, 200, 3), FLOOR_LEVEL, np.uint8)
    image[90:110, 40:160] = 200
    shadow, dim = (slice(110, 116), slice(82, 90))
    if shadow_side == "above":
        shadow, dim = slice(84, 90), slice(110, 118)
    image[shadow, 40:160] = _level(0.25)
    image[dim, 40:160] = _level(0.8)
    top = min(shadow.start, dim.start)
    bottom = max(shadow.stop, dim.stop)
    width = float(bottom - top)
    centre = (100.0, (top + bottom) / 2)
    corners = ((40.0, top), (160.0, top), (160.0, bottom), (40.0, bottom))
    blob = Blob(centre, 120.0, width, 0.0, 120.0 * width, 1.0, False, 0.0, corners)
    return image, blob


@pytest.mark.parametrize("shadow_side", ["above", "below"])
def test_a_flat_face_beside_its_shadow_is_measured_evenly_lit(shadow_side: str) -> None:
    image, blob = _flat_stick_between(shadow_side)
    floor = fit_floor(np.full_like(image, FLOOR_LEVEL))
    features = dict(zip(NAMES, measure(image, blob, floor).features, strict=True))
    assert features["plateau"] >= 0.9
    assert abs(features["roundness"]) <= 0.15
