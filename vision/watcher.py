"""Watching a camera: one reading per throw, taken once the sticks have settled.

The watcher compares small blurred grey frames. Motion starts a throw; the scene counts as
settled when every frame of the last `settle_s` seconds matches the newest one (a slow roll
or a trembling hand keeps changing pixels, so it never settles early). A settled scene that
differs from the last published one is read:

- a hand, or something cut off by the picture's edge: not a throw yet, keep waiting;
- an empty tray, or fewer sticks while they are being collected: re-armed, nothing published;
- anything else (a count, or a rethrow such as touching sticks): published once.

If the camera fails, the watcher reopens it with growing pauses and reports the error in
`state`, so the service can fall back to manual throws.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from vision.evidence import evidence_jpeg
from vision.reader import StickReader
from vision.reading import ThrowReading
from vision.sources import Frame, FrameSource, SourceError

log = logging.getLogger(__name__)

MOTION_WIDTH = 160
PIXEL_CHANGE = 8
CHANGED_SHARE = 0.0004
TRANSIENT_WORDS = ("hand", "edge of the picture", "no sticks")


@dataclass(frozen=True)
class ThrowResult:
    reading: ThrowReading
    evidence_jpeg: bytes
    frame_time: float


def _thumbnail(image: np.ndarray) -> np.ndarray:
    h, w = image.shape[:2]
    size = (MOTION_WIDTH, max(1, round(MOTION_WIDTH * h / w)))
    grey = cv2.cvtColor(cv2.resize(image, size, interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY)
    return cv2.GaussianBlur(grey, (3, 3), 0).astype(np.int16)


def _changed(a: np.ndarray, b: np.ndarray) -> bool:
    return float(np.mean(np.abs(a - b) > PIXEL_CHANGE)) > CHANGED_SHARE


def _stick_count(reading: ThrowReading) -> int:
    return len(reading.sticks)


class ThrowWatcher:
    """Publishes a `ThrowResult` through `on_result` for every throw seen by `source`."""

    def __init__(
        self,
        source: FrameSource,
        reader: StickReader,
        on_result: Callable[[ThrowResult], None],
        settle_s: float = 0.2,
    ):
        self.source = source
        self.reader = reader
        self.on_result = on_result
        self.settle_s = settle_s
        self.state = "stopped"
        self.error: str | None = None
        self._recent: deque[tuple[float, np.ndarray]] = deque()
        self._reference: np.ndarray | None = None
        self._last_read: np.ndarray | None = None
        self._last_count = 0
        self._last_frame_at: float | None = None
        self.latest: Frame | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def frame_age(self) -> float | None:
        """Seconds since the last frame arrived, None before the first."""
        if self._last_frame_at is None:
            return None
        return time.monotonic() - self._last_frame_at

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="throw-watcher", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self.state = "stopped"

    def _run(self) -> None:
        pause = 0.5
        while not self._stop.is_set():
            try:
                self.source.open()
                self.error = None
                pause = 0.5
                self.state = "waiting"
                while not self._stop.is_set():
                    frame = self.source.read()
                    if frame is None:
                        raise SourceError("the camera stopped delivering frames")
                    self.process(frame)
            except Exception as error:  # a camera may fail in any way; keep the service up
                self.error = str(error) or type(error).__name__
                self.state = "error"
                log.warning("camera: %s (retrying in %.1f s)", self.error, pause)
            finally:
                try:
                    self.source.close()
                except Exception as error:  # closing a broken camera may fail too
                    log.debug("camera close failed: %s", error)
            self._stop.wait(pause)
            pause = min(pause * 2, 10.0)

    def process(self, frame: Frame) -> ThrowResult | None:
        """Take one frame; returns (and publishes) a result when a throw has settled."""
        self._last_frame_at = time.monotonic()
        self.latest = frame
        small = _thumbnail(frame.image)
        self._recent.append((frame.time, small))
        # Keep the newest frame that is at least settle_s old, so the frames kept span the
        # whole settling time however unevenly a real camera's frames arrive.
        window_start = frame.time - self.settle_s
        while len(self._recent) > 1 and self._recent[1][0] <= window_start + 1e-6:
            self._recent.popleft()
        settled = self._recent[0][0] <= window_start + 1e-6 and not any(
            _changed(old, small) for _, old in self._recent
        )
        if not settled:
            if self._reference is None or _changed(self._reference, small):
                self.state = "moving"
            return None
        if self._reference is not None and not _changed(self._reference, small):
            self.state = "waiting"
            return None
        if self._last_read is not None and not _changed(self._last_read, small):
            return None
        self._last_read = small
        reading = self.reader.read(frame.image)
        if self._reference is None:
            self._arm(small, reading)
            return None
        if any(word in reading.reason for word in TRANSIENT_WORDS):
            self.state = "waiting"
            if "no sticks" in reading.reason:
                self._arm(small, reading)
            return None
        if reading.status == "rethrow" and _stick_count(reading) < self._last_count:
            self._arm(small, reading)
            return None
        result = ThrowResult(reading, evidence_jpeg(frame.image, reading), frame.time)
        self._arm(small, reading)
        self.state = "settled"
        self.on_result(result)
        return result

    def _arm(self, small: np.ndarray, reading: ThrowReading) -> None:
        self._reference = small
        self._last_count = _stick_count(reading)
        self.state = "waiting"
