"""The rules core: every Senet variant of RULES.md as data, move generation and judging.

Pure Python, no I/O, imports nothing else of the project. Houses are ints 1..30, 31 = off;
sides are "W" (light) and "B" (dark).

Quick tour:

>>> from controller.rules import get_variant, start_position, legal_moves, Position
>>> v = get_variant("intuitive")
>>> p = Position.parse("WBWBWBWBW.B................... W open9", v)
>>> [str(m) for m in legal_moves(v, p, 3)]
['9-12']
>>> explain(v, p, 3, 1, 4).rule
'open9'
"""

from controller.rules.errors import (
    IllegalMoveError,
    PhaseError,
    PositionError,
    RecordError,
    RulesError,
    ThrowError,
    VariantError,
)
from controller.rules.game import GameState
from controller.rules.judge import Verdict, apply_move, explain
from controller.rules.movegen import MoveOutcome, legal_moves, no_move, score
from controller.rules.notation import Move, Position, start_position
from controller.rules.variants import PRESETS, Preset, Variant, get_variant, other_side

__all__ = [
    "PRESETS",
    "GameState",
    "IllegalMoveError",
    "Move",
    "MoveOutcome",
    "PhaseError",
    "Position",
    "PositionError",
    "Preset",
    "RecordError",
    "RulesError",
    "ThrowError",
    "Variant",
    "VariantError",
    "Verdict",
    "apply_move",
    "explain",
    "get_variant",
    "legal_moves",
    "no_move",
    "other_side",
    "score",
    "start_position",
]
