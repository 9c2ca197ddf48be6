"""kendall (seed 002, Kendall's rules): scenarios quoting the seed, checked against RULES.md."""

from __future__ import annotations

import pytest

from controller.rules import (
    GameState,
    Move,
    ThrowError,
    apply_move,
    explain,
    get_variant,
    legal_moves,
    no_move,
)

from .support import moves, position, squares

V = get_variant("kendall")


def test_sticks_count_flat_faces_and_five_is_impossible() -> None:
    # seed 002: "Four round sides up =6 (Therefore it is not possible to score a 5.)"
    assert [V.throw_value(flat) for flat in range(5)] == [6, 1, 2, 3, 4]
    with pytest.raises(ThrowError, match="5 is not possible"):
        moves(V, position(V, [1], [2], "W"), 5)


def test_the_first_thrower_of_a_1_takes_the_dark_pieces_and_moves_10_to_11() -> None:
    # seed 002: "players alternate throwing the dice sticks until one throws a 1. This player
    # has the darker pieces and moves the piece on square 10 to square 11."
    game = GameState(V)
    game.apply_throw(2)
    game.apply_throw(3)
    assert game.phase == "opening"
    game.apply_throw(1)
    assert game.opening_thrower == 0
    assert (game.phase, game.side_to_move) == ("move", "B")
    assert [str(m) for m in game.legal_moves()] == ["10-11"]
    assert game.explain(8, 9).rule == "opening-move"
    outcome = game.apply_move(Move.parse("10-11"))
    # RULES.md 9's example, and 1 is an extra throw: B throws again.
    assert outcome.position.notation() == "WBWBWBWBW.B................... B"
    assert (game.phase, game.side_to_move) == ("throw", "B")


@pytest.mark.parametrize(("throw", "move", "next_side"), [(2, "11-13", "W"), (4, "11-15", "B")])
def test_1_4_6_throw_again_2_3_end_the_turn(throw: int, move: str, next_side: str) -> None:
    # seed 002: "If he or she throws a 1, 4 or 6 the player then moves ... and then throws
    # again. If a 2 or 3 is thrown then ... the turn passes to the opponent."
    game = GameState(V, position(V, [1, 3, 5, 7, 9], [2, 4, 6, 8, 11], "B"))
    game.apply_throw(throw)
    game.apply_move(Move.parse(move))
    assert game.side_to_move == next_side


def test_an_attacked_piece_goes_back_to_the_square_the_attacker_left() -> None:
    # seed 002: "the opponent's piece is considered to be "under attack" and is moved back to
    # the square vacated by the piece in play."
    where = position(V, [12], [15, 20], "W")
    assert moves(V, where, 3) == ["12-15"]
    outcome = apply_move(V, where, Move.parse("12-15"), 3)
    assert outcome.position.squares == squares([15], [12, 20])
    assert outcome.relocations == (("B", 15, 12),)
    assert outcome.position.side == "B"


def test_two_pieces_on_consecutive_squares_protect_each_other() -> None:
    # seed 002: "two pieces which occupy consecutive squares, such as 16 and 17, protect each
    # other for being "under attack""
    where = position(V, [14], [16, 17, 25], "W")
    verdict = explain(V, where, 2, 14, 16)
    assert (verdict.legal, verdict.rule, verdict.houses) == (False, "protected-pair", (16, 17))
    assert explain(V, where, 3, 14, 17).houses == (17, 16)
    # No forward move is left, so the throw must be used backward (seed 002).
    assert moves(V, where, 2) == ["14-12"]


def test_three_in_a_row_block_the_opponent_but_not_their_own_side() -> None:
    # seed 002: "Three pieces of the same color in a row form a block and cannot be attacked
    # and passed by the opponent's pieces although they do not block the play of pieces of the
    # same color."
    where = position(V, [1, 10], [9, 11, 12, 13], "W")
    assert moves(V, where, 6) == ["1-7"]
    verdict = explain(V, where, 6, 10, 16)
    assert (verdict.rule, verdict.houses) == ("blockade", (11, 12, 13))
    assert "houses 11, 12, 13 hold 3 B pieces in a row" in verdict.reason
    black = position(V, [1, 10], [9, 11, 12, 13], "B")
    assert "9-15" in moves(V, black, 6)


