# The firmware proper: the main loop that scans sensors, answers the host, drives the LEDs.
# It runs unchanged on the Pico (hal_pico) and under CPython on simulated physics (hal_sim).
#
# A HAL object provides:
#   ticks_ms(), ticks_diff(a, b)         a millisecond clock that may wrap
#   read_sensor(mux, channel) -> int     one ADC reading 0..65535 through a multiplexer
#   write_leds(pixels)                   30 (r, g, b) tuples, LED 0 = house 1
#   serial_read() -> bytes               whatever arrived from the host (b"" if nothing)
#   serial_write(data)                   bytes to the host; dropped if nobody listens
#   serial_wait(ms)                      sleep up to ms, returning early when bytes arrive
#   load(name) -> str or None, save(name, text)   small files in flash
#   board_id() -> str                    a stable id without spaces
#   alive() -> bool                      False asks the main loop to return

import board_codec as codec
import board_config as cfg
from board_leds import Leds
from board_sensors import Scanner


class Firmware:
    def __init__(self, hal):
        self.hal = hal
        self.last_tick = hal.ticks_ms()
        self.now = 0
        self.boot = f"{self.last_tick & 0xFFFF:04X}"
        self.scanner = Scanner(hal)
        self.scanner.prime()
        self.leds = Leds(hal, 0)
        self.splitter = codec.LineSplitter()
        self.seq = 0
        self.states = self.scanner.states()
        self.last_snapshot = -cfg.HEARTBEAT_MS
        self.next_scan = 0
        self.host_seen_at = None
        self.corrupt = 0
        self.send(codec.hello_reply(0, self.hello_info()))

    def hello_info(self):
        return (
            ("fw", cfg.FIRMWARE_VERSION),
            ("proto", cfg.PROTOCOL_VERSION),
            ("id", self.hal.board_id()),
            ("houses", cfg.HOUSES),
            ("leds", cfg.LEDS),
            ("cal", 1 if self.scanner.calibrated else 0),
            ("boot", self.boot),
        )

    def send(self, data):
        self.hal.serial_write(data)

    def tick(self):
        tick = self.hal.ticks_ms()
        self.now += self.hal.ticks_diff(tick, self.last_tick)
        self.last_tick = tick

    def link_ok(self):
        seen = self.host_seen_at
        return seen is not None and self.now - seen < cfg.LINK_LOST_MS

    def step(self):
        """One pass of the main loop."""
        self.tick()
        data = self.hal.serial_read()
        if data:
            for line in self.splitter.feed(data):
                self.handle_line(line)
        if self.now >= self.next_scan:
            self.next_scan = max(self.next_scan + cfg.SCAN_PERIOD_MS, self.now)
            if self.scanner.scan():
                self.states = self.scanner.states()
                self.seq += 1
                self.send_snapshot()
            elif self.now - self.last_snapshot >= cfg.HEARTBEAT_MS:
                self.send_snapshot()
        self.leds.update(self.now, self.link_ok())

    def send_snapshot(self):
        self.last_snapshot = self.now
        self.send(codec.snapshot(self.seq, self.states))

    def run(self):
        while self.hal.alive():
            self.step()
            self.tick()
            self.hal.serial_wait(max(0, self.next_scan - self.now))

    def handle_line(self, line):
        fields = codec.unframe(line)
        if fields is None:
            self.corrupt += 1
            return
        self.host_seen_at = self.now
        try:
            number = codec.command_number(fields)
        except ValueError:
            self.send(codec.error(0, codec.ERR_BAD_ARGUMENTS, "bad command number"))
            return
        handler = HANDLERS.get(fields[0])
        if handler is None:
            self.send(codec.error(number, codec.ERR_UNKNOWN_COMMAND, "unknown " + fields[0]))
            return
        try:
            handler(self, number, fields)
        except ValueError as exc:
            self.send(codec.error(number, codec.ERR_BAD_ARGUMENTS, str(exc)))

    def on_hello(self, number, fields):
        if len(fields) != 3:
            raise ValueError("HELLO needs the host protocol version")
        wanted = codec.parse_uint(fields[2], 999)
        if wanted != cfg.PROTOCOL_VERSION:
            text = f"protocol {wanted} unsupported, firmware speaks {cfg.PROTOCOL_VERSION}"
            self.send(codec.error(number, codec.ERR_PROTOCOL, text))
            return
        self.send(codec.hello_reply(number, self.hello_info()))
        self.send_snapshot()

    def on_led(self, number, fields):
        number, cells = codec.parse_led_command(fields)
        self.leds.set_frame(cells)
        self.send(codec.ack(number))

    def on_ping(self, number, fields):
        self.send(codec.ack(number))

    def on_raw(self, number, fields):
        readings = self.scanner.read_all()
        self.send(codec.raw_reply(number, readings, self.scanner.baselines))

    def on_calibrate(self, number, fields):
        failed = self.scanner.calibrate()
        self.states = self.scanner.states()
        self.seq += 1
        if failed:
            houses = ",".join([str(h) for h in failed])
            self.send(codec.error(number, codec.ERR_CALIBRATION, "not calibrated: " + houses))
        else:
            self.send(codec.ack(number))
        self.send_snapshot()

    def on_test(self, number, fields):
        self.leds.start_self_test(self.now)
        self.send(codec.ack(number))


HANDLERS = {
    "HELLO": Firmware.on_hello,
    "LED": Firmware.on_led,
    "PING": Firmware.on_ping,
    "RAW": Firmware.on_raw,
    "CAL": Firmware.on_calibrate,
    "TEST": Firmware.on_test,
}


def run(hal):
    """Runs the firmware until hal.alive() turns False."""
    Firmware(hal).run()
