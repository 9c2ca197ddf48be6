"""The computer player: expectimax over the next throw with a race-and-safety evaluation.

For each legal move the computer looks at every value of the next throw with its probability
(the chance node of RULES.md 2) and assumes the side that throws it, itself after an extra
throw or the opponent otherwise, answers with its best move by the evaluation below. It picks
the move with the best expected value. This is one ply of expectimax over the throws: enough
to see that a piece left alone in front of an enemy gets hit with probability 4/16 or 6/16,
and cheap (about a millisecond per decision in CPython).

The evaluation, from one side's point of view, is its race minus the opponent's:
- every piece counts its house number; a piece borne off counts 31;
- where bearing off needs an exact throw (land on 30, or exactly 31), a piece also counts the
  chance that the next throw takes it off, and a piece borne off counts that bonus in full; an
  enemy piece holding house 30 (land-30 presets) takes that chance away (seed 000: "occupying
  the 30th House also means that your opponent will be unable to move their pieces off");
- a piece that cannot be attacked (safe house, or guarded by a neighbour when `pairs`) counts
  a little more, and three in a row (a blockade) a little more again;
- a piece of the side that does not throw next, if it can be attacked, counts less by the
  chance of the throw that reaches it times what a capture costs it (back to the attacker's
  house for `swap`, to the start otherwise).
The weights were set by playing thousands of games against simpler players
(`benchmarks/bench_computer.py`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace

from controller.rules import GameState, Move, Position, Variant, legal_moves, other_side
from controller.rules.movegen import play

HOUSES = 30
BORNE_OFF = 31.0
EXIT = 6.0
RISK = 1.0
NO_EXIT = (0.0,) * HOUSES
GUARDED = 1.5
BLOCKADE = 2.0
WIN = 1000.0


@functools.cache
def exit_chances(variant: Variant) -> tuple[float, ...]:
    """For houses 1-30, the chance that the next throw can bear a piece off from there (the
    preset's way of bearing off; whether its side may bear off yet is left aside)."""
    odds = dict(variant.throw_outcomes())
    chances = []
    for house in range(1, HOUSES + 1):
        if variant.bear_off_how == "land-30":
            chance = 1.0 if house == HOUSES else odds.get(HOUSES - house, 0.0)
        elif variant.bear_off_how == "reach-31":
            chance = 0.0  # any throw past the end bears off: the house number says it all
        elif not variant.bear_off_from or house in variant.bear_off_from:
            chance = odds.get(HOUSES + 1 - house, 0.0)
        else:
            chance = 0.0
        chances.append(chance)
    return tuple(chances)


def _race(
    variant: Variant, squares: str, side: str, enemy: str, exposed: dict[int, float] | None
) -> float:
    """The value of `side`'s pieces: progress, protection, and, when `exposed` (the enemy
    throws next, with these odds), the risk of being hit."""
    borne_off = BORNE_OFF if variant.bear_off_how == "reach-31" else BORNE_OFF + EXIT + 1
    total = (variant.pieces - squares.count(side)) * borne_off
    exits = exit_chances(variant)
    if variant.bear_off_how == "land-30" and squares[HOUSES - 1] == enemy:
        exits = NO_EXIT  # an enemy holding 30 keeps every piece of ours on the board (seed 000)
    run = 0
    for index, piece in enumerate(squares):
        if piece != side:
            run = 0
            continue
        house = index + 1
        run += 1
        total += house + EXIT * exits[index]
        if run >= variant.block:
            total += BLOCKADE
        guarded = variant.pairs and (
            (index > 0 and squares[index - 1] == side)
            or (index + 1 < HOUSES and squares[index + 1] == side)
        )
        if guarded or house in variant.safe:
            total += GUARDED
        elif exposed is not None:
            for distance, chance in exposed.items():
                attacker = house - distance
                if attacker >= 1 and squares[attacker - 1] == enemy:
                    loss = distance if variant.capture == "swap" else house - 1
                    total -= RISK * chance * loss
    return total


def evaluate(variant: Variant, position: Position, side: str) -> float:
    """How good the position is for `side` (positive: better than for the opponent); only the
    pieces of the side that does not throw next can be hit before they move."""
    squares = position.squares
    enemy = other_side(side)
    if side not in squares:
        return WIN
    if enemy not in squares:
        return -WIN
    odds = dict(variant.throw_outcomes())
    mine = _race(variant, squares, side, enemy, odds if position.side == enemy else None)
    theirs = _race(variant, squares, enemy, side, odds if position.side == side else None)
    return mine - theirs


def _after(variant: Variant, position: Position, move: Move, throw: int, me: str) -> float:
    outcome = play(variant, position, move, throw)
    if outcome.winner is not None:
        return WIN if outcome.winner == me else -WIN
    return evaluate(variant, outcome.position, me)


def _expected(variant: Variant, position: Position, me: str) -> float:
    """The chance node: the mean over throws of the thrower's best answer (judged by `me`)."""
    total = 0.0
    for throw, chance in variant.throw_outcomes():
        replies = legal_moves(variant, position, throw)
        if not replies:
            if variant.no_move == "lose":
                value = -WIN if position.side == me else WIN
            else:
                value = evaluate(variant, replace(position, side=other_side(position.side)), me)
        else:
            values = [_after(variant, position, reply, throw, me) for reply in replies]
            value = max(values) if position.side == me else min(values)
        total += chance * value
    return total


def _candidates(variant: Variant, state: GameState, throw: int) -> list[Move]:
    if state.phase == "move" and state.throw == throw:
        return state.legal_moves()  # the rules core's list: the owed opening move included
    return legal_moves(variant, state.position, throw)


def best_move(variant: Variant, position: Position, throw: int, moves: Sequence[Move]) -> Move:
    """The move among `moves` with the best expected value over the next throw."""
    if not moves:
        raise ValueError(f"no legal move with the throw {throw}")
    me = position.side
    best, best_value = moves[0], -2 * WIN
    for move in moves:
        outcome = play(variant, position, move, throw)
        if outcome.winner == me:
            return move
        value = _expected(variant, outcome.position, me) if len(moves) > 1 else 0.0
        if value > best_value:
            best, best_value = move, value
    return best


def choose_move(variant: Variant, state: GameState, throw: int) -> Move:
    """The computer's move for `throw` (the side to move's); `ValueError` with no legal move."""
    return best_move(variant, state.position, throw, _candidates(variant, state, throw))


def greedy_move(variant: Variant, state: GameState, throw: int) -> Move:
    """The move whose result evaluates best now, without looking at the next throw."""
    moves: Sequence[Move] = _candidates(variant, state, throw)
    if not moves:
        raise ValueError(f"no legal move with the throw {throw}")
    me = state.position.side
    return max(moves, key=lambda move: _after(variant, state.position, move, throw, me))
