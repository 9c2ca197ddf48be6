"""The game record: JSON Lines, one header then one entry per throw and per move.

```
{"type": "header", "format": "senet-record", "version": 1, "variant": "kendall",
 "options": {}, "players": {...}, "started": "2026-11-21T22:00:00+00:00"}
{"type": "throw", "value": 1, "at": "...", "side": null, "flat": 1}
{"type": "move", "from": 10, "to": 11, "at": "...", "side": "B", "position": "... B"}
{"type": "skip", "at": "...", "side": "W"}
```
A `skip` entry is a side due to throw letting its turn go by (`GameState.skip`).
`side` (who threw or moved; null during the opening throws) and `position` (after the move) are
written for people and checked on replay; `flat` (sticks showing the flat face) is optional and,
when present, must give `value`. Other keys are ignored (room for the journal's own). Entries
are numbered by line, the header being entry 1; a bad entry is reported by that number
(`RecordError.entry`).
The module does no I/O: it writes to and reads from streams and lines the caller opens.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TextIO

from controller.rules.errors import RecordError, RulesError
from controller.rules.game import GameState
from controller.rules.judge import Verdict
from controller.rules.movegen import MoveOutcome
from controller.rules.notation import Move
from controller.rules.variants import Variant, get_variant

FORMAT = "senet-record"
VERSION = 1


def now() -> str:
    """The current UTC time as ISO 8601, the record's timestamp format."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class Header:
    """The first line of a record."""

    variant: Variant
    players: Mapping[str, Any]
    started: str


@dataclass(frozen=True)
class Entry:
    """One throw or move line; `number` is its line number in the record."""

    number: int
    type: str
    at: str
    value: int | None = None
    move: Move | None = None
    side: str | None = None
    position: str | None = None
    flat: int | None = None


@dataclass(frozen=True)
class Step:
    """What replaying one entry did: `text` for people; `verdict` for moves."""

    entry: int
    type: str
    text: str
    verdict: Verdict | None = None


@dataclass
class Replay:
    """The result of replaying a record: steps up to the first bad entry, which is `error`."""

    header: Header | None
    steps: list[Step]
    game: GameState | None
    error: RecordError | None


class RecordWriter:
    """Plays a game and writes its record as it goes, so the record is the game."""

    def __init__(
        self,
        stream: TextIO,
        variant: Variant,
        players: Mapping[str, Any],
        started: str | None = None,
    ) -> None:
        self.stream = stream
        self.game = GameState(variant)
        self._write(
            {
                "type": "header",
                "format": FORMAT,
                "version": VERSION,
                "variant": variant.name,
                "options": dict(variant.options),
                "players": dict(players),
                "started": started or now(),
            }
        )

    def throw(self, value: int, *, flat: int | None = None, at: str | None = None) -> None:
        """Apply a throw to the game and record it (nothing is written if it is refused)."""
        if flat is not None and self.game.variant.throw_value(flat) != value:
            raise RulesError(f"{flat} flat faces up is not a throw of {value}")
        side = self.game.side_to_move
        self.game.apply_throw(value)
        entry: dict[str, Any] = {"type": "throw", "value": value, "at": at or now(), "side": side}
        if flat is not None:
            entry["flat"] = flat
        self._write(entry)

    def move(self, move: Move, *, at: str | None = None) -> MoveOutcome:
        """Apply a move to the game and record it; raises `IllegalMoveError` if illegal."""
        side = self.game.side_to_move
        outcome = self.game.apply_move(move)
        self._write(
            {
                "type": "move",
                "from": move.from_house,
                "to": move.to_house,
                "at": at or now(),
                "side": side,
                "position": outcome.position.notation(),
            }
        )
        return outcome

    def skip(self, *, at: str | None = None) -> None:
        """The side due to throw lets its turn go by (`GameState.skip`); recorded."""
        side = self.game.side_to_move
        self.game.skip()
        self._write({"type": "skip", "at": at or now(), "side": side})

    def _write(self, entry: Mapping[str, Any]) -> None:
        self.stream.write(json.dumps(entry, separators=(", ", ": ")) + "\n")
        self.stream.flush()


def _field(line: Mapping[str, Any], key: str, kind: type, number: int, *, optional: bool) -> Any:
    value = line.get(key)
    if value is None and optional:
        return None
    if type(value) is not kind:
        raise RecordError(number, f"{key} must be a {kind.__name__}, got {value!r}")
    return value


def _timestamp(line: Mapping[str, Any], key: str, number: int) -> str:
    text: str = _field(line, key, str, number, optional=False)
    try:
        datetime.fromisoformat(text)
    except ValueError:
        raise RecordError(number, f"{key} is not an ISO 8601 time: {text!r}") from None
    return text


