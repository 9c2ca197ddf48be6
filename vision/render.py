"""A physics-based renderer of a stick tray, for tests and the simulation.

Everything is computed in linear light in tray coordinates (centimetres, origin at the tray
centre, z up): each camera pixel is traced back to the tray floor through a pinhole camera
with tilt, roll and barrel distortion; sticks are half-cylinders whose cross-section (rotated
by a roll angle) gives the surface height and normal; every surface is shaded by its normal
under one or two directional lights plus ambient light, with Blinn-Phong highlights for
varnish, soft shadows cast on the floor, then exposure, white balance, vignetting, defocus,
sensor noise, 8-bit quantisation and JPEG. Deterministic from a seed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache

import cv2
import numpy as np

RGB = tuple[float, float, float]
FLAT_UP = 0.0
ROUND_UP = math.pi


@dataclass(frozen=True)
class Light:
    """A directional light: where it comes from, its colour (linear RGB), penumbra growth."""

    azimuth: float
    elevation: float
    color: RGB
    softness: float = 0.35

    def direction(self) -> np.ndarray:
        az, el = math.radians(self.azimuth), math.radians(self.elevation)
        return np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), math.sin(el)])


@dataclass(frozen=True)
class Lighting:
    name: str
    lights: tuple[Light, ...]
    ambient: RGB


@dataclass(frozen=True)
class TrayLook:
    """A tray: floor material and colour (albedo), rim and table around it, floor size (cm)."""

    name: str
    floor: RGB
    texture: str
    rim: RGB
    table: RGB
    size: tuple[float, float] = (40.0, 30.0)
    rim_width: float = 2.2
    wall_height: float = 2.5


@dataclass(frozen=True)
class StickLook:
    """A stick set: the flat face's paint (or wood), painted bars, the round face, varnish."""

    name: str
    flat: RGB
    flat_is_paint: bool
    round: RGB
    varnish: float
    bars: int = 0
    bar_color: RGB = (0.05, 0.04, 0.035)


@dataclass(frozen=True)
class StickPose:
    """Where a stick lies. `roll` is the flat face's tilt: 0 flat up, pi round up."""

    x: float
    y: float
    angle: float
    roll: float
    length: float = 13.0
    radius: float = 0.8
    lift: float = 0.0
    grain_seed: int = 0


@dataclass(frozen=True)
class HandPose:
    """A hand above the tray: palm centre (cm), pointing direction (deg), height (cm)."""

    x: float
    y: float
    angle: float
    height: float = 6.0
    scale: float = 1.0
    skin: RGB = (0.55, 0.36, 0.27)


@dataclass(frozen=True)
class CameraSetup:
    width: int = 640
    height: int = 480
    distance: float = 60.0
    view_width: float = 46.0
    tilt: float = 0.0
    tilt_direction: float = 90.0
    roll: float = 0.0
    k1: float = -0.05
    defocus: float = 0.6
    noise: float = 0.01
    jpeg_quality: int = 90
    exposure: float = 0.2
    white_balance: float = 0.5
    vignette: float = 0.25


@dataclass(frozen=True)
class Scene:
    tray: TrayLook
    sticks: tuple[StickPose, ...]
    look: StickLook
    lighting: Lighting
    camera: CameraSetup = field(default_factory=CameraSetup)
    hand: HandPose | None = None
    motion: tuple[float, float, float] = (0.0, 0.0, 0.0)


def render(
    scene: Scene, seed: int = 0, noise_seed: int | None = None, blur_steps: int = 12
) -> np.ndarray:
    """The camera's 8-bit BGR image of `scene`. `motion` (dx, dy cm, droll rad) blurs sticks.

    `seed` fixes the textures; `noise_seed` (default: `seed`) the sensor noise of this frame.
    """
    rng = np.random.default_rng(seed if noise_seed is None else noise_seed)
    geometry = _pixel_geometry(scene.camera)
    if any(scene.motion):
        steps = max(2, blur_steps)
        linear = np.zeros((scene.camera.height, scene.camera.width, 3), np.float32)
        for k in range(steps):
            f = k / (steps - 1) - 0.5
            dx, dy, droll = (m * f for m in scene.motion)
            moved = tuple(
                replace(s, x=s.x + dx, y=s.y + dy, roll=s.roll + droll) for s in scene.sticks
            )
            linear += _radiance(replace(scene, sticks=moved), geometry, seed)
        linear /= steps
    else:
        linear = _radiance(scene, geometry, seed)
    return _camera_output(linear, scene.camera, geometry, rng)


