"""Finding the sticks: pixels that differ from the floor, grouped into measured blobs.

A pixel belongs to an object when its colour departs from the fitted floor colour by a clear
factor in some channel. Shadows only darken the floor by a moderate, nearly uniform factor, so
such pixels are left out; what remains is grouped into connected blobs whose rotated bounding
box gives position, length, width and angle.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache, partial
from itertools import combinations

import cv2
import numpy as np

from vision.floor import (
    OBJECT_FACTOR,
    FloorModel,
    least_departure,
    log_linear,
    outer_hull,
    polygon_mask,
)
from vision.order import column_medians, quantile
from vision.walls import wall_band

DETECT_WIDTH = 320
SHADOW_FLOOR = math.log(0.18)
SHADOW_TOP = math.log(0.93)
PLAIN_SHADOW_FLOOR = math.log(0.3)
SHADOW_SPREAD = 0.25
SHADOW_TINT = 1.0
ELONGATED = 3.5
WALL_BAND = 0.1
WALL_SPAN = 0.6
WALL_LEG = 0.15
WALLS_AROUND = 1.5
WIDE_WALL_BAND = 0.15
WHOLE_WALL = 0.7
EVEN_BAND = 0.4
MARK_SPARE = 2
# How much of a stick's area shows in what passes for a wall's shadow, at the least, for it to
# be looked at as a stick there (see `_shows_a_stick`).
STICK_IN_SHADE = 0.1
TEXTURE_SAMPLE = 4096
# The most of a stick found in a wall's band that may be shadow-like (see `_whole_sticks`).
FACE_IN_THE_BAND = 0.25
# Smallest object looked at, as a share of the tray's floor: a stick covers about ten times as
# much, specks of grain and noise less.
MIN_AREA = 0.0015
# How far in from its outline the tray's floor is looked at (detection pixels): the foot of
# the wall is no object.
FLOOR_INSET = 2
# How near the picture's border an object reaches to reach it (detection pixels): where the
# tray fills the view, its outline runs half a pixel in from the border, its floor is looked
# at FLOOR_INSET pixels in from that, and the blurred edge of a face cut by the border
# departs from the floor's colour a pixel further in.
FRAME_REACH = FLOOR_INSET + 2
# An object this many sticks long (known) reaching the tray's edge is no stick, though
# straight: a stick joined to a wall's band that it makes too deep to pass for the band alone.
TOO_LONG = 1.3
# An object this many sticks thick is no stick, though long and thin: the scene check takes
# it for sticks touching, and it is looked for apart first as sticks lying alongside (see
# `_alongside`), a few millimetres apart and joined by the shadow between them.
TOO_THICK = 1.8
# Sticks lying a few millimetres apart have their axes a stick's width and the gap apart;
# sticks touching, the sum of their radii: less than this share of a stick's thickness as
# seen, which their soft sides and shadows widen (tune and low splits: 1.00 to 1.45 for
# sticks lying apart, 0.81 to 0.92 for touching ones that part into whole sticks).
AXES_APART = 0.95
# Pieces of a component are one stick when they are as thick as each other, and their box
# together is as thick as the thickest of them, each within this share (and so are pieces
# that are components of their own, see `vision.halves`).
IN_ONE_LINE = 1.5
# Sticks lying close whose faces a pixel's neck joins are parted when their directions are
# this many degrees apart at most (see `_side_by_side`).
SIDE_BY_SIDE = 20.0
# An object this share shadow-like or more, and not one stick, may be a wall's shade with a
# stick lying in it (see `_sticks_in_its_shade`); what is left of it once the sticks are out
# departs from the shade's colour over this share of it at most.
SHADE_WITH_A_STICK = 0.6
SHADE_LEFT_OFF = 0.05
# How far each side of the tray's outline the band along the walls reaches, in a stick's
# thickness, when looked at on its own (see `find_blobs`): a stick against a wall is seen
# shifted outward by less than its thickness.
WALL_REACH = 1.0
_LOG_LEVEL = log_linear(np.arange(256, dtype=np.float32))


@dataclass(frozen=True)
class Blob:
    """One connected object, measured in working-image pixels; `touches_edge` is how far it
    runs along the tray floor's edge, in widths, and `reach` how far in from that edge (or the
    picture's border) it goes. `in_shade`: a stick made whole across the floor in the walls'
    shade (see `find_blobs`), which may be lit across its width by the shadow's edge rather
    than by its shape (see `vision.features`). `on_mark`: it lies on or against one of the
    tray's marks (see `shown_outlines`), so part of it may be hidden. `shadowlike`: the share
    of its pixels that could be the floor in a shadow (see `object_mask`)."""

    center: tuple[float, float]
    length: float
    width: float
    angle: float
    area: float
    fill: float
    touches_frame: bool
    touches_edge: float
    corners: tuple[tuple[float, float], ...]
    reach: float = math.inf
    in_shade: bool = False
    on_mark: bool = False
    shadowlike: float = 0.0


@dataclass(frozen=True)
class Calibrated:
    """What calibration knows of the view: a whole stick's length and thickness (working
    pixels), and where the tray's floor goes on beyond the lit outline, in the shade of its
    walls (see `shaded_floor_outline`; None in files from before it was kept)."""

    stick_length: float
    stick_thickness: float
    shaded_floor: np.ndarray | None


def object_mask(
    small: np.ndarray, floor: FloorModel, contrast: float = 1.0, plain_shadows: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pixels of `small` (detection size, BGR uint8) that are not bare floor, those that
    could be floor in a shadow, and every pixel's log ratios to the floor's colour.
    `contrast` scales the departure an object needs (below 1: faces close to the floor's
    colour, where calibration found the empty tray allows it); with `plain_shadows`, the
    pixels that could only be a plain shadow count as objects too (see below).

    Ratios to the floor are taken in linear light (undoing the camera's gamma), where a shadow
    scales the channels by the share of light that still arrives: evenly under one light
    (such pixels are not objects), unevenly when the lights differ in colour (such pixels may
    be a shadow or a dark object, and are told apart by where they lie). Never so unevenly,
    though, that one channel keeps SHADOW_TINT (e, 2.7) times the share another keeps: lamps
    differ less than that, and a face tinted further against the floor, however dark (dark
    paint on coloured felt), is no shadow. Darkened evenly and not below PLAIN_SHADOW_FLOOR,
    a pixel is a plain shadow and no object, unless `plain_shadows`: dark paint of the
    floor's own hue (neutral paint on a grey floor a few times lighter) is as plain.
    """
    h, w = small.shape[:2]
    log_ratio = _log_ratios(small, floor.log_grid(h, w))
    departure, maybe_shadow, plain_shadow = _departures(log_ratio)
    least = contrast * _least_departure(departure.reshape(-1)[_texture_sample(h * w)])
    objects = _objects(departure, plain_shadow, least, plain_shadows)
    return objects, maybe_shadow, log_ratio


def _log_ratios(image: np.ndarray, floor_grid: np.ndarray) -> np.ndarray:
    """The log ratios of `image` (BGR uint8) to the floor, whose log colour in linear light
    is `floor_grid` (as `FloorModel.log_grid` gives it, for every pixel)."""
    log_ratio: np.ndarray = cv2.LUT(image, _LOG_LEVEL)
    cv2.subtract(log_ratio, floor_grid, dst=log_ratio)
    return log_ratio


