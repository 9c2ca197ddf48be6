"""Stick reader speed and throw latency (DESIGN.md budgets: one frame read in at most 5 ms at
640x480 and 15 ms at 1280x720, median; a throw result at most 300 ms after the sticks rest).

Reading: for each resolution, clean throws of the common stick set (four set-ups: trays, lights,
counts 0-4 in turn) are all rendered first; after a warm-up, only `StickReader.read` is timed,
without and then with the set-up's own calibration, each frame read N times (the frames in
turn, N rounds). Prints median, p90 and max milliseconds over all the reads, and how many
frames were read `ok` with the right count; then the median over the frames of each one's
fastest read, the time a read takes when the shared machine leaves it alone (as `timeit`
reports the fastest of its repeats: slower reads are mostly other processes' work). Then the
same for scenes that are no clean throw (a stick missing, out of view, touching, blurred, a
hand) at 640x480: the reader looks again before it answers `rethrow` (no budget of its own;
it adds to the throw latency below when the answer is a rethrow).

Latency: the synthetic camera on a simulated clock (15 fps, no sleeping) is thrown N times
through `ThrowWatcher.process`; for each throw, the camera time from `camera.rest_time` to the
published result's `frame_time` (what settling costs), and that plus the wall time `process`
took on the publishing frame (reading and evidence JPEG), which a live camera adds. A second
pass throws as many that end in a scene the watcher publishes as a rethrow (a stick missing,
over the rim, touching, lying on another), whose reading looks again. A third
pass stamps each frame with up to +-0.5 ms of jitter, as frames from a real camera stamped with
`time.monotonic()` on arrival have, and counts how many throws are published at all.

The figures are wall-clock times on a shared machine: the load average is printed first. Like
every process `senet-board` starts, the benchmark first asks malloc to keep freed frame memory
(controller.memory); `--no-keep-memory` measures without that.

Run: .venv/bin/python benchmarks/bench_vision.py [--frames N] [--repeats N] [--throws N]
[--jittered N]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from controller.memory import keep_freed_memory
from vision import scenes
from vision.calibration import Calibration, calibrate
from vision.reader import StickReader
from vision.render import Scene, render
from vision.sources import Frame
from vision.synthetic import SyntheticCamera
from vision.watcher import ThrowResult, ThrowWatcher

SETUPS = (
    ("dark", "linen", "overhead", 1),
    ("dark", "felt_green", "window", 2),
    ("dark_varnished", "walnut", "warm_lamp", 3),
    ("dark", "felt_red", "two_lamps", 4),
)
RESOLUTIONS = {(640, 480): 5.0, (1280, 720): 15.0}
LATENCY_BUDGET_MS = 300.0
# The scenes that are no clean throw whose rethrow the watcher publishes: it waits out a hand
# and a stick cut off by the picture's edge (see `vision.watcher`), and sticks come to rest
# unblurred.
PUBLISHED_BAD = ("missing_stick", "out_of_tray", "touching", "overlapping")
WARM_UP = 3


@dataclass(frozen=True)
class Shot:
    image: np.ndarray
    flat: int
    calibration: Calibration


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def verdict(value: float, budget: float) -> str:
    return f"{'within' if value <= budget else 'OVER'} the {budget:g} ms budget"


@lru_cache(maxsize=len(RESOLUTIONS))
def calibrated_setups(width: int, height: int) -> tuple[tuple[scenes.Setup, Calibration], ...]:
    """The SETUPS at `width` x `height`, each with its calibration (made once per size)."""
    setups = []
    for style, tray, light, seed in SETUPS:
        setup = scenes.make_setup(style, tray, light, seed, width, height)
        pictures = scenes.calibration_pictures(setup, seed)
        setups.append((setup, calibrate(*pictures.values())))
    return tuple(setups)


def render_shots(width: int, height: int, count: int) -> list[Shot]:
    """`count` clean throws over the SETUPS, each with its set-up's calibration."""

    def clean(setup: scenes.Setup, i: int) -> tuple[Scene, int]:
        return scenes.clean_scene(setup, i % 5, 1000 + i), i % 5

    return _rendered(width, height, count, clean)


def render_bad_shots(width: int, height: int, count: int) -> list[Shot]:
    """`count` scenes that are no clean throw (scenes.BAD_KINDS in turn) over the SETUPS,
    each with its set-up's calibration; `flat` is -1, no count being right."""

    def bad(setup: scenes.Setup, i: int) -> tuple[Scene, int]:
        kind = scenes.BAD_KINDS[i % len(scenes.BAD_KINDS)]
        return scenes.bad_scene(setup, kind, 2000 + i), -1

    return _rendered(width, height, count, bad)


