"""A stick seen as two parts, made one again; a stick's shadow seen as a strip beside it, left out.

A round face shades from light to dark across its width; where its shade crosses the floor's
colour (a pale face on linen under two lamps), a line along the stick does not depart from
the floor and the stick falls into two thin strips, each as long as the stick. Two such strips
are joined when they lie parallel, side by side over their whole length with at most a line
between them, and together are no thicker than one stick: two sticks lying side by side are
twice as thick, and stay apart (the scene is then not four sticks, and is asked again).
Under two lamps of different colours, the shadow one lamp casts beside a stick is lit by the
other alone, tinted unlike plain shadow, and detection can keep it as a strip of its own
along the stick: such a strip, thin and shadow-like all over, is left out. Under a lamp low
enough to cast it nearly as wide as the stick, it can lie a few pixels off a round face,
past the face's flank turned from that lamp, which looks like the floor; a strip so wide is
left out only once halves are joined, as a round face's darker half can be as wide. A stick
taken for a shadow so leaves a throw short of four sticks, asked again, never misread.

A round face lit low can instead look like the floor in a shadow over a stretch of its length
(plain wood on linen under two lamps): what detection keeps of it, apart from what could be
shadow, are two pieces end to end. They are joined when they lie on one line, one after the
other, and together are no longer than one stick: two sticks lying end to end are twice as
long, and stay apart.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from functools import partial

import cv2
import numpy as np

from vision.detect import IN_ONE_LINE, Blob

# Most the strips' directions differ, in degrees.
PARALLEL = 4.0
# Least share of the longer strip's length the shorter one has, and the most their centres
# lie apart along the stick, as a share of its length.
SAME_LENGTH = 0.85
ALONG = 0.1
# Widest line between the strips, in working pixels: up to three lines of detection pixels
# (the line at the floor's colour, blurred). What keeps two sticks apart is their thickness
# together, not the line between them.
GAP = 6.0
# Thickest the joined stick may be, as a share of a stick's thickness.
ONE_STICK = 1.3
# Pieces end to end: together no thicker than IN_ONE_LINE of the thicker one (as detection
# joins pieces of one component, see `vision.detect`), at least this share of their lengths
# added up (one after the other, not side by side), and no longer than this share of a
# stick's length.
END_TO_END = 0.9
ONE_LENGTH = 1.15
# A stick's cast shadow: at least this share of it could be the floor in a shadow, and it
# is no thicker than this share of the stick.
SHADOWLIKE = 0.8
SHADOW_STRIP = 0.5
# A low lamp's shadow, left beside a stick once halves are joined: no thicker than this
# share of the stick (a round face lit from 25 degrees up casts a shadow nine tenths as wide
# as what it shows of itself), and up to this share of the stick further off than a line
# (the round face's flank turned from that lamp, lit by another alone, can look like the
# floor).
LOW_SHADOW_STRIP = 0.9
LOW_SHADOW_FLANK = 0.4

# The blobs in view beside a pair, made when asked for (see `_joined`).
Others = Callable[[], list[Blob]]


def join_halves(blobs: list[Blob], thickness: float) -> list[Blob]:
    """`blobs` with each pair of strips that are the two halves of one stick (see the module)
    made one blob; `thickness` is a whole stick's, in working pixels (0 when unknown: then the
    median thickness of the other blobs stands for it)."""

    def halves(a: Blob, b: Blob, others: Others) -> Blob | None:
        if not _side_by_side(a, b):
            return None
        return _one_stick(a, b, thickness or _median([o.width for o in others()]))

    return _joined(blobs, halves)


def join_pieces(blobs: list[Blob], length: float) -> list[Blob]:
    """`blobs` with each pair of pieces of one stick lying end to end (see the module) made
    one blob; `length` is a whole stick's, in working pixels (0 when unknown: then the median
    length of the other blobs stands for it). Pieces on a mark of the tray stay apart: what
    lies between them is hidden, and the stick is not read from what is left of it."""

    def pieces(a: Blob, b: Blob, others: Others) -> Blob | None:
        if a.on_mark or b.on_mark or not _parallel(a, b):
            return None
        return _end_to_end(a, b, length or _median([o.length for o in others()]))

    return _joined(blobs, pieces)


def without_cast_shadows(blobs: list[Blob]) -> list[Blob]:
    """`blobs` without the shadows sticks cast that detection kept as objects (see the
    module): strips that could be the floor in a shadow nearly all over (SHADOWLIKE), no
    thicker than SHADOW_STRIP of a stick they lie along, within its length, with at most a
    line between them or within its outline's margin (as much as the strip is thick)."""
    return _without_shadows(blobs, SHADOW_STRIP, 0.0)