def _departures(log_ratio: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """How far each pixel departs from the floor (in its channel that departs most), whether
    it could be that floor in a shadow, and whether only in a plain one (see `object_mask`),
    from its `log_ratio`s (an image of three channels)."""
    # The channels as they lie in the image: numpy compares them there in less time than cv2
    # takes to split them into planes of their own.
    b, g, r = log_ratio[..., 0], log_ratio[..., 1], log_ratio[..., 2]
    high = np.maximum(np.maximum(b, g), r)
    low = np.minimum(np.minimum(b, g), r)
    maybe_shadow = _shadow_like(high, low)
    plain_shadow = maybe_shadow & (high - low < SHADOW_SPREAD) & (low > PLAIN_SHADOW_FLOOR)
    departure: np.ndarray = cv2.max(high, -low)
    return departure, maybe_shadow, plain_shadow


def _least_departure(sample: np.ndarray) -> float:
    """How far a pixel departs from the floor to be an object, at a contrast of 1, by the
    departures of a `sample` of the picture's pixels (see `_texture_sample`): the floor
    covers most of the view, and its texture sets how much departure is noise."""
    return float(least_departure(quantile(sample, 0.3)))


def _objects(
    departure: np.ndarray, plain_shadow: np.ndarray, least: float, plain_shadows: bool
) -> np.ndarray:
    """The objects (uint8) among pixels departing from the floor by `departure`, those that
    depart by more than `least`; a `plain_shadow` is none unless `plain_shadows`."""
    departs = departure > least
    objects = departs if plain_shadows else departs & ~plain_shadow
    return objects.astype(np.uint8)


def _shadow_like(high: np.ndarray, low: np.ndarray) -> np.ndarray:
    """Pixels whose log ratios to a floor's colour, at most `high` and at least `low` over
    the channels, could be that floor in a shadow (see `object_mask`)."""
    shadow: np.ndarray = (high < SHADOW_TOP) & (low > SHADOW_FLOOR) & (high - low < SHADOW_TINT)
    return shadow


@lru_cache(maxsize=8)
def _texture_sample(pixels: int) -> np.ndarray:
    """Indices of TEXTURE_SAMPLE pixels spread at random over a picture: a regular subsample
    could beat with a woven floor's pattern and misjudge its texture."""
    count = min(pixels, TEXTURE_SAMPLE)
    chosen: np.ndarray = np.random.default_rng(0).choice(pixels, count, replace=False)
    return np.sort(chosen)


def tray_outline(floorlike: np.ndarray) -> np.ndarray:
    """Convex outline (fractions of width/height) of the largest stretch of floor.

    Largest by the floor it holds, its holes taken out: where the rim and the surroundings
    pass for floor, they lie outside a closed ring (the tray's inner wall) around the tray's
    floor, and their outline would take in the whole tray.
    """
    h, w = floorlike.shape
    bare = cv2.morphologyEx(floorlike.astype(np.uint8), cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    contours, hierarchy = cv2.findContours(bare, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    parents = hierarchy[0][:, 3]
    held = [cv2.contourArea(c) for c in contours]
    for index, parent in enumerate(parents):
        if parent >= 0:
            held[parent] -= held[index]
            held[index] = 0.0  # a hole's outline holds no floor
    biggest = contours[int(np.argmax(held))]
    hull = cv2.convexHull(biggest).reshape(-1, 2).astype(np.float32) + 0.5
    return (hull / np.array([w, h], np.float32)).astype(np.float32)


def detection_image(work: np.ndarray) -> np.ndarray:
    """The working image at DETECT_WIDTH pixels wide, where objects are found and the floor
    is fitted: sticks are still several pixels across, and a pixel costs a quarter."""
    wh, ww = work.shape[:2]
    dw = min(DETECT_WIDTH, ww)
    if dw == ww:
        return work
    size = (dw, max(8, round(dw * wh / ww)))
    small: np.ndarray = cv2.resize(work, size, interpolation=cv2.INTER_AREA)
    return small


def find_blobs(
    small: np.ndarray,
    floor: FloorModel,
    scale: float,
    tray_polygon: np.ndarray | None = None,
    contrast: float = 1.0,
    known: Calibrated | None = None,
    marks: tuple[np.ndarray, ...] = (),
    work: np.ndarray | None = None,
    judged: tuple[float, float] = (0.0, 0.0),
    plain_shadows: bool = False,
    walls: bool = False,
) -> tuple[list[Blob], np.ndarray]:
    """Objects on the tray floor of the detection image `small`, measured in pixels of an
    image `scale` times as large (the working image), largest first, and the tray outline;
    what lies on the tray's `marks` (see `shown_outlines`) is passed over, pixel by pixel.

    Without `tray_polygon` (fractions of width/height) the outline is found in the picture;
    `contrast` as for `object_mask`. What calibration `known` lets a stick along a wall be
    told from the wall, or from the wall's shadow, and a stick the outline cuts be looked
    for whole on the floor in the walls' shade beyond it. Sticks that the detection image
    joins are looked for apart in the `work` image it was made from, when given (see
    `CloserLook`). A long, thin object over TOO_THICK times as thick as a stick (`known`,
    or else `judged` from the frame: a whole stick's length and thickness in working pixels,
    0 when not judged) is looked at as sticks lying alongside (see `_alongside`).
    `plain_shadows` as for `object_mask`. With `walls` and `known`, the band along the walls
    (WALL_REACH of a stick's thickness each side of the outline) is looked at against the
    walls' own look, not the floor's (see `vision.walls`), and the tray taken to its outer
    edge: a stick against a wall, seen over the wall's face, is found there.
    """
    dh, dw = small.shape[:2]
    objects, maybe_shadow, log_ratio = object_mask(small, floor, contrast, plain_shadows)
    closer = CloserLook(work, floor, contrast, scale) if work is not None and scale > 1 else None
    polygon = tray_outline(objects == 0) if tray_polygon is None else tray_polygon
    if walls and known:
        reach = WALL_REACH * known.stick_thickness / scale
        by_the_walls, in_it, polygon = wall_band(
            log_ratio, polygon, reach, known.stick_length / scale, contrast
        )
        objects = np.where(by_the_walls, in_it, objects).astype(np.uint8)
        maybe_shadow = maybe_shadow & ~by_the_walls
    tray_key = (polygon.astype(np.float32).tobytes(), dh, dw)
    tray, edge, tray_area = _tray_masks(*tray_key)
    tray_span = (np.ptp(polygon[:, 1]) * dh, np.ptp(polygon[:, 0]) * dw)
    mask = (objects & tray).astype(np.uint8)
    hidden = np.zeros((dh, dw), bool)
    if marks:
        marked = _marked(tuple(mark.astype(np.float32).tobytes() for mark in marks), dh, dw)
        # What the marks hide, and two pixels round it: an object there may lie partly on one.
        hidden = cv2.dilate(mask & marked, np.ones((5, 5), np.uint8)).astype(bool)
        mask[marked] = 0
    unclosed = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    mask = cv2.morphologyEx(unclosed, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    # 16-bit labels (a detection image cannot hold more components) take half the time.
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        mask, connectivity=8, ltype=cv2.CV_16U
    )
    min_area = MIN_AREA * max(tray_area, 1)
    depth = _tray_depth(*tray_key)
    blobs = []
    for label in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[label])
        if area < min_area:
            continue
        window = (slice(y, y + bh), slice(x, x + bw))
        component = labels[window] == label
        shadowy = maybe_shadow[window]
        on_edge = int(np.count_nonzero(edge[window] & component))
        if _wall_shadow(component, shadowy, area, on_edge) and not (
            known and _shows_a_stick(component, shadowy, known, scale)
        ):
            if known is None:
                continue
            parts = _round_faces_in_the_shade(
                component, shadowy, known, scale, min_area
            ) or _sticks_off_the_shadow(
                component, shadowy, unclosed[window], edge[window], known, scale, min_area
            )
        else:
            shape = Shape.of(component)
            is_wall = partial(_wall_band, offset=(x, y), tray_key=tray_key, tray_span=tray_span)
            band = is_wall(component) and not (
                known and as_long_as_a_stick(max(shape.box[1]), known.stick_length / scale)
            )
            if band and not known:
                continue
            whole = None
            if known and on_edge and not band:
                whole = _whole_in_the_shade(
                    labels, label, shape, log_ratio, known, scale, tray_key
                )
            if whole is not None:
                blob = _measure(*whole, (0, 0), scale, (dw, dh), edge, depth)
                on_mark = bool(np.count_nonzero(hidden & whole[0]))
                blobs.append(dataclasses.replace(blob, in_shade=True, on_mark=on_mark))
                continue
            parts = [(component, shape)]
            too_long = (
                known and on_edge and max(shape.box[1]) > TOO_LONG * known.stick_length / scale
            )
            size = _size(known, scale) if known else (judged[0] / scale, judged[1] / scale)
            if band or not shape.elongated or too_long:
                # Not one stick: sticks joined, or a stick and a wall's band, looked for apart.
                parts = _apart(component, shape, shadowy, unclosed[window], min_area, is_wall)
                if len(parts) == 1 and closer is not None:
                    parts = closer.apart(component, (x, y), min_area) or parts
            elif min(shape.box[1]) > TOO_THICK * size[1] > 0:
                apart = _apart(component, shape, shadowy, unclosed[window], min_area, is_wall)
                parts = apart if _alongside(apart, size) else parts
            if band and known:
                parts = _whole_sticks(parts, shadowy, edge[window], known, scale)
            elif known and len(parts) == 1 and not _is_whole(shape, *size):
                in_view = ((x, y), (dh, dw))
                parts = (
                    _sticks_in_its_shade(
                        component, shadowy, log_ratio[window], edge[window], known, scale, in_view
                    )
                    or parts
                )
        for part, part_shape in parts:
            blob = _measure(part, part_shape, (x, y), scale, (dw, dh), edge[window], depth[window])
            on_mark = bool(np.count_nonzero(hidden[window] & part))
            shadowlike = np.count_nonzero(shadowy & part) / max(part_shape.area, 1)
            blobs.append(dataclasses.replace(blob, on_mark=on_mark, shadowlike=shadowlike))
    blobs.sort(key=lambda b: -b.area)
    return blobs, polygon


@lru_cache(maxsize=4)
def _marked(marks: tuple[bytes, ...], height: int, width: int) -> np.ndarray:
    """The places of the tray's `marks` (outlines, float32 x, y fractions of width and
    height, as bytes: a calibrated tray's are the same every frame) in a detection image,
    MARK_SPARE pixels to spare all round: a mark, a wall's band, looks a little otherwise as
    the light changes."""
    drawn = np.zeros((height, width), np.uint8)
    size = np.array([width, height], np.float32)
    outlines = [np.frombuffer(mark, np.float32).reshape(-1, 2) * size for mark in marks]
    cv2.fillPoly(drawn, [np.round(outline).astype(np.int32) for outline in outlines], 1)
    side = 2 * MARK_SPARE + 1
    return cv2.dilate(drawn, np.ones((side, side), np.uint8)).astype(bool)


def shown_outlines(
    small: np.ndarray, floor: FloorModel, tray_polygon: np.ndarray, contrast: float
) -> tuple[np.ndarray, ...]:
    """The outlines (fractions of width and height) of what the empty tray `small`
    (detection image) shows on its floor at `contrast`: the tray's marks (a stain, a wall's
    band or the shadow a lamp casts from it), passed over in every throw. A stick lying on
    or against one may lose part of itself to it: `find_blobs` says so (`Blob.on_mark`), and
    the reader asks again unless the stick is seen whole."""
    height, width = small.shape[:2]
    objects, _, _ = object_mask(small, floor, contrast)
    tray = _tray_masks(tray_polygon.astype(np.float32).tobytes(), height, width)[0]
    shown = cv2.morphologyEx(
        (objects & tray).astype(np.uint8), cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)
    )
    contours, _ = cv2.findContours(shown, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    # Specks of grain and noise smaller than any object looked at are left to chance.
    least = MIN_AREA * np.count_nonzero(tray)
    size = np.array([width, height], np.float32)
    return tuple(
        ((cv2.approxPolyDP(c, 0.7, True).reshape(-1, 2) + 0.5) / size).astype(np.float32)
        for c in contours
        if cv2.contourArea(c) >= least
    )


def floor_outline(small: np.ndarray, floor: FloorModel) -> np.ndarray:
    """The outline (fractions of width/height) of the tray's floor in `small` (detection
    image), as `find_blobs` finds it when given none: all that is no object, shade and all."""
    objects, _, _ = object_mask(small, floor)
    return tray_outline(objects == 0)


def lit_floor_outline(small: np.ndarray, floor: FloorModel) -> np.ndarray:
    """The outline (fractions of width/height) of the tray's lit floor in `small` (detection
    image of the empty tray, or of a throw), leaving out all that could be floor in a shadow.

    A rim of the floor's own wood, lit a little less than the floor, passes for floor in a
    shadow, and where no wall's face is seen between them (the wall the camera looks down
    past) it joins the floor: `tray_outline` then takes in the rim, and the wall's foot in
    the tray with it. The lit floor stops at the rim.
    """
    objects, maybe_shadow, _ = object_mask(small, floor)
    return tray_outline((objects == 0) & ~maybe_shadow)


def shaded_floor_outline(
    small: np.ndarray, floor: FloorModel, tray_polygon: np.ndarray, reach: float
) -> np.ndarray:
    """The outline (fractions of width/height) of the tray's floor in `small` (detection image
    of the empty tray, or of a throw), taking in beyond `tray_polygon` the floor in the shade
    of the walls, up to `reach` pixels out.

    A wall's shadow darker than plain shadow, or coloured by the other lamp, is left out of
    the floor's outline, yet sticks lie there, against the wall. It is told from the wall's
    face and the rim by being darker than the floor in every channel, but not black.
    """
    height, width = small.shape[:2]
    _, maybe_shadow, _ = object_mask(small, floor)
    lit = polygon_mask(tray_polygon, height, width)
    away = cv2.distanceTransform((~lit).astype(np.uint8), cv2.DIST_L2, 3)
    shade = (away <= reach) & maybe_shadow & ~lit
    # Only the shade that joins the lit floor: what lies beyond the wall is not the floor.
    _, labels = cv2.connectedComponents((shade | lit).astype(np.uint8), connectivity=8)
    joined = np.isin(labels, np.unique(labels[lit]))
    hull = outer_hull(joined) + 0.5
    outline: np.ndarray = (hull / np.array([width, height], np.float32)).astype(np.float32)
    return outline


def _whole_in_the_shade(
    labels: np.ndarray,
    label: int,
    shape: Shape,
    log_ratio: np.ndarray,
    known: Calibrated,
    scale: float,
    tray_key: tuple[bytes, int, int],
) -> tuple[np.ndarray, Shape] | None:
    """A stick that the lit tray's edge cuts (component `label` of the detection image's
    `labels`, of `shape`), made whole with what lies beyond the edge, on the shaded floor:
    the stretches there that are not that floor (see `_off_the_shaded_floor`; `log_ratio`,
    the detection image's to its lit floor, as `object_mask` gives it) that it touches,
    however far they go (a lamp low over the wall shades a band of floor several sticks
    thick, and a stick can reach across much of it); as a mask of the detection image, with
    its shape. None when the calibration kept no shaded floor, or the stick was whole
    already, or is not one whole stick then, or comes near the edge of the shaded floor or
    of the picture: a stick over the rim or out of view shows most of its length too. The
    component's mask is only made once it may be grown."""
    length, thickness = _size(known, scale)
    if _is_whole(shape, length, thickness) or known.shaded_floor is None:
        return None
    component = labels == label
    height, width = component.shape
    lit = _tray_masks(*tray_key)[0]
    outline = known.shaded_floor.astype(np.float32).tobytes()
    floor, floor_edge, _ = _tray_masks(outline, height, width)
    # Opened as objects are: specks of the floor's texture would chain the stick to the wall.
    off = _off_the_shaded_floor(log_ratio, floor & ~lit, component, length).astype(np.uint8)
    beyond = cv2.morphologyEx(off, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    touching = _dilated(component.astype(np.uint8), 3)
    _, pieces = cv2.connectedComponents(beyond, connectivity=8)
    joined = np.unique(pieces[touching & (beyond > 0)])
    grown = component | np.isin(pieces, joined[joined > 0])
    if np.count_nonzero(grown & floor_edge):
        return None
    grown_shape = Shape.of(grown)
    if _maybe_out_of_view(grown_shape, grown.shape, thickness):
        return None
    return (grown, grown_shape) if _is_whole(grown_shape, length, thickness) else None


def _off_the_shaded_floor(
    log_ratio: np.ndarray,
    shaded: np.ndarray,
    component: np.ndarray,
    length: float,
) -> np.ndarray:
    """What lies on the floor in the walls' shade (`shaded`, beyond the lit outline) and is
    not that floor, within a stick's length of a stick (`component`) reaching into it, in
    the detection image whose log ratios to its lit floor are `log_ratio` (`length`, in its
    pixels).

    The shade's own colour is taken around the stick (the median of the shaded floor within
    a stick's length of it, mostly bare however the rest of the stick lies): lit by the sky
    or another lamp alone, the shade departs from the lit floor in tint as well as in
    brightness, and its grain with it, so that much of it would pass for objects. What
    departs from that colour by more than the grain does (as `object_mask` judges the lit
    floor) is an object, unless it lies on the way from it to the lit floor's colour (the
    shadow's soft edge) or is a shadow on it (where another lamp lights the shade, a stick
    there casts its shadow across it). When the stick's part on the lit floor (`component`,
    its median) is in a colour clearly no shadow's edge has (by OBJECT_FACTOR), what keeps
    that colour, within OBJECT_FACTOR and nearer it than the shadow's edge, is the stick
    still: the wall shades the floor further out than a stick's face, which stands above
    it, so a stick's end reaching into the shade can stay lit, as dark as the shadow's edge
    with dark paint, but in its own colour. A sliver of a stick in the shadow's soft edge
    takes that edge's colour, and tells nothing."""
    stick = component.astype(np.uint8)
    looked_at = shaded & _dilated(stick, 2 * round(length) + 1)
    off = np.zeros_like(shaded)
    if np.count_nonzero(looked_at) < 9:
        return off
    pixels = log_ratio[looked_at]
    shade = np.median(pixels, axis=0)
    mix = np.linspace(0.0, 1.0, 11, dtype=np.float32)[:, np.newaxis]
    edge_colours = np.log((1 - mix) + mix * np.exp(shade)[np.newaxis, :])
    away = _off_the_line(pixels, edge_colours)
    grain = quantile(away, 0.3)
    blue, green, red = (pixels - shade).T
    high = np.maximum(np.maximum(blue, green), red)
    shadow = _shadow_like(high, np.minimum(np.minimum(blue, green), red))
    off[looked_at] = (away > least_departure(grain)) & ~shadow
    own = column_medians(log_ratio[component])
    if float(_off_the_line(own[np.newaxis, :], edge_colours)[0]) > OBJECT_FACTOR:
        from_own = np.abs(pixels - own).max(axis=1)
        off[looked_at] |= (from_own < away) & (from_own < OBJECT_FACTOR)
    return off


def _off_the_line(colours: np.ndarray, line: np.ndarray) -> np.ndarray:
    """How far each of `colours` (N x 3 log ratios) lies from the nearest of the colours
    along `line` (M x 3), in its channel that departs most."""
    # Channel by channel: numpy reduces a last axis of three slowly.
    off = [np.abs(colours[:, [c]] - line[:, c]) for c in range(3)]
    nearest: np.ndarray = np.maximum(np.maximum(off[0], off[1]), off[2]).min(axis=1)
    return nearest


def _dilated(mask: np.ndarray, side: int) -> np.ndarray:
    """`mask` (uint8) grown by a square of `side` pixels, as booleans."""
    grown: np.ndarray = cv2.dilate(mask, np.ones((side, side), np.uint8)) > 0
    return grown


def _is_whole(shape: Shape, length: float, thickness: float) -> bool:
    """One stick, as long and as thick as a whole one (detection pixels)."""
    return shape.elongated and a_whole_sticks_size(*shape.box[1], length, thickness)


def a_whole_sticks_size(side: float, other: float, length: float, thickness: float) -> bool:
    """A box with sides `side` and `other` (either way round) is a whole stick's, `length`
    by `thickness`: as long within a tenth (`as_long_as_a_stick`), and from 0.7 to 1.3 as
    thick (a round face's sides melt into the floor, a shadow widens a box)."""
    long, short = max(side, other), min(side, other)
    return as_long_as_a_stick(long, length) and 0.7 * thickness <= short <= 1.3 * thickness


def as_long_as_a_stick(long: float, length: float) -> bool:
    """`long` is a whole stick's `length`, within a tenth: in a tray not two sticks long, a
    stick lying along a wall runs along most of it."""
    return 0.9 * length <= long <= 1.1 * length


def _maybe_out_of_view(
    shape: Shape, size: tuple[int, int], thickness: float, offset: tuple[int, int] = (0, 0)
) -> bool:
    """Part of a stick of `shape` (`thickness` pixels thick, in a picture of `size`, height
    and width; in a window of it at `offset`) may lie beyond the picture: it reaches the
    border, or one of its ends comes within half its thickness of it (cut there, a stick
    still shows most of its length, and the blur of the cut keeps its mask off the border).
    Only its side may come that close: a whole stick lies in the shade of the wall nearest
    the border, and a stick cut along its length reaches the border."""
    height, width = size
    left, top, box_width, box_height = cv2.boundingRect(shape.outline + np.array(offset))
    if _reaches_the_border((left, top, box_width, box_height), (width, height), 0):
        return True
    (cx, cy), (side, other), angle = shape.box
    cx, cy = cx + offset[0], cy + offset[1]
    half = max(side, other) / 2
    turn = np.radians(angle if side >= other else angle + 90)
    for sign in (-1, 1):
        x, y = cx + sign * half * np.cos(turn), cy + sign * half * np.sin(turn)
        if min(x, y, width - x, height - y) < thickness / 2:
            return True
    return False


def _reaches_the_border(
    bounds: tuple[int, int, int, int], size: tuple[int, int], reach: int
) -> bool:
    """Whether what fills `bounds` (left, top, width, height) comes within `reach` pixels of
    the border of a picture of `size` (width, height)."""
    left, top, box_width, box_height = bounds
    return (
        min(left, top) <= reach
        or left + box_width >= size[0] - reach
        or top + box_height >= size[1] - reach
    )


@lru_cache(maxsize=4)
def _tray_masks(polygon: bytes, height: int, width: int) -> tuple[np.ndarray, np.ndarray, int]:
    """The tray's floor FLOOR_INSET pixels in from its outline (float32 x, y fractions, as
    bytes: a calibrated tray is the same every frame), the floor's edge, and its area in
    pixels. The foot of the tray wall is not an object."""
    outline = np.frombuffer(polygon, np.float32).reshape(-1, 2)
    inside = polygon_mask(outline, height, width).astype(np.uint8)
    side = 2 * FLOOR_INSET + 1
    tray = cv2.erode(inside, np.ones((side, side), np.uint8)).astype(bool)
    edge = tray & ~cv2.erode(tray.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    return tray, edge, int(np.count_nonzero(tray))


@lru_cache(maxsize=4)
def _tray_depth(polygon: bytes, height: int, width: int) -> np.ndarray:
    """Each pixel's distance in from the edge of `_tray_masks`' floor, the picture's border
    counting as edge too."""
    tray = _tray_masks(polygon, height, width)[0].astype(np.uint8)
    framed = cv2.copyMakeBorder(tray, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    depth: np.ndarray = cv2.distanceTransform(framed, cv2.DIST_L2, 3)[1:-1, 1:-1]
    return depth


def _wall_band(
    component: np.ndarray,
    offset: tuple[int, int],
    tray_key: tuple[bytes, int, int],
    tray_span: tuple[float, float],
) -> bool:
    """The tray's inner wall, seen as a dark band around the floor when the outline found
    takes in the rim (its top the floor's colour): an object (a window of the picture placed
    at `offset`) that runs along most of the tray's height or width (`tray_span`, pixels), or
    around a corner along both for as long (light from one side shows two walls), yet never
    reaches further in from the edge of the tray (`tray_key`, as for `_tray_masks`) than
    WALL_BAND of the shorter of them (WIDE_WALL_BAND when it runs along most of two sides,
    WALLS_AROUND of their spans together, or along WHOLE_WALL of one as evenly deep, its
    pixels' mean depth EVEN_BAND of its deepest or more: a low lamp adds the walls' shadows
    to their faces, and no arm runs along the walls so far; one reaching in over a band
    makes it deep in one place). A stick is far shorter and straight; a hand reaching in
    goes deeper. A band that turns a corner may lie a rim's width in from the edge, as long
    as it is no thicker than that: a straight stick cannot turn a corner and stay so near
    the walls.
    """
    height, width = component.shape
    rise, run = height / tray_span[0], width / tray_span[1]
    corner = min(rise, run) >= WALL_LEG and rise + run >= WALL_SPAN
    if max(rise, run) < WALL_SPAN and not corner:
        return False
    x, y = offset
    depths = _tray_depth(*tray_key)[y : y + height, x : x + width][component]
    even = float(depths.mean()) >= EVEN_BAND * float(depths.max())
    wide = rise + run >= WALLS_AROUND or (max(rise, run) >= WHOLE_WALL and even)
    band = (WIDE_WALL_BAND if wide else WALL_BAND) * min(tray_span)
    start = float(depths.min()) if corner else 0.0
    return start < band and float(depths.max()) - start < band


def _wall_shadow(component: np.ndarray, shadowy: np.ndarray, area: int, on_edge: int) -> bool:
    """The tray wall's shadow on the floor: a shadow-like strip running along the outline
    (a coloured lamp over a grained floor leaves some of its pixels not shadow-like).

    Its length along the outline is many times its thickness (area over that length); a
    dark stick that only touches the outline with its end is the other way round.
    """
    if not on_edge:
        return False
    along = on_edge * on_edge / max(area, 1)
    share = float(shadowy[component].mean())
    return (share > 0.9 and along >= 1) or (share > 0.6 and along >= 3)


def _shows_a_stick(
    component: np.ndarray, shadowy: np.ndarray, known: Calibrated, scale: float
) -> bool:
    """A component that passes for the wall's shadow (see `_wall_shadow`) shows a stick's
    face: a piece of it that is not shadow-like, half a stick thick at least (it stays when
    opened by a square that wide) and as large as STICK_IN_SHADE of a stick (`known`, in
    pixels `scale` times the detection image's). A coloured lamp's shadow of the wall leaves
    specks of the floor's grain not shadow-like, never a piece so thick; a stick lying in
    the wall's shade, its shadow one with the wall's, shows its face."""
    solid = _half_a_stick_thick(component & ~shadowy, known, scale)
    stick_area = known.stick_length * known.stick_thickness / (scale * scale)
    return bool(np.count_nonzero(solid) >= STICK_IN_SHADE * stick_area)


def _half_a_stick_thick(mask: np.ndarray, known: Calibrated, scale: float) -> np.ndarray:
    """What of `mask` is half a stick (`known`, in pixels `scale` times the detection
    image's) thick at least: what stays when opened by a square that wide (uint8)."""
    side = max(3, round(known.stick_thickness / scale / 2))
    opened: np.ndarray = cv2.morphologyEx(
        mask.astype(np.uint8), cv2.MORPH_OPEN, np.ones((side, side), np.uint8)
    )
    return opened


def _round_faces_in_the_shade(
    component: np.ndarray, shadowy: np.ndarray, known: Calibrated, scale: float, min_area: float
) -> list[tuple[np.ndarray, Shape]]:
    """The round faces lying in the wall's shadow `component` (see `_wall_shadow`) that show
    no piece of a stick's face (see `_shows_a_stick`), each a mask with its shape. Lit less
    than the floor and not tinted, a plain wood face in the wall's shade is shadow-like down
    its middle; only its sides, turned from the light and tinted by the wood, are not: lines
    a few pixels apart. Closed, they are the face: a piece half a stick thick (opened so) and
    as long as a stick (`known`, in pixels `scale` times the detection image's), grown back
    within the component."""
    face = cv2.morphologyEx(
        (component & ~shadowy).astype(np.uint8), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8)
    )
    solid = _half_a_stick_thick(face, known, scale)
    length = known.stick_length / scale
    return [
        (part, shape)
        for part, shape in _grown(_pieces(solid, min_area), component, 3)
        if shape.elongated and as_long_as_a_stick(max(shape.box[1]), length)
    ]


def _sticks_off_the_shadow(
    component: np.ndarray,
    shadowy: np.ndarray,
    unclosed: np.ndarray,
    edge: np.ndarray,
    known: Calibrated,
    scale: float,
    min_area: float,
) -> list[tuple[np.ndarray, Shape]]:
    """The sticks that a wall's shadow `component` (see `_wall_shadow`) joins, lying on the
    lit floor with an end in the shadow: parted from it as a stick from a wall's band (see
    `_apart`; `unclosed` and `min_area` as there), the rest being the wall's shadow, each
    widened across its length (see `_widened`), and kept when it is then one whole stick
    (`known`, in pixels `scale` times the detection image's) clear of the tray's `edge`."""

    def is_shadow(rest: np.ndarray) -> bool:
        area, on_edge = np.count_nonzero(rest), np.count_nonzero(rest & edge)
        return _wall_shadow(rest, shadowy, int(area), int(on_edge))

    length, thickness = _size(known, scale)
    parts = _apart(component, Shape.of(component), shadowy, unclosed, min_area, is_shadow)
    widened = [_widened(part, shape, component, thickness) for part, shape in parts]
    return [
        (part, shape)
        for part, shape in widened
        if _is_whole(shape, length, thickness) and not np.count_nonzero(part & edge)
    ]


def _sticks_in_its_shade(
    component: np.ndarray,
    shadowy: np.ndarray,
    log_ratio: np.ndarray,
    edge: np.ndarray,
    known: Calibrated,
    scale: float,
    in_view: tuple[tuple[int, int], tuple[int, int]],
) -> list[tuple[np.ndarray, Shape]]:
    """The sticks lying wholly in a wall's shade that `component` is, each a mask with its
    shape; none unless the component is shadow-like (SHADE_WITH_A_STICK of it at least) and
    what is left of it without them is the shade.

    Lit by another lamp or the sky alone, a wall's shade is tinted unlike plain shadow and is
    an object against the lit floor (`log_ratio`, the component's window of the log ratios
    to it), and a stick lying in it is one object with it. Against the shade's own colour,
    the stick stands out as a stick on the floor does (see `_off_the_shaded_floor`): the
    sticks are the pieces of what departs from it that are each one whole stick (`known`, in
    pixels `scale` times the detection image's) clear of the tray's `edge`. What is left
    (less a stick's width beside each) must hardly depart from the shade (SHADE_LEFT_OFF): a
    hand reaching into the shade does, and the object stays as it is; so it does where a
    stick may run out of view (`in_view`: the component's offset in the picture, and the
    picture's height and width; see `_maybe_out_of_view`)."""
    if float(shadowy[component].mean()) < SHADE_WITH_A_STICK:
        return []
    length, thickness = _size(known, scale)
    off = _off_the_shaded_floor(log_ratio, component, component, length).astype(np.uint8)
    # Opened as objects are: specks of the shade's grain go.
    opened = cv2.morphologyEx(off, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    sticks = [
        (piece, shape)
        for piece, shape in ((p, Shape.of(p)) for p in _pieces(opened, 0))
        if _is_whole(shape, length, thickness) and not np.count_nonzero(piece & edge)
    ]
    rest = _without(component, sticks)
    if not sticks or np.count_nonzero(opened & rest) > SHADE_LEFT_OFF * rest.sum():
        return []
    offset, size = in_view
    if any(_maybe_out_of_view(shape, size, thickness, offset) for _, shape in sticks):
        return []
    return sticks


def _size(known: Calibrated, scale: float) -> tuple[float, float]:
    """A whole stick's length and thickness as `known`, in pixels of the detection image
    (`scale` times smaller than the working image)."""
    return known.stick_length / scale, known.stick_thickness / scale


def _widened(
    part: np.ndarray, shape: Shape, component: np.ndarray, thickness: float
) -> tuple[np.ndarray, Shape]:
    """`part` (of `shape`) grown across its length within `component`, by a quarter of a
    stick's `thickness` on each side, with its new shape: a round face's side turned from
    the light is as shadow-like as the wall's shadow that joins it, and parting them leaves
    it to the shadow. Not grown along its length, into the shadow beyond its end."""
    (_, _), (side, other), angle = shape.box
    across = math.radians(angle + 90 if side >= other else angle)
    reach = max(1, round(thickness / 4))
    dx, dy = round(reach * math.cos(across)), round(reach * math.sin(across))
    line = np.zeros((2 * reach + 1, 2 * reach + 1), np.uint8)
    cv2.line(line, (reach - dx, reach - dy), (reach + dx, reach + dy), 1)
    grown = cv2.dilate(part.astype(np.uint8), line).astype(bool) & component
    return grown, Shape.of(grown)


def _apart(
    component: np.ndarray,
    shape: Shape,
    shadowy: np.ndarray,
    unclosed: np.ndarray,
    min_area: float,
    is_wall: Callable[[np.ndarray], bool],
) -> list[tuple[np.ndarray, Shape]]:
    """A component that is not one stick (of `shape`), split into sticks that lie close but
    apart, or off the tray's wall band (each with its shape); unsplit, itself.

    Two sticks a few millimetres apart can be joined by the shadow one casts on the floor
    between them (taken out, the parts fall apart), or by a pixel or two where blur and the
    mask's closing bridge the gap (two pixels eroded, they fall apart; eroded as they were
    before the closing, `unclosed`, when the closing bridged more: dark paint under a low
    lamp looks like the shadows between the sticks, and their ends, a pixel apart, close).
    Sticks that really touch along their length stay one component, and are reported as
    touching. A stick lying near a wall can be joined to the wall's band (`is_wall`, see
    `_wall_band`) by its shadow or by touching it: the sticks are its stick-shaped parts
    that are not shadow-like, or that two pixels' erosion leaves (the band is thinner than a
    stick), as long as the rest, without them and a stick's width beside each, is the band.
    A stick can be joined so to its own shadow, tinted by a second lamp: its part that is
    not shadow-like is one stick, and there is no rest; or that part is pieces of one stick
    end to end (see `_stick_of_pieces`), where its face too is shadow-like across its middle.
    Last, what is not shadow-like is closed over a few pixels: a barred stick's dark bars
    are as shadow-like as a shadow joining it to another stick, and part it into pieces
    shorter than a stick is thick; closed over them, the sticks must all be stick-shaped.
    When nothing else parts it, two sticks lying alongside whose faces a pixel's neck joins
    where they come nearest part when what is not shadow-like is pared a pixel on every side
    (see `_side_by_side`).
    """
    core = cv2.morphologyEx(
        (component & ~shadowy).astype(np.uint8), cv2.MORPH_OPEN, np.ones((2, 2), np.uint8)
    )
    square = np.ones((5, 5), np.uint8)
    thinned = cv2.erode(component.astype(np.uint8), square)
    gaps_kept = unclosed & component
    thinned_before_closing = cv2.erode(gaps_kept.astype(np.uint8), square)
    for seeds, grow in ((core, 3), (thinned, 5), (thinned_before_closing, 5)):
        parts = _grown(_pieces(seeds, min_area), component, grow)
        sticks = [(part, part_shape) for part, part_shape in parts if part_shape.elongated]
        if len(parts) >= 2 and len(sticks) == len(parts):
            return parts
        stick = _stick_of_pieces(component, parts) if seeds is core and len(parts) >= 2 else None
        if stick is not None and not _without(component, [stick]).any():
            return [stick]
        if sticks:
            rest = _without(component, sticks)
            if rest.any() and is_wall(rest):
                return sticks
            if seeds is core and len(sticks) == 1 and not rest.any():
                return sticks
    unbarred = cv2.morphologyEx(core, cv2.MORPH_CLOSE, square)
    parts = _grown(_pieces(unbarred, min_area), component, 3)
    if len(parts) >= 2 and all(part_shape.elongated for _, part_shape in parts):
        return parts
    pared = _grown(_pieces(cv2.erode(core, np.ones((3, 3), np.uint8)), min_area), component, 5)
    if len(pared) == 2 and _side_by_side(pared):
        return pared
    return [(component, shape)]


def _alongside(parts: list[tuple[np.ndarray, Shape]], size: tuple[float, float]) -> bool:
    """The `parts` that a long, thin component too thick for one stick falls into (see
    `_apart`) are sticks lying alongside: two or more, each a whole stick (`size`: a whole
    stick's length and thickness, detection pixels), their axes AXES_APART of a stick's
    thickness apart at least. Two sticks a few millimetres apart that the shadow between
    them joins part so. Two that touch can part where they meet, along a round face's
    shaded side or a face as dark as a shadow, into a stick that took in part of the other
    and a sliver of that one, or into two whole sticks whose axes lie closer: they stay one
    object, 'touching'."""
    shapes = [shape for _, shape in parts]
    length, thickness = size
    return (
        len(shapes) >= 2
        and all(_is_whole(shape, length, thickness) for shape in shapes)
        and all(_axes_apart(a, b) >= AXES_APART * thickness for a, b in combinations(shapes, 2))
    )


def _axes_apart(first: Shape, second: Shape) -> float:
    """How far apart the axes of two stick-shaped boxes lie: each one's middle from the
    other's axis, the mean of the two."""
    across = _from_the_middle(first, second.box[0])[1], _from_the_middle(second, first.box[0])[1]
    return (abs(across[0]) + abs(across[1])) / 2


def _from_the_middle(shape: Shape, point: tuple[float, float]) -> tuple[float, float]:
    """Where `point` lies from the middle of `shape`'s box: along its long side, and across."""
    way = math.radians(_direction(shape))
    (x, y), (px, py) = shape.box[0], point
    cos, sin = math.cos(way), math.sin(way)
    return (px - x) * cos + (py - y) * sin, (py - y) * cos - (px - x) * sin


def _side_by_side(parts: list[tuple[np.ndarray, Shape]]) -> bool:
    """Two sticks lying alongside each other: their directions within SIDE_BY_SIDE degrees,
    and side by side over half the shorter one's length at least. A few millimetres apart,
    the raised top of one and the shadow between them can close the gap in the picture where
    they come nearest, and their faces meet there by a pixel's neck that paring a pixel off
    every side parts. Sticks meeting so at a wider angle meet at an end, where one may lie
    on the other, and stay one object; so do pieces lying end to end (a stick, or a wall's
    band, that paring breaks)."""
    (_, first), (_, second) = parts
    if not (first.elongated and second.elongated):
        return False
    directions = _direction(first), _direction(second)
    turn = abs(directions[0] - directions[1])
    if min(turn, 180 - turn) > SIDE_BY_SIDE:
        return False
    apart_along = abs(_from_the_middle(first, second.box[0])[0])
    lengths = max(first.box[1]), max(second.box[1])
    return sum(lengths) / 2 - apart_along >= min(lengths) / 2


def _direction(shape: Shape) -> float:
    """The direction of `shape`'s long side, in degrees from 0 to 180."""
    (_, _), (side, other), angle = shape.box
    return float((angle if side >= other else angle + 90) % 180)


def _stick_of_pieces(
    component: np.ndarray, parts: list[tuple[np.ndarray, Shape]]
) -> tuple[np.ndarray, Shape] | None:
    """The one stick that `parts` of `component` are pieces of, if they are: lying end to
    end in one line, as thick as each other (within IN_ONE_LINE) and together hardly thicker
    than the thickest (sticks side by side or crossed make it twice as thick; what a hand
    over a stick leaves of it is far thinner than the hand). The stick is what of the
    component lies in the strip they make, as thick as they are together and as long as the
    component: without what else the component took in beside them (the shadow that the
    stick's end casts), with what lies between them. Pieces of a stick that fall apart into
    components of their own are joined later, as blobs (`vision.halves.join_pieces`)."""
    widths = [min(shape.box[1]) for _, shape in parts]
    together = Shape.of(np.logical_or.reduce([part for part, _ in parts]))
    (cx, cy), (side, other), angle = together.box
    thickest = max(widths)
    if min(widths) * IN_ONE_LINE < thickest or min(side, other) > IN_ONE_LINE * thickest:
        return None
    reach = float(sum(component.shape))
    size = (reach, other) if side >= other else (side, reach)
    strip = np.zeros(component.shape, np.uint8)
    corners = cv2.boxPoints(((cx - 0.5, cy - 0.5), size, angle))
    cv2.fillPoly(strip, [np.round(corners).astype(np.int32)], 1)
    stick = component & strip.astype(bool)
    return stick, Shape.of(stick)


class CloserLook:
    """The objects of the working image (`work`, `scale` times the detection image's size),
    for sticks the detection image joined: at half its resolution, a gap of a pixel or two
    between sticks lying close closes. Only floor seen between them parts them: a stick
    lying on another is parted from it by no more than the shadow it casts on it, as a
    stick lying close can be from the next, and stays one object, 'touching'."""

    def __init__(self, work: np.ndarray, floor: FloorModel, contrast: float, scale: float) -> None:
        self.work, self.floor, self.contrast, self.scale = work, floor, contrast, scale
        self.side = round(2 * scale) - 1

    @cached_property
    def _floor_grid(self) -> np.ndarray:
        """The floor's log colour at every pixel of the working image (see `FloorModel`)."""
        height, width = self.work.shape[:2]
        return self.floor.log_grid(height, width)

    @cached_property
    def _least(self) -> float:
        """How far a pixel of the working image departs from the floor to be an object, as
        `object_mask` judges the whole image: from the departures of its texture sample."""
        height, width = self.work.shape[:2]
        sample = _texture_sample(height * width)
        pixels = self.work.reshape(-1, 1, 3)[sample]
        floor = self._floor_grid.reshape(-1, 1, 3)[sample]
        departure, _, _ = _departures(_log_ratios(pixels, floor))
        return self.contrast * _least_departure(departure)

    def objects(self, rows: slice, columns: slice) -> np.ndarray:
        """The working image's objects in a window of it (see `object_mask`), opened as the
        detection image's are, with a square a pixel short of `scale` times as wide: specks
        of the floor's grain go, and a gap between sticks stays. Only the window is looked
        at, and the opening's reach around it: the rest of the picture changes nothing."""
        height, width = self.work.shape[:2]
        top, left = max(rows.start - self.side, 0), max(columns.start - self.side, 0)
        bottom, right = min(rows.stop + self.side, height), min(columns.stop + self.side, width)
        around = (slice(top, bottom), slice(left, right))
        departure, _, plain_shadow = _departures(
            _log_ratios(self.work[around], self._floor_grid[around])
        )
        objects = _objects(departure, plain_shadow, self._least, plain_shadows=False)
        square = np.ones((self.side, self.side), np.uint8)
        opened = cv2.morphologyEx(objects, cv2.MORPH_OPEN, square)
        window: np.ndarray = opened[
            rows.start - top : rows.stop - top, columns.start - left : columns.stop - left
        ]
        return window

    def apart(
        self, component: np.ndarray, offset: tuple[int, int], min_area: float
    ) -> list[tuple[np.ndarray, Shape]]:
        """The sticks `component` (a window of the detection image at `offset`) falls apart
        into in the working image, each a mask of the window with its shape: the pieces of
        the objects there, brought back to the detection image and grown back within the
        component; none unless there are two or more and all are stick-shaped."""
        height, width = component.shape
        (x, y), scale = offset, self.scale
        window = (
            slice(round(y * scale), round((y + height) * scale)),
            slice(round(x * scale), round((x + width) * scale)),
        )
        objects = self.objects(*window)
        size = (objects.shape[1], objects.shape[0])
        inside = cv2.resize(component.astype(np.uint8), size, interpolation=cv2.INTER_NEAREST)
        pieces = [
            cv2.resize(piece.astype(np.float32), (width, height), interpolation=cv2.INTER_AREA)
            >= 0.5
            for piece in _pieces(objects & inside, min_area * scale * scale)
        ]
        parts = _grown(pieces, component, 3)
        if len(parts) >= 2 and all(shape.elongated for _, shape in parts):
            return parts
        return []


def _whole_sticks(
    parts: list[tuple[np.ndarray, Shape]],
    shadowy: np.ndarray,
    edge: np.ndarray,
    known: Calibrated,
    scale: float,
) -> list[tuple[np.ndarray, Shape]]:
    """Those of the `parts` of a wall's band (see `_wall_band`) that are each one whole stick
    (`known`, in pixels `scale` times the detection image's) lying clear of the tray's `edge`
    and showing its face: a stick lying in the wall's deep shade, joined to the band along
    the wall by it. A piece of the band itself, however shaped, runs along the edge (the
    rim's lit top) or is shadow-like further than FACE_IN_THE_BAND (the wall's foot). The
    rest of the band is the wall."""
    length, thickness = _size(known, scale)
    return [
        (part, shape)
        for part, shape in parts
        if _is_whole(shape, length, thickness)
        and not np.count_nonzero(part & edge)
        and np.count_nonzero(part & shadowy) <= FACE_IN_THE_BAND * shape.area
    ]


def _without(component: np.ndarray, parts: list[tuple[np.ndarray, Shape]]) -> np.ndarray:
    """What is left of `component` without the parts and, beside each, its own width (the
    shadow a stick casts)."""
    rest = component.copy()
    for part, shape in parts:
        beside = max(3, round(min(shape.box[1])) | 1)
        rest &= cv2.dilate(part.astype(np.uint8), np.ones((beside, beside), np.uint8)) == 0
    return rest


def _pieces(seeds: np.ndarray, min_area: float) -> list[np.ndarray]:
    """The connected pieces of `seeds` (uint8) of half `min_area` or more, a mask each."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(seeds, connectivity=8)
    return [
        labels == label
        for label in range(1, count)
        if stats[label, cv2.CC_STAT_AREA] >= min_area / 2
    ]


def _grown(
    pieces: list[np.ndarray], component: np.ndarray, grow: int
) -> list[tuple[np.ndarray, Shape]]:
    """Each piece grown back by `grow` pixels (a square) within `component`, with its shape
    (none left empty)."""
    kernel = np.ones((grow, grow), np.uint8)
    grown = [cv2.dilate(p.astype(np.uint8), kernel).astype(bool) & component for p in pieces]
    return [(part, Shape.of(part)) for part in grown if part.any()]


@dataclass(frozen=True)
class Shape:
    """A mask's pixel count and rotated box (centre, length and width in pixels, angle),
    found from the pixels along its outside: they span the same convex hull, so the same box,
    as all of its pixels, and are far fewer."""

    area: int
    outline: np.ndarray
    box: tuple[tuple[float, float], tuple[float, float], float]

    @classmethod
    def of(cls, mask: np.ndarray) -> Shape:
        pixels = mask.astype(np.uint8)
        contours, _ = cv2.findContours(pixels, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        outline = np.concatenate(contours).reshape(-1, 2)
        (cx, cy), (rw, rh), angle = cv2.minAreaRect(outline.astype(np.float32) + 0.5)
        return cls(cv2.countNonZero(pixels), outline, ((cx, cy), (rw + 1, rh + 1), angle))

    @property
    def elongated(self) -> bool:
        """Shaped like one stick: long and thin, filling most of its rotated box."""
        long, short = max(self.box[1]), min(self.box[1])
        return self.area >= 6 and long >= ELONGATED * short and self.area >= 0.6 * long * short


def _measure(
    part: np.ndarray,
    shape: Shape,
    offset: tuple[int, int],
    scale: float,
    size: tuple[int, int],
    edge: np.ndarray,
    depth: np.ndarray,
) -> Blob:
    """One blob from its mask (a window of the detection image placed at `offset`, as are
    the tray's `edge` and `depth`, see `_tray_depth`)."""
    x, y = offset
    (cx, cy), (rw, rh), angle = shape.box
    cx, cy = cx + x, cy + y
    if rw < rh:
        rw, rh, angle = rh, rw, angle + 90
    corners = cv2.boxPoints(((cx, cy), (rw, rh), angle)) * scale
    area = shape.area
    left, top, box_width, box_height = cv2.boundingRect(shape.outline)
    bounds = (left + x, top + y, box_width, box_height)
    return Blob(
        center=(cx * scale, cy * scale),
        length=rw * scale,
        width=rh * scale,
        angle=float(angle % 180),
        area=area * scale * scale,
        fill=area / max(rw * rh, 1.0),
        touches_frame=_reaches_the_border(bounds, size, FRAME_REACH),
        touches_edge=int(np.count_nonzero(edge & part)) / max(rh, 1.0),
        corners=tuple(map(tuple, corners.tolist())),
        reach=float(depth[part].max()) * scale,
    )
