"""The firmware's sensor scanning and LED animation, run under CPython on the simulated HAL."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from firmware_bridge.firmware import board_config as cfg
from firmware_bridge.firmware import board_leds, board_sensors, hal_sim

BASE = cfg.NOMINAL_BASELINE
LIGHT_READING = BASE - 15000
DARK_READING = BASE + 15000


class Port:
    def read(self) -> bytes:
        return b""

    def write(self, data: bytes) -> None:
        pass

    def wait(self, seconds: float) -> None:
        pass


def sim_hal(storage: dict[str, str] | None = None) -> Any:
    physics = hal_sim.Physics(noise=0)
    for index in range(cfg.HOUSES):
        physics.stuck[index] = BASE  # exact readings, set per test
    return hal_sim.SimHal(physics, Port(), {} if storage is None else storage, "TEST")


def set_reading(hal: Any, house: int, value: int) -> None:
    hal.physics.stuck[house - 1] = value


def scans_until_change(scanner: Any, limit: int = 500) -> int:
    for count in range(1, limit + 1):
        if scanner.scan():
            return count
    raise AssertionError("no change")


@pytest.mark.parametrize(
    ("delta", "stable", "expected"),
    [
        (0, ".", "."),
        (-6000, ".", "W"),
        (-5999, ".", "."),
        (6000, ".", "B"),
        (-4500, "W", "W"),  # hysteresis: a piece stays down to EXIT_THRESHOLD
        (-3999, "W", "."),
        (4500, "B", "B"),
        (4500, "W", "."),
        (-4500, ".", "."),
    ],
)
def test_classification_has_hysteresis(delta: int, stable: str, expected: str) -> None:
    assert board_sensors.classify(BASE + delta, BASE, stable) == expected


@pytest.mark.parametrize("value", [0, 100, 65535, 65100])
def test_readings_at_a_rail_are_faults(value: int) -> None:
    assert board_sensors.classify(value, BASE, ".") == "?"


def test_a_lift_is_believed_fast_and_an_arrival_slowly() -> None:
    hal = sim_hal()
    scanner = board_sensors.Scanner(hal)
    set_reading(hal, 5, LIGHT_READING)
    assert scans_until_change(scanner) == cfg.ARRIVE_SCANS
    assert scanner.states()[4] == "W"
    set_reading(hal, 5, BASE)
    assert scans_until_change(scanner) == cfg.LEAVE_SCANS
    assert scanner.states() == "." * 30


def test_a_piece_passing_over_a_house_is_not_reported() -> None:
    hal = sim_hal()
    scanner = board_sensors.Scanner(hal)
    set_reading(hal, 8, DARK_READING)
    changes = [scanner.scan() for _ in range(cfg.ARRIVE_SCANS - 1)]
    set_reading(hal, 8, BASE)
    changes += [scanner.scan() for _ in range(100)]
    assert not any(changes)


def test_single_scan_flicker_never_changes_a_state() -> None:
    hal = sim_hal()
    scanner = board_sensors.Scanner(hal)
    set_reading(hal, 1, DARK_READING)
    scans_until_change(scanner)
    for scan in range(2000):
        # every 7th scan house 1 reads empty and house 2 reads a light piece
        glitch = scan % 7 == 0
        set_reading(hal, 1, BASE if glitch else DARK_READING)
        set_reading(hal, 2, LIGHT_READING if glitch else BASE)
        assert not scanner.scan()
    assert scanner.states()[:2] == "B."


def test_a_flickering_lift_is_still_seen() -> None:
    hal = sim_hal()
    scanner = board_sensors.Scanner(hal)
    set_reading(hal, 3, LIGHT_READING)
    scans_until_change(scanner)
    changed_at = None
    for scan in range(1, 40):
        set_reading(hal, 3, LIGHT_READING if scan % 10 == 3 else BASE)
        if scanner.scan():
            changed_at = scan
            break
    assert changed_at is not None and changed_at <= cfg.LEAVE_SCANS + 3
    assert scanner.states()[2] == "."


def test_a_broken_sensor_becomes_a_fault_and_recovers() -> None:
    hal = sim_hal()
    scanner = board_sensors.Scanner(hal)
    set_reading(hal, 30, 0)
    assert scans_until_change(scanner) == cfg.FAULT_SCANS
    assert scanner.states()[29] == "?"
    set_reading(hal, 30, BASE)
    assert scans_until_change(scanner) == cfg.ARRIVE_SCANS
    assert scanner.states()[29] == "."


def test_calibration_is_stored_and_refuses_houses_with_a_piece() -> None:
    storage: dict[str, str] = {}
    hal = sim_hal(storage)
    for house in range(1, 31):
        set_reading(hal, house, BASE + 100 * house)
    set_reading(hal, 4, DARK_READING)
    scanner = board_sensors.Scanner(hal)
    assert not scanner.calibrated
    assert scanner.calibrate() == [4]
    assert scanner.states() == "...?" + "." * 26
    assert scanner.baselines[9] == BASE + 1000
    # a reboot reads the baselines back from flash, and still knows house 4 failed
    again = board_sensors.Scanner(sim_hal(storage))
    assert again.baselines == scanner.baselines and again.states()[3] == "?"
    set_reading(hal, 4, BASE)
    assert scanner.calibrate() == []
    assert scanner.calibrated and scanner.states() == "." * 30
    assert board_sensors.Scanner(sim_hal(storage)).calibrated


def test_damaged_calibration_file_is_ignored() -> None:
    scanner = board_sensors.Scanner(sim_hal({cfg.CALIBRATION_FILE: "12,x,\x00"}))
    assert not scanner.calibrated and scanner.baselines == [BASE] * 30


# LEDs


def test_effects_animate_in_the_firmware() -> None:
    red = (200, 0, 0, "s")
    assert board_leds.pixel(red, 0) == (200, 0, 0)
    blink = (200, 100, 0, "b")
    assert board_leds.pixel(blink, 0) == (200, 100, 0)
    assert board_leds.pixel(blink, cfg.BLINK_HALF_MS) == (0, 0, 0)
    pulse = (0, 0, 200, "p")
    levels = [board_leds.pixel(pulse, t)[2] for t in range(0, cfg.PULSE_PERIOD_MS, 50)]
    assert min(levels) > 0 and max(levels) == 200
    assert levels.index(max(levels)) == len(levels) // 2
    assert board_leds.pixel((9, 9, 9, "o"), 0) == (0, 0, 0)


def test_self_test_then_link_lost_then_the_host_frame() -> None:
    hal = sim_hal()
    leds = board_leds.Leds(hal, 0)
    frame = [(0, 255, 0, "s")] * 30
    leds.set_frame(frame)
    shown = []
    for now in range(0, 1000, 100):
        leds.update(now, False)
        shown.append(hal.pixels[0])
    assert shown[:8] == [(255, 0, 0)] * 2 + [(0, 255, 0)] * 2 + [(0, 0, 255)] * 2 + [
        (255, 255, 255)
    ] * 2
    assert leds.shown == [board_leds.LINK_LOST_CELL] * 30
    leds.update(1000, True)
    assert hal.pixels == [(0, 255, 0)] * 30


def test_at_start_up_the_board_is_taken_as_it_stands() -> None:
    hal = sim_hal()
    set_reading(hal, 1, LIGHT_READING)
    set_reading(hal, 2, DARK_READING)
    set_reading(hal, 3, 0)
    scanner = board_sensors.Scanner(hal)
    scanner.prime()
    assert scanner.states() == "WB?" + "." * 27
    assert not any(scanner.scan() for _ in range(100))


def test_a_scan_selects_each_multiplexer_channel_once() -> None:
    hal = sim_hal()
    calls: list[tuple[int, int]] = []
    read = hal.read_sensor

    def recording_read(mux: int, channel: int) -> int:
        calls.append((mux, channel))
        return int(read(mux, channel))

    hal.read_sensor = recording_read
    board_sensors.Scanner(hal).read_all()
    assert sorted(calls) == sorted(cfg.sensor_wiring(house) for house in range(1, 31))
    switches = sum(1 for a, b in itertools.pairwise(calls) if a[1] != b[1])
    assert switches == 15  # channels 0..15 in order, both multiplexers read per channel
