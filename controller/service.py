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
import copy
import dataclasses
import io
import json
import logging
import queue
import random
import sqlite3
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from controller import __version__
from controller.config import Config, ConfigError, GameConfig, build_section
from controller.errors import Conflict, InvalidRequest, NotFound, Unavailable
from controller.journal import Action, GameRow, Journal, Step, ThrowEntry
from controller.rules import GameState, Move, RulesError, Variant, get_variant
from controller.rules.record import RecordWriter
from controller.session import GameSession, SessionEvent, SessionSettings
from controller.session.throws import Throw, camera_throw, electronic_throw, manual_throw
from firmware_bridge.leds import LedFrame
from firmware_bridge.link import BoardLink, LinkDown, LinkUp, SnapshotChanged
from firmware_bridge.snapshot import BoardSnapshot
from hardware.gpio import Panel, PanelPins
from vision.sources import FrameSource, SourceError, open_source

if TYPE_CHECKING:
    from controller.sim import SimRig
    from vision.reader import StickReader

if TYPE_CHECKING:
    from vision.watcher import ThrowResult, ThrowWatcher

log = logging.getLogger(__name__)

EVENT_HISTORY = 20
SUBSCRIPTION_BACKLOG = 256
TICK_S = 0.05
CALL_TIMEOUT_S = 15.0
EVIDENCE_URL = "/api/throws/{throw_id}/evidence"
"""Where the API serves a throw's photo; the game view's `throw.evidence_url` uses it."""

SOUND_FOR_EVENT = {
    "move": "accepted",
    "throw": "accepted",
    "illegal": "illegal",
    "relocate": "attention",
    "game_over": "game_over",
}


class Subscription:
    """A subscriber's own queue of event dicts `{"type": str, "data": dict}`.

    A slow subscriber never blocks the worker: when its backlog is full the oldest event is
    dropped (a `game` event carries the whole view, so the next one heals the gap).
    """

    def __init__(
        self,
        on_close: Callable[[Subscription], None] | None = None,
        backlog: int = SUBSCRIPTION_BACKLOG,
    ) -> None:
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
        """The next event, or None after `timeout` seconds."""
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


def _new_id() -> str:
    return uuid.uuid4().hex[:12]


def _players(game: GameConfig) -> dict[str, dict[str, str]]:
    return {
        side: {"name": name, "kind": "computer" if side in game.computer else "human"}
        for side, name in (("W", game.light_name), ("B", game.dark_name))
    }


def _check_players(players: Any) -> dict[str, dict[str, str]]:
    if not isinstance(players, dict) or set(players) != {"W", "B"}:
        raise InvalidRequest('players must name both sides: {"W": {...}, "B": {...}}')
    checked: dict[str, dict[str, str]] = {}
    for side, player in players.items():
        if not isinstance(player, dict):
            raise InvalidRequest(f"players.{side} must be an object with name and kind")
        name, kind = player.get("name", side), player.get("kind", "human")
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            raise InvalidRequest(f"players.{side}.name must be 1-40 characters")
        if kind not in ("human", "computer"):
            raise InvalidRequest(f"players.{side}.kind must be 'human' or 'computer'")
        checked[side] = {"name": name.strip(), "kind": kind}
    return checked


def _stick_reader(calibration: str) -> StickReader:
    """The stick reader, with the calibration file when one is configured."""
    from vision.calibration import Calibration
    from vision.reader import StickReader

    return StickReader(Calibration.load(calibration) if calibration else None)


def _iso(epoch: float) -> str:
    """A journal time (seconds since the epoch) as the record's ISO 8601 UTC timestamp."""
    return datetime.fromtimestamp(epoch, UTC).isoformat(timespec="milliseconds")


def _plain(value: Any) -> Any:
    """A dataclass (the board's info) as a JSON-ready dict; anything else unchanged."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    return value


def _raise_refusal(events: list[SessionEvent], refusal: str) -> None:
    """`Conflict` with the session's own words when it refused the request."""
    for event in events:
        if event.type == refusal:
            raise Conflict(str(event.data["message"]["text"]))


