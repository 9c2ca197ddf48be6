"""A catalogue of stick sets, trays and lights, and seeded scenes built from them.

A `Setup` is one physical installation (sticks, tray, light, fixed camera); scenes vary the
layout, the light a little, and what goes wrong. The evaluation set, the tests and the
synthetic camera all draw from here, so a seed always gives the same image.
Held-out names (`HELD_OUT`) are never used for tuning the reader.
"""

from __future__ import annotations

import colorsys
import math
from dataclasses import dataclass, replace

import numpy as np

from vision.render import (
    FLAT_UP,
    RGB,
    ROUND_UP,
    CameraSetup,
    HandPose,
    Light,
    Lighting,
    Scene,
    StickLook,
    StickPose,
    TrayLook,
    render,
)

STYLES: dict[str, StickLook] = {
    look.name: look
    for look in (
        StickLook("dark", (0.035, 0.03, 0.028), True, (0.60, 0.42, 0.24), 0.0),
        StickLook("dark_varnished", (0.06, 0.035, 0.025), True, (0.55, 0.36, 0.18), 0.35),
        StickLook("light", (0.78, 0.74, 0.62), True, (0.50, 0.33, 0.18), 0.1),
        StickLook("barred", (0.62, 0.47, 0.30), False, (0.60, 0.45, 0.28), 0.0, bars=3),
        StickLook("unpainted", (0.58, 0.43, 0.27), False, (0.58, 0.43, 0.27), 0.0),
        StickLook("dark_blue", (0.03, 0.04, 0.07), True, (0.66, 0.50, 0.32), 0.2),
    )
}
COMMON_STYLES = ("dark", "dark_varnished", "dark_blue")

TRAYS: dict[str, TrayLook] = {
    tray.name: tray
    for tray in (
        TrayLook("felt_green", (0.06, 0.20, 0.09), "felt", (0.25, 0.14, 0.07), (0.35, 0.33, 0.30)),
        TrayLook("felt_red", (0.30, 0.05, 0.06), "felt", (0.50, 0.35, 0.20), (0.20, 0.20, 0.22)),
        TrayLook("linen", (0.62, 0.58, 0.48), "linen", (0.20, 0.12, 0.07), (0.45, 0.40, 0.36)),
        TrayLook("walnut", (0.18, 0.10, 0.055), "wood", (0.12, 0.07, 0.04), (0.55, 0.55, 0.55)),
        TrayLook("slate", (0.13, 0.14, 0.15), "felt", (0.40, 0.40, 0.42), (0.30, 0.25, 0.20)),
    )
}

LIGHTS = ("window", "warm_lamp", "two_lamps", "overhead", "coloured", "sunset")
HELD_OUT = {"style": "dark_blue", "tray": "slate", "light": "sunset"}
# The lowest a lamp stands (degrees) when lowered (see `lamps_lowered`).
LOWEST_LAMP = 26.0
# Calibration's sticks lie fanned out: directions this many degrees apart, give or take; the
# second where long sticks in a small tray leave no room for the first.
FAN_STEPS = (45.0, 60.0)
FAN_JITTER = 8.0
BAD_KINDS = (
    "missing_stick",
    "out_of_frame",
    "out_of_tray",
    "touching",
    "overlapping",
    "motion_blur",
    "hand",
)
# A stick partly out of sight lies across the tray's rim or across the picture's edge: where
# one of them cannot be made (the camera shows no rim, or the whole tray), the other stands
# in for it.
STAND_INS = {"out_of_tray": ("out_of_frame",), "out_of_frame": ("out_of_tray",)}


def make_lighting(name: str, rng: np.random.Generator) -> Lighting:
    """One of LIGHTS with its direction and strength drawn from `rng`."""
    az = rng.uniform(0, 360)
    lights: tuple[Light, ...]
    if name == "window":
        lights = (Light(az, rng.uniform(45, 70), (0.95, 1.0, 1.1), 0.6),)
        ambient = (0.30, 0.33, 0.40)
    elif name == "warm_lamp":
        lights = (Light(az, rng.uniform(35, 60), (1.0, 0.72, 0.42), 0.2),)
        ambient = (0.20, 0.16, 0.13)
    elif name == "two_lamps":
        lights = (
            Light(az, rng.uniform(35, 60), (0.85, 0.62, 0.40), 0.25),
            Light(az + rng.uniform(120, 240), rng.uniform(40, 70), (0.40, 0.50, 0.85), 0.25),
        )
        ambient = (0.12, 0.12, 0.14)
    elif name == "overhead":
        lights = (Light(az, rng.uniform(75, 88), (1.0, 0.97, 0.92), 0.4),)
        ambient = (0.22, 0.22, 0.22)
    elif name == "coloured":
        lights = (Light(az, rng.uniform(40, 65), (0.95, 0.55, 0.85), 0.3),)
        ambient = (0.15, 0.24, 0.18)
    elif name == "sunset":
        lights = (Light(az, rng.uniform(28, 38), (1.0, 0.62, 0.35), 0.15),)
        ambient = (0.18, 0.22, 0.34)
    else:
        raise ValueError(f"unknown light {name!r}")
    return Lighting(name, lights, ambient)


