"""The contract value types: LED cells and frames, board snapshots."""

from __future__ import annotations

import pytest

from firmware_bridge.leds import OFF_FRAME, LedCell, check_frame, make_frame
from firmware_bridge.snapshot import BoardSnapshot


def test_a_frame_has_thirty_cells_house_one_first() -> None:
    frame = make_frame({1: LedCell((255, 0, 0), "blink"), 30: LedCell((0, 0, 9), "pulse")})
    assert len(frame) == 30 and frame[0].effect == "blink" and frame[29].hex() == "#000009"
    assert all(cell == LedCell((0, 0, 0), "off") for cell in frame[1:29])
    assert len(OFF_FRAME) == 30 and {cell.effect for cell in OFF_FRAME} == {"off"}


@pytest.mark.parametrize(
    ("color", "effect"),
    [((0, 0, 0), "glow"), ((256, 0, 0), "steady"), ((0, 0), "steady"), ((0.5, 0, 0), "steady")],
)
def test_bad_cells_are_refused(color: tuple[int, int, int], effect: str) -> None:
    with pytest.raises(ValueError):
        LedCell(color, effect)


def test_frames_must_be_complete() -> None:
    with pytest.raises(ValueError, match="house 31"):
        make_frame({31: LedCell((1, 1, 1), "steady")})
    with pytest.raises(ValueError, match="exactly 30"):
        check_frame(OFF_FRAME[:29])


def test_snapshots_hold_the_squares_alphabet() -> None:
    snapshot = BoardSnapshot("W" + "." * 28 + "B", frozenset({5}), 3, 1.0)
    assert snapshot.piece_at(1) == "W" and snapshot.piece_at(30) == "B"
    assert snapshot.same_board(BoardSnapshot(snapshot.houses, frozenset({5}), 9, 2.0))
    assert not snapshot.same_board(BoardSnapshot(snapshot.houses, frozenset(), 3, 1.0))
    assert not snapshot.same_board(None)
    with pytest.raises(ValueError):
        BoardSnapshot("?" * 30, frozenset(), 0, 0.0)
    with pytest.raises(ValueError):
        BoardSnapshot("." * 30, frozenset({0}), 0, 0.0)
