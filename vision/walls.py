"""The band along the tray's walls, modelled wall by wall, so a stick lying there is seen.

A stick lying against a wall has its top a stick's height above the floor, and a tilted camera
sees it shifted outward, over the wall's face, partly or wholly beyond the floor's outline.
There the floor's colour tells nothing: the wall's face, its foot and its shadow all depart
from it, so the stick is lost among them. But along one wall they look alike from end to end,
changing slowly with the light, or at a lamp's shadow's edge, while a stick covers only a
stretch of it. So each wall's band is modelled on its own, row by row at each distance from
the outline: at each place, the median look of the stretches of it near there, the run where
a stick lies (if one does) left out. A pixel departing from the model of every wall it lies
by is an object.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.floor import OBJECT_FACTOR, least_departure, outer_hull, polygon_mask

# Sides of the tray's outline: its hull simplified within this share of its perimeter (a
# tray's walls are straight; a lens bends them a little).
SIDE_TOLERANCE = 0.02
# Stretches of a wall whose mean colours the model is fitted to, in the band's rows each way
# (a stick's thickness): short enough that a stick against the wall covers several whole.
STRETCH = 1.0
# How far along a wall, each way, the stretches its look at a place is judged by reach, in
# stick lengths.
WINDOW = 1.2
# Fewest stretches of the wall each side of a run where a stick may lie.
SIDE_STRETCHES = 2
# Fewest stretches a row of a wall needs for a model.
FEWEST_STRETCHES = 4


@dataclass(frozen=True)
class _Side:
    """One wall's side of the outline, from `start` along `along` (a unit vector) for
    `length` pixels, `outward` its unit normal away from the floor."""

    start: np.ndarray
    along: np.ndarray
    outward: np.ndarray
    length: float


def wall_band(
    log_image: np.ndarray, outline: np.ndarray, reach: float, stick_length: float, contrast: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The band along the walls of a tray whose floor's `outline` (fractions of width and
    height) lies in `log_image` (log colours, three channels: ratios to the floor's will
    do): `reach` pixels inside the outline and beyond it. Returns the band (bool), the
    objects in it (bool: departing by `contrast` times the least from the model of every
    wall it lies by, see the module; a stick is `stick_length` pixels long), and the outline
    taking in the band (fractions). Beyond the walls' corners, by no wall's length, the
    walls meet in a look of their own, and nothing is an object."""
    height, width = log_image.shape[:2]
    inside = polygon_mask(outline, height, width).astype(np.uint8)
    depth_in = cv2.distanceTransform(inside, cv2.DIST_L2, cv2.DIST_MASK_PRECISE)
    depth_out = cv2.distanceTransform(1 - inside, cv2.DIST_L2, cv2.DIST_MASK_PRECISE)
    signed = depth_out - depth_in
    each_way = max(1, round(reach))
    band = (signed >= -each_way) & (signed <= each_way)
    ys, xs = np.nonzero(band)
    points = np.stack([xs, ys], axis=1).astype(np.float32)
    rows = np.clip(np.rint(signed[ys, xs]).astype(int), -each_way, each_way) + each_way
    colours = log_image[ys, xs].astype(np.float32)
    polygon = outline * np.array([width, height], np.float32)
    objects = np.zeros(band.shape, bool)
    if cv2.contourArea(polygon.reshape(-1, 1, 2)) < (2 * each_way) ** 2 or len(points) == 0:
        return band, objects, outline  # no floor, no walls around it
    sides = _sides(polygon)
    by_side = [_by(points, side, each_way + 1) for side in sides]
    nearest = np.argmin(np.stack([distance for _, distance in by_side]), axis=0)
    departs = np.ones(len(points), bool)
    modelled = np.zeros(len(points), bool)
    for index, (along, distance) in enumerate(by_side):
        by = np.isfinite(distance)
        mine = by & (nearest == index)
        model = _fit(along[mine], rows[mine], colours[mine], each_way * STRETCH, stick_length)
        if model is None:
            continue
        away = _departures(along[by], rows[by], colours[by], model)
        departs[by] &= (away > contrast) | (away < 0)
        modelled[by] |= away >= 0
    objects[ys, xs] = departs & modelled
    widened = outer_hull(signed <= each_way).astype(np.float32)
    return band, objects, widened / np.array([width, height], np.float32)


