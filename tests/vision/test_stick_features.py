"""A stick's shading is measured on the stick itself, not on the floor the blob took in."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from vision.detect import Blob
from vision.features import NAMES, measure
from vision.floor import GAMMA, fit_floor

FLOOR_LEVEL = 120


def _level(ratio: float) -> int:
    """The 8-bit level whose linear light is `ratio` times the floor's, up to the camera's
    ceiling."""
    return min(255, round((FLOOR_LEVEL + 3) * math.pow(ratio, 1 / GAMMA) - 3))


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
    return image, _stick_blob(min(shadow.start, dim.start), max(shadow.stop, dim.stop))


@pytest.mark.parametrize("shadow_side", ["above", "below"])
def test_a_flat_face_beside_its_shadow_is_measured_evenly_lit(shadow_side: str) -> None:
    features = _features(*_flat_stick_between(shadow_side))
    assert features["plateau"] >= 0.9
    assert abs(features["roundness"]) <= 0.15
    assert features["uneven"] <= math.log(0.01)


# Linear-light ratios to the floor (blue, green, red) under two lamps of different colours:
# plain wood darker than pale linen in every channel, and the deep greenish shadow where the
# wood hides one lamp (a channel under 0.15 of the floor).
WOOD = (0.88, 0.71, 0.56)
DEEP_SHADOW = (0.12, 0.21, 0.13)


def _paint_rows(image: np.ndarray, rows: slice, ratios: tuple[float, float, float]) -> None:
    image[rows, 40:160] = [_level(ratio) for ratio in ratios]


def _stick_blob(top: int, bottom: int) -> Blob:
    """The blob of a stick lying along x from 40 to 160, across rows top to bottom."""
    width = float(bottom - top)
    corners = ((40.0, top), (160.0, top), (160.0, bottom), (40.0, bottom))
    return Blob((100.0, (top + bottom) / 2), 120.0, width, 0.0, 120.0 * width, 1.0, False,
                0.0, corners)


def _features(image: np.ndarray, blob: Blob, stick_width: float = 0.0) -> dict[str, float]:
    floor = fit_floor(np.full_like(image, FLOOR_LEVEL))
    return dict(zip(NAMES, measure(image, blob, floor, stick_width).features, strict=True))


@pytest.mark.parametrize("shadow_side", ["above", "below"])
def test_a_plain_wood_flat_face_beside_a_deep_coloured_shadow_is_measured_evenly_lit(
    shadow_side: str,
) -> None:
    image = np.full((200, 200, 3), FLOOR_LEVEL, np.uint8)
    _paint_rows(image, slice(90, 110), WOOD)
    shadow = slice(110, 116) if shadow_side == "below" else slice(84, 90)
    _paint_rows(image, shadow, DEEP_SHADOW)
    # The outline is generous by two rows of floor on both sides.
    top, bottom = min(shadow.start, 90) - 2, max(shadow.stop, 110) + 2
    features = _features(image, _stick_blob(top, bottom))
    assert features["plateau"] >= 0.9
    assert abs(features["roundness"]) <= 0.15
    assert features["chroma_b"] == pytest.approx(math.log(WOOD[0] / WOOD[1]), abs=0.1)


def _round_face(wood: tuple[float, float, float], ambient: float, lamp: float) -> np.ndarray:
    """A round face (rows 90-109) on a plain floor, lit by a lamp 30 degrees towards its upper
    side over some ambient light: brightest towards the top, darkening to its lower side."""
    image = np.full((200, 200, 3), FLOOR_LEVEL, np.uint8)
    light = np.array([-0.5, math.sqrt(0.75)])
    for row in range(90, 110):
        across = (row + 0.5 - 100) / 10
        normal = np.array([across, math.sqrt(1 - across**2)])
        lit = ambient + lamp * max(0.0, float(normal @ light))
        blue, green, red = wood
        _paint_rows(image, slice(row, row + 1), (lit * blue, lit * green, lit * red))
    return image


def test_a_round_face_darkening_gradually_into_its_shadow_keeps_its_shaded_side() -> None:
    """Lit from above, the face is brightest towards the top and darkens gradually to its
    lower side, where its deep shadow joins it: that side is the face's, not shadow."""
    image = _round_face(WOOD, ambient=0.1, lamp=0.9)
    _paint_rows(image, slice(110, 116), DEEP_SHADOW)
    features = _features(image, _stick_blob(88, 118))
    assert features["roundness"] >= 0.3
    assert features["plateau"] <= 0.7
    assert features["uneven"] >= math.log(0.1)


