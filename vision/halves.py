"""A stick seen as two strips side by side, made one again.

A round face shades from light to dark across its width; where its shade crosses the floor's
colour (a pale face on linen under two lamps), a line along the stick does not depart from
the floor and the stick falls into two thin strips, each as long as the stick. Two such strips
are joined when they lie parallel, side by side over their whole length with at most a line
between them, and together are no thicker than one stick: two sticks lying side by side are
twice as thick, and stay apart (the scene is then not four sticks, and is asked again).
"""

from __future__ import annotations

import dataclasses
import math

import cv2
import numpy as np

from vision.detect import Blob

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


def join_halves(blobs: list[Blob], thickness: float) -> list[Blob]:
    """`blobs` with each pair of strips that are the two halves of one stick (see the module)
    made one blob; `thickness` is a whole stick's, in working pixels (0 when unknown: then the
    median thickness of the other blobs stands for it)."""
    joined = list(blobs)
    changed = True
    while changed:
        changed = False
        for i, j in _pairs(len(joined)):
            if not _side_by_side(joined[i], joined[j]):
                continue
            one = _one_stick(joined[i], joined[j], thickness or _others_thickness(joined, i, j))
            if one is not None:
                joined = [b for k, b in enumerate(joined) if k not in (i, j)] + [one]
                changed = True
                break
    joined.sort(key=lambda b: -b.area)
    return joined


def _pairs(count: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(count) for j in range(i + 1, count)]


def _others_thickness(blobs: list[Blob], *leaving: int) -> float:
    """The median thickness of the blobs other than those at `leaving`: the other sticks."""
    others = [b.width for k, b in enumerate(blobs) if k not in leaving]
    return float(np.median(others)) if others else 0.0


def _side_by_side(a: Blob, b: Blob) -> bool:
    """Strips `a` and `b` lie parallel, as long as each other, side by side over their whole
    length with at most a line between them (or overlapping by as much)."""
    turn = abs(a.angle - b.angle) % 180
    if min(turn, 180 - turn) > PARALLEL:
        return False
    if min(a.length, b.length) < SAME_LENGTH * max(a.length, b.length):
        return False
    angle = math.radians((a.angle + b.angle) / 2 if turn < 90 else a.angle)
    cos, sin = math.cos(angle), math.sin(angle)
    dx, dy = b.center[0] - a.center[0], b.center[1] - a.center[1]
    along = abs(dx * cos + dy * sin)
    gap = abs(dy * cos - dx * sin) - (a.width + b.width) / 2
    return along <= ALONG * max(a.length, b.length) and abs(gap) <= GAP


def _one_stick(a: Blob, b: Blob, thickness: float) -> Blob | None:
    """The stick that strips `a` and `b`, side by side, are the halves of: their joined box,
    unless it is thicker than one stick of `thickness` (or that is unknown)."""
    if thickness <= 0:
        return None
    corners = np.array(a.corners + b.corners, np.float32)
    (cx, cy), (rw, rh), box_angle = cv2.minAreaRect(corners)
    if rw < rh:
        rw, rh, box_angle = rh, rw, box_angle + 90
    if rh > ONE_STICK * thickness:
        return None
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
    )