def _by(points: np.ndarray, side: _Side, reach: float) -> tuple[np.ndarray, np.ndarray]:
    """How far along the `side` each of `points` lies, and how far from it: inf for those
    beyond its ends or further than `reach`."""
    offset = points - side.start
    along = offset @ side.along
    distance = np.abs(offset @ side.outward)
    distance[(along < 0) | (along > side.length) | (distance > reach)] = np.inf
    return along, distance


def _sides(polygon: np.ndarray) -> list[_Side]:
    """The walls' sides of a convex outline `polygon` (pixels), its hull simplified."""
    closed = polygon.reshape(-1, 1, 2).astype(np.float32)
    tolerance = SIDE_TOLERANCE * cv2.arcLength(closed, True)
    corners = cv2.approxPolyDP(closed, tolerance, True).reshape(-1, 2).astype(np.float32)
    middle = corners.mean(axis=0)
    sides = []
    for start, end in zip(corners, np.roll(corners, -1, axis=0), strict=True):
        length = float(np.linalg.norm(end - start))
        if length < 1:
            continue
        along = (end - start) / length
        outward = np.array([along[1], -along[0]], np.float32)
        if np.dot(outward, (start + end) / 2 - middle) < 0:
            outward = -outward
        sides.append(_Side(start, along, outward, length))
    return sides


@dataclass(frozen=True)
class _Model:
    """A wall's band: in each row and stretch, the colour the wall shows there, and how far
    a pixel departs from it at the least to be an object (inf: not modelled)."""

    colour: np.ndarray
    least: np.ndarray
    stretch: float