def test_a_throw_with_no_forward_move_is_used_backward_and_swaps() -> None:
    # seed 002: "Any dice stick throw which cannot be used to make a forward movement must be
    # used to move a piece in the reverse direction. If the move backwards lands a piece on a
    # square occupied by an opponent's piece, then the opponent's piece is moved forward to the
    # square just vacated by the piece in play."
    where = position(V, [20], [17, 22, 23, 24], "W")
    [move] = legal_moves(V, where, 3)
    assert (str(move), move.kind, move.attack) == ("20-17", "backward", True)
    outcome = apply_move(V, where, move, 3)
    assert outcome.position.squares == squares([17], [20, 22, 23, 24])


def test_no_move_in_either_direction_loses_the_game() -> None:
    # seed 002: "If no move is possible in either direction, then the game is lost."
    where = position(V, [20], [17, 18, 22, 23, 24], "W")
    assert moves(V, where, 3) == []
    assert no_move(V, where, 3) == "lose"
    game = GameState(V, where)
    game.apply_throw(3)
    assert (game.phase, game.winner, game.last_event) == ("over", "B", "lose")
    # RULES.md 6 score for the winner B: the W piece on 20 is in row 2, 3 points.
    assert game.score == 3


@pytest.mark.parametrize(
    ("black", "lands_on"),
    [([5], 15), ([15], 1), ([1, 15], 2)],
    ids=["to-15", "15-held-to-1", "15-and-1-held"],
)
def test_square_27_returns_the_piece_to_15_or_else_to_the_start(
    black: list[int], lands_on: int
) -> None:
    # seed 002: "Any player's piece landing on this square must return to the square 15 ...
    # If square 15 is occupied, then the piece must return to the start of the game."
    # RULES.md 4 water rebirth-or-start: the first empty house from 1.
    where = position(V, [24], black, "W")
    assert moves(V, where, 3) == ["24-27"]
    outcome = apply_move(V, where, Move.parse("24-27"), 3)
    assert outcome.relocations == (("W", 27, lands_on),)
    assert outcome.position.at(lands_on) == "W"


def test_26_28_29_are_safe_but_30_is_not() -> None:
    # seed 002: "Marked squares (26, 28 and 29) are "safe""
    assert explain(V, position(V, [25], [28], "W"), 3, 25, 28).rule == "safe-house"
    where = position(V, [26], [30], "W")
    outcome = apply_move(V, where, Move.parse("26-30"), 4)
    assert outcome.relocations == (("B", 30, 26),)


def test_bearing_off_waits_until_every_piece_is_out_of_the_first_row() -> None:
    # seed 002: "A player may not begin to move pieces off the board until all his pieces are
    # out of the first row."
    where = position(V, [5, 28], [12], "W")
    assert moves(V, where, 4) == ["5-9"]
    verdict = explain(V, where, 4, 28, 31)
    assert (verdict.rule, verdict.houses) == ("bear-off-not-yet", (5,))
    assert "the piece on 5 is still in the first row" in verdict.reason


def test_a_throw_higher_than_required_bears_off() -> None:
    # seed 002: "It is not necessary to land exactly on square 30 before bearing off. You can
    # throw a number higher than required."
    where = position(V, [15, 28], [12], "W")
    assert moves(V, where, 6) == ["15-21", "28-31"]
    assert moves(V, where, 2) == ["15-17", "28-30"]


def test_the_winner_scores_1_for_row_3_and_3_for_rows_1_and_2() -> None:
    # seed 002: "The winning player is awarded one point for each opponents piece left on the
    # third row and three points for each piece in row one or two."
    where = position(V, [29], [5, 15, 25], "W")
    outcome = apply_move(V, where, Move.parse("29-31"), 2)
    assert (outcome.winner, outcome.score) == ("W", 7)