def test_a_round_face_darkening_into_a_moderate_shadow_keeps_its_shaded_side() -> None:
    """Plain wood on pale linen, lit from one side: all but the lit top of the face is
    under the floor's light in every channel, as a moderate shadow is, and so is the strip
    of shadow it casts. Only the shadow is about as dark all across; the face darkens
    gradually down to it, and that side stays the face's (the outline is generous by six
    rows of floor on the lit side)."""
    image = _round_face((0.6, 0.8, 1.05), ambient=0.3, lamp=0.8)
    _paint_rows(image, slice(110, 111), (0.25, 0.25, 0.25))
    features = _features(image, _stick_blob(84, 111))
    assert features["plateau"] <= 0.8
    assert features["uneven"] >= math.log(0.05)


# Plain wood against pale linen (blue, green, red).
WOOD_ON_LINEN = (0.6, 0.8, 1.05)


# A round face of plain wood lit from one side by a low lamp, as a rendered throw's columns
# measured it (brightness over the floor's, from its lit side to its shaded one, a column
# every two rows): it darkens down to the level of the shadow it casts.
SIDE_LIT_ROUND = (1.02, 1.04, 0.99, 0.92, 0.81, 0.67, 0.53, 0.36, 0.21, 0.19)


def test_a_round_face_darkening_into_its_shadow_under_a_low_lamp_is_measured_without_it() -> None:
    """A lamp low to one side leaves much of the face in its own shade, as dark as the wide
    shadow it casts, with no step between: the outline takes in both, and the middle of what
    it holds lies in the shadow. The shadow keeps the floor's colour and the wood its own, so
    the face is measured from its lit side to its darkest, without the shadow."""
    image = np.full((200, 200, 3), FLOOR_LEVEL, np.uint8)
    blue, green, red = (3 * channel / sum(WOOD_ON_LINEN) for channel in WOOD_ON_LINEN)
    for offset, level in enumerate(SIDE_LIT_ROUND):
        rows = slice(90 + 2 * offset, 92 + 2 * offset)
        _paint_rows(image, rows, (level * blue, level * green, level * red))
    _paint_rows(image, slice(110, 120), (0.18, 0.18, 0.18))
    _paint_rows(image, slice(120, 121), (0.6, 0.6, 0.6))
    features = _features(image, _stick_blob(88, 123))
    assert features["roundness"] >= 0.3
    assert features["core"] >= math.log(0.45)
    assert features["chroma_r"] == pytest.approx(math.log(1.05 / 0.8), abs=0.1)


def test_a_round_face_whose_shaded_side_the_outline_left_out_is_measured_across_its_width() -> None:
    """Plain wood on pale linen: the face's side turned from the lamp is as dark as a shadow
    and no more tinted than the wood, and detection may leave it out of the outline, taking
    in floor on the lit side instead. Knowing a whole stick's width (calibrated), the wood's
    own colour, which the floor and its shadows lack, shows where the face goes on."""
    image = _round_face(WOOD_ON_LINEN, ambient=0.1, lamp=0.9)
    _paint_rows(image, slice(110, 113), (0.45, 0.45, 0.45))
    features = _features(image, _stick_blob(84, 104), stick_width=24)
    assert features["roundness"] >= 0.5
    assert features["uneven"] >= math.log(0.1)


