"""jequier (seed 004, the section citing Jequier, Pusch, Grunfeld and Parlett)."""

from __future__ import annotations

from controller.rules import GameState, Move, apply_move, explain, get_variant

from .support import moves, position, squares

V = get_variant("jequier")


def test_sticks_count_the_white_sides() -> None:
    # seed 004: "One white side and three black sides equal one ... All four white sides equal
    # four; All four black sides equal six". RULES.md 7 Decision: black (painted) is the flat
    # face, so three flat faces up is a 1.
    assert [V.throw_value(flat) for flat in range(5)] == [4, 3, 2, 1, 6]


def test_the_first_move_takes_the_dark_piece_from_10_to_11_then_throws_again() -> None:
    # seed 004: "Taking the dark piece on square 10 and placing it on square 11 must be the very
    # first move made by the first player." and "Any number on the dice that is 1, 4, or 6
    # allows him to roll again"
    game = GameState(V)
    game.apply_throw(1)
    game.apply_move(Move.parse("10-11"))
    assert (game.side_to_move, game.position.flags) == ("B", frozenset({"open9"}))


def test_the_second_players_first_action_moves_the_light_piece_on_9() -> None:
    # seed 004: "the second player's initial action must be to move the light piece on square 9"
    where = position(V, [1, 3, 5, 7, 9], [2, 4, 6, 8, 11], "W", "open9")
    assert moves(V, where, 4) == ["9-13"]


def test_an_attacked_piece_goes_back_to_where_the_attacker_came_from() -> None:
    # seed 004: "he "attacks" that piece, sending it back along the route to the square from
    # whence he originally landed."
    outcome = apply_move(V, position(V, [12], [15], "W"), Move.parse("12-15"), 3)
    assert outcome.position.squares == squares([15], [12])


def test_two_adjacent_pieces_may_be_passed_but_not_attacked() -> None:
    # seed 004: "It is possible for an enemy piece to advance past two friendly pieces that are
    # adjacent to one other, but it is not permitted to land on any of them."
    where = position(V, [10], [12, 13], "W")
    assert moves(V, where, 4) == ["10-14"]
    assert explain(V, where, 2, 10, 12).houses == (12, 13)
    assert explain(V, where, 3, 10, 13).houses == (13, 12)


def test_backward_moves_only_to_empty_squares_else_the_turn_is_forfeited() -> None:
    # seed 004: "that player will still be unable to move backward to an occupied square
    # (regardless of whose side occupies it), therefore if there are no freespaces for any of
    # his pieces to go, even backwards, the player will be forced to forfeit his turn"
    blocked = position(V, [20], [17, 22, 23, 24], "W")
    assert moves(V, blocked, 3) == []
    verdict = explain(V, blocked, 3, 20, 17)
    assert (verdict.rule, verdict.houses) == ("backward-empty-only", (17,))
    game = GameState(V, blocked)
    game.apply_throw(3)
    assert (game.last_event, game.side_to_move) == ("pass", "B")
    assert moves(V, position(V, [20], [16, 22, 23, 24], "W"), 3) == ["20-17"]


def test_a_backward_move_from_9_is_forced_only_without_any_forward_move() -> None:
    # RULES.md 3: the open9 restriction "filters the legal moves as otherwise computed (so a
    # backward move from 9 is forced only when the side has no forward move at all)".
    with_forward = position(V, [1, 7, 9], [11, 12, 13], "W", "open9")
    assert moves(V, with_forward, 4) == ["1-5"]
    assert explain(V, with_forward, 4, 9, 5).rule == "forward-first"
    only_backward = position(V, [7, 9], [11, 12, 13], "W", "open9")
    assert moves(V, only_backward, 4) == ["9-5"]
    assert explain(V, only_backward, 4, 7, 3).rule == "open9"
    assert moves(V, position(V, [7, 9], [11, 12, 13], "W"), 4) == ["7-3", "9-5"]


def test_the_27_trap_sends_the_piece_to_square_1_or_the_nearest_free_square() -> None:
    # seed 004: "If square 1 is already occupied, the piece must be moved to the free area that
    # is the most convenient to the square 1 occupied space."
    outcome = apply_move(V, position(V, [24], [1], "W"), Move.parse("24-27"), 3)
    assert outcome.relocations == (("W", 27, 2),)


def test_pieces_leave_with_the_exact_throw_from_the_last_row() -> None:
    # seed 004: "the player must roll the dice and receive the correct amount of the move."
    where = position(V, [28], [5], "W")
    assert moves(V, where, 3) == ["28-31"]
    assert explain(V, where, 4, 28, 31).rule == "exact-throw"
    assert moves(V, where, 4) == ["28-24"]


def test_optional_points_skip_pieces_on_safe_places_in_the_exit_row() -> None:
    # seed 004: "A point for each enemy piece that appears in the exit row but does not appear
    # on any of the safe places" / "two points awarded for every enemy piece on the second row";
    # RULES.md 7: 3 for each in the first row.
    outcome = apply_move(V, position(V, [28], [5, 14, 22, 26], "W"), Move.parse("28-31"), 3)
    assert (outcome.winner, outcome.score) == ("W", 3 + 2 + 1 + 0)
