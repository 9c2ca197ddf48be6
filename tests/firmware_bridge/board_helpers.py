"""Helpers for tests that drive a link against a virtual board."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from firmware_bridge.link import LinkEvent, SnapshotChanged


class Events:
    """Collects link events from the link's thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.items: list[LinkEvent] = []

    def __call__(self, event: LinkEvent) -> None:
        with self._lock:
            self.items.append(event)

    def of(self, kind: type) -> list[Any]:
        with self._lock:
            return [e for e in self.items if isinstance(e, kind)]

    def boards(self) -> list[str]:
        return [e.snapshot.houses for e in self.of(SnapshotChanged)]


def wait_until(condition: Callable[[], bool], timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s")
        time.sleep(0.005)
