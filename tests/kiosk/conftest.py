"""A real server (uvicorn on a free port, in a thread) over the real `GameService` in `--sim`,
and Debian's Chromium driven by Playwright, as a visitor's screen would show the kiosk."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from controller.api import create_app
from controller.cli.serve import listen
from controller.config import Config, from_mapping
from controller.service import GameService

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
REFEREE_TOKEN = "kiosk-test-referee"
SCREEN: ViewportSize = {"width": 1920, "height": 1080}


@contextmanager
def serving(config: Config) -> Iterator[str]:
    """The base URL of a running `--sim` service of `config` with its HTTP server."""
    service = GameService(config, sim=True, pin_factory=MockFactory(), seed=3)
    service.start()
    sock = listen("127.0.0.1", 0)
    server = uvicorn.Server(
        uvicorn.Config(create_app(service, config), lifespan="off", log_level="warning")
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        assert server.started, "the kiosk server did not start"
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        service.stop()
        sock.close()
        Device.pin_factory = None


def kiosk_config(tmp: Path, camera: dict[str, str]) -> Config:
    """A kiosk's configuration, its journal in `tmp`, without GPIO, with `camera`."""
    return from_mapping(
        {
            "journal": {"path": str(tmp / "journal.sqlite3")},
            "gpio": {"enabled": False},
            "camera": camera,
            "api": {"referee_token": REFEREE_TOKEN},
        },
        environ={},
    )


@pytest.fixture(scope="module")
def kiosk_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a running `--sim` service with its HTTP server, without a camera."""
    tmp = tmp_path_factory.mktemp("kiosk")
    with serving(kiosk_config(tmp, {"source": "none"})) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh 1080p page; it fails the test if the page logs a JavaScript error."""
    context = browser.new_context(viewport=SCREEN)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    context.close()
    assert errors == [], f"the page reported errors: {errors}"


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: `KIOSK_SCREENSHOTS` when set (to refresh docs/), else tmp_path."""
    folder = Path(os.environ.get("KIOSK_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder
