"""GameState: chance nodes, the opening, extra throws, takeback, saving and restoring."""

from __future__ import annotations

import pytest

from controller.rules import (
    GameState,
    IllegalMoveError,
    Move,
    PhaseError,
    RulesError,
    ThrowError,
    explain,
    get_variant,
    legal_moves,
    no_move,
)

from .support import position

KENDALL = get_variant("kendall")


def test_throws_are_chance_nodes_only_when_a_throw_is_due() -> None:
    game = GameState(KENDALL)
    assert game.chance_outcomes() == KENDALL.throw_outcomes()
    assert sum(p for _, p in game.chance_outcomes()) == 1
    game.apply_throw(1)
    assert (game.phase, game.chance_outcomes()) == ("move", ())
    assert game.side_to_move == "B"


def test_opening_throwers_alternate_until_a_1() -> None:
    # RULES.md 3: "the two players throw alternately, one throw each, until someone throws
    # value 1. That player takes the opening side".
    game = GameState(KENDALL)
    for value in (2, 3, 6, 4):
        game.apply_throw(value)
        assert (game.phase, game.side_to_move, game.opening_thrower) == ("opening", None, None)
    game.apply_throw(1)
    assert (game.opening_throws, game.opening_thrower) == ((2, 3, 6, 4, 1), 0)


def test_actions_out_of_phase_are_refused() -> None:
    game = GameState(KENDALL)
    with pytest.raises(PhaseError, match="phase opening"):
        game.apply_move(Move.parse("10-11"))
    with pytest.raises(PhaseError, match="nothing to take back"):
        game.undo()
    game.apply_throw(1)
    with pytest.raises(PhaseError, match="no throw is due"):
        game.apply_throw(2)
    with pytest.raises(ThrowError):
        GameState(KENDALL).apply_throw(5)


def test_an_illegal_move_carries_its_verdict() -> None:
    game = GameState(KENDALL, position(KENDALL, [12], [15, 16], "W"))
    game.apply_throw(3)
    with pytest.raises(IllegalMoveError) as caught:
        game.apply_move(Move.parse("12-15"))
    assert caught.value.verdict.rule == "protected-pair"
    assert isinstance(caught.value, ValueError)
    assert game.phase == "move"


def test_undo_takes_back_moves_and_throws_in_order() -> None:
    game = GameState(KENDALL)
    game.apply_throw(1)
    game.apply_move(Move.parse("10-11"))
    game.apply_throw(2)
    before = game.position
    game.apply_move(Move.parse("11-13"))
    assert game.undo() == ("move", Move.parse("11-13"))
    assert (game.phase, game.position, game.throw) == ("move", before, 2)
    assert game.undo() == ("throw", 2)
    assert game.phase == "throw"
    game.undo()
    game.undo()
    assert (game.phase, game.opening_throws) == ("opening", ())


def test_a_copy_is_independent() -> None:
    game = GameState(KENDALL)
    game.apply_throw(1)
    twin = game.copy()
    twin.apply_move(Move.parse("10-11"))
    assert (game.phase, twin.phase) == ("move", "throw")
    twin.undo()
    assert twin.position == game.position


def test_a_pass_and_a_skip_hand_the_throw_to_the_opponent() -> None:
    variant = get_variant("intuitive")
    game = GameState(variant, position(variant, [29], [3], "W"))
    game.apply_throw(2)
    assert (game.last_event, game.side_to_move) == ("pass", "B")
    game.skip()
    assert (game.last_event, game.side_to_move) == ("skip", "W")


def test_to_dict_and_back_replays_the_game() -> None:
    game = GameState(KENDALL)
    for action in (3, 1, "10-11", 2, "11-13", 3):
        if isinstance(action, int):
            game.apply_throw(action)
        else:
            game.apply_move(Move.parse(action))
    saved = game.to_dict()
    restored = GameState.from_dict(saved)
    assert restored.to_dict() == saved
    restored.undo()
    assert restored.phase == "throw"


def test_a_started_position_is_saved_too() -> None:
    game = GameState(KENDALL, position(KENDALL, [12], [15, 20], "W"))
    game.apply_throw(3)
    game.apply_move(Move.parse("12-15"))
    assert GameState.from_dict(game.to_dict()).position == game.position


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"variant": "chess"}, "unknown variant"),
        ({"actions": [{"throw": 1}, {"move": "9-10"}]}, "action 2: the opening move 10-11"),
        ({"actions": [{"throw": "1"}]}, "whole number"),
        ({"actions": [{"dance": 1}]}, "an action is"),
        ({"actions": "nope"}, "actions must be a list"),
        ({"position": "WBWBWBWBWB.................... W"}, "position is"),
    ],
)
def test_from_dict_rejects_bad_saves(change: dict[str, object], message: str) -> None:
    game = GameState(KENDALL)
    game.apply_throw(1)
    game.apply_move(Move.parse("10-11"))
    with pytest.raises(RulesError, match=message):
        GameState.from_dict({**game.to_dict(), **change})


def test_a_finished_start_position_is_already_over() -> None:
    finished = position(KENDALL, [], [3, 14], "B")
    game = GameState(KENDALL, finished)
    assert (game.phase, game.winner, game.score) == ("over", "W", 6)
    assert legal_moves(KENDALL, finished, 1) == []
    assert no_move(KENDALL, finished, 1) is None
    verdict = explain(KENDALL, finished, 1, 3, 4)
    assert (verdict.legal, verdict.rule) == (False, "game-over")
