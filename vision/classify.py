"""Deciding which face is up from a stick's features, with a confidence.

Two models. `CommonFaces` needs no calibration and knows only the common set: a flat face
painted dark (it reflects far less than the floor and is dark in the picture) and a round face
of plain wood (bright, and visibly darker towards its sides because it curves away from the
light). Anything else is "cannot tell". `CalibratedFaces` compares the features with those of
the four flat and four round faces seen during calibration, feature by feature, scaled by how
much each face varied there (never less than a physical floor), weighs their evidence cue by
cue (a face's colour is one cue, its shading another), and refuses sticks that look like
neither.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from statistics import median, median_high, median_low
from typing import Protocol

import numpy as np

from vision.features import NAMES, MeasuredStick
from vision.reading import Face

# Smallest spread assumed per feature: what light and camera changes move it by anyway (for
# unevenness, a log, noise and grain can double it; the even run, a share of the width, moves
# by a column or two in the dozen or so a stick is wide).
SPREAD_FLOOR = np.array([0.18, 0.08, 0.08, 0.2, 0.15, 0.15, 0.06, 0.06, 0.7, 0.12], np.float32)
# The round face's roundness stops at 1, where all four round faces in calibration can sit,
# while its dome changes with its angle to the light: by 0.12 (standard deviation) in half of
# 200 rendered set-ups, by 0.23 and more in a quarter of them. (A flat face's hardly moves.)
ROUND_SPREAD_FLOOR = np.where(np.array(NAMES) == "roundness", 0.25, SPREAD_FLOOR).astype(
    np.float32
)
SHADING = np.isin(NAMES, ("plateau", "roundness", "uneven"))
# The shading measures a stick without its whole width keeps for flat: its middle is lit as
# evenly as a flat face, to the plateau and the roundness, but still a few times less evenly
# than a flat face to the unevenness, a log.
SHADING_OF_SIDES = np.isin(NAMES, ("plateau", "roundness"))
OUTLIER_DISTANCE = 4.0
CONFLICT = 2.0
# How far apart, in spreads, the faces' means in calibration must lie for a feature to tell
# them apart.
TELLING = 1.0
# How far, in spreads, shading counts: how a round face is shaded changes with its angle to
# the light, and four faces in calibration can all happen to sit alike, so shading may decide
# a face that colour leaves open but neither veto a colour that is clearly the other face's
# nor make a face look like neither. Its evidence is at most that of a face this far from
# the other.
SHADING_FAR = 3.5
SHADING_CAP = 0.5 * SHADING_FAR**2
# A lamp glinting in a varnished face only brightens it: its brightest column (`peak`), and its
# gloss (its brightest pixels against that column). Where the face's middle is as bright as a face
# seen in calibration, and of its colour (within GLINT_MATCH spreads), a glint counts no further
# than SHADING_FAR from that face, as its shading does; and where it lies over SHADING_FAR beyond
# both faces, neither its peak nor its gloss votes (see `_glint_beyond_both`). A raised stick's
# shadow with a strip of a stick in it is also bright in a line, but its middle is unlike either
# face's in brightness or in colour. The colour must match even on dark paint, whose colour
# otherwise counts loosely (see CHROMA): a glint there is passed over only where nothing else is
# unlike the face.
GLINT = np.isin(NAMES, ("peak", "gloss"))
UNDER_A_GLINT = np.isin(NAMES, ("core", "chroma_b", "chroma_r"))
GLINT_MATCH = 2.0
# Dark paint reflects under 0.6 of the floor's light on any floor, the common set's plain
# wood 0.7 of the palest (linen) and more (log, as `core` and `MeasuredStick.light`; a
# darker wood less, see `_lifted_darkness`).
DARK_PAINT_CORE = math.log(0.6)
# A face as dark as that returns so little light that much of it is the sheen of the lamps
# it reflects, and two lamps of different colours tint it differently across the tray: its
# colour too counts no further than SHADING_FAR in telling a face that looks like neither.
# (Summed, the two colour coordinates are also one cue, see `_as_cues`.)
CHROMA = np.isin(NAMES, ("chroma_b", "chroma_r"))
CORE = NAMES.index("core")
# The features that are cues on their own, and the even run's place among the cues as
# `_as_cues` orders them (these, then colour, then shading).
SINGLE = ~(SHADING | CHROMA)
EVEN_RUN = [name for name, single in zip(NAMES, SINGLE, strict=True) if single].index(
    "even_run"
)
# What the camera makes look flat where it washes a face out white (see `vision.features`):
# its shading and its even stretch.
CLIPPED_FLAT = SHADING | (np.array(NAMES) == "even_run")
# Evidence for flat from the even stretch down a face's middle that outweighs its shading
# however round that looks (see `CalibratedFaces.classify`): a wide shadow, or one on each
# side under two lamps, left in a flat face's strip makes its shading as round as a round
# face's can be (at SHADING_CAP), while its even stretch stays over half its width, nearer
# the flat faces' than the round faces' by this much (tune set-up 414, unpainted on linen
# under two lamps: 0.55 of its width, flat faces 0.63, round faces 0.26, spreads 0.12).
EVEN_STRETCH = 2.5
# The channels (BGR) each colour measure is a ratio of: blue and red, each against green.
CHROMA_CHANNELS = ((0, 1), (2, 1))
# The common set without calibration (see CommonFaces).
SPLIT_GAP = 1.5
PAINT_GAP = 2.0
# Four faces of one paint under one light differ in brightness far less than this (log: e,
# 2.7 times; 0.22 at most in 324 rendered throws of four dark faces up): plain wood lit low
# beside dark paint can look dark too, yet four times as bright, a gap short of SPLIT_GAP.
DARK_SPREAD = 1.0
# Dark paint is lit evenly over a third of its width at least (see `_paint_beside_wood`).
EVEN_SHARE = 0.33
SHADED = 0.25
FAINTLY_SHADED = 0.15
BARELY_SHADED = 0.1
DARK_GREY = 85
DARK_CORE = -0.3
COLOUR_SPREAD = 0.25
# Under two lamps of different colours, a round face takes on the colour of the lamp its
# sides turn to, and faces lying otherwise differ in colour by more: where every face is
# plainly shaded like a half-cylinder (as `_shading_needed` asks without the faint allowance:
# SHADED, or BARELY_SHADED when lit evenly over under EVEN_SHARE of its width, which no flat
# face is; and lit evenly over under EVEN_HALF of it), the shading says wood, and colour only
# has to rule out another material.
LAMPS_COLOUR_SPREAD = 0.5
EVEN_HALF = 0.5
# A round face turns from every lamp towards its sides: by the cosine law it is lit within a
# few percent over about a third of its width, and of the 2,410 throws of the tune and low
# splits read right as four round faces without calibration, none has a face measured lit so
# over more than four fifths of it (0.8, narrow faces of a few columns). A light face lit
# evenly over more than EVEN_FLAT lies flat: plain wood of an unpainted set.
EVEN_FLAT = 0.85
MARKED = 0.3


@dataclass(frozen=True)
class FaceVote:
    face: Face | None
    confidence: float
    why: str = ""


class FaceModel(Protocol):
    def classify_throw(self, sticks: Sequence[MeasuredStick]) -> list[FaceVote]:
        """One vote per stick, from the measurements of all the sticks in view."""
        ...


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))


def _named(features: np.ndarray) -> dict[str, float]:
    return dict(zip(NAMES, (float(v) for v in features), strict=True))


class CommonFaces:
    """Dark-painted flat faces and plain-wood round faces, without calibration.

    Dark paint reflects a small fraction of what wood does, so in one throw the two faces
    fall into two groups of brightness far apart (a gap of SPLIT_GAP or more in log linear
    light; of DARK_SPREAD when only the darker faces are lit evenly across, see
    `_paint_beside_wood`), the darker group is dark in the picture too (unless the gap is
    PAINT_GAP, over seven times, which only paint gives, or it reflects under
    DARK_PAINT_CORE of the floor's light, less than plain wood does on the palest floor: an
    exposure for a dark floor lifts dark paint on it far over DARK_GREY, to 99 on red felt),
    and the lighter group is shaded like half-cylinders (`_shaded_as_wood`), or the darker
    group is plainly flat (`_plainly_flat`); lighter paint on another set leaves a smaller
    gap, or puts the even, flat-looking faces in the lighter group. A throw with one group
    only is four dark faces when all are dark and alike (DARK_SPREAD; the surer when evenly
    lit, and not when most are shaded like half-cylinders more than they are dark: plain
    wood in dim light looks dark too, and such a throw is judged as wood; when lifted by the
    exposure, only if evenly lit, see `_lifted_darkness`), four round faces when all are
    shaded like half-cylinders (or showing two lamps' highlights), alike in colour, and
    light as a throw (by their median: one lit less than the others, as by lying otherwise
    to the light, can look as dark as paint; see `_lightness`), and none lit evenly over more
    than EVEN_FLAT of its width, as only a flat face is; anything else cannot be told
    without calibration. When most of four light faces are clearly shaded, one lying so that
    the light shades it only faintly (FAINTLY_SHADED) is round too, as long as its sides fall
    off from its peak (plateau under 1): a flat face of plain wood is lit evenly, and only
    the noise of a narrow face's few columns gives it as much shading.
    """

    def classify_throw(self, sticks: Sequence[MeasuredStick]) -> list[FaceVote]:
        f = [_named(stick.features) for stick in sticks]
        greys = [stick.grey for stick in sticks]
        if not f:
            return []
        if any(x["bars"] > MARKED for x in f):
            return self._unknown(f, "a stick has painted marks (a marked flat face?)")
        split, gap, beside = _darker_and_lighter(f)
        if gap >= SPLIT_GAP or beside > 0:
            darker = [(x, stick) for x, stick in zip(f, sticks, strict=True) if x["core"] < split]
            dark_paint = (s.grey < DARK_GREY or s.light < DARK_PAINT_CORE for _, s in darker)
            if not all(dark_paint) and gap < PAINT_GAP:
                return self._unknown(f, "the darker faces are not dark paint")
            lighter = [x for x in f if x["core"] >= split]
            if not (_shaded_as_wood(lighter) or _plainly_flat([x for x, _ in darker])):
                return self._unknown(f, "the lighter faces are evenly lit, not round wood")
            sure = _logistic(beside) if gap < SPLIT_GAP else 1.0
            return [self._split_vote(x, split, sure) for x in f]
        dark = min(_darkness(x, stick) for x, stick in zip(f, sticks, strict=True))
        cores = [x["core"] for x in f]
        if dark > 0 and max(cores) - min(cores) >= DARK_SPREAD:
            return self._unknown(f, "the dark faces differ too much to be one paint")
        if dark > 0:
            even = _evenly_lit(f)
            pictured = min(_dark_in_the_picture(x, s) for x, s in zip(f, sticks, strict=True))
            # Lifted by the exposure, dark paint is told from a darker plain wood on the
            # palest floor, which reflects as little of its light, only by being evenly lit.
            # Shaded more than dark, they may be plain wood in dim light: judged as wood below.
            if (pictured > 0 or even > 0) and dark + even > 0:
                return [FaceVote("flat", _logistic(dark + even)) for _ in f]
        faint_allowed = median(_wood_shading(x) for x in f) >= SHADED
        light = _lightness(median(greys), median(x["peak"] for x in f))
        wood = min(_woodness(x, light, _shading_needed(x, faint_allowed)) for x in f)
        plainly_round = all(
            _wood_shading(x) >= _shading_needed(x, faint_allowed=False)
            and x["even_run"] < EVEN_HALF
            for x in f
        )
        spread = LAMPS_COLOUR_SPREAD if plainly_round else COLOUR_SPREAD
        if wood > 0 and _alike_in_colour(sticks, spread):
            if any(x["even_run"] > EVEN_FLAT for x in f):
                return self._unknown(f, "a light face is lit evenly across, as a flat face is")
            return [FaceVote("round", _logistic(wood)) for _ in f]
        return self._unknown(
            f, "a stick does not look like a dark flat face or a plain wooden round face"
        )

    @staticmethod
    def _split_vote(x: dict[str, float], split: float, sure: float) -> FaceVote:
        """Flat when darker than `split`, as sure as the face is far from it, and no surer
        than the split itself (`sure`)."""
        face: Face = "flat" if x["core"] < split else "round"
        return FaceVote(face, min(sure, _logistic(abs(x["core"] - split) / 0.15)))

    @staticmethod
    def _unknown(f: list[dict[str, float]], why: str) -> list[FaceVote]:
        return [FaceVote(None, 0.5, why) for _ in f]


def _darker_and_lighter(f: list[dict[str, float]]) -> tuple[float, float, float]:
    """Where the throw's faces part into darker and lighter, by their brightness (`core`):
    the split, the gap there (log), and the evidence for dark paint beside plain wood when
    the gap is short of SPLIT_GAP (see `_paint_beside_wood`; 0 when none is looked for).

    The widest gap, when SPLIT_GAP wide or showing paint beside wood; else the widest that
    does show it. A round face lying in a wall's shadow is darker than the others by about
    as much as a low lamp leaves between paint and wood, and the widest gap can fall between
    it and them: the gap between paint and wood is the one the faces on each side of it
    bear out."""
    cores = sorted(x["core"] for x in f)
    # Widest first; of gaps alike, the darker first.
    gaps = ((b - a, a + (b - a) / 2) for a, b in itertools.pairwise(cores))
    parts = sorted(gaps, key=lambda part: -part[0])
    for gap, split in parts:
        beside = _paint_beside_wood(f, split, gap) if DARK_SPREAD <= gap < SPLIT_GAP else 0.0
        if gap >= SPLIT_GAP or beside > 0:
            return split, gap, beside
    widest, split = parts[0] if parts else (0.0, 0.0)
    return split, widest, 0.0


def _paint_beside_wood(f: list[dict[str, float]], split: float, gap: float) -> float:
    """Evidence (above 0) that the faces darker than `split`, `gap` (log) darker than the
    rest, are dark paint beside plain wood that a low lamp leaves only a few times brighter
    (a gap short of SPLIT_GAP, yet more than faces of one paint differ): the darker faces
    are lit evenly across, over EVEN_SHARE of their width and twice as wide as any lighter
    face is, and the lighter faces are shaded like half-cylinders. Plain wood turned from
    the lamp can pass both tests by a little (lit evenly over a third of its width, a gap
    just over DARK_SPREAD), so the evidence is how far the faces pass them: the gap beyond
    DARK_SPREAD and the darker faces' even stretch beyond what is needed, each over the
    steps their measures are told by (0.1 log, 0.05 of the width)."""
    darker = [x["even_run"] for x in f if x["core"] < split]
    lighter = [x for x in f if x["core"] >= split]
    needed = max(EVEN_SHARE, 2 * max(x["even_run"] for x in lighter))
    if min(darker) < needed or min(_wood_shading(x) for x in lighter) < SHADED:
        return 0.0
    return (gap - DARK_SPREAD) / 0.1 + (min(darker) - needed) / 0.05


def _shaded_as_wood(lighter: list[dict[str, float]]) -> bool:
    """The faces far lighter than dark paint are shaded like half-cylinders, as plain wood
    is and light paint is not: most of them clearly (SHADED), or each at least as
    `_shading_needed` asks of a face among clearly shaded ones (faintly, with its sides
    falling off from its peak; barely, where it is lit evenly over a narrow band only). A
    low lamp lights a round face lying along it almost evenly, and a varnished face's
    clipped highlight, or two lamps, leave the slope little to fit; light paint stays lit
    evenly across."""
    if median(_wood_shading(x) for x in lighter) >= SHADED:
        return True
    return all(_wood_shading(x) >= _shading_needed(x, faint_allowed=True) for x in lighter)


def _plainly_flat(darker: list[dict[str, float]]) -> bool:
    """The faces far darker than the rest are plainly flat: two or more, each lit evenly over
    half its width and more (EVEN_HALF) and not clearly shaded (SHADED). Beside dark paint so
    plain, the lighter faces are round wood though barely shaded: a lamp overhead lights a
    half-cylinder within 15% of its crest over half its width, and a camera clipping the
    wood's strongest colours flattens it further. A set whose lighter faces are flat (light
    paint) has darker round faces, and no more than one of those lies so along the light as
    to look lit so evenly."""
    return len(darker) >= 2 and all(
        x["even_run"] >= EVEN_HALF and _wood_shading(x) < SHADED for x in darker
    )


def _darkness(x: dict[str, float], stick: MeasuredStick) -> float:
    """Above 0 for dark paint: dark in the picture (see `_dark_in_the_picture`), or lifted
    by a bright exposure (see `_lifted_darkness`)."""
    return max(_dark_in_the_picture(x, stick), _lifted_darkness(stick))


def _dark_in_the_picture(x: dict[str, float], stick: MeasuredStick) -> float:
    """Above 0 for a face dark in the picture and well under the floor's reflectance."""
    return min((DARK_GREY - stick.grey) / 5, (DARK_CORE - x["core"]) / 0.1)


