"""Property tests (hypothesis) over every preset and option combination."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.rules import (
    PRESETS,
    GameState,
    Move,
    Position,
    Variant,
    explain,
    get_variant,
    legal_moves,
)
from controller.rules.movegen import play, try_backward, try_forward
from controller.rules.record import RecordWriter, verify


def every_combination() -> list[Variant]:
    combos = []
    for name, preset in PRESETS.items():
        names = list(preset.options)
        for values in itertools.product(("off", "on"), repeat=len(names)):
            combos.append(get_variant(name, dict(zip(names, values, strict=True))))
    return combos


VARIANTS = every_combination()
MAX_ACTIONS = 200_000


@st.composite
def situations(draw: st.DrawFn) -> tuple[Variant, Position, int]:
    """A variant, a valid position of it (any arrangement the notation allows), a throw."""
    variant = draw(st.sampled_from(VARIANTS))
    houses = [h for h in range(1, 31) if h != 27]
    white = draw(st.integers(0, variant.pieces))
    black = draw(st.integers(0 if white else 1, variant.pieces))
    chosen = draw(st.permutations(houses))[: white + black]
    cells = ["."] * 30
    for index, house in enumerate(chosen):
        cells[house - 1] = "W" if index < white else "B"
    flags = frozenset({"open9"}) if variant.open9 and draw(st.booleans()) else frozenset()
    position = Position("".join(cells), draw(st.sampled_from("WB")), flags)
    position.validate(variant)
    return variant, position, draw(st.sampled_from(variant.throw_values))


@settings(max_examples=300, deadline=None)
@given(situations())
def test_moves_conserve_pieces_and_keep_one_piece_per_house(
    situation: tuple[Variant, Position, int],
) -> None:
    variant, position, throw = situation
    for move in legal_moves(variant, position, throw):
        outcome = play(variant, position, move, throw)
        after = outcome.position
        after.validate(variant)
        off = [piece for piece, _, to in outcome.relocations if to == 31]
        if move.kind == "bear_off":
            off.append(position.side)
        for side in "WB":
            assert after.squares.count(side) == position.squares.count(side) - off.count(side)
        # The mover is where the move (or the water) put it, and the origin is free unless a
        # swapped piece came there.
        landing = move.to_house
        if landing == 27:
            landing = next(to for _, start, to in outcome.relocations if start == 27)
        if landing != 31 and (position.side, 30, 31) not in outcome.relocations:
            assert after.at(landing) == position.side
        assert after.at(move.from_house) != position.side or move.to_house == 27


@settings(max_examples=400, deadline=None)
@given(situations())
def test_fast_generation_matches_the_rule_by_rule_checks(
    situation: tuple[Variant, Position, int],
) -> None:
    """`legal_moves` runs on precomputed tables; `explain` on `try_forward`/`try_backward`:
    RULES.md 4 composed from the per-piece checks must give the same list."""
    variant, position, throw = situation
    squares, side = position.squares, position.side
    own = position.pieces(side)
    over = "W" not in squares or "B" not in squares
    expected = [] if over else [
        m for h in own if isinstance(m := try_forward(variant, squares, side, h, throw), Move)
    ]
    if not expected and not over and variant.backward != "no":
        expected = [
            m for h in own if isinstance(m := try_backward(variant, squares, side, h, throw), Move)
        ]
    if "open9" in position.flags and side == variant.odd_side:
        expected = [m for m in expected if m.from_house == 9] or expected
    actual = legal_moves(variant, position, throw)
    assert [(m, m.kind, m.attack) for m in actual] == [(m, m.kind, m.attack) for m in expected]


@settings(max_examples=60, deadline=None)
@given(situations())
def test_explain_agrees_with_moves_for_every_from_and_to(
    situation: tuple[Variant, Position, int],
) -> None:
    variant, position, throw = situation
    legal = {(m.from_house, m.to_house) for m in legal_moves(variant, position, throw)}
    for origin in range(1, 31):
        for target in range(1, 32):
            verdict = explain(variant, position, throw, origin, target)
            assert verdict.legal == ((origin, target) in legal), (origin, target, verdict)
            # A referee can read the reason out: it names the rule (RULES.md) when illegal.
            if not verdict.legal and verdict.rule not in ("no-piece", "no-such-house"):
                assert "RULES.md" in verdict.reason, verdict
            assert (verdict.rule == "legal") == verdict.legal
            if verdict.rule == "open9":
                assert "open9" in position.flags and position.side == variant.odd_side


def random_game(variant: Variant, seed: int, stream: io.StringIO | None = None) -> GameState:
    """Play random throws and random legal moves until the game ends."""
    rng = random.Random(seed)
    writer = RecordWriter(stream, variant, {}) if stream else None
    game = writer.game if writer else GameState(variant)
    for _ in range(MAX_ACTIONS):
        if game.phase == "over":
            break
        if game.phase == "move":
            move = rng.choice(game.legal_moves())
            writer.move(move) if writer else game.apply_move(move)
        else:
            values, weights = zip(*game.chance_outcomes(), strict=True)
            value = rng.choices(values, weights)[0]
            writer.throw(value) if writer else game.apply_throw(value)
    return game


@pytest.mark.parametrize(
    "variant", VARIANTS, ids=[f"{v.name}:{','.join(k for k, o in v.options if o == 'on')}"
                             for v in VARIANTS]
)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_end(variant: Variant, seed: int) -> None:
    game = random_game(variant, seed)
    assert game.phase == "over"
    assert game.winner is not None
    # RULES.md 6: the winner has borne off every piece, or (no move: lose) the loser was stuck.
    assert game.winner not in game.position.squares or game.last_event == "lose"


@settings(max_examples=10, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1))
def test_replaying_a_record_reproduces_the_live_game(variant: Variant, seed: int) -> None:
    stream = io.StringIO()
    live = random_game(variant, seed, stream)
    replayed = verify(stream.getvalue().splitlines())
    assert replayed.to_dict() == live.to_dict()
    assert (replayed.winner, replayed.score) == (live.winner, live.score)


@settings(max_examples=30, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 80))
def test_undo_restores_every_earlier_state(variant: Variant, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    game = GameState(variant)
    seen = [game.to_dict()]
    for _ in range(steps):
        if game.phase == "over":
            break
        if game.phase == "move":
            game.apply_move(rng.choice(game.legal_moves()))
        else:
            game.apply_throw(rng.choice(variant.throw_values))
        seen.append(game.to_dict())
    while len(seen) > 1:
        seen.pop()
        game.undo()
        assert game.to_dict() == seen[-1]