def _fit(
    along: np.ndarray, rows: np.ndarray, colours: np.ndarray, stretch: float, stick_length: float
) -> _Model | None:
    """A side's band modelled from its pixels (how far `along` it, in which of `rows`, of
    what `colours`): in each row, the mean colours of stretches `stretch` long; for each
    stretch, the median of those within WINDOW stick lengths (`stick_length`) along the side,
    leaving out the run of stretches where a stick may lie (see `_stick_run`): the median
    keeps where the wall's look changes along it (a lamp's light ends on it)."""
    if len(along) == 0:
        return None
    stretches = int(along.max() // stretch) + 1
    count = int(rows.max()) + 1
    column = (along // stretch).astype(int)
    key = rows * stretches + column
    held = np.bincount(key, minlength=count * stretches).reshape(count, stretches)
    sums = np.stack(
        [np.bincount(key, colours[:, c], count * stretches) for c in range(3)], axis=-1
    ).reshape(count, stretches, 3)
    means = np.where(held[..., None] > 0, sums / np.maximum(held, 1)[..., None], np.nan)
    reach = max(1, round(WINDOW * stick_length / stretch))
    run = _stick_run(means, max(1, round(stick_length / stretch)), reach)
    # Per row, stretch and channel, the stretches within reach of it, the run's left out.
    nearby = _windows(np.where(run[None, :, None], np.nan, means), 2 * reach + 1, reach, reach)
    colour, shown = _nan_median(nearby[:, :stretches], axis=-1)
    modelled = shown[..., 0] >= FEWEST_STRETCHES
    kept = modelled[rows, column]
    spread = np.abs(colours[kept] - colour[rows[kept], column[kept]]).max(axis=1)
    typical = _quantiles_by_row(spread, rows[kept], count, 0.3)
    least = least_departure(typical)[:, None].repeat(stretches, axis=1)
    least[~modelled] = np.inf
    return _Model(np.nan_to_num(colour).astype(np.float32), least, stretch)


def _stick_run(means: np.ndarray, span: int, reach: int) -> np.ndarray:
    """The stretches (bool) of the run `span` long where a stick lies along the wall, if one
    does (none else): the run whose mean colours (`means`, per row and stretch, nan where
    none) depart most from the wall both before and after it (within `reach`, SIDE_STRETCHES
    of it at least each side), beyond how far those two depart from each other, by
    OBJECT_FACTOR at least. A stick may cover nearly half of a short wall, more than a
    median over all of it can pass over. But where the wall's look changes along it (a
    lamp's light ends on it), a run on one side of the change departs from the wall on the
    other side no more than the two sides depart from each other: no stick."""
    stretches = means.shape[1]
    firsts = np.arange(max(1, stretches - span + 1))
    offset = np.arange(stretches)[None, :] - firsts[:, None]
    run = (offset >= 0) & (offset < span)
    # Per row, the `reach` stretches from each place on (the first `reach` before the first).
    ahead = _windows(means, reach, reach, span + reach)
    walls = []
    for start in (firsts, firsts + span + reach):
        # Per run, row and channel, the wall on one side of it: (runs, rows, 3).
        wall, count = _nan_median(ahead[:, start], axis=-1)
        beside = np.where(count >= SIDE_STRETCHES, wall, np.nan)
        walls.append(beside.transpose(1, 0, 2))
    before, after = walls
    # Per run, row, channel and stretch of the run: (runs, rows, 3, span).
    inside = _windows(means, span, 0, span)[:, firsts].transpose(1, 0, 2, 3)
    from_both = np.minimum(np.abs(inside - before[..., None]), np.abs(inside - after[..., None]))
    departure = (from_both - np.abs(before - after)[..., None]).max(axis=2)
    known = np.isfinite(departure)
    score = np.where(known, departure, 0.0).sum(axis=(1, 2)) / np.maximum(known.sum(axis=(1, 2)), 1)
    best = int(np.argmax(score))
    if score[best] < OBJECT_FACTOR:
        return np.zeros(stretches, bool)
    chosen: np.ndarray = run[best]
    return chosen


def _windows(means: np.ndarray, width: int, before: int, after: int) -> np.ndarray:
    """Per row of `means` (rows, stretches, 3), the `width` stretches from each place on,
    the row padded with `before` and `after` stretches of nan: (rows, places, 3, width)."""
    padded = np.pad(means, ((0, 0), (before, after), (0, 0)), constant_values=np.nan)
    windows: np.ndarray = np.lib.stride_tricks.sliding_window_view(padded, width, axis=1)
    return windows


def _quantiles_by_row(values: np.ndarray, rows: np.ndarray, count: int, q: float) -> np.ndarray:
    """The q-quantile (0..1, as `vision.order.quantile`) of the `values` in each of `count`
    rows (`rows` tells each value's); inf for a row with none."""
    if len(values) == 0:
        return np.full(count, np.inf, np.float32)
    order = np.lexsort((values, rows))
    ordered, held = values[order], np.bincount(rows, minlength=count)
    starts = np.concatenate(([0], np.cumsum(held)[:-1]))
    position = starts + q * np.maximum(held - 1, 0)
    last = np.clip(starts + held - 1, 0, len(ordered) - 1)
    low = np.minimum(position.astype(int), last)
    high = np.minimum(low + 1, last)
    result = ordered[low] + (ordered[high] - ordered[low]) * (position - np.floor(position))
    return np.where(held > 0, result, np.inf).astype(np.float32)


def _nan_median(values: np.ndarray, axis: int) -> tuple[np.ndarray, np.ndarray]:
    """The median along `axis` of `values`' numbers (nan where there are none), and how many
    there are: sorted, nans go last."""
    ordered = np.sort(values, axis=axis)
    count = np.sum(~np.isnan(values), axis=axis, keepdims=True)
    low = np.take_along_axis(ordered, np.maximum(count - 1, 0) // 2, axis=axis)
    high = np.take_along_axis(ordered, np.minimum(count // 2, values.shape[axis] - 1), axis=axis)
    middle = np.where(count > 0, (low + high) / 2, np.nan)
    return np.squeeze(middle, axis=axis), np.squeeze(count, axis=axis)


def _departures(
    along: np.ndarray, rows: np.ndarray, colours: np.ndarray, model: _Model
) -> np.ndarray:
    """How far each pixel (how far `along` the side, in which of `rows`, of what `colours`)
    departs from the side's `model`, in its least departures; -1 where it is not modelled."""
    stretches = model.colour.shape[1]
    j = np.minimum((along // model.stretch).astype(int), stretches - 1)
    inside = rows < model.colour.shape[0]
    rows = np.minimum(rows, model.colour.shape[0] - 1)
    departure: np.ndarray = np.abs(colours - model.colour[rows, j]).max(axis=1)
    departure /= model.least[rows, j]
    departure[~inside | ~np.isfinite(model.least[rows, j])] = -1.0
    return departure
