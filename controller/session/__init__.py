"""The game session: sensed boards and throws in; refereed moves, messages and LED frames out.

Public API (used by `controller.service`):
- `GameSession(variant, players, *, now, rng, settings)` and `GameSession.restore(...)`;
  `.on_board(houses, now, faults=frozenset())`, `.on_throw(throw, now)`, `.tick(now)`,
  `.electronic_throw(now)`, `.takeback(now)`, `.confirm(now)` each return the
  `SessionEvent`s that happened; `.view()`, `.led_frame(now)`, `.state`, `.phase`, `.players`;
- `SessionSettings` (timings), `SessionEvent` (type, data, durable);
- `Throw` and its makers `manual_throw`, `camera_throw`, `electronic_throw`;
- `LEGEND` (the LED colour language) and `MESSAGES` (the English message catalogue).
"""

from controller.session.led_plan import LEGEND
from controller.session.messages import MESSAGES
from controller.session.session import GameSession, SessionEvent, SessionSettings
from controller.session.throws import Throw, camera_throw, electronic_throw, manual_throw

__all__ = [
    "LEGEND",
    "MESSAGES",
    "GameSession",
    "SessionEvent",
    "SessionSettings",
    "Throw",
    "camera_throw",
    "electronic_throw",
    "manual_throw",
]
