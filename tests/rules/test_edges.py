"""Edge cases: row turns, houses 26-30, blockades in both directions, water, bearing off."""

from __future__ import annotations

from controller.rules import Move, apply_move, explain, get_variant

from .support import moves, position

KENDALL = get_variant("kendall")
KR = get_variant("kr-engineering")
ADVANCED = get_variant("advanced-7")
HAPPINESS_EXACT = get_variant("intuitive", {"happiness_exact": "on"})


def test_a_blockade_across_the_20_21_turn_stops_a_backward_move() -> None:
    where = position(KR, [24], [19, 20, 21, 30], "W")
    assert moves(KR, where, 6) == []
    assert explain(KR, where, 6, 24, 18).houses == (19, 20, 21)
    # Forward, the piece would bear off through 30, where a B piece is safe.
    assert explain(KR, where, 6, 24, 31).rule == "safe-house"


def test_a_longer_blockade_is_named_in_full() -> None:
    verdict = explain(KENDALL, position(KENDALL, [5], [6, 7, 8, 9], "W"), 6, 5, 11)
    assert verdict.houses == (6, 7, 8, 9)


def test_landing_just_behind_two_opponents_is_an_attack_on_a_pair_not_a_blockade() -> None:
    verdict = explain(KENDALL, position(KENDALL, [10], [11, 12, 13], "W"), 3, 10, 13)
    assert (verdict.rule, verdict.houses) == ("protected-pair", (13, 12))


def test_a_blockade_on_28_29_30_stops_bearing_off_past_30() -> None:
    where = position(KENDALL, [25], [28, 29, 30], "W")
    assert explain(KENDALL, where, 6, 25, 31).houses == (28, 29, 30)
    assert moves(KENDALL, where, 6) == ["25-19"]


def test_a_piece_waiting_on_30_may_move_backward() -> None:
    assert moves(KR, position(KR, [12, 30], [3, 14, 15], "W"), 2) == ["12-10", "30-28"]


def test_a_backward_move_into_the_water_goes_to_the_water_target() -> None:
    # RULES.md 4: "a piece that ends a move on 27 (forward or backward)".
    where = position(KR, [29], [1, 30], "W")
    assert moves(KR, where, 2) == ["29-27"]
    assert apply_move(KR, where, Move.parse("29-27"), 2).relocations == (("W", 27, 2),)


def test_happiness_exact_binds_pieces_below_26_only() -> None:
    assert moves(HAPPINESS_EXACT, position(HAPPINESS_EXACT, [26], [3], "W"), 4) == ["26-31"]
    below = position(HAPPINESS_EXACT, [25], [3], "W")
    assert moves(HAPPINESS_EXACT, below, 1) == ["25-26"]
    assert explain(HAPPINESS_EXACT, below, 2, 25, 27).rule == "happiness-exact"


def test_a_move_stopped_on_26_still_may_not_pass_a_blockade() -> None:
    where = position(ADVANCED, [22], [23, 24, 25], "W")
    verdict = explain(ADVANCED, where, 5, 22, 26)
    assert (verdict.rule, verdict.houses) == ("blockade", (23, 24, 25))


def test_a_pair_at_the_first_house_protects_and_30_alone_does_not_in_kendall() -> None:
    where = position(KENDALL, [3], [1, 2, 5, 6], "W")
    assert explain(KENDALL, where, 2, 3, 1).houses == (1, 2)
    assert explain(KENDALL, position(KENDALL, [29], [30], "W"), 1, 29, 30).legal


def test_the_bear_off_condition_counts_swapped_back_pieces() -> None:
    # seed 002: "If any of the players pieces are attacked or moved back to row 1, then pieces
    # ... cannot bear off the board until all the players pieces are once again out of the
    # first row."
    where = position(KENDALL, [8, 28], [5], "B")
    after = apply_move(KENDALL, where, Move.parse("5-8"), 3).position
    assert after.pieces("W") == (5, 28)
    assert explain(KENDALL, after, 3, 28, 31).houses == (5,)
