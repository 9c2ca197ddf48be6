"""How strong and how fast the computer player is: win rates against three simpler players over
many games per preset, and the CPU time it takes per decision.

The opponents: `random` (any legal move), `racer` (the move that leaves the best race: its own
pieces' progress minus the opponent's, so it captures and avoids the water, but ignores
safety), `greedy` (the computer's own evaluation without looking at the next throw). Times are
thread CPU time, so the load of a shared machine is left out.

Run: `.venv/bin/python benchmarks/bench_computer.py [--games N] [--preset NAME]... [--seed S]`.
Each game is played on the rules core with the real throw probabilities; the computer is the
first opening thrower in half of the games, so it plays each side about equally often.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from controller.computer import choose_move, greedy_move
from controller.rules import PRESETS, GameState, Move, Variant, apply_move, get_variant

Policy = Callable[[Variant, GameState, int], Move]


def random_move(rng: random.Random) -> Policy:
    def choose(variant: Variant, state: GameState, throw: int) -> Move:
        return rng.choice(state.legal_moves())

    return choose


def progress(squares: str, side: str, variant: Variant) -> int:
    """House numbers of the side's pieces, 31 for each piece borne off."""
    on_board = [house for house, piece in enumerate(squares, 1) if piece == side]
    return sum(on_board) + 31 * (variant.pieces - len(on_board))


def racer_move(variant: Variant, state: GameState, throw: int) -> Move:
    side = state.position.side
    enemy = "B" if side == "W" else "W"

    def race(move: Move) -> int:
        squares = apply_move(variant, state.position, move, throw).position.squares
        return progress(squares, side, variant) - progress(squares, enemy, variant)

    return max(state.legal_moves(), key=race)


def play(variant: Variant, first: Policy, second: Policy, rng: random.Random,
         timings: list[float]) -> int:
    """One game; returns 0 if the first opening thrower won, 1 if the second did."""
    game = GameState(variant)
    policies: dict[str, Policy] = {}
    while game.phase != "over":
        if game.phase in ("opening", "throw"):
            outcomes = game.chance_outcomes()
            game.apply_throw(rng.choices([v for v, _ in outcomes], [p for _, p in outcomes])[0])
            if game.phase == "move" and not policies:
                opener = variant.opening_side
                other = "B" if opener == "W" else "W"
                firsts = (first, second) if game.opening_thrower == 0 else (second, first)
                policies = {opener: firsts[0], other: firsts[1]}
            continue
        policy = policies[game.position.side]
        throw = game.throw
        assert throw is not None
        if policy is choose_move:
            started = time.thread_time()
            move = policy(variant, game, throw)
            timings.append(time.thread_time() - started)
        else:
            move = policy(variant, game, throw)
        game.apply_move(move)
    winner_policy = policies[game.winner or "W"]
    return 0 if winner_policy is first else 1


def match(variant: Variant, opponent: Policy, games: int, rng: random.Random,
          timings: list[float]) -> float:
    """The computer's share of wins over `games` games, sides alternating."""
    wins = 0
    for number in range(games):
        if number % 2 == 0:
            wins += play(variant, choose_move, opponent, rng, timings) == 0
        else:
            wins += play(variant, opponent, choose_move, rng, timings) == 1
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per preset and opponent")
    parser.add_argument("--preset", action="append", choices=sorted(PRESETS),
                        help="preset(s) to play (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    opponents: dict[str, Policy] = {
        "random": random_move(rng), "racer": racer_move, "greedy": greedy_move,
    }
    print(f"{args.games} games per preset and opponent; the computer's share of wins:")
    print(f"{'preset':<16}" + "".join(f"{'vs ' + name:>11}" for name in opponents)
          + f"{'decisions':>11}{'median ms':>11}{'p95 ms':>8}{'max ms':>8}")
    for name in args.preset or sorted(PRESETS):
        variant = get_variant(name)
        timings: list[float] = []
        rates = [match(variant, opponent, args.games, rng, timings)
                 for opponent in opponents.values()]
        ms = sorted(t * 1000 for t in timings)
        p95 = ms[int(0.95 * (len(ms) - 1))]
        print(f"{name:<16}" + "".join(f"{rate:>11.1%}" for rate in rates)
              + f"{len(ms):>11}{statistics.median(ms):>11.2f}{p95:>8.2f}{ms[-1]:>8.2f}")


if __name__ == "__main__":
    main()
