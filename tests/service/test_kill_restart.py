"""kill -9 at random points of a game: nothing acknowledged is lost, the game resumes exactly,
and a board that no longer matches the journal is guided back before play goes on.

The service runs in a process of its own (`service_process.py`); the virtual board (the real
firmware behind a pty) lives in this test process and outlives every kill, as a real board
would. Acknowledged = printed by the service process: it publishes only journaled events.
"""

from __future__ import annotations

import json
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from controller.journal import Journal
from controller.rules import GameState, Move, Position, apply_move, get_variant, start_position
from firmware_bridge.leds import LedFrame
from firmware_bridge.virtual import VirtualBoard

SCRIPT = Path(__file__).with_name("service_process.py")
VARIANT = get_variant("kendall")
View = dict[str, Any]


class ServiceProcess:
    """One run of the service process, with what it acknowledged."""

    def __init__(self, config: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(SCRIPT), str(config)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.view: View = {}
        self.acknowledged: list[tuple[str, Any]] = []
        self.replies: queue.Queue[dict[str, Any]] = queue.Queue()
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            message = json.loads(line)
            if "event" not in message:
                self.replies.put(message)
                continue
            event = message["event"]
            with self.changed:
                if event["type"] == "game":
                    self.view = event["data"]
                elif event["type"] in ("throw", "move"):
                    data = event["data"]
                    action = data["throw"]["value"] if event["type"] == "throw" else data["move"]
                    self.acknowledged.append((event["type"], action))
                    self.view = {}  # stale until the view after this change arrives
                self.changed.notify_all()

    def wait(self, predicate: Callable[[View], bool], what: str, timeout: float = 15.0) -> View:
        with self.changed:
            if not self.changed.wait_for(lambda: bool(self.view) and predicate(self.view),
                                         timeout=timeout):
                raise AssertionError(f"timed out waiting for {what}: {self.view}")
            return self.view

    def throw(self, value: int) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"op": "throw", "value": value}) + "\n")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def close(self) -> None:
        if self.process.poll() is None:
            self.kill()


def journal_line(path: Path) -> tuple[str, list[tuple[str, Any]], GameState]:
    """The journaled game: its id, its line of play, and the state stored with it."""
    journal = Journal(path)
    try:
        game = journal.latest_game()
        assert game is not None and game.state is not None
        line = [
            ("throw", action["value"]) if action["kind"] == "throw" else ("move", action["move"])
            for action in journal.actions(game.game_id)
        ]
        return game.game_id, line, GameState.from_dict(game.state)
    finally:
        journal.close()


@pytest.fixture
def board() -> Iterator[VirtualBoard]:
    with VirtualBoard(seed=5) as virtual:
        virtual.set_houses(start_position(VARIANT).squares)
        yield virtual


@pytest.fixture
def config(tmp_path: Path, board: VirtualBoard) -> Path:
    path = tmp_path / "senet-board.toml"
    path.write_text(
        f'[board]\nurl = "{board.url}"\n[camera]\nsource = "none"\n'
        f'[game]\nvariant = "kendall"\nquiet_period_s = 0.25\n'
        f'[journal]\npath = "{tmp_path / "journal.sqlite3"}"\n',
        encoding="utf-8",
    )
    return path


def all_lit(leds: LedFrame, houses: list[int]) -> bool:
    return all(leds[house - 1].effect != "off" for house in houses)


def more_than(service: ServiceProcess, count: int, view: View) -> bool:
    """True once the service has acknowledged more than `count` actions."""
    return len(service.acknowledged) > count


def make_move(board: VirtualBoard, view: View, rng: random.Random) -> None:
    """Carry a random legal move out by hand (lift, put down; captured piece to its house)."""
    position = Position.parse(view["position"], VARIANT)
    legal = rng.choice(view["legal_moves"])
    move = Move(legal["from"], legal["to"], legal["kind"], legal["attack"])
    final = apply_move(VARIANT, position, move, view["throw"]["value"]).position.squares
    side = position.squares[move.from_house - 1]
    if move.attack:
        board.lift(move.to_house)
    board.lift(move.from_house)
    time.sleep(0.02)
    if move.to_house <= 30:
        board.place(move.to_house, side)
    for house, piece in enumerate(final, start=1):
        if board.houses()[house - 1] != piece:
            if piece == ".":
                board.lift(house)
            else:
                board.place(house, piece)


def play_until_killed(
    service: ServiceProcess, board: VirtualBoard, rng: random.Random, steps: int, mid_move: bool
) -> None:
    """Throw and move for `steps` actions, then kill -9 at a random moment of the next one
    (`mid_move`: just after the pieces were moved, before the move can be accepted)."""
    for step in range(steps + 1):
        view = service.wait(lambda v: v["phase"] in ("opening", "throw", "move"), "a turn")
        last = len(service.acknowledged)
        final_step = step == steps
        if view["phase"] == "move":
            make_move(board, view, rng)
            if final_step:
                time.sleep(0.05 if mid_move else rng.uniform(0.0, 0.6))
                break
        else:
            values = [1, 2, 3, 4, 6] if view["phase"] == "throw" else [1, 1, 2, 3]
            service.throw(rng.choice(values))
            if final_step:
                time.sleep(rng.uniform(0.0, 0.03))
                break
        service.wait(partial(more_than, service, last), "the acknowledgement")
    service.kill()


def test_kill_9_at_random_points_loses_nothing_and_the_game_resumes_exactly(
    tmp_path: Path, config: Path, board: VirtualBoard
) -> None:
    rng = random.Random(9)
    journal_path = tmp_path / "journal.sqlite3"
    acknowledged: list[tuple[str, Any]] = []
    guided_back = 0
    for round_number in range(6):
        service = ServiceProcess(config)
        try:
            view = service.wait(lambda v: v.get("board") is not None, "the board after start")
            _, line, state = journal_line(journal_path)
            assert line[: len(acknowledged)] == acknowledged
            expected = state.position.squares
            wrong = [h for h in range(1, 31) if view["board"][h - 1] != expected[h - 1]]
            if wrong:
                # The pieces stand where the kill left them: the LEDs show what to put back.
                assert view["phase"] == "setup"
                assert board.wait_leds(
                    partial(all_lit, houses=wrong), timeout=5
                )
                board.set_houses(expected)
                guided_back += 1
            view = service.wait(lambda v: v["phase"] != "setup", "play to go on")
            if state.actions:
                assert view["position"] == state.position.notation()
                assert view["phase"] == state.phase
                if state.phase == "move":
                    assert view["throw"]["value"] == state.throw
            mid_move = round_number in (1, 3)
            play_until_killed(service, board, rng, steps=rng.randrange(1, 5), mid_move=mid_move)
            acknowledged = acknowledged + service.acknowledged
            _, line, _ = journal_line(journal_path)
            assert line[: len(acknowledged)] == acknowledged, "an acknowledged action was lost"
            assert len(line) <= len(acknowledged) + 1
            acknowledged = line
        finally:
            service.close()
    assert guided_back >= 1
    assert len(acknowledged) >= 8
