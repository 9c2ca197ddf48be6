"""The host's typed view of the serial protocol, over the firmware's own codec module.

Framing, CRC and field syntax live in `hardware/firmware/board_codec.py` (the same file runs on
the Pico); this module turns checked frames into typed messages and LED frames into commands.
See PROTOCOL.md for the wire format.
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware_bridge.firmware import board_codec, board_config
from firmware_bridge.leds import LedFrame, check_frame
from firmware_bridge.snapshot import BoardSnapshot

PROTOCOL_VERSION: int = board_config.PROTOCOL_VERSION
HOUSES: int = board_config.HOUSES
MAX_COMMAND: int = board_codec.MAX_COMMAND
EFFECT_LETTERS = {"off": "o", "steady": "s", "blink": "b", "pulse": "p"}
EFFECT_NAMES = {letter: name for name, letter in EFFECT_LETTERS.items()}


@dataclass(frozen=True)
class BoardInfo:
    """What the firmware says about itself in the handshake."""

    firmware: str
    protocol: int
    board_id: str
    houses: int
    leds: int
    calibrated: bool
    boot: str


@dataclass(frozen=True)
class Hello:
    number: int  # 0 when the board sent it by itself (it has just started)
    info: BoardInfo


@dataclass(frozen=True)
class Snap:
    seq: int
    states: str  # W, B, . or ? (faulty sensor) per house

    def to_snapshot(self, received_at: float) -> BoardSnapshot:
        faults = frozenset(i + 1 for i, ch in enumerate(self.states) if ch == "?")
        return BoardSnapshot(self.states.replace("?", "."), faults, self.seq, received_at)


@dataclass(frozen=True)
class Ack:
    number: int


@dataclass(frozen=True)
class ErrorReply:
    number: int
    code: int
    text: str


@dataclass(frozen=True)
class RawReadings:
    """Raw ADC counts and calibrated zero-field baselines, house 1 first."""

    number: int
    readings: tuple[int, ...]
    baselines: tuple[int, ...]


Message = Hello | Snap | Ack | ErrorReply | RawReadings


def _board_info(pairs: dict[str, str]) -> BoardInfo:
    try:
        return BoardInfo(
            firmware=pairs["fw"],
            protocol=board_codec.parse_uint(pairs["proto"], 999),
            board_id=pairs["id"],
            houses=board_codec.parse_uint(pairs["houses"], 999),
            leds=board_codec.parse_uint(pairs["leds"], 999),
            calibrated=pairs.get("cal", "0") == "1",
            boot=pairs.get("boot", ""),
        )
    except KeyError as missing:
        raise ValueError(f"HELLO lacks {missing}") from None


def decode(fields: list[str]) -> Message:
    """The message in a checked frame's fields; ValueError if it is not a board message."""
    kind = fields[0]
    if kind == "SNAP":
        seq, states = board_codec.parse_snapshot(fields)
        return Snap(seq, states)
    if kind == "HELLO":
        number, pairs = board_codec.parse_hello_reply(fields)
        return Hello(number, _board_info(pairs))
    if kind == "ACK":
        if len(fields) != 2:
            raise ValueError("ACK has one field")
        return Ack(board_codec.command_number(fields))
    if kind == "ERR":
        return ErrorReply(*board_codec.parse_error(fields))
    if kind == "RAW":
        number, readings, baselines = board_codec.parse_raw_reply(fields)
        return RawReadings(number, tuple(readings), tuple(baselines))
    raise ValueError(f"unknown message {kind}")


class FrameReader:
    """Turns bytes from the board into messages; everything else is counted and dropped."""

    def __init__(self) -> None:
        self.splitter = board_codec.LineSplitter()
        self.good = 0
        self.bad_lines = 0

    @property
    def corrupt(self) -> int:
        """Lines dropped: bad CRC, junk, unknown or malformed messages, overlong lines."""
        overflows: int = self.splitter.overflows
        return self.bad_lines + overflows

    def feed(self, data: bytes) -> list[Message]:
        messages: list[Message] = []
        for line in self.splitter.feed(data):
            if not line.strip():
                continue
            fields = board_codec.unframe(line)
            try:
                if fields is None:
                    raise ValueError("not a frame")
                messages.append(decode(fields))
            except ValueError:
                self.bad_lines += 1
                continue
            self.good += 1
        return messages


def hello_command(number: int) -> bytes:
    """The handshake, offering the protocol version of the firmware in this source tree."""
    return bytes(board_codec.hello_request(number, PROTOCOL_VERSION))


def led_command(number: int, frame: LedFrame) -> bytes:
    cells = [(*cell.color, EFFECT_LETTERS[cell.effect]) for cell in check_frame(frame)]
    return bytes(board_codec.led_command(number, cells))


def simple_command(kind: str, number: int) -> bytes:
    """PING, RAW, CAL or TEST: commands without arguments."""
    return bytes(board_codec.command(kind, number))
