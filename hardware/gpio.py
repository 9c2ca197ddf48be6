"""The Pi's own controls: confirm, new-game and takeback buttons, a buzzer and a status LED.

Plain gpiozero devices; `pin_factory` selects the backend (gpiozero's default on a Pi, its
`MockFactory` in `--sim` and in tests), so everything above the pins runs for real. The panel
knows nothing of the game: presses become callbacks (on gpiozero's thread), and the caller says
which sound to make and what the status LED shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gpiozero import LED, Button, Buzzer

BOUNCE_S = 0.03

# Beep patterns: (on seconds, off seconds, count).
SOUNDS: dict[str, tuple[float, float, int]] = {
    "accepted": (0.06, 0.0, 1),
    "attention": (0.06, 0.08, 2),
    "illegal": (0.12, 0.1, 3),
    "game_over": (0.6, 0.0, 1),
}

# Status LED states: None = steady on, else (on seconds, off seconds) blinking.
STATUS_STATES: dict[str, tuple[float, float] | None] = {
    "ok": None,
    "degraded": (0.5, 0.5),
    "fault": (0.1, 0.1),
}


@dataclass(frozen=True)
class PanelPins:
    """BCM pin numbers of the panel, and how long the new-game button must be held."""

    confirm: int
    new_game: int
    takeback: int
    buzzer: int
    status_led: int
    long_press_s: float = 2.0


Callback = Callable[[], None]


class Panel:
    """The buttons, buzzer and status LED wired to the Pi.

    `on_confirm` and `on_takeback` run when their button is pressed; `on_new_game` only when
    the new-game button is held for `long_press_s` (a brush against it must not end a game).
    """

    def __init__(
        self,
        pins: PanelPins,
        *,
        on_confirm: Callback,
        on_new_game: Callback,
        on_takeback: Callback,
        pin_factory: Any = None,
    ) -> None:
        self._devices: list[Any] = []
        try:
            self.confirm_button = self._add(
                Button(pins.confirm, bounce_time=BOUNCE_S, pin_factory=pin_factory)
            )
            self.new_game_button = self._add(
                Button(
                    pins.new_game,
                    bounce_time=BOUNCE_S,
                    hold_time=pins.long_press_s,
                    pin_factory=pin_factory,
                )
            )
            self.takeback_button = self._add(
                Button(pins.takeback, bounce_time=BOUNCE_S, pin_factory=pin_factory)
            )
            self.buzzer = self._add(Buzzer(pins.buzzer, pin_factory=pin_factory))
            self.status_led = self._add(LED(pins.status_led, pin_factory=pin_factory))
        except Exception:
            self.close()
            raise
        self.confirm_button.when_pressed = on_confirm
        self.takeback_button.when_pressed = on_takeback
        self.new_game_button.when_held = on_new_game
        self.status = "off"

    def _add(self, device: Any) -> Any:
        self._devices.append(device)
        return device

    def sound(self, name: str) -> None:
        """Play one of `SOUNDS` in the background (a new sound cuts the one playing)."""
        on_time, off_time, count = SOUNDS[name]
        self.buzzer.beep(on_time=on_time, off_time=off_time or 0.01, n=count, background=True)

    def show_status(self, state: str) -> None:
        """Set the status LED to one of `STATUS_STATES` or `off`; unchanged state: no effect."""
        if state == self.status:
            return
        if state == "off":
            self.status_led.off()
        else:
            blink = STATUS_STATES[state]
            if blink is None:
                self.status_led.on()
            else:
                self.status_led.blink(on_time=blink[0], off_time=blink[1], background=True)
        self.status = state

    def close(self) -> None:
        """Release every pin (the LED and buzzer go off)."""
        for device in reversed(self._devices):
            device.close()
        self._devices.clear()
