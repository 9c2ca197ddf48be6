# The serial protocol's codec, the same file on the Pico and on the host (see PROTOCOL.md).
#
# A frame is one ASCII line:  $BODY*CCCCCCCC\n  where BODY is a message type and fields
# separated by single spaces and CCCCCCCC is the CRC-32 of BODY in upper-case hex. Anything
# that is not a whole, printable, correctly checked frame is dropped by the reader.
# MicroPython: no typing, only binascii from the standard library.

import binascii

import board_config

HOUSES = board_config.HOUSES
STATE_CHARS = "WB.?"  # light piece, dark piece, empty, faulty sensor
EFFECT_CHARS = "osbp"  # off, steady, blink, pulse
MAX_COMMAND = 9999  # command numbers run 1..MAX_COMMAND; 0 marks a message the board started


def crc(body):
    """CRC-32 of the frame body (bytes)."""
    return binascii.crc32(body) & 0xFFFFFFFF


def frame(body):
    """The bytes on the wire for a body string."""
    data = body.encode()
    return b"$" + data + b"*" + f"{crc(data):08X}".encode() + b"\n"


class LineSplitter:
    """Cuts a byte stream into lines; lines longer than max_line are dropped whole."""

    def __init__(self, max_line=board_config.MAX_LINE):
        self.max_line = max_line
        self.buf = b""
        self.skipping = False
        self.overflows = 0

    def feed(self, data):
        """Lines (without line end) completed by data."""
        lines = []
        buf = self.buf + data
        start = 0
        while True:
            end = buf.find(b"\n", start)
            if end < 0:
                break
            if self.skipping:
                self.skipping = False
            elif end - start > self.max_line:
                self.overflows += 1
            else:
                lines.append(buf[start:end])
            start = end + 1
        rest = buf[start:]
        if len(rest) > self.max_line:
            if not self.skipping:
                self.overflows += 1
            self.skipping = True
            rest = b""
        self.buf = rest
        return lines


def unframe(line):
    """The fields of a checked frame line (list of str), or None if it is not one.

    Junk before the last '$' is ignored, so a frame glued to line noise still counts.
    """
    start = line.rfind(b"$")
    if start < 0:
        return None
    line = line[start + 1 :].rstrip(b"\r")
    star = line.rfind(b"*")
    if star < 1 or len(line) - star != 9:
        return None
    body = line[:star]
    for byte in body:
        if byte < 0x20 or byte > 0x7E:
            return None
    check = line[star + 1 :]
    for byte in check:
        if not (0x30 <= byte <= 0x39 or 0x41 <= byte <= 0x46):  # 0-9, A-F
            return None
    if crc(body) != int(check.decode(), 16):
        return None
    fields = body.decode().split(" ")
    for field in fields:
        if not field:
            return None
    return fields


def parse_uint(text, limit):
    """A decimal integer 0..limit written with digits only, else ValueError."""
    if not text or len(text) > 10 or not text.isdigit():
        raise ValueError("not a number: " + text)
    value = int(text)
    if value > limit:
        raise ValueError("out of range: " + text)
    return value


def command(kind, number, args=None):
    """A host command frame: KIND NUMBER [ARGS...]."""
    body = kind + " " + str(number)
    if args:
        body = body + " " + " ".join(args)
    return frame(body)


def command_number(fields):
    """The command number of a command or reply (0..MAX_COMMAND), else ValueError."""
    if len(fields) < 2:
        raise ValueError("missing command number")
    return parse_uint(fields[1], MAX_COMMAND)


# HELLO: host asks with its protocol version, board answers with what it is.


def hello_request(number, protocol):
    return command("HELLO", number, [str(protocol)])


def hello_reply(number, info):
    """info: list of (key, value) pairs, values without spaces."""
    pairs = []
    for key, value in info:
        pairs.append(key + "=" + str(value))
    return command("HELLO", number, pairs)


def parse_hello_reply(fields):
    """(number, {key: value}) of a board HELLO, else ValueError."""
    number = command_number(fields)
    info = {}
    for pair in fields[2:]:
        eq = pair.find("=")
        if eq < 1 or eq == len(pair) - 1:
            raise ValueError("bad HELLO field: " + pair)
        info[pair[:eq]] = pair[eq + 1 :]
    return number, info


# SNAP: the whole board, on every debounced change and as heartbeat.


def snapshot(seq, states):
    """states: 30 characters of STATE_CHARS, house 1 first."""
    return frame("SNAP " + str(seq) + " " + states)


def parse_snapshot(fields):
    """(seq, states) of a SNAP frame, else ValueError."""
    if len(fields) != 3:
        raise ValueError("SNAP has 2 fields")
    seq = parse_uint(fields[1], 0xFFFFFFFF)
    states = fields[2]
    if len(states) != HOUSES:
        raise ValueError("SNAP needs one character per house")
    for ch in states:
        if ch not in STATE_CHARS:
            raise ValueError("bad house state " + ch)
    return seq, states


# LED: a full frame, 30 cells of RRGGBB (hex) and an effect letter.


def led_command(number, cells):
    """cells: 30 tuples (r, g, b, effect letter)."""
    parts = []
    for r, g, b, effect in cells:
        parts.append(f"{r:02X}{g:02X}{b:02X}{effect}")
    return command("LED", number, ["".join(parts)])


def parse_led_command(fields):
    """(number, cells) of a LED command, else ValueError."""
    number = command_number(fields)
    if len(fields) != 3 or len(fields[2]) != 7 * HOUSES:
        raise ValueError("LED needs 30 cells of 7 characters")
    text = fields[2]
    cells = []
    for i in range(0, len(text), 7):
        color = text[i : i + 6]
        effect = text[i + 6]
        for ch in color:
            if ch not in "0123456789ABCDEF":
                raise ValueError("bad LED colour " + color)
        if effect not in EFFECT_CHARS:
            raise ValueError("bad LED effect " + effect)
        cells.append((int(color[0:2], 16), int(color[2:4], 16), int(color[4:6], 16), effect))
    return number, cells


# RAW: raw ADC readings and calibrated baselines, on request.


def raw_reply(number, readings, baselines):
    return command(
        "RAW",
        number,
        [",".join([str(v) for v in readings]), ",".join([str(v) for v in baselines])],
    )


def parse_raw_reply(fields):
    """(number, readings, baselines), else ValueError."""
    number = command_number(fields)
    if len(fields) != 4:
        raise ValueError("RAW reply has 3 fields")
    lists = []
    for field in fields[2:]:
        values = [parse_uint(v, 65535) for v in field.split(",")]
        if len(values) != HOUSES:
            raise ValueError("RAW needs one value per house")
        lists.append(values)
    return number, lists[0], lists[1]


# ACK and ERR: every host command gets exactly one of these (or its own reply).

ERR_UNKNOWN_COMMAND = 1
ERR_BAD_ARGUMENTS = 2
ERR_PROTOCOL = 3
ERR_CALIBRATION = 4


def ack(number):
    return command("ACK", number)


def error(number, code, text):
    return command("ERR", number, [str(code), text.replace(" ", "_")])


def parse_error(fields):
    """(number, code, text) of an ERR frame, else ValueError."""
    number = command_number(fields)
    if len(fields) != 4:
        raise ValueError("ERR has 3 fields")
    return number, parse_uint(fields[2], 99), fields[3].replace("_", " ")
