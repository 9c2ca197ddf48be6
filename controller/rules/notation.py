"""Positions and moves as small value objects with a strict one-line notation (RULES.md 9).

>>> from controller.rules.variants import get_variant
>>> kendall = get_variant("kendall")
>>> p = Position.parse("WBWBWBWBW.B................... B", kendall)
>>> p.notation()
'WBWBWBWBW.B................... B'
>>> p.pieces("B")
(2, 4, 6, 8, 11)
>>> str(Move.parse("10-11")), Move.parse("28-31").kind
('10-11', 'bear_off')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from controller.rules.errors import PositionError
from controller.rules.variants import HOUSES, OFF, SIDES, Variant

FLAGS = frozenset({"open9"})
"""Every flag a phase-1 position may carry (RULES.md 9)."""
MOVE_KINDS = ("forward", "backward", "bear_off")

_SQUARES = re.compile(r"[WB.]{30}")
_MOVE = re.compile(r"([0-9]{1,2})-([0-9]{1,2})")


@dataclass(frozen=True)
class Position:
    """Where the pieces stand, whose move it is and the pending flags.

    `squares[h - 1]` is house h: `W`, `B` or `.`. Build positions with `Position.parse` or
    `start_position`; the constructor does not validate (the engine makes many positions).
    """

    squares: str
    side: str
    flags: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, text: str, variant: Variant) -> Position:
        """Parse `SQUARES SIDE [FLAGS]`, rejecting malformed and impossible positions."""
        parts = text.split()
        if len(parts) not in (2, 3):
            raise PositionError(f"a position is 'SQUARES SIDE [FLAGS]', got {text!r}")
        squares, side = parts[0], parts[1]
        if not _SQUARES.fullmatch(squares):
            raise PositionError(
                f"SQUARES must be 30 characters W, B or '.', got {squares!r} ({len(squares)})"
            )
        if side not in SIDES:
            raise PositionError(f"the side to move is W or B, not {side!r}")
        listed = parts[2].split(",") if len(parts) == 3 else []
        flags = frozenset(listed)
        if len(flags) != len(listed):
            raise PositionError(f"a flag is listed twice in {parts[2]!r}")
        unknown = flags - FLAGS
        if unknown:
            raise PositionError(f"unknown flag {sorted(unknown)[0]!r} (known: open9)")
        position = cls(squares, side, flags)
        position.validate(variant)
        return position

    def validate(self, variant: Variant) -> None:
        """Raise `PositionError` if this position cannot occur in `variant` (RULES.md 9)."""
        for side in SIDES:
            count = self.squares.count(side)
            if count > variant.pieces:
                raise PositionError(
                    f"{count} {side} pieces on the board; {variant.name} has {variant.pieces}"
                )
        if self.squares[26] != ".":
            raise PositionError("a piece on house 27: no piece rests on the House of Water")
        if "W" not in self.squares and "B" not in self.squares:
            raise PositionError("no piece on the board: both sides cannot have borne off")
        if "open9" in self.flags and not variant.open9:
            raise PositionError(f"flag open9 is not used by {variant.name}")

    def notation(self) -> str:
        """`SQUARES SIDE [FLAGS]`, flags sorted; parses back to an equal position."""
        text = f"{self.squares} {self.side}"
        return f"{text} {','.join(sorted(self.flags))}" if self.flags else text

    def __str__(self) -> str:
        return self.notation()

    def pieces(self, side: str) -> tuple[int, ...]:
        """Houses holding a piece of `side`, ascending."""
        squares = self.squares
        return tuple(h for h in range(1, HOUSES + 1) if squares[h - 1] == side)

    def at(self, house: int) -> str:
        """`W`, `B` or `.` on `house` (1..30)."""
        return self.squares[house - 1]

    def borne_off(self, side: str, variant: Variant) -> int:
        """How many pieces `side` has borne off: the preset's count minus those on the board."""
        return variant.pieces - self.squares.count(side)


def start_position(variant: Variant) -> Position:
    """The opening array (RULES.md 7): pieces alternate on 1..2n, the opening side to move."""
    cells = ["."] * HOUSES
    for house in range(1, 2 * variant.pieces + 1):
        cells[house - 1] = variant.odd_side if house % 2 else variant.even_side
    return Position("".join(cells), variant.opening_side)


@dataclass(frozen=True)
class Move:
    """A move `FROM-TO`; `to_house` 31 = borne off, 27 = into the water (RULES.md 9).

    Two moves are equal when their houses are: `kind` and `attack` describe a move the engine
    generated and are left out of equality, so `Move.parse("3-5") in legal_moves(...)` works.
    """

    from_house: int
    to_house: int
    kind: str = field(default="forward", compare=False)
    """"forward", "backward" or "bear_off"."""
    attack: bool = field(default=False, compare=False)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse `FROM-TO` (FROM 1..30, TO 1..31, different); raises `PositionError`."""
        match = _MOVE.fullmatch(text.strip())
        if not match:
            raise PositionError(f"a move is written FROM-TO, e.g. 10-11, not {text!r}")
        from_house, to_house = int(match[1]), int(match[2])
        if not 1 <= from_house <= HOUSES:
            raise PositionError(f"move {text}: FROM must be a house 1..30")
        if not 1 <= to_house <= OFF or to_house == from_house:
            raise PositionError(f"move {text}: TO must be another house 1..30 or 31 (off)")
        kind = "forward" if to_house > from_house else "backward"
        return cls(from_house, to_house, "bear_off" if to_house == OFF else kind)

    def __str__(self) -> str:
        return f"{self.from_house}-{self.to_house}"