def _rendered(
    width: int, height: int, count: int, scene_of: Callable[[scenes.Setup, int], tuple[Scene, int]]
) -> list[Shot]:
    """`count` shots over the SETUPS in turn, shot `i` of `scene_of(setup, i)` (the scene and
    its flat faces up), each with its set-up's calibration."""
    setups = calibrated_setups(width, height)
    shots = []
    for i in range(count):
        setup, calibration = setups[i % len(setups)]
        scene, flat = scene_of(setup, i)
        shots.append(Shot(render(scene, setup.texture_seed, noise_seed=i), flat, calibration))
    return shots


def time_reads(
    shots: list[Shot], calibrated: bool, repeats: int
) -> tuple[list[float], list[float], int]:
    """Milliseconds per read (each frame read `repeats` times in turn, all the reads' times,
    and each frame's fastest), and how many frames were read `ok` with the right count."""
    readers: dict[int, StickReader] = {}

    def reader_for(shot: Shot) -> StickReader:
        key = id(shot.calibration) if calibrated else 0
        if key not in readers:
            readers[key] = StickReader(shot.calibration if calibrated else None)
        return readers[key]

    for shot in shots[:WARM_UP]:
        reader_for(shot).read(shot.image)
    times: list[list[float]] = [[] for _ in shots]
    right = 0
    for repeat in range(repeats):
        for shot, taken in zip(shots, times, strict=True):
            reader = reader_for(shot)
            started = time.perf_counter()
            reading = reader.read(shot.image)
            taken.append((time.perf_counter() - started) * 1000)
            if repeat == 0:
                right += reading.status == "ok" and reading.flat == shot.flat
    return [t for taken in times for t in taken], [min(taken) for taken in times], right


def bench_reading(frames: int, repeats: int) -> None:
    print(
        f"StickReader.read, {frames} different clean frames per resolution, each read"
        f" {repeats} times (ms per read)"
    )
    for (width, height), budget in RESOLUTIONS.items():
        started = time.monotonic()
        shots = render_shots(width, height, frames)
        print(f"  {width}x{height} ({time.monotonic() - started:.0f} s to render)")
        for calibrated in (False, True):
            times, fastest, right = time_reads(shots, calibrated, repeats)
            median = statistics.median(times)
            print(
                f"{times_line(calibrated, times)}   read right {right}/{len(shots)}"
                f"   median {verdict(median, budget)}"
            )
            best = statistics.median(fastest)
            print(f"{'':16s}each frame's fastest read: median {best:7.1f}, {verdict(best, budget)}")


def bench_rethrows(frames: int, repeats: int) -> None:
    """Reading scenes that are no clean throw at 640x480: the reader looks again before it
    answers `rethrow`, and that answer comes as late after rest as the read takes."""
    shots = render_bad_shots(640, 480, frames)
    print(f"  640x480, {frames} scenes that are no clean throw (answered rethrow; ms per read)")
    for calibrated in (False, True):
        times, _, _ = time_reads(shots, calibrated, repeats)
        print(times_line(calibrated, times))


def times_line(calibrated: bool, times: list[float]) -> str:
    """The reader (`calibrated` or not) and the median, p90 and max of its read `times`."""
    label = "calibrated" if calibrated else "common set"
    return (
        f"    {label:11s} median {statistics.median(times):7.1f}"
        f"   p90 {percentile(times, 0.9):7.1f}   max {max(times):7.1f}"
    )


@dataclass
class Throw:
    flat: int
    results: list[tuple[ThrowResult, float]]
    rest: float


def drive(
    camera: SyntheticCamera, watcher: ThrowWatcher, seconds: float, stamp: Callable[[float], float]
) -> list[tuple[ThrowResult, float]]:
    """Feed `seconds` of camera time to the watcher; results with the wall time of `process`."""
    found = []
    end = camera.now() + seconds
    while camera.now() < end:
        frame = camera.read()
        assert frame is not None
        frame = Frame(frame.image, stamp(frame.time))
        started = time.perf_counter()
        result = watcher.process(frame)
        spent = time.perf_counter() - started
        if result is not None:
            found.append((result, spent))
    return found


