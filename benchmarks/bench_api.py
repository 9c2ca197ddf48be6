"""The API under load while a simulated game runs (DESIGN.md budgets: GET /api/status p99 at most
20 ms at 200 requests/s; service RSS at most 200 MB; `serve` ready in at most 3 s).

Starts `senet-board serve --sim` as a separate process (journal in a temporary directory),
measures how long it takes to answer `GET /api/status`, then plays a game through the sim
endpoints (throws read by the synthetic camera, pieces lifted and placed on the virtual board)
while client threads send `GET /api/status` at a fixed rate over keep-alive connections; the
service's RSS is sampled throughout.

Run: .venv/bin/python benchmarks/bench_api.py [SECONDS] [RATE]   (default 10 s at 200/s)
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

from controller.session.led_plan import PLACE_DARK, PLACE_LIGHT, REMOVE

ROOT = Path(__file__).resolve().parents[1]
CLIENT_THREADS = 4
TOKEN = "benchmark-admin-token"
EXTRA = '[camera]\nsource = "none"\n'


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def rss_mb(pid: int) -> float:
    """Resident memory of the process and its children, in MB."""
    total = 0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(child) for child in children.read_text().split()]
    for each in pids:
        status = Path(f"/proc/{each}/status")
        if status.exists():
            match = re.search(r"VmRSS:\s+(\d+) kB", status.read_text())
            total += int(match[1]) if match else 0
    return total / 1024


class Api:
    """A keep-alive HTTP client of the service."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        headers = {"Authorization": f"Bearer {TOKEN}"}
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        self.connection.request(method, path, data, headers)
        response = self.connection.getresponse()
        payload = response.read()
        return json.loads(payload) if payload else None


def start_service(journal: Path, port: int) -> tuple[subprocess.Popen[bytes], float]:
    """The service process and the seconds until it answered `GET /api/status`."""
    config = journal.parent / "bench.toml"
    config.write_text(f'[journal]\npath = "{journal}"\n[gpio]\nenabled = false\n' + EXTRA)
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "controller", "serve", "--sim", "--config", str(config),
         "--port", str(port)],
        cwd=ROOT,
        env={**os.environ, "SENET_BOARD_TOKEN": TOKEN},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    while time.perf_counter() - started < 30:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                pass
            if Api(port).call("GET", "/api/status") is not None:
                return process, time.perf_counter() - started
        except OSError:
            time.sleep(0.01)
    process.kill()
    raise SystemExit("the service did not start within 30 s")


