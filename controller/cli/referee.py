"""`senet-board referee GAME`: replay a saved game record and report every entry's verdict.

Exit status 0 when every entry is legal and consistent, 1 at the first bad entry (reported with
its line number), 2 when the file cannot be read.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from controller.cli.common import CliError
from controller.rules.record import replay


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    referee = subparsers.add_parser(
        "referee",
        help="replay a game record (JSON Lines) and judge every throw and move",
        description="Replay a saved game record and report the verdict of every move; stops "
        "at the first illegal or inconsistent entry and names it.",
    )
    referee.add_argument("game", metavar="GAME", type=Path, help="the game record (.jsonl)")
    referee.add_argument("--json", action="store_true", help="one JSON object per entry")
    referee.set_defaults(handler=referee_game)


def referee_game(args: argparse.Namespace) -> int:
    try:
        lines = args.game.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise CliError(f"cannot read {args.game}: {error}") from None
    result = replay(lines)
    header = result.header
    if header is not None and not args.json:
        options = ", ".join(f"{k}={v}" for k, v in header.variant.options) or "no options"
        print(f"game of {header.variant.name} ({options}) started {header.started}")
        for side, player in sorted(header.players.items()):
            print(f"  {side}: {player.get('name', player) if isinstance(player, dict) else player}")
    for step in result.steps:
        if args.json:
            verdict = step.verdict
            print(
                json.dumps(
                    {
                        "entry": step.entry,
                        "type": step.type,
                        "text": step.text,
                        "legal": True,
                        "rule": verdict.rule if verdict else None,
                    }
                )
            )
        else:
            print(f"{step.entry:4d}  {step.text}")
    bad = result.error
    if bad is not None:
        if args.json:
            print(json.dumps({"entry": bad.entry, "legal": False, "error": bad.message}))
        else:
            print(f"{bad.entry:4d}  BAD ENTRY: {bad.message}")
        return 1
    game = result.game
    if game is not None and args.json is False:
        if game.winner:
            points = f" ({game.score} points)" if game.score is not None else ""
            print(f"result: {game.winner} wins{points}")
        else:
            print(f"result: game not finished (phase {game.phase}, {game.position.notation()})")
    return 0
