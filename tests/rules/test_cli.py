"""`senet-board rules ...` and `senet-board referee`: output, exit status, one-line errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from controller.cli import main
from controller.rules import Move, get_variant
from controller.rules.record import RecordWriter

from .support import squares

KENDALL_W = "WBWBWBWBW.B................... W"
STARTED = "2026-11-21T22:00:00+00:00"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_moves_as_json_with_results(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "rules", "moves", "--variant", "kendall", "--position", KENDALL_W, "--throw", "2",
        "--json",
    )
    assert status == 0
    [move] = json.loads(out)["moves"]
    assert move == {
        "from": 9,
        "to": 11,
        "kind": "forward",
        "attack": True,
        "result": "WBWBWBWBB.W................... B",
        "relocations": [["B", 11, 9]],
        "winner": None,
        "score": None,
    }
    assert json.loads(out)["no_move"] is None


def test_an_empty_move_list_says_pass_or_lose(capsys: pytest.CaptureFixture[str]) -> None:
    stuck = squares([20], [17, 18, 22, 23, 24]) + " W"
    status, out, _ = run(
        capsys, "rules", "moves", "--variant", "kendall", "--position", stuck, "--throw", "3",
        "--json",
    )
    assert (status, json.loads(out)) == (0, {"moves": [], "no_move": "lose", "winner": None})
    status, out, _ = run(
        capsys, "rules", "moves", "--variant", "kr-engineering", "--option", "harsh_captures=on",
        "--position", stuck, "--throw", "3",
    )
    assert out == "no legal move: pass\n"


def test_explain_names_the_rule_and_exits_1_when_illegal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["rules", "explain", "--variant", "kendall", "--position", KENDALL_W, "--throw", "2"]
    status, out, _ = run(capsys, *args, "--move", "1-3")
    assert status == 1
    assert out.startswith("illegal (own-piece): house 3 is held by your own piece")
    status, out, _ = run(capsys, *args, "--move", "9-11", "--json")
    assert status == 0
    assert json.loads(out)["legal"] is True


def test_variants_list_presets_options_and_rule_texts(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "variants")
    assert status == 0
    for name in ("kendall:", "kr-engineering:", "intuitive:", "jequier:", "advanced-7:"):
        assert name in out
    assert "option occupy_30th=on: Occupy 30th House" in out
    status, out, _ = run(capsys, "rules", "variants", "--json")
    presets = json.loads(out)
    assert [p["seed"] for p in presets] == ["002", "000", "001", "004", "003"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--variant", "chess"], "unknown variant 'chess'"),
        (["--option", "wings=on"], "kendall has no option 'wings'"),
        (["--option", "wings"], "--option takes NAME=on|off"),
        (["--position", "WBW W"], "SQUARES must be 30 characters"),
        (["--position", "WBWBWBWBWBWBW................. W"], "7 W pieces on the board"),
        (["--throw", "5"], "5 is not possible"),
        (["--throw", "three"], "--throw takes the throw's value as a whole number"),
        (["--move", "1-99"], "TO must be another house"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    base = {"--variant": "kendall", "--position": KENDALL_W, "--throw": "2", "--move": "9-11"}
    base.update(dict(zip(argv[::2], argv[1::2], strict=True)))
    args = [item for pair in base.items() for item in pair]
    status, out, err = run(capsys, "rules", "explain", *args)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert message in err


def write_game(path: Path) -> list[str]:
    stream = io.StringIO()
    players = {"W": {"name": "Ann"}, "B": {"name": "Ben"}}
    writer = RecordWriter(stream, get_variant("kendall"), players, started=STARTED)
    writer.throw(1)
    writer.move(Move.parse("10-11"))
    writer.throw(3)
    writer.move(Move.parse("11-14"))
    path.write_text(stream.getvalue(), encoding="utf-8")
    return stream.getvalue().splitlines()


def test_referee_reports_every_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "game.jsonl"
    write_game(game)
    status, out, _ = run(capsys, "referee", str(game))
    assert status == 0
    assert out.splitlines() == [
        f"game of kendall (no options) started {STARTED}",
        "  B: Ben",
        "  W: Ann",
        "   2  opening throw 1: the first thrower takes B",
        "   3  B 10-11 is the opening move (RULES.md 3)",
        "   4  B throws 3",
        "   5  B 11-14 is a legal forward move",
        "result: game not finished (phase throw, WBWBWBWBW....B................ W)",
    ]


def test_referee_names_the_bad_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "game.jsonl"
    lines = write_game(game)
    entry = json.loads(lines[4])
    entry.update({"from": 8, "to": 11, "position": None})
    game.write_text("\n".join([*lines[:4], json.dumps(entry)]), encoding="utf-8")
    status, out, _ = run(capsys, "referee", str(game), "--json")
    assert status == 1
    last = json.loads(out.splitlines()[-1])
    assert (last["entry"], last["legal"]) == (5, False)
    assert "house 11 is held by your own piece" in last["error"]


def test_referee_with_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "referee", str(tmp_path / "none.jsonl"))
    assert status == 2
    assert err.startswith("senet-board: error: cannot read")
