"""An LED frame drawn as a picture of the board, to look at what the players will see.

Houses are laid out as on the board (RULES.md 1: row 1 = 1-10 left to right, row 2 = 11-20
right to left, row 3 = 21-30 left to right). Each house is filled with its LED colour; the
effect is written under the number (`blink`, `pulse`; nothing for steady); a piece standing
on the house is drawn as a disc (light or dark).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from firmware_bridge.leds import LedFrame

CELL = 72
MARGIN = 8
ROWS, COLUMNS = 3, 10


def house_origin(house: int) -> tuple[int, int]:
    """Top-left pixel of a house in the picture."""
    row, offset = divmod(house - 1, COLUMNS)
    column = offset if row != 1 else COLUMNS - 1 - offset
    return MARGIN + column * CELL, MARGIN + row * CELL


def draw_frame(frame: LedFrame, board: str | None = None, title: str = "") -> np.ndarray:
    """The picture (BGR array) of `frame`, with the pieces of `board` if given."""
    title_height = 28 if title else 0
    height = 2 * MARGIN + ROWS * CELL + title_height
    image = np.full((height, 2 * MARGIN + COLUMNS * CELL, 3), 40, np.uint8)
    for house, cell in enumerate(frame, 1):
        x, y = house_origin(house)
        y += title_height
        red, green, blue = cell.color
        fill = (blue, green, red) if cell.effect != "off" else (20, 20, 20)
        cv2.rectangle(image, (x + 2, y + 2), (x + CELL - 3, y + CELL - 3), fill, -1)
        cv2.rectangle(image, (x + 2, y + 2), (x + CELL - 3, y + CELL - 3), (90, 90, 90), 1)
        ink = (0, 0, 0) if sum(cell.color) > 300 and cell.effect != "off" else (230, 230, 230)
        cv2.putText(image, str(house), (x + 6, y + 20), cv2.FONT_HERSHEY_SIMPLEX, 0.5, ink, 1)
        if cell.effect in ("blink", "pulse"):
            cv2.putText(image, cell.effect, (x + 6, y + CELL - 10), cv2.FONT_HERSHEY_SIMPLEX,
                        0.4, ink, 1)
        piece = board[house - 1] if board else "."
        if piece != ".":
            colour = (235, 235, 235) if piece == "W" else (60, 40, 25)
            centre = (x + CELL - 22, y + 24)
            cv2.circle(image, centre, 13, colour, -1)
            cv2.circle(image, centre, 13, (200, 200, 200), 2)
    if title:
        cv2.putText(image, title, (MARGIN, 20), cv2.FONT_HERSHEY_SIMPLEX, 0.55,
                    (240, 240, 240), 1)
    return image


def save_frame(path: Path, frame: LedFrame, board: str | None = None, title: str = "") -> Path:
    """Write the picture of `frame` as a PNG file and return its path."""
    if not cv2.imwrite(str(path), draw_frame(frame, board, title)):
        raise OSError(f"could not write {path}")
    return path
