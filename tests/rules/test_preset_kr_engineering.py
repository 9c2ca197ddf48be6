"""kr-engineering (seed 000, K.R. Engineering's virtual table) and its three table options."""

from __future__ import annotations

import pytest

from controller.rules import GameState, Move, apply_move, explain, get_variant, legal_moves

from .support import moves, position, squares

V = get_variant("kr-engineering")


def test_defaults_are_the_tables_defaults() -> None:
    # seed 000: "Multiple Rolls: (default is ON)", "Occupy 30th House: (default is ON)",
    # "Harsh Captures: (default is OFF)"
    assert dict(V.options) == {"harsh_captures": "off", "multiple_rolls": "on", "occupy_30th": "on"}
    assert (V.extra, V.capture, V.bear_off_how) == (frozenset({1, 4, 6}), "swap", "land-30")


def test_sticks_and_their_probabilities() -> None:
    # seed 000: "NO flat sides showing = 6" and "1 flat side showing = 4 in 16 (25%) ..."
    assert [V.throw_value(flat) for flat in range(5)] == [6, 1, 2, 3, 4]
    assert V.throw_outcomes() == ((1, 4 / 16), (2, 6 / 16), (3, 4 / 16), (4, 1 / 16), (6, 1 / 16))


@pytest.mark.parametrize(("multiple_rolls", "next_side"), [("on", "W"), ("off", "B")])
def test_the_first_1_makes_the_jackals_who_move_a_jackal_one_space(
    multiple_rolls: str, next_side: str
) -> None:
    # seed 000: "The first player to roll a 1 becomes the Jackals and must immediately move a
    # Jackal 1 space." RULES.md 7: Jackals (W) start on the even houses. With Multiple Rolls
    # off, "players only get 1 roll per turn, regardless of what they roll."
    variant = get_variant("kr-engineering", {"multiple_rolls": multiple_rolls})
    game = GameState(variant)
    assert game.position.squares == "BW" * 5 + "." * 20
    game.apply_throw(1)
    assert (game.side_to_move, [str(m) for m in game.legal_moves()]) == ("W", ["10-11"])
    game.apply_move(Move.parse("10-11"))
    assert game.side_to_move == next_side


@pytest.mark.parametrize(("harsh", "black_after"), [("on", [1, 2]), ("off", [1, 14])])
def test_harsh_captures_send_the_piece_to_the_first_free_house(
    harsh: str, black_after: list[int]
) -> None:
    # seed 000: "Harsh Captures ... When enabled, captured enemy tokens are sent back to the
    # beginning of the race." and "If the 1st House is occupied, they will be sent to the next
    # available house." Off: "captured enemy tokens swap places with the token that captured
    # them."
    variant = get_variant("kr-engineering", {"harsh_captures": harsh})
    where = position(variant, [14], [1, 17], "W")
    outcome = apply_move(variant, where, Move.parse("14-17"), 3)
    assert outcome.position.squares == squares([17], black_after)


def test_no_move_past_the_end_of_the_board() -> None:
    # seed 000: "if you are in the 29th House and you roll a 2, you cannot advance that token,
    # as there is no 31st House."
    where = position(V, [21, 29], [5], "W")
    assert moves(V, where, 2) == ["21-23"]
    assert explain(V, where, 2, 29, 31).rule == "past-30"


def test_a_line_continues_across_the_row_turn() -> None:
    # seed 000: "a piece on the next row still counts as being in a line, as long as it is
    # consecutive houses"
    where = position(V, [8], [9, 10, 11], "W")
    verdict = explain(V, where, 4, 8, 12)
    assert (verdict.rule, verdict.houses) == ("blockade", (9, 10, 11))
    pair = position(V, [8], [10, 11], "W")
    assert explain(V, pair, 2, 8, 10).houses == (10, 11)


def test_30_is_a_safe_house() -> None:
    # seed 000: "The 26th, 28th, 29th and 30th houses are safe houses."
    where = position(V, [26], [30], "W")
    assert explain(V, where, 4, 26, 31).rule == "safe-house"
    assert moves(V, where, 4) == ["26-22"]


def test_backward_moves_capture_like_forward_ones() -> None:
    # seed 000: "If it turns out that none of your tokens can advance the amount you have
    # rolled, you will instead have to move one of your tokens BACKWARDS the amount you rolled.
    # All rules regarding capturing and moving forward apply to moving in reverse as well."
    where = position(V, [20], [17, 22, 23, 24], "W")
    outcome = apply_move(V, where, Move.parse("20-17"), 3)
    assert outcome.relocations == (("B", 17, 20),)
    assert explain(V, position(V, [12, 20], [17, 22, 23, 24], "W"), 3, 20, 17).rule == (
        "forward-first"
    )


