"""The synthetic camera: a frame source that renders throws of a simulated stick set.

It is the physics stand-in for a real camera in the simulation and the tests: `throw()` makes
the sticks fly in, roll over a few times and come to rest; `clear()` sends a hand in to pick
them up; `hold_stick()` keeps a hand steady over the tray. Frames carry the camera clock's time;
with `clock="simulated"` that clock advances by one frame interval per `read()` (no sleeping),
which lets tests measure latencies exactly.
"""

from __future__ import annotations

import itertools
import math
import threading
import time
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from vision import scenes
from vision.render import ROUND_UP, HandPose, Scene, StickPose, render
from vision.sources import Frame, SourceError

BAD_SCENES: tuple[str, ...] = scenes.BAD_KINDS
EXPOSURE_S = 1 / 60


@dataclass(frozen=True)
class _Motion:
    """Sticks sliding and rolling from `start` to `end` poses, then rocking to rest.

    The slide slows at a constant rate (friction) over `slide` seconds; then each half-cylinder
    rocks on its curved side with a decaying swing of `rocking` radians, until the swing is
    under 20 degrees (the face is decided: tipping over takes 90; from above such a swing
    barely shows): that moment is `rest`; after it nothing moves.
    """

    start: tuple[StickPose, ...]
    end: tuple[StickPose, ...]
    t0: float
    slide: float
    rocking: float

    DECAY_S = 0.4
    ROCK_HZ = 1.6
    STILL_RAD = 0.35

    @property
    def duration(self) -> float:
        rock = (
            self.DECAY_S * math.log(self.rocking / self.STILL_RAD)
            if self.rocking > self.STILL_RAD
            else 0.0
        )
        return self.slide + rock

    def poses(self, t: float) -> tuple[tuple[StickPose, ...], tuple[float, float, float]]:
        tau = min(max((t - self.t0) / self.slide, 0.0), 1.0) if self.slide > 0 else 1.0
        remaining = (1 - tau) ** 2
        speed = 2 * (1 - tau) / self.slide if self.slide > 0 else 0.0
        after = t - self.t0 - self.slide
        rock = 0.0
        if after > 0 and t < self.t0 + self.duration:
            rock = (
                self.rocking
                * math.exp(-after / self.DECAY_S)
                * math.sin(2 * math.pi * self.ROCK_HZ * after)
            )
        poses, motion = [], (0.0, 0.0, 0.0)
        for a, b in zip(self.start, self.end, strict=True):
            pose = replace(
                b,
                x=b.x + (a.x - b.x) * remaining,
                y=b.y + (a.y - b.y) * remaining,
                angle=b.angle + (a.angle - b.angle) * remaining,
                roll=b.roll + (a.roll - b.roll) * remaining + rock,
            )
            poses.append(pose)
            motion = (
                (a.x - b.x) * -speed * EXPOSURE_S,
                (a.y - b.y) * -speed * EXPOSURE_S,
                (a.roll - b.roll) * -speed * EXPOSURE_S,
            )
        return tuple(poses), motion