def _lifted_darkness(stick: MeasuredStick) -> float:
    """Above 0 for dark paint that the camera's exposure lifted over DARK_GREY: auto exposure
    brightens a picture of a dark floor (walnut, red felt), and dark paint on it, a few times
    darker than the floor yet not many, comes out as light as the exposure makes it (grey
    86-99 in rendered throws, more with varnish). It still reflects less of the floor's
    light (DARK_PAINT_CORE) than the common set's plain wood does on the palest floor, the
    flat face it could be taken for there, whatever the exposure: that is the test, as for
    the darker faces of a throw of both (`CommonFaces`). A darker plain wood can reflect as
    little of linen's light and look as light in the picture, but it is shaded as round
    faces are: four faces are taken for lifted paint only when evenly lit."""
    return (DARK_PAINT_CORE - stick.light) / 0.1


def _evenly_lit(f: list[dict[str, float]]) -> float:
    """Evidence that faces which all look dark are flat, from how evenly lit half of them are.

    Little light comes back from dark paint, so noise, a shadow left in a face's strip or a
    lamp's sheen make its shading unsteady: the more evenly lit half of the faces speaks for
    the throw (its least evenly lit face, the lower median). Evenly lit, as flat faces are,
    it supports them (within bounds); shaded like a half-cylinder it counts against them
    without bound, for plain wood in dim light looks dark too, and no more than one of four
    round faces lies so along the light as to look evenly lit. Shaded as wood is judged
    (`_wood_shading`): a round face lying along the light has sides hardly sloped, yet a
    bright line along its middle and most of its width well under it.

    Evenly lit is also judged by the stretch down the middle lit within a few percent
    (`even_run`; again of the more evenly lit half, the upper median), beyond EVEN_HALF of a
    stick's width, in steps of 0.05 of it: the dark side of a flat stick, or the shadow
    beside it, left in its strip bends the fit of its shading like a half-cylinder's, not
    that stretch, and a dark round face is never lit so evenly over more than half its width
    (at most half of it, in the tune and low splits' dark round faces), for it turns from
    every lamp towards its sides. A shorter stretch says nothing: the shading alone speaks.
    """
    shading = (SHADED - median_low(_wood_shading(x) for x in f)) / 0.05
    stretch = (median_high(x["even_run"] for x in f) - EVEN_HALF) / 0.05
    even = max(shading, stretch) if stretch > 0 else shading
    return _bounded(even) if even > 0 else even


