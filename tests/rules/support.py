"""Helpers for the rules tests: build positions from piece lists, list moves as text."""

from __future__ import annotations

from collections.abc import Iterable

from controller.rules import Position, Variant, legal_moves


def squares(white: Iterable[int] = (), black: Iterable[int] = ()) -> str:
    """The 30-character SQUARES with W pieces on `white` and B pieces on `black`."""
    cells = ["."] * 30
    for house in white:
        cells[house - 1] = "W"
    for house in black:
        assert cells[house - 1] == ".", f"house {house} given twice"
        cells[house - 1] = "B"
    return "".join(cells)


def position(
    variant: Variant, white: Iterable[int], black: Iterable[int], side: str, flags: str = ""
) -> Position:
    """A validated position (through the strict parser)."""
    text = f"{squares(white, black)} {side} {flags}".strip()
    return Position.parse(text, variant)


def moves(variant: Variant, where: Position, throw: int) -> list[str]:
    """The legal moves as FROM-TO strings, in the engine's order."""
    return [str(m) for m in legal_moves(variant, where, throw)]
