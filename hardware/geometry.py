"""Where each house is on the physical board, and where its sensor and LED are wired.

The board has 3 rows of 10 houses. Play runs in a reversed S: houses 1-10 along the top row
left to right, 11-20 back along the middle row right to left, 21-30 along the bottom row left
to right. The LED strip follows the same path, so LED index = house - 1. Sensor wiring
(multiplexer and channel per house) is the firmware's `board_config.sensor_wiring`.
"""

from __future__ import annotations

ROWS = 3
COLUMNS = 10
HOUSES = ROWS * COLUMNS


def position(house: int) -> tuple[int, int]:
    """(row, column) of house 1-30, row 0 at the top, column 0 at the left."""
    if not 1 <= house <= HOUSES:
        raise ValueError(f"house {house} is not on the board (1-{HOUSES})")
    row, offset = divmod(house - 1, COLUMNS)
    column = COLUMNS - 1 - offset if row == 1 else offset
    return row, column


def house_at(row: int, column: int) -> int:
    """The house at (row, column)."""
    if not (0 <= row < ROWS and 0 <= column < COLUMNS):
        raise ValueError(f"({row}, {column}) is not on the board")
    offset = COLUMNS - 1 - column if row == 1 else column
    return row * COLUMNS + offset + 1


def led_index(house: int) -> int:
    """Position of house's LED on the strip."""
    position(house)
    return house - 1


def rows(squares: str) -> list[str]:
    """The 30-character board as three text rows laid out as on the table, with house
    numbers at the row ends, e.g. for printing a snapshot."""
    if len(squares) != HOUSES:
        raise ValueError(f"a board has {HOUSES} houses, got {len(squares)}")
    out = []
    for row in range(ROWS):
        cells = " ".join(squares[house_at(row, column) - 1] for column in range(COLUMNS))
        first, last = house_at(row, 0), house_at(row, COLUMNS - 1)
        out.append(f"{first:>2} {cells} {last:<2}")
    return out
