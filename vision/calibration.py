"""Calibration from three pictures: the empty tray, four flat faces up, four round faces up.

It records the tray outline (the lit floor's, and the floor's in the walls' shade), what the
empty tray shows on its floor when that is in the way (its marks, passed over), the sticks'
size in the picture (the median's, and the shortest stick's length), both faces' features,
how little an object may depart from the floor and still be found (`contrast`), how much
less the empty tray still allows where a throw's sticks are lost against the floor
(`closest_contrast`), and how sharp still sticks' sides and ends look through this camera
(`still_sides`, `still_ends`), in a small JSON file.
Everything is stored relative to the picture's width and height, so the same calibration
serves any resolution of the same camera view.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from vision.classify import CalibratedFaces
from vision.features import NAMES, second_softest

if TYPE_CHECKING:
    from vision.reader import Measurement

# 2: roundness is bounded to -1..1 (an ill-conditioned fit made it run to 3 and more).
VERSION = 2
# Least share of the picture the tray's floor covers: four sticks lie apart on it.
MIN_TRAY_AREA = 0.05
# Widest turn (degrees) between neighbouring directions of the four sticks in a face picture.
MAX_DIRECTION_GAP = 90.0
# The shares of the usual departure from the floor at which objects are looked for, in turn,
# until the sticks are found (see `calibrate`).
CONTRASTS = (1.0, 0.85, 0.7, 0.55)
# How far beyond the lit floor's outline the floor in the walls' shade is looked for, in
# sticks' thicknesses: a stick lying against a wall in its shade is cut by the outline.
SHADE_REACH = 2.0
# What calibration tries in turn, as (contrast, whether the empty tray's marks are passed
# over): first the usual reader, then the marks, then ever closer to the floor's colour.
ATTEMPTS = ((1.0, False), (1.0, True), *((c, True) for c in sorted(CONTRASTS[1:])))
# Longest a stick looks, in calibrated stick lengths: one near the camera looks longer than
# the median of the calibration pictures' sticks, and a low lamp lengthens it by its ends'
# shadows, by a tenth or so in all. A straight band longer still is no stick left in the tray.
LONGEST_STICK = 1.2


class CalibrationError(ValueError):
    """The calibration pictures or file cannot be used; the message says why."""


class _EmptyTrayShowsSomething(CalibrationError):
    """The empty tray's picture shows objects where the face pictures' sticks were found."""


@dataclass(frozen=True)
class Calibration:
    tray: np.ndarray
    stick_length: float
    stick_width: float
    faces: CalibratedFaces
    image_size: tuple[int, int]
    contrast: float = 1.0
    marks: tuple[np.ndarray, ...] = ()
    shaded_floor: np.ndarray | None = None
    closest_contrast: float | None = None
    still_sides: float | None = None
    still_ends: float | None = None
    shortest_stick: float | None = None
    plain_shadows: bool = False
    # How many of the four flat and of the four round faces the camera clipped white in
    # calibration's pictures (`vision.features.MeasuredStick.washed_out`): their shading,
    # which tells a round face from a flat one, is lost (see `exposure_warning`).
    washed_out: tuple[int, int] = (0, 0)

    def closer_contrasts(self) -> list[float]:
        """The contrasts, closer to the floor's colour than `contrast`, at which a throw whose
        sticks were lost in part is looked at again, in turn: CONTRASTS down to the closest
        at which the empty tray still showed nothing; in files from before that was kept, one
        step of CONTRASTS down."""
        if self.closest_contrast is None:
            return [self.contrast * CONTRASTS[1] / CONTRASTS[0]]
        closest = self.closest_contrast
        return [c for c in CONTRASTS if closest <= c < self.contrast]

    def farther_contrasts(self) -> list[float]:
        """The contrasts of CONTRASTS farther from the floor's colour than `contrast`, the
        nearest first, at which a throw is looked at again when calibration looked closer
        than usual (for faces near the floor's colour, as light paint on linen): that close,
        a stick's soft shadow in a throw's light can join it into one object too thick for a
        stick."""
        return [c for c in sorted(CONTRASTS) if c > self.contrast]

    def to_dict(self) -> dict[str, Any]:
        stick = {"length": round(self.stick_length, 4), "width": round(self.stick_width, 4)}
        if self.shortest_stick is not None:
            stick["shortest"] = round(self.shortest_stick, 4)
        data = {
            "version": VERSION,
            "image_size": list(self.image_size),
            "tray": _points(self.tray),
            "stick": stick,
            "features": list(NAMES),
            "flat": [round(float(v), 4) for v in self.faces.flat_mean],
            "round": [round(float(v), 4) for v in self.faces.round_mean],
            "flat_spread": [round(float(v), 4) for v in self.faces.flat_spread],
            "round_spread": [round(float(v), 4) for v in self.faces.round_spread],
            "contrast": round(self.contrast, 4),
            "marks": [_points(mark) for mark in self.marks],
        }
        if self.shaded_floor is not None:
            data["shaded_floor"] = _points(self.shaded_floor)
        if self.closest_contrast is not None:
            data["closest_contrast"] = round(self.closest_contrast, 4)
        if self.still_sides is not None and self.still_ends is not None:
            data["still_sides"] = round(self.still_sides, 3)
            data["still_ends"] = round(self.still_ends, 2)
        if self.plain_shadows:
            data["plain_shadows"] = True
        if any(self.washed_out):
            data["washed_out"] = list(self.washed_out)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Calibration:
        """A calibration from parsed JSON, checked field by field."""
        try:
            version = data["version"]
            if type(version) is not int or version != VERSION:
                raise CalibrationError(
                    f"calibration version {version!r} is not {VERSION}: calibrate again"
                )
            if list(data["features"]) != list(NAMES):
                raise CalibrationError("calibration was made with other features; calibrate again")
            tray = _outline(data["tray"], "tray outline")
            # Files written before each face's spread was kept have one for both, the larger.
            spreads = ("spread",) * 2 if "spread" in data else ("flat_spread", "round_spread")
            vectors = [
                np.array(_numbers(data[k], f"{k} vector"), np.float32)
                for k in ("flat", "round", *spreads)
            ]
            size = tuple(int(v) for v in _numbers(data["image_size"], "image size"))
            stick = data["stick"]
            length = float(_numbers(stick["length"], "stick length"))
            width = float(_numbers(stick["width"], "stick width"))
            # Files written before the shortest stick was kept have none: a stick touching
            # the tray's edge is measured against the median, as before.
            shortest = stick.get("shortest")
            shortest_stick = (
                None if shortest is None else float(_numbers(shortest, "shortest stick"))
            )
            # Files written before objects were looked for at lower contrast, or before the
            # tray's marks were kept, have neither.
            contrast = float(_numbers(data.get("contrast", 1.0), "contrast"))
            marks = [_outline(mark, "mark outline") for mark in data.get("marks", [])]
            # Files written before the floor in the walls' shade was kept have none: sticks
            # are looked for within the lit outline only, as before.
            shaded = data.get("shaded_floor")
            shaded_floor = None if shaded is None else _outline(shaded, "shaded floor outline")
            # Files written before the closest contrast the empty tray allows was kept have
            # none: a throw is looked at again one step closer, as before.
            closest = data.get("closest_contrast")
            closest_contrast = (
                None if closest is None else float(_numbers(closest, "closest contrast"))
            )
            # Files written before how sharp still sticks look was kept have neither: a throw
            # is taken for moving by the bounds for any camera alone.
            still_sides, still_ends = (
                None if data.get(key) is None else float(_numbers(data[key], what))
                for key, what in (("still_sides", "still sides"), ("still_ends", "still ends"))
            )
            if (still_sides is None) != (still_ends is None):
                raise CalibrationError("calibration still sides and still ends come together")
            # Files written before sticks were looked for among plain shadows have no such
            # key: objects are looked for as before.
            plain_shadows = data.get("plain_shadows", False)
            if not isinstance(plain_shadows, bool):
                raise CalibrationError("calibration plain_shadows must be true or false")
            # Files written before washed-out faces were counted have no such key.
            washed_out = data.get("washed_out", [0, 0])
            if not (
                isinstance(washed_out, list)
                and len(washed_out) == 2
                and all(type(count) is int and 0 <= count <= 4 for count in washed_out)
            ):
                raise CalibrationError(
                    "calibration washed_out must be two counts of faces (flat, round), 0 to 4"
                )
        except CalibrationError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise CalibrationError(f"calibration file is malformed: {error}") from error
        if cv2.contourArea(tray) < MIN_TRAY_AREA:
            raise CalibrationError(
                f"calibration tray outline covers under {MIN_TRAY_AREA:.0%} of the picture"
            )
        if any(v.shape != (len(NAMES),) or not np.isfinite(v).all() for v in vectors):
            raise CalibrationError(f"calibration face vectors must have {len(NAMES)} numbers")
        if (
            (np.concatenate(vectors[2:]) <= 0).any()
            or not (0 < width < length < 1.5)
            or not (shortest_stick is None or 0 < shortest_stick <= length)
            or not (0 < contrast <= 1)
            or not (closest_contrast is None or 0 < closest_contrast <= contrast)
            or not all(v is None or 0 < v < math.inf for v in (still_sides, still_ends))
            or len(size) != 2
            or min(size) <= 0
        ):
            raise CalibrationError("calibration values are out of range")
        faces = CalibratedFaces(*vectors)
        return cls(
            tray,
            length,
            width,
            faces,
            (size[0], size[1]),
            contrast,
            tuple(marks),
            shaded_floor,
            closest_contrast,
            still_sides,
            still_ends,
            shortest_stick,
            plain_shadows,
            (washed_out[0], washed_out[1]),
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Calibration:
        try:
            text = Path(path).read_text()
        except OSError as error:
            raise CalibrationError(f"cannot read calibration {path}: {error.strerror}") from error
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise CalibrationError(f"calibration {path} is not JSON: {error}") from error
        return cls.from_dict(data)


def exposure_warning(calibration: Calibration) -> str | None:
    """What the faces the camera clipped white in calibration's pictures (`washed_out`) cost
    the reading, and what to do about it; None where it costs nothing. Faces of one kind
    washed out still differ from the other kind (white paint beside plain wood, plain wood
    beside dark paint), and painted bars stay dark however bright the face around them; but
    flat and round faces both washed out, without bars, differ only in the shading the camera
    clipped: drawn set-ups so calibrated (19, 74, 174, 217, 224, 284) read 21 of 87 clean
    throws, the rest 'not sure', while barred sets washed out read them all."""
    flat, round_ = calibration.washed_out
    if not (flat and round_) or calibration.faces.apart[NAMES.index("bars")]:
        return None
    return (
        f"the camera clips {flat} of the 4 flat faces and {round_} of the 4 round faces white, "
        "which loses the shading that tells them apart: lower its exposure (or dim the light) "
        "and calibrate again"
    )


def _points(outline: np.ndarray) -> list[list[float]]:
    return [[round(float(x), 4), round(float(y), 4)] for x, y in outline]


def _outline(value: Any, what: str) -> np.ndarray:
    """An outline from JSON: at least three [x, y] points in the picture (fractions)."""
    outline = np.array(_numbers(value, what), np.float32)
    if outline.ndim != 2 or outline.shape[1] != 2 or len(outline) < 3:
        raise CalibrationError(f"calibration {what} must be at least 3 [x, y] points")
    if not np.isfinite(outline).all() or (outline < 0).any() or (outline > 1).any():
        raise CalibrationError(
            f"calibration {what} must lie in the picture (fractions of its size, 0-1)"
        )
    return outline


def _numbers(value: Any, what: str) -> Any:
    """`value` (a number or nested lists of numbers) unchanged; CalibrationError when a leaf
    is anything else: JSON text or `true` would otherwise pass as a number."""
    leaves = value if isinstance(value, list) else [value]
    for leaf in leaves:
        if isinstance(leaf, list):
            _numbers(leaf, what)
        elif isinstance(leaf, bool) or not isinstance(leaf, int | float):
            raise CalibrationError(f"calibration {what} must be numbers, found {leaf!r}")
    return value


def direction_gap(angles: list[float]) -> float:
    """The widest turn, in degrees, between neighbouring directions of sticks lying at
    `angles` (degrees; a stick's direction repeats every half turn).

    How a face is shaded depends on how it lies to the light. With no gap over 90 degrees,
    whichever way the light falls, one stick lies within 45 degrees of along it and one
    within 45 degrees of across it, so calibration sees the faces lit both ways; sticks laid
    side by side would teach one look of the round face and mistake the others.
    """
    turns = sorted(angle % 180 for angle in angles)
    return max(b - a for a, b in itertools.pairwise([*turns, turns[0] + 180]))


def calibrate(empty: np.ndarray, flat: np.ndarray, round_: np.ndarray) -> Calibration:
    """Measure the tray and both faces. Raises CalibrationError naming the bad picture.

    Objects are looked for as far from the floor's colour as in a throw read without
    calibration, and all of them are taken for objects. Where that does not find the sticks,
    the same is tried within the outline of the lit floor alone (see
    `vision.detect.lit_floor_outline`): the tray's outline as the reader finds it can take
    in a rim of the floor's own wood, and the wall's shade beside it. Then two things may be
    in the way, tried in turn (ATTEMPTS):
    - marks of the tray itself (a stain, a wall's band or the shadow a lamp casts from it)
      that the empty tray shows too: their outlines are kept and what lies on them is
      passed over, as long as none could be a stick or a hand (see `_may_be_marks`);
    - faces near the floor's colour (light paint on a pale floor can be within a fifth of
      it): a throw lit a little otherwise would lose them, so they are looked for as close
      to the floor's colour as the empty tray allows while still showing nothing but marks
      (the lowest of CONTRASTS that calibrates).
    When none of them does, they are tried again within the lit floor, and last, unless
    the empty tray itself showed something, the usual reader's with what looks like a plain
    shadow taken for an object (`plain_shadows`, see `vision.detect.object_mask`): neutral
    dark paint on a grey floor a few times lighter returns an even share of its light, as a
    shadow does. The shade is left out
    of the floor before it is passed over as a mark: a stick reaching into a mark is asked
    again, one in the shade of a wall is looked for whole there. The error reported is the
    usual reader's. The floor in the walls' shade beyond the lit outline is kept too (see
    `vision.detect.shaded_floor_outline`).
    """
    from vision.reader import StickReader

    if len({image.shape[:2] for image in (empty, flat, round_)}) != 1:
        raise CalibrationError("the three calibration pictures must have the same size")
    tray = StickReader().tray_outline(empty)
    (contrast, marked), *others = ATTEMPTS
    try:
        return _calibrate_at(empty, flat, round_, tray, contrast, marked)
    except CalibrationError as error:
        usual = error
    lit = StickReader().lit_floor_outline(empty)
    calibration = (
        _on_the_lit_floor(empty, flat, round_, tray, lit, ATTEMPTS[:1])
        or _first_of(others, empty, flat, round_, tray)
        or _on_the_lit_floor(empty, flat, round_, tray, lit, ATTEMPTS[1:])
    )
    # Only for sticks the face pictures did not show: an empty tray that shows something is
    # refused, whatever plain shadows would make of it.
    if calibration is None and not isinstance(usual, _EmptyTrayShowsSomething):
        with contextlib.suppress(CalibrationError):
            calibration = _calibrate_at(
                empty, flat, round_, tray, contrast, marked, plain_shadows=True
            )
    if calibration is None:
        raise usual
    return calibration


def _first_of(
    attempts: Sequence[tuple[float, bool]],
    empty: np.ndarray,
    flat: np.ndarray,
    round_: np.ndarray,
    tray: np.ndarray,
) -> Calibration | None:
    """The calibration of the first of `attempts` (see ATTEMPTS) that succeeds within the
    outline `tray`, or None."""
    for contrast, marked in attempts:
        with contextlib.suppress(CalibrationError):
            return _calibrate_at(empty, flat, round_, tray, contrast, marked)
    return None


def _on_the_lit_floor(
    empty: np.ndarray,
    flat: np.ndarray,
    round_: np.ndarray,
    tray: np.ndarray,
    lit: np.ndarray,
    attempts: Sequence[tuple[float, bool]],
) -> Calibration | None:
    """A calibration within `lit`, the outline of the lit floor alone (see `calibrate`),
    by the first of `attempts` that succeeds, if the `empty` tray still shows nothing but
    marks within the outline `tray` the reader found, with no marks passed over, the rim
    and the wall's foot told from objects by the sticks' size: a hand reaching in over
    the wall, as dark as a shadow, is left out of the lit floor too, but not out of the
    tray. Only marks beyond the lit floor are allowed: the wall's dark foot along a rim
    of the floor's own wood, which that outline took in (see `_beyond_the_lit_floor`)."""
    from vision.reader import StickReader

    calibration = _first_of(attempts, empty, flat, round_, lit)
    if calibration is None:
        return None
    unmarked = StickReader(dataclasses.replace(calibration, marks=()))
    blank = unmarked.measure_sticks(empty, tray)
    height, width = empty.shape[:2]
    beyond = _beyond_the_lit_floor(blank, calibration.tray, width / height)
    return calibration if beyond and _may_be_marks(blank, calibration) else None


def _calibrate_at(
    empty: np.ndarray,
    flat: np.ndarray,
    round_: np.ndarray,
    tray: np.ndarray,
    contrast: float,
    marked: bool,
    plain_shadows: bool = False,
) -> Calibration:
    """`calibrate` with the tray's outline found, looking for objects at one `contrast`,
    passing over what lies where the empty tray shows something when `marked`, and taking
    what looks like a plain shadow for an object when `plain_shadows`."""
    from vision.reader import StickReader

    images = {"flat.png": flat, "round.png": round_}
    height, width = empty.shape[:2]
    reader = StickReader()
    provisional: tuple[np.ndarray, ...] = ()
    if marked:
        provisional = reader.shown_outlines(empty, tray, contrast)
    sizes = []
    for name, image in images.items():
        found = reader.measure_sticks(
            image, tray, contrast, provisional, plain_shadows=plain_shadows
        )
        if found.problem:
            raise CalibrationError(f"{name}: {found.problem}")
        if len(found.sticks) != 4:
            raise CalibrationError(f"{name}: found {len(found.sticks)} sticks, need 4 lying apart")
        gap = direction_gap([s.blob.angle for s in found.sticks])
        if gap > MAX_DIRECTION_GAP:
            raise CalibrationError(
                f"{name}: the sticks' directions leave a gap of {gap:.0f} degrees; lay them "
                "turned like the spokes of a wheel, none parallel"
            )
        sizes += [(s.blob.length / found.width, s.blob.width / found.width) for s in found.sticks]
    length, thickness = np.median(np.array(sizes), axis=0)
    shortest = min(size[0] for size in sizes)
    # Measured again knowing a whole stick's thickness, as a reader with this calibration will.
    measured = {
        name: reader.measure_sticks(
            image, tray, contrast, provisional, float(thickness), plain_shadows=plain_shadows
        )
        for name, image in images.items()
    }
    faces = {name: np.array([s.features for s in found.sticks]) for name, found in measured.items()}
    # How sharp still sticks look, as `vision.reader` judges a throw moving (the softer of
    # the two pictures): the sides per column of a strip as wide as the stick, the ends per
    # width of the picture (they are per pixel), so that both hold at any resolution. An end
    # that does not stand out from the floor is taken as 1.0 (see `vision.features`); where
    # that raises the ends' bound, a throw is still taken for moving only with softer sides.
    sharpness = [_sharpness_of(found) for found in measured.values()]
    still_sides, still_ends = (min(values) for values in zip(*sharpness, strict=True))
    calibration = Calibration(
        tray=tray,
        stick_length=float(length),
        stick_width=float(thickness),
        faces=CalibratedFaces.from_samples(faces["flat.png"], faces["round.png"]),
        image_size=(width, height),
        contrast=contrast,
        shaded_floor=reader.shaded_floor_outline(empty, tray, SHADE_REACH * thickness),
        still_sides=still_sides,
        still_ends=still_ends,
        shortest_stick=float(shortest),
        plain_shadows=plain_shadows,
        washed_out=(_washed_out(measured["flat.png"]), _washed_out(measured["round.png"])),
    )
    # Checked last, as a throw is, knowing the sticks' size: a strip of the tray's wall
    # inside the outline is then told from an object left in the tray.
    blank = StickReader(calibration).measure_sticks(empty, tray)
    if blank.blobs and not (marked and _may_be_marks(blank, calibration)):
        objects = f"{len(blank.blobs)} object" + ("s" if len(blank.blobs) > 1 else "")
        raise _EmptyTrayShowsSomething(f"empty.png: found {objects} in the empty tray")
    calibration = dataclasses.replace(calibration, marks=provisional)
    return dataclasses.replace(calibration, closest_contrast=_closest_contrast(calibration, empty))


def _washed_out(found: Measurement) -> int:
    """How many of the faces `found` the camera clipped white (see `Calibration.washed_out`)."""
    return sum(stick.washed_out for stick in found.sticks)


def _sharpness_of(found: Measurement) -> tuple[float, float]:
    """How sharp the sticks `found` in a calibration picture look (see `second_softest`), the
    ends per width of the picture."""
    sides, ends = second_softest(found.sticks)
    return sides, ends * found.width


def _beyond_the_lit_floor(blank: Measurement, lit: np.ndarray, aspect: float) -> bool:
    """Each object the empty tray shows (`blank`, in a picture `aspect` times as wide as
    high) is centred beyond the lit floor's outline `lit`: a hand reaching in over the wall
    lies on the floor, the wall's foot only along it."""
    size = np.array([blank.width, blank.width / aspect], np.float32)
    floor = (lit * size).astype(np.float32)
    return all(cv2.pointPolygonTest(floor, blob.center, False) < 0 for blob in blank.blobs)


def _closest_contrast(calibration: Calibration, empty: np.ndarray) -> float:
    """The lowest of CONTRASTS, from the calibration's own down, at which the `empty` tray
    still shows nothing with its marks passed over: how close to the floor's colour objects
    may be looked for before its texture, its grain or a wall's shade pass for one."""
    from vision.reader import StickReader

    closest = calibration.contrast
    for contrast in sorted((c for c in CONTRASTS if c < calibration.contrast), reverse=True):
        closer = dataclasses.replace(calibration, contrast=contrast)
        if StickReader(closer).measure_sticks(empty).blobs:
            break
        closest = contrast
    return closest


def _may_be_marks(blank: Measurement, calibration: Calibration) -> bool:
    """Whether what the empty tray shows may be marks of the tray itself (a stain, a wall's
    band or shadow) rather than a stick or a hand left in it: none of it is stick-shaped and
    as wide as a stick, or reaches in from the picture's edge as an arm does, further than
    half its length. Where the tray fills the view, its wall runs along the picture's edge
    and reaches in far less than that. A band longer than any stick looks (LONGEST_STICK) is
    no stick however shaped: the shaded foot of a wall under a coloured lamp."""
    from vision.reader import is_stick_shaped

    thickness = calibration.stick_width * blank.width
    length = calibration.stick_length * blank.width
    return not any(
        (
            is_stick_shaped(blob)
            and blob.width >= 0.7 * thickness
            and blob.length <= LONGEST_STICK * length
        )
        or (blob.touches_frame and blob.reach > blob.length / 2)
        for blob in blank.blobs
    )
