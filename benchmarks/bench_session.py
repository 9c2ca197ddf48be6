"""How long the session takes to answer a sensed board: `on_board` + `led_frame` + `view`.

This is the host's share of the "piece lifted to LEDs updated" budget (DESIGN.md: median 20 ms,
p99 50 ms through the virtual board). Boards come from whole games of every preset in which
each move is made piece by piece (lift, set down, the second step of captures and water).

Run: `.venv/bin/python benchmarks/bench_session.py [--games N]`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from controller.rules import PRESETS, get_variant, start_position
from controller.session import GameSession, SessionSettings

PLAYERS = {"W": {"name": "Ann", "kind": "human"}, "B": {"name": "Bob", "kind": "human"}}


def game_boards(preset: str, seed: int) -> list[float]:
    """Play one game through a session; the time of every sensed board's answer, in ms."""
    variant = get_variant(preset)
    rng = random.Random(seed)
    session = GameSession(variant, PLAYERS, now=0.0, rng=rng, settings=SessionSettings())
    clock = 0.0
    timings: list[float] = []

    def sense(board: str) -> None:
        nonlocal clock
        clock += 0.05
        started = time.perf_counter()
        session.on_board(board, clock)
        session.led_frame(clock)
        session.view()
        timings.append((time.perf_counter() - started) * 1000)

    board = start_position(variant).squares
    sense(board)
    session.tick(clock + 1)
    clock += 1
    while session.state.phase != "over":
        state = session.state
        if state.phase in ("opening", "throw"):
            session.electronic_throw(clock)
            continue
        move = rng.choice(state.legal_moves())
        final = state.copy().apply_move(move).position.squares
        lifted = board[: move.from_house - 1] + "." + board[move.from_house:]
        sense(lifted)
        for house in range(1, 31):  # the rest, house by house, as hands would
            if lifted[house - 1] != final[house - 1]:
                lifted = lifted[: house - 1] + final[house - 1] + lifted[house:]
                sense(lifted)
        board = final
        clock += 1
        session.tick(clock)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games per preset")
    args = parser.parse_args()
    print(f"{'preset':<16}{'boards':>8}{'median ms':>11}{'p99 ms':>8}{'max ms':>8}")
    for preset in sorted(PRESETS):
        timings = sorted(t for seed in range(args.games) for t in game_boards(preset, seed))
        p99 = timings[int(0.99 * (len(timings) - 1))]
        print(f"{preset:<16}{len(timings):>8}{statistics.median(timings):>11.3f}"
              f"{p99:>8.3f}{timings[-1]:>8.3f}")


if __name__ == "__main__":
    main()