@dataclass(frozen=True)
class Setup:
    """One installation: a stick set in a tray under a light, seen by a fixed camera."""

    look: StickLook
    tray: TrayLook
    lighting: Lighting
    camera: CameraSetup
    stick_length: float
    stick_radius: float
    texture_seed: int


def make_setup(
    style: str, tray: str, light: str, seed: int, width: int = 640, height: int = 480
) -> Setup:
    rng = np.random.default_rng(seed)
    tray_look = TRAYS[tray]
    tray_look = replace(tray_look, size=(rng.uniform(36, 46), rng.uniform(27, 34)))
    camera = CameraSetup(
        width=width,
        height=height,
        distance=rng.uniform(50, 75),
        view_width=tray_look.size[0] * rng.uniform(0.95, 1.25),
        tilt=rng.uniform(0, 12),
        tilt_direction=rng.uniform(0, 360),
        roll=rng.uniform(-8, 8),
        k1=rng.uniform(-0.12, 0.0),
        defocus=rng.uniform(0.3, 0.9),
        noise=rng.uniform(0.004, 0.03),
        jpeg_quality=int(rng.integers(65, 96)),
        exposure=rng.uniform(0.14, 0.24),
        white_balance=rng.uniform(0.1, 0.5),
        vignette=rng.uniform(0.05, 0.4),
    )
    return Setup(
        STYLES[style],
        tray_look,
        make_lighting(light, rng),
        camera,
        stick_length=rng.uniform(10, 16),
        stick_radius=rng.uniform(0.5, 1.0),
        texture_seed=int(rng.integers(1 << 30)),
    )


def lamps_lowered(setup: Setup, degrees: float) -> Setup:
    """`setup` with each lamp `degrees` lower in the sky, down to LOWEST_LAMP: the long
    shadows of a lamp lower than any the lighting draws."""
    lights = tuple(
        replace(light, elevation=max(LOWEST_LAMP, light.elevation - degrees))
        for light in setup.lighting.lights
    )
    return replace(setup, lighting=replace(setup.lighting, lights=lights))


# Light colours a drawn lamp lies between (see `_drawn_light_colour`): a candle-warm lamp,
# daylight, a blue sky.
WARM_LIGHT = np.array([1.0, 0.60, 0.32])
NEUTRAL_LIGHT = np.array([1.0, 0.97, 0.92])
COOL_LIGHT = np.array([0.80, 0.92, 1.15])
DRAWN_TEXTURES = ("felt", "linen", "wood")


def conditions_drawn(setup: Setup, seed: int) -> Setup:
    """`setup` with its tray's floor, rim and table and its light drawn at random instead of
    taken from the catalogue: floors from near black to pale, of any hue; one or two lamps
    from low to overhead, warm to cool or tinted, under ambient light of its own colour.
    The named conditions are a handful of points; these fill the space between and around
    them, to find where the reader fails on conditions it was not tuned on."""
    rng = np.random.default_rng(seed)
    texture = DRAWN_TEXTURES[int(rng.integers(len(DRAWN_TEXTURES)))]
    tray = replace(
        setup.tray,
        name=f"drawn_{texture}",
        floor=_drawn_albedo(rng, 0.05, 0.7),
        texture=texture,
        rim=_drawn_albedo(rng, 0.05, 0.6),
        table=_drawn_albedo(rng, 0.1, 0.6),
    )
    return replace(setup, tray=tray, lighting=_drawn_lighting(rng))


