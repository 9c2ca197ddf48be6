"""The host link against the real firmware on the virtual board, through a real pty."""

from __future__ import annotations

import os
import random
import select
import threading
import time
import tty
from collections.abc import Callable

import pytest
from board_helpers import Events, wait_until

from firmware_bridge.firmware import board_codec
from firmware_bridge.leds import LedCell, make_frame
from firmware_bridge.link import (
    BoardLink,
    CommandRejected,
    LinkDown,
    LinkError,
    LinkUp,
    SensorFault,
)
from firmware_bridge.virtual import VirtualBoard

EMPTY = "." * 30
RED_BLINK = make_frame({5: LedCell((255, 0, 0), "blink"), 9: LedCell((0, 255, 0), "steady")})
BLUE = make_frame({1: LedCell((0, 0, 255), "pulse")})


def sensed(link: BoardLink) -> str | None:
    return None if link.snapshot is None else link.snapshot.houses


def test_handshake_reports_what_the_board_is(link: BoardLink, events: Events) -> None:
    assert link.info is not None
    assert (link.info.firmware, link.info.protocol, link.info.houses, link.info.leds) == (
        "0.1.0",
        1,
        30,
        30,
    )
    assert link.info.board_id == "SIM-0001" and link.info.calibrated
    assert events.of(LinkUp) == [LinkUp(link.info)]
    assert link.snapshot is not None and link.snapshot.houses == EMPTY
    counters = link.counters()
    assert counters["frames_good"] >= 2 and counters["frames_corrupt"] == 0


def test_snapshots_follow_placed_pieces(
    board: VirtualBoard, link: BoardLink, events: Events
) -> None:
    board.place(1, "W")
    board.place(30, "B")
    board.place(15, "B")
    wait_until(lambda: sensed(link) == board.houses())
    board.lift(15)
    wait_until(lambda: sensed(link) == board.houses())
    board.set_houses("WBWBWBWBWB" + "." * 20)
    wait_until(lambda: sensed(link) == "WBWBWBWBWB" + "." * 20)
    assert link.snapshot is not None and link.snapshot.seq >= 3
    assert events.boards()[-1] == "WBWBWBWBWB" + "." * 20


def test_an_led_frame_reaches_the_virtual_leds(board: VirtualBoard, link: BoardLink) -> None:
    link.send_leds(RED_BLINK)
    assert board.wait_leds(lambda frame: frame == RED_BLINK, 1.0)
    assert board.leds()[4] == LedCell((255, 0, 0), "blink")
    time.sleep(0.05)
    assert board.pixels()[8] == (0, 255, 0)


def test_latest_led_frame_wins(board: VirtualBoard, link: BoardLink) -> None:
    frames = [make_frame({house: LedCell((house, 0, 0), "steady")}) for house in range(1, 31)]
    for frame in frames:
        link.send_leds(frame)
    assert board.wait_leds(lambda frame: frame == frames[-1], 2.0)
    assert link.counters()["led_frames_sent"] < 30  # rate-limited, not queued


def test_link_survives_unplug_and_replug_and_resends_leds(
    board: VirtualBoard, link: BoardLink, events: Events
) -> None:
    link.send_leds(RED_BLINK)
    assert board.wait_leds(lambda frame: frame == RED_BLINK, 1.0)
    board.unplug()
    wait_until(lambda: bool(events.of(LinkDown)))  # told after the state is set
    assert link.state != "up"
    assert "port" in events.of(LinkDown)[0].reason
    link.send_leds(BLUE)  # the game moves on while the cable is out
    board.place(3, "B")
    board.replug()
    wait_until(lambda: link.state == "up", 5)
    assert board.wait_leds(lambda frame: frame == BLUE, 2.0)
    wait_until(lambda: sensed(link) == board.houses())
    assert link.counters()["reconnects"] == 1
    assert len(events.of(LinkUp)) == 2


def test_link_resyncs_after_a_firmware_reboot(
    board: VirtualBoard, link: BoardLink, events: Events
) -> None:
    board.place(7, "W")
    link.send_leds(RED_BLINK)
    assert board.wait_leds(lambda frame: frame == RED_BLINK, 1.0)
    first_boot = link.info.boot if link.info else None
    board.reboot()
    wait_until(lambda: link.counters()["reboots"] == 1)
    assert link.info is not None and link.info.boot != first_boot
    # the self-test runs first, then the host's frame is back
    assert board.wait_leds(lambda frame: frame == RED_BLINK, 3.0)
    wait_until(lambda: sensed(link) == board.houses())
    assert link.state == "up" and not events.of(LinkDown)
    # the restarted firmware took the board as it stands: no snapshot without the piece
    assert events.boards()[-1] == board.houses()
    assert events.boards().count(EMPTY) == 1  # only before the piece was placed


