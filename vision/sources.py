"""Frame sources: anything that delivers camera frames with the time they were taken.

A source is opened, read until it returns None (end of a replay) or fails, and closed.
`open_source(spec)` turns a configuration string into a source: a device index ("0"), a
video file or stream URL, a folder of images, "picamera2", or "synthetic".
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")


class SourceError(RuntimeError):
    """The camera cannot be opened or stopped delivering frames."""


@dataclass(frozen=True)
class Frame:
    """One BGR image and when it was captured (`time.monotonic()` seconds)."""

    image: np.ndarray
    time: float


class FrameSource(Protocol):
    """What the watcher needs from a camera. `read` blocks until the next frame."""

    def open(self) -> None: ...

    def read(self) -> Frame | None: ...

    def close(self) -> None: ...


class VideoCaptureSource:
    """OpenCV `VideoCapture`: a device index, a video file, or a stream URL."""

    def __init__(self, target: int | str, width: int | None = None, height: int | None = None):
        self.target = target
        self.size = (width, height)
        self._capture: Any = None

    def open(self) -> None:
        capture = cv2.VideoCapture(self.target)
        if not capture.isOpened():
            raise SourceError(f"cannot open camera {self.target!r}")
        width, height = self.size
        if width and height:
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        self._capture = capture

    def read(self) -> Frame | None:
        if self._capture is None:
            raise SourceError("camera is not open")
        ok, image = self._capture.read()
        if not ok or image is None:
            return None
        return Frame(image, time.monotonic())

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None


class Picamera2Source:
    """The Raspberry Pi camera through picamera2, imported only when used."""

    def __init__(self, width: int = 1280, height: int = 720):
        self.size = (width, height)
        self._camera: Any = None

    def open(self) -> None:
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found,unused-ignore]
        except ImportError as error:
            raise SourceError(
                "picamera2 is not installed (it comes with Raspberry Pi OS)"
            ) from error
        camera = Picamera2()
        config = camera.create_video_configuration(main={"size": self.size, "format": "BGR888"})
        camera.configure(config)
        camera.start()
        self._camera = camera

    def read(self) -> Frame | None:
        if self._camera is None:
            raise SourceError("camera is not open")
        image = self._camera.capture_array()
        return Frame(np.ascontiguousarray(image[:, :, :3]), time.monotonic())

    def close(self) -> None:
        if self._camera is not None:
            self._camera.stop()
            self._camera.close()
            self._camera = None


class FolderSource:
    """A folder of images replayed in name order as a stream at `fps` (0: as fast as read)."""

    def __init__(self, folder: str | Path, fps: float = 0.0, loop: bool = False):
        self.folder = Path(folder)
        self.fps = fps
        self.loop = loop
        self._paths: list[Path] = []
        self._index = 0
        self._next_time = 0.0

    def open(self) -> None:
        if not self.folder.is_dir():
            raise SourceError(f"not a folder: {self.folder}")
        self._paths = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self._paths:
            raise SourceError(f"no images in {self.folder}")
        self._index = 0
        self._next_time = time.monotonic()

    def read(self) -> Frame | None:
        while True:
            if self._index >= len(self._paths):
                if not self.loop or not self._paths:
                    return None
                self._index = 0
            path = self._paths[self._index]
            self._index += 1
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is not None:
                break
        if self.fps > 0:
            delay = self._next_time - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            self._next_time = max(self._next_time, time.monotonic() - 1.0) + 1.0 / self.fps
        return Frame(image, time.monotonic())

    def close(self) -> None:
        self._paths = []


def open_source(spec: str) -> FrameSource:
    """A source from its configuration string (not yet opened)."""
    spec = spec.strip()
    if not spec:
        raise SourceError("empty camera source")
    if spec.isdigit():
        return VideoCaptureSource(int(spec))
    if spec == "picamera2":
        return Picamera2Source()
    if spec == "synthetic" or spec.startswith("synthetic:"):
        from vision.synthetic import SyntheticCamera

        seed = spec.partition(":")[2]
        return SyntheticCamera(seed=int(seed) if seed.isdigit() else 0)
    if Path(spec).is_dir():
        return FolderSource(spec, fps=10.0)
    return VideoCaptureSource(spec)
