"""Evidence images: the frame a result came from, annotated for a referee.

Each stick gets its outline and face label (with the confidence); a banner says the count or
why the throw must be repeated, and when it was read (UTC).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime

import cv2
import numpy as np

from vision.reading import ThrowReading

FLAT_COLOUR = (40, 160, 255)
ROUND_COLOUR = (255, 200, 60)
OK_COLOUR = (60, 170, 60)
RETHROW_COLOUR = (40, 40, 200)


def headline(reading: ThrowReading) -> str:
    if reading.status == "ok":
        return f"{reading.flat} flat, {reading.round} round"
    return f"rethrow: {reading.reason}"


def annotate(image: np.ndarray, reading: ThrowReading, when: float | None = None) -> np.ndarray:
    """A copy of `image` with the reading drawn on it; `when` is a Unix time (default: now)."""
    out = image.copy()
    w = out.shape[1]
    scale = max(w / 1280, 0.45)
    thick = max(1, round(2 * scale))
    for stick in reading.sticks:
        colour = FLAT_COLOUR if stick.face == "flat" else ROUND_COLOUR
        if stick.outline:
            points = np.round(np.array(stick.outline)).astype(np.int32)
            cv2.polylines(out, [points], True, colour, thick + 1, cv2.LINE_AA)
        sure = stick.confidence >= 0.6
        label = f"{stick.face.upper() if sure else '?'} {stick.confidence:.2f}"
        _label(out, label, (int(stick.center[0]), int(stick.center[1])), colour, scale * 0.9, thick)
    stamp = datetime.fromtimestamp(time.time() if when is None else when, UTC)
    colour = OK_COLOUR if reading.status == "ok" else RETHROW_COLOUR
    banner(out, f"{headline(reading)}   {stamp:%Y-%m-%d %H:%M:%S} UTC", colour)
    return out


def banner(image: np.ndarray, text: str, colour: tuple[int, int, int] = (60, 60, 60)) -> None:
    """Write `text` on a coloured band across the top of `image` (in place)."""
    w = image.shape[1]
    scale = max(w / 1280, 0.45)
    thick = max(1, round(2 * scale))
    height = max(24, round(44 * scale))
    cv2.rectangle(image, (0, 0), (w, height), colour, -1)
    origin = (round(10 * scale) + 4, round(height * 0.7))
    font = cv2.FONT_HERSHEY_SIMPLEX
    cv2.putText(image, text, origin, font, scale, (255, 255, 255), thick, cv2.LINE_AA)


def _label(
    image: np.ndarray,
    text: str,
    centre: tuple[int, int],
    colour: tuple[int, int, int],
    size: float,
    thick: int,
) -> None:
    font = cv2.FONT_HERSHEY_SIMPLEX
    (tw, th), base = cv2.getTextSize(text, font, size, thick)
    x, y = centre[0] - tw // 2, centre[1] + th // 2
    cv2.rectangle(image, (x - 3, y - th - 3), (x + tw + 3, y + base), (20, 20, 20), -1)
    cv2.putText(image, text, (x, y), font, size, colour, thick, cv2.LINE_AA)


def evidence_jpeg(
    image: np.ndarray, reading: ThrowReading, when: float | None = None, quality: int = 85
) -> bytes:
    """The annotated frame as JPEG bytes."""
    ok, encoded = cv2.imencode(
        ".jpg", annotate(image, reading, when), [cv2.IMWRITE_JPEG_QUALITY, quality]
    )
    if not ok:
        raise ValueError("could not encode the evidence image")
    return encoded.tobytes()