def parse_header(text: str) -> Header:
    """Parse the first line; raises `RecordError` (entry 1)."""
    line = _json(text, 1)
    if line.get("type") != "header" or line.get("format") != FORMAT:
        raise RecordError(1, f'the first line must be a {FORMAT} header ("type": "header")')
    if line.get("version") != VERSION:
        raise RecordError(1, f"unsupported record version {line.get('version')!r}")
    options = line.get("options", {})
    players = line.get("players", {})
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise RecordError(1, "options must be an object of name: on/off")
    if not isinstance(players, dict):
        raise RecordError(1, "players must be an object")
    try:
        variant = get_variant(_field(line, "variant", str, 1, optional=False), options)
    except RulesError as error:
        raise RecordError(1, str(error)) from None
    return Header(variant, players, _timestamp(line, "started", 1))


def _json(text: str, number: int) -> dict[str, Any]:
    try:
        line = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(number, f"not JSON: {error.msg}") from None
    if not isinstance(line, dict):
        raise RecordError(number, "an entry is a JSON object")
    return line


def parse_entry(text: str, number: int) -> Entry:
    """Parse one throw or move line; raises `RecordError` naming `number`."""
    line = _json(text, number)
    kind = line.get("type")
    at = _timestamp(line, "at", number)
    side = line.get("side")
    if side not in (None, "W", "B"):
        raise RecordError(number, f"side must be W, B or null, not {side!r}")
    if kind == "throw":
        value = _field(line, "value", int, number, optional=False)
        flat = _field(line, "flat", int, number, optional=True)
        return Entry(number, "throw", at, value=value, side=side, flat=flat)
    if kind == "move":
        origin = _field(line, "from", int, number, optional=False)
        target = _field(line, "to", int, number, optional=False)
        position = _field(line, "position", str, number, optional=True)
        try:
            move = Move.parse(f"{origin}-{target}")
        except RulesError as error:
            raise RecordError(number, str(error)) from None
        return Entry(number, "move", at, move=move, side=side, position=position)
    if kind == "skip":
        return Entry(number, "skip", at, side=side)
    raise RecordError(number, f'type must be "throw", "move" or "skip", not {kind!r}')


def _replay_entry(game: GameState, entry: Entry) -> Step:
    side = game.side_to_move
    if entry.side is not None and entry.side != side:
        who = side or "nobody (opening throws)"
        raise RecordError(entry.number, f"the entry says {entry.side} but {who} is to play")
    if entry.type == "skip":
        game.skip()
        return Step(entry.number, "skip", f"{side} lets the turn go by (skipped)")
    if entry.type == "throw":
        assert entry.value is not None
        if entry.flat is not None and game.variant.throw_value(entry.flat) != entry.value:
            raise RecordError(entry.number, f"{entry.flat} flat faces up is not {entry.value}")
        game.apply_throw(entry.value)
        text = f"{side} throws {entry.value}" if side else f"opening throw {entry.value}"
        if game.last_event == "pass":
            text += f": no legal move, {side} passes"
        elif game.last_event == "lose":
            text += f": no legal move, {side} loses"
        elif side is None and game.phase == "move":
            thrower = ("first", "second")[game.opening_thrower or 0]
            text += f": the {thrower} thrower takes {game.position.side}"
        return Step(entry.number, "throw", text)
    assert entry.move is not None
    verdict = game.explain(entry.move.from_house, entry.move.to_house)
    if not verdict.legal:
        raise RecordError(entry.number, f"illegal move {entry.move} by {side}: {verdict.reason}")
    game.apply_move(entry.move)
    if entry.position is not None and entry.position != game.position.notation():
        raise RecordError(
            entry.number,
            f"the record says {entry.position!r} after {entry.move} "
            f"but the rules give {game.position.notation()!r}",
        )
    text = f"{side} {verdict.reason}"
    if game.winner and game.score is not None:
        text += f" with {game.score} points"
    return Step(entry.number, "move", text, verdict)


def replay(lines: Iterable[str]) -> Replay:
    """Replay a record, judging every entry; stops at the first bad one (never raises)."""
    steps: list[Step] = []
    numbered = ((n, text) for n, text in enumerate(lines, 1) if text.strip())
    first = next(numbered, None)
    if first is None:
        return Replay(None, steps, None, RecordError(1, "the record is empty"))
    try:
        header = parse_header(first[1])
    except RecordError as error:
        return Replay(None, steps, None, error)
    game = GameState(header.variant)
    for number, text in numbered:
        try:
            entry = parse_entry(text, number)
            steps.append(_replay_entry(game, entry))
        except RecordError as error:
            return Replay(header, steps, game, error)
        except RulesError as error:
            return Replay(header, steps, game, RecordError(number, str(error)))
    return Replay(header, steps, game, None)


def verify(lines: Iterable[str]) -> GameState:
    """Replay a record and return the game; raises `RecordError` at the first bad entry."""
    result = replay(lines)
    if result.error is not None:
        raise result.error
    assert result.game is not None
    return result.game