def test_a_face_smeared_across_its_width_is_not_widened_into_the_smear() -> None:
    """A flat face of plain wood smeared across its width (as by motion) fades into the
    floor in its own colour, and its outline takes in the fade: widened over it, the face
    would look shaded like a round one. It is wider than a whole stick, so it is not."""
    image = np.full((200, 200, 3), FLOOR_LEVEL, np.uint8)
    _paint_rows(image, slice(90, 110), WOOD_ON_LINEN)
    for row in range(110, 130):
        fade = 0.5 + 0.5 * (row - 110) / 20
        blue, green, red = (fade * c for c in WOOD_ON_LINEN)
        _paint_rows(image, slice(row, row + 1), (blue, green, red))
    features = _features(image, _stick_blob(88, 126), stick_width=24)
    assert features["plateau"] >= 0.9
    assert abs(features["roundness"]) <= 0.15


def _flat_wood_between(rim: tuple[float, float, float], stick_width: float) -> dict[str, float]:
    """The features of an evenly lit flat face of plain wood (rows 92-109) with `rim` along
    its upper side (six rows) and the floor a stick darkens beside it along its lower side
    (two), all in the outline, measured knowing a whole stick's `stick_width`."""
    image = np.full((200, 200, 3), FLOOR_LEVEL, np.uint8)
    _paint_rows(image, slice(92, 110), WOOD_ON_LINEN)
    _paint_rows(image, slice(86, 92), rim)
    _paint_rows(image, slice(110, 112), (0.55, 0.55, 0.55))
    return _features(image, _stick_blob(85, 113), stick_width)


def _evenly_lit(features: dict[str, float]) -> bool:
    return (
        features["plateau"] >= 0.9
        and abs(features["roundness"]) <= 0.15
        and features["uneven"] <= math.log(0.02)
    )


def test_a_flat_face_is_not_widened_into_a_shadow_tinted_like_the_wood() -> None:
    """Under two lamps of different colours, a shadow takes the colour of the other lamp,
    which may be the wood's; it is far darker than the face all at once, where a round face
    darkens gradually."""
    assert _evenly_lit(_flat_wood_between((0.25, 0.33, 0.44), stick_width=26))


def _measured_rows(ratios: tuple[float, ...]) -> dict[str, float]:
    """The features of a blob whose rows, one by one, are grey at `ratios` of the floor's
    light: a profile across a stick as the strip measured it in a rendered throw."""
    return _measured_coloured_rows(tuple((ratio,) * 3 for ratio in ratios))


def _measured_coloured_rows(rows: tuple[tuple[float, float, float], ...]) -> dict[str, float]:
    """The features of a blob whose rows, one by one, are at `rows` (blue, green and red
    ratios to the floor's light; see `_measured_rows`)."""
    image = np.full((200, 200, 3), FLOOR_LEVEL, np.uint8)
    for offset, ratios in enumerate(rows):
        _paint_rows(image, slice(90 + offset, 91 + offset), ratios)
    return _features(image, _stick_blob(90, 90 + len(rows)))


def _face_beside_shadow(
    face: tuple[float, float, float],
    shadow_rows: int,
    shadow_side: str,
    outline: int,
    shadow_level: float = 0.2,
) -> dict[str, float]:
    """The features of an evenly lit face (rows 90-107) whose shadow (`shadow_level` of the
    floor in every channel, as deep as dark paint unless told) lies `shadow_rows` wide on one
    side behind a row of half shadow, in a blob `outline` rows generous beyond the shadow and
    two beyond the face."""
    image = np.full((200, 200, 3), FLOOR_LEVEL, np.uint8)
    _paint_rows(image, slice(90, 108), face)
    if shadow_side == "above":
        shadow, half = slice(89 - shadow_rows, 89), slice(89, 90)
        top, bottom = shadow.start - outline, 110
    else:
        shadow, half = slice(109, 109 + shadow_rows), slice(108, 109)
        top, bottom = 88, shadow.stop + outline
    _paint_rows(image, shadow, (shadow_level,) * 3)
    half_level = (shadow_level + min(face)) / 2
    _paint_rows(image, half, (half_level,) * 3)
    return _features(image, _stick_blob(top, bottom))