def _lightness(grey: float, peak: float) -> float:
    """Above 0 for a throw lighter than dark paint: by its grey level in the picture, or by
    the light its faces' brightest columns reflect (`peak`, log, of the floor's), more than
    dark paint does on any floor (DARK_PAINT_CORE). Over the palest floor (linen), the
    camera's exposure can bring plain wood under DARK_GREY; dark paint there reflects a
    tenth of the floor's light."""
    return max((grey - DARK_GREY) / 5, (peak - DARK_PAINT_CORE) / 0.1)


def _shading_needed(x: dict[str, float], faint_allowed: bool) -> float:
    """How clearly a light face must be shaded to be taken for round wood: SHADED, or
    FAINTLY_SHADED where most of the throw's faces are clearly shaded and its sides fall off
    from its peak (see `CommonFaces`), or only BARELY_SHADED where it is lit evenly over
    under EVEN_SHARE of its width: two lamps light a varnished round face from both sides
    and leave little of a half-cylinder's slope, but its brightness still changes across it
    but for a narrow band, where light paint and plain wood lie flat and lit evenly over half
    their width and more, whatever shadows are beside them."""
    if x["even_run"] < EVEN_SHARE:
        return BARELY_SHADED
    return FAINTLY_SHADED if faint_allowed and x["plateau"] < 1 else SHADED