def without_low_lamps_shadows(blobs: list[Blob]) -> list[Blob]:
    """`blobs` without the wider shadows a low lamp casts (see the module): as for
    `without_cast_shadows`, but up to LOW_SHADOW_STRIP of the stick thick, and up to
    LOW_SHADOW_FLANK of it further off. Left out after halves are joined: a round face's
    darker half, as shadow-like, is as wide, and a stick it is joined to is whole."""
    return _without_shadows(blobs, LOW_SHADOW_STRIP, LOW_SHADOW_FLANK)


def _without_shadows(blobs: list[Blob], thickest: float, flank: float) -> list[Blob]:
    """`blobs` without strips cast by a stick among them (see `_cast_by`)."""
    return [
        blob for blob in blobs if not any(_cast_by(blob, stick, thickest, flank) for stick in blobs)
    ]


def _cast_by(strip: Blob, stick: Blob, thickest: float, flank: float) -> bool:
    """`strip` is the shadow that `stick` casts: shadow-like, no thicker than `thickest` of
    the stick, beside it with at most a line and `flank` of the stick's thickness between."""
    if strip is stick or strip.shadowlike < SHADOWLIKE:
        return False
    if strip.width > thickest * stick.width:
        return False
    gap = _gap_beside(strip, stick)
    return gap is not None and -strip.width <= gap <= GAP + flank * stick.width


def _joined(blobs: list[Blob], one_of: Callable[[Blob, Blob, Others], Blob | None]) -> list[Blob]:
    """`blobs` with pairs made one, largest first, as long as a pair is: `one_of(a, b,
    others)` is the blob that `a` and `b` make, or None; `others()` gives the blobs in view
    beside them (made only when asked for: most pairs are ruled out before)."""
    joined = list(blobs)
    changed = True
    while changed:
        changed = False
        for i, j in _pairs(len(joined)):
            others = partial(_without, joined, i, j)
            one = one_of(joined[i], joined[j], others)
            if one is not None:
                joined = [*others(), one]
                changed = True
                break
    joined.sort(key=lambda b: -b.area)
    return joined


def _pairs(count: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(count) for j in range(i + 1, count)]


def _without(blobs: list[Blob], i: int, j: int) -> list[Blob]:
    """`blobs` without those at `i` and `j`."""
    return [b for k, b in enumerate(blobs) if k not in (i, j)]


def _median(values: list[float]) -> float:
    """The median of the other blobs' measures: the other sticks' (0 when there are none)."""
    return float(np.median(values)) if values else 0.0


def _parallel(a: Blob, b: Blob) -> bool:
    """`a` and `b` turn from each other by PARALLEL degrees at most."""
    turn = _turn(a, b)
    return min(turn, 180 - turn) <= PARALLEL


def _turn(a: Blob, b: Blob) -> float:
    """How far `b`'s direction is turned from `a`'s, 0 to 180 degrees."""
    return abs(a.angle - b.angle) % 180


def _side_by_side(a: Blob, b: Blob) -> bool:
    """Strips `a` and `b` lie parallel, as long as each other, side by side over their whole
    length with at most a line between them (or overlapping by as much)."""
    gap = _gap_along(a, b)
    return gap is not None and abs(gap) <= GAP