class SyntheticCamera:
    """A frame source rendering a simulated tray (see `vision.scenes` for the set-ups)."""

    def __init__(
        self,
        seed: int = 0,
        style: str = "dark",
        tray: str = "felt_green",
        light: str = "window",
        width: int = 640,
        height: int = 480,
        fps: float = 15.0,
        clock: Literal["real", "simulated"] = "real",
    ):
        self.setup = scenes.make_setup(style, tray, light, seed, width, height)
        self.fps = fps
        self.clock = clock
        self._rng = np.random.default_rng(seed)
        self._lock = threading.Lock()
        self._sticks: tuple[StickPose, ...] = ()
        self._motion: _Motion | None = None
        self._hand: list[tuple[float, HandPose | None]] = []
        self._base = scenes.calibration_scenes(self.setup, seed)["empty"]
        self._static: np.ndarray | None = None
        self._now = 1000.0
        self._next_real = 0.0
        self._opened = False
        self._frames = 0
        self.rest_time: float | None = None
        self.failed = False

    # -- frame source -------------------------------------------------------------------------
    def open(self) -> None:
        self._opened = True
        self._next_real = time.monotonic()

    def close(self) -> None:
        self._opened = False

    def read(self) -> Frame | None:
        if not self._opened:
            raise SourceError("synthetic camera is not open")
        if self.failed:
            raise SourceError("synthetic camera unplugged")
        if self.clock == "real":
            delay = self._next_real - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            self._next_real = max(self._next_real, time.monotonic() - 0.5) + 1 / self.fps
            now = time.monotonic()
        else:
            self._now += 1 / self.fps
            now = self._now
        self._frames += 1
        return Frame(self._image_at(now), now)

    def now(self) -> float:
        """The camera clock (the time the next frame will at least carry)."""
        return time.monotonic() if self.clock == "real" else self._now

    # -- what happens in the tray ---------------------------------------------------------------
    def throw(self, flat: int, seed: int | None = None, slow: bool = False) -> None:
        """Sticks roll in and come to rest with `flat` flat faces up (`slow`: a long slow roll)."""
        if not 0 <= flat <= 4:
            raise ValueError("flat must be 0..4")
        seed = self._next_seed(seed)
        final = scenes.clean_scene(self.setup, flat, seed)
        self._start_motion(final.sticks, seed, slow)

    def throw_bad(self, scene: str, seed: int | None = None) -> None:
        """A throw that ends in one of BAD_SCENES (a hand stays in the picture for "hand")."""
        if scene not in BAD_SCENES:
            raise ValueError(f"unknown bad scene {scene!r}; one of {', '.join(BAD_SCENES)}")
        seed = self._next_seed(seed)
        final = scenes.bad_scene(self.setup, scene, seed)
        self._start_motion(final.sticks, seed, slow=False)
        if final.hand is not None:
            with self._lock:
                self._hand = [(self.rest_time or self.now(), final.hand)]

    def clear(self) -> None:
        """A hand comes in, picks the sticks up and leaves (takes about 1.2 s)."""
        with self._lock:
            t0 = self.now()
            cx = float(np.mean([s.x for s in self._sticks])) if self._sticks else 0.0
            cy = float(np.mean([s.y for s in self._sticks])) if self._sticks else 0.0
            outside = HandPose(x=cx + 30, y=cy, angle=180)
            over = HandPose(x=cx + 8, y=cy, angle=180, height=4)
            self._hand = [
                (t0, outside),
                (t0 + 0.4, over),
                (t0 + 0.8, over),
                (t0 + 1.2, outside),
                (t0 + 1.25, None),
            ]
            self._motion = _Motion(self._sticks, (), t0 + 0.6, 0.0, 0.0)
            self._sticks = ()
            self.rest_time = None
            self._static = None

    def hold_stick(self) -> None:
        """A hand holds one stick steadily over the tray until `clear()` or `throw()`."""
        with self._lock:
            stick = replace(scenes.layout(self.setup, [ROUND_UP], self._rng)[0], lift=3.0)
            a = math.radians(stick.angle + 90)
            hand = HandPose(
                x=stick.x + 7 * math.cos(a),
                y=stick.y + 7 * math.sin(a),
                angle=stick.angle - 90,
                height=4,
            )
            self._sticks = (stick,)
            self._motion = None
            self._hand = [(self.now(), hand)]
            self.rest_time = None
            self._static = None

    @property
    def at_rest(self) -> bool:
        return self.rest_time is not None and self.now() >= self.rest_time

    def _next_seed(self, seed: int | None) -> int:
        return int(self._rng.integers(1 << 30)) if seed is None else seed

    def _start_motion(self, final: tuple[StickPose, ...], seed: int, slow: bool) -> None:
        rng = np.random.default_rng(seed + 1)
        heading = rng.uniform(0, 2 * math.pi)
        distance = rng.uniform(10, 22)
        start = tuple(
            replace(
                s,
                x=s.x - distance * math.cos(heading) + rng.normal(0, 2),
                y=s.y - distance * math.sin(heading) + rng.normal(0, 2),
                angle=s.angle + rng.uniform(-90, 90),
                roll=s.roll + math.pi * int(rng.integers(2, 7)),
            )
            for s in final
        )
        with self._lock:
            t0 = self.now()
            slide = rng.uniform(2.0, 2.6) if slow else rng.uniform(0.7, 1.3)
            motion = _Motion(start, final, t0, slide, 0.5 if slow else 0.15)
            self._motion = motion
            self._sticks = final
            self._hand = []
            self.rest_time = t0 + motion.duration
            self._static = None

    def _scene_at(self, t: float) -> tuple[Scene, bool]:
        with self._lock:
            motion, hand_track, sticks = self._motion, list(self._hand), self._sticks
        moving = False
        movement = (0.0, 0.0, 0.0)
        if motion is not None and t < motion.t0 + motion.duration:
            if motion.end:
                sticks, movement = motion.poses(t)
                moving = True
            else:
                sticks = motion.start
        hand = _hand_at(hand_track, t)
        if hand is not None:
            jitter = np.random.default_rng(int(t * 1000)).normal(0, 0.03, 2)
            hand = replace(hand, x=hand.x + jitter[0], y=hand.y + jitter[1])
            moving = True
        return replace(self._base, sticks=sticks, hand=hand, motion=movement), moving

    def _image_at(self, t: float) -> np.ndarray:
        scene, moving = self._scene_at(t)
        seed = self.setup.texture_seed
        if moving:
            return render(scene, seed, noise_seed=self._frames, blur_steps=3)
        with self._lock:
            static = self._static
        if static is None:
            static = render(scene, seed, noise_seed=self._frames)
            with self._lock:
                self._static = static
        noise = np.random.default_rng(self._frames).normal(0, 1.2, static.shape)
        return np.clip(static + noise, 0, 255).astype(np.uint8)


def _hand_at(track: list[tuple[float, HandPose | None]], t: float) -> HandPose | None:
    """The hand pose at time t, moving linearly between key frames."""
    if not track or t < track[0][0]:
        return None
    for (t0, a), (t1, b) in itertools.pairwise(track):
        if t0 <= t < t1:
            if a is None or b is None:
                return a
            f = (t - t0) / (t1 - t0)
            return replace(
                a,
                x=a.x + (b.x - a.x) * f,
                y=a.y + (b.y - a.y) * f,
                height=a.height + (b.height - a.height) * f,
            )
    return track[-1][1]
