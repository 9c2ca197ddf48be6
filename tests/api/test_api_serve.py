"""`senet-board serve` as systemd runs it: ready and watchdog messages, clean stop, clear errors;
and the deployment files that install it on a Pi."""

from __future__ import annotations

import configparser
import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from controller.config import load_config

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "hardware" / "deploy"


def serve_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "controller", "serve", *args]


def write_config(tmp_path: Path, extra: str = "") -> Path:
    config = tmp_path / "senet.toml"
    config.write_text(
        f'[journal]\npath = "{tmp_path / "journal.sqlite3"}"\n'
        '[camera]\nsource = "none"\n[gpio]\nenabled = false\n' + extra
    )
    return config


@pytest.fixture
def notify_socket(tmp_path: Path) -> Iterator[socket.socket]:
    """A stand-in for systemd's notification socket."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(tmp_path / "notify"))
    sock.settimeout(20)
    yield sock
    sock.close()


def messages_until(sock: socket.socket, wanted: str) -> list[str]:
    seen: list[str] = []
    while wanted not in seen:
        seen.append(sock.recv(256).decode())
    return seen


def test_serve_tells_systemd_it_is_ready_pings_the_watchdog_and_stops_cleanly(
    tmp_path: Path, notify_socket: socket.socket
) -> None:
    env = {
        **os.environ,
        "NOTIFY_SOCKET": notify_socket.getsockname(),
        "WATCHDOG_USEC": "600000",
        "SENET_BOARD_TOKEN": "",
    }
    process = subprocess.Popen(
        serve_command("--sim", "--config", str(write_config(tmp_path)), "--port", "0"),
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert "READY=1" in messages_until(notify_socket, "READY=1")
        assert process.stdout is not None
        line = process.stdout.readline()
        match = re.search(r"serving \(sim\) on (http://127\.0\.0\.1:\d+)/", line)
        assert match, line
        with urllib.request.urlopen(f"{match[1]}/api/status", timeout=5) as response:
            assert json.load(response)["sim"] is True
        messages_until(notify_socket, "WATCHDOG=1")
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
        assert "STOPPING=1" in messages_until(notify_socket, "STOPPING=1")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def test_a_busy_port_is_one_clear_line(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        result = subprocess.run(
            serve_command("--sim", "--config", str(write_config(tmp_path)), "--port", str(port)),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"senet-board: error: cannot listen on 127.0.0.1:{port}: Address already in use"
    )


def test_a_bad_configuration_names_the_key(tmp_path: Path) -> None:
    config = write_config(tmp_path, "[api]\nport = 99999\n")
    result = subprocess.run(
        serve_command("--config", str(config)), cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert "api.port" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_systemd_unit_restarts_and_watches_the_service() -> None:
    unit = configparser.ConfigParser(interpolation=None, strict=False)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(DEPLOY / "senet-board.service")
    service = unit["Service"]
    assert service["Type"] == "notify"
    assert service["Restart"] == "on-failure"
    assert int(service["WatchdogSec"]) > 0
    command = service["ExecStart"].split()
    assert command[1:3] == ["serve", "--config"]
    assert command[0].endswith("/senet-board")
    assert "dialout" in service["SupplementaryGroups"]


def test_the_udev_rule_gives_the_pico_the_configured_name() -> None:
    rule = (DEPLOY / "99-senet-board.rules").read_text()
    assert 'ATTRS{idVendor}=="2e8a"' in rule
    name = re.search(r'SYMLINK\+="([^"]+)"', rule)
    assert name is not None
    assert load_config(None, environ={}).board.url == f"/dev/{name[1]}"


def test_the_example_configuration_of_an_installed_board_is_valid() -> None:
    config = load_config(DEPLOY / "senet-board.toml", environ={})
    assert config.board.url == "/dev/senet-board"
    assert config.journal.path.startswith("/var/lib/senet-board/")
