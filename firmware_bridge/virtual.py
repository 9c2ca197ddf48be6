"""A virtual board: the real firmware on simulated sensors, behind a real pseudo-terminal.

The firmware modules from `hardware/firmware/` run unchanged in a thread over `hal_sim`; the
host opens `url` (a stable symlink to the pty, like a udev name) with `serial_for_url` exactly
as it opens `/dev/ttyACM0`. Pieces, sensor faults and wire faults are scripted from here.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import select
import shutil
import tempfile
import threading
import time
import traceback
import tty
from collections.abc import Callable, Iterable
from pathlib import Path
from types import TracebackType
from typing import Any

from firmware_bridge.codec import EFFECT_NAMES
from firmware_bridge.firmware import board_config, board_firmware, hal_sim
from firmware_bridge.leds import LedCell, LedFrame
from firmware_bridge.snapshot import HOUSES, PIECES

Pixel = tuple[int, int, int]


class VirtualCable:
    """The USB cable: the board end of a pty, with byte-level faults, that can be pulled."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._lock = threading.Lock()
        self._master: int | None = None
        self._slave: int | None = None
        self.corrupt_rate = 0.0
        self.drop_rate = 0.0

    @property
    def plugged(self) -> bool:
        return self._master is not None

    def plug(self, link_path: Path) -> None:
        """Opens a fresh pty and points link_path at it (what a replugged USB device gets)."""
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo or line editing even before the host opens it
        os.set_blocking(master, False)
        staging = link_path.with_name(link_path.name + ".new")
        with contextlib.suppress(FileNotFoundError):
            staging.unlink()
        os.symlink(os.ttyname(slave), staging)
        os.replace(staging, link_path)
        with self._lock:
            self._master, self._slave = master, slave

    def unplug(self, link_path: Path) -> None:
        with self._lock:
            fds = (self._master, self._slave)
            self._master = self._slave = None
        with contextlib.suppress(FileNotFoundError):
            link_path.unlink()
        for fd in fds:
            if fd is not None:
                os.close(fd)

    def _damage(self, data: bytes) -> bytes:
        if not (self.corrupt_rate or self.drop_rate):
            return data
        out = bytearray()
        for byte in data:
            if self._rng.random() < self.drop_rate:
                continue
            if self._rng.random() < self.corrupt_rate:
                byte ^= 1 << self._rng.randrange(8)
            out.append(byte)
        return bytes(out)

    def read(self) -> bytes:
        with self._lock:
            if self._master is None:
                return b""
            try:
                data = os.read(self._master, 4096)
            except (BlockingIOError, OSError):
                return b""
        return self._damage(data)

    def write(self, data: bytes) -> None:
        data = self._damage(bytes(data))
        with self._lock:
            while data and self._master is not None:
                try:
                    written = os.write(self._master, data)
                except OSError:
                    return  # nobody reading and the pty is full: bytes are lost, as on USB
                data = data[written:]

    def wait(self, seconds: float) -> None:
        master = self._master
        if master is None:
            time.sleep(seconds)
            return
        with contextlib.suppress(OSError, ValueError):
            select.select([master], [], [], seconds)


