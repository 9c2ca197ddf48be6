"""The LED frame the host sends: one colour and one effect per house, animated by the firmware.

A frame is always complete (30 cells, index 0 = house 1) so that a lost frame is healed by the
next one; the firmware does the blinking and pulsing itself, so the host never streams
animation steps over the serial link.
"""

from __future__ import annotations

from dataclasses import dataclass

HOUSES = 30
EFFECTS: tuple[str, ...] = ("off", "steady", "blink", "pulse")

Color = tuple[int, int, int]


@dataclass(frozen=True)
class LedCell:
    """What one house's LED shows: an RGB colour (0-255 each) and an effect."""

    color: Color
    effect: str

    def __post_init__(self) -> None:
        if self.effect not in EFFECTS:
            raise ValueError(f"unknown LED effect {self.effect!r}; expected one of {EFFECTS}")
        if len(self.color) != 3 or any(
            not isinstance(c, int) or not 0 <= c <= 255 for c in self.color
        ):
            raise ValueError(f"LED colour must be three ints 0-255, got {self.color!r}")

    def hex(self) -> str:
        """The colour as `#rrggbb`, as the game view shows it."""
        return "#{:02x}{:02x}{:02x}".format(*self.color)


LedFrame = tuple[LedCell, ...]

OFF_CELL = LedCell((0, 0, 0), "off")
OFF_FRAME: LedFrame = (OFF_CELL,) * HOUSES


def make_frame(cells: dict[int, LedCell] | None = None) -> LedFrame:
    """A full frame from `{house: cell}` (houses 1-30); every other house is off."""
    cells = cells or {}
    for house in cells:
        if not 1 <= house <= HOUSES:
            raise ValueError(f"house {house} is not on the board (1-{HOUSES})")
    return tuple(cells.get(house, OFF_CELL) for house in range(1, HOUSES + 1))


def check_frame(frame: LedFrame) -> LedFrame:
    """The frame itself if it has exactly 30 `LedCell`s, else `ValueError`."""
    if len(frame) != HOUSES or not all(isinstance(cell, LedCell) for cell in frame):
        raise ValueError(f"an LED frame has exactly {HOUSES} LedCell entries, got {len(frame)}")
    return tuple(frame)
