"""The GPIO panel on gpiozero's mock pins: presses reach the callbacks, sounds and LED show."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from gpiozero import Device, GPIOPinInUse
from gpiozero.pins.mock import MockFactory, MockPin

from hardware.gpio import SOUNDS, Panel, PanelPins

PINS = PanelPins(confirm=17, new_game=27, takeback=22, buzzer=18, status_led=23, long_press_s=0.2)


class Presses:
    def __init__(self) -> None:
        self.names: list[str] = []
        self.changed = threading.Condition()

    def record(self, name: str) -> None:
        with self.changed:
            self.names.append(name)
            self.changed.notify_all()

    def wait_for(self, count: int, timeout: float = 2.0) -> list[str]:
        with self.changed:
            self.changed.wait_for(lambda: len(self.names) >= count, timeout=timeout)
            return list(self.names)


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    factory.reset()
    Device.pin_factory = None


@pytest.fixture
def panel(factory: MockFactory) -> Iterator[tuple[Panel, Presses]]:
    presses = Presses()
    panel = Panel(
        PINS,
        on_confirm=lambda: presses.record("confirm"),
        on_new_game=lambda: presses.record("new_game"),
        on_takeback=lambda: presses.record("takeback"),
        pin_factory=factory,
    )
    yield panel, presses
    panel.close()


def pin(factory: MockFactory, number: int) -> MockPin:
    found: MockPin = factory.pin(number)
    return found


def press(factory: MockFactory, number: int, hold_s: float = 0.05) -> None:
    pin(factory, number).drive_low()
    time.sleep(hold_s)
    pin(factory, number).drive_high()
    time.sleep(0.05)  # past the debounce time before the next press


def test_confirm_and_takeback_presses_call_back(
    factory: MockFactory, panel: tuple[Panel, Presses]
) -> None:
    _, presses = panel
    press(factory, PINS.confirm)
    press(factory, PINS.takeback)
    assert presses.wait_for(2) == ["confirm", "takeback"]


def test_new_game_needs_a_long_press(factory: MockFactory, panel: tuple[Panel, Presses]) -> None:
    _, presses = panel
    press(factory, PINS.new_game, hold_s=0.05)
    assert presses.wait_for(1, timeout=0.4) == []
    press(factory, PINS.new_game, hold_s=PINS.long_press_s + 0.2)
    assert presses.wait_for(1) == ["new_game"]


def test_a_sound_beeps_the_buzzer_its_number_of_times(
    factory: MockFactory, panel: tuple[Panel, Presses]
) -> None:
    board, _ = panel
    buzzer = pin(factory, PINS.buzzer)
    buzzer.clear_states()
    board.sound("illegal")
    time.sleep(sum(SOUNDS["illegal"][:2]) * 3 + 0.3)
    rises = [
        1 for before, after in zip(buzzer.states, buzzer.states[1:], strict=False)
        if not before.state and after.state
    ]
    assert len(rises) == SOUNDS["illegal"][2]
    assert buzzer.state == 0


def test_status_led_steady_blinking_and_off(
    factory: MockFactory, panel: tuple[Panel, Presses]
) -> None:
    board, _ = panel
    led = pin(factory, PINS.status_led)
    board.show_status("ok")
    assert led.state == 1
    led.clear_states()
    board.show_status("degraded")
    time.sleep(1.2)
    assert {state.state for state in led.states} == {0, 1}
    board.show_status("off")
    time.sleep(0.1)
    assert led.state == 0


def test_a_pin_in_use_is_refused_and_nothing_is_left_claimed(factory: MockFactory) -> None:
    clash = PanelPins(confirm=17, new_game=17, takeback=22, buzzer=18, status_led=23)
    with pytest.raises(GPIOPinInUse):
        Panel(clash, on_confirm=print, on_new_game=print, on_takeback=print, pin_factory=factory)
    Panel(PINS, on_confirm=print, on_new_game=print, on_takeback=print, pin_factory=factory).close()
