"""The JSON Lines game record: written while playing, replayed and verified entry by entry."""

from __future__ import annotations

import io
import json

import pytest

from controller.rules import IllegalMoveError, Move, RecordError, get_variant
from controller.rules.record import RecordWriter, replay, verify

AT = "2026-11-21T22:00:00.000+00:00"


def recorded_game() -> list[str]:
    """A short kendall game: opening throws, the opening move, a capture, an extra throw."""
    stream = io.StringIO()
    writer = RecordWriter(stream, get_variant("kendall"), {"W": {"name": "Ann"}}, started=AT)
    writer.throw(3, flat=3, at=AT)
    writer.throw(1, at=AT)
    writer.move(Move.parse("10-11"), at=AT)
    writer.throw(2, at=AT)
    writer.move(Move.parse("11-13"), at=AT)
    writer.throw(4, at=AT)
    writer.move(Move.parse("9-13"), at=AT)
    writer.throw(3, at=AT)
    return stream.getvalue().splitlines()


def edit(lines: list[str], number: int, **changes: object) -> list[str]:
    """The record with entry `number` (1-based line) changed."""
    entry = json.loads(lines[number - 1])
    entry.update(changes)
    return [*lines[: number - 1], json.dumps(entry), *lines[number:]]


def test_a_recorded_game_replays_to_the_same_state() -> None:
    lines = recorded_game()
    header = json.loads(lines[0])
    assert header["type"] == "header"
    assert (header["variant"], header["options"], header["started"]) == ("kendall", {}, AT)
    game = verify(lines)
    assert game.position.notation() == "WBWBWBWBB...W................. W"
    assert (game.phase, game.throw) == ("move", 3)
    result = replay(lines)
    assert result.error is None
    assert [step.entry for step in result.steps] == list(range(2, 10))
    assert result.steps[1].text == "opening throw 1: the second thrower takes B"
    assert result.steps[6].text == "W 9-13 is a legal forward move; the B piece on 13 goes to 9"


def test_a_move_that_the_rules_refuse_is_never_written() -> None:
    stream = io.StringIO()
    writer = RecordWriter(stream, get_variant("kendall"), {}, started=AT)
    writer.throw(1, at=AT)
    with pytest.raises(IllegalMoveError):
        writer.move(Move.parse("8-9"), at=AT)
    assert len(stream.getvalue().splitlines()) == 2


@pytest.mark.parametrize(
    ("number", "changes", "message"),
    [
        (6, {"to": 14}, "illegal move 11-14 by B: with a throw of 2 the piece on 11 goes to 13"),
        (8, {"from": 5, "to": 9, "position": None}, "5-9 by W: house 9 is held by your own"),
        (6, {"position": "WBWBWBWBW.B................... W"}, "the record says"),
        (7, {"side": "B"}, "the entry says B but W is to play"),
        (2, {"flat": 1}, "1 flat faces up is not 3"),
        (5, {"type": "dance"}, 'type must be "throw", "move" or "skip"'),
        (5, {"at": "yesterday"}, "not an ISO 8601 time"),
        (7, {"value": 5}, "kendall throws are 1, 2, 3, 4, 6"),
        (7, {"value": "2"}, "value must be a int"),
        (4, {"to": 40}, "TO must be another house"),
    ],
)
def test_a_bad_entry_is_reported_at_its_line(
    number: int, changes: dict[str, object], message: str
) -> None:
    lines = edit(recorded_game(), number, **changes)
    result = replay(lines)
    assert result.error is not None
    assert result.error.entry == number
    assert message in result.error.message
    assert len(result.steps) == number - 2
    with pytest.raises(RecordError, match=f"entry {number}: "):
        verify(lines)


def test_broken_lines_and_headers_are_reported() -> None:
    lines = recorded_game()
    assert replay([*lines[:3], "{not json", *lines[4:]]).error.entry == 4  # type: ignore[union-attr]
    assert "empty" in str(replay([]).error)
    assert "header" in str(replay(lines[1:]).error)
    bad_option = edit(lines, 1, options={"wings": "on"})
    assert "kendall has no option 'wings'" in str(replay(bad_option).error)
    assert "version" in str(replay(edit(lines, 1, version=9)).error)


def test_skips_are_recorded_and_replayed() -> None:
    stream = io.StringIO()
    writer = RecordWriter(stream, get_variant("intuitive"), {}, started=AT)
    writer.throw(1, at=AT)
    writer.move(Move.parse("10-11"), at=AT)
    writer.skip(at=AT)
    lines = stream.getvalue().splitlines()
    assert json.loads(lines[-1]) == {"type": "skip", "at": AT, "side": "B"}
    assert verify(lines).side_to_move == "W"
