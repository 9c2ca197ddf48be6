"""intuitive (seed 001): forward only, W opens from house 9, and the three 'Rule variations'."""

from __future__ import annotations

from controller.rules import GameState, Move, apply_move, explain, get_variant, no_move

from .support import moves, position, squares

V = get_variant("intuitive")
AFTER_OPENING = "WBWBWBWBW.B..................."


def test_sticks_count_the_curved_faces() -> None:
    # seed 001: "One curved side facing up yields 1 point; ... Four curved sides yield 4
    # points; Four flat sides yield 6 points."
    assert [V.throw_value(flat) for flat in range(5)] == [4, 3, 2, 1, 6]


def test_the_opening_gives_black_to_the_first_1_and_owes_whites_house_9_move() -> None:
    # seed 001: "until one (and only one) of them obtains a one: this player is assigned blacks
    # and moves the black counter on the tenth square to the eleventh square. The player
    # continues rolling"
    game = GameState(V)
    game.apply_throw(4)
    game.apply_throw(1)
    assert game.opening_thrower == 1
    game.apply_move(Move.parse("10-11"))
    assert game.position.notation() == f"{AFTER_OPENING} B open9"
    assert game.side_to_move == "B"


def test_white_opens_with_the_counter_on_the_ninth_square() -> None:
    # seed 001: "The white player opens by moving the counter on the ninth square."
    where = position(V, [1, 3, 5, 7, 9], [2, 4, 6, 8, 11], "W", "open9")
    assert moves(V, where, 1) == ["9-10"]
    assert moves(V, where, 2) == ["9-11"]
    verdict = explain(V, where, 1, 3, 4)
    assert (verdict.rule, verdict.houses) == ("open9", (9,))
    assert "must play 9-10" in verdict.reason
    assert apply_move(V, where, Move.parse("9-10"), 1).position.flags == frozenset()


def test_the_house_9_debt_survives_black_moves_and_passes() -> None:
    # RULES.md 3: the flag "stays until the owing side makes a move; a pass does not clear it".
    black = position(V, [1, 3, 5, 7, 9], [2, 4, 6, 8, 11], "B", "open9")
    assert apply_move(V, black, Move.parse("11-13"), 2).position.flags == {"open9"}
    stuck = position(V, [1, 3, 5, 7, 9], [2, 4, 6, 11, 12], "W", "open9")
    game = GameState(V, stuck)
    game.apply_throw(2)
    assert game.last_event == "pass"
    assert game.position.notation() == f"{stuck.squares} B open9"


def test_without_a_legal_move_from_9_any_legal_move_may_open() -> None:
    # RULES.md 3: "otherwise any legal move" (here 9-12 attacks a protected piece).
    where = position(V, [1, 3, 5, 7, 9], [2, 4, 11, 12, 13], "W", "open9")
    assert moves(V, where, 3) == ["1-4", "3-6", "5-8", "7-10"]
    assert explain(V, where, 3, 9, 12).rule == "protected-pair"


def test_refuge_squares_cannot_be_attacked() -> None:
    # seed 001: "may move onto a square occupied by the opposite colour, swapping the positions
    # of the two counters, unless: ... moving onto one of squares 26, 28, 29, and 30"
    where = position(V, [10, 24], [28], "W")
    assert moves(V, where, 4) == ["10-14"]
    assert explain(V, where, 4, 24, 28).rule == "safe-house"


def test_three_adjacent_opposing_counters_cannot_be_passed() -> None:
    # seed 001: "may not move beyond three adjacent squares each occupied by the opposing
    # colour"
    where = position(V, [10], [12, 13, 14], "W")
    assert moves(V, where, 6) == []
    assert explain(V, where, 6, 10, 16).houses == (12, 13, 14)


def test_the_27th_square_sends_the_counter_to_the_lowest_unoccupied_square() -> None:
    # seed 001: "may move onto the 27th square, denoted with an 'X', and must then move to the
    # lowest unoccupied square."
    where = position(V, [23], [1, 2], "W")
    assert apply_move(V, where, Move.parse("23-27"), 4).relocations == (("W", 27, 3),)


def test_a_counter_that_cannot_advance_cedes_the_turn() -> None:
    # seed 001: "if the player cannot legally advance, they cede the turn."
    where = position(V, [29], [3], "W")
    assert no_move(V, where, 2) == "pass"
    assert explain(V, where, 2, 29, 27).rule == "no-backward"


def test_counters_leave_from_the_third_row_by_reaching_the_thirtieth_square_exactly() -> None:
    # seed 001: "the player may remove a counter: only when all as yet unremoved counters are
    # on the third row; by moving it the exact number necessary to reach the thirtieth square."
    assert moves(V, position(V, [24, 26], [4], "W"), 4) == ["24-28", "26-31"]
    behind = position(V, [19, 26], [4], "W")
    assert moves(V, behind, 4) == ["19-23", "26-30"]
    verdict = explain(V, behind, 4, 26, 31)
    assert verdict.rule == "bear-off-not-yet"
    assert verdict.reason.endswith("the piece would stay on 30")


def test_score_is_one_two_three_points_by_row() -> None:
    # seed 001: "a point for each counter of opposite colour in the final row; two points for
    # each in the second row; three points for each in the third row" (the first row, counted
    # from the start: RULES.md 7 score 1 / 2 / 3).
    outcome = apply_move(V, position(V, [28], [3, 14, 22], "W"), Move.parse("28-31"), 2)
    assert (outcome.winner, outcome.score) == ("W", 6)


def test_option_happiness_exact() -> None:
    # seed 001: "the 26th square is the House of Happiness, which must be landed on exactly
    # before progressing onto the final four squares"
    variant = get_variant("intuitive", {"happiness_exact": "on"})
    where = position(variant, [24], [3], "W")
    assert moves(variant, where, 3) == []
    assert explain(variant, where, 3, 24, 27).rule == "happiness-exact"
    assert moves(variant, where, 2) == ["24-26"]


def test_option_water_to_rebirth() -> None:
    # seed 001: "the 27th square is the House of Water, which redirects the counter instead
    # onto the 15th square"; RULES.md 4: if 15 is held, the first empty house down from 14.
    variant = get_variant("intuitive", {"water_to_rebirth": "on"})
    free = apply_move(variant, position(variant, [24], [3], "W"), Move.parse("24-27"), 3)
    assert free.position.squares == squares([15], [3])
    held = apply_move(variant, position(variant, [24], [14, 15], "W"), Move.parse("24-27"), 3)
    assert held.relocations == (("W", 27, 13),)


def test_option_exit_by_judges() -> None:
    # seed 001: "a counter: may exit from square 28 by rolling a three; may exit from square 29
    # by rolling a two; may exit from square 30 by rolling a one."
    variant = get_variant("intuitive", {"exit_by_judges": "on"})
    assert moves(variant, position(variant, [28], [3], "W"), 3) == ["28-31"]
    assert moves(variant, position(variant, [28], [3], "W"), 2) == ["28-30"]
    assert moves(variant, position(variant, [30], [3], "W"), 1) == ["30-31"]
    assert explain(variant, position(variant, [26], [3], "W"), 6, 26, 31).rule == (
        "bear-off-from"
    )
