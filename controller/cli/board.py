"""`senet-board board watch|calibrate` and `senet-board doctor`: the sensor board by hand,
and the doctor's look at the whole set-up (board and camera).

All three open the board the way the service does (a `BoardLink` on `--port URL`, on the
configured `[board] url`, or on a virtual board with `--sim`). `doctor` runs the functions in
`CHECKS` in order and prints one line per result; other parts add their own check function
(`(DoctorContext) -> list[CheckResult]`) to that list.
"""

from __future__ import annotations

import argparse
import contextlib
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from controller.cli.common import CliError
from controller.config import CameraConfig, ConfigError, load_config
from firmware_bridge.codec import PROTOCOL_VERSION
from firmware_bridge.firmware import board_config
from firmware_bridge.leds import LedCell
from firmware_bridge.link import (
    BoardLink,
    LinkDown,
    LinkError,
    LinkEvent,
    LinkUp,
    SensorFault,
    SnapshotChanged,
)
from firmware_bridge.virtual import VirtualBoard
from hardware import geometry

LINK_TIMEOUT_S = 5.0
SIM_START = "WBWBWBWBWB" + "." * 20
# (from, to) moves the --sim demo plays on the virtual board so `watch --sim` shows something
SIM_DEMO_MOVES = ((10, 13), (9, 12), (13, 15), (8, 11), (12, 14), (7, 10))


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    board = subparsers.add_parser(
        "board",
        help="the sensor board: watch live snapshots, calibrate the sensors",
        description="Talk to the sensor board over its serial link.",
    )
    actions = board.add_subparsers(dest="board_command", metavar="ACTION", required=True)
    watch = _board_command(
        actions,
        "watch",
        watch_board,
        "print every board snapshot and link event as it arrives",
        "Print every board snapshot and link event as it arrives (Ctrl-C ends). "
        "With --sim a virtual board plays a few moves by itself.",
    )
    watch.add_argument("--seconds", type=float, help="stop after this long (default: Ctrl-C)")
    _board_command(
        actions,
        "calibrate",
        calibrate_board,
        "take every sensor's zero-field baseline (take all pieces off first)",
        "Take every sensor's zero-field baseline; the board must be empty. "
        "The baselines are stored on the Pico.",
    )
    _board_command(
        subparsers,
        "doctor",
        run_doctor,
        "check the board link, firmware, every sensor, the LEDs and the camera",
        "Check the board link, firmware and protocol versions, calibration, every "
        "sensor, the LEDs, the camera and the stick calibration; exit status 1 when a check "
        "fails.",
    )


def _board_command(
    container: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    handler: Callable[[argparse.Namespace], int],
    help_text: str,
    description: str,
) -> argparse.ArgumentParser:
    """A sub-command that talks to the board: --port URL | --sim, --config FILE."""
    parser = container.add_parser(name, help=help_text, description=description)
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--port", metavar="URL", help="serial device or pyserial URL (default: [board] url)"
    )
    where.add_argument("--sim", action="store_true", help="a virtual board (real firmware)")
    parser.add_argument("--config", type=Path, metavar="FILE", help="the TOML configuration")
    parser.set_defaults(handler=handler)
    return parser


def board_url(args: argparse.Namespace) -> str:
    if args.port:
        return str(args.port)
    try:
        return load_config(args.config).board.url
    except ConfigError as error:
        raise CliError(str(error)) from None


@contextlib.contextmanager
def open_board(
    args: argparse.Namespace, on_event: Callable[[LinkEvent], None] | None = None
) -> Iterator[tuple[BoardLink, VirtualBoard | None]]:
    """A started link (and the virtual board behind it with --sim), stopped afterwards."""
    virtual = VirtualBoard() if args.sim else None
    if virtual is not None:
        virtual.start()
    link = BoardLink(virtual.url if virtual else board_url(args), on_event=on_event)
    link.start()
    try:
        yield link, virtual
    finally:
        link.stop()
        if virtual is not None:
            virtual.stop()


def wait_up(link: BoardLink, timeout: float = LINK_TIMEOUT_S) -> bool:
    """True once the link is up with a first snapshot; False when the first try fails."""
    deadline = time.monotonic() + timeout
    while link.state != "up" or link.snapshot is None:
        if link.state == "down" or time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


# board watch