def test_five_percent_flicker_makes_no_false_snapshot(
    board: VirtualBoard, link: BoardLink, events: Events
) -> None:
    board.set_houses("WWWWW.....BBBBB....." + "." * 10)
    wait_until(lambda: sensed(link) == board.houses())
    truth_before = board.houses()
    board.flicker(0.05)
    time.sleep(2.0)
    board.lift(1)
    board.place(20, "W")
    wait_until(lambda: sensed(link) == board.houses())
    time.sleep(0.5)
    seen = events.boards()
    boards_during_flicker = seen[seen.index(truth_before) + 1 :]
    legit = {
        truth_before,
        board.houses(),
        "." + truth_before[1:],
        truth_before[:19] + "W" + truth_before[20:],
    }
    assert boards_during_flicker and set(boards_during_flicker) <= legit
    assert len(boards_during_flicker) == 2  # the lift, then the placement


def test_a_slid_piece_is_reported_only_where_it_stops(
    board: VirtualBoard, link: BoardLink, events: Events
) -> None:
    board.place(2, "B")
    wait_until(lambda: sensed(link) == board.houses())
    already = len(events.boards())
    board.slide("B", [2, 3, 4, 5, 6, 7])
    wait_until(lambda: sensed(link) == board.houses())
    time.sleep(0.2)
    after = events.boards()[already:]
    assert after == ["." * 30, "." * 6 + "B" + "." * 23]


def test_a_stuck_sensor_is_a_fault_not_a_piece(
    board: VirtualBoard, link: BoardLink, events: Events
) -> None:
    board.stick(7, 0)
    wait_until(lambda: link.snapshot is not None and link.snapshot.faults == {7})
    assert link.snapshot is not None and link.snapshot.houses == EMPTY
    assert events.of(SensorFault) == [SensorFault(frozenset({7}))]
    board.unstick(7)
    wait_until(lambda: link.snapshot is not None and not link.snapshot.faults)
    assert events.of(SensorFault)[-1] == SensorFault(frozenset())


def test_calibration_refuses_houses_with_a_piece(board: VirtualBoard, link: BoardLink) -> None:
    board.place(4, "W")
    wait_until(lambda: sensed(link) == board.houses())
    with pytest.raises(CommandRejected, match="4"):
        link.calibrate()
    wait_until(lambda: link.snapshot is not None and link.snapshot.faults == {4})
    board.lift(4)
    link.calibrate()
    wait_until(lambda: link.snapshot is not None and not link.snapshot.faults)
    raw = link.request_raw()
    assert all(abs(r - b) < 2000 for r, b in zip(raw.readings, raw.baselines, strict=True))


def test_raw_readings_show_the_magnets(board: VirtualBoard, link: BoardLink) -> None:
    board.place(1, "W")
    board.place(2, "B")
    raw = link.request_raw()
    assert raw.readings[0] < raw.baselines[0] - 10000
    assert raw.readings[1] > raw.baselines[1] + 10000


def test_corrupt_bytes_are_counted_and_never_believed(
    board: VirtualBoard, link: BoardLink, events: Events
) -> None:
    board.corrupt_bytes(0.01)
    board.place(11, "W")
    board.place(12, "B")
    wait_until(lambda: sensed(link) == board.houses(), 5)
    wait_until(lambda: link.counters()["frames_corrupt"] > 0, 10)
    real = {EMPTY, "." * 10 + "W" + "." * 19, "." * 11 + "B" + "." * 18, board.houses()}
    assert set(events.boards()) <= real


def test_commands_and_led_frames_are_retried_until_they_get_through(
    board: VirtualBoard, link: BoardLink
) -> None:
    board.place(1, "W")
    board.drop_bytes(1.0)
    link.send_leds(RED_BLINK)
    restore = threading.Timer(0.3, board.drop_bytes, args=(0.0,))
    restore.start()
    try:
        raw = link.request_raw()
    finally:
        restore.join()
    assert raw.readings[0] < raw.baselines[0] - 10000
    assert board.wait_leds(lambda frame: frame == RED_BLINK, 1.0)
    assert link.counters()["retries"] >= 2


