"""The protocol codec and the host's stream parser: round trips, recorded streams, fuzzing."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware_bridge import codec
from firmware_bridge.firmware import board_codec
from firmware_bridge.leds import OFF_FRAME, LedCell, make_frame

# A shared 2-core machine can stall any draw for seconds: time is not what these test.
LOADED_MACHINE = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

states = st.text(alphabet="WB.?", min_size=30, max_size=30)
seqs = st.integers(min_value=0, max_value=2**32 - 1)
numbers = st.integers(min_value=0, max_value=board_codec.MAX_COMMAND)


def feed_all(
    data: bytes, chunk_sizes: list[int] | None = None
) -> tuple[list[codec.Message], codec.FrameReader]:
    reader = codec.FrameReader()
    messages: list[codec.Message] = []
    sizes = iter(chunk_sizes or [])
    pos = 0
    while pos < len(data):
        size = next(sizes, len(data)) or 1
        messages += reader.feed(data[pos : pos + size])
        pos += size
    return messages, reader


def hello_bytes(number: int = 0) -> bytes:
    info = (("fw", "0.1.0"), ("proto", 1), ("id", "E661"), ("houses", 30), ("leds", 30))
    return bytes(board_codec.hello_reply(number, (*info, ("cal", 1), ("boot", "00A1"))))


@LOADED_MACHINE
@given(seq=seqs, states=states)
def test_snapshot_round_trip(seq: int, states: str) -> None:
    [message], reader = feed_all(bytes(board_codec.snapshot(seq, states)))
    assert message == codec.Snap(seq, states)
    snapshot = message.to_snapshot(5.0)
    assert snapshot.faults == {i + 1 for i, ch in enumerate(states) if ch == "?"}
    assert snapshot.houses == states.replace("?", ".")
    assert reader.good == 1 and reader.corrupt == 0


cells = st.builds(
    LedCell,
    st.tuples(*[st.integers(0, 255)] * 3),
    st.sampled_from(["off", "steady", "blink", "pulse"]),
)


@LOADED_MACHINE
@given(number=numbers, frame=st.lists(cells, min_size=30, max_size=30).map(tuple))
def test_led_frame_round_trip_through_the_firmware_parser(
    number: int, frame: tuple[LedCell, ...]
) -> None:
    fields = board_codec.unframe(codec.led_command(number, frame).rstrip(b"\n"))
    parsed_number, parsed = board_codec.parse_led_command(fields)
    assert parsed_number == number
    assert [LedCell((r, g, b), codec.EFFECT_NAMES[e]) for r, g, b, e in parsed] == list(frame)


@LOADED_MACHINE
@given(
    number=numbers,
    readings=st.lists(st.integers(0, 65535), min_size=30, max_size=30),
    baselines=st.lists(st.integers(0, 65535), min_size=30, max_size=30),
)
def test_raw_readings_round_trip(number: int, readings: list[int], baselines: list[int]) -> None:
    [message], _ = feed_all(bytes(board_codec.raw_reply(number, readings, baselines)))
    assert message == codec.RawReadings(number, tuple(readings), tuple(baselines))


def test_hello_ack_and_error_decode() -> None:
    data = hello_bytes(7) + bytes(board_codec.ack(8)) + bytes(
        board_codec.error(9, board_codec.ERR_CALIBRATION, "not calibrated: 3,7")
    )
    hello, ack, error = feed_all(data)[0]
    assert hello == codec.Hello(7, codec.BoardInfo("0.1.0", 1, "E661", 30, 30, True, "00A1"))
    assert ack == codec.Ack(8)
    assert error == codec.ErrorReply(9, 4, "not calibrated: 3,7")


def test_the_wire_format_is_readable_ascii() -> None:
    body = b"SNAP 17 W.B" + b"." * 27
    assert bytes(board_codec.snapshot(17, "W.B" + "." * 27)) == b"$%s*%08X\n" % (
        body,
        board_codec.crc(body),
    )
    assert codec.led_command(3, OFF_FRAME).startswith(b"$LED 3 000000o000000o")
    frame = make_frame({1: LedCell((255, 16, 0), "blink")})
    assert codec.led_command(4, frame).startswith(b"$LED 4 FF1000b000000o")


# Recorded streams: what a real serial line delivers.

SNAP_A = bytes(board_codec.snapshot(1, "W" + "." * 29))
SNAP_B = bytes(board_codec.snapshot(2, "W" + "." * 28 + "B"))


def test_frames_split_at_every_byte_boundary_arrive_whole() -> None:
    data = SNAP_A + SNAP_B
    for cut in range(1, len(data)):
        messages, reader = feed_all(data, [cut, len(data)])
        assert messages == [codec.Snap(1, "W" + "." * 29), codec.Snap(2, "W" + "." * 28 + "B")]
        assert reader.corrupt == 0


def test_junk_between_and_before_frames_is_counted_and_skipped() -> None:
    data = (
        b"\x00\xff\xfeMicroPython v1.22 on 2024-01-01; Raspberry Pi Pico\r\n>>> \n"
        + b"garbage"
        + SNAP_A
        + b"\r\n\n"
        + SNAP_B.replace(b"\n", b"\r\n")
    )
    messages, reader = feed_all(data, [5, 3, 40, 1, 1, 100])
    assert [m.seq for m in messages if isinstance(m, codec.Snap)] == [1, 2]
    assert reader.corrupt == 2  # the banner line and the prompt line


def test_corrupted_frames_are_dropped_and_counted() -> None:
    flipped = SNAP_A.replace(b"W...", b"B...")  # payload changed, CRC not
    truncated = SNAP_B[:20] + b"\n"
    bad_crc_case = SNAP_A.replace(SNAP_A[-9:-1], SNAP_A[-9:-1].lower())
    messages, reader = feed_all(flipped + truncated + bad_crc_case + SNAP_B)
    assert messages == [codec.Snap(2, "W" + "." * 28 + "B")]
    assert reader.corrupt == 3


def test_a_lost_line_end_costs_one_frame_not_the_next() -> None:
    messages, _ = feed_all(SNAP_A[:-1] + SNAP_B)
    assert messages == [codec.Snap(2, "W" + "." * 28 + "B")]


def test_an_endless_line_is_dropped_without_growing_memory() -> None:
    reader = codec.FrameReader()
    for _ in range(1000):
        assert reader.feed(b"x" * 1000) == []
    assert len(reader.splitter.buf) <= board_codec.board_config.MAX_LINE
    assert reader.feed(b"tail of the junk\n" + SNAP_A) == [codec.Snap(1, "W" + "." * 29)]
    assert reader.corrupt == 1


@pytest.mark.parametrize(
    "line",
    [
        b"$SNAP 1 WWW",  # too few houses
        b"$SNAP -1 " + b"." * 30,  # negative sequence number
        b"$SNAP 1_0 " + b"." * 30,  # Python-only number syntax
        b"$SNAP 1 " + b"X" * 30,  # unknown state letter
        b"$SNAP 1  " + b"." * 30,  # double space
        b"$ACK",  # no command number
        b"$ACK 99999",  # command number out of range
        b"$HELLO 0 fw=1 proto=1",  # missing counts
        b"$BOOM 1",  # unknown message
        b"$RAW 1 1,2,3 4,5,6",  # too few readings
    ],
)
def test_well_checked_but_malformed_messages_are_dropped(line: bytes) -> None:
    body = line[1:]
    framed = b"$" + body + b"*%08X\n" % board_codec.crc(body)
    messages, reader = feed_all(framed)
    assert messages == []
    assert reader.corrupt == 1


# Fuzzing: nothing crashes the parser and nothing it yields was not sent.


@settings(LOADED_MACHINE, max_examples=300)
@given(data=st.binary(max_size=2000), chunks=st.lists(st.integers(1, 64), max_size=50))
def test_random_bytes_never_crash_and_never_yield_a_snapshot(
    data: bytes, chunks: list[int]
) -> None:
    messages, _ = feed_all(data, chunks)
    assert not any(isinstance(m, codec.Snap) for m in messages)


Edit = tuple[str, int, int, bytes]  # kind, position, size or bit, inserted bytes
edits_strategy = st.lists(
    st.tuples(
        st.sampled_from(["flip", "delete", "insert", "repeat"]),
        st.integers(0, 10**6),
        st.integers(0, 60),
        st.binary(min_size=1, max_size=20),
    ),
    max_size=12,
)


def mutate(data: bytes, edits: list[Edit]) -> bytes:
    """Bit flips, lost runs, inserted junk and repeated runs: what a bad cable does."""
    buf = bytearray(data)
    for kind, pos, size, junk in edits:
        at = pos % (len(buf) + 1)
        if kind == "flip" and at < len(buf):
            buf[at] ^= 1 << (size % 8)
        elif kind == "delete":
            del buf[at : at + size + 1]
        elif kind == "insert":
            buf[at:at] = junk
        elif kind == "repeat":
            buf[at:at] = buf[at : at + size + 1]
    return bytes(buf)


@settings(LOADED_MACHINE, max_examples=300)
@given(
    sent=st.lists(st.tuples(seqs, states), min_size=1, max_size=8),
    edits=edits_strategy,
    chunks=st.lists(st.integers(1, 80), max_size=30),
)
def test_mutated_streams_yield_only_snapshots_that_were_sent(
    sent: list[tuple[int, str]], edits: list[Edit], chunks: list[int]
) -> None:
    stream = b"".join(bytes(board_codec.snapshot(seq, st_)) for seq, st_ in sent) + hello_bytes()
    messages, _ = feed_all(mutate(stream, edits), chunks)
    for message in messages:
        if isinstance(message, codec.Snap):
            assert (message.seq, message.states) in sent
    if not edits:
        assert [(m.seq, m.states) for m in messages if isinstance(m, codec.Snap)] == sent


def test_the_longest_frame_fits_the_line_limit_in_any_chunking() -> None:
    raw = bytes(board_codec.raw_reply(9999, [65535] * 30, [65535] * 30))
    assert len(raw) <= board_codec.board_config.MAX_LINE
    for cut in (1, 7, 200, 399):
        messages, reader = feed_all(raw, [cut, len(raw)])
        assert len(messages) == 1 and reader.corrupt == 0
    too_long = b"$" + b"A" * 500 + b"\n"
    for cut in (1, 300, 501):
        assert feed_all(too_long + SNAP_A, [cut, 1000])[1].corrupt == 1


RECORDED = Path(__file__).with_name("recorded_session.txt")


def check_recorded_session(messages: list[codec.Message]) -> None:
    """What the virtual board said: handshake, W on 1, B on 30, RAW, lift 1, failed CAL."""
    hello, *snaps_before, raw, snap3, heartbeat, error, snap4 = messages
    assert isinstance(hello, codec.Hello) and hello.info.board_id == "E6614103E7452D2F"
    assert snaps_before == [
        codec.Snap(0, "." * 30),
        codec.Snap(1, "W" + "." * 29),
        codec.Snap(2, "W" + "." * 28 + "B"),
    ]
    assert isinstance(raw, codec.RawReadings)
    assert raw.readings[0] < raw.baselines[0] - 10000  # north pole down: light piece
    assert raw.readings[29] > raw.baselines[29] + 10000  # south pole down: dark piece
    assert snap3 == heartbeat == codec.Snap(3, "." * 29 + "B")
    assert error == codec.ErrorReply(3, 4, "not calibrated: 30")
    assert snap4 == codec.Snap(4, "." * 29 + "?")


def test_a_recorded_session_replays_in_any_chunking() -> None:
    data = RECORDED.read_bytes()
    for size in (1, 3, 64, len(data)):
        messages, reader = feed_all(data, [size] * len(data))
        check_recorded_session(messages)
        assert reader.corrupt == 0


def test_a_recorded_session_with_line_noise_between_frames() -> None:
    lines = RECORDED.read_bytes().splitlines(keepends=True)
    noisy = b"".join(b"\x00\xfe noise\r\n" + line for line in lines)
    messages, reader = feed_all(noisy, [7] * len(noisy))
    check_recorded_session(messages)
    assert reader.corrupt == len(lines)


def test_every_example_in_protocol_md_is_a_valid_frame() -> None:
    import firmware_bridge

    text = (Path(firmware_bridge.__file__).parent / "PROTOCOL.md").read_text(encoding="utf-8")
    examples = [
        line.strip() for line in text.splitlines() if line.startswith("$") and "BODY" not in line
    ]
    assert len(examples) >= 15
    kinds = set()
    for example in examples:
        fields = board_codec.unframe(example.encode())
        assert fields is not None, example
        kinds.add(fields[0])
    assert kinds == {"HELLO", "SNAP", "LED", "ACK", "PING", "RAW", "CAL", "TEST", "ERR"}
