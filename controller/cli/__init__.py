"""The `senet-board` command line: one entry point, one module per command group.

Each module in COMMAND_MODULES has `register(subparsers)`, which adds its sub-commands and sets
`handler` (a function taking the parsed arguments and returning the exit status) on each.
Handlers report bad input by raising `CliError`; the user sees one line, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from controller import __version__
from controller.cli.common import CliError
from controller.memory import keep_freed_memory

COMMAND_MODULES: tuple[str, ...] = ("serve", "board", "rules", "referee", "sticks")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="senet-board",
        description="Referee for a physical Senet board: sensors, LEDs, stick camera, rules.",
    )
    parser.add_argument("--version", action="version", version=f"senet-board {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(f"controller.cli.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    keep_freed_memory()
    try:
        status: int = args.handler(args)
    except CliError as error:
        print(f"senet-board: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return status
