"""`senet-board rules moves|explain|variants`: ask the rules core from the shell.

Examples:
    senet-board rules moves --variant kendall --position "WBWBWBWBW.B................... W" \\
        --throw 3 --json
    senet-board rules explain --variant intuitive --position "..." --throw 2 --move 7-9
    senet-board rules variants
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from controller.cli.common import CliError
from controller.rules import (
    PRESETS,
    Move,
    Position,
    RulesError,
    Variant,
    explain,
    get_variant,
    legal_moves,
    no_move,
)
from controller.rules.movegen import finished, play


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rules = subparsers.add_parser(
        "rules",
        help="legal moves, move verdicts and rule texts of every variant",
        description="Ask the rules core (RULES.md): legal moves, verdicts, variants.",
    )
    actions = rules.add_subparsers(dest="rules_command", metavar="ACTION", required=True)
    moves = actions.add_parser(
        "moves",
        help="list the legal moves of a position with a throw",
        description="List the legal moves (RULES.md 9 notation) with the position after each.",
    )
    _position_arguments(moves)
    moves.set_defaults(handler=list_moves)
    verdict = actions.add_parser(
        "explain",
        help="say whether one move is legal, and why not",
        description="Judge one move FROM-TO, naming the rule a referee can read out.",
    )
    _position_arguments(verdict)
    verdict.add_argument("--move", required=True, metavar="FROM-TO", help="e.g. 10-13; 31 = off")
    verdict.set_defaults(handler=explain_move)
    variants = actions.add_parser(
        "variants",
        help="list the presets, their options and rule texts",
        description="List every preset of RULES.md 7 with its options and rule texts.",
    )
    variants.add_argument("--json", action="store_true", help="print JSON")
    variants.set_defaults(handler=list_variants)


def _position_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, help=f"one of {', '.join(PRESETS)}")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=on|off",
        help="a preset option; repeat for several",
    )
    parser.add_argument(
        "--position", required=True, metavar="'SQUARES SIDE [FLAGS]'", help="RULES.md 9"
    )
    parser.add_argument("--throw", required=True, help="the throw's move value, e.g. 3")
    parser.add_argument("--json", action="store_true", help="print JSON")


def variant_from(args: argparse.Namespace) -> Variant:
    """The variant named by --variant and --option, or a `CliError`."""
    options: dict[str, str] = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            raise CliError(f"--option takes NAME=on|off, not {item!r}")
        options[name.strip()] = value
    try:
        return get_variant(args.variant, options)
    except RulesError as error:
        raise CliError(str(error)) from None


def _setting(args: argparse.Namespace) -> tuple[Variant, Position, int]:
    variant = variant_from(args)
    if not args.throw.isdigit():
        raise CliError(f"--throw takes the throw's value as a whole number, not {args.throw!r}")
    throw = int(args.throw)
    try:
        position = Position.parse(args.position, variant)
        variant.check_throw(throw)
    except RulesError as error:
        raise CliError(str(error)) from None
    return variant, position, throw


def list_moves(args: argparse.Namespace) -> int:
    variant, position, throw = _setting(args)
    moves = legal_moves(variant, position, throw)
    rows: list[dict[str, Any]] = []
    for move in moves:
        outcome = play(variant, position, move, throw)
        rows.append(
            {
                "from": move.from_house,
                "to": move.to_house,
                "kind": move.kind,
                "attack": move.attack,
                "result": outcome.position.notation(),
                "relocations": [list(r) for r in outcome.relocations],
                "winner": outcome.winner,
                "score": outcome.score,
            }
        )
    stuck = no_move(variant, position, throw)
    over = finished(position)
    if args.json:
        print(json.dumps({"moves": rows, "no_move": stuck, "winner": over}))
        return 0
    if over:
        print(f"game over: {over} has borne off every piece")
    for row in rows:
        attack = " attack" if row["attack"] else ""
        won = f" ({row['winner']} wins)" if row["winner"] else ""
        print(f"{row['from']}-{row['to']} {row['kind']}{attack} -> {row['result']}{won}")
    if stuck:
        print(f"no legal move: {stuck}")
    return 0


def explain_move(args: argparse.Namespace) -> int:
    variant, position, throw = _setting(args)
    try:
        move = Move.parse(args.move)
    except RulesError as error:
        raise CliError(str(error)) from None
    verdict = explain(variant, position, throw, move.from_house, move.to_house)
    if args.json:
        print(
            json.dumps(
                {
                    "move": str(move),
                    "legal": verdict.legal,
                    "rule": verdict.rule,
                    "reason": verdict.reason,
                    "houses": list(verdict.houses),
                }
            )
        )
    elif verdict.legal:
        print(f"legal: {verdict.reason}")
    else:
        print(f"illegal ({verdict.rule}): {verdict.reason}")
    return 0 if verdict.legal else 1


def list_variants(args: argparse.Namespace) -> int:
    if args.json:
        presets = [
            {
                "name": p.name,
                "seed": p.seed,
                "description": p.description,
                "rules": list(p.rules),
                "options": [
                    {"name": o.name, "default": "on" if o.default else "off", "text": o.text}
                    for o in p.options.values()
                ],
            }
            for p in PRESETS.values()
        ]
        print(json.dumps(presets, indent=2))
        return 0
    for preset in PRESETS.values():
        print(f"{preset.name}: {preset.description}")
        for text in preset.rules:
            print(f"  - {text}")
        for option in preset.options.values():
            print(f"  option {option.name}={'on' if option.default else 'off'}: {option.text}")
        print()
    return 0
