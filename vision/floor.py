"""The empty tray floor as a smooth colour field, fitted robustly to the picture itself.

Sticks, hands and the rim are a small part of the view; the floor is the large region whose
colour varies slowly with the light. A quadratic surface per channel, refitted on the pixels it
explains, gives the floor colour behind every stick, so features can be taken relative to it,
which cancels the light's colour and strength.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from vision.order import column_medians, median, quantile

GRID_WIDTH = 80
# A pixel is an object when it departs from the colour expected there (the floor's, or a
# wall's band, see `vision.walls`) by this factor (log, linear light) at least, and by GRAIN
# times the typical departure of what it is told from (its grain; see `least_departure`).
OBJECT_FACTOR = math.log(1.2)
GRAIN = 7.0
# Rounds of fitting and choosing the pixels the fit explains. A third round is close in most
# pictures, but not where the rim is the floor's colour: the fourth can still take it out.
ROUNDS = 4
GAMMA = 2.2


def linear(level: np.ndarray) -> np.ndarray:
    """8-bit levels (or colours) in linear light, undoing the camera's gamma; the +3 keeps
    black above zero, so ratios and logs of it stay finite."""
    light: np.ndarray = (level + 3) ** GAMMA
    return light


def log_linear(level: np.ndarray) -> np.ndarray:
    """The log of `linear(level)`, taken as GAMMA * log(level + 3): a log instead of a power
    and a log, several times cheaper on a picture's worth of floor colours."""
    logged: np.ndarray = GAMMA * cv2.log(np.asarray(level + 3, np.float32))
    return logged


# Every 8-bit level in linear light: a table for pictures, whose pixels are whole levels.
LINEAR_LEVEL = linear(np.arange(256, dtype=np.float32))


def _quadratic(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The six terms of a quadratic surface at points x, y (-1..1 across the picture)."""
    return np.stack([np.ones_like(x), x, y, x * x, x * y, y * y], axis=-1).reshape(-1, 6)


@lru_cache(maxsize=16)
def _basis(height: int, width: int) -> np.ndarray:
    """The terms at the centres of height x width pixels."""
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    return _quadratic((xs + 0.5) / width * 2 - 1, (ys + 0.5) / height * 2 - 1)


@dataclass(frozen=True)
class FloorModel:
    """Quadratic colour (BGR, 0-255) of the floor over the picture."""

    coefficients: np.ndarray

    def log_grid(self, height: int, width: int) -> np.ndarray:
        """The log of the floor colour in linear light on a height x width grid (float32 BGR):
        evaluated at the centres of the cells of a coarse grid and interpolated between them,
        which for so smooth a surface is exact to a small fraction of a level (the outermost
        half cell takes the nearest centre's value) and far cheaper."""
        columns = min(width, GRID_WIDTH)
        rows = max(2, round(columns * height / width))
        colour = _basis(rows, columns) @ self.coefficients
        coarse = log_linear(np.maximum(colour, 0))
        grid: np.ndarray = cv2.resize(
            coarse.reshape(rows, columns, 3), (width, height), interpolation=cv2.INTER_LINEAR
        )
        return grid

    def colour_at(self, x: float, y: float) -> np.ndarray:
        """Floor colour at a point given as a fraction (0..1) of the picture's width and height."""
        u, v = x * 2 - 1, y * 2 - 1
        colour: np.ndarray = (
            np.array([1, u, v, u * u, u * v, v * v], np.float32) @ self.coefficients
        )
        return colour


def fit_floor(image: np.ndarray, polygon: np.ndarray | None = None) -> FloorModel:
    """Fit the floor of `image` (BGR uint8); `polygon` (fractions of the size) fixes the tray."""
    h, w = image.shape[:2]
    gh = max(8, round(GRID_WIDTH * h / w))
    small = cv2.resize(image, (GRID_WIDTH, gh), interpolation=cv2.INTER_AREA).astype(np.float32)
    pixels = small.reshape(-1, 3)
    basis = _basis(gh, GRID_WIDTH)
    if polygon is not None:
        region = polygon_mask(polygon, gh, GRID_WIDTH).reshape(-1)
    else:
        region = np.ones(len(pixels), bool)
    centre = small[gh // 4 : 3 * gh // 4, GRID_WIDTH // 4 : 3 * GRID_WIDTH // 4].reshape(-1, 3)
    # The first guess, kept when the floor in view cannot be fitted (too little of it, or
    # all on one line): a floor of one colour, the middle of the picture's.
    coefficients = np.zeros((6, 3), np.float32)
    coefficients[0] = column_medians(centre)
    residual = _distance(pixels, coefficients[0])
    inliers = region & (residual < max(30.0, quantile(residual, 0.4)))
    # Least squares over the inliers by its normal equations, six unknowns per channel: the
    # rows of terms and colours are taken together, and one product gives both sides.
    terms_and_colours = np.concatenate((basis, pixels), axis=1)
    for round_ in range(1, ROUNDS + 1):
        if np.count_nonzero(inliers) < 12:
            break
        chosen = np.compress(inliers, terms_and_colours, axis=0)  # (far cheaper than [inliers])
        products = chosen.T @ chosen
        # The normal equations are symmetric positive definite; cv2 solves six unknowns
        # without numpy.linalg's per-call checks, and says when the inliers leave it singular.
        solved, fitted = cv2.solve(products[:6, :6], products[:6, 6:], flags=cv2.DECOMP_CHOLESKY)
        if not solved:
            break
        coefficients = fitted
        if round_ == ROUNDS:
            break
        residual = _distance(pixels, basis @ coefficients)
        typical = median(np.compress(inliers, residual))
        refined = region & (residual < max(12.0, 3.5 * typical))
        if np.array_equal(refined, inliers):
            break  # converged: another round would fit the same surface
        inliers = refined
    return FloorModel(coefficients.astype(np.float32))


def _distance(pixels: np.ndarray, colours: np.ndarray) -> np.ndarray:
    """Sum over the channels of the absolute differences (N x 3 pixels)."""
    difference = np.abs(pixels - colours)
    total: np.ndarray = difference[:, 0] + difference[:, 1] + difference[:, 2]
    return total


def polygon_mask(polygon: np.ndarray, height: int, width: int) -> np.ndarray:
    """The tray outline (fractions of width/height) drawn as a boolean mask of the given size."""
    mask = np.zeros((height, width), np.uint8)
    points = np.round(polygon * np.array([width, height])).astype(np.int32)
    cv2.fillPoly(mask, [points], 1)
    return mask.astype(bool)


def least_departure(grain: float | np.ndarray) -> Any:
    """How far a pixel departs from the colour expected there to be an object, at a contrast
    of 1, where what it is told from departs from that colour by `grain` typically (a 0.3
    quantile of its departures; a number, or an array of them): texture is not an object."""
    return np.maximum(OBJECT_FACTOR, GRAIN * grain)


def outer_hull(mask: np.ndarray) -> np.ndarray:
    """The convex hull (N x 2 pixel indices, x then y) of a mask's pixels, found from its
    outer outlines only: the same hull from far fewer points."""
    outlines, _ = cv2.findContours(
        mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
    )
    hull: np.ndarray = cv2.convexHull(np.concatenate(outlines)).reshape(-1, 2)
    return hull
