"""The settle watcher on the synthetic camera: one result per throw, after rest, in time."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import replace

from vision.reader import StickReader
from vision.sources import Frame, SourceError
from vision.synthetic import SyntheticCamera
from vision.watcher import ThrowResult, ThrowWatcher

LATENCY_S = 0.3


def run(
    camera: SyntheticCamera, watcher: ThrowWatcher, seconds: float, jitter: float = 0.0
) -> list[ThrowResult]:
    """Feed `seconds` of frames; `jitter` moves each frame's time by up to that much, as a
    real camera's frames, stamped when they arrive, never come at exact intervals."""
    results = []
    shake = random.Random(8)
    end = camera.now() + seconds
    while camera.now() < end:
        frame = camera.read()
        assert frame is not None
        frame = replace(frame, time=frame.time + shake.uniform(-jitter, jitter))
        result = watcher.process(frame)
        if result is not None:
            results.append(result)
    return results


def test_one_result_per_throw_after_rest_and_within_300_ms(camera: SyntheticCamera) -> None:
    published: list[ThrowResult] = []
    watcher = ThrowWatcher(camera, StickReader(), published.append)
    assert run(camera, watcher, 0.5) == []
    for flat, seed in ((3, 1), (1, 7)):
        camera.throw(flat, seed=seed)
        rest = camera.rest_time
        assert rest is not None
        results = run(camera, watcher, 3.0)
        assert len(results) == 1
        (result,) = results
        assert rest <= result.frame_time <= rest + LATENCY_S
        assert (result.reading.status, result.reading.flat) == ("ok", flat)
        assert result.evidence_jpeg[:2] == b"\xff\xd8"
        assert run(camera, watcher, 1.2) == [], "picking up the sticks publishes nothing"
        camera.clear()
        assert run(camera, watcher, 2.0) == []
    assert published and len(published) == 2


def test_frames_that_arrive_unevenly_still_settle_in_time(camera: SyntheticCamera) -> None:
    watcher = ThrowWatcher(camera, StickReader(), lambda result: None)
    run(camera, watcher, 0.5, jitter=0.004)
    for flat, seed in ((2, 3), (4, 9)):
        camera.throw(flat, seed=seed)
        rest = camera.rest_time
        assert rest is not None
        results = run(camera, watcher, 3.0, jitter=0.004)
        assert [r.reading.flat for r in results] == [flat]
        assert rest <= results[0].frame_time <= rest + LATENCY_S
        camera.clear()
        run(camera, watcher, 2.0, jitter=0.004)


def test_a_slow_roll_is_not_read_before_it_rests(camera: SyntheticCamera) -> None:
    watcher = ThrowWatcher(camera, StickReader(), lambda result: None)
    run(camera, watcher, 0.4)
    camera.throw(2, seed=3, slow=True)
    rest = camera.rest_time
    assert rest is not None
    results = run(camera, watcher, 4.0)
    assert len(results) == 1
    assert rest <= results[0].frame_time <= rest + LATENCY_S


def test_a_steady_hand_holding_a_stick_gives_no_reading(camera: SyntheticCamera) -> None:
    watcher = ThrowWatcher(camera, StickReader(), lambda result: None)
    run(camera, watcher, 0.4)
    camera.hold_stick()
    assert run(camera, watcher, 2.0) == []
    camera.clear()
    run(camera, watcher, 2.0)
    camera.throw(1, seed=4)
    results = run(camera, watcher, 2.5)
    assert [r.reading.flat for r in results] == [1]


def test_a_throw_that_settles_badly_is_published_once_as_rethrow(camera: SyntheticCamera) -> None:
    watcher = ThrowWatcher(camera, StickReader(), lambda result: None)
    run(camera, watcher, 0.4)
    camera.throw_bad("touching", seed=5)
    results = run(camera, watcher, 3.0)
    assert len(results) == 1
    assert results[0].reading.status == "rethrow"
    assert "touching" in results[0].reading.reason


class FailingCamera:
    """A camera that dies after a few frames and comes back when reopened."""

    def __init__(self, inner: SyntheticCamera, frames_before_failure: int):
        self.inner = inner
        self.left = frames_before_failure
        self.opens = 0

    def open(self) -> None:
        self.opens += 1
        self.inner.open()

    def read(self) -> Frame | None:
        if self.opens == 1 and self.left <= 0:
            raise SourceError("USB camera unplugged")
        self.left -= 1
        time.sleep(0.002)
        return self.inner.read()

    def close(self) -> None:
        self.inner.close()


def test_the_watcher_thread_survives_a_camera_failure_and_reports_it(
    camera: SyntheticCamera,
) -> None:
    source = FailingCamera(camera, frames_before_failure=5)
    got = threading.Event()
    results: list[ThrowResult] = []

    def on_result(result: ThrowResult) -> None:
        results.append(result)
        got.set()

    watcher = ThrowWatcher(source, StickReader(), on_result)
    watcher.start()
    try:
        deadline = time.monotonic() + 10
        while source.opens < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert source.opens >= 2, "the watcher reopens the camera"
        assert watcher.error is None or "unplugged" in watcher.error
        camera.throw(2, seed=6)
        assert got.wait(30), "a throw after the camera came back is read"
        assert results[0].reading.flat == 2
        assert watcher.frame_age is not None and watcher.frame_age < 5
    finally:
        watcher.stop()
    assert watcher.state == "stopped"
