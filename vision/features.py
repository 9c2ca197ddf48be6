"""Physical measurements of one stick, taken relative to the floor beside it.

The stick is cut out along its own axis (rows along the stick, columns across it) and every
pixel is divided by the fitted floor colour in linear light. That ratio is the stick's
reflectance relative to the floor times its shading, so it does not change with the strength
or colour of the light. From it:

- `peak`: log brightness of the brightest column across the stick (paint or wood);
- `chroma_b`, `chroma_r`: the stick's own colour, log blue and red against green of its
  median column. Not the peak column's: a varnish highlight line takes the colour of the
  lamp it reflects and fills a column or two, and on plain wood the lamp's sheen tints the
  column facing it, so faces of one wood would differ in colour as they lie to the light;
- `core`: log brightness of the middle of the stick;
- `plateau`: share of the width lit within 15% of its brightest column (a flat face is
  evenly lit, a round face brightens and darkens across its width);
- `roundness`: share of the brightness that follows the slope of a half-cylinder's surface
  across the width (a round face turns away from the light towards its sides; a flat face
  is lit the same all across), -1 to 1: a varnish highlight falls off faster than the slope,
  and the fit would put more than all of the brightness on it;
- `bars`: dark bands across the stick, lit on both sides (painted marks, not a shade over
  one end);
- `gloss`: brightest pixels over the peak column (varnish highlight line);
- `uneven`: log of how much the brightness varies across the width, whichever way, over its
  mean: a flat face is even to within a percent or less, a round face varies by several
  percent at least, even where it stays within 15% of its peak all across (the plateau of a
  flat face) lying along the light;
- `even_run`: how wide the stretch around the stick's middle is that is lit within 6% all
  across (EVEN_RUN), as a share of a whole stick's width (of the columns measured, when that
  is not known): a flat face is lit evenly from side to side, however dark the shadows left
  beside it in the outline, where they spoil the other measures of shading; a round face is
  that close to its brightest over a narrow band only, however much light fills in its sides;
- `sharpness`: steepest step at the stick's sides per pixel over the step's height (motion
  blur and defocus soften it);
- `end_sharpness`: the same at the sharper of its two ends, per pixel of the picture: a stick
  sliding along its length keeps sharp sides but smears its ends (a shadow softens one end
  at most, the one turned from the lamp).

Besides the features, `light`: the log of the light the middle of the stick returns as a share
of the light the floor returns, the channels summed before they are divided (`core` averages
the channels' ratios instead, and on a strongly coloured floor the ratios of the channels it
hardly reflects weigh as much as the one it does: dark blue paint on red felt returns more
green and blue than the felt does, and would seem to return most of its light).

And `clipped`: which of the face's channels reached the camera's ceiling, where its
recorded colour is not its own. A channel clipped over a third of the face or more is cut off
flat there, so the measures of shading (`plateau`, `roundness`, `uneven`, `even_run`) leave it
out (see `_shading_levels`); a face clipped so in every channel (`washed_out`: light wood on a
near-black floor, which the auto exposure lifts past the ceiling) has no shading left to
measure, and its measures of it are those of a flat top, whatever its face.

A stick found narrower than a whole one (`whole_width` false) has lost its sides against the
floor: the middle of a round face alone is lit as evenly as a flat face, so its shading can
still say round but no longer flat. A stick made whole across the floor in a wall's shade
(`in_shade`) that darkens towards the shaded floor may have been shaded by the shadow's edge
rather than by its shape (`shaped_light` false). A stick neither of whose ends differs from
what lies beyond it along its axis, in any channel (see `ends_shown`), may be no stick: a
piece of a band that goes on beyond it (see `vision.reader`).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial

import cv2
import numpy as np

from vision.detect import Blob
from vision.floor import LINEAR_LEVEL, FloorModel, linear
from vision.order import column_medians, median, quantile

NAMES = (
    "peak",
    "chroma_b",
    "chroma_r",
    "core",
    "plateau",
    "roundness",
    "bars",
    "gloss",
    "uneven",
    "even_run",
)
STRIP_LENGTH = 48
STRIP_WIDTH = 16
MARGIN = 6
INNER_WIDTH = 0.7
WHOLE_WIDTH = 0.87
SHADOW_SHARE = 0.4
# A cast shadow's columns lie within 30% of its darkest (its penumbra and blurred edge too).
BAND_LEVEL = 1.3
DEEP_SHADOW = 0.5
FAINT_SHADOW = 0.6
STICK_LEVEL = 0.8
STEP_JUMP = 2.5
SHALLOW_JUMP = 1.8
EVEN = 1.1
EVEN_RUN = 1.06
STICK_SHARE = 0.4
FLOOR_LIKE = math.log(1.15)
# A stick's own colour against the floor's (log chroma) that tells its columns (see
# `_widened_by_own_colour`), and the share of it a tint of another way may reach.
OWN_COLOUR = 0.15
OTHER_TINT = 0.3
# The share of a stick's own colour (along it) that a shadow beside it may take on from the
# room's light and still be the floor's (see `_floor_coloured_shadow`).
SHADOW_TINT = 0.25
# A channel of a face is clipped when over CLIPPED_SHARE of its pixels reach CLIPPED (JPEG
# ringing keeps some under 255): the camera recorded less than the light that came back.
CLIPPED = 250
CLIPPED_SHARE = 0.05
# A channel clipped over FLATTENED_SHARE of a face has lost its shading there: its top is cut
# off flat, as a flat face's plateau is (a varnish highlight line clips a tenth or less).
FLATTENED_SHARE = 0.33
# How much of the stick's axis `_along_and_beyond` takes: the stick and floor beyond both ends.
END_VIEW = 1.4
# How many levels (0-255) a stick's end differs from what lies beyond it, at least, to show.
END_STEP = 8
_THIRDS = np.full((1, 3), 1 / 3, np.float32)


@dataclass(frozen=True)
class MeasuredStick:
    blob: Blob
    features: np.ndarray
    sharpness: float
    grey: float
    light: float
    whole_width: bool
    shaped_light: bool = True
    end_sharpness: float = 1.0
    clipped: tuple[bool, bool, bool] = (False, False, False)
    washed_out: bool = False


def second_softest(sticks: list[MeasuredStick]) -> tuple[float, float]:
    """How sharp two sticks or more look, sides and ends: the second softest of each, passing
    over one stick that a shadow or a face near the floor's colour softens."""
    sides = sorted(stick.sharpness for stick in sticks)
    ends = sorted(stick.end_sharpness for stick in sticks)
    return sides[1], ends[1]


