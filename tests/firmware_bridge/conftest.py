"""A virtual board behind a real pty and a BoardLink on it, shut down after each test."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest

from firmware_bridge.link import BoardLink, LinkEvent, SnapshotChanged
from firmware_bridge.virtual import VirtualBoard


class Events:
    """Collects link events from the link's thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.items: list[LinkEvent] = []

    def __call__(self, event: LinkEvent) -> None:
        with self._lock:
            self.items.append(event)

    def of(self, kind: type) -> list:  # type: ignore[type-arg]
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


@pytest.fixture
def board() -> Iterator[VirtualBoard]:
    with VirtualBoard(seed=7) as vb:
        yield vb
        assert vb.crash is None, vb.crash


@pytest.fixture
def events() -> Events:
    return Events()


@pytest.fixture
def link(board: VirtualBoard, events: Events) -> Iterator[BoardLink]:
    link = BoardLink(board.url, on_event=events)
    link.start()
    try:
        wait_until(lambda: link.state == "up" and link.snapshot is not None)
        yield link
    finally:
        link.stop()