@pytest.mark.parametrize("shadow_side", ["above", "below"])
def test_a_bright_flat_face_beside_a_shadow_nearly_as_wide_as_itself_is_measured_evenly_lit(
    shadow_side: str,
) -> None:
    """A low lamp over a dark floor: the stick's shadow takes in 14 rows beside an 18-row
    face (over 40% of the blob)."""
    features = _face_beside_shadow((2.5, 3.5, 1.6), 14, shadow_side, outline=2)
    assert features["plateau"] >= 0.9
    assert abs(features["roundness"]) <= 0.15


@pytest.mark.parametrize("shadow_side", ["above", "below"])
def test_a_deep_shadow_behind_floor_rows_in_the_outline_is_still_trimmed(
    shadow_side: str,
) -> None:
    """Plain wood darker than pale linen, its deep shadow beside it, and the blob's outline
    a few rows generous beyond the shadow: those floor rows would take up the shadow's share
    of the width, and the strip measured the shadow instead of the stick."""
    features = _face_beside_shadow((0.7, 0.7, 0.7), 9, shadow_side, outline=4)
    assert features["core"] == pytest.approx(math.log(0.7), abs=0.1)
    assert features["plateau"] >= 0.9


@pytest.mark.parametrize("shadow_side", ["above", "below"])
def test_a_shadow_only_half_as_dark_as_plain_wood_beside_it_is_still_trimmed(
    shadow_side: str,
) -> None:
    """Plain wood at 0.72 of pale linen, under lamps that leave much ambient light: its shadow
    is only half as dark as the wood. Left in, it made flat faces of an unpainted set look
    shaded like round ones, and throws read with a wrong count."""
    features = _face_beside_shadow((0.72, 0.72, 0.72), 4, shadow_side, 2, shadow_level=0.37)
    assert features["core"] == pytest.approx(math.log(0.72), abs=0.1)
    assert features["plateau"] >= 0.9
    assert abs(features["roundness"]) <= 0.15


# A round face of plain wood darker than the floor, lit from one side, as a blob's rows (ratios
# to the floor) measured it: it darkens over several rows to its far side, where it is half as
# bright again two rows in from its darkest, and a little shadow and dim floor lie at both
# sides.
GRADUAL_ROUND = (0.74, 0.54, 0.48, 0.59, 0.66, 0.7, 0.73, 0.74, 0.72, 0.7, 0.65, 0.59, 0.51, 0.42,
                 0.28, 0.39)


def test_a_round_face_darkening_over_several_rows_is_not_taken_for_a_shallow_shadow() -> None:
    """Only a step to the stick's level within two rows, with the stick evenly lit beyond it,
    tells a shadow half as dark as the stick from a round face's shaded side."""
    features = _measured_rows(GRADUAL_ROUND)
    # Half the face is lit within 15% of its peak; without its three darkest rows, 0.64.
    assert features["plateau"] <= 0.55
    assert features["roundness"] >= 0.9


# A dark varnished flat face on walnut, lifted by the exposure to half the floor's light, as a
# blob's rows (ratios to the floor) measured it under two lamps: the deep shadow one lamp casts
# lies beside it, and its edge is blurred over two rows, where the face is 2.4 times as bright
# as the shadow's darkest row (tune set-up 436).
DARK_PAINT_BESIDE_A_BLURRED_SHADOW = (0.59, 0.35, 0.21, 0.24, 0.4, 0.5, 0.51, 0.52, 0.52, 0.52,
                                      0.52, 0.52, 0.52, 0.51, 0.53, 0.67)


def test_a_deep_shadow_blurred_into_a_dark_face_evenly_lit_beyond_it_is_trimmed() -> None:
    """Dark paint is too dark for a shadow beside it to be as many times darker as beside
    wood; the face evenly lit for three rows beyond the blurred edge tells it from a round
    face's shaded side. Left in, the shadow made two of four flat faces look shaded like
    round ones, and the throw was asked again."""
    features = _measured_rows(DARK_PAINT_BESIDE_A_BLURRED_SHADOW)
    assert features["core"] == pytest.approx(math.log(0.52), abs=0.05)
    assert features["plateau"] >= 0.9
    assert abs(features["roundness"]) <= 0.15