class GameService:
    """The thread-safe facade the HTTP layer, the command line and the GPIO buttons use.

    `sim=True` replaces the board by the virtual board (the real firmware behind a pty), the
    camera by the synthetic camera and the GPIO pins by gpiozero's mock pins; everything above
    runs for real. `pin_factory` overrides the GPIO backend (tests pass a `MockFactory`);
    `seed` makes electronic throws and the computer repeatable.
    """

    def __init__(
        self,
        config: Config,
        *,
        sim: bool = False,
        pin_factory: Any = None,
        seed: int | None = None,
    ) -> None:
        self.config = config
        self.sim = sim
        self._pin_factory = pin_factory
        self._rng = random.Random(seed)
        self._queue: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._lock = threading.Lock()
        self._subscribers: list[Subscription] = []
        self._history: deque[dict[str, Any]] = deque(maxlen=EVENT_HISTORY)
        self._started_at = time.monotonic()
        self._worker: threading.Thread | None = None
        self._journal: Journal | None = None
        self._link: BoardLink | None = None
        self._watcher: ThrowWatcher | None = None
        self._panel: Panel | None = None
        self._rig: SimRig | None = None
        self._session: GameSession | None = None
        self._game_id: str | None = None
        self._line: list[dict[str, Any]] = []
        self._board: BoardSnapshot | None = None
        self._last_throw: dict[str, Any] | None = None
        self._health: tuple[str | None, str | None] | None = None
        self._leds: LedFrame | None = None
        self._view: dict[str, Any] = {}
        self._game_settings = config.game
        self._reasons: dict[str, str | None] = {
            "board": None,
            "camera": None,
            "gpio": None,
            "journal": None,
        }
        # What the stick calibration warns of (see `vision.calibration.exposure_warning`).
        self._camera_warning: str | None = None

    # -- lifecycle -------------------------------------------------------------------------
    def start(self) -> None:
        """Open the journal, resume the last game (or start one), start link, camera, GPIO."""
        self._journal = Journal(self.config.journal_path)
        self._game_settings = self._saved_settings()
        # The panel first: resuming the game already shows the health on the status LED.
        self._start_gpio()
        self._resume_or_new_game()
        if self.sim:
            from controller.sim import SimRig

            # The pieces stand where the game left them (or on their start houses).
            self._rig = SimRig(seed=self._rng.randrange(1 << 30))
            self._rig.start(self._session_or_fail().state.position.squares)
        self._start_board()
        self._start_camera()
        self._worker = threading.Thread(target=self._run, name="game-service", daemon=True)
        self._worker.start()

    def stop(self) -> None:
        """Stop the worker, the link, the camera and GPIO, and close the journal."""
        if self._worker is not None:
            self._queue.put(("stop", None))
            self._worker.join(timeout=10)
            self._worker = None
        for part in (self._watcher, self._link):
            if part is not None:
                part.stop()
        if self._panel is not None:
            self._panel.show_status("off")
            self._panel.close()
        if self._rig is not None:
            self._rig.stop()
        if self._journal is not None:
            self._journal.close()
        self._watcher = self._link = self._panel = self._rig = self._journal = None

    def __enter__(self) -> GameService:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _start_board(self) -> None:
        url = self._rig.board.url if self._rig is not None else self.config.board.url
        self._link = BoardLink(url, on_event=lambda event: self._queue.put(("link", event)))
        self._reasons["board"] = f"connecting to the board at {url}"
        self._link.start()

    def _start_camera(self) -> None:
        source: FrameSource
        if self.config.camera.source == "none":
            self._reasons["camera"] = "no camera configured: throws are entered by hand"
            return
        if self._rig is not None:
            source = self._rig.camera
        else:
            try:
                source = open_source(self.config.camera.source)
            except SourceError as error:
                self._reasons["camera"] = f"camera unavailable ({error}): throws by hand"
                return
        try:
            reader = _stick_reader(self.config.camera.calibration)
        except (OSError, ValueError) as error:
            self._reasons["camera"] = f"camera calibration unusable ({error}): throws by hand"
            return
        if reader.calibration is not None:
            from vision.calibration import exposure_warning

            self._camera_warning = exposure_warning(reader.calibration)
        from vision.watcher import ThrowWatcher

        self._watcher = ThrowWatcher(
            source, reader, lambda result: self._queue.put(("camera", result))
        )
        try:
            self._watcher.start()
        except SourceError as error:
            self._watcher = None
            self._reasons["camera"] = f"camera unavailable ({error}): throws by hand"

    def _start_gpio(self) -> None:
        gpio = self.config.gpio
        if not gpio.enabled:
            self._reasons["gpio"] = "GPIO disabled in the configuration"
            return
        factory = self._pin_factory
        if factory is None and self.sim:
            from gpiozero.pins.mock import MockFactory

            factory = MockFactory()
        pins = PanelPins(
            gpio.confirm_pin,
            gpio.new_game_pin,
            gpio.takeback_pin,
            gpio.buzzer_pin,
            gpio.status_led_pin,
            gpio.long_press_s,
        )
        try:
            self._panel = Panel(
                pins,
                on_confirm=lambda: self._queue.put(("button", "confirm")),
                on_new_game=lambda: self._queue.put(("button", "new_game")),
                on_takeback=lambda: self._queue.put(("button", "takeback")),
                pin_factory=factory,
            )
        except Exception as error:  # gpiozero raises many kinds when there are no pins
            self._reasons["gpio"] = f"no GPIO buttons ({type(error).__name__}: {error})"
            log.warning("GPIO unavailable: %s", error)

    # -- the worker ------------------------------------------------------------------------
    def _run(self) -> None:
        next_tick = time.monotonic()
        while True:
            try:
                item = self._queue.get(timeout=max(0.0, next_tick - time.monotonic()))
            except queue.Empty:
                item = None
            if item is not None and item[0] == "stop":
                return
            try:
                if item is not None:
                    self._handle(*item)
                now = time.monotonic()
                if now >= next_tick:
                    next_tick = now + TICK_S
                    self._advance(self._session_or_fail().tick(now), now)
            except Exception:  # the worker must outlive any bug in one step
                log.exception("game service step failed on %r", item)

    def _handle(self, kind: str, payload: Any) -> None:
        now = time.monotonic()
        if kind == "call":
            function, future = payload
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(function(now))
                except BaseException as error:
                    future.set_exception(error)
        elif kind == "link":
            self._on_link(payload, now)
        elif kind == "camera":
            self._on_camera(payload, now)
        elif kind == "button":
            self._on_button(payload, now)

    def _call(self, function: Callable[[float], Any]) -> Any:
        """Run `function(now)` on the worker and return its result (or raise its error)."""
        if self._worker is None or not self._worker.is_alive():
            raise Unavailable("the game service is not running")
        future: Future[Any] = Future()
        self._queue.put(("call", (function, future)))
        try:
            return future.result(timeout=CALL_TIMEOUT_S)
        except FutureTimeout:
            future.cancel()
            raise Unavailable("the game service is busy; try again") from None

    def _session_or_fail(self) -> GameSession:
        if self._session is None:
            raise Unavailable("no game is loaded")
        return self._session

    def _on_link(self, event: Any, now: float) -> None:
        session = self._session_or_fail()
        if isinstance(event, SnapshotChanged):
            self._board = event.snapshot
            self._advance(self._board_events(session, now), now)
            return
        if isinstance(event, LinkUp):
            self._reasons["board"] = None
            self._leds = None  # the board may have rebooted: send the frame again
        elif isinstance(event, LinkDown):
            self._reasons["board"] = f"board link down ({event.reason}): throws by hand"
        self._advance([], now, status_changed=True)

    def _board_events(self, session: GameSession, now: float) -> list[SessionEvent]:
        assert self._board is not None
        return session.on_board(self._board.houses, now, self._board.faults)

    def _on_camera(self, result: ThrowResult, now: float) -> None:
        session = self._session_or_fail()
        throw = camera_throw(session.state.variant, result.reading, _new_id())
        entry = ThrowEntry(
            str(throw.throw_id),
            "camera",
            throw.value,
            throw.flat,
            counted=False,
            reading=result.reading.to_dict(),
            evidence=result.evidence_jpeg,
        )
        self._advance(session.on_throw(throw, now), now, throw=entry)

    def _on_button(self, name: str, now: float) -> None:
        if name == "new_game":
            self._new_game(now)
            return
        session = self._session_or_fail()
        events = session.confirm(now) if name == "confirm" else session.takeback(now)
        self._advance(events, now)

    # -- one step: journal, then LEDs, then the world --------------------------------------
    def _advance(
        self,
        events: list[SessionEvent],
        now: float,
        *,
        throw: ThrowEntry | None = None,
        status_changed: bool = False,
    ) -> None:
        """Journal what the step made durable, then update the LEDs, then tell everyone."""
        session = self._session_or_fail()
        if any(event.type == "idle_reset" for event in events):
            self._replace_abandoned_game(session)
        else:
            self._journal_step(session, events, throw)
        self._send_leds(session.led_frame(now))
        for event in events:
            self._publish(event.type, event.to_dict()["data"])
            if self._panel is not None and event.type in SOUND_FOR_EVENT:
                self._panel.sound(SOUND_FOR_EVENT[event.type])
        if events or status_changed or self._view.get("board") != self._board_houses():
            self._refresh_view()
            self._publish("game", self._view)
        self._watch_health()

    def _watch_health(self) -> None:
        """On a change of what is missing: the status LED, and a `status` event."""
        health = self._missing()
        if health == self._health:
            return
        self._health = health
        if self._panel is not None:
            self._panel.show_status("degraded" if any(health) else "ok")
        self._publish("status", self.status())

    def _journal_step(
        self, session: GameSession, events: list[SessionEvent], throw: ThrowEntry | None
    ) -> None:
        """Commit the step's durable events, its throw and the new line of play, if any."""
        state = session.state
        durable = [event for event in events if event.durable]
        if not durable and throw is None and len(state.actions) == len(self._line):
            return  # every change to the line of play comes with a durable event
        line = state.to_dict()["actions"]
        kept = 0
        while kept < min(len(line), len(self._line)) and line[kept] == self._line[kept]:
            kept += 1
        thrown = [event.data["throw"] for event in durable if event.type == "throw"]
        throw_ids = [entry["id"] for entry in thrown]
        if thrown:
            self._last_throw = dict(thrown[-1])
        throws = []
        if throw is not None:
            throws.append(dataclasses.replace(throw, counted=throw.throw_id in throw_ids))
        cut = kept < len(self._line)
        if not (durable or throws or cut or len(line) > kept):
            return
        assert self._journal is not None and self._game_id is not None
        self._commit(
            self._game_id,
            Step(
                events=[(event.type, event.to_dict()["data"]) for event in durable],
                throws=throws,
                keep_actions=kept if cut else None,
                actions=self._actions(state.variant, line, kept, thrown),
                state=state.to_dict(),
                players=session.players,
                phase=state.phase,
                winner=state.winner,
                score=state.score,
            ),
        )
        self._line = line

    def _commit(self, game_id: str, step: Step) -> None:
        """Write a step to the journal; `Unavailable` (and the status says why) if it cannot."""
        assert self._journal is not None
        try:
            self._journal.commit(game_id, step)
        except (sqlite3.Error, OSError) as error:
            self._reasons["journal"] = f"the journal cannot be written: {error}"
            self._roll_back()
            raise Unavailable(
                f"the game could not be saved ({error}); nothing was changed"
            ) from error
        self._reasons["journal"] = None

    def _roll_back(self) -> None:
        """Back to the game as last journaled: what was not saved never happened."""
        session = self._session_or_fail()
        variant = session.state.variant
        state = GameState.from_dict(
            {"variant": variant.name, "options": dict(variant.options), "actions": self._line}
        )
        self._session = GameSession.restore(
            variant,
            session.players,
            state,
            now=time.monotonic(),
            rng=self._rng,
            settings=self._session_settings(),
        )
        if self._board is not None:  # the pieces have not moved: play on at once
            now = time.monotonic()
            self._session.on_board(self._board.houses, now, self._board.faults)
            self._session.confirm(now)

    def _replace_abandoned_game(self, session: GameSession) -> None:
        """An idle reset: the old game is closed as abandoned, the reset one gets a new id."""
        assert self._journal is not None and self._game_id is not None
        self._commit(self._game_id, Step(events=[("idle_reset", {})], phase="abandoned"))
        self._start_journaled_game(session)

    def _start_journaled_game(self, session: GameSession) -> None:
        assert self._journal is not None
        state = session.state
        game_id = _new_id()
        self._journal.create_game(
            game_id,
            state.variant.name,
            dict(state.variant.options),
            session.players,
            state.to_dict(),
            state.phase,
        )
        self._session, self._game_id = session, game_id
        self._line = state.to_dict()["actions"]
        self._last_throw = None
        self._history.clear()
        self._publish("new_game", {"game_id": game_id, "variant": state.variant.name})

    @staticmethod
    def _actions(
        variant: Variant, line: list[dict[str, Any]], kept: int, thrown: list[dict[str, Any]]
    ) -> list[Action]:
        """The journal's form of the actions after `kept`, with the side that made each;
        `thrown` are the step's counted throws (id, flat) in order."""
        replay = GameState(variant)
        throws = iter(thrown)
        actions: list[Action] = []
        for index, action in enumerate(line):
            if index >= kept:
                side = replay.side_to_move if replay.phase != "opening" else None
                ((kind, value),) = action.items()
                if kind == "throw":
                    throw = next(throws, {})
                    actions.append(
                        Action(kind, value=value, side=side, throw_id=throw.get("id"),
                               flat=throw.get("flat"))
                    )
                elif kind == "move":
                    actions.append(Action(kind, move=value, side=side))
                else:
                    actions.append(Action(kind, side=side))
            replay.apply_action(action)
        return actions

    def _send_leds(self, frame: LedFrame) -> None:
        if frame != self._leds and self._link is not None:
            self._link.send_leds(frame)
            self._leds = frame

    def _publish(self, kind: str, data: dict[str, Any]) -> None:
        event = {"type": kind, "data": data}
        if kind not in ("game", "status"):  # the view and the status carry themselves
            self._history.append(event)
        with self._lock:
            subscribers = list(self._subscribers)
        for subscriber in subscribers:
            subscriber.put(event)

    def _board_houses(self) -> str | None:
        return self._board.houses if self._board is not None else None

    def _refresh_view(self) -> None:
        session = self._session_or_fail()
        view = session.view()
        state = session.state
        last = self._last_throw
        # After a restart the session knows the owed throw's value only; the journal knows
        # where it came from (and its photo).
        shown = view.get("throw")
        if (shown is None or shown.get("id") is None) and state.phase == "move" and (
            last is not None and last.get("value") == state.throw
        ):
            view["throw"] = dict(last)
        throw = view.get("throw")
        if isinstance(throw, dict):
            has_photo = throw.get("source") == "camera" and throw.get("id")
            throw["evidence_url"] = (
                EVIDENCE_URL.format(throw_id=throw["id"]) if has_photo else None
            )
        frame = session.led_frame(time.monotonic())
        view.update(
            game_id=self._game_id,
            board=self._board_houses(),
            leds=[
                {"house": house, "color": cell.hex(), "effect": cell.effect}
                for house, cell in enumerate(frame, start=1)
            ],
            events=list(self._history),
        )
        with self._lock:
            self._view = view

    # -- games -----------------------------------------------------------------------------
    def _saved_settings(self) -> GameConfig:
        assert self._journal is not None
        saved = self._journal.settings().get("game")
        if not isinstance(saved, dict):
            return self.config.game
        try:
            return build_section("game", GameConfig, saved, base=self.config.game)  # type: ignore[no-any-return]
        except ConfigError as error:
            log.warning("ignoring saved settings: %s", error)
            return self.config.game

    def _session_settings(self) -> SessionSettings:
        game = self._game_settings
        return SessionSettings(
            quiet_period_s=game.quiet_period_s,
            throw_timeout_s=game.throw_timeout_s,
            idle_reset_s=game.idle_reset_s,
            computer_delay_s=game.computer_delay_s,
        )

    def _resume_or_new_game(self) -> None:
        assert self._journal is not None
        latest = self._journal.latest_game()
        if latest is not None and self._resume(latest):
            return
        self._new_game(time.monotonic())

    def _resume(self, game: GameRow) -> bool:
        """Rebuild the journaled game; False (and a log line) if its state cannot be read."""
        try:
            state = GameState.from_dict(game.state or {})
            variant = get_variant(game.variant, game.options)
        except RulesError as error:
            log.error("cannot resume game %s: %s", game.game_id, error)
            return False
        self._session = GameSession.restore(
            variant,
            game.players,
            state,
            now=time.monotonic(),
            rng=self._rng,
            settings=self._session_settings(),
        )
        self._game_id = game.game_id
        self._line = state.to_dict()["actions"]
        self._last_throw = self._journaled_last_throw(game.game_id)
        self._history.clear()
        self._publish("resumed", {"game_id": game.game_id, "actions": len(self._line)})
        self._refresh_view()
        return True

    def _journaled_last_throw(self, game_id: str) -> dict[str, Any] | None:
        """The game's last counted throw as the view shows it, from the journal."""
        assert self._journal is not None
        throws = [a for a in self._journal.actions(game_id) if a["kind"] == "throw"]
        if not throws:
            return None
        last = throws[-1]
        sources = {entry["id"]: entry["source"] for entry in self._journal.throws(game_id)}
        return {
            "id": last["throw_id"],
            "value": last["value"],
            "flat": last["flat"],
            "source": sources.get(last["throw_id"], "electronic"),
        }

    def _new_game(
        self,
        now: float,
        variant_name: str | None = None,
        options: dict[str, str] | None = None,
        players: dict[str, dict[str, str]] | None = None,
    ) -> dict[str, Any]:
        assert self._journal is not None
        game = self._game_settings
        name = game.variant if variant_name is None else variant_name
        chosen = dict(game.options) if options is None and variant_name is None else options or {}
        try:
            variant = get_variant(name, chosen)
        except RulesError as error:
            raise InvalidRequest(str(error)) from error
        players = _players(game) if players is None else _check_players(players)
        session = GameSession(
            variant, players, now=now, rng=self._rng, settings=self._session_settings()
        )
        self._start_journaled_game(session)
        events = [] if self._board is None else self._board_events(session, now)
        self._advance(events, now, status_changed=True)
        return self._view

    # -- reading ---------------------------------------------------------------------------
    def _missing(self) -> tuple[str | None, str | None]:
        """Why the board, and why the camera, are not in use (None for a part that is)."""
        camera, watcher = self._reasons["camera"], self._watcher
        if camera is None and watcher is not None and watcher.state == "error":
            camera = f"camera error ({watcher.error}): throws by hand until it is back"
        return self._reasons["board"], camera

    def status(self) -> dict[str, Any]:
        """Version, uptime, board link and camera state (with the reason when degraded, and
        what the stick calibration warns of), GPIO, and a game summary."""
        link, watcher, board = self._link, self._watcher, self._board
        board_reason, camera_reason = self._missing()
        with self._lock:
            view = self._view
        return {
            "version": __version__,
            "uptime_s": round(time.monotonic() - self._started_at, 3),
            "sim": self.sim,
            "board": {
                "state": link.state if link is not None else "absent",
                "info": _plain(link.info) if link is not None else None,
                "counters": link.counters() if link is not None else {},
                "faults": sorted(board.faults) if board is not None else [],
                "reason": board_reason,
            },
            "camera": {
                "state": watcher.state if watcher is not None else "absent",
                "frame_age": watcher.frame_age if watcher is not None else None,
                "reason": camera_reason,
                "warning": self._camera_warning,
            },
            "gpio": {
                "state": "ok" if self._panel is not None else "absent",
                "reason": self._reasons["gpio"],
            },
            "journal": {"path": str(self.config.journal_path), "reason": self._reasons["journal"]},
            "manual_throws": camera_reason is not None,
            "degraded": board_reason is not None or camera_reason is not None,
            "game": {
                key: view.get(key)
                for key in ("game_id", "variant", "phase", "side_to_move", "winner", "score")
            },
        }

    def game_view(self) -> dict[str, Any]:
        """The game as the brief's `game_view` contract describes it (a fresh copy)."""
        with self._lock:
            return copy.deepcopy(self._view)

    def subscribe(self) -> Subscription:
        """A queue of live events; a `game` event (with the view) follows every change."""
        subscription = Subscription(self._unsubscribe)
        with self._lock:
            self._subscribers.append(subscription)
        return subscription

    def _unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            if subscription in self._subscribers:
                self._subscribers.remove(subscription)

    def _open_journal(self) -> Journal:
        if self._journal is None:
            raise Unavailable("the game service is not running")
        return self._journal

    def games(self) -> list[dict[str, Any]]:
        """Every journaled game, newest first: id, variant, players, started, phase, winner."""
        return [game.summary() for game in self._open_journal().games()]

    def game_record(self, game_id: str) -> list[dict[str, Any]]:
        """The game in the rules core's record format (header, then throws and moves);
        `NotFound` for an unknown id."""
        journal = self._open_journal()
        game = journal.game(game_id)
        if game is None:
            raise NotFound(f"no game {game_id!r} in the journal")
        writer = RecordWriter(
            io.StringIO(),
            get_variant(game.variant, game.options),
            game.players,
            started=_iso(game.started),
        )
        for action in journal.actions(game_id):
            at = _iso(action["at"])
            if action["kind"] == "throw":
                writer.throw(action["value"], flat=action["flat"], at=at)
            elif action["kind"] == "move":
                writer.move(Move.parse(action["move"]), at=at)
            else:
                writer.skip(at=at)
        assert isinstance(writer.stream, io.StringIO)
        return [json.loads(line) for line in writer.stream.getvalue().splitlines()]

    def evidence(self, throw_id: str) -> bytes | None:
        """The JPEG the camera saved for a throw, None for a throw without a photo;
        `NotFound` for an unknown throw."""
        try:
            return self._open_journal().evidence(throw_id)
        except KeyError:
            raise NotFound(f"no throw {throw_id!r} in the journal") from None

    def settings(self) -> dict[str, Any]:
        """The game settings in force: `{"game": {variant, options, names, computer, ...}}`."""
        return {"game": dataclasses.asdict(self._game_settings)}

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
        if options is not None and not (
            isinstance(options, dict)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in options.items())
        ):
            raise InvalidRequest("options must be an object of option name: value strings")
        view: dict[str, Any] = self._call(
            lambda now: self._new_game(now, variant, options, players)
        )
        return copy.deepcopy(view)

    def throw(self, value: int | None = None, flat: int | None = None) -> dict[str, Any]:
        """A throw entered by hand: a move value, or the count of flat faces up, or neither
        for electronic sticks (random, with the real probabilities). Journaled before it
        returns the game view. `Conflict` when no throw is due, `InvalidRequest` if out of
        range."""

        def apply(now: float) -> dict[str, Any]:
            session = self._session_or_fail()
            variant = session.state.variant
            throw_id = _new_id()
            try:
                if value is None and flat is None:
                    thrown: Throw = electronic_throw(variant, self._rng, throw_id)
                else:
                    thrown = manual_throw(variant, value, flat, throw_id)
            except ValueError as error:
                raise InvalidRequest(str(error)) from error
            entry = ThrowEntry(throw_id, thrown.source, thrown.value, thrown.flat, counted=False)
            events = session.on_throw(thrown, now)
            self._advance(events, now, throw=entry)
            _raise_refusal(events, "throw_refused")
            return self._view

        return copy.deepcopy(self._call(apply))

    def takeback(self) -> dict[str, Any]:
        """Undo the last move (referee); the LEDs guide the pieces back. `Conflict` when there
        is nothing to take back."""

        def apply(now: float) -> dict[str, Any]:
            events = self._session_or_fail().takeback(now)
            self._advance(events, now)
            _raise_refusal(events, "takeback_refused")
            return self._view

        return copy.deepcopy(self._call(apply))

    def confirm(self) -> dict[str, Any]:
        """The confirm button: accept what the board shows now without waiting."""

        def apply(now: float) -> dict[str, Any]:
            self._advance(self._session_or_fail().confirm(now), now)
            return self._view

        return copy.deepcopy(self._call(apply))

    def update_settings(self, changes: dict[str, Any]) -> dict[str, Any]:
        """Change game settings (`{"game": {key: value}}`); checked like the configuration
        file, kept in the journal, used from the next game. `InvalidRequest` naming the key."""
        if not isinstance(changes, dict) or set(changes) - {"game"}:
            raise InvalidRequest('settings changes are {"game": {key: value}}')
        game_changes = changes.get("game", {})
        if not isinstance(game_changes, dict):
            raise InvalidRequest('settings changes are {"game": {key: value}}')

        def apply(now: float) -> dict[str, Any]:
            try:
                game = build_section("game", GameConfig, game_changes, base=self._game_settings)
                get_variant(game.variant, game.options)
            except (ConfigError, RulesError) as error:
                raise InvalidRequest(str(error)) from error
            self._open_journal().save_settings({"game": dataclasses.asdict(game)})
            self._game_settings = game
            return self.settings()

        result: dict[str, Any] = self._call(apply)
        return result

    # -- simulation ------------------------------------------------------------------------
    @property
    def sim_rig(self) -> SimRig:
        """The virtual board and synthetic camera (`--sim` only, else `Unavailable`)."""
        if self._rig is None:
            raise Unavailable("simulation actions need `senet-board serve --sim`")
        return self._rig

    def sim_board(self, action: str, house: int, piece: str | None = None) -> dict[str, Any]:
        """`--sim` only: `lift` or `place` a piece (`W`/`B`) on the virtual board. `Unavailable`
        outside sim, `InvalidRequest` for a bad action, house or piece."""
        rig = self.sim_rig
        try:
            rig.act(action, house, piece)
        except ValueError as error:
            raise InvalidRequest(str(error)) from error
        return self.game_view()

    def sim_throw(self, flat: int | None = None, scene: str | None = None) -> dict[str, Any]:
        """`--sim` only: the synthetic camera shows a throw with `flat` flat faces up, or one
        of the bad scenes. The result arrives through the real watcher and reader."""
        rig = self.sim_rig
        try:
            rig.throw(flat, scene)
        except ValueError as error:
            raise InvalidRequest(str(error)) from error
        return self.game_view()


