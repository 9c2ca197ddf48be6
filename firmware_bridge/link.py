"""The host end of the serial link: handshake, heartbeat supervision, reconnect, LED frames.

`BoardLink` owns one thread that opens whatever `serial.serial_for_url` accepts (a device
path, a pty, a URL), shakes hands, reads snapshots, keeps the board's LEDs in sync and
reconnects with backoff when the port vanishes, the heartbeat stops or the firmware reboots.
Events go to `on_event` on that thread; keep handlers short.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypedDict

import serial

from firmware_bridge import codec
from firmware_bridge.codec import BoardInfo, Message
from firmware_bridge.leds import LedFrame, check_frame
from firmware_bridge.snapshot import BoardSnapshot

log = logging.getLogger(__name__)

HANDSHAKE_TIMEOUT_S = 0.5
HANDSHAKE_TRIES = 3
COMMAND_TIMEOUT_S = 0.25
COMMAND_TRIES = 4
HEARTBEAT_TIMEOUT_S = 3.0
PING_INTERVAL_S = 1.0
LED_MIN_INTERVAL_S = 0.02
BACKOFF_FIRST_S = 0.1
BACKOFF_MAX_S = 2.0
POLL_S = 0.005


@dataclass(frozen=True)
class LinkUp:
    info: BoardInfo


@dataclass(frozen=True)
class LinkDown:
    reason: str


@dataclass(frozen=True)
class SnapshotChanged:
    snapshot: BoardSnapshot


@dataclass(frozen=True)
class SensorFault:
    """The set of faulty sensors changed; `houses` is the whole new set (empty: all healed)."""

    houses: frozenset[int]


LinkEvent = LinkUp | LinkDown | SnapshotChanged | SensorFault


class LinkCounters(TypedDict):
    """What `BoardLink.counters()` returns, for the status API."""

    frames_good: int
    frames_corrupt: int
    retries: int
    reconnects: int
    reboots: int
    led_frames_sent: int
    commands_failed: int
    heartbeat_age: float | None  # seconds since the board last sent a good frame


class LinkError(Exception):
    """A command could not be carried out: link down, or no reply after every retry."""


class CommandRejected(LinkError):
    """The firmware answered a command with an error reply."""

    def __init__(self, code: int, text: str) -> None:
        super().__init__(f"board error {code}: {text}")
        self.code = code
        self.text = text


class _LinkLost(Exception):
    pass


@dataclass
class _Pending:
    data: bytes
    sent_at: float = 0.0
    tries: int = 0
    reply: Message | None = None
    error: str | None = None
    done: threading.Event = field(default_factory=threading.Event)


class BoardLink:
    def __init__(
        self,
        url: str,
        *,
        on_event: Callable[[LinkEvent], None] | None = None,
        baudrate: int = 115200,
    ) -> None:
        self.url = url
        self.on_event = on_event
        self.baudrate = baudrate
        self.snapshot: BoardSnapshot | None = None
        self.state = "connecting"
        self.info: BoardInfo | None = None
        self._lock = threading.RLock()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._port: serial.SerialBase | None = None
        self._number = 0
        self._pending: dict[int, _Pending] = {}
        self._leds: LedFrame | None = None
        self._leds_dirty = False
        self._led_number: int | None = None
        self._led_sent_at = -1e9
        self._last_tx = 0.0
        self._last_rx: float | None = None
        self._ups = 0
        self._session_was_up = False
        self._down_announced = False
        self._counts = {
            "frames_good": 0,
            "frames_corrupt": 0,
            "retries": 0,
            "reconnects": 0,
            "reboots": 0,
            "led_frames_sent": 0,
            "commands_failed": 0,
        }

    # public API

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name="board-link", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Closes the port and ends the link's thread (also safe from an event handler)."""
        self._stopping.set()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)
        self.state = "down"

    def send_leds(self, frame: LedFrame) -> None:
        """Shows frame on the board: latest wins, at most one frame per 20 ms, resent after a
        reconnect or a firmware reboot, and again until the board acknowledges it."""
        frame = check_frame(frame)
        with self._lock:
            if frame == self._leds and not self._leds_dirty and self._led_number is None:
                return
            self._leds = frame
            self._leds_dirty = True
            self._flush_leds(time.monotonic())

    def counters(self) -> LinkCounters:
        """Counts for the status API; heartbeat_age is seconds since the board last spoke."""
        with self._lock:
            c = self._counts
            age = None if self._last_rx is None else round(time.monotonic() - self._last_rx, 3)
            return LinkCounters(
                frames_good=c["frames_good"],
                frames_corrupt=c["frames_corrupt"],
                retries=c["retries"],
                reconnects=c["reconnects"],
                reboots=c["reboots"],
                led_frames_sent=c["led_frames_sent"],
                commands_failed=c["commands_failed"],
                heartbeat_age=age,
            )

    def request_raw(self) -> codec.RawReadings:
        """Raw ADC readings and baselines of all 30 sensors (for calibration and doctor)."""
        reply = self._request("RAW")
        if not isinstance(reply, codec.RawReadings):
            raise LinkError(f"unexpected reply to RAW: {reply}")
        return reply

    def calibrate(self) -> None:
        """Takes zero-field baselines; the board must be empty. CommandRejected names the
        houses that could not be calibrated."""
        self._request("CAL")

    def self_test(self) -> None:
        """Runs the LED self-test pattern (red, green, blue, white)."""
        self._request("TEST")

    def ping(self) -> None:
        self._request("PING")

    # commands

    def _next_number(self) -> int:
        self._number = self._number % codec.MAX_COMMAND + 1
        return self._number

    def _request(self, kind: str) -> Message:
        """Sends a command and waits for its reply, retried by the link thread."""
        if threading.current_thread() is self._thread:
            raise LinkError("commands cannot wait on the link's own thread")
        with self._lock:
            if self.state != "up":
                raise LinkError(f"board link is {self.state}")
            number = self._next_number()
            pending = _Pending(codec.simple_command(kind, number))
            self._pending[number] = pending
            self._send_pending(pending, time.monotonic())
        pending.done.wait(COMMAND_TIMEOUT_S * COMMAND_TRIES + 1.0)
        with self._lock:
            self._pending.pop(number, None)
            if pending.reply is None:
                self._counts["commands_failed"] += 1
        if pending.reply is None:
            raise LinkError(f"{kind}: {pending.error or 'no reply from the board'}")
        if isinstance(pending.reply, codec.ErrorReply):
            raise CommandRejected(pending.reply.code, pending.reply.text)
        return pending.reply

    def _send_pending(self, pending: _Pending, now: float) -> None:
        pending.tries += 1
        pending.sent_at = now
        if pending.tries > 1:
            self._counts["retries"] += 1
        try:
            self._write(pending.data)
        except (serial.SerialException, OSError):
            log.debug("command not sent; retried or failed by the link thread", exc_info=True)

    def _retry_commands(self, now: float) -> None:
        for pending in list(self._pending.values()):
            if pending.done.is_set() or now - pending.sent_at < COMMAND_TIMEOUT_S:
                continue
            if pending.tries >= COMMAND_TRIES:
                pending.error = f"no reply after {pending.tries} tries"
                pending.done.set()
            else:
                self._send_pending(pending, now)

    def _fail_pending(self, reason: str) -> None:
        for pending in self._pending.values():
            pending.error = reason
            pending.done.set()

    # LED frames

    def _flush_leds(self, now: float) -> None:
        """Sends the latest frame if it is new and the rate allows, or again if unacknowledged."""
        if self.state != "up" or self._leds is None:
            return
        if now - self._led_sent_at < LED_MIN_INTERVAL_S:
            return
        unacked = self._led_number is not None and now - self._led_sent_at >= COMMAND_TIMEOUT_S
        if not (self._leds_dirty or unacked):
            return
        if unacked and not self._leds_dirty:
            self._counts["retries"] += 1
        number = self._next_number()
        self._led_number = number
        self._led_sent_at = now
        self._leds_dirty = False
        self._counts["led_frames_sent"] += 1
        try:
            self._write(codec.led_command(number, self._leds))
        except (serial.SerialException, OSError):
            self._leds_dirty = True  # the link thread notices the broken port and reconnects

    # the link thread

    def _write(self, data: bytes) -> None:
        port = self._port
        if port is None:
            raise serial.SerialException("port closed")
        port.write(data)
        self._last_tx = time.monotonic()

    def _emit(self, event: LinkEvent) -> None:
        if self.on_event is None:
            return
        try:
            self.on_event(event)
        except Exception:
            log.exception("board link event handler failed on %s", event)

    def _run(self) -> None:
        backoff = BACKOFF_FIRST_S
        while not self._stopping.is_set():
            self.state = "connecting"
            reason = self._connect_and_serve()
            if self._stopping.is_set():
                break
            if self._session_was_up:
                backoff = BACKOFF_FIRST_S
            self._go_down(reason)
            self._stopping.wait(backoff)
            backoff = min(backoff * 2, BACKOFF_MAX_S)
        with self._lock:
            self._close()
            self._fail_pending("link stopped")

    def _go_down(self, reason: str) -> None:
        with self._lock:
            self.state = "down"
            self._fail_pending(reason)
            announce = not self._down_announced
            self._down_announced = True
        if announce:
            log.warning("board link down: %s", reason)
            self._emit(LinkDown(reason))

    def _close(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                log.debug("closing the board port failed", exc_info=True)

    def _connect_and_serve(self) -> str:
        """Opens, shakes hands and serves until the link breaks; returns why it broke."""
        self._session_was_up = False
        try:
            port = serial.serial_for_url(
                self.url, baudrate=self.baudrate, timeout=POLL_S, write_timeout=1.0
            )
        except (serial.SerialException, OSError, ValueError) as exc:
            return f"cannot open {self.url}: {exc}"
        with self._lock:
            self._port = port
        reader = codec.FrameReader()
        try:
            self._handshake(port, reader)
            self._serve(port, reader)
            return "stopped"
        except _LinkLost as lost:
            return str(lost)
        except (serial.SerialException, OSError) as exc:
            return f"port error: {exc}"
        finally:
            with self._lock:
                self._close()

    def _read(self, port: serial.SerialBase, reader: codec.FrameReader) -> list[Message]:
        data = port.read(port.in_waiting or 1)
        if not data:
            return []
        good, corrupt = reader.good, reader.corrupt
        messages = reader.feed(data)
        with self._lock:
            self._counts["frames_good"] += reader.good - good
            self._counts["frames_corrupt"] += reader.corrupt - corrupt
            if messages:
                self._last_rx = time.monotonic()
        return messages

    def _handshake(self, port: serial.SerialBase, reader: codec.FrameReader) -> None:
        for _ in range(HANDSHAKE_TRIES):
            with self._lock:
                number = self._next_number()
                self._write(codec.hello_command(number))
            deadline = time.monotonic() + HANDSHAKE_TIMEOUT_S
            while time.monotonic() < deadline:
                if self._stopping.is_set():
                    raise _LinkLost("stopped")
                for message in self._read(port, reader):
                    if isinstance(message, codec.ErrorReply) and message.number == number:
                        raise _LinkLost(f"board refused the handshake: {message.text}")
                    if isinstance(message, codec.Hello) and message.number == number:
                        self._link_up(message.info)
                        return
        raise _LinkLost(f"no answer to the handshake from {self.url}")

    def _link_up(self, info: BoardInfo) -> None:
        if info.protocol != codec.PROTOCOL_VERSION:
            raise _LinkLost(
                f"board speaks protocol {info.protocol}, host {codec.PROTOCOL_VERSION}: "
                "update the firmware (see hardware/README.md)"
            )
        if info.houses != codec.HOUSES or info.leds != codec.HOUSES:
            raise _LinkLost(
                f"board reports {info.houses} sensors and {info.leds} LEDs, expected 30 each"
            )
        with self._lock:
            self.info = info
            self.state = "up"
            self._session_was_up = True
            self._down_announced = False
            self._last_rx = time.monotonic()
            if self._ups:
                self._counts["reconnects"] += 1
            self._ups += 1
            self._leds_dirty = self._leds is not None
            self._led_number = None
            self._led_sent_at = -1e9
        self._emit(LinkUp(info))
        with self._lock:
            self._flush_leds(time.monotonic())

    def _serve(self, port: serial.SerialBase, reader: codec.FrameReader) -> None:
        while not self._stopping.is_set():
            for message in self._read(port, reader):
                self._handle(message)
            now = time.monotonic()
            with self._lock:
                last_rx = self._last_rx
                if last_rx is not None and now - last_rx > HEARTBEAT_TIMEOUT_S:
                    raise _LinkLost(f"no heartbeat from the board for {HEARTBEAT_TIMEOUT_S:g} s")
                self._flush_leds(now)
                self._retry_commands(now)
                if now - self._last_tx >= PING_INTERVAL_S:
                    self._number_ping()

    def _number_ping(self) -> None:
        """Keeps the firmware from showing "link lost" while the host has nothing to say."""
        self._write(codec.simple_command("PING", self._next_number()))

    def _handle(self, message: Message) -> None:
        if isinstance(message, codec.Snap):
            self._on_snapshot(message.to_snapshot(time.monotonic()))
        elif isinstance(message, codec.Hello):
            if message.number == 0:
                self._on_reboot(message.info)
        elif isinstance(message, codec.Ack | codec.ErrorReply | codec.RawReadings):
            self._on_reply(message)

    def _on_snapshot(self, snapshot: BoardSnapshot) -> None:
        previous = self.snapshot
        self.snapshot = snapshot
        if snapshot.same_board(previous):
            return
        if snapshot.faults != (previous.faults if previous else frozenset()):
            self._emit(SensorFault(snapshot.faults))
        self._emit(SnapshotChanged(snapshot))

    def _on_reboot(self, info: BoardInfo) -> None:
        """The firmware restarted under us: same port, fresh state, so resend the LEDs."""
        with self._lock:
            self._counts["reboots"] += 1
            self.info = info
            self._leds_dirty = self._leds is not None
            self._led_number = None
            self._led_sent_at = -1e9
        log.warning("board firmware restarted (boot %s)", info.boot)
        self._emit(LinkUp(info))
        with self._lock:
            self._flush_leds(time.monotonic())

    def _on_reply(self, message: codec.Ack | codec.ErrorReply | codec.RawReadings) -> None:
        with self._lock:
            if message.number == self._led_number:
                self._led_number = None
                if isinstance(message, codec.ErrorReply):
                    log.error("board rejected an LED frame: %s", message.text)
                return
            pending = self._pending.get(message.number)
            if pending is not None and not pending.done.is_set():
                pending.reply = message
                pending.done.set()