def lamp_and_sky(setup: Setup, seed: int) -> Setup:
    """`setup` lit by a warm lamp, low over the tray, and a blue sky through a window: the
    shade, lit by the sky alone, is tinted blue against the lamplit floor, and a round face
    turned from the lamp takes the sky's colour. A room lit so is common, but the drawn
    split's lamp and ambient light, drawn each on their own, seldom pair so."""
    rng = np.random.default_rng(seed)
    lamp = _daylight_towards(WARM_LIGHT, rng.uniform(0.3, 1.0))
    sky = _daylight_towards(COOL_LIGHT, rng.uniform(0.5, 1.0))
    light = Light(rng.uniform(0, 360), rng.uniform(25, 50), _at_strength(lamp, 1.0), 0.2)
    ambient = _at_strength(sky, rng.uniform(0.15, 0.35))
    return replace(setup, lighting=Lighting("lamp_and_sky", (light,), ambient))


def _daylight_towards(colour: np.ndarray, share: float) -> np.ndarray:
    """A light's colour `share` of the way from daylight's (NEUTRAL_LIGHT) to `colour`."""
    towards: np.ndarray = NEUTRAL_LIGHT + share * (colour - NEUTRAL_LIGHT)
    return towards


def _at_strength(colour: np.ndarray, strength: float) -> RGB:
    """A light of `colour` whose strongest channel is `strength`."""
    r, g, b = (float(c) for c in colour * strength / colour.max())
    return (r, g, b)


def _drawn_albedo(rng: np.random.Generator, darkest: float, palest: float) -> RGB:
    """A surface colour of any hue, its value even on a log scale between the bounds."""
    value = math.exp(rng.uniform(math.log(darkest), math.log(palest)))
    return colorsys.hsv_to_rgb(rng.uniform(0, 1), rng.uniform(0, 0.7), value)


def _drawn_lighting(rng: np.random.Generator) -> Lighting:
    count = 1 if rng.random() < 0.65 else 2
    azimuth = rng.uniform(0, 360)
    lights = tuple(
        Light(
            (azimuth + (rng.uniform(90, 270) if k else 0.0)) % 360,
            rng.uniform(25, 88),
            _drawn_light_colour(rng, 1.0 if count == 1 else rng.uniform(0.45, 0.85)),
            rng.uniform(0.1, 0.4),
        )
        for k in range(count)
    )
    ambient = _drawn_light_colour(rng, rng.uniform(0.08, 0.4))
    return Lighting(f"drawn_{count}_lamp{'s' if count > 1 else ''}", lights, ambient)


def _drawn_light_colour(rng: np.random.Generator, strength: float) -> RGB:
    """A light's colour between warm, daylight and cool, now and then tinted, its
    strongest channel at `strength`."""
    warmth = rng.uniform(-1, 1)
    towards = WARM_LIGHT if warmth > 0 else COOL_LIGHT
    colour = _daylight_towards(towards, abs(warmth))
    if rng.random() < 0.2:
        colour = colour * np.array(colorsys.hsv_to_rgb(rng.uniform(0, 1), 0.4, 1.0))
    return _at_strength(colour, strength)


