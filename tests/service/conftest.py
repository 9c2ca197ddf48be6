"""Fixtures for the service tests: a running `--sim` service on a journal in `tmp_path`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from senet_player import StartService, sim_config

from controller.config import Config
from controller.service import GameService


@pytest.fixture
def pin_factory() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    factory.reset()
    Device.pin_factory = None


@pytest.fixture
def start_service(tmp_path: Path, pin_factory: MockFactory) -> Iterator[StartService]:
    """Start a `--sim` service (stopped at teardown); keyword arguments go to `sim_config`."""
    running: list[GameService] = []

    def start(config: Config | None = None, seed: int = 1, **keys: Any) -> GameService:
        service = GameService(
            config or sim_config(tmp_path, **keys), sim=True, pin_factory=pin_factory, seed=seed
        )
        running.append(service)
        service.start()
        return service

    yield start
    for service in reversed(running):
        service.stop()
