"""A scripted person at the simulated board: throws, moves pieces by hand, makes human mistakes.

It only does what a player can do: throw (the synthetic camera's sticks, or a value typed in),
look at the game view (the kiosk page), and lift and place pieces on the virtual board. The move
is carried out piece by piece with noise: a piece lifted to think and put back, a piece slid
across empty houses, a piece put down on the wrong house and corrected, both orders for a
capture, and (when asked) only the mover's own step, leaving the owed second step to the LEDs.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from controller.config import CameraConfig, Config, GameConfig, JournalConfig
from controller.rules import (
    GameState,
    Move,
    Position,
    Variant,
    apply_move,
    get_variant,
    legal_moves,
)
from controller.service import GameService

View = dict[str, Any]
StartService = Callable[..., GameService]


def sim_config(tmp_path: Path, *, camera: str = "synthetic", **game: Any) -> Config:
    """The defaults, with the journal in `tmp_path`, quick quiet periods and `game` keys."""
    game.setdefault("quiet_period_s", 0.25)
    game.setdefault("computer_delay_s", 0.1)
    return Config(
        camera=CameraConfig(source=camera),
        game=dataclasses.replace(GameConfig(), **game),
        journal=JournalConfig(path=str(tmp_path / "journal.sqlite3")),
    )

STEP_S = 0.03


def wait_view(
    service: GameService, predicate: Callable[[View], bool], timeout: float = 15.0, what: str = ""
) -> View:
    """The first game view `predicate` accepts; AssertionError with the view on timeout."""
    deadline = time.monotonic() + timeout
    while True:
        view = service.game_view()
        if view and predicate(view):
            return view
        if time.monotonic() > deadline:
            physical = service.sim_rig.board.houses() if service.sim else None
            summary = {key: view.get(key) for key in (
                "phase", "position", "board", "throw", "pending", "illegal", "message")}
            raise AssertionError(
                f"timed out waiting for {what or predicate}: physical board {physical}, "
                f"view {summary}, events {view.get('events', [])[-6:]}"
            )
        time.sleep(0.02)


def racing_move(moves: list[Any], rng: random.Random) -> Any:
    """What a person racing home picks: off the board if possible, never into the water at
    27 when anything else is legal, else the most advanced destination (ties at random)."""
    def to(move: Any) -> int:
        return move["to"] if isinstance(move, dict) else int(move.to_house)

    dry = [move for move in moves if to(move) != 27] or moves
    best = max(to(move) for move in dry)
    return rng.choice([move for move in dry if to(move) == best])


def near_end(variant: Variant, rng: random.Random, pieces: int = 4) -> GameState:
    """A game played by the rules core (greedy: the most advanced piece goes first) to its
    end, taken back to the first time a throw was due with only `pieces` on the board (or
    six moves before the end when that never happens)."""
    values = [value for value, _ in variant.throw_outcomes()]
    weights = [weight for _, weight in variant.throw_outcomes()]
    game = GameState(variant)
    due: list[tuple[int, GameState]] = []
    moves = 0
    while game.phase != "over":
        if game.phase == "move":
            game.apply_move(Move.parse(str(racing_move(game.legal_moves(), rng))))
            moves += 1
        else:
            if game.phase == "throw":
                due.append((moves, game.copy()))
            game.apply_throw(rng.choices(values, weights)[0])
    for _, state in due:
        squares = state.position.squares
        if len(squares) - squares.count(".") <= pieces:
            return state
    return next(state for made, state in reversed(due) if moves - made >= 6)


class ScriptedPlayer:
    """Plays the game shown by `service` to its end through the virtual board."""

    def __init__(
        self,
        service: GameService,
        rng: random.Random,
        *,
        camera_throws: int = 0,
        noise: float = 0.3,
        leave_relocation: float = 0.3,
        luck: float = 0.0,
    ) -> None:
        self.service = service
        self.board = service.sim_rig.board
        self.rng = rng
        self.camera_throws = camera_throws
        self.noise = noise
        self.leave_relocation = leave_relocation
        self.luck = luck
        self.moves_made = 0
        self.illegal_shown = 0
        self.relocations_prompted = 0

    def chance(self) -> bool:
        return self.rng.random() < self.noise

    def play(self, max_turns: int = 120) -> View:
        """Throw and move until the game is over; the final view."""
        for _ in range(max_turns * 3):
            view = self.service.game_view()
            phase = view["phase"]
            if phase == "over":
                return view
            if phase == "setup":
                self.set_up(view)
            elif phase in ("opening", "throw"):
                self.throw(view)
            elif phase == "move":
                self.move(view)
            elif phase == "relocate":
                self.relocate(view)
            elif phase == "illegal":
                self.put_back(view)
        raise AssertionError(f"game not over after {max_turns} turns: {self.service.game_view()}")

    # -- throwing --------------------------------------------------------------------------
    def throw(self, view: View) -> None:
        last = view["events"][-1:]
        if view["message"]["key"] != "computer_throws":
            if self.camera_throws > 0:
                self.camera_throws -= 1
                wait_view(
                    self.service,
                    lambda v: self.service.status()["camera"]["state"] in ("waiting", "settled"),
                    what="the camera watching the tray",
                )
                self.service.sim_throw(flat=self.rng.randrange(5))
            else:
                self.service.throw(value=self.choose_throw(view))
        wait_view(self.service, lambda v: v["events"][-1:] != last, what="the throw")

    def choose_throw(self, view: View) -> int:
        """A value typed in by hand: as the sticks fall, or (`luck`) the best for the thrower,
        so that short games end soon: a bear-off if one is possible, else the longest move."""
        variant = self.variant(view)
        values = [value for value, _ in variant.throw_outcomes()]
        weights = [weight for _, weight in variant.throw_outcomes()]
        if view["position"] is None or self.rng.random() >= self.luck:
            return self.rng.choices(values, weights)[0]
        position = Position.parse(view["position"], variant)

        def promise(value: int) -> int:
            moves = legal_moves(variant, position, value)
            return max((move.to_house for move in moves if move.to_house != 27), default=0)

        return max(values, key=promise)

    # -- moving ----------------------------------------------------------------------------
    @staticmethod
    def variant(view: View) -> Variant:
        return get_variant(view["variant"], view["options"])

    def move(self, view: View) -> None:
        if view["computer_move"] is not None:
            chosen = view["computer_move"]
            legal = next(
                m for m in view["legal_moves"]
                if (m["from"], m["to"]) == (chosen["from"], chosen["to"])
            )
        elif self.rng.random() < 0.85:
            legal = racing_move(view["legal_moves"], self.rng)
        else:
            legal = self.rng.choice(view["legal_moves"])
        variant = self.variant(view)
        position = Position.parse(view["position"], variant)
        move = Move(legal["from"], legal["to"], legal["kind"], legal["attack"])
        final = apply_move(variant, position, move, view["throw"]["value"]).position.squares
        self.perform(position.squares, final, move)
        accepted = wait_view(
            self.service,
            lambda v: v["phase"] in ("over", "relocate") or v["position"] != view["position"],
            what=f"move {move} to be accepted",
        )
        if accepted["phase"] != "relocate":
            self.moves_made += 1

    def perform(self, pre: str, final: str, move: Move) -> None:
        """Carry `move` out by hand, from the board `pre` to the board `final`."""
        board, side = self.board, pre[move.from_house - 1]
        if self.chance():  # lift the piece to think, put it back
            board.lift(move.from_house)
            time.sleep(0.15)
            board.place(move.from_house, side)
            time.sleep(STEP_S)
        victim_first = move.attack and self.rng.random() < 0.5
        if victim_first:
            board.lift(move.to_house)
            time.sleep(STEP_S)
        board.lift(move.from_house)
        time.sleep(STEP_S)
        if self.chance():  # put down on a wrong empty house, then corrected at once
            wrong = [h for h in range(1, 31) if pre[h - 1] == "." and final[h - 1] == "."
                     and h != move.to_house]
            if wrong:
                house = self.rng.choice(wrong)
                board.place(house, side)
                time.sleep(0.1)
                board.lift(house)
                time.sleep(STEP_S)
        if move.to_house <= 30:
            between = range(min(move.from_house, move.to_house) + 1,
                            max(move.from_house, move.to_house))
            step = 1 if move.to_house > move.from_house else -1
            if self.chance() and all(pre[h - 1] == "." for h in between):
                board.slide(side, range(move.from_house, move.to_house + step, step))
            else:
                board.place(move.to_house, side)
            time.sleep(STEP_S)
        if move.attack and not victim_first and self.rng.random() < self.leave_relocation:
            return  # the attacked piece is in the hand: the LEDs say where it goes
        if self.rng.random() < self.leave_relocation and self.differs(final):
            return
        self.settle(final)

    def differs(self, final: str) -> bool:
        return self.board.houses() != final

    def settle(self, final: str) -> None:
        """Make every house show what `final` says: pieces off first, then pieces on."""
        now = self.board.houses()
        for house in range(1, 31):
            if now[house - 1] != "." and final[house - 1] != now[house - 1]:
                self.board.lift(house)
                time.sleep(STEP_S)
        for house in range(1, 31):
            if final[house - 1] != "." and self.board.houses()[house - 1] != final[house - 1]:
                self.board.place(house, final[house - 1])
                time.sleep(STEP_S)

    def relocate(self, view: View) -> None:
        """Follow the LEDs' owed second step (`pending`)."""
        self.relocations_prompted += 1
        pending = view["pending"]
        house, piece, reason = pending["house"], pending["piece"], pending["reason"]
        if reason == "bear_off":
            self.board.lift(house)
        else:
            if reason == "water" and self.board.houses()[26] == piece:
                self.board.lift(27)
                time.sleep(STEP_S)
            self.board.place(house, piece)
        # Done when another step is owed or the move is taken; a board that shows the move
        # made stays in phase `move` until it has stood still, and is not a move to make again.
        wait_view(
            self.service,
            lambda v: v["position"] != view["position"]
            or (v["phase"] != "move" and v["pending"] != pending),
            what="the relocation",
        )
        if self.service.game_view()["phase"] != "relocate":
            self.moves_made += 1

    def put_back(self, view: View) -> None:
        """An illegal move is shown: put the pieces back as the position says."""
        self.illegal_shown += 1
        self.settle(Position.parse(view["position"], self.variant(view)).squares)
        wait_view(self.service, lambda v: v["phase"] != "illegal", what="the illegal to clear")

    def set_up(self, view: View) -> None:
        """Set the pieces as the game stands (after a restart) or on their start houses."""
        variant = self.variant(view)
        squares = (
            Position.parse(view["position"], variant).squares
            if view["position"]
            else GameState(variant).position.squares
        )
        self.settle(squares)
        wait_view(self.service, lambda v: v["phase"] != "setup", what="the board to be set up")