def test_the_link_notices_a_silent_board_and_recovers(
    board: VirtualBoard, link: BoardLink, events: Events
) -> None:
    board.drop_bytes(1.0)
    wait_until(lambda: bool(events.of(LinkDown)), 5)
    assert link.state != "up"
    assert "heartbeat" in events.of(LinkDown)[0].reason
    board.drop_bytes(0.0)
    wait_until(lambda: link.state == "up", 5)


def test_the_board_shows_link_lost_when_the_host_goes_silent(
    board: VirtualBoard, link: BoardLink
) -> None:
    link.send_leds(RED_BLINK)
    assert board.wait_leds(lambda frame: frame == RED_BLINK, 2.0)
    link.ping()
    link.stop()  # the host's last word was that ping: 3 s of silence start now
    assert not board.wait_leds(lambda frame: frame != RED_BLINK, 2.0)
    assert board.wait_leds(lambda frame: all(c == LedCell((0, 0, 96), "pulse") for c in frame), 2.0)


def test_a_missing_port_is_reported_and_retried(tmp_path: object) -> None:
    events = Events()
    link = BoardLink(f"{tmp_path}/ttyNONE", on_event=events)
    link.start()
    try:
        wait_until(lambda: bool(events.of(LinkDown)))
        assert "cannot open" in events.of(LinkDown)[0].reason
        assert link.state in ("down", "connecting")
        with pytest.raises(LinkError, match=r"down|connecting"):
            link.ping()
    finally:
        link.stop()


class FakeDevice:
    """Something else on a serial port: answers every line the host sends with `reply`."""

    def __init__(self, reply: Callable[[bytes], bytes]) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.reply = reply
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        while not self.stop.is_set():
            if select.select([self.master], [], [], 0.02)[0]:
                for line in os.read(self.master, 4096).splitlines():
                    os.write(self.master, self.reply(line))

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        os.close(self.master)
        os.close(self.slave)


def newer_board(line: bytes) -> bytes:
    fields = board_codec.unframe(line)
    info = (("fw", "9.0"), ("proto", 2), ("id", "X"), ("houses", 30), ("leds", 30))
    return bytes(board_codec.hello_reply(int(fields[1]), info)) if fields else b""


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        (lambda line: b"OK\r\n", "no answer to the handshake"),
        (newer_board, "board speaks protocol 2, host 1: update the firmware"),
    ],
)
def test_a_device_that_is_not_our_board_is_refused(
    reply: Callable[[bytes], bytes], reason: str
) -> None:
    device = FakeDevice(reply)
    events = Events()
    link = BoardLink(device.path, on_event=events)
    link.start()
    try:
        wait_until(lambda: bool(events.of(LinkDown)), 5)
        assert reason in events.of(LinkDown)[0].reason
        assert link.state != "up" and not events.of(LinkUp)
    finally:
        link.stop()
        device.close()


def test_a_garbage_flood_neither_stops_the_link_nor_fakes_a_snapshot() -> None:
    rng = random.Random(5)
    sent = ["".join(rng.choice("WB.") for _ in range(30)) for _ in range(200)]
    stream = bytearray()
    for seq, states in enumerate(sent):
        stream += rng.randbytes(rng.randrange(0, 300))
        frame = bytearray(board_codec.snapshot(seq, states))
        if rng.random() < 0.5:  # half the snapshots are damaged on the way
            frame[rng.randrange(len(frame))] ^= 1 << rng.randrange(8)
        stream += frame
    stream += board_codec.snapshot(len(sent), sent[-1])  # the last one arrives whole

    def board_then_flood(line: bytes) -> bytes:
        fields = board_codec.unframe(line)
        if not fields or fields[0] != "HELLO":
            return b""
        info = (("fw", "0.1.0"), ("proto", 1), ("id", "F"), ("houses", 30), ("leds", 30))
        return bytes(board_codec.hello_reply(int(fields[1]), info)) + bytes(stream)

    device = FakeDevice(board_then_flood)
    events = Events()
    link = BoardLink(device.path, on_event=events)
    link.start()
    try:
        wait_until(lambda: link.snapshot is not None and link.snapshot.seq == len(sent), 10)
        assert set(events.boards()) <= set(sent)
        assert link.counters()["frames_corrupt"] >= 50
        assert link.state == "up" and not events.of(LinkDown)
    finally:
        link.stop()
        device.close()