def cut_strip(work: np.ndarray, blob: Blob) -> np.ndarray:
    """The stick resampled along its axis with MARGIN columns of floor on each side: columns
    run across it, rows along it."""
    width = STRIP_WIDTH + 2 * MARGIN
    along = (STRIP_LENGTH, blob.length / STRIP_LENGTH)
    across = (width, blob.width / STRIP_WIDTH)
    return _along_the_axis(work, blob, along, across, along_columns=False)


def _along_the_axis(
    work: np.ndarray,
    blob: Blob,
    along: tuple[int, float],
    across: tuple[int, float],
    along_columns: bool,
) -> np.ndarray:
    """`work` resampled on a grid centred on the blob, `along` its axis and `across` it (each
    as a count of samples and the step between them in pixels); the axis runs along the
    columns when `along_columns`, else along the rows. Beyond the picture its edge repeats."""
    (n_along, step_along), (n_across, step_across) = along, across
    angle = math.radians(blob.angle)
    cos, sin = math.cos(angle), math.sin(angle)
    half_along, half_across = step_along * n_along / 2, step_across * n_across / 2
    x0 = blob.center[0] - cos * half_along + sin * half_across
    y0 = blob.center[1] - sin * half_along - cos * half_across
    axis = (cos * step_along, sin * step_along)
    normal = (-sin * step_across, cos * step_across)
    first, second = (axis, normal) if along_columns else (normal, axis)
    matrix = np.array([[first[0], second[0], x0], [first[1], second[1], y0]], np.float32)
    size = (n_along, n_across) if along_columns else (n_across, n_along)
    return cv2.warpAffine(
        work,
        matrix,
        size,
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )


def _bars(along: np.ndarray) -> float:
    """How much darker than the rest of the face its darkest 8% are (the `bars` feature),
    counting only what is lighter on both sides: a wall's shade over one end is no mark."""
    envelope = np.minimum(np.maximum.accumulate(along), np.maximum.accumulate(along[::-1])[::-1])
    level = np.minimum(envelope, max(median(along), 1e-3))
    return quantile(1 - along / np.maximum(level, 1e-3), 0.92)