@dataclass
class _Geometry:
    X: np.ndarray
    Y: np.ndarray
    center: np.ndarray
    cm_per_px: float
    radial: np.ndarray


@lru_cache(maxsize=8)
def _pixel_geometry(cam: CameraSetup) -> _Geometry:
    """Trace every pixel through the lens to the tray floor (z = 0)."""
    w, h = cam.width, cam.height
    focal = w * cam.distance / cam.view_width
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    xd, yd = (xs - w / 2) / focal, (ys - h / 2) / focal
    r2 = xd * xd + yd * yd
    xn, yn = xd / (1 + cam.k1 * r2), yd / (1 + cam.k1 * r2)
    tilt, tdir, roll = (math.radians(a) for a in (cam.tilt, cam.tilt_direction, cam.roll))
    center = np.array(
        [
            -cam.distance * math.sin(tilt) * math.cos(tdir),
            -cam.distance * math.sin(tilt) * math.sin(tdir),
            cam.distance * math.cos(tilt),
        ]
    )
    forward = -center / np.linalg.norm(center)
    up_hint = np.array([math.sin(roll), math.cos(roll), 0.0])
    right = np.cross(forward, up_hint)
    right /= np.linalg.norm(right)
    down = np.cross(forward, right)
    rays = xn[..., None] * right + yn[..., None] * down + forward
    t = -center[2] / rays[..., 2]
    X = (center[0] + t * rays[..., 0]).astype(np.float32)
    Y = (center[1] + t * rays[..., 1]).astype(np.float32)
    return _Geometry(X, Y, center, cam.view_width / w, np.sqrt(r2))