def watch_throws(count: int, jitter_s: float, seed: int = 2, bad: bool = False) -> list[Throw]:
    """`count` throws watched (see `bench_latency`): clean ones, or with `bad` throws that
    end in the PUBLISHED_BAD scenes in turn (`flat` is then -1)."""
    camera = SyntheticCamera(seed=seed, clock="simulated", fps=15)
    camera.open()
    rng = random.Random(seed)

    def stamp(t: float) -> float:
        return t + rng.uniform(-jitter_s, jitter_s) if jitter_s else t

    watcher = ThrowWatcher(camera, StickReader(), lambda result: None)
    drive(camera, watcher, 0.6, stamp)
    throws = []
    for i in range(count):
        if bad:
            flat = -1
            camera.throw_bad(PUBLISHED_BAD[i % len(PUBLISHED_BAD)], seed=700 + i)
        else:
            flat = rng.randrange(5)
            camera.throw(flat, seed=500 + i)
        rest = camera.rest_time
        assert rest is not None
        throws.append(Throw(flat, drive(camera, watcher, 3.0, stamp), rest))
        camera.clear()
        drive(camera, watcher, 2.0, stamp)
    camera.close()
    return throws


def bench_latency(count: int, jittered: int) -> None:
    print(f"ThrowWatcher, synthetic camera on a simulated clock at 15 fps, {count} throws")
    throws = watch_throws(count, 0.0)
    published = [t for t in throws if t.results]
    right = sum(
        t.results[0][0].reading.status == "ok" and t.results[0][0].reading.flat == t.flat
        for t in published
    )
    rethrows = rethrown(published)
    extra = sum(len(t.results) - 1 for t in throws)
    print(
        f"  published {len(published)}/{count} (right count {right}, rethrow {rethrows}),"
        f" extra results {extra}"
    )
    print_latencies(published)
    bad = [t for t in watch_throws(count, 0.0, bad=True) if t.results]
    rethrows = rethrown(bad)
    print(f"  {count} throws ending in no clean throw ({', '.join(PUBLISHED_BAD)} in turn):")
    print(f"  published {len(bad)}/{count} (rethrow {rethrows})")
    print_latencies(bad)
    if jittered:
        done = [t for t in watch_throws(jittered, 0.0005) if t.results]
        line = f"  with +-0.5 ms jitter on frame times: published {len(done)}/{jittered}"
        if done:
            waits = [(t.results[0][0].frame_time - t.rest) * 1000 for t in done]
            line += f", rest -> frame median {statistics.median(waits):.0f} ms"
        else:
            line += " (the watcher never saw the sticks settle)"
        print(line)


def rethrown(published: list[Throw]) -> int:
    """How many of the `published` throws were answered rethrow (their first result)."""
    return sum(t.results[0][0].reading.status == "rethrow" for t in published)


def print_latencies(published: list[Throw]) -> None:
    """From rest to the published result's frame, and that plus reading it (see
    `bench_latency`): median and max over the `published` throws."""
    if not published:
        return
    settle = [(t.results[0][0].frame_time - t.rest) * 1000 for t in published]
    total = [s + t.results[0][1] * 1000 for s, t in zip(settle, published, strict=True)]
    for label, values in (("rest -> frame", settle), ("+ processing", total)):
        print(
            f"  {label:14s} median {statistics.median(values):6.0f} ms"
            f"   max {max(values):6.0f} ms   max {verdict(max(values), LATENCY_BUDGET_MS)}"
        )


def at_least_one(text: str) -> int:
    """A count of 1 or more, for argparse."""
    count = int(text)
    if count < 1:
        raise argparse.ArgumentTypeError(f"need 1 or more, not {count}")
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=40, help="frames per resolution")
    parser.add_argument("--repeats", type=at_least_one, default=5, help="reads of each frame")
    parser.add_argument("--throws", type=int, default=20, help="throws for the latency")
    parser.add_argument("--jittered", type=int, default=5, help="throws with jittered stamps")
    parser.add_argument(
        "--no-keep-memory", action="store_true", help="leave malloc's thresholds as they are"
    )
    args = parser.parse_args()
    kept = not args.no_keep_memory and keep_freed_memory()
    print(f"freed frame memory kept in the process: {'yes' if kept else 'no'}")
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    print(f"{os.cpu_count()} CPUs, load average {load}")
    bench_reading(args.frames, args.repeats)
    bench_rethrows(args.frames, args.repeats)
    bench_latency(args.throws, args.jittered)


if __name__ == "__main__":
    main()