def _woodness(x: dict[str, float], light: float, needed: float = SHADED) -> float:
    """Above 0 for plain wood, round: lit over dark paint (`light`, the throw's, see
    `_lightness`), and shaded like a half-cylinder (at least `needed`); more the clearer the
    shading."""
    shading = (_wood_shading(x) - needed) / 0.05
    return light + _bounded(shading) if min(light, shading) > 0 else min(light, shading)


def _shading(x: dict[str, float]) -> float:
    """How far from evenly lit: a round face darkens towards its sides, or under two lamps
    shows two highlights and darkens in the middle (negative roundness)."""
    return abs(x["roundness"])


def _wood_shading(x: dict[str, float]) -> float:
    """How far a light face is from evenly lit: its shading, or half the share of its width
    lit under 85% of its peak, for a varnished round face's highlight line can leave the fit
    of a half-cylinder's slope little of its brightness to explain."""
    return max(_shading(x), (1 - x["plateau"]) / 2)


def _bounded(evidence: float, limit: float = 2.0) -> float:
    """A supporting cue's evidence, limited: it sways a vote, it cannot carry it alone."""
    return max(-limit, min(limit, evidence))


def _alike_in_colour(sticks: Sequence[MeasuredStick], spread: float = COLOUR_SPREAD) -> bool:
    """The faces are of one material: their colours differ by `spread` at most. A colour is
    compared only where the camera kept both its channels: where one is clipped (a bright
    face under a warm lamp reaches the ceiling in red first), the face's colour is not what
    was recorded, and faces of one wood would seem to differ as they lie to the light."""
    for coordinate, channels in enumerate(CHROMA_CHANNELS):
        kept = [
            float(stick.features[CHROMA][coordinate])
            for stick in sticks
            if not any(stick.clipped[channel] for channel in channels)
        ]
        if kept and max(kept) - min(kept) > spread:
            return False
    return True