def _smooth_noise(rng: np.random.Generator, shape: tuple[int, int], cells: int) -> np.ndarray:
    """Zero-mean, unit-ish noise with features about shape/cells pixels wide."""
    small = rng.standard_normal((max(2, shape[0] // cells), max(2, shape[1] // cells)))
    return cv2.resize(small.astype(np.float32), (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def _shade(
    albedo: np.ndarray,
    normal: np.ndarray,
    lighting: Lighting,
    shadows: list[np.ndarray],
    specular: float = 0.0,
    shininess: float = 40.0,
) -> np.ndarray:
    """Lambert (plus Blinn-Phong) shading of surfaces with per-pixel normals (viewed from +z)."""
    light = np.broadcast_to(np.array(lighting.ambient, np.float32), albedo.shape).copy()
    spec = np.zeros(albedo.shape, np.float32)
    for source, lit in zip(lighting.lights, shadows, strict=True):
        d = source.direction().astype(np.float32)
        cosine = np.clip(normal @ d, 0.0, None) * lit
        light += cosine[..., None] * np.array(source.color, np.float32)
        if specular > 0:
            half = d + np.array([0, 0, 1], np.float32)
            half /= np.linalg.norm(half)
            gloss = np.clip(normal @ half, 0.0, None) ** shininess * lit * (cosine > 0)
            spec += gloss[..., None] * np.array(source.color, np.float32) * specular
    return albedo * light + spec


def _floor_albedo(tray: TrayLook, geo: _Geometry, rng: np.random.Generator) -> np.ndarray:
    shape = geo.X.shape
    fine = _smooth_noise(rng, shape, 2)
    coarse = _smooth_noise(rng, shape, 40)
    if tray.texture == "felt":
        pattern = 1 + 0.05 * fine + 0.04 * coarse
    elif tray.texture == "linen":
        slub = _smooth_noise(rng, (shape[0], 8), 2)
        slub = cv2.resize(slub, (shape[1], shape[0]))
        pattern = 1 + 0.04 * fine + 0.025 * slub + 0.02 * coarse
    else:
        pattern = _wood_grain(geo.Y, geo.X, rng, 0.7) * (1 + 0.03 * fine)
    inside = (np.abs(geo.X) <= tray.size[0] / 2) & (np.abs(geo.Y) <= tray.size[1] / 2)
    albedo = np.where(
        inside[..., None], np.array(tray.floor, np.float32), np.array(tray.table, np.float32)
    )
    return (albedo * pattern[..., None]).astype(np.float32)


def _wood_grain(
    across: np.ndarray, along: np.ndarray, rng: np.random.Generator, scale: float
) -> np.ndarray:
    """Growth rings seen as wavy stripes running along the grain."""
    phase = rng.uniform(0, 2 * math.pi, 4)
    freq = rng.uniform(1.5, 3.5) / scale
    wobble = 0.25 * np.sin(along * 0.35 + phase[0]) + 0.1 * np.sin(along * 1.3 + phase[1])
    rings = np.sin(2 * math.pi * freq * (across + wobble) + phase[2])
    late = np.clip(rings, 0, None) ** 3
    fine = 0.5 * np.sin(2 * math.pi * freq * 3.1 * (across + 0.5 * wobble) + phase[3])
    grain: np.ndarray = (1 - 0.16 * late - 0.03 * fine).astype(np.float32)
    return grain


def _cross_section(
    roll: float, radius: float, samples: int = 96
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Top surface of a half-cylinder rolled by `roll`, sampled across its width.

    Returns lateral offsets, height of the top surface above the floor, normals (ny, nz),
    whether the top is the flat face, and whether the column is covered at all.
    """
    v = np.linspace(-radius, radius, samples)
    nf = np.array([math.sin(roll), math.cos(roll)])
    cz = radius if nf[1] >= 0 else radius * abs(nf[0])
    arc_z = np.sqrt(np.clip(radius**2 - v**2, 0, None))
    arc_ok = v * nf[0] + arc_z * nf[1] <= 1e-9
    c = math.cos(roll)
    if abs(c) > 1e-6:
        s = v / c
        chord_z = -s * math.sin(roll)
        chord_ok = np.abs(s) <= radius
    else:
        chord_z = np.full_like(v, -1e9)
        chord_ok = np.zeros_like(v, bool)
    use_chord = chord_ok & (~arc_ok | (chord_z > arc_z))
    z = np.where(use_chord, chord_z, arc_z) + cz
    ny = np.where(use_chord, nf[0], v / radius)
    nz = np.where(use_chord, nf[1], arc_z / radius)
    covered = arc_ok | chord_ok
    return v, z, ny, nz, use_chord, covered


def _stick_frame(
    stick: StickPose, geo: _Geometry, margin: float
) -> tuple[tuple[slice, slice], np.ndarray, np.ndarray, tuple[float, float]] | None:
    """Pixel box around a stick and the stick's own coordinates (u along, v across) in it."""
    reach = stick.length / 2 + margin
    near = (np.abs(geo.X - stick.x) < reach) & (np.abs(geo.Y - stick.y) < reach)
    rows, cols = np.nonzero(near.any(axis=1))[0], np.nonzero(near.any(axis=0))[0]
    if rows.size == 0 or cols.size == 0:
        return None
    box = (slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1))
    a, b = math.cos(math.radians(stick.angle)), math.sin(math.radians(stick.angle))
    dx, dy = geo.X[box] - stick.x, geo.Y[box] - stick.y
    return box, dx * a + dy * b, -dx * b + dy * a, (a, b)


def _coverage(
    u: np.ndarray, v: np.ndarray, stick: StickPose, vmin: float, vmax: float, px: float
) -> np.ndarray:
    sd = np.maximum(np.abs(u) - stick.length / 2, np.maximum(vmin - v, v - vmax))
    alpha: np.ndarray = np.clip(0.5 - sd / px, 0, 1).astype(np.float32)
    return alpha


def _stick_shadows(scene: Scene, geo: _Geometry, light: Light) -> np.ndarray:
    """How much of `light` reaches each floor pixel past the sticks (and the hand)."""
    lit = np.ones(geo.X.shape, np.float32)
    d = light.direction()
    slope = d[:2] / max(d[2], 0.05)
    for stick in scene.sticks:
        v, z, _, _, _, covered = _cross_section(stick.roll, stick.radius)
        top = z.max() + stick.lift
        frame = _stick_frame(stick, geo, top * float(np.hypot(*slope)) + 2)
        if frame is None:
            continue
        box, u0, v0, (a, b) = frame
        occ = np.zeros(u0.shape, np.float32)
        for height in np.linspace(0.15, 1.0, 5) * top:
            su, sv = slope[0] * a + slope[1] * b, -slope[0] * b + slope[1] * a
            u, w = u0 + height * su, v0 + height * sv
            tall = covered & (z + stick.lift >= height)
            if not tall.any():
                continue
            vmin, vmax = v[tall].min(), v[tall].max()
            soft = geo.cm_per_px + light.softness * height
            occ = np.maximum(occ, _coverage(u, w, stick, vmin, vmax, soft))
        lit[box] *= 1 - occ
    if scene.hand is not None:
        hx, hy = (
            scene.hand.x - slope[0] * scene.hand.height,
            scene.hand.y - slope[1] * scene.hand.height,
        )
        shadow_hand = replace(scene.hand, x=hx, y=hy)
        alpha, _, _ = _hand_shape(
            shadow_hand, geo, geo.cm_per_px + light.softness * scene.hand.height
        )
        lit *= 1 - alpha
    return lit


def _rim_light(tray: TrayLook, geo: _Geometry, light: Light) -> np.ndarray:
    """Shadow of the tray wall on the floor: the light ray must clear the wall top."""
    d = light.direction()
    slope = d[:2] / max(d[2], 0.05)
    px = geo.X + slope[0] * tray.wall_height
    py = geo.Y + slope[1] * tray.wall_height
    sd = np.maximum(np.abs(px) - tray.size[0] / 2, np.abs(py) - tray.size[1] / 2)
    lit: np.ndarray = np.clip(
        0.5 - sd / (geo.cm_per_px + light.softness * tray.wall_height), 0, 1
    ).astype(np.float32)
    return lit


def _ambient_occlusion(scene: Scene, geo: _Geometry) -> np.ndarray:
    occlusion = np.ones(geo.X.shape, np.float32)
    for stick in scene.sticks:
        frame = _stick_frame(stick, geo, 2.0)
        if frame is None:
            continue
        box, u, v, _ = frame
        dist = np.maximum(np.abs(u) - stick.length / 2, np.abs(v) - stick.radius)
        occlusion[box] *= 1 - 0.45 * np.exp(-np.clip(dist, 0, None) / (0.35 * stick.radius))
    return occlusion


def _radiance(scene: Scene, geo: _Geometry, seed: int) -> np.ndarray:
    """Linear-light image: the cached empty tray, relit with this scene's shadows, then objects."""
    tray, lighting = scene.tray, scene.lighting
    ambient, direct, rim, rim_mask = _empty_tray(tray, lighting, scene.camera, seed)
    image = ambient.copy()
    for part, light in zip(direct, lighting.lights, strict=True):
        image += part * _stick_shadows(scene, geo, light)[..., None]
    image *= _ambient_occlusion(scene, geo)[..., None]
    image = np.where(rim_mask, rim, image).astype(np.float32)
    for stick in sorted(scene.sticks, key=lambda s: s.lift):
        _draw_stick(image, stick, scene, geo)
    if scene.hand is not None:
        _draw_hand(image, scene.hand, lighting, geo)
    return image


@lru_cache(maxsize=8)
def _empty_tray(
    tray: TrayLook, lighting: Lighting, cam: CameraSetup, seed: int
) -> tuple[np.ndarray, list[np.ndarray], np.ndarray, np.ndarray]:
    """The floor lit by ambient light and by each light (wall shadows included), and the rim."""
    geo = _pixel_geometry(cam)
    rng = np.random.default_rng(seed + 7)
    albedo = _floor_albedo(tray, geo, rng)
    ambient = albedo * np.array(lighting.ambient, np.float32)
    direct = []
    for light in lighting.lights:
        cosine = max(0.0, float(light.direction()[2]))
        lit = _rim_light(tray, geo, light)[..., None] * cosine
        direct.append((albedo * np.array(light.color, np.float32) * lit).astype(np.float32))
    rim, rim_mask = _draw_rim(scene_lighting=lighting, tray=tray, geo=geo, rng=rng)
    return ambient.astype(np.float32), direct, rim, rim_mask


def _draw_rim(
    scene_lighting: Lighting, tray: TrayLook, geo: _Geometry, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """The tray wall (seen from inside, foreshortened by the camera height) and the rim top."""
    hw, hh = tray.size[0] / 2, tray.size[1] / 2
    ax, ay = np.abs(geo.X - geo.center[0]), np.abs(geo.Y - geo.center[1])
    ex = np.abs(geo.X) - hw
    ey = np.abs(geo.Y) - hh
    grow = tray.wall_height / (geo.center[2] - tray.wall_height)
    wall_x = (ex > 0) & (ex < ax * grow) & (ey < ay * grow)
    wall_y = (ey > 0) & (ey < ay * grow) & (ex < ax * grow) & ~wall_x
    outer = np.maximum(ex - ax * grow, ey - ay * grow)
    top = (outer >= 0) & (outer < tray.rim_width)
    mask = wall_x | wall_y | top
    wx, wy = wall_x[mask], wall_y[mask]
    X, Y = geo.X[mask], geo.Y[mask]
    grain = _wood_grain(X + Y, X - Y, rng, 0.5)[:, None]
    rim_albedo = np.array(tray.rim, np.float32) * grain
    normal = np.stack(
        [np.where(wx, -np.sign(X), 0), np.where(wy, -np.sign(Y), 0), np.where(wx | wy, 0, 1)],
        axis=-1,
    ).astype(np.float32)
    ones = [np.ones(X.shape, np.float32) for _ in scene_lighting.lights]
    shaded = _shade(rim_albedo, normal, scene_lighting, ones, specular=0.05, shininess=20)
    shaded *= np.where(wx | wy, 0.8, 1.0)[:, None]
    rim = np.zeros((*geo.X.shape, 3), np.float32)
    rim[mask] = shaded
    return rim, mask[..., None]


def _draw_stick(image: np.ndarray, stick: StickPose, scene: Scene, geo: _Geometry) -> None:
    frame = _stick_frame(stick, geo, 1.0)
    if frame is None:
        return
    box, u, v, (a, b) = frame
    vs, _, ny, _nz, is_flat, covered = _cross_section(stick.roll, stick.radius)
    vmin, vmax = vs[covered].min(), vs[covered].max()
    alpha = _coverage(u, v, stick, vmin, vmax, geo.cm_per_px)
    if not alpha.any():
        return
    inside = alpha > 0
    u, v, weight = u[inside], v[inside], alpha[inside][:, None]
    idx = np.clip(
        ((v - vs[0]) / (vs[-1] - vs[0]) * (len(vs) - 1)).round().astype(int), 0, len(vs) - 1
    )
    end_fade = np.clip((stick.length / 2 - np.abs(u)) / (0.4 * stick.radius), 0, 1)
    nyp = ny[idx] * end_fade
    nzp = np.sqrt(np.clip(1 - nyp**2, 0, 1))
    normal = np.stack([-nyp * b, nyp * a, nzp], axis=-1).astype(np.float32)
    flat = is_flat[idx][:, None]
    look = scene.look
    rng = np.random.default_rng(stick.grain_seed)
    grain = _wood_grain(v, u, rng, 0.35)[:, None]
    brush = (1 + 0.04 * np.sin(u * 2.1 + v * 5))[:, None]
    flat_albedo = np.array(look.flat, np.float32) * (brush if look.flat_is_paint else grain)
    if look.bars:
        spacing = stick.length / (look.bars + 1)
        pos = np.abs(u + stick.length / 2) % spacing
        bar = (np.minimum(pos, spacing - pos) < 0.35) & (np.abs(u) < stick.length / 2 - 0.5)
        flat_albedo = np.where(bar[:, None], np.array(look.bar_color, np.float32), flat_albedo)
    round_albedo = np.array(look.round, np.float32) * grain
    albedo = np.where(flat, flat_albedo, round_albedo)
    ones = [np.ones(u.shape, np.float32) for _ in scene.lighting.lights]
    # Varnish gives the round face a highlight line; paint and bare wood only a faint sheen.
    gloss = 10 + 150 * look.varnish
    glossy = _shade(albedo, normal, scene.lighting, ones, 0.02 + look.varnish, gloss)
    matte = _shade(albedo, normal, scene.lighting, ones, specular=0.012, shininess=8)
    color = np.where(flat, matte, glossy)
    region = image[box]
    region[inside] = region[inside] * (1 - weight) + color * weight


def _hand_shape(
    hand: HandPose, geo: _Geometry, soft: float
) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray], np.ndarray]:
    """Palm ellipse plus five finger capsules: coverage, dome normal (x, y) and thickness."""
    a, b = math.cos(math.radians(hand.angle)), math.sin(math.radians(hand.angle))
    dx, dy = geo.X - hand.x, geo.Y - hand.y
    u, v = (dx * a + dy * b) / hand.scale, (-dx * b + dy * a) / hand.scale
    palm = np.sqrt((u / 5.0) ** 2 + (v / 4.2) ** 2) - 1
    sd = palm * 4.2
    segments = [
        (4.2, -3.0, 11.0, -3.6, 0.85),
        (4.6, -1.0, 12.4, -1.2, 0.9),
        (4.6, 1.0, 12.0, 1.2, 0.88),
        (4.2, 2.9, 10.0, 3.5, 0.8),
        (-1.0, 4.0, 4.0, 8.0, 1.0),
    ]
    for x0, y0, x1, y1, radius in segments:
        px, py = u - x0, v - y0
        sx, sy = x1 - x0, y1 - y0
        t = np.clip((px * sx + py * sy) / (sx * sx + sy * sy), 0, 1)
        dist = np.hypot(px - t * sx, py - t * sy) - radius
        sd = np.minimum(sd, dist)
    sd = sd * hand.scale
    alpha = np.clip(0.5 - sd / soft, 0, 1).astype(np.float32)
    depth = np.clip(-sd / 1.2, 0, 1)
    gy, gx = np.gradient(-sd)
    return alpha, (np.asarray(gx), np.asarray(gy)), np.asarray(depth)


def _draw_hand(image: np.ndarray, hand: HandPose, lighting: Lighting, geo: _Geometry) -> None:
    alpha, (gx, gy), depth = _hand_shape(hand, geo, geo.cm_per_px)
    if not alpha.any():
        return
    tilt = np.sqrt(np.clip(1 - depth, 0, 1))
    norm = np.hypot(gx, gy) + 1e-6
    normal = np.stack([-gx / norm * tilt, -gy / norm * tilt, np.sqrt(1 - tilt**2)], axis=-1)
    skin = np.array(hand.skin, np.float32) * np.ones(image.shape, np.float32)
    ones = [np.ones(alpha.shape, np.float32) for _ in lighting.lights]
    color = _shade(skin, normal.astype(np.float32), lighting, ones, specular=0.04, shininess=10)
    color += np.array(hand.skin, np.float32) * np.array([0.08, 0.03, 0.02], np.float32)
    image[:] = image * (1 - alpha[..., None]) + color * alpha[..., None]


def _camera_output(
    linear: np.ndarray, cam: CameraSetup, geo: _Geometry, rng: np.random.Generator
) -> np.ndarray:
    """Lens, auto exposure, white balance, sensor noise, gamma, quantisation, JPEG."""
    linear = linear * (1 - cam.vignette * geo.radial[..., None] ** 2)
    luminance = linear @ np.array([0.2126, 0.7152, 0.0722], np.float32)
    linear = linear * (cam.exposure / max(float(np.median(luminance)), 1e-4))
    means = linear.reshape(-1, 3).mean(axis=0)
    gains = (means.mean() / np.maximum(means, 1e-4)) ** cam.white_balance
    linear = linear * gains.astype(np.float32)
    if cam.defocus > 0:
        linear = cv2.GaussianBlur(linear, (0, 0), cam.defocus)
    shot = np.sqrt(np.clip(linear, 0, None) * cam.noise * 0.02 + (cam.noise * 0.05) ** 2)
    linear = linear + shot * rng.standard_normal(linear.shape).astype(np.float32)
    srgb = np.where(
        linear <= 0.0031308,
        12.92 * linear,
        1.055 * np.clip(linear, 0.0031308, None) ** (1 / 2.4) - 0.055,
    )
    out = np.clip(srgb * 255 + 0.5, 0, 255).astype(np.uint8)[..., ::-1]
    ok, encoded = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, cam.jpeg_quality])
    decoded = cv2.imdecode(encoded, cv2.IMREAD_COLOR) if ok else None
    return np.ascontiguousarray(out if decoded is None else decoded)
