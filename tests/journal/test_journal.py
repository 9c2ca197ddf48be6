"""The journal on a real SQLite file: steps written whole, read back after reopening."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from controller.journal import Action, GameRow, Journal, JournalError, Step, ThrowEntry

PLAYERS = {"W": {"name": "Ana", "kind": "human"}, "B": {"name": "Computer", "kind": "computer"}}
JPEG = b"\xff\xd8\xff\xe0fake-jpeg\xff\xd9"


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    journal = Journal(tmp_path / "games" / "journal.sqlite3")
    yield journal
    journal.close()


def start(journal: Journal, game_id: str = "g1", started: float = 1000.0) -> None:
    journal.create_game(game_id, "kendall", {}, PLAYERS, {"s": 0}, "setup", started=started)


def test_the_file_is_in_wal_mode(journal: Journal) -> None:
    with sqlite3.connect(journal.path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_steps_read_back_after_reopening(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    start(journal)
    journal.commit(
        "g1",
        Step(
            events=[("throw", {"value": 1, "side": "B"})],
            throws=[ThrowEntry("t1", "camera", 1, 1, True, {"status": "ok"}, JPEG)],
            actions=[Action("throw", value=1, side="B", throw_id="t1")],
            state={"s": 1},
            phase="move",
            at=1001.0,
        ),
    )
    journal.commit(
        "g1",
        Step(
            events=[("move", {"move": "10-11"})],
            actions=[Action("move", move="10-11", side="B")],
            state={"s": 2},
            phase="throw",
            at=1002.0,
        ),
    )
    journal.close()  # as good as a crash: every commit is already on disk

    again = Journal(path)
    game = again.latest_game()
    assert isinstance(game, GameRow)
    assert (game.game_id, game.phase, game.state) == ("g1", "throw", {"s": 2})
    assert game.players == PLAYERS
    assert [event["type"] for event in again.events("g1")] == ["throw", "move"]
    assert [(a["kind"], a["value"], a["move"], a["at"]) for a in again.actions("g1")] == [
        ("throw", 1, None, 1001.0),
        ("move", None, "10-11", 1002.0),
    ]
    assert again.throws("g1")[0]["has_evidence"] is True
    assert again.evidence("t1") == JPEG
    again.close()


def test_a_step_for_an_unknown_game_writes_nothing(journal: Journal) -> None:
    start(journal)
    with pytest.raises(KeyError):
        journal.commit("nope", Step(events=[("throw", {})]))
    assert journal.events("nope") == [] and journal.events("g1") == []


def test_a_takeback_cuts_the_line_of_play(journal: Journal) -> None:
    start(journal)
    line = [Action("throw", value=2, side="W"), Action("move", move="9-11", side="W")]
    journal.commit("g1", Step(actions=line))
    journal.commit("g1", Step(keep_actions=1, actions=[Action("move", move="7-9", side="W")]))
    assert [a["move"] for a in journal.actions("g1")] == [None, "7-9"]


def test_a_throw_without_photo_and_an_unknown_throw(journal: Journal) -> None:
    start(journal)
    journal.commit("g1", Step(throws=[ThrowEntry("t1", "manual", 4, None, True)]))
    assert journal.evidence("t1") is None
    with pytest.raises(KeyError):
        journal.evidence("t2")


def test_games_newest_first_and_the_latest_is_the_one_touched_last(journal: Journal) -> None:
    start(journal, "old", started=100.0)
    start(journal, "new", started=200.0)
    assert [game.game_id for game in journal.games()] == ["new", "old"]
    journal.commit("old", Step(phase="over", winner="W", score=3, at=300.0))
    latest = journal.latest_game()
    assert latest is not None and latest.game_id == "old" and latest.winner == "W"
    assert latest.summary()["score"] == 3


def test_settings_are_kept(journal: Journal) -> None:
    journal.save_settings({"game.variant": "jequier", "game.computer": ["B"]})
    journal.save_settings({"game.variant": "intuitive"})
    assert journal.settings() == {"game.variant": "intuitive", "game.computer": ["B"]}


def test_a_file_that_is_not_a_journal_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"this is not a database, just some text " * 100)
    with pytest.raises(JournalError, match="cannot open"):
        Journal(path)