@dataclass(frozen=True)
class CalibratedFaces:
    """Both faces as measured in calibration: mean and spread of every feature, per face."""

    flat_mean: np.ndarray
    round_mean: np.ndarray
    flat_spread: np.ndarray
    round_spread: np.ndarray

    @classmethod
    def from_samples(cls, flat: np.ndarray, round_: np.ndarray) -> CalibratedFaces:
        """Means and spreads of each face's samples (a row per stick), the spreads from so
        few sticks without the small sample's bias, and never under SPREAD_FLOOR (the round
        face's, ROUND_SPREAD_FLOOR)."""
        return cls(
            flat.mean(axis=0),
            round_.mean(axis=0),
            np.maximum(flat.std(axis=0, ddof=1), SPREAD_FLOOR),
            np.maximum(round_.std(axis=0, ddof=1), ROUND_SPREAD_FLOOR),
        )

    @cached_property
    def spread(self) -> np.ndarray:
        """The larger of the two faces' spreads, feature by feature: how far a stick may lie
        from a face and still look like one of them."""
        spread: np.ndarray = np.maximum(self.flat_spread, self.round_spread)
        return spread

    @cached_property
    def apart(self) -> np.ndarray:
        """Which features (as NAMES orders them) tell the faces apart: their means lie TELLING
        spreads apart or more."""
        apart: np.ndarray = np.abs(self.flat_mean - self.round_mean) >= TELLING * self.spread
        return apart

    @cached_property
    def telling(self) -> np.ndarray:
        """Which cues (as `_as_cues` orders them) calibration told the faces apart by: the
        features `apart`; the colour when either of its coordinates is, and the shading
        always. The others still weigh in, as little as they can, but do not count as
        contradicting the vote: on faces of one wood, chance and the light leave brightness,
        colour and gloss that far apart, and four of them leaning the other way at once made
        a plainly shaded face 'not sure'."""
        apart = self.apart
        telling: np.ndarray = np.append(apart[SINGLE], (bool(apart[CHROMA].any()), True))
        return telling

    def classify(
        self,
        features: np.ndarray,
        whole_width: bool = True,
        shaped_light: bool = True,
        washed_out: bool = False,
    ) -> FaceVote:
        """The face `features` look like; a stick without its whole width (see
        `vision.features`) gets no evidence for flat from the shading of its sides, and one
        that may be lit across its width by something else than its shape (`shaped_light`
        false: the edge of a wall's shadow beside it) none for round from its shading. A
        shadow's edge can only make a face look less evenly lit: one lit evenly across, with
        the shade beside it, is flat by its shading still. So can a shadow left beside a flat
        face in its strip, which spoils its shading measures towards round but not the even
        stretch down its middle (`even_run`): where that says flat by more than the shading
        says round, or by EVEN_STRETCH at least, the shading does not count (a round face
        curves away from every lamp and is never lit evenly over a flat face's stretch). A
        lamp's glint on a face seen in calibration (see GLINT) neither makes it look like
        neither face nor votes. A face `washed_out` white is cut off flat by the camera: its
        shading and even stretch give no evidence for flat (a round face clipped across looks
        as flat), and where nothing else tells the faces apart (an unpainted set), a flat face
        washed out is not told. Its sides falling off below the ceiling still say round."""
        from_flat = (features - self.flat_mean) / self.spread
        from_round = (features - self.round_mean) / self.spread
        flat_under, round_under = _under_a_glint(from_flat), _under_a_glint(from_round)
        d_flat = _distance(from_flat, self._dark(self.flat_mean), flat_under)
        d_round = _distance(from_round, self._dark(self.round_mean), round_under)
        if min(d_flat, d_round) > OUTLIER_DISTANCE:
            return FaceVote(None, 0.5, "a stick looks like neither face seen in calibration")
        ratios = self._evidence(features)
        if washed_out:
            ratios[CLIPPED_FLAT] = np.minimum(ratios[CLIPPED_FLAT], 0)
        if (flat_under or round_under) and _glint_beyond_both(from_flat, from_round):
            ratios[GLINT] = 0.0
        if not whole_width:
            ratios[SHADING_OF_SIDES] = np.minimum(ratios[SHADING_OF_SIDES], 0)
        ratios = _as_cues(ratios)
        if not shaped_light:
            ratios[-1] = max(ratios[-1], 0.0)
        stretch, shading = ratios[EVEN_RUN], ratios[-1]
        if stretch > 0 > shading and stretch >= min(-shading, EVEN_STRETCH):
            ratios[-1] = 0.0
        for_flat = float(ratios[ratios > 0].sum())
        for_round = float(-ratios[ratios < 0].sum())
        # Features that contradict each other make the vote less sure, not just smaller.
        telling = ratios[self.telling]
        against = min(float(telling[telling > 0].sum()), float(-telling[telling < 0].sum()))
        evidence = abs(for_flat - for_round) - CONFLICT * against
        face: Face = "flat" if for_flat >= for_round else "round"
        return FaceVote(face, _logistic(evidence))

    def _evidence(self, features: np.ndarray) -> np.ndarray:
        """Each feature's evidence for flat (positive) or round: how much nearer the flat
        face's mean it lies than the round face's, each distance in that face's own spreads.
        A flat face is lit evenly wherever it lies, a round face's shading and brightness
        change with its angle to the light: a face well beyond what flat faces ever show is
        round, though measured by one spread for both it would lie as far from either mean.

        A value beyond either mean counts as that mean, so a feature thrown far off (a
        highlight, a clipped white, a shadow in the strip) cannot outvote the others; each
        shading measure counts no more than SHADING_CAP."""
        nearest = np.clip(
            features,
            np.minimum(self.flat_mean, self.round_mean),
            np.maximum(self.flat_mean, self.round_mean),
        )
        to_flat = (nearest - self.flat_mean) / self.flat_spread
        to_round = (nearest - self.round_mean) / self.round_spread
        ratios: np.ndarray = 0.5 * (to_round**2 - to_flat**2)
        ratios[SHADING] = np.clip(ratios[SHADING], -SHADING_CAP, SHADING_CAP)
        return ratios

    @staticmethod
    def _dark(mean: np.ndarray) -> bool:
        """A face as dark as paint (see CHROMA)."""
        return bool(mean[CORE] < DARK_PAINT_CORE)

    def classify_throw(self, sticks: Sequence[MeasuredStick]) -> list[FaceVote]:
        return [
            self.classify(stick.features, stick.whole_width, stick.shaped_light, stick.washed_out)
            for stick in sticks
        ]