class VirtualBoard:
    """The firmware running on virtual magnets; open `url` like a real board."""

    def __init__(self, *, noise: int = 250, board_id: str = "SIM-0001", seed: int | None = None):
        self.physics: Any = hal_sim.Physics(noise)
        self.board_id = board_id
        self._rng = random.Random(seed)
        self.cable = VirtualCable(self._rng)
        self._storage: dict[str, str] = {}
        self._dir = Path(tempfile.mkdtemp(prefix="senet-virtual-board-"))
        self.url = str(self._dir / "ttySENET0")
        self._hal: Any = None
        self._firmware: Any = None
        self._thread: threading.Thread | None = None
        self._leds_changed = threading.Condition()
        self.crash: str | None = None
        self._factory_calibration()

    def _factory_calibration(self) -> None:
        """Calibrates the empty board with the firmware's own routine, as a builder would."""
        hal = hal_sim.SimHal(self.physics, self.cable, self._storage, self.board_id)
        board_firmware.Scanner(hal).calibrate()

    # life cycle

    def start(self) -> VirtualBoard:
        self.cable.plug(Path(self.url))
        self._boot()
        return self

    def stop(self) -> None:
        self._halt()
        if self.cable.plugged:
            self.cable.unplug(Path(self.url))
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> VirtualBoard:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def _boot(self) -> None:
        hal = hal_sim.SimHal(self.physics, self.cable, self._storage, self.board_id)
        hal.on_leds = self._notify_leds
        self._hal = hal
        self._firmware = board_firmware.Firmware(hal)
        self._thread = threading.Thread(
            target=self._run, args=(self._firmware,), name="virtual-board", daemon=True
        )
        self._thread.start()

    def _run(self, firmware: Any) -> None:
        try:
            firmware.run()
        except Exception:
            self.crash = traceback.format_exc()

    def _halt(self) -> None:
        if self._hal is not None:
            self._hal.running = False
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    # pieces

    def place(self, house: int, piece: str) -> None:
        """Puts a piece (`W` light, `B` dark) on house 1-30."""
        _check_house(house)
        if piece not in ("W", "B"):
            raise ValueError(f"a piece is W or B, got {piece!r}")
        self.physics.place(house, piece)

    def lift(self, house: int) -> None:
        _check_house(house)
        self.physics.place(house, ".")

    def set_houses(self, squares: str) -> None:
        """Sets the whole board at once (30 characters W, B or ., house 1 first)."""
        if len(squares) != HOUSES or any(ch not in PIECES for ch in squares):
            raise ValueError(f"squares must be {HOUSES} characters of W, B or .")
        for house, piece in enumerate(squares, start=1):
            self.physics.place(house, piece)

    def houses(self) -> str:
        """What physically stands on the board (not what the sensors make of it)."""
        return "".join(self.physics.pieces)

    def slide(
        self, piece: str, houses: Iterable[int], dwell_s: float = 0.025, gap_s: float = 0.005
    ) -> None:
        """Slides piece along houses (first: where it starts, last: where it stays).

        Over each house on the way it rests dwell_s, between houses it touches none for gap_s:
        a hand sliding a piece at a brisk but ordinary pace. The times are counted in the
        firmware's scans, so a busy host cannot stretch them. Returns when the piece is down.
        """
        path = list(houses)
        if not path:
            raise ValueError("slide needs at least one house")
        for house in path:
            _check_house(house)
        if piece not in ("W", "B"):
            raise ValueError(f"a piece is W or B, got {piece!r}")
        scan_s = board_config.SCAN_PERIOD_MS / 1000
        dwell, gap = max(1, round(dwell_s / scan_s)), max(1, round(gap_s / scan_s))
        moves = [(0, path[0], piece)]
        at = 0
        for previous, house in itertools.pairwise(path):
            at += dwell
            moves.append((at, previous, "."))
            at += gap
            moves.append((at, house, piece))
        self.physics.play(moves)
        deadline = time.monotonic() + 5 + at * scan_s * 10
        while self.physics.script:
            if time.monotonic() > deadline or self._thread is None:
                raise RuntimeError("the virtual board is not scanning")
            time.sleep(scan_s)

    # faults

    def flicker(self, rate: float, houses: Iterable[int] | None = None) -> None:
        """Each scan, each sensor (or only houses) reads a wrong state with probability rate."""
        self.physics.flicker_houses = None if houses is None else set(houses)
        self.physics.flicker_rate = rate

    def stick(self, house: int, value: int = 0) -> None:
        """The sensor under house reads value for ever (0: a broken wire, at the rail)."""
        _check_house(house)
        self.physics.stuck[house - 1] = value

    def unstick(self, house: int) -> None:
        self.physics.stuck.pop(house - 1, None)

    def corrupt_bytes(self, rate: float) -> None:
        """Flips one bit of each byte on the wire (both ways) with probability rate."""
        self.cable.corrupt_rate = rate

    def drop_bytes(self, rate: float) -> None:
        """Loses each byte on the wire (both ways) with probability rate."""
        self.cable.drop_rate = rate

    def unplug(self) -> None:
        """Pulls the USB cable: the port vanishes; the firmware keeps running on its own."""
        self.cable.unplug(Path(self.url))

    def replug(self) -> None:
        """Plugs the cable back in: a new pty appears under the same url."""
        if not self.cable.plugged:
            self.cable.plug(Path(self.url))

    def reboot(self) -> None:
        """Restarts the firmware (calibration survives, as it is stored in flash)."""
        self._halt()
        self._boot()

    # LEDs

    def pixels(self) -> list[Pixel]:
        """The colour each LED shows at this instant, house 1 first."""
        return list(self._hal.pixels) if self._hal is not None else [(0, 0, 0)] * HOUSES

    def leds(self) -> LedFrame:
        """What the LEDs show now as cells (colour and effect the firmware is animating)."""
        shown = self._firmware.leds.shown if self._firmware is not None else None
        if not shown:
            return tuple(LedCell((0, 0, 0), "off") for _ in range(board_config.LEDS))
        return tuple(LedCell((r, g, b), EFFECT_NAMES[e]) for r, g, b, e in shown)

    def wait_leds(self, predicate: Callable[[LedFrame], bool], timeout: float) -> bool:
        """Waits until the LEDs show something predicate accepts; False on timeout."""
        deadline = time.monotonic() + timeout
        with self._leds_changed:
            while not predicate(self.leds()):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._leds_changed.wait(remaining)
        return True

    def _notify_leds(self) -> None:
        with self._leds_changed:
            self._leds_changed.notify_all()


def _check_house(house: int) -> None:
    if not 1 <= house <= HOUSES:
        raise ValueError(f"house {house} is not on the board (1-{HOUSES})")