def measure(
    work: np.ndarray, blob: Blob, floor: FloorModel, stick_width: float = 0.0
) -> MeasuredStick:
    """The NAMES features of one stick, the sharpness of its sides, its grey level (0-255);
    `stick_width` is a whole stick's width in `work` pixels (0: not known)."""
    pixels = cut_strip(work, blob)
    strip = pixels.astype(np.float32)
    h, w = work.shape[:2]
    floor_colour = floor.colour_at(blob.center[0] / w, blob.center[1] / h)
    floor_light = linear(floor_colour)
    ratio = cv2.LUT(pixels, LINEAR_LEVEL) / floor_light
    rows = slice(STRIP_LENGTH * 15 // 100, STRIP_LENGTH * 85 // 100)
    columns = column_medians(ratio[rows])
    brightness = columns.sum(axis=1) / 3
    blob_columns = slice(MARGIN, MARGIN + STRIP_WIDTH)
    first, last = _stick_columns(columns[blob_columns], brightness[blob_columns].tolist())
    first, last = _trim_edges(columns, first, last)
    most = stick_width * STRIP_WIDTH / blob.width
    first, last = _widened_by_own_colour(columns, first, last, most)
    body = _channel_mean(ratio)[:, MARGIN + first : MARGIN + last]
    profile = brightness[MARGIN + first : MARGIN + last]
    n = len(profile)
    smooth = _moving_average(profile)
    top = int(np.argmax(smooth))
    peak = float(smooth[top])
    colour = _log_chroma(column_medians(columns[MARGIN + first : MARGIN + last]))
    middle_columns, inner_columns, shading_fit = _across(n)
    middle = float(middle_columns @ profile)
    floor_share = floor_light / floor_light.sum()
    light = float(middle_columns @ (columns[MARGIN + first : MARGIN + last] @ floor_share))
    clipped_shares = _clipped_shares(pixels[rows, MARGIN + first : MARGIN + last])
    shading = _shading_levels(columns, brightness, clipped_shares)
    shading_profile = shading[MARGIN + first : MARGIN + last]
    smooth_shading = smooth if shading is brightness else _moving_average(shading_profile)
    brightest = float(smooth_shading.max())
    even, tilt, dome = shading_fit @ shading_profile[inner_columns]
    roundness = min(1.0, max(-1.0, float(dome) / max(float(even + dome), 1e-3)))
    plateau = np.count_nonzero(smooth_shading >= 0.85 * brightest) / n if brightest > 0 else 0.0
    centre = body[:, _middle_half(n)]
    centre_band = centre.sum(axis=1) / centre.shape[1]
    along = centre_band[STRIP_LENGTH * 8 // 100 : STRIP_LENGTH * 92 // 100]
    bars = _bars(along)
    gloss = quantile(body[rows], 0.99) / max(peak, 1e-3)
    features = np.array(
        [
            math.log(max(peak, 1e-3)),
            colour[0],
            colour[1],
            math.log(max(middle, 1e-3)),
            plateau,
            roundness,
            bars,
            gloss,
            _unevenness(smooth_shading[inner_columns]),
            _even_run(shading, MARGIN + (first + last) // 2) / (most or n),
        ],
        np.float32,
    )
    strip_grey = _channel_mean(strip)
    middle_grey = strip_grey[rows, MARGIN + first : MARGIN + last]
    grey = median(middle_grey[:, n // 3 : max(n // 3 + 1, 2 * n // 3)])
    whole_width = blob.width >= WHOLE_WIDTH * stick_width
    shaped = not blob.in_shade or not _darker_towards_the_shade(brightness, float(tilt))
    return MeasuredStick(
        blob,
        features,
        _sharpness(strip_grey, strip),
        grey,
        math.log(max(light, 1e-3)),
        whole_width,
        shaped,
        _end_sharpness(work, blob),
        _clipped(clipped_shares),
        bool((clipped_shares >= FLATTENED_SHARE).all()),
    )


def _clipped_shares(face: np.ndarray) -> np.ndarray:
    """The share of the face's pixels the camera clipped (see CLIPPED), per channel (BGR)."""
    clipped = np.count_nonzero(face >= CLIPPED, axis=(0, 1))
    return np.asarray(clipped / max(face.shape[0] * face.shape[1], 1), float)


def _clipped(shares: np.ndarray) -> tuple[bool, bool, bool]:
    """Which of the face's channels (BGR) the camera clipped, from their clipped `shares`."""
    blue, green, red = (bool(s > CLIPPED_SHARE) for s in shares)
    return blue, green, red


def _shading_levels(
    columns: np.ndarray, brightness: np.ndarray, clipped_shares: np.ndarray
) -> np.ndarray:
    """Each column's brightness as the face's shading is measured from: the mean of the
    channels the camera kept over most of the face (see FLATTENED_SHARE), or of all of them
    (`brightness`) when it kept all or none. Auto exposure for a dark floor (red felt, walnut)
    lifts plain wood past the ceiling in its strongest channels: there a round face is as
    flat-topped as a flat one, while the channel kept still darkens towards its sides."""
    kept = clipped_shares < FLATTENED_SHARE
    if kept.all() or not kept.any():
        return brightness
    return np.asarray(columns[:, kept].mean(axis=1), np.float32)


def _darker_towards_the_shade(brightness: np.ndarray, tilt: float) -> bool:
    """Whether a face darkens across its width (`tilt`, as `_across` fits it) towards the
    side where the floor beside it is darker: only so can a wall's shadow falling across it
    have shaded it."""
    left, right = median(brightness[:MARGIN]), median(brightness[-MARGIN:])
    return (tilt > 0) if left < right else (tilt < 0)


def _even_run(brightness: np.ndarray, centre: int) -> int:
    """How many columns around `centre` are lit within EVEN_RUN of each other (see
    `even_run`), the run grown one column at a time on the side nearer its level (the
    first, on a tie)."""
    level = brightness.tolist()
    start = end = centre
    low = high = level[centre]
    while True:
        mean = (low + high) / 2
        nearest = None
        for i in (start - 1, end + 1):
            fits = 0 <= i < len(level) and max(high, level[i]) <= EVEN_RUN * min(low, level[i])
            if fits and (nearest is None or abs(level[i] - mean) < abs(level[nearest] - mean)):
                nearest = i
        if nearest is None:
            return end - start + 1
        start, end = min(start, nearest), max(end, nearest)
        low, high = min(low, level[nearest]), max(high, level[nearest])


def _unevenness(profile: np.ndarray) -> float:
    """The log of the spread of the columns' brightness over their mean (at least 0.001):
    how far from evenly lit across the width, whichever way. The spread and the mean are
    `np.std`'s and `np.mean`'s, the same sums in the same precision, without the set-up that
    takes them several times as long as the arithmetic on a dozen columns."""
    n = len(profile)
    mean = np.add.reduce(profile) / n
    deviation = profile - mean
    spread = np.sqrt(np.add.reduce(deviation * deviation) / n)
    return math.log(max(float(spread) / max(float(mean), 1e-3), 1e-3))


def _log_chroma(colour: np.ndarray) -> tuple[float, float]:
    """Log blue and log red against green of a BGR ratio to the floor."""
    blue_green, red_green = _column_chroma(colour[np.newaxis])[0].tolist()
    return blue_green, red_green


@lru_cache(maxsize=64)
def _across(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For a stick n columns wide: weights averaging its middle columns, its inner columns, and
    the least-squares fit over the inner columns of the brightness across the width as
    ambient + tilt + cosine of the surface's slope. A round face's normal turns from the light
    towards its sides, a flat face's does not. The outer columns are left out: there a flat
    face shows its rounded underside or its shadow. The middle columns are those within 0.3
    of the centre, or, two columns wide, both."""
    x = (np.arange(n) + 0.5) / n * 2 - 1
    inner = np.abs(x) <= INNER_WIDTH
    basis = np.stack([np.ones(n), x, np.sqrt(np.clip(1 - (0.95 * x) ** 2, 0, 1))], axis=1)
    off_centre = np.abs(x)
    middle = ((off_centre < 0.3) | (off_centre == off_centre.min())).astype(np.float32)
    return middle / middle.sum(), inner, np.linalg.pinv(basis[inner])


def _channel_mean(image: np.ndarray) -> np.ndarray:
    """The mean of the three channels of a float32 image (cv2 does it without numpy's
    per-call overhead)."""
    mean: np.ndarray = cv2.transform(image, _THIRDS)
    return mean


def _middle_half(n: int) -> slice:
    """The middle half of n columns (at least one)."""
    return slice(n // 4, max(n // 4 + 1, 3 * n // 4))


def _moving_average(profile: np.ndarray) -> np.ndarray:
    """Each value averaged with its two neighbours (the ends repeated)."""
    padded = np.concatenate((profile[:1], profile, profile[-1:]))
    smooth: np.ndarray = (padded[:-2] + padded[1:-1] + padded[2:]) / 3
    return smooth


def _trim_edges(columns: np.ndarray, first: int, last: int) -> tuple[int, int]:
    """Drop the outer columns that are mostly floor (the blob's outline is a pixel generous):
    those departing from the floor by under half as much as the middle half of the stick
    does. Not half the most any column departs: a deep shadow left in the blob departs far
    more than the stick, and would make the stick itself look like floor."""
    inner = columns[MARGIN + first : MARGIN + last]
    departure = np.abs(np.log(np.maximum(inner, 1e-3))).max(axis=1)
    strong = departure > 0.5 * median(departure[_middle_half(len(departure))])
    inside = np.nonzero(strong)[0]
    if len(inside) < 4:
        return first, last
    first, last = first + int(inside[0]), first + int(inside[-1]) + 1
    if last - first >= 6:
        first, last = first + 1, last - 1
    return first, last


def _widened_by_own_colour(
    columns: np.ndarray, first: int, last: int, most: float
) -> tuple[int, int]:
    """The stick's columns `first`-`last`, widened over those beside them that keep the
    stick's own colour where that differs clearly from the floor's (by OWN_COLOUR, log), to
    no more than a whole stick's width (`most` columns; 0, not known: not widened).

    A round face's side turned from the light can be as dark as a shadow: detection leaves
    it out of the outline and the trims take it for one (plain wood on pale linen). Yet it
    keeps the stick's colour, while a shadow, and the floor the stick darkens beside it, keep
    the floor's. A stick smeared across its width by motion fades into the floor in its own
    colour too, and grows wider than a stick: it is left as it is. Not widened across a step
    down to under half the brightness (beside a flat face, a shadow that a second lamp tints
    like the wood), nor at all when some column's colour departs from the floor's another
    way (lamps of different colours, which tint a round face's sides differently). Columns
    within the range as bright as its median or brighter are the face's whatever their
    colour (a varnish highlight takes the lamp's)."""
    if not most:
        return first, last
    chroma = _column_chroma(columns)
    inside = slice(MARGIN + first, MARGIN + last)
    own = column_medians(chroma[inside][_middle_half(last - first)])
    size = float(np.hypot(*own))
    if size < OWN_COLOUR:
        return first, last
    along = chroma @ own / size
    across = np.abs(chroma @ np.array([-own[1], own[0]])) / size
    departs = np.hypot(chroma[:, 0], chroma[:, 1]) >= OTHER_TINT * size
    if np.any(departs & ((across > OTHER_TINT * size) | (along < 0))):
        return first, last
    level = columns.mean(axis=1)
    stick = (along >= 0.5 * size) & (across <= 0.5 * size)
    stick[inside] |= level[inside] >= median(level[inside])
    centre = MARGIN + (first + last) // 2
    if not stick[centre]:
        return first, last
    start, end = _run_around(stick.tolist(), level.tolist(), centre)
    # The run's outermost columns straddle the stick's edge (half floor, half stick).
    wide = min(first, start + 1 - MARGIN), max(last, end - MARGIN)
    return wide if wide[1] - wide[0] <= most else (first, last)


def _column_chroma(columns: np.ndarray) -> np.ndarray:
    """Each column's log blue and log red against green (BGR ratios to the floor), a row
    each."""
    log = np.log(np.maximum(columns, 1e-3)).astype(np.float64)
    chroma: np.ndarray = log[:, ::2] - log[:, 1:2]
    return chroma


def _run_around(member: list[bool], level: list[float], centre: int) -> tuple[int, int]:
    """The first and last of the run of `member` columns around `centre`, ending before a
    step down to under half the brightness (`level`) of the column within."""
    start = end = centre
    while start > 0 and member[start - 1] and level[start - 1] >= 0.5 * level[start]:
        start -= 1
    while end + 1 < len(member) and member[end + 1] and level[end + 1] >= 0.5 * level[end]:
        end += 1
    return start, end


def _stick_columns(columns: np.ndarray, brightness: list[float]) -> tuple[int, int]:
    """The blob's columns without the shadows cast along its sides.

    The blob takes in the shadow beside the stick wherever that differs from the floor. Three
    kinds are told from the stick: a band of moderate shadow (`_shadow_band`), a deep one
    (`_deep_shadow`) and one in the floor's colour that the stick's shaded side darkens into
    (`_floor_coloured_shadow`); each side loses the most of the three trims, and when that
    leaves under STICK_SHARE of the blob, only the side that loses more does. `brightness`
    is each column's mean over the channels.
    """
    shadowy = _shadowy(columns)
    band_left, band_right = _shadow_band(shadowy, brightness)
    deep_left, deep_right = _deep_shadow(brightness)
    tint_left, tint_right = _floor_coloured_shadow(columns, shadowy, brightness)
    left, right = _leaving_the_stick(
        max(band_left, deep_left, tint_left), max(band_right, deep_right, tint_right), len(columns)
    )
    return left, len(columns) - right


def _leaving_the_stick(left: int, right: int, n: int) -> tuple[int, int]:
    """Trims of `left` and `right` columns of `n`: both when they leave STICK_SHARE of them
    to the stick, else only the wider."""
    if n - left - right >= STICK_SHARE * n:
        return left, right
    return (left, 0) if left >= right else (0, right)


def _floor_coloured_shadow(
    columns: np.ndarray, shadowy: list[bool], brightness: list[float]
) -> tuple[int, int]:
    """Columns to trim from the left and the right: a shadow in the floor's colour beside a
    stick of its own colour.

    Under a low side lamp, a round face's side turned from the light darkens down to the
    shadow it casts, and no step in brightness tells where the wood ends. Its colour does:
    a shadow is the floor lit less, in the floor's colour, while the wood keeps its own down
    to its darkest side (see `_widened_by_own_colour`). The stick's own colour is that of
    the blob's brightest quarter of columns (its lit side); where that differs clearly from
    the floor's (OWN_COLOUR), a side's run of shadowy columns (see `_shadowy`) coloured
    under SHADOW_TINT as much as the stick (the room's light tints a shadow a little), up to
    the first column of the stick's colour, is shadow. Dark paint is darker than a shadow,
    so a bright shadow's tint taken for the stick's colour does not make it one. At least
    STICK_SHARE of the blob is left to the stick, or nothing is trimmed."""
    chroma = _column_chroma(columns)
    level = np.asarray(brightness)
    brightest = np.argsort(level)[-max(3, len(level) // 4) :]
    own = column_medians(chroma[brightest])
    size = float(np.hypot(*own))
    if size < OWN_COLOUR:
        return 0, 0
    floor_coloured = (chroma @ own < SHADOW_TINT * size * size).tolist()
    left = _floor_coloured_run(floor_coloured, shadowy, brightness)
    right = _floor_coloured_run(floor_coloured[::-1], shadowy[::-1], brightness[::-1])
    if len(brightness) - left - right < STICK_SHARE * len(brightness):
        return 0, 0
    return left, right


def _floor_coloured_run(
    floor_coloured: list[bool], shadowy: list[bool], brightness: list[float]
) -> int:
    """How many columns from the start are floor lit less, in its colour, before the first
    column of the stick's colour (0: none, or no such column follows). The outline's first
    columns of floor as lit as the rest (FLOOR_LIKE) are passed over."""
    n = len(floor_coloured)
    lead = end = _floor_lead(brightness)
    while end < n and floor_coloured[end] and shadowy[end]:
        end += 1
    if end == lead or end >= n or floor_coloured[end]:
        return 0
    # The stick's side darkens into the shadow; beyond a step, the other trims see it.
    return end if brightness[end] <= BAND_LEVEL * min(brightness[lead:end]) else 0


def _shadow_band(shadowy: list[bool], brightness: list[float]) -> tuple[int, int]:
    """Columns to trim from the left and the right: a band of moderate shadow on one side.

    A shadow darkens the floor in every channel (by a factor that differs per channel when
    the lights differ in colour) and lies along one side of the stick; up to SHADOW_SHARE of
    the width is trimmed from the side whose run holds more shadow (darkness summed over its
    columns): the floor just outside the other side is often a little dim too (the outline is
    a pixel generous, the stick shades the floor near it), in a longer but far fainter run. A
    run that does not end before SHADOW_SHARE is not told from the stick (a face darker than
    the floor all across, as plain wood on pale linen), and a stick that looks like shadow
    nearly all across (dark paint on a dark floor) is left whole. Of a run, only the part out
    to its last column about as dark as its darkest (BAND_LEVEL) is shadow: a cast shadow is
    about as dark all across, while a round face's side turned from the light, under the
    floor's light in every channel too, darkens gradually down to it. `shadowy` says which
    columns may be shadow at all (see `_shadowy`).
    """
    if sum(shadowy) > 0.7 * len(shadowy):
        return 0, 0
    n = len(shadowy)
    limit = int(SHADOW_SHARE * n)
    left = _shadow_run(shadowy, limit, brightness)
    right = _shadow_run(shadowy[::-1], limit, brightness[::-1])
    if left and right:
        # Darkness (1 - brightness) summed over each run.
        if left - sum(brightness[:left]) < right - sum(brightness[n - right :]):
            left = 0
        else:
            right = 0
    return left, right


def _shadowy(columns: np.ndarray) -> list[bool]:
    """Which columns may be a shadow: darker than the floor in every channel, yet lit by
    what the stick leaves (over 0.15 of the floor in every channel; dark paint is darker)."""
    shadowy: list[bool] = ((columns.max(axis=1) < 0.9) & (columns.min(axis=1) > 0.15)).tolist()
    return shadowy


def _shadow_run(shadowy: list[bool], limit: int, brightness: list[float]) -> int:
    """How many columns from the start are shadow: the shadowy run's columns out to the last
    within BAND_LEVEL of its darkest. None (0) where the run is over `limit` columns, reaches
    the other side, or ends at a column neither darker than its darkest (a deeper shadow, or
    dark paint) nor brighter by over BAND_LEVEL (a lit face): a face darker than the floor
    whose colour nears the floor's in one channel is shadowy in some columns only, and a run
    of them ends at more of the face.

    The blob's outline is a pixel or two generous, and the columns it takes in do not count
    towards the limit: floor as lit as the rest (see `_floor_lead`), or where there is none,
    the shadow's blurred outer edge (shadowy columns lit over FAINT_SHADOW of the floor)."""
    margin = _floor_lead(brightness) or _blurred_edge(shadowy, brightness)
    end = margin
    while end < len(shadowy) and shadowy[end]:
        end += 1
    if end == margin or end > margin + limit or end == len(shadowy):
        return 0
    darkest = min(brightness[:end])
    if darkest <= brightness[end] <= BAND_LEVEL * darkest:
        return 0
    return 1 + max(i for i in range(end) if brightness[i] <= BAND_LEVEL * darkest)


def _blurred_edge(shadowy: list[bool], brightness: list[float]) -> int:
    """How many of the first columns are a shadow's blurred outer edge: shadowy, yet lit
    over FAINT_SHADOW of the floor."""
    edge = 0
    while edge < len(shadowy) and shadowy[edge] and brightness[edge] > FAINT_SHADOW:
        edge += 1
    return edge


def _deep_shadow(brightness: list[float]) -> tuple[int, int]:
    """Columns to trim from the left and the right: a shadow too deep for `_shadow_band` on
    one side, or on both under two lamps that each cast one (a channel under 0.15 of the
    floor: where one of two lamps of different colours is hidden, or all across under a
    single low lamp; or the stick itself darker than the floor, as plain wood on pale linen).

    Such a shadow lies in the outer part of the blob (beside a bright face, a low lamp casts
    one nearly as wide as the stick), is under DEEP_SHADOW of both the floor and the stick's
    typical column, and where it meets the stick's side the brightness jumps (within two
    columns) to STICK_LEVEL of the stick's and to STEP_JUMP times the shadow's; at least
    STICK_SHARE of the blob is left to the stick (else only the wider shadow goes). A round
    face turning away from the light darkens gradually, so its shaded side is kept. Lamps
    that leave much ambient light cast fainter shadows, under FAINT_SHADOW of the floor and
    the stick and only about half as dark as the stick: those are told from a round face's
    shaded side by a step of SHALLOW_JUMP to a stick evenly lit beyond it (the next column
    within EVEN of it). Where the edge beside a deep shadow is blurred over two columns, the
    stick's level comes a column later: then the face must be evenly lit for three columns
    from there, as a round face still brightening is not. Where the face beyond a blurred
    edge is darker than the floor (dark paint lifted by the exposure to half a dark floor's
    light), a shadow beside it, deep or faint, is seldom STEP_JUMP times darker than the face:
    there the edge needs a jump of SHALLOW_JUMP only. Beside a face brighter than the floor
    it still needs STEP_JUMP, so the face's own bright edge is not cut off with the shadow.
    """
    body = statistics.median(brightness)
    left = _deep_shadow_run(brightness, body)
    right = _deep_shadow_run(brightness[::-1], body)
    return _leaving_the_stick(left, right, len(brightness))


def _deep_shadow_run(brightness: list[float], body: float) -> int:
    """How many columns from the start of `brightness` are a deep shadow, with the columns of
    floor before it (0: none). The blob's outline is a pixel or two generous: those columns
    (within FLOOR_LIKE of the floor, at most a quarter of the width) are passed over, or they
    would take up the shadow's share of the width.

    Only beside a face brighter than the floor may the shadow reach over the outer half of
    the blob: a face darker than the floor (dark paint) can hold columns as dark as a shadow
    itself, so there the shadow and the trim stay within SHADOW_SHARE.
    """
    lead = _floor_lead(brightness)
    columns = brightness[lead:]
    n = len(columns)
    bright = body > 1.0
    limit = n // 2 if bright else int(SHADOW_SHARE * n)
    outer = columns[:limit]
    shadow = min(outer)
    reference = min(body, 1.0)
    if shadow > FAINT_SHADOW * reference:
        return 0
    deep = shadow <= DEEP_SHADOW * reference
    # The deepest column nearest the stick: a wide shadow is as deep all across.
    darkest = max(i for i, level in enumerate(outer) if level <= 1.05 * shadow)
    widest = n - math.ceil(STICK_SHARE * n) if bright else limit
    for side in range(darkest + 1, min(darkest + 4, widest + 1)):
        level = columns[side]
        stepped = deep and level >= STEP_JUMP * shadow
        if side == darkest + 3:
            # An edge blurred over two columns: beyond it, lit evenly for three.
            darker_face = level < 1.0 and level >= SHALLOW_JUMP * shadow
            beside = (stepped or darker_face) and _evenly_lit_for(columns, side, 3)
        else:
            shallow = level >= SHALLOW_JUMP * shadow and _evenly_lit_after(columns, side)
            beside = stepped or shallow
        if beside and level >= STICK_LEVEL * body:
            return lead + side
    return 0


def _floor_lead(brightness: list[float]) -> int:
    """How many of the first columns are floor as lit as the rest (within FLOOR_LIKE), at
    most a quarter of them: the blob's outline is a pixel or two generous."""
    lead = 0
    while lead < len(brightness) // 4 and abs(math.log(max(brightness[lead], 1e-3))) < FLOOR_LIKE:
        lead += 1
    return lead


def _evenly_lit_for(columns: list[float], side: int, count: int) -> bool:
    """The `count` columns from `side` are all within EVEN of each other."""
    run = columns[side : side + count]
    return len(run) == count and max(run) <= EVEN * min(run)


def _evenly_lit_after(columns: list[float], side: int) -> bool:
    """The column after `side` is within EVEN of it (or there is none)."""
    return side + 1 >= len(columns) or columns[side + 1] <= EVEN * columns[side]


def _sharpness(grey: np.ndarray, strip: np.ndarray) -> float:
    """Steepest step across the stick's sides over the height of the step (1/pixels), in the
    strip's `grey` levels; where neither side stands out in grey (a face as bright as the
    floor, of another hue), in the channel of the colour `strip` where they stand out most.
    1.0 where they stand out in none: a smear is then not seen."""
    rows = slice(STRIP_LENGTH // 5, STRIP_LENGTH * 4 // 5)
    steps = _steps_seen(_side_steps, grey[rows], strip[rows])
    return min(steepness for steepness, _ in steps) if steps else 1.0


def _side_steps(profile: np.ndarray) -> list[tuple[float, float]]:
    """(steepest step over height, height) at each side of a profile across the stick whose
    height (from the floor beyond to the stick within) is 8 levels or more."""
    jumps = np.abs(profile[1:] - profile[:-1])
    side = MARGIN + 4
    steps = []
    for height, jump in (
        (abs(float(profile[side - 1] - profile[0])), jumps[: side - 1]),
        (abs(float(profile[-side] - profile[-1])), jumps[-(side - 1) :]),
    ):
        if height >= 8:
            steps.append((float(jump.max()) / height, height))
    return steps


def _steps_seen(
    steps_of: Callable[[np.ndarray], list[tuple[float, float]]],
    grey: np.ndarray,
    colour: np.ndarray,
) -> list[tuple[float, float]]:
    """The edges' steps (`steps_of` a profile of column medians) in `grey`; where none stands
    out in grey, in the channel of `colour` (the same samples) where they stand out most."""
    return steps_of(column_medians(grey)) or max(
        (steps_of(channel) for channel in column_medians(colour).T), key=_standing_out
    )


def _standing_out(steps: list[tuple[float, float]]) -> tuple[int, float]:
    """How far the edges `steps` measures (steepness, height) stand out: how many of them
    do, then the height of the lowest."""
    return len(steps), min((height for _, height in steps), default=0.0)


def ends_shown(work: np.ndarray, blob: Blob) -> bool:
    """Whether one of the stick's ends shows: differs from what lies beyond it along the
    stick's axis by END_STEP levels or more in one channel at least (a face of the floor's
    grey may still differ from it in colour). Measured only where it is asked (see
    `vision.reader`), not with the features: a stick found in a first look has ends."""
    line, middle, outside = _along_and_beyond(work, blob)
    colour = column_medians(line)
    inside = column_medians(colour[middle])
    return any(
        np.abs(inside - column_medians(end[:outside])).max() >= END_STEP
        for end in (colour, colour[::-1])
    )


def _along_and_beyond(work: np.ndarray, blob: Blob) -> tuple[np.ndarray, slice, int]:
    """The picture along the stick's axis and beyond both its ends (END_VIEW of its length,
    half its width across), the samples of its middle, and how many lie beyond each end."""
    along = int(blob.length * END_VIEW)
    across = max(3, int(blob.width / 2))
    line = _along_the_axis(work, blob, (along, 1.0), (across, 1.0), along_columns=True)
    return line.astype(np.float32), slice(int(along * 0.3), int(along * 0.7)), max(2, along // 20)


def _end_sharpness(work: np.ndarray, blob: Blob) -> float:
    """Steepest one-pixel step at the sharper of the stick's ends over the step's height, in
    the grey levels of its middle half, along its axis; where neither end differs from the
    floor beyond it by END_STEP levels or more in grey, in the channel where they differ
    most (as `_sharpness`), and 1.0 where they differ so in none."""
    line, middle, outside = _along_and_beyond(work, blob)
    ends = partial(_end_steps, middle=middle, outside=outside)
    steps = _steps_seen(ends, _channel_mean(line), line)
    return max(steepness for steepness, _ in steps) if steps else 1.0


def _end_steps(profile: np.ndarray, middle: slice, outside: int) -> list[tuple[float, float]]:
    """(steepest one-pixel step over height, height) at each end of a profile along the
    stick, `middle` its samples of the stick's middle and `outside` how many lie beyond each
    end, where the end differs from what lies beyond it by END_STEP levels or more."""
    inside = median(profile[middle])
    steps = []
    half = len(profile) // 2
    for end in (profile[:half], profile[half:][::-1]):
        height = abs(inside - median(end[:outside]))
        if height >= END_STEP:
            steps.append((float(np.abs(end[1:] - end[:-1]).max()) / height, height))
    return steps