def _gap_along(a: Blob, b: Blob) -> float | None:
    """How far apart `a` and `b` lie across their length (below 0: overlapping), when they
    lie parallel, as long as each other, side by side over their whole length; else None."""
    if not _parallel(a, b):
        return None
    if min(a.length, b.length) < SAME_LENGTH * max(a.length, b.length):
        return None
    along, across = _offset(a, b, (a.angle + b.angle) / 2 if _turn(a, b) < 90 else a.angle)
    if along > ALONG * max(a.length, b.length):
        return None
    return across - (a.width + b.width) / 2


def _gap_beside(strip: Blob, stick: Blob) -> float | None:
    """How far `strip` lies from `stick` across its length (below 0: overlapping), when it
    lies parallel beside it, within its length (ALONG to spare); else None. A shadow cast
    aslant along the stick shows beside it only where the stick does not hide it: shorter."""
    if not _parallel(strip, stick) or strip.length * SAME_LENGTH > stick.length:
        return None
    along, across = _offset(stick, strip, stick.angle)
    if along > (stick.length - strip.length) / 2 + ALONG * stick.length:
        return None
    return across - (strip.width + stick.width) / 2


def _offset(a: Blob, b: Blob, angle: float) -> tuple[float, float]:
    """How far `b`'s centre lies from `a`'s along the direction `angle` (degrees) and across
    it, both unsigned."""
    radians = math.radians(angle)
    cos, sin = math.cos(radians), math.sin(radians)
    dx, dy = b.center[0] - a.center[0], b.center[1] - a.center[1]
    return abs(dx * cos + dy * sin), abs(dy * cos - dx * sin)


def _one_stick(a: Blob, b: Blob, thickness: float) -> Blob | None:
    """The stick that strips `a` and `b`, side by side, are the halves of: their joined box,
    unless it is thicker than one stick of `thickness` (or that is unknown)."""
    if thickness <= 0:
        return None
    box = _box(a, b)
    if box[1][1] > ONE_STICK * thickness:
        return None
    return _made_one(a, b, box)


def _end_to_end(a: Blob, b: Blob, length: float) -> Blob | None:
    """The stick that pieces `a` and `b` are parts of, lying end to end on one line: their
    joined box, unless it is longer than one stick of `length` (or that is unknown)."""
    box = _box(a, b)
    long, thick = box[1]
    if (
        length <= 0
        or thick > IN_ONE_LINE * max(a.width, b.width)
        or long < END_TO_END * (a.length + b.length)
        or long > ONE_LENGTH * length
    ):
        return None
    return _made_one(a, b, box)


Box = tuple[tuple[float, float], tuple[float, float], float]


def _box(a: Blob, b: Blob) -> Box:
    """The rotated box around both blobs: centre, (length, thickness), angle in degrees."""
    corners = np.array(a.corners + b.corners, np.float32)
    (cx, cy), (rw, rh), box_angle = cv2.minAreaRect(corners)
    if rw < rh:
        rw, rh, box_angle = rh, rw, box_angle + 90
    return (float(cx), float(cy)), (float(rw), float(rh)), float(box_angle)


def _made_one(a: Blob, b: Blob, box: Box) -> Blob:
    """One blob of `a` and `b` in their joined `box`."""
    (cx, cy), (rw, rh), box_angle = box
    return dataclasses.replace(
        a,
        center=(float(cx), float(cy)),
        length=float(rw),
        width=float(rh),
        angle=float(box_angle % 180),
        area=a.area + b.area,
        fill=(a.area + b.area) / max(rw * rh, 1.0),
        touches_frame=a.touches_frame or b.touches_frame,
        touches_edge=a.touches_edge + b.touches_edge,
        corners=tuple(
            (float(x), float(y)) for x, y in cv2.boxPoints(((cx, cy), (rw, rh), box_angle))
        ),
        reach=max(a.reach, b.reach),
        in_shade=a.in_shade or b.in_shade,
        on_mark=a.on_mark or b.on_mark,
        shadowlike=(a.shadowlike * a.area + b.shadowlike * b.area) / max(a.area + b.area, 1.0),
    )