def project(cam: CameraSetup, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pixel position of tray-floor points (the renderer's lens model run forwards)."""
    tilt, tdir, roll = (math.radians(a) for a in (cam.tilt, cam.tilt_direction, cam.roll))
    center = np.array(
        [
            -cam.distance * math.sin(tilt) * math.cos(tdir),
            -cam.distance * math.sin(tilt) * math.sin(tdir),
            cam.distance * math.cos(tilt),
        ]
    )
    forward = -center / np.linalg.norm(center)
    right = np.cross(forward, np.array([math.sin(roll), math.cos(roll), 0.0]))
    right /= np.linalg.norm(right)
    down = np.cross(forward, right)
    rel = np.stack([x - center[0], y - center[1], -center[2] * np.ones_like(x)], axis=-1)
    xn, yn = (rel @ right) / (rel @ forward), (rel @ down) / (rel @ forward)
    xd, yd = xn.copy(), yn.copy()
    for _ in range(5):
        r2 = xd * xd + yd * yd
        xd, yd = xn * (1 + cam.k1 * r2), yn * (1 + cam.k1 * r2)
    focal = cam.width * cam.distance / cam.view_width
    return xd * focal + cam.width / 2, yd * focal + cam.height / 2


def stick_ends(stick: StickPose) -> np.ndarray:
    a, b = math.cos(math.radians(stick.angle)), math.sin(math.radians(stick.angle))
    h = stick.length / 2
    return np.array([[stick.x - a * h, stick.y - b * h], [stick.x + a * h, stick.y + b * h]])


def in_view(cam: CameraSetup, stick: StickPose, margin_px: float = 6.0) -> bool:
    """Whether the whole stick (with `margin_px` to spare) is inside the picture."""
    a, b = math.cos(math.radians(stick.angle)), math.sin(math.radians(stick.angle))
    h, r = stick.length / 2, stick.radius
    xs = np.array([stick.x + sa * a * h - sb * b * r for sa in (-1, 1) for sb in (-1, 1)])
    ys = np.array([stick.y + sa * b * h + sb * a * r for sa in (-1, 1) for sb in (-1, 1)])
    u, v = project(cam, xs, ys)
    return bool(
        (
            (u > margin_px)
            & (u < cam.width - margin_px)
            & (v > margin_px)
            & (v < cam.height - margin_px)
        ).all()
    )


def _segment_distance(p: np.ndarray, q: np.ndarray) -> float:
    """Shortest distance between two 2-D segments (each a 2x2 array of end points)."""

    def point_segment(pt: np.ndarray, seg: np.ndarray) -> float:
        d = seg[1] - seg[0]
        t = float(np.clip(np.dot(pt - seg[0], d) / np.dot(d, d), 0, 1))
        return float(np.linalg.norm(pt - (seg[0] + t * d)))

    def crosses(s1: np.ndarray, s2: np.ndarray) -> bool:
        def orient(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> float:
            return float((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))

        return (
            orient(s1[0], s1[1], s2[0]) * orient(s1[0], s1[1], s2[1]) < 0
            and orient(s2[0], s2[1], s1[0]) * orient(s2[0], s2[1], s1[1]) < 0
        )

    if crosses(p, q):
        return 0.0
    return min(
        point_segment(p[0], q),
        point_segment(p[1], q),
        point_segment(q[0], p),
        point_segment(q[1], p),
    )


def _random_stick(setup: Setup, rng: np.random.Generator, roll: float) -> StickPose:
    hw, hh = setup.tray.size[0] / 2, setup.tray.size[1] / 2
    length = setup.stick_length * rng.uniform(0.98, 1.02)
    return StickPose(
        x=rng.uniform(-hw, hw),
        y=rng.uniform(-hh, hh),
        angle=rng.uniform(0, 180),
        roll=roll + rng.normal(0, 0.04),
        length=length,
        radius=setup.stick_radius * rng.uniform(0.97, 1.03),
        grain_seed=int(rng.integers(1 << 30)),
    )


def _inside_floor(setup: Setup, stick: StickPose, margin: float) -> bool:
    ends = stick_ends(stick)
    hw, hh = setup.tray.size[0] / 2, setup.tray.size[1] / 2
    limit = stick.radius + margin
    return bool((np.abs(ends[:, 0]) < hw - limit).all() and (np.abs(ends[:, 1]) < hh - limit).all())


def layout(
    setup: Setup,
    rolls: list[float],
    rng: np.random.Generator,
    gap: float = 0.7,
    wall: float = 1.0,
    fan_step: float | None = None,
) -> list[StickPose]:
    """Sticks lying apart from each other, `wall` cm from the tray's walls, in the picture;
    with a `fan_step`, turned that many degrees from one another (give or take FAN_JITTER),
    as the calibration instructions ask. RuntimeError when they find no room."""
    for _ in range(200):
        placed: list[StickPose] = []
        first = rng.uniform(0, 180) if fan_step is not None else 0.0
        for k, roll in enumerate(rolls):
            for _ in range(200):
                stick = _random_stick(setup, rng, roll)
                if fan_step is not None:
                    turn = first + k * fan_step + rng.uniform(-FAN_JITTER, FAN_JITTER)
                    stick = replace(stick, angle=turn % 180)
                if not _inside_floor(setup, stick, wall) or not in_view(setup.camera, stick, 10):
                    continue
                if all(
                    _segment_distance(stick_ends(stick), stick_ends(o))
                    > stick.radius + o.radius + gap
                    for o in placed
                ):
                    placed.append(stick)
                    break
            else:
                break
        if len(placed) == len(rolls):
            return placed
    raise RuntimeError("no room for the sticks in this tray")


def _rolls(flat: int, rng: np.random.Generator) -> list[float]:
    rolls = [FLAT_UP] * flat + [ROUND_UP] * (4 - flat)
    rng.shuffle(rolls)
    return rolls


def _scene(
    setup: Setup, sticks: list[StickPose], rng: np.random.Generator, **extra: object
) -> Scene:
    """A scene of `setup` with the light varied a little, as in a room where people move."""
    lights = tuple(
        replace(
            light,
            azimuth=light.azimuth + rng.normal(0, 4),
            color=tuple(  # type: ignore[arg-type]
                c * rng.uniform(0.9, 1.1) for c in light.color
            ),
        )
        for light in setup.lighting.lights
    )
    lighting = replace(setup.lighting, lights=lights)
    return Scene(setup.tray, tuple(sticks), setup.look, lighting, setup.camera, **extra)  # type: ignore[arg-type]


def clean_scene(setup: Setup, flat: int, seed: int) -> Scene:
    rng = np.random.default_rng(seed)
    return _scene(setup, layout(setup, _rolls(flat, rng), rng), rng)


def calibration_scenes(setup: Setup, seed: int) -> dict[str, Scene]:
    """The three calibration pictures: empty tray, four flat faces up, four round faces up.

    As the calibration instructions ask, the sticks lie apart, away from the walls, and
    turned to different directions like the spokes of a wheel.
    """
    rng = np.random.default_rng(seed)
    faces = {"flat": FLAT_UP, "round": ROUND_UP}
    return {"empty": _scene(setup, [], rng)} | {
        name: _scene(setup, _fanned_layout(setup, roll, rng), rng) for name, roll in faces.items()
    }


def _fanned_layout(setup: Setup, roll: float, rng: np.random.Generator) -> list[StickPose]:
    """Four sticks with one face up, apart and away from the walls, fanned out by the first
    of FAN_STEPS that leaves room for them."""
    for step in FAN_STEPS[:-1]:
        try:
            return layout(setup, [roll] * 4, rng, gap=2.0, wall=3.0, fan_step=step)
        except RuntimeError:
            continue
    return layout(setup, [roll] * 4, rng, gap=2.0, wall=3.0, fan_step=FAN_STEPS[-1])


def calibration_pictures(setup: Setup, seed: int, noise_seed: int = 0) -> dict[str, np.ndarray]:
    """The three calibration pictures as the camera takes them (sensor noise seeded
    `noise_seed`, `noise_seed + 1`, `noise_seed + 2`), keyed empty, flat, round."""
    return {
        name: render(scene, setup.texture_seed, noise_seed=noise_seed + k)
        for k, (name, scene) in enumerate(calibration_scenes(setup, seed).items())
    }


def bad_scene(setup: Setup, kind: str, seed: int) -> Scene:
    """A scene that must be answered `rethrow`: one of BAD_KINDS.

    A stick on the rim needs the rim in view; where the camera shows none, the stick is put
    across the picture's edge instead. A stick in the tray across the picture's edge needs
    the tray to reach it; where the camera shows the whole tray and its rim, the stick is put
    across the rim instead (see STAND_INS). The stand-in is tried when six placements of the
    kind asked for fail, whatever the reason.
    """
    for each in (kind, *STAND_INS.get(kind, ())):
        for attempt in range(6):
            try:
                return _bad_scene(setup, each, seed * 7 + attempt)
            except RuntimeError:
                continue
    raise RuntimeError(f"could not make a {kind} scene")


def _bad_scene(setup: Setup, kind: str, seed: int) -> Scene:
    rng = np.random.default_rng(seed)
    rolls = _rolls(int(rng.integers(0, 5)), rng)
    if kind == "missing_stick":
        return _scene(setup, layout(setup, rolls[: int(rng.integers(2, 4))], rng), rng)
    if kind == "motion_blur":
        speed = rng.uniform(2.5, 6.0)
        heading = rng.uniform(0, 2 * math.pi)
        motion = (speed * math.cos(heading), speed * math.sin(heading), rng.uniform(-1.5, 1.5))
        return _scene(setup, layout(setup, rolls, rng), rng, motion=motion)
    if kind == "hand":
        sticks = layout(setup, rolls, rng)
        target = sticks[int(rng.integers(0, 4))]
        side = rng.uniform(0, 2 * math.pi)
        hand = HandPose(
            x=target.x + 9 * math.cos(side),
            y=target.y + 9 * math.sin(side),
            angle=math.degrees(side) + 180 + rng.normal(0, 15),
            height=rng.uniform(2, 8),
            scale=rng.uniform(0.85, 1.15),
            skin=tuple(c * rng.uniform(0.6, 1.2) for c in (0.55, 0.36, 0.27)),  # type: ignore[arg-type]
        )
        return _scene(setup, sticks, rng, hand=hand)
    sticks = layout(setup, rolls[:3], rng, gap=3.0)
    other = sticks[int(rng.integers(0, 3))]
    for _ in range(100):
        stick = _special_stick(setup, kind, other, rolls[3], rng)
        clear = (
            [s for s in sticks if s is not other] if kind in ("touching", "overlapping") else sticks
        )
        if all(
            _segment_distance(stick_ends(stick), stick_ends(o)) > stick.radius + o.radius + 0.7
            for o in clear
        ) and _valid_special(setup, kind, stick):
            return _scene(setup, [*sticks, stick], rng)
    raise RuntimeError(f"could not place a {kind} stick")


def _special_stick(
    setup: Setup, kind: str, other: StickPose, roll: float, rng: np.random.Generator
) -> StickPose:
    stick = _random_stick(setup, rng, roll)
    if kind == "touching":
        a, b = math.cos(math.radians(other.angle)), math.sin(math.radians(other.angle))
        if rng.random() < 0.6:
            offset = (other.radius + stick.radius) * 0.98 * (1 if rng.random() < 0.5 else -1)
            shift = rng.uniform(-0.5, 0.5) * other.length
            return replace(
                stick,
                x=other.x - b * offset + a * shift,
                y=other.y + a * offset + b * shift,
                angle=other.angle + rng.normal(0, 3),
            )
        end = 1 if rng.random() < 0.5 else -1
        turn = rng.uniform(-60, 60)
        ca, cb = (
            math.cos(math.radians(other.angle + turn)),
            math.sin(math.radians(other.angle + turn)),
        )
        h = other.length / 2 + stick.length / 2 + 0.05
        return replace(
            stick,
            x=other.x + end * a * other.length / 2 + end * ca * (h - other.length / 2),
            y=other.y + end * b * other.length / 2 + end * cb * (h - other.length / 2),
            angle=other.angle + turn,
        )
    if kind == "overlapping":
        t = rng.uniform(-0.35, 0.35) * other.length
        a, b = math.cos(math.radians(other.angle)), math.sin(math.radians(other.angle))
        return replace(
            stick,
            x=other.x + a * t + rng.normal(0, 1.5),
            y=other.y + b * t + rng.normal(0, 1.5),
            angle=other.angle + rng.uniform(25, 155),
            lift=2 * other.radius,
        )
    if kind == "out_of_tray":
        hw, hh = setup.tray.size[0] / 2, setup.tray.size[1] / 2
        edge = int(rng.integers(0, 4))
        depth = rng.uniform(0.15, 0.45) * stick.length
        along = rng.uniform(-0.6, 0.6)
        angle = rng.uniform(-50, 50) + (0 if edge < 2 else 90)
        sign = 1 if edge % 2 == 0 else -1
        a, b = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        if edge < 2:
            x = sign * (hw + setup.tray.rim_width / 2 - abs(a) * (stick.length / 2 - depth))
            return replace(stick, x=x, y=along * hh, angle=angle, lift=setup.tray.wall_height / 2)
        y = sign * (hh + setup.tray.rim_width / 2 - abs(b) * (stick.length / 2 - depth))
        return replace(stick, x=along * hw, y=y, angle=angle, lift=setup.tray.wall_height / 2)
    return stick


def _valid_special(setup: Setup, kind: str, stick: StickPose) -> bool:
    if kind == "out_of_frame":
        inside = in_view(
            setup.camera, stick, -stick.radius * setup.camera.width / setup.camera.view_width
        )
        return (
            not in_view(setup.camera, stick, 0) and not inside and _visible_part(setup, stick) > 0.3
        )
    if kind == "out_of_tray":
        return in_view(setup.camera, stick, 4) and not _inside_floor(setup, stick, -stick.radius)
    return _inside_floor(setup, stick, 0.3) and in_view(setup.camera, stick, 10)


def _visible_part(setup: Setup, stick: StickPose) -> float:
    ends = stick_ends(stick)
    t = np.linspace(0, 1, 21)
    xs, ys = ends[0, 0] + t * (ends[1, 0] - ends[0, 0]), ends[0, 1] + t * (ends[1, 1] - ends[0, 1])
    u, v = project(setup.camera, xs, ys)
    cam = setup.camera
    return float(((u > 0) & (u < cam.width) & (v > 0) & (v < cam.height)).mean())
