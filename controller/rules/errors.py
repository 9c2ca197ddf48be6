"""Errors of the rules core: all subclass `ValueError`, so callers can catch bad input broadly."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from controller.rules.explain import Verdict


class RulesError(ValueError):
    """Base of every error the rules core raises for bad input."""


class VariantError(RulesError):
    """Unknown preset, unknown option or bad option value."""


class ThrowError(RulesError):
    """A throw the preset cannot produce (value or stick count out of range)."""


class PhaseError(RulesError):
    """An action that does not fit the game's phase (a move while a throw is due, and so on)."""


class PositionError(RulesError):
    """A malformed or impossible position (RULES.md 9)."""


class IllegalMoveError(RulesError):
    """A move that the rules do not allow; `verdict` says which rule and why."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.reason)
        self.verdict = verdict


class RecordError(RulesError):
    """A game record entry that cannot be read or replayed; `entry` is its 1-based line number."""

    def __init__(self, entry: int, message: str) -> None:
        super().__init__(f"entry {entry}: {message}")
        self.entry = entry
        self.message = message
