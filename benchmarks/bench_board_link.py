"""Board latency through the virtual board and a real pty (DESIGN.md budget: median <= 20 ms,
p99 <= 50 ms from a piece lifted to the LEDs updated).

Two passes, a clean board and one where every sensor flickers on 5 % of its scans. Each prints
median, p99 and max over the rounds of:
  lift -> snapshot   piece lifted in the virtual board until the host holds the new snapshot
  frame -> LEDs      host send_leds() until the virtual LEDs show that frame
  lift -> LEDs       the whole path, with the LED frame sent from the snapshot event handler
and the number of snapshots that did not match the physical board (must be 0).

Run: .venv/bin/python benchmarks/bench_board_link.py [ROUNDS]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from firmware_bridge.leds import OFF_FRAME, LedCell, LedFrame, make_frame
from firmware_bridge.link import BoardLink, LinkEvent, SnapshotChanged
from firmware_bridge.virtual import VirtualBoard

HOUSE = 12
LIFTED_FRAME = make_frame(
    {HOUSE: LedCell((0, 200, 0), "pulse"), HOUSE + 2: LedCell((0, 200, 0), "blink")}
)
EMPTY = "." * 30
OCCUPIED = "." * (HOUSE - 1) + "W" + "." * (30 - HOUSE)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def report(name: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"  {name:18s} median {statistics.median(ms):6.2f} ms   p99 {percentile(ms, 0.99):6.2f} ms"
        f"   max {max(ms):6.2f} ms   (n={len(ms)})"
    )


def run(rounds: int, flicker: float) -> None:
    frame_sent_at: list[float] = []
    false_snapshots = 0

    with VirtualBoard(seed=1) as board:

        def on_event(event: LinkEvent) -> None:
            nonlocal false_snapshots
            if not isinstance(event, SnapshotChanged):
                return
            if event.snapshot.houses not in (EMPTY, OCCUPIED) or event.snapshot.faults:
                false_snapshots += 1
            if event.snapshot.piece_at(HOUSE) == ".":
                # what the session does: the piece is lifted, light its destinations
                frame_sent_at.append(time.monotonic())
                link.send_leds(LIFTED_FRAME)

        link = BoardLink(board.url, on_event=on_event)
        link.start()
        lift_to_snapshot: list[float] = []
        frame_to_leds: list[float] = []
        lift_to_leds: list[float] = []
        try:
            wait_for(lambda: link.state == "up", 5)
            time.sleep(1.0)  # self-test pattern over
            board.flicker(flicker)
            for _ in range(rounds):
                link.send_leds(OFF_FRAME)
                board.place(HOUSE, "W")
                wait_for(lambda: piece_seen(link) == "W", 2)
                board.wait_leds(lambda frame: frame == OFF_FRAME, 1)
                time.sleep(0.02)
                frame_sent_at.clear()
                lifted = time.monotonic()
                board.lift(HOUSE)
                if not board.wait_leds(shows(LIFTED_FRAME), 2):
                    raise SystemExit("the LEDs never showed the frame")
                shown = time.monotonic()
                snapshot = link.snapshot
                assert snapshot is not None
                lift_to_snapshot.append(snapshot.received_at - lifted)
                frame_to_leds.append(shown - frame_sent_at[0])
                lift_to_leds.append(shown - lifted)
        finally:
            link.stop()
    print(f"sensor flicker {flicker:.0%} per scan:")
    report("lift -> snapshot", lift_to_snapshot)
    report("frame -> LEDs", frame_to_leds)
    report("lift -> LEDs", lift_to_leds)
    print(f"  false snapshots    {false_snapshots}")


def piece_seen(link: BoardLink) -> str | None:
    snapshot = link.snapshot
    return None if snapshot is None else snapshot.piece_at(HOUSE)


def shows(expected: LedFrame) -> Callable[[LedFrame], bool]:
    return lambda frame: frame == expected


def wait_for(condition: Callable[[], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit("timed out waiting for the board")
        time.sleep(0.002)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    run(count, 0.0)
    run(count, 0.05)
