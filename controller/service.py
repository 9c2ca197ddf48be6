"""The running product behind one thread-safe facade: board link, camera, session, journal, GPIO.

Threading model: one worker thread owns the game session and everything that changes it. Board
snapshots (from the link's thread), throw results (from the camera watcher's thread), GPIO
button presses (gpiozero's thread), API calls (the web server's threads) and a periodic tick all
arrive through one queue and are handled in order, so the session never sees two things at once.
For every step the worker writes the durable events to the journal first (a committed SQLite
transaction), then sends the LED frame to the board, then publishes the events to subscribers
and answers the caller: nothing is acknowledged that a kill -9 could lose.

Reads (`status()`, `game_view()`) never wait for the worker: they return the last view the
worker published.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from typing import Any

from controller.config import Config

EVENT_HISTORY = 20
SUBSCRIPTION_BACKLOG = 256


class Subscription:
    """A subscriber's own queue of event dicts `{"type": str, "data": dict}`.

    A slow subscriber never blocks the worker: when its backlog is full the oldest event is
    dropped (a `game` event carries the whole view, so the next one heals the gap).
    """

    def __init__(self, on_close: Any = None, backlog: int = SUBSCRIPTION_BACKLOG) -> None:
        self._queue: queue.Queue[dict[str, Any]] = queue.Queue(maxsize=backlog)
        self._on_close = on_close
        self._lock = threading.Lock()
        self.closed = False

    def put(self, event: dict[str, Any]) -> None:
        """Add an event, dropping the oldest when full (called by the worker)."""
        with self._lock:
            if self._queue.full():
                with contextlib.suppress(queue.Empty):
                    self._queue.get_nowait()
            self._queue.put_nowait(event)

    def get(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next event, or None after `timeout` seconds (or once closed and drained)."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        """Stop receiving events; safe to call twice."""
        if not self.closed:
            self.closed = True
            if self._on_close is not None:
                self._on_close(self)


class GameService:
    """The thread-safe facade the HTTP layer, the command line and the GPIO buttons use.

    `sim=True` replaces the board by the virtual board (the real firmware behind a pty), the
    camera by the synthetic camera and the GPIO pins by gpiozero's mock pins; everything above
    runs for real. `pin_factory` overrides the GPIO backend (tests pass a `MockFactory`).
    """

    def __init__(self, config: Config, *, sim: bool = False, pin_factory: Any = None) -> None:
        self.config = config
        self.sim = sim
        self._pin_factory = pin_factory

    # -- lifecycle -------------------------------------------------------------------------
    def start(self) -> None:
        """Open the journal, resume the last game (or start one), start link, camera, GPIO."""
        raise NotImplementedError

    def stop(self) -> None:
        """Stop the worker, the link, the camera and GPIO, and close the journal."""
        raise NotImplementedError

    # -- reading ---------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        """Version, uptime, board link and camera state (with the reason when degraded),
        GPIO, and a game summary."""
        raise NotImplementedError

    def game_view(self) -> dict[str, Any]:
        """The game as the brief's `game_view` contract describes it (a fresh copy)."""
        raise NotImplementedError

    def subscribe(self) -> Subscription:
        """A queue of live events; a `game` event (with the view) follows every change."""
        raise NotImplementedError

    def games(self) -> list[dict[str, Any]]:
        """Every journaled game, newest first: id, variant, players, started, phase, winner."""
        raise NotImplementedError

    def game_record(self, game_id: str) -> list[dict[str, Any]]:
        """The game in the rules core's record format (header, then throws and moves);
        `NotFound` for an unknown id."""
        raise NotImplementedError

    def evidence(self, throw_id: str) -> bytes | None:
        """The JPEG the camera saved for a throw, None for a throw without a photo;
        `NotFound` for an unknown throw."""
        raise NotImplementedError

    def settings(self) -> dict[str, Any]:
        """The game settings in force: `{"game": {variant, options, names, computer, ...}}`."""
        raise NotImplementedError

    # -- changing --------------------------------------------------------------------------
    def new_game(
        self,
        variant: str | None = None,
        options: dict[str, str] | None = None,
        players: dict[str, dict[str, str]] | None = None,
    ) -> dict[str, Any]:
        """Start a new game (journaled before it returns); None takes the settings' value.

        `players` is `{"W": {"name", "kind": "human" | "computer"}, "B": {...}}`. Returns the
        game view. `InvalidRequest` for an unknown variant, option or player kind."""
        raise NotImplementedError

    def throw(self, value: int | None = None, flat: int | None = None) -> dict[str, Any]:
        """A throw entered by hand: a move value, or the count of flat faces up, or neither
        for electronic sticks (random, with the real probabilities). Journaled before it
        returns the game view. `Conflict` when no throw is due, `InvalidRequest` if out of
        range."""
        raise NotImplementedError

    def takeback(self) -> dict[str, Any]:
        """Undo the last move (referee); the LEDs guide the pieces back. `Conflict` when there
        is nothing to take back."""
        raise NotImplementedError

    def confirm(self) -> dict[str, Any]:
        """The confirm button: accept what the board shows now without waiting."""
        raise NotImplementedError

    def update_settings(self, changes: dict[str, Any]) -> dict[str, Any]:
        """Change game settings (`{"game": {key: value}}`); checked like the configuration
        file, kept in the journal, used from the next game. `InvalidRequest` naming the key."""
        raise NotImplementedError

    # -- simulation ------------------------------------------------------------------------
    def sim_board(self, action: str, house: int, piece: str | None = None) -> dict[str, Any]:
        """`--sim` only: `lift` or `place` a piece (`W`/`B`) on the virtual board. `Unavailable`
        outside sim, `InvalidRequest` for a bad action, house or piece."""
        raise NotImplementedError

    def sim_throw(self, flat: int | None = None, scene: str | None = None) -> dict[str, Any]:
        """`--sim` only: the synthetic camera shows a throw with `flat` flat faces up, or one
        of the bad scenes. The result arrives through the real watcher and reader."""
        raise NotImplementedError