# A plain wood flat face on green felt under two lamps, as a blob's rows measured it: a faint
# shadow and the face's soft edge on one side, a wide shadow on the other (low set-up 64).
BRIGHT_FACE_BESIDE_A_SOFT_EDGE = (0.69, 0.46, 0.9, 4.29, 4.92, 4.92, 4.88, 4.93, 4.92, 4.15,
                                  0.84, 0.57, 0.62, 0.64, 0.63, 0.81)


def test_a_face_brighter_than_the_floor_keeps_its_soft_edge_beside_a_faint_shadow() -> None:
    """Only beside a face darker than the floor does a blurred edge need no more than
    SHALLOW_JUMP: here the face's own edge, three quarters as bright as its middle, would
    go with the shadow, and the face look shaded like a round one."""
    features = _measured_rows(BRIGHT_FACE_BESIDE_A_SOFT_EDGE)
    assert abs(features["roundness"]) <= 0.15


def test_a_highlight_line_in_the_lamps_colour_does_not_change_the_sticks_colour() -> None:
    """A varnished face reflects the lamp in a line along the stick, brighter than the wood
    and of the light's colour (the floor's, in ratios to it): the peak column is the
    highlight's, the stick's colour still the wood's."""
    image = np.full((200, 200, 3), FLOOR_LEVEL, np.uint8)
    _paint_rows(image, slice(90, 110), WOOD)
    _paint_rows(image, slice(97, 100), (2.0, 2.0, 2.0))
    features = _features(image, _stick_blob(88, 112))
    assert features["peak"] >= math.log(1.5), "the peak column is the highlight's"
    assert (features["chroma_b"], features["chroma_r"]) == pytest.approx(
        (math.log(WOOD[0] / WOOD[1]), math.log(WOOD[2] / WOOD[1])), abs=0.1
    )


# Across an unpainted flat face under a warm lamp on red felt (grey levels, floor 122), as the
# reader's strip measured it in a rendered throw: the floor, the stick's deep shadow, an edge
# blurred over two columns (67, 172), the face evenly lit, its far edge, the floor.
BLURRED_EDGE = (122, 121, 115, 103, 79, 57, 67, 172, 222, 222, 222, 223, 223, 223, 222, 223,
                209, 132, 107, 115, 119, 119, 120)


@pytest.mark.parametrize("shadow_side", ["above", "below"])
def test_a_flat_face_whose_edge_by_its_deep_shadow_is_blurred_is_measured_evenly_lit(
    shadow_side: str,
) -> None:
    """The face reaches its level three columns after the shadow's darkest, not two, and is
    evenly lit for three columns from there: the blurred edge and the shadow are trimmed. Left
    in, they shaded the face like a round one, and throws of unpainted sticks were read with
    a wrong count."""
    levels = BLURRED_EDGE if shadow_side == "above" else BLURRED_EDGE[::-1]
    image = np.full((200, 200, 3), 122, np.uint8)
    top = 84
    for offset, level in enumerate(levels):
        image[top + offset, 40:160] = level
    first = levels.index(121) if shadow_side == "above" else levels.index(209)
    features = _features(image, _stick_blob(top + first, top + first + 16))
    assert features["plateau"] >= 0.9
    assert abs(features["roundness"]) <= 0.15


def test_a_round_face_still_brightening_beyond_a_blurred_edge_keeps_its_shaded_side() -> None:
    """Beside its deep shadow a round face also rises over a few columns, but goes on
    brightening after that (not evenly lit for three columns): its side is its own."""
    levels = (122, 121, 110, 80, 57, 66, 150, 185, 205, 218, 224, 226, 224, 218, 205, 185,
              150, 125, 122, 122, 122)
    image = np.full((200, 200, 3), 122, np.uint8)
    for offset, level in enumerate(levels):
        image[84 + offset, 40:160] = level
    features = _features(image, _stick_blob(85, 101))
    assert features["plateau"] <= 0.75
    assert features["roundness"] >= 0.3


