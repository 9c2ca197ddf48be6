"""The journal: every game, throw (with its photo), move and event, in one SQLite file.

The service writes each step of a game in one transaction, committed before the players are
told anything (LEDs, buzzer, API answer, live events), so what a person saw acknowledged
survives a kill -9 or a power cut: the database runs in WAL mode with `synchronous=FULL`, so a
commit is on disk when `commit` returns. Each step also stores the rules core's game state
after it, so a restart resumes exactly, without replaying rules that may have been fixed since.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,
    players TEXT NOT NULL,
    started REAL NOT NULL,
    updated REAL NOT NULL,
    phase TEXT NOT NULL,
    winner TEXT,
    score INTEGER,
    state TEXT
);
CREATE TABLE IF NOT EXISTS throws (
    id TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id),
    at REAL NOT NULL,
    source TEXT NOT NULL,
    value INTEGER,
    flat INTEGER,
    counted INTEGER NOT NULL,
    reading TEXT,
    evidence BLOB
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    at REAL NOT NULL,
    kind TEXT NOT NULL,
    value INTEGER,
    flat INTEGER,
    move TEXT,
    side TEXT,
    throw_id TEXT,
    PRIMARY KEY (game_id, ply)
);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL REFERENCES games(id),
    at REAL NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_by_game ON events (game_id, id);
CREATE INDEX IF NOT EXISTS throws_by_game ON throws (game_id, at);
"""


class JournalError(RuntimeError):
    """The journal file cannot be opened or is not a senet-board journal."""


@dataclass(frozen=True)
class ThrowEntry:
    """A throw to keep: counted (it became the side's throw) or not (a rethrow)."""

    throw_id: str
    source: str
    value: int | None
    flat: int | None
    counted: bool
    reading: Mapping[str, Any] | None = None
    evidence: bytes | None = None


@dataclass(frozen=True)
class Action:
    """One action of the line of play: a counted throw (`value`), a move (`FROM-TO`), a skip.

    `side` is the side that threw or moved (None for opening throws, before sides are known);
    a throw's `throw_id` finds its photo, `flat` is the sticks' flat faces up when known.
    """

    kind: str
    value: int | None = None
    move: str | None = None
    side: str | None = None
    throw_id: str | None = None
    flat: int | None = None


@dataclass(frozen=True)
class Step:
    """What one step of a game changes, written in one transaction.

    `state` is the rules core's `GameState.to_dict()` after the step and `players` the seats
    as they stand (the opening may swap them) (None: unchanged);
    `events` are `(type, data)` pairs as the session reported them. The line of play is cut
    back to `keep_actions` actions (a takeback) before `actions` are appended to it.
    """

    events: Sequence[tuple[str, Mapping[str, Any]]] = ()
    throws: Sequence[ThrowEntry] = ()
    keep_actions: int | None = None
    actions: Sequence[Action] = ()
    state: Mapping[str, Any] | None = None
    players: Mapping[str, Any] | None = None
    phase: str | None = None
    winner: str | None = None
    score: int | None = None
    at: float = field(default_factory=time.time)


