"""Rules core speed: microseconds per legal-move generation and random playouts per second.

For each preset (default options): mid-game positions are collected from seeded random games,
then `legal_moves` runs over every (position, throw) pair; a search step is a throw or a move
applied to a `GameState` and taken back with `undo`, the way a computer player searching over
throws uses it; playouts are whole random games (random throws by their probabilities, random
legal moves) through `GameState`. Run: .venv/bin/python benchmarks/bench_rules.py
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from controller.rules import PRESETS, GameState, Position, Variant, get_variant, legal_moves


def playout(variant: Variant, rng: random.Random, seen: list[Position] | None = None) -> int:
    """One random game to the end; returns the number of actions. Collects positions."""
    game = GameState(variant)
    actions = 0
    while game.phase != "over":
        actions += 1
        if game.phase == "move":
            game.apply_move(rng.choice(game.legal_moves()))
            continue
        if seen is not None and game.phase == "throw":
            seen.append(game.position)
        values, weights = zip(*game.chance_outcomes(), strict=True)
        game.apply_throw(rng.choices(values, weights)[0])
    return actions


def midgame_positions(variant: Variant, count: int) -> list[Position]:
    """`count` positions spread over seeded random games, skipping the first few turns."""
    rng = random.Random(7)
    pool: list[Position] = []
    while len(pool) < 20 * count:
        seen: list[Position] = []
        playout(variant, rng, seen)
        pool.extend(seen[10:])
    return rng.sample(pool, count)


def time_generation(variant: Variant, positions: list[Position], repeat: int) -> list[float]:
    """Microseconds per `legal_moves` call, one figure per round over all (position, throw)."""
    pairs = [(p, t) for p in positions for t in variant.throw_values]
    rounds = []
    for _ in range(repeat):
        start = time.perf_counter()
        for position, throw in pairs:
            legal_moves(variant, position, throw)
        rounds.append((time.perf_counter() - start) / len(pairs) * 1e6)
    return rounds


def time_search_step(variant: Variant, positions: list[Position]) -> float:
    """Microseconds per apply-then-undo on a GameState, the step of a search over throws."""
    steps = 0
    start = time.perf_counter()
    for position in positions:
        game = GameState(variant, position)
        for throw, _ in game.chance_outcomes():
            game.apply_throw(throw)
            steps += 1
            for move in game.legal_moves():
                game.apply_move(move)
                game.undo()
                steps += 1
            game.undo()
    return (time.perf_counter() - start) / steps * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="mid-game positions per preset")
    parser.add_argument("--seconds", type=float, default=2.0, help="playout time per preset")
    args = parser.parse_args()
    print(
        f"{'preset':16} {'us/legal_moves':>15} {'(best)':>8} {'moves/pos':>10} "
        f"{'us/apply+undo':>14} {'playouts/s':>11} {'actions/game':>13}"
    )
    for name in PRESETS:
        variant = get_variant(name)
        positions = midgame_positions(variant, args.positions)
        rounds = time_generation(variant, positions, repeat=5)
        sizes = [len(legal_moves(variant, p, t)) for p in positions for t in variant.throw_values]
        rng = random.Random(1)
        games, actions = 0, 0
        deadline = time.perf_counter() + args.seconds
        start = time.perf_counter()
        while time.perf_counter() < deadline:
            actions += playout(variant, rng)
            games += 1
        rate = games / (time.perf_counter() - start)
        step = time_search_step(variant, positions)
        print(
            f"{name:16} {statistics.median(rounds):15.2f} {min(rounds):8.2f} "
            f"{statistics.mean(sizes):10.2f} {step:14.2f} {rate:11.1f} {actions / games:13.0f}"
        )


if __name__ == "__main__":
    main()