def test_a_blockade_stops_backward_moves_too_and_the_turn_ends_even_on_a_6() -> None:
    # seed 000: "If the game determines that there are no possible moves for you to take on
    # your turn with your roll, either forward or backward, then your turn will automatically
    # end". RULES.md 2 Decision: a pass ends the turn whatever the value (6 is an extra throw).
    where = position(V, [25], [20, 21, 22], "W")
    assert moves(V, where, 6) == []
    assert explain(V, where, 6, 25, 19).houses == (20, 21, 22)
    game = GameState(V, where)
    game.apply_throw(6)
    assert (game.last_event, game.phase, game.side_to_move) == ("pass", "throw", "B")


def test_the_cursed_27th_house_must_be_entered_and_sends_the_piece_to_the_start() -> None:
    # seed 000: "The 27th House is cursed, any token landing there must start over at the
    # beginning of the board." and "if there is a viable move for you to make, you MUST make
    # it ... This includes moving into the cursed house."
    where = position(V, [24], [1], "W")
    assert moves(V, where, 3) == ["24-27"]
    outcome = apply_move(V, where, Move.parse("24-27"), 3)
    assert outcome.relocations == (("W", 27, 2),)


def test_landing_on_30_with_every_piece_in_the_last_row_removes_it() -> None:
    # seed 000: "If all of your pieces that are still on the board are in the last row,
    # moving a piece onto the 30th House will automatically remove it from the game."
    where = position(V, [22, 28], [5], "W")
    [first, second] = legal_moves(V, where, 2)
    assert (str(first), str(second), second.kind) == ("22-24", "28-31", "bear_off")
    assert apply_move(V, where, second, 2).position.squares == squares([22], [5])
    # RULES.md 9 writes it 28-31; the referee says so when someone writes 28-30.
    assert explain(V, where, 2, 28, 30).rule == "bear-off-notation"
    assert explain(V, position(V, [28], [30], "W"), 2, 28, 30).rule == "safe-house"


def test_a_piece_on_30_leaves_as_soon_as_the_rest_reach_the_last_row() -> None:
    # seed 000: "if you move a piece onto the 30th House and all of your pieces that are still
    # on the board are not in the last row, it will not be removed from the board. Instead, it
    # will be removed automatically as soon as you have moved your remaining pieces into that
    # row."
    game = GameState(V, position(V, [18, 28], [5], "W"))
    game.apply_throw(2)
    assert [str(m) for m in game.legal_moves()] == ["18-20", "28-30"]
    assert game.apply_move(Move.parse("28-30")).relocations == ()
    assert game.position.at(30) == "W"
    game.apply_throw(2)
    game.apply_move(Move.parse("5-7"))
    game.apply_throw(3)
    assert game.apply_move(Move.parse("18-21")).relocations == (("W", 30, 31),)
    assert game.position.squares == squares([21], [7])


def test_an_opponents_backward_swap_can_complete_the_bear_off_condition() -> None:
    # RULES.md 5 land-30: "an opponent's backward swap can complete the condition".
    where = position(V, [19, 30], [22, 25, 28], "B")
    assert [str(m) for m in legal_moves(V, where, 3)] == ["22-19"]
    outcome = apply_move(V, where, Move.parse("22-19"), 3)
    assert outcome.relocations == (("W", 19, 22), ("W", 30, 31))
    assert outcome.position.squares == squares([22], [19, 25, 28])


def test_without_occupy_30th_pieces_leave_from_28_29_30_with_the_exact_throw() -> None:
    # seed 000: "Occupy 30th House ... When disabled, tokens can be removed from the 28th, 29th
    # or 30th house, provided they roll exactly 1 past the 30th House. ... If they're on the
    # 29th house, they must roll exactly a 2 to leave the board."
    variant = get_variant("kr-engineering", {"occupy_30th": "off"})
    where = position(variant, [26, 29], [3], "W")
    assert moves(variant, where, 2) == ["26-28", "29-31"]
    assert moves(variant, where, 3) == ["26-23"]
    assert explain(variant, where, 3, 29, 31).houses == (29, 2)
    assert explain(variant, where, 6, 26, 31).rule == "bear-off-from"
    behind = position(variant, [15, 29], [3], "W")
    assert explain(variant, behind, 2, 29, 31).rule == "bear-off-not-yet"