def stop_service(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Player(threading.Thread):
    """Plays through the sim endpoints: throws (by hand when the camera is not available),
    moves the first legal move, follows the LEDs when pieces must be put back."""

    PLACE: ClassVar[dict[str, str]] = {PLACE_LIGHT.cell.hex(): "W", PLACE_DARK.cell.hex(): "B"}
    REMOVE_COLOR = REMOVE.cell.hex()

    def __init__(self, port: int, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.api = Api(port)
        self.stop_event = stop
        self.rng = random.Random(5)
        self.throws = self.moves = self.games = 0
        self.manual = bool(self.api.call("GET", "/api/status")["manual_throws"])

    def run(self) -> None:
        while not self.stop_event.is_set():
            try:
                self.step(self.api.call("GET", "/api/game"))
            except (OSError, http.client.HTTPException, ValueError):
                self.api = Api(self.api.connection.port)
            self.stop_event.wait(0.15)

    def step(self, view: dict[str, Any]) -> None:
        phase = view["phase"]
        if phase == "over":
            self.api.call("POST", "/api/games", {})
            self.games += 1
        elif phase in ("opening", "throw"):
            flat = self.rng.randint(0, 4)
            if self.manual:  # no camera: the referee enters the throw
                self.api.call("POST", "/api/game/throw", {"flat": flat})
            else:
                self.api.call("POST", "/api/sim/throw", {"flat": flat})
                self.stop_event.wait(0.6)
            self.throws += 1
        elif phase == "move" and view["legal_moves"] and view["lifted"] is None:
            move = view["legal_moves"][0]
            self.api.call("POST", "/api/sim/board", {"action": "lift", "house": move["from"]})
            if move["to"] <= 30:
                piece = view["board"][move["from"] - 1]
                if view["board"][move["to"] - 1] != ".":
                    self.api.call("POST", "/api/sim/board", {"action": "lift", "house": move["to"]})
                place = {"action": "place", "house": move["to"], "piece": piece}
                self.api.call("POST", "/api/sim/board", place)
            self.moves += 1
        else:
            self.follow_leds(view)

    def follow_leds(self, view: dict[str, Any]) -> None:
        for led in view["leds"]:
            house = led["house"]
            if led["color"] in self.PLACE and view["board"][house - 1] == ".":
                piece = self.PLACE[led["color"]]
                self.api.call("POST", "/api/sim/board", {"action": "place", "house": house,
                                                         "piece": piece})
            elif led["color"] == self.REMOVE_COLOR and view["board"][house - 1] != ".":
                self.api.call("POST", "/api/sim/board", {"action": "lift", "house": house})


def load(port: int, seconds: float, rate: float) -> tuple[list[float], int]:
    """Latencies (s) of `GET /api/status` sent at `rate` per second, and the error count."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    interval = CLIENT_THREADS / rate
    start = time.perf_counter() + 0.1

    def client(offset: int) -> None:
        api = Api(port)
        due = start + offset * interval / CLIENT_THREADS
        while due < start + seconds:
            time.sleep(max(0.0, due - time.perf_counter()))
            sent = time.perf_counter()
            try:
                api.call("GET", "/api/status")
                with lock:
                    latencies.append(time.perf_counter() - sent)
            except (OSError, http.client.HTTPException, ValueError):
                with lock:
                    errors[0] += 1
                api = Api(port)
            due += interval

    threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENT_THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, errors[0]


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    rate = float(sys.argv[2]) if len(sys.argv) > 2 else 200.0
    with tempfile.TemporaryDirectory() as tmp:
        startups: list[float] = []
        for _ in range(3):
            process, startup = start_service(Path(tmp) / f"j{len(startups)}.sqlite3", free_port())
            startups.append(startup)
            stop_service(process)
        port = free_port()
        process, _ = start_service(Path(tmp) / "journal.sqlite3", port)
        stop = threading.Event()
        player = Player(port, stop)
        rss = [rss_mb(process.pid)]
        sampler_stop = threading.Event()

        def sample() -> None:
            while not sampler_stop.wait(0.5):
                rss.append(rss_mb(process.pid))

        sampler = threading.Thread(target=sample, daemon=True)
        try:
            player.start()
            sampler.start()
            time.sleep(1.0)
            latencies, errors = load(port, seconds, rate)
        finally:
            stop.set()
            sampler_stop.set()
            player.join(timeout=10)
            sampler.join(timeout=5)
            stop_service(process)

    ms = [value * 1000 for value in latencies]
    print(f"serve --sim ready (GET /api/status answers): median {statistics.median(startups):.2f} s"
          f"   max {max(startups):.2f} s   (n={len(startups)}; budget 3 s)")
    print(f"GET /api/status at {rate:.0f}/s for {seconds:.0f} s while a game runs "
          f"({player.throws} throws, {player.moves} moves, {player.games} games finished):")
    print(f"  p50 {statistics.median(ms):.2f} ms   p90 {percentile(ms, 0.9):.2f} ms"
          f"   p99 {percentile(ms, 0.99):.2f} ms   max {max(ms):.2f} ms"
          f"   (n={len(ms)}, errors {errors}; budget p99 20 ms)")
    print(f"service RSS: start {rss[0]:.0f} MB   max {max(rss):.0f} MB   (budget 200 MB)")


if __name__ == "__main__":
    main()
