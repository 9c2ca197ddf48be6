# The simulated HAL: Hall sensors reading virtual magnets (with noise, flicker and stuck
# sensors), an LED strip kept in memory, and a serial port object handed in by the host.
# Plain MicroPython-compatible code, so the firmware above it runs here exactly as on the Pico.

import random
import time

import board_config as cfg

PIECE_FIELD = {"W": -1, "B": 1, ".": 0}  # light pieces pull the reading down, dark push up
FIELD_COUNTS = 15000  # how far a piece moves its sensor's reading from the baseline
STATES = ".WB"


def _noise(sigma):
    # Sum of three uniforms: close enough to a Gaussian, and random.gauss is not in MicroPython.
    return int((random.random() + random.random() + random.random() - 1.5) * 2 * sigma)


class Physics:
    """The virtual board: which piece stands on each house and how each sensor misbehaves."""

    def __init__(self, noise=250):
        n = cfg.HOUSES
        self.noise = noise
        self.pieces = ["."] * n
        self.strength = [FIELD_COUNTS] * n
        # Each sensor's zero-field output differs a little, as real ones do.
        self.offsets = [((i * 7919) % 3001) - 1500 for i in range(n)]
        self.flicker_rate = 0.0
        self.flicker_houses = None
        self.stuck = {}
        self.scans = 0
        self.script = []  # (scan number, house, piece), applied as the firmware scans

    def begin_scan(self):
        """Called as each scan starts; plays scripted moves due by this scan."""
        self.scans += 1
        script = self.script
        while script and script[0][0] <= self.scans:
            _, house, piece = script.pop(0)
            self.place(house, piece)

    def play(self, moves):
        """Schedules moves, a list of (scans from now, house, piece), in the firmware's time.

        A hand's movement is timed in scans, not in wall-clock time, so that a slow or busy
        host cannot stretch it: the firmware sees exactly the dwell times the script says.
        """
        start = self.scans
        self.script = [(start + after, house, piece) for after, house, piece in moves]

    def place(self, house, piece):
        """Puts piece ('W', 'B' or '.') on house 1-30."""
        index = house - 1
        self.pieces[index] = piece
        self.strength[index] = FIELD_COUNTS + _noise(1000)

    def reading(self, index):
        """One ADC reading of the sensor under house index + 1."""
        if index in self.stuck:
            return self.stuck[index]
        piece = self.pieces[index]
        rate = self.flicker_rate
        flickers = self.flicker_houses is None or index + 1 in self.flicker_houses
        if rate and flickers and random.random() < rate:
            others = STATES.replace(piece, "")
            piece = others[random.getrandbits(8) % len(others)]
        value = cfg.NOMINAL_BASELINE + self.offsets[index] + _noise(self.noise)
        value += PIECE_FIELD[piece] * self.strength[index]
        return min(63000, max(2500, value))


def _monotonic_ms():
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()
    return int(time.monotonic() * 1000)


class SimHal:
    """A HAL over Physics; port has read() -> bytes, write(data) and wait(seconds)."""

    def __init__(self, physics, port, storage, board_id):
        self.physics = physics
        self.port = port
        self.storage = storage
        self.id = board_id
        self.running = True
        self.pixels = [(0, 0, 0)] * cfg.LEDS
        self.on_leds = None
        self.index = {}
        for house in range(1, cfg.HOUSES + 1):
            self.index[cfg.sensor_wiring(house)] = house - 1

    def ticks_ms(self):
        return _monotonic_ms()

    def ticks_diff(self, a, b):
        return a - b

    def read_sensor(self, mux, channel):
        index = self.index.get((mux, channel))
        if index is None:
            return 0  # an unwired channel floats to a rail
        if index == 0:
            self.physics.begin_scan()
        return self.physics.reading(index)

    def write_leds(self, pixels):
        self.pixels = list(pixels)
        if self.on_leds is not None:
            self.on_leds()

    def serial_read(self):
        return self.port.read()

    def serial_write(self, data):
        self.port.write(data)

    def serial_wait(self, ms):
        self.port.wait(ms / 1000)

    def load(self, name):
        return self.storage.get(name)

    def save(self, name, text):
        self.storage[name] = text

    def board_id(self):
        return self.id

    def alive(self):
        return self.running
