"""The computer player: legal, sensible, and better than chance."""

from __future__ import annotations

import random

import pytest

from controller.computer import best_move, choose_move, evaluate, greedy_move
from controller.rules import PRESETS, GameState, Position, get_variant, legal_moves
from tests.session.conftest import reach


def test_it_guards_a_piece_rather_than_leave_two_exposed() -> None:
    kendall = get_variant("kendall")
    # W on 3, 13, 16; a dark piece on 11 can hit 13 with a 2. With a 2, 13-15 makes the pair
    # 15-16 that no piece may attack (RULES.md 4, pairs); the other moves leave 13 exposed.
    position = Position.parse("..W.......B.W..W....B....B.BB. W", kendall)
    moves = legal_moves(kendall, position, 2)
    assert [str(m) for m in moves] == ["3-5", "13-15", "16-18"]
    assert str(best_move(kendall, position, 2, moves)) == "13-15"


def test_the_evaluation_is_the_same_game_seen_from_the_other_side() -> None:
    game = reach("jequier", lambda g: g.phase == "throw" and len(g.actions) > 30, seed=3)
    position = game.position
    variant = game.variant
    assert evaluate(variant, position, "W") == pytest.approx(-evaluate(variant, position, "B"))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_choice_is_a_legal_move_including_the_owed_opening_move(preset: str) -> None:
    variant = get_variant(preset)
    rng = random.Random(5)
    game = GameState(variant)
    while game.phase != "over":
        if game.phase in ("opening", "throw"):
            game.apply_throw(rng.choice(variant.throw_values))
            continue
        assert game.throw is not None
        move = choose_move(variant, game, game.throw)
        assert move in game.legal_moves()
        assert greedy_move(variant, game, game.throw) in game.legal_moves()
        game.apply_move(move)


def test_no_move_no_choice() -> None:
    kendall = get_variant("kendall")
    with pytest.raises(ValueError, match="no legal move"):
        best_move(kendall, Position.parse("WBWBWBWBWB.................... W", kendall), 2, [])


def test_it_beats_a_random_mover_most_of_the_time() -> None:
    variant = get_variant("intuitive")
    rng = random.Random(8)
    wins = 0
    for number in range(20):
        computer = "W" if number % 2 == 0 else "B"
        game = GameState(variant)
        while game.phase != "over":
            if game.phase in ("opening", "throw"):
                outcomes = game.chance_outcomes()
                game.apply_throw(rng.choices([v for v, _ in outcomes],
                                             [p for _, p in outcomes])[0])
            elif game.position.side == computer:
                assert game.throw is not None
                game.apply_move(choose_move(variant, game, game.throw))
            else:
                game.apply_move(rng.choice(game.legal_moves()))
        wins += game.winner == computer
    assert wins >= 14, wins
