# LED animation: the host's frame (colour and effect per house), the start-up self-test and
# the "link lost" pattern. MicroPython: no typing; the HAL supplies write_leds(pixels).
# Times are the firmware's own milliseconds since boot (they never wrap).

import board_config as cfg

OFF = (0, 0, 0, "o")
LINK_LOST_CELL = (0, 0, 96, "p")  # every house pulses dim blue: the host is silent
SELF_TEST_STEPS = (
    (255, 0, 0, "s"),
    (0, 255, 0, "s"),
    (0, 0, 255, "s"),
    (255, 255, 255, "s"),
)


def pixel(cell, now):
    """The RGB an LED shows at time now (ms) for a cell (r, g, b, effect letter)."""
    r, g, b, effect = cell
    if effect == "s":
        return (r, g, b)
    if effect == "b":
        if (now // cfg.BLINK_HALF_MS) % 2 == 0:
            return (r, g, b)
        return (0, 0, 0)
    if effect == "p":
        half = cfg.PULSE_PERIOD_MS // 2
        phase = now % cfg.PULSE_PERIOD_MS
        ramp = phase if phase < half else cfg.PULSE_PERIOD_MS - phase  # 0..half..0
        level = 40 + 216 * ramp // half  # 40..256, out of 256
        return (r * level >> 8, g * level >> 8, b * level >> 8)
    return (0, 0, 0)


class Leds:
    """Decides what the 30 LEDs show and writes them when that changes or animates."""

    def __init__(self, hal, now):
        self.hal = hal
        self.host_cells = [OFF] * cfg.LEDS
        self.shown = None
        self.pixels = None
        self.last_render = now
        self.self_test_started = now
        self.self_test_until = now
        self.start_self_test(now)

    def start_self_test(self, now):
        self.self_test_started = now
        self.self_test_until = now + cfg.SELF_TEST_STEP_MS * len(SELF_TEST_STEPS)

    def set_frame(self, cells):
        self.host_cells = list(cells)

    def cells(self, now, link_ok):
        """The cells on show at time now: self-test, link-lost pattern or the host's frame."""
        elapsed = now - self.self_test_started
        if now < self.self_test_until:
            step = SELF_TEST_STEPS[elapsed // cfg.SELF_TEST_STEP_MS]
            return [step] * cfg.LEDS
        if not link_ok:
            return [LINK_LOST_CELL] * cfg.LEDS
        return self.host_cells

    def update(self, now, link_ok):
        """Writes the LEDs if what they show changed, or if an effect is due a new step."""
        cells = self.cells(now, link_ok)
        changed = cells != self.shown
        if not changed:
            if now - self.last_render < cfg.ANIMATE_MS:
                return
            animated = False
            for cell in cells:
                if cell[3] == "b" or cell[3] == "p":
                    animated = True
                    break
            if not animated:
                return
        pixels = [pixel(cell, now) for cell in cells]
        self.shown = list(cells)
        self.last_render = now
        if changed or pixels != self.pixels:
            self.pixels = pixels
            self.hal.write_leds(pixels)
