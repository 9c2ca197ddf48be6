"""Reading one frame: find the sticks, check the scene is a clean throw, classify each face.

The answer is `ok` only when exactly four separate, sharp sticks lie wholly inside the tray
and every face is classified with enough confidence; anything else is `rethrow` with the first
reason found, because a wrong count is worse than asking for another throw.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from statistics import median

import cv2
import numpy as np

from vision.calibration import CONTRASTS, SHADE_REACH, Calibration
from vision.classify import CommonFaces, FaceModel
from vision.detect import (
    TOO_THICK,
    Blob,
    Calibrated,
    a_whole_sticks_size,
    as_long_as_a_stick,
    detection_image,
    find_blobs,
    floor_outline,
    lit_floor_outline,
    shaded_floor_outline,
    shown_outlines,
)
from vision.features import MeasuredStick, ends_shown, measure, second_softest
from vision.floor import fit_floor
from vision.halves import (
    join_halves,
    join_pieces,
    without_cast_shadows,
    without_low_lamps_shadows,
)
from vision.reading import StickFace, ThrowReading

PARTLY_HIDDEN = "a stick is partly hidden"
ON_THE_EDGE = "a stick lies on the edge of the tray"
NOT_A_STICK = "something that is not a stick lies in the tray"
REACHES_IN = "something reaches in from the edge of the picture (a hand?)"
# How a look taken again reading a strip along the outline as a stick it cuts is told.
STRIPS_READ = ", a strip along the outline read as a stick it cuts"
AGAINST_THE_WALLS = "along the walls against their own look (a stick over a wall's face)"
PLAIN_SHADOWS = "with what looks like a plain shadow as objects (paint of the floor's hue)"
# How far beyond a look's outline, in sticks' thicknesses, an object found before must reach
# to be the walls' when the look leaves them beyond it (see `StickReader.looks`).
WELL_BEYOND = 0.5
# How far along the tray's edge (in its widths) an object runs to lie on the edge: less is a
# stick touching it with a corner.
ALONG_THE_EDGE = 0.5
WORK_WIDTH = 640
MIN_CONFIDENCE = 0.9
MIN_SHARPNESS = 0.12
MOVING_SHARPNESS = 0.18
MOVING_ENDS = 0.15
# The share of how sharp still sticks' ends look in calibration under which a throw's are
# smeared: still throws keep over 0.35 of it (3,966 rendered clean throws, tune set-ups
# 100-379), all but one of 6,228 more (400-719; its sides sharper than calibration's); a
# third of sliding throws fall under, the three read with a wrong count among them (253/15,
# 353/9; 693/4).
STILL_SHARE = 0.25
STICK_ASPECT = 3.0
STICK_FILL = 0.6
WHOLE_LENGTH = 0.9
# With calibration, a stick lying along the tray's edge is whole when as long as this share
# of the shortest stick calibration saw, at least: the median of its sticks is lengthened by
# their ends' shadows under a low lamp, by a sixth as they lie along its light, while a stick
# lying across the light is not, and one at the tray's far side is shortened by perspective.
# On the low split, whole sticks lying along an edge measure 0.94 of the shortest or more,
# sticks across the rim 0.90 at most: one lying over the rim hides at least the part beyond
# the wall and under it. The picture's border can cut off any share of a stick, a few
# hundredths too, and there a stick must be as long as WHOLE_LENGTH of the median.
WHOLE_OF_SHORTEST = 0.92
MARK_RESIDUE = 0.3
MARKED_WIDTH = 0.7
WALL_LENGTH = 1.5
SLIVER = 0.3
# Under this share of a stick's area, a blob is no piece of a stick that tells it is hidden.
PIECE = 0.3
# A blob this share shadow-like at least is shade, not a stick's face.
ALL_SHADE = 0.95
# Longer than this many sticks, an object is none (a whole one is within a tenth of a stick).
BEYOND_A_STICK = 1.2
WEDGE_FILL = 0.65
# How far in from the tray's outline, in sticks' thicknesses, a strip along it may begin.
NEAR_SIDE = 0.15
HALF_FILLED = 0.45
# The share of its thickness a stick that the outline cuts along its length keeps within it,
# at least, to be read from what it keeps (see `_cut_by_the_wall`).
CUT_THICKNESS = 0.5
# How far beyond the floor's outline an object found along the walls reaches, in a stick's
# thickness, to be one lying along a wall or reaching over it (see `_lying_along_the_walls`).
BEYOND_THE_FLOOR = 0.25
# The share of such a strip that may be shadow-like, at most: more, and it is shade, no face.
CUT_SHADE = 0.5


@dataclass(frozen=True)
class _Look:
    """One more look at a frame (see `StickReader._second_looks`), `how` in words: within
    `tray` (the calibration's by default), at `contrast`, knowing what `known` tells
    detection, whether every object it finds must be a whole stick (`all_whole`: on the
    floor in the walls' shade, see `StickReader.looks`, or closer to the floor's colour
    without calibration, see `_second_looks`), whether what lies beyond `tray` is the
    walls' (`walls_beyond`: objects found before that reach there are not held against it),
    whether what looks like a plain shadow counts as an object (`plain_shadows`, see
    `vision.detect.object_mask`), and whether the band along the walls is looked at against
    their own look (`walls`, see `vision.detect.find_blobs`)."""

    how: str
    tray: np.ndarray | None = None
    contrast: float | None = None
    known: Calibrated | None = None
    all_whole: bool = False
    walls_beyond: bool = False
    plain_shadows: bool = False
    walls: bool = False


@dataclass
class Measurement:
    """What was found in a frame, in working-image pixels, within the tray's `outline`
    (fractions of width and height), a whole stick's length as known or judged from the
    frame, and the first problem if any; `cut_strips`: how many strips along the outline
    may be sticks it cuts along their length (see `_cut_by_the_wall`), passed over as the
    wall's foot unless the look takes them for sticks."""

    sticks: list[MeasuredStick] = field(default_factory=list)
    problem: str | None = None
    width: int = WORK_WIDTH
    height: int = 0
    scale: float = 1.0
    blobs: list[Blob] = field(default_factory=list)
    outline: np.ndarray | None = None
    stick_length: float = 0.0
    cut_strips: int = 0


@dataclass(frozen=True)
class LookTaken:
    """One look `StickReader.looks` took at a frame: `how` in words, what it `found`, and
    whether that `stands` as what the frame shows."""

    how: str
    found: Measurement
    stands: bool


def what_the_looks_found(looks: list[LookTaken]) -> Measurement:
    """What the looks `StickReader.looks` took at a frame found: the look that stands, the
    last one taken (none is taken after it), or the first look's when none does."""
    return looks[-1].found if looks[-1].stands else looks[0].found


def is_stick_shaped(blob: Blob) -> bool:
    """Long and thin, filling most of its box. A short thick stick (10 by 1.8 cm) lying flat
    face up shows its side to a tilted camera and casts a deep shadow: then it is only about
    3.4 times as long as wide."""
    return blob.length >= STICK_ASPECT * blob.width and blob.fill >= STICK_FILL


class StickReader:
    """Reads throws; give it a `Calibration` for stick sets other than the common one."""

    def __init__(
        self, calibration: Calibration | None = None, min_confidence: float = MIN_CONFIDENCE
    ):
        self.calibration = calibration
        self.min_confidence = min_confidence
        self.model: FaceModel = calibration.faces if calibration else CommonFaces()

    def read(self, frame: np.ndarray) -> ThrowReading:
        try:
            image = _as_bgr(frame)
        except ValueError as error:
            return ThrowReading.rethrow(f"unreadable frame: {error}")
        return self.reading_of(what_the_looks_found(list(self.looks(image))))

    def reading_of(self, found: Measurement) -> ThrowReading:
        """The answer for a frame in which `found` was found (see `looks`): the count, or
        why the throw must be made again."""
        faces: list[StickFace] = []
        problem = found.problem
        if problem is None and _moving(found.sticks, self._still(found.width)):
            problem = "the sticks look blurred (still moving?)"
        votes = self.model.classify_throw(found.sticks)
        for stick, vote in zip(found.sticks, votes, strict=True):
            face = vote.face or "round"
            faces.append(_stick_face(stick.blob, face, vote.confidence, found.scale))
            if problem is None and stick.sharpness < MIN_SHARPNESS:
                problem = "the sticks look blurred (still moving?)"
            if problem is None and vote.face is None:
                problem = f"cannot tell which face is up: {vote.why}"
            if problem is None and vote.confidence < self.min_confidence:
                problem = f"not sure which face is up (confidence {vote.confidence:.2f})"
        if problem is not None:
            return ThrowReading.rethrow(problem, tuple(faces))
        return ThrowReading.ok(tuple(faces))

    def looks(self, image: np.ndarray) -> Iterator[LookTaken]:
        """The looks taken at `image` (BGR), in turn, until one stands. The first stands
        unless its problem may come from how the floor was seen (see `_worth_another_look`);
        then the sticks are looked for again (see `_second_looks`). What is found so stands
        only if the scene is then clean, and no object found before is parted into sticks or
        lost: whatever a look sees more or less than the first, sticks touching along their
        length and found as one stay touching, and a stick reaching out over the wall, cut by
        the lit floor's outline, is not lost in the wall's band beyond it (see `_held_against`
        for the look that leaves the walls beyond its outline). On the floor in the walls'
        shade every stick must be found whole: one lying over the rim, partly hidden, shows a
        little more of itself there, never all. Last, if no look stands, the looks that passed
        over a strip along the outline that may be a stick it cuts (see `_cut_by_the_wall`)
        are taken again in turn, reading the strip as a stick: a stick found whole beyond the
        outline is surer."""
        found = self.measure_sticks(image)
        first_stands = not _worth_another_look(found)
        yield LookTaken("first look", found, first_stands)
        if first_stands:
            return
        to_retake = [_Look("first look")] if found.cut_strips else []
        for look in self._second_looks(found, image):
            taken = self._look_again(image, found, look)
            yield taken
            if taken.stands:
                return
            if taken.found.cut_strips:
                to_retake.append(look)
        for look in to_retake:
            taken = self._look_again(image, found, look, cut_sticks=True)
            yield taken
            if taken.stands:
                return

    def _look_again(
        self, image: np.ndarray, found: Measurement, look: _Look, cut_sticks: bool = False
    ) -> LookTaken:
        """`look` taken at `image`, where the first look `found` what it found, and whether
        what it finds stands (see `_stands`); `cut_sticks` as for `measure_sticks`."""
        again = self.measure_sticks(
            image,
            look.tray,
            look.contrast,
            known=look.known,
            cut_sticks=cut_sticks,
            plain_shadows=look.plain_shadows,
            walls=look.walls,
        )
        how = f"{look.how}{STRIPS_READ}" if cut_sticks else look.how
        stands = _stands(found, look, again) and _added_sticks_show_ends(found, again, image)
        return LookTaken(how, again, stands)

    def _second_looks(self, found: Measurement, image: np.ndarray) -> Iterator[_Look]:
        """How sticks lost in part in `image` (`found`) are looked for again, in turn.

        With calibration, first closer to the floor's colour, as far as the empty tray allowed
        (see `Calibration.closer_contrasts`): light on a throw a little other than in
        calibration can break a face near the floor's colour (light paint on linen) into
        pieces, or hide it. Then, where calibration itself looked closer than usual, farther
        from it (see `Calibration.farther_contrasts`): a stick's soft shadow can join it
        there. Then on the floor in the walls' shade as on the lit floor: a lamp low beyond a
        wall shades a band of floor along it, and a stick lying there is cut by the lit
        floor's outline, or lost in the wall's shadow. Then whole beyond the outline of the
        floor the frame itself shows, in the shade beyond it, as the reader without
        calibration looks (below): calibration's outline can take in a wall's deep shade,
        where a stick as dark as the shade joins it and is lost as the wall's shadow, while
        the frame's floor stops short of the shade and the stick reaches over its edge. Like
        the looks before it, and unlike the last, it must keep every object found before.
        Without calibration, the sticks found whole give a stick's size, and the frame itself
        the floor in the walls' shade, as the empty tray does in calibration: a stick the
        outline cuts is looked for whole beyond it (see `vision.detect.find_blobs`), then on
        all the shaded floor. Last, with calibration or without, within the outline of the
        frame's lit floor alone, as calibration takes it when the sticks are not found
        otherwise: the outline found, or calibrated from an empty tray whose sticks lay clear
        of the walls, can take in the walls' shade, and a wall's shade joined to a stick
        reaching into it is one object, neither a stick nor the wall's band. Without
        calibration, last where fewer than four sticks were found, closer to the floor's
        colour (CONTRASTS, as calibration tries them), every object found a whole stick:
        plain wood lit from one side on a floor of nearly its colour (drawn set-up 145, a
        dark set's round faces on rose-brown felt) departs from the floor less than usual on
        its lit side, and its shaded side passes for a plain shadow, so it was found in
        pieces or not at all; the floor's grain, so closely looked at, shows as objects that
        are no sticks, and a stick over the rim found a little longer is still short of whole.
        (The look keeping plain shadows judges a stick's size from what it finds itself: the
        pieces of paint found before give none.) Last of all, with calibration or without,
        where fewer than four sticks were found, along the walls against their own look (see
        `vision.walls`), every object found a whole stick: a stick lying flush against a wall
        is seen by a tilted camera over the wall's face, beyond the floor's outline, where the
        floor's colour tells it from nothing."""
        calibration = self.calibration
        if calibration is not None:
            for contrast in (*calibration.closer_contrasts(), *calibration.farther_contrasts()):
                side = "closer to" if contrast < calibration.contrast else "farther from"
                yield _Look(_at_contrast(side, contrast), contrast=contrast)
            known = _calibrated_at(calibration, found.width)
            if known.shaded_floor is not None:
                yield _Look(
                    "on the floor in the walls' shade",
                    known.shaded_floor,
                    known=replace(known, shaded_floor=None),
                    all_whole=True,
                )
            reach = SHADE_REACH * known.stick_thickness / found.width
            how = "whole beyond the frame's own floor outline"
            yield self._beyond(how, image, self.tray_outline(image), known, reach)
            yield self._on_the_lit_floor(image, known, reach)
            # A reader calibrated among plain shadows looks so every time (`measure_sticks`).
            if _paint_lost_as_shadow(found) and not calibration.plain_shadows:
                yield _Look(PLAIN_SHADOWS, plain_shadows=True)
            if _sticks_missing(found):
                yield _along_the_walls(calibration.tray, known)
            return
        sized = _sized_by_the_frame(found)
        yield from self._looks_sized_by_the_frame(found, image, sized)
        if _paint_lost_as_shadow(found):
            yield _Look(PLAIN_SHADOWS, found.outline, plain_shadows=True)
        if len(found.sticks) < 4:
            for contrast in CONTRASTS[1:]:
                how = _at_contrast("closer to", contrast)
                yield _Look(how, found.outline, contrast=contrast, all_whole=True)
            if sized is not None and _sticks_missing(found):
                yield _along_the_walls(found.outline, sized)

    def _looks_sized_by_the_frame(
        self, found: Measurement, image: np.ndarray, sized: Calibrated | None
    ) -> Iterator[_Look]:
        """The looks without calibration that know a stick's size (`sized`) from the sticks
        the first look `found` whole in `image` (see `_sized_by_the_frame`, `_second_looks`)."""
        if sized is None or found.outline is None:
            return
        reach = SHADE_REACH * sized.stick_thickness / found.width
        shade = self.shaded_floor_outline(image, found.outline, reach)
        yield _Look(
            "whole beyond the lit floor's outline",
            found.outline,
            known=replace(sized, shaded_floor=shade),
            all_whole=True,
        )
        yield _Look("on all the floor in the walls' shade", shade, known=sized, all_whole=True)
        yield self._on_the_lit_floor(image, sized, reach)

    def _on_the_lit_floor(self, image: np.ndarray, known: Calibrated, reach: float) -> _Look:
        """A look within the outline of the lit floor alone in `image`, as calibration takes
        it when the outline found takes in the walls' shade joined to sticks, with the floor
        in the walls' shade beyond it up to `reach` (a fraction of the width)."""
        how = "on the lit floor alone, its walls' shade beyond"
        lit = self.lit_floor_outline(image)
        return self._beyond(how, image, lit, known, reach, walls_beyond=True)

    def _beyond(
        self,
        how: str,
        image: np.ndarray,
        outline: np.ndarray,
        known: Calibrated,
        reach: float,
        walls_beyond: bool = False,
    ) -> _Look:
        """A look (`how`, in words) within `outline`, a stick it cuts looked for whole on the
        floor in the walls' shade beyond it in `image`, up to `reach` (a fraction of the
        width), knowing the sticks' size (`known`); `walls_beyond` as for `_Look`."""
        shade = self.shaded_floor_outline(image, outline, reach)
        return _Look(
            how,
            outline,
            known=replace(known, shaded_floor=shade),
            all_whole=True,
            walls_beyond=walls_beyond,
        )

    def tray_outline(self, image: np.ndarray) -> np.ndarray:
        """The tray floor's outline in `image` (fractions of width and height)."""
        small = _detection(image)
        return floor_outline(small, fit_floor(small))

    def lit_floor_outline(self, image: np.ndarray) -> np.ndarray:
        """The outline of the tray's lit floor alone in `image` (see
        `vision.detect.lit_floor_outline`)."""
        small = _detection(image)
        return lit_floor_outline(small, fit_floor(small))

    def shown_outlines(
        self, empty: np.ndarray, tray: np.ndarray, contrast: float
    ) -> tuple[np.ndarray, ...]:
        """What the empty tray `empty` shows on its floor (see `vision.detect.shown_outlines`)."""
        small = _detection(empty)
        return shown_outlines(small, fit_floor(small, tray), tray, contrast)

    def shaded_floor_outline(self, image: np.ndarray, tray: np.ndarray, reach: float) -> np.ndarray:
        """The outline of the tray's floor in `image` (fractions of width and height), taking
        in beyond the lit floor's outline `tray` the floor in the walls' shade, up to `reach`
        (a fraction of the width) further out."""
        small = _detection(image)
        floor = fit_floor(small, tray)
        return shaded_floor_outline(small, floor, tray, reach * small.shape[1])

    def measure_sticks(
        self,
        image: np.ndarray,
        tray: np.ndarray | None = None,
        contrast: float | None = None,
        marks: tuple[np.ndarray, ...] | None = None,
        face_thickness: float = 0.0,
        known: Calibrated | None = None,
        cut_sticks: bool = False,
        plain_shadows: bool = False,
        walls: bool = False,
    ) -> Measurement:
        """Find the objects in the tray, check the scene, and measure the sticks; objects are
        looked for within the `tray` outline (found in the picture when there is none), at
        `contrast` (see `vision.detect.object_mask`), and what lies on the tray's `marks`
        (see `vision.detect.shown_outlines`) passed over, by default the calibration's. The
        sticks' faces are measured knowing a whole stick's `face_thickness` (a fraction of the
        width), by default the calibration's (see `vision.features.measure`). With
        `cut_sticks`, strips along the outline that may be sticks it cuts along their length
        are taken for sticks, not for the wall's foot (see `_cut_by_the_wall`);
        `plain_shadows` as for `vision.detect.object_mask`, always so where calibration found
        the sticks only so; `walls` as for `vision.detect.find_blobs`."""
        if tray is None and self.calibration is not None:
            tray = self.calibration.tray
        work, scale = working_image(image)
        small = detection_image(work)
        floor = fit_floor(small, tray)
        if contrast is None:
            contrast = self.calibration.contrast if self.calibration else 1.0
        if marks is None:
            marks = self.calibration.marks if self.calibration else ()
        plain_shadows = plain_shadows or bool(self.calibration and self.calibration.plain_shadows)
        known = known or self._known(work.shape[1])
        scale_up = work.shape[1] / small.shape[1]
        look = partial(
            find_blobs,
            small,
            floor,
            scale_up,
            tray,
            contrast,
            marks=marks,
            work=work,
            plain_shadows=plain_shadows,
            walls=walls,
        )
        blobs, outline = look(known=known)
        if known is None:
            # A stick's thickness judged from the sticks clear of the walls: an object far
            # thicker may be sticks lying alongside, and is looked at so (see `find_blobs`).
            judged = _size_of(_sticks_clear_of_the_walls(blobs))
            if any(blob.width > TOO_THICK * judged[1] > 0 for blob in blobs):
                blobs, outline = look(known=None, judged=judged)
        # Only a calibrated width is trusted to say a stick's sides were lost: in one throw,
        # the faces of some sets differ in how wide they look against the floor.
        calibrated_width = known.stick_thickness if known else 0.0
        blobs = join_halves(without_cast_shadows(blobs), calibrated_width)
        blobs = without_low_lamps_shadows(blobs)
        blobs = join_pieces(blobs, known.stick_length if known else 0)
        length, thickness = (
            (known.stick_length, known.stick_thickness)
            if known
            else _size_of(_sticks_clear_of_the_walls(blobs))
        )
        size = np.array([work.shape[1], work.shape[0]], np.float32)
        wall = outline * size
        off_the_wall, cut_strips = [], 0
        for blob in blobs:
            if _along_the_wall(blob, length, thickness, wall):
                cut = _cut_by_the_wall(blob, length, thickness)
                cut_strips += cut
                if not (cut and cut_sticks):
                    continue
            off_the_wall.append(blob)
        blobs = [
            blob
            for blob in off_the_wall
            if not _mark_residue(blob, length, thickness)
            and not _sliver(blob, length, thickness)
            and not _a_patch_of_shade(blob, length, thickness)
            and not _a_band_of_shade(blob, length, thickness, wall)
        ]
        found = Measurement(
            width=work.shape[1],
            height=work.shape[0],
            scale=scale,
            blobs=blobs,
            outline=outline,
            stick_length=length,
            cut_strips=cut_strips,
        )
        edge_whole = self._whole_at_the_edge(length, work.shape[1])
        found.problem = self._scene_problem(blobs, length, thickness, edge_whole)
        sticks = [b for b in blobs if is_stick_shaped(b)] if found.problem else blobs
        face_width = calibrated_width or face_thickness * work.shape[1]
        for blob in sticks:
            found.sticks.append(measure(work, blob, floor, face_width))
        return found

    def _scene_problem(
        self, blobs: list[Blob], length: float, thickness: float, edge_whole_length: float
    ) -> str | None:
        """The first problem the objects `blobs` make for a clean throw of sticks `length`
        long and `thickness` thick, a stick along the tray's edge being whole when
        `edge_whole_length` long at least; None when there is none."""

        def stick(blob: Blob) -> bool:
            return is_stick_shaped(blob) or _one_sticks_box(blob, length, thickness)

        sticks = [b for b in blobs if stick(b)]
        for blob in blobs:
            # A stick lying close to the wall or the picture's edge touches it but keeps its
            # whole length; one across the rim or the edge shows only the part inside.
            whole = stick(blob) and blob.length >= WHOLE_LENGTH * length
            if blob.touches_frame and not whole:
                if stick(blob):
                    return "a stick is cut off by the edge of the picture"
                return REACHES_IN
            whole_at_the_edge = stick(blob) and blob.length >= edge_whole_length
            if blob.touches_edge >= ALONG_THE_EDGE and not whole_at_the_edge:
                if stick(blob):
                    return ON_THE_EDGE
                return "something reaches over the edge of the tray (a hand?)"
        area = length * thickness
        for blob in blobs:
            # As long as a stick and about as thick, it has lost nothing to the mark: a round
            # face's sides melt into the floor, and one may look a quarter thinner than another.
            whole = blob.length >= WHOLE_LENGTH * length and blob.width >= MARKED_WIDTH * thickness
            if blob.on_mark and not whole:
                return "a stick lies on a mark of the tray"
        for blob in blobs:
            if area > 0 and blob.area > 2.6 * area and not stick(blob):
                return "a hand or another object is in the tray"
        for blob in blobs:
            if area > 0 and (
                blob.area > 1.45 * area
                or blob.length > 1.3 * length
                or blob.width > TOO_THICK * thickness
                or (not stick(blob) and blob.area > 0.75 * area)
            ):
                return "sticks are touching or lying on one another"
        for blob in blobs:
            # Stick-shaped and short: the end of a stick, the rest over the rim or the edge.
            piece = blob.area > PIECE * area or stick(blob)
            if area > 0 and piece and blob.length < 0.75 * length:
                return PARTLY_HIDDEN
        if len(sticks) != 4:
            return _count_problem(len(sticks))
        if len(blobs) > len(sticks):
            return NOT_A_STICK
        return None

    def _whole_at_the_edge(self, length: float, width: int) -> float:
        """How long a stick lying along the tray's edge is at least, in a working image
        `width` pixels wide, to be whole (see WHOLE_OF_SHORTEST): by calibration's shortest
        stick when it kept one, else by the median stick's `length`."""
        shortest = self.calibration.shortest_stick if self.calibration else None
        if shortest is None:
            return WHOLE_LENGTH * length
        return WHOLE_OF_SHORTEST * shortest * width

    def _still(self, width: int) -> tuple[float, float] | None:
        """How sharp still sticks' sides and ends look in a working image `width` pixels
        wide, as calibration saw them (None when it did not)."""
        calibration = self.calibration
        if calibration is None or calibration.still_sides is None or calibration.still_ends is None:
            return None
        return calibration.still_sides, calibration.still_ends / width

    def _known(self, width: int) -> Calibrated | None:
        """What the calibration, if any, tells detection (see `_calibrated_at`)."""
        return None if self.calibration is None else _calibrated_at(self.calibration, width)


def _calibrated_at(calibration: Calibration, width: int) -> Calibrated:
    """What `calibration` tells detection, the sticks' size in pixels of a working image
    `width` pixels wide."""
    return Calibrated(
        calibration.stick_length * width,
        calibration.stick_width * width,
        calibration.shaded_floor,
    )


def _at_contrast(side: str, contrast: float) -> str:
    """A look at another `contrast` in words, `side` saying whether "closer to" the floor's
    colour or "farther from" it."""
    return f"{side} the floor's colour (contrast {contrast:.2f})"


def _stands(found: Measurement, look: _Look, again: Measurement) -> bool:
    """Whether what `look` found (`again`) stands, as far as its objects tell: the scene is
    clean, nothing the first look `found` is parted or lost (see `_held_against`), every
    object is whole where the look asks it (`_Look.all_whole`), with plain shadows taken
    for objects every object is clear of the borders (see `_clear_of_the_borders`), and
    along the walls none reaches over a wall (see `_lying_along_the_walls`); the
    picture must also show the ends of every stick the look adds (see
    `_added_sticks_show_ends`)."""
    before = _held_against(found, look)
    return (
        again.problem is None
        and _none_parted(before, again)
        and _none_lost(before, again)
        and (_all_whole(again) or not look.all_whole)
        and (_clear_of_the_borders(again) or not look.plain_shadows)
        and (not look.walls or _lying_along_the_walls(again, look))
    )


def _clear_of_the_borders(found: Measurement) -> bool:
    """No object `found` touches the picture's border or runs along the tray's edge. With
    plain shadows taken for objects (PLAIN_SHADOWS), a stick's own shadow lengthens it, and
    one reaching past either border could pass for whole (drawn set-up 25: 220 pixels long
    over the picture's edge, a whole stick 215)."""
    return not any(blob.touches_frame or blob.touches_edge > 0 for blob in found.blobs)


def _lying_along_the_walls(found: Measurement, look: _Look) -> bool:
    """What a look along the walls, against their own look (AGAINST_THE_WALLS), `found`
    beyond the floor's outline (the `look`'s tray, BEYOND_THE_FLOOR of a stick's thickness
    or more) lies along a wall, ends and middle within a stick's thickness of the outline,
    and keeps half its width or more from the picture's border, corners and all: a stick
    flush against a wall, not one reaching over it (across the rim, the band beyond the
    outline would make it whole), nor one running out of the picture beside its wall (found
    whole as far as the border, no shade nor outline cutting it, it may go on beyond)."""
    if look.tray is None or look.known is None:
        return False
    thickness = look.known.stick_thickness
    size = (found.width, found.height)
    floor = _in_pixels(look.tray, size)
    beyond = [
        blob
        for blob in found.blobs
        if any(
            cv2.pointPolygonTest(floor, corner, True) < -BEYOND_THE_FLOOR * thickness
            for corner in blob.corners
        )
    ]
    return all(
        _runs_beside(blob, floor, thickness) and _well_within(blob, size) for blob in beyond
    )


def _well_within(blob: Blob, size: tuple[int, int]) -> bool:
    """The blob's box keeps half its width or more from the border of a picture of `size`
    (width, height)."""
    width, height = size
    return all(min(x, y, width - x, height - y) >= blob.width / 2 for x, y in blob.corners)


def _added_sticks_show_ends(before: Measurement, again: Measurement, image: np.ndarray) -> bool:
    """Every stick found `again` in `image` where no object was found `before` shows an end:
    where it ends, it differs from what lies beyond (see `vision.features.ends_shown`). A
    look knowing a stick's size carves pieces as long as one out of a wall's band or its
    shade, and such a piece has no ends: the band goes on beyond it."""
    added = [stick for stick in again.sticks if not _held_by(before.blobs, stick.blob.center)]
    if not added:
        return True
    work, _ = working_image(image)
    return all(ends_shown(work, stick.blob) for stick in added)


def _none_parted(before: Measurement, again: Measurement) -> bool:
    """No object found `before` holds the middles of two of the sticks found `again`."""
    return all(
        sum(_holds(blob, stick.blob.center) for stick in again.sticks) <= 1
        for blob in before.blobs
    )


def _none_lost(before: Measurement, again: Measurement) -> bool:
    """Every object found `before` holds its middle in one found `again`."""
    return all(_held_by(again.blobs, blob.center) for blob in before.blobs)


def _held_by(blobs: list[Blob], point: tuple[float, float]) -> bool:
    """`point` lies within the box of one of `blobs` at least (see `_holds`)."""
    return any(_holds(blob, point) for blob in blobs)


def _holds(blob: Blob, point: tuple[float, float]) -> bool:
    """`point` lies within the blob's box (or on its edge)."""
    outline = np.array(blob.corners, np.float32).reshape(-1, 1, 2)
    return bool(cv2.pointPolygonTest(outline, point, False) >= 0)


def _held_against(found: Measurement, look: _Look) -> Measurement:
    """What was `found` before `look` that the look must neither part nor lose: all of it,
    or, where the look leaves the walls beyond its outline (`_Look.walls_beyond`), what
    neither lies nor reaches well beyond it (WELL_BEYOND of a stick's thickness; see
    `_within`)."""
    if not (look.walls_beyond and look.tray is not None and look.known is not None):
        return found
    margin = WELL_BEYOND * look.known.stick_thickness
    size = (found.width, found.height)
    return replace(found, blobs=_within(found.blobs, look.tray, size, margin))


def _within(
    blobs: list[Blob], outline: np.ndarray, size: tuple[int, int], margin: float
) -> list[Blob]:
    """The `blobs` whose middles lie within `outline` (fractions of `size`, the working
    image's width and height) and whose boxes reach no further than `margin` pixels beyond
    it."""
    polygon = _in_pixels(outline, size)
    return [
        blob
        for blob in blobs
        if cv2.pointPolygonTest(polygon, blob.center, False) >= 0
        and all(cv2.pointPolygonTest(polygon, corner, True) >= -margin for corner in blob.corners)
    ]


def _in_pixels(outline: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """An `outline` in fractions of a picture's `size` (width, height) as a contour of its
    pixels, as OpenCV's polygon tests take it."""
    contour: np.ndarray = (outline * np.array(size, np.float32)).reshape(-1, 1, 2)
    return contour


def _all_whole(found: Measurement) -> bool:
    """Every object found is as long as a whole stick (WHOLE_LENGTH of `found.stick_length`)."""
    return all(blob.length >= WHOLE_LENGTH * found.stick_length for blob in found.blobs)


def _paint_lost_as_shadow(found: Measurement) -> bool:
    """Whether a stick of dark paint may have been lost as a plain shadow (see
    `vision.detect.object_mask`) where the first look `found` what it found: fewer than four
    sticks, or an object mostly shadow-like (CUT_SHADE of it) that is no stick, what is left
    of such a stick. Worth the look that keeps plain shadows (PLAIN_SHADOWS)."""
    return len(found.sticks) < 4 or any(
        blob.shadowlike >= CUT_SHADE and not is_stick_shaped(blob) for blob in found.blobs
    )


def _sticks_clear_of_the_walls(blobs: list[Blob]) -> list[Blob]:
    """The stick-shaped objects that touch no wall, or only with a corner (ALONG_THE_EDGE, as
    `_scene_problem` allows a whole stick): whole sticks, by which a stick's size is known
    without calibration."""
    return [b for b in blobs if is_stick_shaped(b) and b.touches_edge < ALONG_THE_EDGE]


def _along_the_walls(tray: np.ndarray | None, known: Calibrated) -> _Look:
    """The look along the walls, against their own look (AGAINST_THE_WALLS), of a tray
    whose floor's outline is `tray`, knowing the sticks' size (`known`): every object it
    finds must be a whole stick."""
    return _Look(AGAINST_THE_WALLS, tray, known=known, all_whole=True, walls=True)


def _sticks_missing(found: Measurement) -> bool:
    """The first look `found` fewer than four sticks, and nothing else amiss: the look along
    the walls (AGAINST_THE_WALLS) may find the rest there. It keeps what was found before
    and parts none of it (see `_stands`), so sticks found touching, or one over the edge,
    are a problem it cannot mend, and it is not worth its time on such a frame."""
    count = len(found.sticks)
    return count < 4 and found.problem == _count_problem(count)


def _count_problem(count: int) -> str:
    """The problem of a throw whose objects are all sticks but `count` of them, not four."""
    return f"found {count} sticks, need 4" if count else "no sticks in the tray"


def _sized_by_the_frame(found: Measurement) -> Calibrated | None:
    """A whole stick's size as the sticks the first look `found` whole tell it (two at
    least; see `_sticks_clear_of_the_walls`), for the looks without calibration; None when
    too few were found."""
    whole = _sticks_clear_of_the_walls(found.blobs)
    return Calibrated(*_size_of(whole), None) if len(whole) >= 2 else None


def _size_of(sticks: list[Blob]) -> tuple[float, float]:
    """A whole stick's length and thickness, the median of `sticks`' (0 when there are none)."""
    if not sticks:
        return 0.0, 0.0
    return median(b.length for b in sticks), median(b.width for b in sticks)


def _worth_another_look(found: Measurement) -> bool:
    """The scene's problem may come from how the floor was seen, not from the throw: sticks
    lost in part against the floor (fewer than four found, or a piece of one, or of one cut
    by the tray's outline, lying in a wall's shade where the lit floor's outline runs across
    it), or the walls' shade taken for an object beside the four sticks, where the outline
    takes it in: where the tray fills the view, a piece of the wall between the outline and
    the picture's edge reaches in from that edge as a hand would. Also more than four sticks
    found, whatever problem they make: a strip of a wall's shaded foot, as long as a stick and
    straight, passes for a fifth stick."""
    return found.problem is not None and (
        len(found.sticks) != 4
        or found.problem in (PARTLY_HIDDEN, ON_THE_EDGE, NOT_A_STICK, REACHES_IN)
    )


def _along_the_wall(blob: Blob, length: float, thickness: float, wall: np.ndarray) -> bool:
    """A thin strip running along the tray's outline (`wall`, working pixels): the foot of the
    wall or its shadow, which a low lamp can make differ from the floor; beside the outline
    (touching it, or its near side a few pixels in: NEAR_SIDE), clearly thinner than a stick,
    and running along the outline (touching it for a long way, or with its ends and middle
    near it) or longer than a stick (but see `_cut_by_the_wall`). Where the tray fills the
    view, its wall runs along the picture's border. Where two walls meet, the strip turns
    the corner. A strip half as long again as a stick and no thicker is the wall wherever
    it lies (a lamp's light changing from the empty tray's can show a wall's foot a little
    in from the outline found then): it is no stick, and if sticks are in it, passing over
    it leaves the throw short of four."""
    if 0 < blob.width <= thickness and blob.length > WALL_LENGTH * length:
        return True
    if thickness <= 0:
        return False
    beside = (
        blob.touches_edge >= ALONG_THE_EDGE
        or blob.touches_frame
        or blob.reach < 0.7 * thickness
        # Its deepest pixel no further in than its own width and a few pixels.
        or blob.reach - blob.width <= NEAR_SIDE * thickness
    )
    if beside and blob.width < 0.7 * thickness:
        return (
            blob.touches_edge >= 3
            or blob.length > 1.3 * length
            or _runs_beside(blob, wall, thickness)
        )
    # The wall's face, where the camera sees over it, shows as a wedge along the outline or
    # the picture's border, widening as the camera looks further over it: a strip several
    # times as long as it reaches in, no deeper than a stick is thick (a hand reaches several
    # times further in) and no wider, both give or take as much as a stick's width is found
    # (see `vision.detect.a_whole_sticks_size`), and filling less of its box than a stick does.
    within = 1.3 * thickness
    wedge = blob.fill < WEDGE_FILL and blob.reach <= within and blob.width <= within
    if (
        wedge
        and blob.length >= 3 * blob.reach
        and (blob.touches_frame or _runs_beside(blob, wall, thickness))
    ):
        return True
    if is_stick_shaped(blob):
        return False
    # Around a corner the strip bends and its box is wide, but it keeps as close to the walls
    # and runs along them for several times that.
    along = blob.touches_edge * blob.width
    return blob.reach < 0.7 * thickness and along >= 3 * blob.reach


def _cut_by_the_wall(blob: Blob, length: float, thickness: float) -> bool:
    """Of a strip `_along_the_wall` takes for the wall's foot: a stick against a wall that the
    outline cuts along its length (where the camera looks over the wall, the stick's top is
    seen over the wall's face). As long as a stick (`length`), CUT_THICKNESS of its
    `thickness` at least (thinner, it tells too little of its face), filling its box as a
    stick does (a wall's face is a wedge, under WEDGE_FILL), less than CUT_SHADE
    shadow-like (a wall's shadow, or a round face's shaded side with its shadow, is mostly
    so; so is dark paint under a low lamp, left to the other looks), and not at the
    picture's border (cut by the border, it is partly out of view)."""
    thick_enough = blob.width >= CUT_THICKNESS * thickness
    face = blob.fill >= WEDGE_FILL and blob.shadowlike < CUT_SHADE and not blob.touches_frame
    return thick_enough and face and as_long_as_a_stick(blob.length, length)


def _a_patch_of_shade(blob: Blob, length: float, thickness: float) -> bool:
    """A patch of a wall's shade reaching onto the lit floor, where a low lamp's shadow of
    the wall ends raggedly: shadow-like all over (ALL_SHADE), no larger than what tells a
    piece of a stick (PIECE of a stick, `length` by `thickness`), and within a stick's
    thickness of the tray's edge. Dark paint under a low lamp can be as shadow-like, but a
    piece of a stick so small tells nothing the count needs: the rest of that stick lies
    over the rim, and fewer than four are found whole."""
    small = blob.area <= PIECE * length * thickness
    return blob.shadowlike >= ALL_SHADE and small and blob.reach < thickness


def _a_band_of_shade(blob: Blob, length: float, thickness: float, wall: np.ndarray) -> bool:
    """The darkest of a wall's shade, looked at on the floor in the walls' shade (lamps of
    two colours leave its core too deep and tinted to pass for that floor): shadow-like all
    over (ALL_SHADE), longer than any stick (BEYOND_A_STICK of its `length`) and running
    beside the tray's outline (`wall`, working pixels) all its length. Dark paint can be as
    shadow-like, but a stick so long is a stick joined to the band, which tells nothing the
    count needs: passed over, the throw is a stick short. An arm as dark reaches in across
    the wall, not along it."""
    long = blob.length > BEYOND_A_STICK * length
    return blob.shadowlike >= ALL_SHADE and long and _runs_beside(blob, wall, thickness)


def _one_sticks_box(blob: Blob, length: float, thickness: float) -> bool:
    """A blob whose box is one whole stick's, length and thickness, filled at least
    HALF_FILLED: a round face whose side turned from the light melts into the floor leaves
    that side's pixels out of the blob but not of its box. Two sticks touching or crossing,
    a hand, or a piece of a stick, have a box of another size."""
    return blob.fill >= HALF_FILLED and a_whole_sticks_size(
        blob.length, blob.width, length, thickness
    )


def _sliver(blob: Blob, length: float, thickness: float) -> bool:
    """A piece shorter than a stick and under SLIVER of its thickness: a line of a wall's
    foot or of the floor's grain that the light brings out. No part of a stick looks so thin
    (its end, the rest out of view, shows its whole width, and a round face whose sides melt
    into the floor still shows half of it); passing over one leaves a throw whose stick it
    was short of four."""
    return blob.length < length and blob.width < SLIVER * thickness


def _mark_residue(blob: Blob, length: float, thickness: float) -> bool:
    """A piece beside one of the tray's marks thinner than SLIVER of a stick, or small and not
    shaped like one: the mark seen a little larger as the light changes (a wall's shadow
    moves with the lamp). Passed over, a stick's sliver leaves its throw a stick short.
    Anything else that lies on or against a mark may be a stick partly hidden by it, or
    shorn of some of its width, and its throw is asked again."""
    if not blob.on_mark:
        return False
    small = not is_stick_shaped(blob) and blob.area < MARK_RESIDUE * length * thickness
    return small or blob.width < SLIVER * thickness


def _runs_beside(blob: Blob, outline: np.ndarray, distance: float) -> bool:
    """Both ends of the blob's long axis and its middle lie within `distance` of the outline:
    a strip along a wall keeps beside it all its length, where a stick lying across a corner
    has only its ends near the walls."""
    angle = math.radians(blob.angle)
    half = np.array([math.cos(angle), math.sin(angle)]) * blob.length / 2
    centre = np.array(blob.center)
    contour = outline.reshape(-1, 1, 2)
    return all(
        abs(cv2.pointPolygonTest(contour, (float(x), float(y)), True)) <= distance
        for x, y in (centre - half, centre, centre + half)
    )


def _as_bgr(frame: np.ndarray) -> np.ndarray:
    if not isinstance(frame, np.ndarray) or frame.size == 0:
        raise ValueError("not an image")
    if frame.dtype != np.uint8:
        raise ValueError(f"pixels are {frame.dtype}, expected 8-bit")
    if frame.ndim == 2:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    if frame.ndim == 3 and frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    if frame.ndim != 3 or frame.shape[2] != 3:
        raise ValueError(f"unexpected image shape {frame.shape}")
    if min(frame.shape[:2]) < 64:
        raise ValueError(f"image of {frame.shape[1]}x{frame.shape[0]} is too small")
    return frame


def _detection(image: np.ndarray) -> np.ndarray:
    """Any frame as the detection image a throw's objects are found in."""
    return detection_image(working_image(_as_bgr(image))[0])


def working_image(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The frame (BGR) at no more than WORK_WIDTH pixels wide, and the factor back to the
    original: what a throw is measured in."""
    h, w = image.shape[:2]
    if w <= WORK_WIDTH:
        return image, 1.0
    scale = w / WORK_WIDTH
    size = (WORK_WIDTH, round(h / scale))
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA), scale


def _moving(sticks: list[MeasuredStick], still: tuple[float, float] | None) -> bool:
    """Two sticks or more with soft sides, or with soft ends: the throw is still moving.
    Sticks sliding together are smeared along the way they go, so one lying along it keeps
    sharp sides and no single stick need be as soft as MIN_SHARPNESS, but its ends are
    smeared. Of a still throw in focus, even the second softest stick has sides whose
    steepest step is over a fifth of their height, and an end whose steepest step within one
    pixel is over MOVING_ENDS of its height (0.22 and more in ~600 rendered still throws).
    Through a sharp camera, still ends are steeper by far, and a smear that leaves them at
    MOVING_ENDS is long: where calibration saw how sharp still sticks' sides and ends look
    through this camera (`still`), ends softer than STILL_SHARE of that are moving too, with
    sides softer than still ones: the ends of still faces near the floor's colour can look
    that soft (unpainted wood on linen), but a smear softens the sides of the sticks lying
    across its way as well."""
    if len(sticks) < 2:
        return False
    sides, ends = second_softest(sticks)
    if sides < MOVING_SHARPNESS or ends < MOVING_ENDS:
        return True
    if still is None:
        return False
    still_sides, still_ends = still
    return sides < still_sides and ends < STILL_SHARE * still_ends


def _stick_face(blob: Blob, face: str, confidence: float, scale: float) -> StickFace:
    return StickFace(
        face="flat" if face == "flat" else "round",
        confidence=float(confidence),
        center=(blob.center[0] * scale, blob.center[1] * scale),
        angle=blob.angle,
        outline=tuple((x * scale, y * scale) for x, y in blob.corners),
    )
