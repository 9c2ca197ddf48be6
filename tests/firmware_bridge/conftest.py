"""A virtual board behind a real pty and a BoardLink on it, shut down after each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from board_helpers import Events, wait_until

from firmware_bridge.link import BoardLink
from firmware_bridge.virtual import VirtualBoard


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
