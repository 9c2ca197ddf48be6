"""`senet-board serve [--sim] [--config FILE] [--host H] [--port P]`: the whole product.

Starts the game service (board link, camera, GPIO, journal; or their simulations with
`--sim`), then the HTTP API and kiosk page. Under systemd it reports readiness and pings the
watchdog (see `hardware/deploy/senet-board.service`).
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import socket
import sys
import threading
import time
from pathlib import Path

import uvicorn

from controller.api import create_app
from controller.api.systemd import Watchdog, http_alive, notify, watchdog_interval
from controller.cli.common import CliError
from controller.config import ConfigError, load_config
from controller.service import GameService

SWITCH_INTERVAL_S = 0.001


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="run the referee: board, camera, rules, API and kiosk page",
        description="Run the referee service with its HTTP API and kiosk page.",
    )
    parser.add_argument(
        "--sim",
        action="store_true",
        help="simulated board, camera and buttons, with a control panel on the kiosk page",
    )
    parser.add_argument("--config", type=Path, metavar="FILE", help="the TOML configuration")
    parser.add_argument("--host", help="address to listen on (default: [api] host, 127.0.0.1)")
    parser.add_argument("--port", type=int, help="TCP port (default: [api] port, 8080)")
    parser.set_defaults(handler=serve)


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, opened here so a busy port is a clear error, not a traceback.

    It is made with protocol IPPROTO_TCP (not 0, as `socket.create_server` does) so that asyncio
    turns Nagle's algorithm off on every accepted connection; otherwise each answer on a
    keep-alive connection waits ~40 ms for the client's delayed ACK.
    """
    if not 0 <= port <= 65535:
        raise CliError(f"--port must be 0-65535, got {port}")
    sock: socket.socket | None = None
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as error:
        if sock is not None:
            sock.close()
        reason = os.strerror(error.errno) if error.errno else str(error)
        raise CliError(f"cannot listen on {host}:{port}: {reason}") from None
    return sock


def local_url(sock: socket.socket) -> str:
    """Where this process itself reaches the server (loopback when bound to every address)."""
    host, port = sock.getsockname()[:2]
    if host in ("0.0.0.0", "::"):
        host = "127.0.0.1" if sock.family == socket.AF_INET else "::1"
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def serve(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        config = load_config(args.config)
    except ConfigError as error:
        raise CliError(str(error)) from None
    sock = listen(args.host or config.api.host, config.api.port if args.port is None else args.port)
    service = GameService(config, sim=args.sim)
    try:
        service.start()
    except OSError as error:
        sock.close()
        raise CliError(f"cannot start the service: {error}") from None
    app = create_app(service, config)
    # The board link, camera and game worker are Python threads; a shorter GIL switch interval
    # (default 5 ms) lets the HTTP event loop answer between their steps sooner.
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    server = uvicorn.Server(
        uvicorn.Config(app, lifespan="off", access_log=False, log_level="warning")
    )
    url = local_url(sock)
    announcer = threading.Thread(target=_announce, args=(server, url, args.sim), daemon=True)
    announcer.start()
    interval = watchdog_interval()
    watchdog = Watchdog(interval, http_alive(f"{url}/api/status")) if interval else None
    if watchdog is not None:
        watchdog.start()
    # uvicorn stops gracefully on SIGTERM and then raises it again under the handler that was
    # there before; a no-op one lets the service stop cleanly below and `serve` exit 0.
    signal.signal(signal.SIGTERM, lambda *_: None)
    try:
        server.run(sockets=[sock])
    finally:
        notify("STOPPING=1")
        if watchdog is not None:
            watchdog.stop()
        service.stop()
        sock.close()
    return 0


def _announce(server: uvicorn.Server, url: str, sim: bool) -> None:
    """Say "ready" (to the terminal and to systemd) once the server accepts connections."""
    while not server.started and not server.should_exit:
        time.sleep(0.02)
    if server.started:
        print(f"senet-board: serving{' (sim)' if sim else ''} on {url}/", flush=True)
        notify("READY=1")