# Across an unpainted flat face under two lamps on green felt (grey levels, floor 116), as the
# reader's strip measured it: each lamp casts the stick's shadow on one side, so a shadow lies
# on both sides of the evenly lit face, inside the blob.
SHADOWS_BOTH_SIDES = (116, 115, 113, 103, 82, 75, 181, 213, 214, 214, 214, 214, 214, 214, 87,
                      85, 90, 91, 107, 117, 116, 118)


def test_a_flat_face_between_the_shadows_of_two_lamps_is_measured_evenly_lit() -> None:
    """Both shadows are trimmed (one used to be, and the other shaded the face like a round
    one: a throw of unpainted sticks was read with a wrong count)."""
    image = np.full((200, 200, 3), 116, np.uint8)
    for offset, level in enumerate(SHADOWS_BOTH_SIDES):
        image[84 + offset, 40:160] = level
    features = _features(image, _stick_blob(87, 103))
    assert features["plateau"] >= 0.9
    assert abs(features["roundness"]) <= 0.15


@pytest.mark.parametrize(("shade_rows", "shaped"), [((70, 88), True), ((112, 130), False)])
def test_a_stick_beside_a_walls_shade_is_judged_by_its_shading_unless_it_darkens_towards_it(
    shade_rows: tuple[int, int], shaped: bool
) -> None:
    """A stick whose outline was taken whole across the floor in a wall's shade: the shadow's
    edge can have shaded it only if it darkens towards the shaded floor. A round face lit
    from its upper side, with the shade beside that side, is shaded by its own shape."""
    image = _round_face(WOOD, ambient=0.3, lamp=0.8)
    _paint_rows(image, slice(*shade_rows), (0.5, 0.5, 0.5))
    blob = dataclasses.replace(_stick_blob(88, 112), in_shade=True)
    floor = fit_floor(np.full_like(image, FLOOR_LEVEL))
    assert measure(image, blob, floor).shaped_light is shaped


@pytest.mark.parametrize("stick_rows", [2, 3, 5])
def test_a_stick_found_a_few_columns_wide_in_its_blob_is_still_measured(stick_rows: int) -> None:
    """A blob far wider than the stick in it (its shadow, a smear of the floor): the stick
    fills only a column or two of the strip across the blob. Its measurements must still be
    numbers, or the faces' models would compare nothing with something."""
    image = np.full((200, 200, 3), FLOOR_LEVEL, np.uint8)
    image[100 : 100 + stick_rows, 40:160] = 30
    blob = _stick_blob(80, 120)
    stick = measure(image, blob, fit_floor(np.full_like(image, FLOOR_LEVEL)))
    assert np.isfinite(stick.features).all(), dict(zip(NAMES, stick.features, strict=True))
    assert math.isfinite(stick.light)


def test_a_flat_face_is_evenly_lit_across_its_whole_width_past_shadows_left_beside_it() -> None:
    """Under two lamps, narrow shadows tinted by the other lamp lie along both sides of a
    flat face and may stay in its outline; the face itself is lit evenly from side to side,
    so the run of evenly lit columns spans a whole stick's width (20 pixels) all the same."""
    image = np.full((200, 200, 3), FLOOR_LEVEL, np.uint8)
    _paint_rows(image, slice(90, 110), WOOD_ON_LINEN)
    _paint_rows(image, slice(85, 90), (0.55, 0.45, 0.35))
    _paint_rows(image, slice(110, 114), (0.35, 0.42, 0.5))
    features = _features(image, _stick_blob(84, 115), stick_width=20)
    assert features["even_run"] >= 0.8


def test_a_round_face_is_evenly_lit_over_a_narrow_band_only() -> None:
    """However much ambient light fills in its sides, a round face is within a few percent
    of its brightest over well under half its width."""
    for ambient in (0.1, 0.5):
        image = _round_face(WOOD_ON_LINEN, ambient=ambient, lamp=0.9)
        features = _features(image, _stick_blob(89, 111), stick_width=20)
        assert features["even_run"] <= 0.45, ambient


