"""The firmware's side of the protocol, on a simulated HAL with a hand-driven clock."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware_bridge import codec
from firmware_bridge.firmware import board_codec, board_firmware, board_leds, hal_sim
from firmware_bridge.leds import LedCell, make_frame

# A shared 2-core machine can stall any draw for seconds: time is not what these test.
LOADED_MACHINE = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Wire:
    """The host's end of the USB cable, as two byte buffers."""

    def __init__(self) -> None:
        self.to_board = bytearray()
        self.from_board = bytearray()

    def read(self) -> bytes:
        data = bytes(self.to_board)
        self.to_board.clear()
        return data

    def write(self, data: bytes) -> None:
        self.from_board += data

    def wait(self, seconds: float) -> None:
        pass


class ClockHal(hal_sim.SimHal):  # type: ignore[misc]
    """The simulated HAL with a clock that moves only when the test says so."""

    now_ms = 0

    def ticks_ms(self) -> int:
        return self.now_ms


class Rig:
    def __init__(self) -> None:
        self.wire = Wire()
        self.hal = ClockHal(hal_sim.Physics(noise=0), self.wire, {}, "RIG-1")
        self.firmware: Any = board_firmware.Firmware(self.hal)
        self.reader = codec.FrameReader()
        self.run(1)
        self.boot = self.received()  # HELLO 0, then the first snapshot

    def run(self, ms: int) -> None:
        for _ in range(ms):
            self.hal.now_ms += 1
            self.firmware.step()

    def send(self, data: bytes, ms: int = 2) -> list[codec.Message]:
        self.wire.to_board += data
        self.run(ms)
        return self.received()

    def received(self) -> list[codec.Message]:
        data = bytes(self.wire.from_board)
        self.wire.from_board.clear()
        return self.reader.feed(data)


FRAME = make_frame({2: LedCell((10, 20, 30), "steady"), 30: LedCell((255, 0, 0), "blink")})


def test_boot_announces_itself_and_answers_the_handshake() -> None:
    rig = Rig()
    boot, first = rig.boot
    assert first == codec.Snap(0, "." * 30)
    assert isinstance(boot, codec.Hello) and boot.number == 0
    assert boot.info.board_id == "RIG-1" and boot.info.houses == 30
    messages = rig.send(codec.hello_command(5))
    assert messages[0] == codec.Hello(5, boot.info)
    assert messages[1] == codec.Snap(0, "." * 30)


def test_an_led_frame_is_acknowledged_and_shown_after_the_self_test() -> None:
    rig = Rig()
    assert rig.send(codec.led_command(7, FRAME)) == [codec.Ack(7)]
    rig.run(800)
    assert rig.hal.pixels[1] == (10, 20, 30)
    assert rig.firmware.leds.shown[29] == (255, 0, 0, "b")


def test_bad_commands_get_error_replies_with_codes() -> None:
    rig = Rig()
    assert rig.send(board_codec.command("DANCE", 3)) == [codec.ErrorReply(3, 1, "unknown DANCE")]
    [error] = rig.send(board_codec.command("LED", 4, ["00FF00s"]))
    assert isinstance(error, codec.ErrorReply) and (error.number, error.code) == (4, 2)
    [error] = rig.send(board_codec.hello_request(5, 2))
    assert isinstance(error, codec.ErrorReply) and (error.number, error.code) == (5, 3)
    assert "protocol 2 unsupported" in error.text


def test_corrupt_commands_are_dropped_silently_and_counted() -> None:
    rig = Rig()
    damaged = codec.led_command(8, FRAME).replace(b"0A141E", b"0A141F")
    assert rig.send(damaged + b"\x00\xff garbage\n") == []
    assert rig.firmware.corrupt == 2
    assert rig.firmware.leds.host_cells == [board_leds.OFF] * 30


def test_snapshots_on_change_and_as_heartbeat() -> None:
    rig = Rig()
    rig.hal.physics.place(3, "B")
    rig.run(100)
    assert rig.received() == [codec.Snap(1, "..B" + "." * 27)]
    rig.run(3000)
    heartbeats = rig.received()
    assert len(heartbeats) == 3 and set(heartbeats) == {codec.Snap(1, "..B" + "." * 27)}


def test_link_lost_pattern_after_three_silent_seconds() -> None:
    rig = Rig()
    rig.send(codec.led_command(1, FRAME))
    rig.run(2900)
    assert rig.firmware.leds.shown[1] == (10, 20, 30, "s")
    rig.run(200)
    assert rig.firmware.leds.shown == [board_leds.LINK_LOST_CELL] * 30
    rig.send(board_codec.command("PING", 2))
    assert rig.firmware.leds.shown[1] == (10, 20, 30, "s")


def test_raw_readings_on_request() -> None:
    rig = Rig()
    rig.hal.physics.place(1, "W")
    [raw] = rig.send(board_codec.command("RAW", 9))
    assert isinstance(raw, codec.RawReadings) and raw.number == 9
    assert raw.readings[0] < raw.baselines[0] - 10000
    assert abs(raw.readings[1] - raw.baselines[1]) < 2000


# Fuzzing the firmware's input: it never crashes, never answers with a broken frame, and only
# ever shows an LED frame the host really sent.

commands = st.sampled_from(
    [
        codec.led_command(11, FRAME),
        codec.hello_command(12),
        board_codec.command("PING", 13),
        board_codec.command("RAW", 14),
        board_codec.command("TEST", 15),
    ]
)


@settings(LOADED_MACHINE, max_examples=150)
@given(
    parts=st.lists(st.one_of(st.binary(max_size=300), commands), max_size=8),
    flips=st.lists(st.tuples(st.integers(0, 10**5), st.integers(0, 7)), max_size=6),
)
def test_random_and_mutated_input_never_breaks_the_firmware(
    parts: list[bytes], flips: list[tuple[int, int]]
) -> None:
    rig = Rig()
    stream = bytearray(b"".join(parts))
    for pos, bit in flips:
        if stream:
            stream[pos % len(stream)] ^= 1 << bit
    rig.send(bytes(stream), ms=3)
    lines = bytes(rig.wire.from_board).split(b"\n")
    assert lines[-1] == b""
    for line in lines[:-1]:
        assert board_codec.unframe(line) is not None  # every reply is a whole, checked frame
    shown = rig.firmware.leds.host_cells
    sent = [(*cell.color, codec.EFFECT_LETTERS[cell.effect]) for cell in FRAME]
    assert shown in ([board_leds.OFF] * 30, sent)
