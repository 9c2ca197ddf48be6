"""Talking to systemd (`Type=notify`, `WatchdogSec=`) with the standard library only.

systemd passes `NOTIFY_SOCKET` (a datagram socket path, `@` for the abstract namespace) and
`WATCHDOG_USEC`; the service sends `READY=1` once it answers HTTP and `WATCHDOG=1` at half the
watchdog interval, but only while a real request to its own `/api/status` succeeds, so a hung
server or a stuck game service gets restarted by systemd rather than left on screen.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import urllib.request
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)


def notify(message: str, environ: Mapping[str, str] | None = None) -> bool:
    """Send one `KEY=VALUE` message to systemd; False when not run by systemd."""
    address = (os.environ if environ is None else environ).get("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.connect(address)
            sock.sendall(message.encode())
    except OSError as error:
        log.warning("cannot notify systemd at %r: %s", address, error)
        return False
    return True


def watchdog_interval(environ: Mapping[str, str] | None = None) -> float | None:
    """Seconds between pings (half of `WatchdogSec`), None when no watchdog is asked for."""
    env = os.environ if environ is None else environ
    usec, pid = env.get("WATCHDOG_USEC", ""), env.get("WATCHDOG_PID", "")
    if not usec.isdigit() or int(usec) == 0 or (pid and pid != str(os.getpid())):
        return None
    return int(usec) / 2_000_000


def http_alive(url: str, timeout: float = 2.0) -> Callable[[], bool]:
    """A health check: True when `url` answers 200 within `timeout` seconds."""

    def check() -> bool:
        try:
            with urllib.request.urlopen(url, timeout=timeout) as response:
                return bool(response.status == 200)
        except OSError:
            return False

    return check


class Watchdog:
    """Pings systemd's watchdog while `healthy()` holds; a thread that stops with `stop()`."""

    def __init__(self, interval: float, healthy: Callable[[], bool]) -> None:
        self.interval = interval
        self.healthy = healthy
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="systemd-watchdog", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=self.interval + 5)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            if self.healthy():
                notify("WATCHDOG=1")
            else:
                log.error("health check failed: not pinging the systemd watchdog")