def _as_cues(ratios: np.ndarray) -> np.ndarray:
    """The features' evidence as cues: the features that are cues on their own (SINGLE),
    then the two colour coordinates' together, their sum, and the shading measures'
    together, their sum at most SHADING_CAP either way. Plateau, roundness and unevenness
    measure one profile, and a shadow left in it spoils all three at once; where they
    disagree, the profile is unlike either face's in calibration (a round face lit from its
    side has little of a dome's shape yet is far from evenly lit), and only what is left of
    their evidence counts. So with colour: under lights of different colours (two lamps, or
    a coloured lamp and the room's light) a face takes on the colour of the light its sides
    turn to, and where its blue and its red point to different faces, its colour is the
    lights' more than its own."""
    colour = float(ratios[CHROMA].sum())
    shading = min(max(float(ratios[SHADING].sum()), -SHADING_CAP), SHADING_CAP)
    return np.append(ratios[SINGLE], (colour, shading))


def _distance(spreads: np.ndarray, dark: bool = False, under_a_glint: bool = False) -> float:
    """How far a stick's features lie from a face's (in spreads, feature by feature), its
    shading counted no further than SHADING_FAR: shading changes with the stick's angle to
    the light, so it alone cannot make a face look like neither seen in calibration. So is
    the colour of a `dark` face (see CHROMA), and a glint where the stick is the face under
    it (`under_a_glint`, see `_under_a_glint`)."""
    far = spreads.copy()
    loose = SHADING | CHROMA if dark else SHADING
    far[loose] = np.clip(far[loose], -SHADING_FAR, SHADING_FAR)
    if under_a_glint:
        far[GLINT] = np.minimum(far[GLINT], SHADING_FAR)
    return float(np.sqrt(np.mean(far**2)))


def _under_a_glint(spreads: np.ndarray) -> bool:
    """A face as bright in its middle as a face seen in calibration, and of its colour
    (`spreads` from it, feature by feature; see GLINT): a glint on it would be that face's."""
    return bool((np.abs(spreads[UNDER_A_GLINT]) <= GLINT_MATCH).all())


def _glint_beyond_both(from_flat: np.ndarray, from_round: np.ndarray) -> bool:
    """Brighter in its brightest column or glossier than both faces seen in calibration by
    over SHADING_FAR spreads (`from_flat` and `from_round`: spreads from each): on a face
    that is one of them under it (see `_under_a_glint`), a lamp's glint, which tells nothing
    of the face. A varnished round face's highlight line, which calibration saw, is no
    glint."""
    return bool(((from_flat[GLINT] > SHADING_FAR) & (from_round[GLINT] > SHADING_FAR)).any())