def describe(event: LinkEvent) -> list[str]:
    """What `board watch` prints for one link event."""
    if isinstance(event, LinkUp):
        info = event.info
        calibrated = "calibrated" if info.calibrated else "NOT calibrated"
        return [
            f"link up: board {info.board_id}, firmware {info.firmware}, "
            f"protocol {info.protocol}, {calibrated}"
        ]
    if isinstance(event, LinkDown):
        return [f"link down: {event.reason}"]
    if isinstance(event, SensorFault):
        houses = ", ".join(str(h) for h in sorted(event.houses)) or "none"
        return [f"faulty sensors: {houses}"]
    assert isinstance(event, SnapshotChanged)
    snapshot = event.snapshot
    return [f"snapshot {snapshot.seq}", *("  " + row for row in geometry.rows(snapshot.houses))]


def watch_board(args: argparse.Namespace) -> int:
    if args.seconds is not None and args.seconds <= 0:
        raise CliError(f"--seconds must be positive, got {args.seconds}")
    events: queue.Queue[LinkEvent] = queue.Queue()
    stop = threading.Event()
    with open_board(args, events.put) as (link, virtual):
        print(f"watching the board at {link.url} (Ctrl-C ends)", flush=True)
        demo = None
        if virtual is not None:
            virtual.set_houses(SIM_START)
            demo = threading.Thread(target=_play_demo, args=(virtual, stop), daemon=True)
            demo.start()
        deadline = None if args.seconds is None else time.monotonic() + args.seconds
        try:
            while deadline is None or time.monotonic() < deadline:
                try:
                    event = events.get(timeout=0.1)
                except queue.Empty:
                    continue
                stamp = time.strftime("%H:%M:%S")
                for line in describe(event):
                    print(f"{stamp}  {line}", flush=True)
        finally:
            stop.set()
            if demo is not None:
                demo.join()
    return 0


def _play_demo(board: VirtualBoard, stop: threading.Event) -> None:
    while not stop.wait(1.0):
        for start, end in SIM_DEMO_MOVES:
            if stop.wait(1.0):
                return
            piece = board.houses()[start - 1]
            if piece == ".":
                continue
            board.slide(piece, range(start, end + 1))
        board.set_houses(SIM_START)


# board calibrate


def calibrate_board(args: argparse.Namespace) -> int:
    with open_board(args) as (link, _virtual):
        if not wait_up(link):
            raise CliError(f"no board answers at {link.url}; try `senet-board doctor`")
        if link.snapshot is not None and link.snapshot.houses.strip("."):
            raise CliError("take every piece off the board before calibrating")
        try:
            link.calibrate()
        except LinkError as error:
            raise CliError(f"calibration failed: {error}") from None
    print("calibrated: every sensor's zero-field baseline is stored on the board")
    return 0


# doctor


@dataclass(frozen=True)
class CheckResult:
    """One line of the doctor's checklist."""

    name: str
    ok: bool
    detail: str


@dataclass
class DoctorContext:
    """What the checks share: the command's arguments and the board link (if it came up)."""

    args: argparse.Namespace
    link: BoardLink
    virtual: VirtualBoard | None = None
    link_up: bool = False


Check = Callable[[DoctorContext], list[CheckResult]]


def _no_link(name: str) -> list[CheckResult]:
    return [CheckResult(name, False, "not checked: no link to the board")]


def check_link(ctx: DoctorContext) -> list[CheckResult]:
    link = ctx.link
    if not ctx.link_up or link.info is None:
        return [CheckResult("board link", False, f"no board answers at {link.url} ({link.state})")]
    return [CheckResult("board link", True, f"up at {link.url}, board {link.info.board_id}")]


def check_firmware(ctx: DoctorContext) -> list[CheckResult]:
    info = ctx.link.info
    if not ctx.link_up or info is None:
        return _no_link("firmware")
    expected = board_config.FIRMWARE_VERSION
    if info.firmware != expected:
        detail = (
            f"board runs {info.firmware}, this checkout has {expected}: "
            "copy hardware/firmware/*.py with mpremote (hardware/README.md)"
        )
        return [CheckResult("firmware", False, detail)]
    return [CheckResult("firmware", True, f"version {info.firmware}")]


def check_protocol(ctx: DoctorContext) -> list[CheckResult]:
    info = ctx.link.info
    if not ctx.link_up or info is None:
        return _no_link("protocol")
    ok = info.protocol == PROTOCOL_VERSION
    return [CheckResult("protocol", ok, f"board {info.protocol}, host {PROTOCOL_VERSION}")]