@dataclass(frozen=True)
class GameRow:
    """A journaled game as the service resumes it."""

    game_id: str
    variant: str
    options: dict[str, str]
    players: dict[str, Any]
    started: float
    updated: float
    phase: str
    winner: str | None
    score: int | None
    state: dict[str, Any] | None

    def summary(self) -> dict[str, Any]:
        """The row for the list of games (no state)."""
        return {
            "game_id": self.game_id,
            "variant": self.variant,
            "options": self.options,
            "players": self.players,
            "started": self.started,
            "updated": self.updated,
            "phase": self.phase,
            "winner": self.winner,
            "score": self.score,
        }


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Journal:
    """One journal file; safe to share between threads (one connection behind a lock)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION):
                raise JournalError(
                    f"{self.path}: journal format {version}, this version reads {SCHEMA_VERSION}"
                )
            self._db.executescript(SCHEMA)
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except (OSError, sqlite3.Error) as error:
            raise JournalError(f"{self.path}: cannot open the journal: {error}") from error

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                if self._db.in_transaction:  # SQLite rolls back by itself on a full disk
                    self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create_game(
        self,
        game_id: str,
        variant: str,
        options: Mapping[str, str],
        players: Mapping[str, Any],
        state: Mapping[str, Any] | None,
        phase: str,
        started: float | None = None,
    ) -> None:
        """Record a new game; committed when this returns."""
        started = time.time() if started is None else started
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games (id, variant, options, players, started, updated, phase, state)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    variant,
                    _dumps(dict(options)),
                    _dumps(dict(players)),
                    started,
                    started,
                    phase,
                    None if state is None else _dumps(dict(state)),
                ),
            )

    def commit(self, game_id: str, step: Step) -> None:
        """Write one step of a game in one transaction; on disk when this returns."""
        with self._transaction() as db:
            assignments = ["updated = ?"]
            values: list[Any] = [step.at]
            if step.state is not None:
                assignments.append("state = ?")
                values.append(_dumps(dict(step.state)))
            if step.players is not None:
                assignments.append("players = ?")
                values.append(_dumps(dict(step.players)))
            if step.phase is not None:
                assignments += ["phase = ?", "winner = ?", "score = ?"]
                values += [step.phase, step.winner, step.score]
            cursor = db.execute(
                f"UPDATE games SET {', '.join(assignments)} WHERE id = ?", (*values, game_id)
            )
            if cursor.rowcount != 1:
                raise KeyError(game_id)
            for entry in step.throws:
                db.execute(
                    "INSERT OR REPLACE INTO throws"
                    " (id, game_id, at, source, value, flat, counted, reading, evidence)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        entry.throw_id,
                        game_id,
                        step.at,
                        entry.source,
                        entry.value,
                        entry.flat,
                        int(entry.counted),
                        None if entry.reading is None else _dumps(dict(entry.reading)),
                        entry.evidence,
                    ),
                )
            if step.keep_actions is not None:
                db.execute(
                    "DELETE FROM actions WHERE game_id = ? AND ply >= ?",
                    (game_id, step.keep_actions),
                )
            (first,) = db.execute(
                "SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()
            db.executemany(
                "INSERT INTO actions (game_id, ply, at, kind, value, flat, move, side, throw_id)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (game_id, first + i, step.at, a.kind, a.value, a.flat, a.move, a.side,
                     a.throw_id)
                    for i, a in enumerate(step.actions)
                ],
            )
            for kind, data in step.events:
                db.execute(
                    "INSERT INTO events (game_id, at, type, data) VALUES (?, ?, ?, ?)",
                    (game_id, step.at, kind, _dumps(dict(data))),
                )

    def _row(self, row: tuple[Any, ...] | None) -> GameRow | None:
        if row is None:
            return None
        game_id, variant, options, players, started, updated, phase, winner, score, state = row
        return GameRow(
            game_id,
            variant,
            json.loads(options),
            json.loads(players),
            started,
            updated,
            phase,
            winner,
            score,
            None if state is None else json.loads(state),
        )

    _GAME_COLUMNS = "id, variant, options, players, started, updated, phase, winner, score, state"

    def game(self, game_id: str) -> GameRow | None:
        """The game with this id, or None."""
        with self._lock:
            row = self._db.execute(
                f"SELECT {self._GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        return self._row(row)

    def latest_game(self) -> GameRow | None:
        """The game touched last (the one to resume), or None for an empty journal."""
        with self._lock:
            row = self._db.execute(
                f"SELECT {self._GAME_COLUMNS} FROM games ORDER BY updated DESC, rowid DESC LIMIT 1"
            ).fetchone()
        return self._row(row)

    def games(self) -> list[GameRow]:
        """Every game, newest first."""
        with self._lock:
            rows = self._db.execute(
                f"SELECT {self._GAME_COLUMNS} FROM games ORDER BY started DESC, rowid DESC"
            ).fetchall()
        return [game for game in map(self._row, rows) if game is not None]

    def events(self, game_id: str) -> list[dict[str, Any]]:
        """The game's events in order: `{"id", "at", "type", "data"}`."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, at, type, data FROM events WHERE game_id = ? ORDER BY id", (game_id,)
            ).fetchall()
        return [
            {"id": id_, "at": at, "type": kind, "data": json.loads(data)}
            for id_, at, kind, data in rows
        ]

    def throws(self, game_id: str) -> list[dict[str, Any]]:
        """The game's throws in order (without the photos)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, at, source, value, flat, counted, reading, evidence IS NOT NULL"
                " FROM throws WHERE game_id = ? ORDER BY at, rowid",
                (game_id,),
            ).fetchall()
        return [
            {
                "id": id_,
                "at": at,
                "source": source,
                "value": value,
                "flat": flat,
                "counted": bool(counted),
                "reading": None if reading is None else json.loads(reading),
                "has_evidence": bool(has_evidence),
            }
            for id_, at, source, value, flat, counted, reading, has_evidence in rows
        ]

    def actions(self, game_id: str) -> list[dict[str, Any]]:
        """The line of play in order: `{"at", "kind", "value", "flat", "move", "side",
        "throw_id"}`."""
        columns = ("at", "kind", "value", "flat", "move", "side", "throw_id")
        with self._lock:
            rows = self._db.execute(
                f"SELECT {', '.join(columns)} FROM actions WHERE game_id = ? ORDER BY ply",
                (game_id,),
            ).fetchall()
        return [dict(zip(columns, row, strict=True)) for row in rows]

    def evidence(self, throw_id: str) -> bytes | None:
        """The throw's photo; None without one; `KeyError` for an unknown throw."""
        with self._lock:
            row = self._db.execute(
                "SELECT evidence FROM throws WHERE id = ?", (throw_id,)
            ).fetchone()
        if row is None:
            raise KeyError(throw_id)
        photo: bytes | None = row[0]
        return photo

    def settings(self) -> dict[str, Any]:
        """Settings changed at run time, `{key: value}`."""
        with self._lock:
            rows = self._db.execute("SELECT key, value FROM settings").fetchall()
        return {key: json.loads(value) for key, value in rows}

    def save_settings(self, values: Mapping[str, Any]) -> None:
        """Keep settings changed at run time (each key replaced whole)."""
        with self._transaction() as db:
            db.executemany(
                "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                [(key, _dumps(value)) for key, value in values.items()],
            )