# Plain wood the exposure for a dark floor lifts past the camera's ceiling in green and red
# over most of a face's width, not in blue (blue, green, red, over the floor's light).
OVEREXPOSED_WOOD = (1.6, 4.5, 6.0)


def test_a_round_face_clipped_over_most_of_its_width_is_shaded_as_its_kept_channel_shows() -> None:
    """Where the camera clipped two channels, a round face's top is cut off flat in them, as
    a flat face's plateau is; the channel it kept still darkens towards the sides."""
    image = _round_face(OVEREXPOSED_WOOD, ambient=0.5, lamp=0.9)
    assert np.mean(image[90:110, 100, 1:] == 255) > 0.5
    features = _features(image, _stick_blob(89, 111), stick_width=20)
    assert features["roundness"] >= 0.4
    assert features["plateau"] <= 0.7
    assert features["even_run"] <= 0.45


def test_a_face_clipped_to_white_in_every_channel_is_measured_from_all_of_them() -> None:
    """No channel is left to measure shading from: the face is as the camera recorded it,
    lit evenly across, not unmeasured."""
    image = np.full((200, 200, 3), FLOOR_LEVEL, np.uint8)
    _paint_rows(image, slice(90, 110), (8.0, 8.0, 8.0))
    features = _features(image, _stick_blob(89, 111), stick_width=20)
    assert all(math.isfinite(value) for value in features.values())
    assert features["plateau"] >= 0.9
    assert features["even_run"] >= 0.8


def _face_along(shaded_columns: slice, marked: bool) -> np.ndarray:
    """A plain wood flat face lying along x from 40 to 160 (rows 90-109) on a plain floor,
    dim (a third of its light) over `shaded_columns`; `marked`: with three painted bars
    across it, 6 px wide, at a quarter, half and three quarters of its length."""
    image = np.full((200, 200, 3), FLOOR_LEVEL, np.uint8)
    _paint_rows(image, slice(90, 110), WOOD)
    image[90:110, shaded_columns] = [_level(ratio / 3) for ratio in WOOD]
    if marked:
        for x in (67, 97, 127):
            image[90:110, x : x + 6] = [_level(ratio / 5) for ratio in WOOD]
    return image


@pytest.mark.parametrize("shaded", [slice(40, 60), slice(140, 160)])
def test_a_walls_shade_over_one_end_of_a_face_is_not_a_painted_mark(shaded: slice) -> None:
    """A stick with one end in a wall's shade is dark over a sixth of its length, as a painted
    bar makes a face dark over as much: but the bar has the face lit on both sides of it.
    The shaded end is no mark; the bars, shaded end or not, are."""
    blob = _stick_blob(90, 110)
    assert _features(_face_along(shaded, marked=False), blob)["bars"] < 0.1
    assert _features(_face_along(shaded, marked=True), blob)["bars"] > 0.5
    assert _features(_face_along(slice(0, 0), marked=True), blob)["bars"] > 0.5


# A plain wood flat face on green felt under two lamps, as a blob's rows measured it in
# calibration: three rows of floor as lit as the rest (the outline is generous), then the faint
# shadow one lamp casts and the face's blurred edge (tune set-up 744).
BRIGHT_FACE_BEHIND_FLOOR_AND_A_FAINT_SHADOW = (1.0, 1.0, 0.94, 0.72, 0.57, 0.52, 1.09, 3.68,
                                               4.62, 4.77, 4.73, 4.85, 4.76, 4.55, 2.31, 0.58)


def test_a_faint_shadow_behind_floor_rows_in_the_outline_is_still_trimmed() -> None:
    """The floor rows are passed over as for a deep shadow: they stopped the run of shadow
    at its start, the shadow stayed in, and one of four flat faces in calibration looked
    shaded like a round one, which left nine throws of that set-up 'not sure'."""
    features = _measured_rows(BRIGHT_FACE_BEHIND_FLOOR_AND_A_FAINT_SHADOW)
    assert features["plateau"] >= 0.9
    assert features["uneven"] <= math.log(0.01)