def check_calibration(ctx: DoctorContext) -> list[CheckResult]:
    info = ctx.link.info
    if not ctx.link_up or info is None:
        return _no_link("calibration")
    if not info.calibrated:
        detail = "never calibrated: empty the board, run `senet-board board calibrate`"
        return [CheckResult("calibration", False, detail)]
    return [CheckResult("calibration", True, "baselines stored on the board")]


PIECE_NAMES = {"W": "light piece", "B": "dark piece", ".": "empty"}


def check_sensors(ctx: DoctorContext) -> list[CheckResult]:
    if not ctx.link_up:
        return _no_link("sensors")
    try:
        raw = ctx.link.request_raw()
    except LinkError as error:
        return [CheckResult("sensors", False, f"raw readings not available: {error}")]
    snapshot = ctx.link.snapshot
    results = []
    for house in range(1, geometry.HOUSES + 1):
        reading, baseline = raw.readings[house - 1], raw.baselines[house - 1]
        name = f"sensor {house:2d}"
        if not board_config.RAIL_LOW <= reading <= board_config.RAIL_HIGH:
            results.append(
                CheckResult(name, False, f"reads {reading}, at a rail: broken wire or dead sensor")
            )
        elif snapshot is not None and house in snapshot.faults:
            detail = f"reads {reading}: cannot be calibrated (piece on it, or a bad sensor?)"
            results.append(CheckResult(name, False, detail))
        else:
            state = PIECE_NAMES[snapshot.piece_at(house)] if snapshot else "?"
            delta = reading - baseline
            detail = f"{state:11s} reads {reading:5d}, baseline {baseline:5d} ({delta:+d})"
            results.append(CheckResult(name, True, detail))
    return results


SELF_TEST_RED = LedCell((255, 0, 0), "steady")


def check_leds(ctx: DoctorContext) -> list[CheckResult]:
    info = ctx.link.info
    if not ctx.link_up or info is None:
        return _no_link("LEDs")
    if info.leds != geometry.HOUSES:
        return [CheckResult("LEDs", False, f"board drives {info.leds} LEDs, expected 30")]
    try:
        ctx.link.self_test()
    except LinkError as error:
        return [CheckResult("LEDs", False, f"self-test not run: {error}")]
    if ctx.virtual is not None:
        shown = ctx.virtual.wait_leds(lambda frame: frame[0] == SELF_TEST_RED, 1.0)
        detail = "self-test shown on the virtual LEDs" if shown else "virtual LEDs stayed dark"
        return [CheckResult("LEDs", shown, detail)]
    detail = "30 LEDs; self-test running: every house should show red, green, blue, white"
    return [CheckResult("LEDs", True, detail)]


def check_camera(ctx: DoctorContext) -> list[CheckResult]:
    """The configured camera delivers frames (the synthetic one with --sim), and the stick
    calibration it names, if any, loads (and whether the camera clipped its faces white)."""
    from vision.calibration import Calibration, CalibrationError, exposure_warning
    from vision.health import check_source

    if ctx.args.sim:
        camera = CameraConfig(source="synthetic")
    else:
        try:
            camera = load_config(ctx.args.config).camera
        except ConfigError as error:
            return [CheckResult("camera", False, str(error))]
    if camera.source == "none":
        return [CheckResult("camera", True, "none configured: throws are entered by hand")]
    ok, detail = check_source(camera.source)
    results = [CheckResult("camera", ok, f"{camera.source}: {detail}" if ok else detail)]
    if camera.calibration:
        try:
            calibration = Calibration.load(camera.calibration)
        except CalibrationError as error:
            results.append(CheckResult("stick calibration", False, str(error)))
        else:
            warning = exposure_warning(calibration)
            said = f"{camera.calibration}; {warning}" if warning else camera.calibration
            results.append(CheckResult("stick calibration", True, said))
    return results


CHECKS: list[Check] = [
    check_link,
    check_firmware,
    check_protocol,
    check_calibration,
    check_sensors,
    check_leds,
    check_camera,
]


def run_doctor(args: argparse.Namespace) -> int:
    with open_board(args) as (link, virtual):
        ctx = DoctorContext(args, link, virtual, link_up=wait_up(link))
        failed = passed = 0
        for check in CHECKS:
            for result in check(ctx):
                mark = "[ ok ]" if result.ok else "[FAIL]"
                print(f"{mark} {result.name}: {result.detail}", flush=True)
                passed += result.ok
                failed += not result.ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0
