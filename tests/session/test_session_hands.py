"""Any order of the hand's steps for any legal move: never a ghost move, never an illegal call.

A move is broken into the journeys of the pieces it moves (the mover; the attacked piece; the
drowned piece on from 27; a piece borne off from 30), each made of lifts and drops. The journeys
are interleaved in a random order, and a piece may be set on a house before the piece there has
left it (the sensor then reads the top magnet, or nothing when the two cancel). After every
step the board must read as a step toward the intended move (or back at the start), never as a
different move and never as unknown; after the last step it must read as the intended move.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.rules import PRESETS, GameState, Move
from controller.rules.movegen import play
from controller.session.matching import Candidate, candidate, read_board
from tests.session.conftest import reach


def candidates_of(game: GameState) -> list[Candidate[Move]]:
    assert game.throw is not None
    found = []
    for move in game.legal_moves():
        outcome = play(game.variant, game.position, move, game.throw)
        found.append(candidate(move, pre=game.position.squares, final=outcome.position.squares,
                               from_house=move.from_house, to_house=move.to_house,
                               attack=move.attack, relocations=outcome.relocations))
    return found


def journeys(game: GameState, move: Move, detour: bool) -> list[list[int | None]]:
    """The houses each moved piece visits, in order (None = off the board)."""
    assert game.throw is not None
    outcome = play(game.variant, game.position, move, game.throw)
    landing = move.to_house if move.to_house <= 30 else None
    mover: list[int | None] = [move.from_house, landing]
    if landing is None and detour and game.position.squares[29] == ".":
        mover = [move.from_house, 30, None]  # set down on 30 on the way off
    trips = [mover]
    for _, start, end in outcome.relocations:
        target = end if end <= 30 else None
        if start == 27 and move.to_house == 27:
            mover[-1:] = [27, target] if detour else [target]
        else:
            trips.append([start, target])
    return trips


def hand_actions(trips: list[list[int | None]], rng: random.Random) -> list[tuple[int, str, int]]:
    """(journey, "lift" | "drop", house) actions, journeys interleaved at random, each in order.
    A piece may be set on a house another piece has not left yet (the two magnets stack)."""
    queues = []
    for trip in trips:
        actions = []
        for index, house in enumerate(trip):
            if house is None:
                break
            if index > 0:
                actions.append(("drop", house))
            if index < len(trip) - 1:
                actions.append(("lift", house))
        queues.append(actions)
    order = []
    while any(queues):
        journey = rng.choice([j for j, queue in enumerate(queues) if queue])
        kind, house = queues[journey].pop(0)
        order.append((journey, kind, house))
    return order


WANTED: dict[str, Callable[[Move], bool]] = {
    "any": lambda m: True,
    "attack": lambda m: m.attack,
    "water": lambda m: m.to_house == 27,
    "bear_off": lambda m: m.to_house == 31,
}


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    kind=st.sampled_from(sorted(WANTED)),
    seed=st.integers(0, 10_000),
    depth=st.integers(1, 150),
    cancel=st.booleans(),
    detour=st.booleans(),
)
def test_every_order_of_the_hands_steps_reads_as_the_one_move_made(
    preset: str, kind: str, seed: int, depth: int, cancel: bool, detour: bool
) -> None:
    wanted = WANTED[kind]
    game = reach(preset, lambda g: g.phase == "move" and len(g.actions) >= depth and any(
        wanted(m) for m in g.legal_moves()), seed=seed)
    rng = random.Random(seed)
    move = rng.choice([m for m in game.legal_moves() if wanted(m)])
    found = candidates_of(game)
    pre = game.position.squares
    trips = journeys(game, move, detour)
    stacks: dict[int, list[str]] = {h: [p] for h, p in enumerate(pre, 1) if p != "."}
    pieces = {journey: pre[trip[0] - 1] for journey, trip in enumerate(trips) if trip[0]}
    board = pre
    for journey, kind, house in hand_actions(trips, rng):
        stack = stacks.setdefault(house, [])
        if kind == "lift":
            stack.remove(pieces[journey])
        else:
            stack.append(pieces[journey])
        board = "".join(
            "." if not stacks.get(h) or (len(stacks[h]) > 1 and cancel) else stacks[h][-1]
            for h in range(1, 31)
        )
        reading = read_board(pre, board, found)
        assert reading.kind != "unknown", (move, kind, house, board)
        if reading.kind == "final":
            assert [str(c.move) for c in reading.candidates] == [str(move)], (move, board)
    assert read_board(pre, board, found).kind == "final"
