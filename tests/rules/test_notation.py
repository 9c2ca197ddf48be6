"""Position and move notation (RULES.md 9): strict parser, round trips, impossible positions."""

from __future__ import annotations

import pytest

from controller.rules import Move, Position, PositionError, get_variant, start_position
from controller.rules.notation import FLAGS

from .support import squares

KENDALL = get_variant("kendall")
INTUITIVE = get_variant("intuitive")


def test_rules_md_example_round_trips() -> None:
    text = "WBWBWBWBW.B................... B"
    where = Position.parse(text, KENDALL)
    assert where.notation() == text
    assert eval(repr(where)) == where
    assert (where.pieces("W"), where.pieces("B")) == ((1, 3, 5, 7, 9), (2, 4, 6, 8, 11))
    assert where.borne_off("W", KENDALL) == 0


def test_flags_round_trip() -> None:
    text = "WBWBWBWBW.B................... W open9"
    assert Position.parse(text, INTUITIVE).notation() == text
    assert {"open9"} == FLAGS


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "SQUARES SIDE"),
        ("WBWB W", "30 characters"),
        ("WBWBWBWBWB.................... X", "W or B"),
        ("WBWBWBWBWB...................x W", "30 characters"),
        ("WBWBWBWBWB.................... W open8", "unknown flag"),
        ("WBWBWBWBWB.................... W open9 extra", "SQUARES SIDE"),
        ("WBWBWBWBWB.................... W open9,open9", "listed twice"),
        ("WBWBWBWBWB.................... W open9,", "unknown flag ''"),
        ("WBWBWBWBWBW................... W", "6 W pieces"),
        (squares([1, 27], [2]) + " B", "house 27"),
        (".............................. W", "no piece"),
    ],
)
def test_malformed_and_impossible_positions_are_rejected(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position.parse(text, KENDALL)


def test_open9_only_in_presets_that_use_it() -> None:
    with pytest.raises(PositionError, match="open9 is not used by kendall"):
        Position.parse("WBWBWBWBW.B................... W open9", KENDALL)


def test_seven_pieces_are_allowed_only_in_advanced_7() -> None:
    text = "WBWBWBWBWBWBWB................ B"
    assert Position.parse(text, get_variant("advanced-7")) == start_position(
        get_variant("advanced-7")
    )
    with pytest.raises(PositionError, match="7 W pieces"):
        Position.parse(text, KENDALL)


def test_moves_parse_and_print() -> None:
    move = Move.parse("28-31")
    assert (move.from_house, move.to_house, move.kind, str(move)) == (28, 31, "bear_off", "28-31")
    assert Move.parse(" 20-17 ").kind == "backward"
    assert eval(repr(move)) == move
    # Equality is by houses: a parsed move equals the generated attacking move.
    assert Move.parse("9-11") == Move(9, 11, "forward", True)


@pytest.mark.parametrize("text", ["10", "10-", "0-3", "31-32", "5-5", "a-b", "10 - 11", "3-40"])
def test_malformed_moves_are_rejected(text: str) -> None:
    with pytest.raises(PositionError):
        Move.parse(text)
