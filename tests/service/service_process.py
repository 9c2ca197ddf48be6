"""The game service in a process of its own, for the kill -9 test.

`python service_process.py CONFIG` starts `GameService` with the configuration file (the board
URL names a virtual board's pty owned by the test) and mock GPIO pins. Every event the service
publishes is printed as one JSON line `{"event": {...}}`: printed means acknowledged, since the
service publishes only what it has journaled. Commands come on stdin as JSON lines
(`{"op": "throw", "value": 3}`, `{"op": "view"}`), each answered by `{"reply": ...}` or
`{"error": "..."}`. The process runs until stdin closes, or until it is killed.
"""

from __future__ import annotations

import json
import sys
import threading
from typing import Any

from gpiozero.pins.mock import MockFactory

from controller.config import load_config
from controller.errors import UserError
from controller.service import GameService

OUTPUT = threading.Lock()


def say(message: dict[str, Any]) -> None:
    with OUTPUT:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()


def relay(service: GameService) -> None:
    subscription = service.subscribe()
    say({"event": {"type": "game", "data": service.game_view()}})
    while True:
        event = subscription.get(timeout=1.0)
        if event is not None:
            say({"event": event})


def main() -> None:
    service = GameService(load_config(sys.argv[1]), pin_factory=MockFactory(), seed=None)
    service.start()
    threading.Thread(target=relay, args=(service,), daemon=True).start()
    for line in sys.stdin:
        command = json.loads(line)
        try:
            if command["op"] == "throw":
                say({"reply": service.throw(value=command["value"])})
            else:
                say({"reply": service.game_view()})
        except UserError as error:
            say({"error": str(error)})
    service.stop()


if __name__ == "__main__":
    main()
