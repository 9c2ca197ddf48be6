# The HAL on the Raspberry Pi Pico: GPIO mux select lines, ADC, WS2812 LEDs, USB serial.
# See board_firmware.py for what a HAL provides.

import select
import sys
import time

import board_config as cfg
import machine
import neopixel


class PicoHal:
    def __init__(self):
        self.select_pins = [machine.Pin(p, machine.Pin.OUT) for p in cfg.PIN_MUX_SELECT]
        self.adcs = [machine.ADC(machine.Pin(p)) for p in cfg.PIN_MUX_ADC]
        self.strip = neopixel.NeoPixel(machine.Pin(cfg.PIN_LED_DATA), cfg.LEDS)
        self.channel = -1
        self.stdin = sys.stdin.buffer
        self.stdout = sys.stdout.buffer
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)

    def ticks_ms(self):
        return time.ticks_ms()

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def read_sensor(self, mux, channel):
        if channel != self.channel:
            for bit in range(4):
                self.select_pins[bit].value((channel >> bit) & 1)
            self.channel = channel
            time.sleep_us(cfg.MUX_SETTLE_US)
        return self.adcs[mux].read_u16()

    def write_leds(self, pixels):
        strip = self.strip
        for i in range(len(pixels)):
            strip[i] = pixels[i]
        strip.write()

    def serial_read(self):
        data = b""
        while len(data) < 512 and self.poll.poll(0):
            data += self.stdin.read(1)
        return data

    def serial_write(self, data):
        self.stdout.write(data)

    def serial_wait(self, ms):
        self.poll.poll(ms)

    def load(self, name):
        try:
            with open(name) as f:
                return f.read()
        except OSError:
            return None

    def save(self, name, text):
        with open(name, "w") as f:
            f.write(text)

    def board_id(self):
        return "".join([f"{b:02X}" for b in machine.unique_id()])

    def alive(self):
        return True
