"""Can the camera deliver frames? For `senet-board doctor` and the status page."""

from __future__ import annotations

import contextlib
import threading
import time

from vision.sources import FrameSource, open_source


def check_source(
    source: str | FrameSource, frames: int = 3, timeout: float = 5.0
) -> tuple[bool, str]:
    """Open `source`, read a few frames; (ok, one line saying what was seen or what failed)."""
    outcome: list[tuple[bool, str]] = []

    def probe() -> None:
        try:
            camera = open_source(source) if isinstance(source, str) else source
        except Exception as error:  # any failure is the answer, not a crash
            outcome.append((False, f"camera {source!r}: {error}"))
            return
        try:
            camera.open()
            start = time.monotonic()
            shapes, times = [], []
            for _ in range(frames):
                frame = camera.read()
                if frame is None:
                    break
                shapes.append(frame.image.shape)
                times.append(frame.time)
            took = time.monotonic() - start
            if not shapes:
                outcome.append((False, "camera opened but delivered no frame"))
                return
            h, w = shapes[-1][:2]
            rate = (
                (len(shapes) - 1) / (times[-1] - times[0])
                if len(times) > 1 and times[-1] > times[0]
                else 0.0
            )
            age = max(0.0, time.monotonic() - times[-1])
            outcome.append(
                (
                    True,
                    f"{w}x{h} frames, {len(shapes)} in {took:.2f} s ({rate:.1f} fps), "
                    f"last frame {age:.2f} s old",
                )
            )
        except Exception as error:  # any failure is the answer, not a crash
            outcome.append((False, f"camera {source!r}: {error}"))
        finally:
            with contextlib.suppress(Exception):  # closing a failed camera is best effort
                camera.close()

    thread = threading.Thread(target=probe, name="camera-check", daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        return False, f"camera {source!r} gave no frame within {timeout:.0f} s"
    return outcome[0] if outcome else (False, "camera check failed")
