"""Whatever the sensors, the buttons and the clock do, the session answers and stays consistent."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.rules import PRESETS, GameState
from tests.session.conftest import Table

ACTIONS = ("board", "board", "board", "legal", "throw", "tick", "takeback", "confirm", "fault")


def scrambled(board: str, rng: random.Random) -> str:
    """The board with a few houses changed at random (lifted, added, recoloured)."""
    cells = list(board)
    for _ in range(rng.randint(1, 4)):
        cells[rng.randrange(30)] = rng.choice("WB.")
    return "".join(cells)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 100_000))
def test_random_boards_buttons_and_time_never_break_the_session(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    table = Table(preset, seed=seed)
    table.set_up()
    session = table.session
    for _ in range(120):
        action = rng.choice(ACTIONS)
        state = session.state
        if action == "board":
            table.show(scrambled(state.position.squares, rng), dt=rng.uniform(0, 3))
        elif action == "legal" and state.phase == "move":
            move = rng.choice(state.legal_moves())
            table.show(state.copy().apply_move(move).position.squares, dt=rng.uniform(0, 1))
        elif action == "throw":
            table.events += session.electronic_throw(table.now)
        elif action == "tick":
            table.wait(rng.uniform(0, 5))
        elif action == "takeback":
            table.events += session.takeback(table.now)
        elif action == "confirm":
            table.events += session.confirm(table.now)
        elif action == "fault":
            house = rng.randrange(1, 31)
            board = table.board[: house - 1] + "." + table.board[house:]
            table.show(board, faults=frozenset({house}))
        view = session.view()
        json.dumps(view)
        assert len(session.led_frame(table.now)) == 30 and len(view["leds"]) == 30
        assert view["phase"] in ("setup", "opening", "throw", "move", "relocate", "illegal",
                                 "over")
    # the game the session kept is one the rules core accepts, action by action
    replayed = GameState.from_dict(session.state.to_dict())
    assert replayed.position == session.state.position
    durable = [e for e in table.events if e.durable]
    assert all("state" in e.data and "players" in e.data for e in durable)
