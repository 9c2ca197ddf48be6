"""A scripted person at the board: moves pieces house by house, lets time pass, throws."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

import pytest

from controller.rules import GameState, Move, get_variant, start_position
from controller.session import GameSession, SessionEvent, SessionSettings, Throw

HUMANS = {"W": {"name": "Ann", "kind": "human"}, "B": {"name": "Bob", "kind": "human"}}
SETTINGS = SessionSettings(quiet_period_s=0.4, illegal_after_s=2.0, bear_off_quiet_s=1.5)
STEP = 0.05  # seconds between two sensed boards while a hand moves


class Table:
    """The board, a clock and a session; every change of the board is sensed and fed."""

    def __init__(
        self,
        variant: str = "kendall",
        options: Mapping[str, str] | None = None,
        players: Mapping[str, Mapping[str, str]] = HUMANS,
        settings: SessionSettings = SETTINGS,
        seed: int = 0,
    ) -> None:
        self.variant = get_variant(variant, options)
        self.now = 0.0
        self.session = GameSession(
            self.variant, players, now=self.now, rng=random.Random(seed), settings=settings
        )
        self.board = "." * 30
        self.events: list[SessionEvent] = []

    def resume(self, state: GameState) -> None:
        """Continue `state` (as after a restart), with its position set up on the board."""
        self.session = GameSession.restore(
            self.variant, self.session.players, state.copy(), now=self.now,
            rng=random.Random(0), settings=self.session.settings,
        )
        self.show(state.position.squares)
        self.wait(0.5)

    # -- the hand ----------------------------------------------------------------------
    def show(self, board: str, dt: float = STEP, faults: frozenset[int] = frozenset()) -> None:
        self.now += dt
        self.board = board
        self.events += self.session.on_board(board, self.now, faults)

    def lift(self, house: int) -> str:
        piece = self.board[house - 1]
        assert piece != ".", f"no piece on {house} to lift"
        self.show(self.board[: house - 1] + "." + self.board[house:])
        return piece

    def put(self, house: int, piece: str) -> None:
        self.show(self.board[: house - 1] + piece + self.board[house:])

    def slide(self, start: int, end: int) -> None:
        """Lift the piece on `start`, slide it over the houses between, set it on `end`."""
        piece = self.lift(start)
        step = 1 if end > start else -1
        for house in range(start + step, end, step):
            if self.board[house - 1] == ".":
                self.put(house, piece)
                self.lift(house)
        if end <= 30:
            self.put(end, piece)

    def wait(self, seconds: float, step: float = 0.1) -> None:
        end = self.now + seconds
        while self.now < end - 1e-9:
            self.now = min(end, self.now + step)
            self.events += self.session.tick(self.now)

    # -- the game ----------------------------------------------------------------------
    def set_up(self) -> None:
        self.show(start_position(self.variant).squares)
        self.wait(0.5)

    def throw(self, value: int) -> list[SessionEvent]:
        new = self.session.on_throw(Throw(value), self.now)
        self.events += new
        return new

    def settle(self) -> None:
        """Wait long enough for any recognisable board to be accepted."""
        self.wait(SETTINGS.bear_off_quiet_s + 0.2)

    def types(self) -> list[str]:
        return [event.type for event in self.events]

    def moves(self) -> list[str]:
        return [event.data["move"] for event in self.events if event.type == "move"]

    def outcome(self, move: Move) -> tuple[str, tuple[tuple[str, int, int], ...]]:
        state = self.session.state
        assert state.throw is not None
        played = state.copy().apply_move(move)
        return played.position.squares, played.relocations

    def make(self, move: Move) -> None:
        """Make `move` plainly: the mover, then any second step the LEDs ask for."""
        final, _ = self.outcome(move)
        landing = move.to_house if move.to_house <= 30 else None
        piece = self.lift(move.from_house)
        if landing is not None:
            self.put(landing, piece)
        self.follow_pending(final)

    def make_noisily(self, move: Move, rng: random.Random) -> str:
        """Make `move` the way people do, with one kind of noise picked at random; returns
        the name of the noise (the test checks that exactly `move` was accepted)."""
        final, relocations = self.outcome(move)
        landing = move.to_house if move.to_house <= 30 else None
        styles = ["plain", "hesitate", "slide", "flicker", "wrong_house"]
        if move.attack:
            styles += ["captured_first", "stacked"] * 2
        if move.to_house == 27:
            styles += ["direct_to_water_target"] * 2
        style = rng.choice(styles)
        if style == "hesitate":
            piece = self.lift(move.from_house)
            self.wait(1.0)
            self.put(move.from_house, piece)
            self.wait(1.0)
        elif style == "flicker":
            house = rng.randrange(1, 31)
            saved = self.board
            self.show(saved[: house - 1] + "." + saved[house:])
            self.show(saved)
        elif style == "wrong_house" and self._wrong_house(move) is not None:
            wrong = self._wrong_house(move)
            assert wrong is not None
            piece = self.lift(move.from_house)
            self.put(wrong, piece)
            self.wait(SETTINGS.illegal_after_s + 0.3)
            assert self.session.phase == "illegal", self.session.view()["message"]
            assert wrong in self.session.view()["illegal"]["houses"]
            self.lift(wrong)
            self.put(move.from_house, piece)
        if style == "slide":
            self.slide(move.from_house, move.to_house)
        elif style == "captured_first":
            captured = next(r for r in relocations if r[1] == landing)
            self.lift(captured[1])
            piece = self.lift(move.from_house)
            assert landing is not None
            self.put(landing, piece)
            self.put(captured[2], captured[0])
        elif style == "stacked":
            piece = self.lift(move.from_house)
            assert landing is not None
            self.put(landing, ".")  # both magnets on one house cancel: the sensor reads empty
            self.put(landing, piece)  # the attacked piece pulled out from under
        elif style == "direct_to_water_target":
            water = next(r for r in relocations if r[1] == 27)
            self.lift(move.from_house)
            self.put(water[2], water[0])
        else:
            piece = self.lift(move.from_house)
            if landing is not None:
                self.put(landing, piece)
        self.follow_pending(final)
        return style

    def _wrong_house(self, move: Move) -> int | None:
        """An empty house near the right one that no legal move of this piece reaches."""
        reachable = {m.to_house for m in self.session.state.legal_moves()}
        for house in (move.to_house - 1, move.to_house + 1, move.to_house - 2):
            if move.to_house == 31 and house == 30:
                continue  # 30 is on the way off the board, not a wrong house
            free = 1 <= house <= 30 and house != 27 and self.board[house - 1] == "."
            if free and house not in reachable:
                return house
        return None

    def follow_pending(self, final: str) -> None:
        """Do what the session's `pending` asks until the board shows `final`."""
        for _ in range(4):
            self.wait(0.5)
            pending = self.session.view()["pending"]
            if pending is None:
                break
            house, piece = pending["house"], pending["piece"]
            if pending["reason"] == "bear_off":
                self.lift(house)
            elif pending["reason"] == "water":
                self.lift(27)
                self.put(house, piece)
            else:
                self.put(house, piece)
        assert self.board == final, (self.board, final, self.session.view()["message"])


def reach(
    variant: str,
    wanted: Callable[[GameState], bool],
    options: Mapping[str, str] | None = None,
    seed: int = 0,
) -> GameState:
    """A game played with random throws and moves until `wanted` holds for it."""
    rng = random.Random(seed)
    for _ in range(200):
        game = GameState(get_variant(variant, options))
        while game.phase != "over":
            if wanted(game):
                return game
            if game.phase in ("opening", "throw"):
                outcomes = game.chance_outcomes()
                values = [value for value, _ in outcomes]
                game.apply_throw(rng.choices(values, [p for _, p in outcomes])[0])
            else:
                game.apply_move(rng.choice(game.legal_moves()))
    raise AssertionError("no game reached the wanted state")


def move_where(game: GameState, test: Callable[[Move], bool]) -> Move | None:
    """A legal move of `game` for which `test` holds, if any."""
    return next((m for m in game.legal_moves() if test(m)), None)


@pytest.fixture
def table() -> Table:
    return Table()
