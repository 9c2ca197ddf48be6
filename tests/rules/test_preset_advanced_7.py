"""advanced-7 (seed 003, Advanced Senet with seven pawns each)."""

from __future__ import annotations

import pytest

from controller.rules import GameState, Move, apply_move, explain, get_variant, start_position

from .support import moves, position, squares

V = get_variant("advanced-7")


def test_sticks_count_unmarked_sides_and_four_marked_make_5() -> None:
    # seed 003: "1 point for each side without a mark and 5 points if the four marked sides
    # were present together."
    assert [V.throw_value(flat) for flat in range(5)] == [4, 3, 2, 1, 5]


def test_seven_pawns_alternate_on_1_to_14_and_the_opening_is_14_to_15_with_no_rethrow() -> None:
    # RULES.md 7 Decision: "they alternate on 1-14"; seed 003: "In each turn one pawn can be
    # moved according to the rolled value."
    assert start_position(V).squares == "WB" * 7 + "." * 16
    game = GameState(V)
    game.apply_throw(1)
    assert [str(m) for m in game.legal_moves()] == ["14-15"]
    game.apply_move(Move.parse("14-15"))
    assert game.side_to_move == "W"


def test_15_26_28_29_are_safe_and_30_is_not() -> None:
    # seed 003: "House No 15, 26, 28, and 29 are safe houses. House No 30 is not a safe house."
    assert explain(V, position(V, [12], [15], "W"), 3, 12, 15).rule == "safe-house"
    assert explain(V, position(V, [26], [28], "W"), 2, 26, 28).rule == "safe-house"


def test_a_pawn_attacked_on_30_goes_back_to_27_and_then_to_15() -> None:
    # seed 003: "30 : ... ( If it is replaced at 30, go back to 27, then back to 15)"
    outcome = apply_move(V, position(V, [26], [30], "W"), Move.parse("26-30"), 4)
    assert outcome.relocations == (("B", 30, 15),)
    assert outcome.position.squares == squares([30], [15])


def test_connected_pawns_are_safe_across_the_row_turn() -> None:
    # seed 003: "Two or more connecting pawns of same player are safe. Pawns can connect in two
    # rows in increasing house sequence."
    assert explain(V, position(V, [18], [20, 21], "W"), 2, 18, 20).houses == (20, 21)


def test_a_blockade_cannot_be_jumped_by_the_opponent_but_can_by_its_owner() -> None:
    # seed 003: "A blockade cannot be jumped over by opponent's pawn. Player can jump over
    # his/her own blockade."
    assert explain(V, position(V, [5], [6, 7, 8], "W"), 4, 5, 9).rule == "blockade"
    assert moves(V, position(V, [5], [4, 6, 7, 8], "B"), 5) == ["4-9", "6-11", "7-12", "8-13"]


@pytest.mark.parametrize(("throw", "result"), [(2, ["24-26"]), (4, ["24-26"]), (5, ["24-26"])])
def test_every_pawn_finishes_its_move_on_26(throw: int, result: list[str]) -> None:
    # seed 003: "26 : House of Happiness, all pawns finish a move here, even if they threw
    # enough to move past it."
    assert moves(V, position(V, [24], [3], "W"), throw) == result
    verdict = explain(V, position(V, [24], [3], "W"), 4, 24, 28)
    assert verdict.rule == "wrong-distance"
    assert "goes to 26 (the House of Happiness stops it)" in verdict.reason


def test_a_pawn_stopped_by_26_cannot_stop_on_a_held_26() -> None:
    # RULES.md 4 happiness stop: "ends on 26 instead (illegal if 26 is held)"
    assert explain(V, position(V, [24], [26], "W"), 4, 24, 26).rule == "happiness-held"
    assert moves(V, position(V, [24, 26], [3], "W"), 4) == ["26-30"]


@pytest.mark.parametrize(
    ("black", "lands_on"), [([3], 15), ([15], 14), ([14, 15], 13)], ids=["15", "14", "13"]
)
def test_the_house_of_water_sends_the_pawn_to_rebirth_or_the_first_free_house_below(
    black: list[int], lands_on: int
) -> None:
    # seed 003: "27: House of Water, any pawn finishing a move on this square must go back to
    # The House of Rebirth." RULES.md 4 Decision: if 15 is held, the first empty house down
    # from 14.
    outcome = apply_move(V, position(V, [26], black, "W"), Move.parse("26-27"), 1)
    assert outcome.relocations == (("W", 27, lands_on),)


@pytest.mark.parametrize(
    ("house", "throw", "legal"),
    [(28, 3, ["28-31"]), (29, 2, ["29-31"]), (30, 1, ["30-31"]), (26, 5, ["26-31"])],
)
def test_pawns_leave_from_26_28_29_30_with_the_exact_throw(
    house: int, throw: int, legal: list[str]
) -> None:
    # seed 003: "28 : ... a pawn landing here may only leave the board if a three is thrown",
    # "29 : ... if a two is thrown", "30 : ... can only leave with a roll of one"; RULES.md 7:
    # exact-31 from 26, 28, 29, 30, whenever (bear off `always`).
    assert moves(V, position(V, [3, house], [5], "W"), throw) == [
        f"3-{3 + throw}",
        *legal,
    ]


def test_no_exit_with_a_wrong_throw() -> None:
    # seed 003: "28 : House of the Three Truths, a pawn landing here may only leave the board
    # if a three is thrown"
    where = position(V, [29], [5], "W")
    assert explain(V, where, 3, 29, 31).rule == "exact-throw"
    assert explain(V, where, 3, 29, 31).houses == (29, 2)
    assert moves(V, where, 3) == []
    short = explain(V, position(V, [28], [5], "W"), 2, 28, 31)
    assert (short.rule, short.reason) == (
        "wrong-distance",
        "with a throw of 2 the piece on 28 goes to 30, not to 31 (RULES.md 4)",
    )
