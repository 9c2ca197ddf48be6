"""The house map shared by the firmware's LED strip and the host's pictures."""

from __future__ import annotations

import pytest

from firmware_bridge.firmware import board_config
from hardware import geometry


def test_houses_run_in_a_reversed_s() -> None:
    assert [geometry.position(h) for h in (1, 10, 11, 20, 21, 30)] == [
        (0, 0),
        (0, 9),
        (1, 9),
        (1, 0),
        (2, 0),
        (2, 9),
    ]
    for house in range(1, 31):
        assert geometry.house_at(*geometry.position(house)) == house
        assert geometry.led_index(house) == house - 1


def test_every_house_has_its_own_sensor_channel() -> None:
    wiring = {board_config.sensor_wiring(house) for house in range(1, 31)}
    assert len(wiring) == 30 and all(channel < 16 for _, channel in wiring)


def test_rows_print_the_board_as_it_lies() -> None:
    assert geometry.rows("W" + "." * 18 + "B" + "." * 10) == [
        " 1 W . . . . . . . . . 10",
        "20 B . . . . . . . . . 11",
        "21 . . . . . . . . . . 30",
    ]
    with pytest.raises(ValueError):
        geometry.position(31)
