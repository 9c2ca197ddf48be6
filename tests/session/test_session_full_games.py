"""Whole games of every preset through the session, made by scripted hands with human noise.

Each move is made with one kind of noise (hesitation, a slide over the houses in between, a
flickering sensor, a piece put on a wrong house and corrected after the red LEDs, the attacked
piece lifted first or the attacker set on top of it, the drowned piece put straight on its
target); the session must accept exactly the intended moves, in order, and nothing else.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from controller.computer import greedy_move
from controller.rules import GameState, Move
from tests.session.conftest import Table

COMPUTER = {"W": {"name": "Ann", "kind": "human"}, "B": {"name": "Pi", "kind": "computer"}}
GAMES = [
    ("kendall", None, 1),
    ("kr-engineering", None, 2),
    ("kr-engineering", {"harsh_captures": "on", "occupy_30th": "off"}, 3),
    ("intuitive", None, 4),
    ("intuitive", {"water_to_rebirth": "on", "happiness_exact": "on"}, 5),
    ("jequier", None, 6),
    ("advanced-7", None, 7),
]


def play_game(
    table: Table, rng: random.Random, max_moves: int = 600
) -> tuple[list[str], Counter[str]]:
    """Throw the electronic sticks and make legal moves until the game is over."""
    session = table.session
    intended: list[str] = []
    styles: Counter[str] = Counter()
    table.set_up()
    while session.state.phase != "over" and len(intended) < max_moves:
        assert session.phase != "setup", session.view()["message"]
        state = session.state
        if state.phase in ("opening", "throw"):
            thrower = session.view()["players"][state.side_to_move or "W"]
            if state.phase == "throw" and thrower["kind"] == "computer":
                table.wait(session.settings.computer_delay_s + 0.1)
            else:
                table.events += session.electronic_throw(table.now)
            continue
        computer = session.view()["computer_move"]
        if computer is not None:
            move = Move(computer["from"], computer["to"])
            move = next(m for m in state.legal_moves() if m == move)
        elif rng.random() < 0.7:  # mostly sensible, so that games end in a few hundred moves
            move = greedy_move(table.variant, state, state.throw or 0)
        else:
            move = rng.choice(state.legal_moves())
        styles[table.make_noisily(move, rng)] += 1
        intended.append(str(move))
        table.settle()
        assert table.moves() == intended, (styles, table.session.view()["message"])
    return intended, styles


@pytest.mark.parametrize(("variant", "options", "seed"), GAMES)
def test_a_whole_game_with_noisy_hands_accepts_exactly_the_moves_made(
    variant: str, options: dict[str, str] | None, seed: int
) -> None:
    table = Table(variant, options, seed=seed)
    intended, styles = play_game(table, random.Random(seed))
    session = table.session
    assert session.state.phase == "over"
    assert session.phase == "over"
    assert table.moves() == intended
    assert styles["wrong_house"] > 0 and styles["hesitate"] > 0 and styles["slide"] > 0
    # the journal's view of the game replays to the same end
    replayed = GameState.from_dict(session.state.to_dict())
    assert replayed.winner == session.state.winner
    over = [e for e in table.events if e.type == "game_over"]
    assert len(over) == 1 and over[0].durable
    assert over[0].data["winner"] == session.state.winner


def test_a_game_against_the_computer_where_the_person_moves_its_pieces() -> None:
    table = Table("kr-engineering", players=COMPUTER, seed=11)
    intended, _ = play_game(table, random.Random(11))
    assert table.session.state.phase == "over"
    computer_moves = [e for e in table.events if e.type == "computer_move"]
    assert computer_moves
    assert table.moves() == intended