# A dark varnished flat face on linen under a low warm lamp, as a blob's rows measured it: its
# shadow takes up six of the sixteen rows, under SHADOW_SHARE of them (low set-up 71).
DARK_PAINT_BESIDE_A_WIDE_SHADOW = (0.3, 0.3, 0.28, 0.27, 0.24, 0.18, 0.067, 0.061, 0.063, 0.063,
                                   0.063, 0.061, 0.063, 0.063, 0.07, 0.6)


def test_a_shadow_up_to_shadow_share_of_the_blob_beside_dark_paint_is_trimmed() -> None:
    """A shadow up to SHADOW_SHARE of the blob is trimmed, as `_shadow_band` says; one row
    short of that share it was not, and the face looked half lit like floor."""
    features = _measured_rows(DARK_PAINT_BESIDE_A_WIDE_SHADOW)
    assert features["core"] == pytest.approx(math.log(0.063), abs=0.1)
    assert features["peak"] == pytest.approx(math.log(0.063), abs=0.2)
    assert features["plateau"] >= 0.9


# A plain wood flat face darker than pale linen under a warm lamp, as a blob's rows measured it
# (blue, green, red ratios to the floor, a row each): two rows of floor, the face, then its
# shadow. The face's red comes near the floor's, so a few of its rows are not shadowy, and the
# rows before them looked like a band of shadow ending there (tune set-up 614).
PLAIN_WOOD_RED_NEAR_THE_FLOOR = (
    (0.92, 0.95, 0.94), (0.87, 0.88, 0.91), (0.73, 0.77, 0.81), (0.58, 0.67, 0.75),
    (0.58, 0.71, 0.83), (0.55, 0.74, 0.87), (0.54, 0.74, 0.89), (0.51, 0.71, 0.89),
    (0.51, 0.71, 0.92), (0.51, 0.71, 0.92), (0.53, 0.72, 0.91), (0.55, 0.72, 0.86),
    (0.53, 0.72, 0.74), (0.24, 0.38, 0.31), (0.14, 0.25, 0.17), (0.18, 0.31, 0.18),
)


def test_a_face_darker_than_the_floor_is_not_trimmed_where_its_colour_nears_the_floors() -> None:
    """A band of shadow ends at a step, up to a lit face or down to dark paint; where the
    run of shadowy rows ends with none, they are the face. Half the face was trimmed as a
    shadow, the rest looked shaded like a round face, and a throw read with a wrong count."""
    features = _measured_coloured_rows(PLAIN_WOOD_RED_NEAR_THE_FLOOR)
    assert features["plateau"] >= 0.9
    assert abs(features["roundness"]) <= 0.15
    assert features["even_run"] >= 0.5


# A round face of plain wood darker than pale linen under a low warm lamp, as a blob's rows
# measured it (blue, green, red ratios to the floor, a row each): the faint edge of its shadow,
# the shadow's deepest rows (blue under 0.15 of the floor: not shadowy), then the face
# brightening towards its crest (low set-up 10).
ROUND_FACE_BESIDE_A_DEEPENING_SHADOW = (
    (0.62, 0.72, 0.61), (0.3, 0.41, 0.28), (0.16, 0.28, 0.15), (0.12, 0.27, 0.14),
    (0.12, 0.28, 0.17), (0.14, 0.31, 0.25), (0.23, 0.43, 0.43), (0.35, 0.55, 0.66),
    (0.46, 0.66, 0.85), (0.56, 0.76, 1.05), (0.61, 0.84, 1.2), (0.66, 0.9, 1.31),
    (0.71, 0.94, 1.33), (0.76, 0.94, 1.23), (0.61, 0.69, 0.86), (0.66, 0.7, 0.77),
)


def test_a_band_of_shadow_ending_where_the_shadow_deepens_is_still_trimmed() -> None:
    """A run of shadowy rows that ends at a darker row ends in more shadow, not at the face:
    it is trimmed, and the face, not the shadow, is measured."""
    features = _measured_coloured_rows(ROUND_FACE_BESIDE_A_DEEPENING_SHADOW)
    assert features["core"] >= math.log(0.6)
    assert features["roundness"] >= 0.3
