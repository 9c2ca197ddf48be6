"""Throws as the session sees them, whatever made them: the camera, a person, electronic sticks.

The session only needs the move value; the flat-face count and the source are kept because a
referee settling a dispute wants to know how a value came about (and the camera's photo is
found by `throw_id`). A `rethrow` reading from the camera is a throw that did not count: it
carries the reader's reason and no value.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

SOURCES = ("camera", "manual", "electronic")
STICKS = 4


class ThrowValues(Protocol):
    """What a throw needs from the variant (`controller.rules.Variant` provides it)."""

    def throw_value(self, flat_up: int) -> int: ...

    def throw_outcomes(self) -> tuple[tuple[int, float], ...]: ...


class ReadingLike(Protocol):
    """What a throw needs from a camera reading (`vision.reading.ThrowReading` provides it)."""

    @property
    def status(self) -> str: ...

    @property
    def flat(self) -> int | None: ...

    @property
    def reason(self) -> str: ...


@dataclass(frozen=True)
class Throw:
    """One throw of the four sticks: `value` (None for a rethrow), `flat` faces up if known.

    `source` is `camera`, `manual` or `electronic`; `throw_id` links the throw to its evidence
    photo (the session numbers throws that come without one); `rethrow_reason` is set when the
    camera could not read the sticks and asks for a new throw.
    """

    value: int | None
    flat: int | None = None
    source: str = "manual"
    throw_id: str | None = None
    rethrow_reason: str | None = None

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise ValueError(f"throw source must be one of {SOURCES}, got {self.source!r}")
        if self.flat is not None and not 0 <= self.flat <= STICKS:
            raise ValueError(f"flat faces up must be 0-{STICKS}, got {self.flat}")
        if self.rethrow_reason is None and self.value is None:
            raise ValueError("a throw that counts needs a value")

    @property
    def is_rethrow(self) -> bool:
        """True when the sticks could not be read and the side must throw again."""
        return self.rethrow_reason is not None

    def to_dict(self) -> dict[str, object]:
        """The throw as the game view and the journal show it."""
        return {
            "id": self.throw_id,
            "value": self.value,
            "flat": self.flat,
            "source": self.source,
        }


def manual_throw(
    variant: ThrowValues,
    value: int | None = None,
    flat: int | None = None,
    throw_id: str | None = None,
) -> Throw:
    """A throw typed in by a referee or a player: a move value, or the flat faces up.

    Raises `ValueError` for a value the preset cannot produce, a flat count out of range, both
    given and disagreeing, or neither given.
    """
    if flat is not None:
        if not 0 <= flat <= STICKS:
            raise ValueError(f"flat faces up must be 0-{STICKS}, got {flat}")
        from_flat = variant.throw_value(flat)
        if value is not None and value != from_flat:
            raise ValueError(f"{flat} flat faces up make {from_flat}, not {value}")
        return Throw(from_flat, flat, "manual", throw_id)
    if value is None:
        raise ValueError("a manual throw needs a value or the number of flat faces up")
    possible = sorted(v for v, _ in variant.throw_outcomes())
    if value not in possible:
        raise ValueError(f"this variant's sticks make {possible}, not {value}")
    return Throw(value, None, "manual", throw_id)


def camera_throw(variant: ThrowValues, reading: ReadingLike, throw_id: str | None) -> Throw:
    """The throw a camera reading stands for; a `rethrow` reading becomes a rethrow."""
    if reading.status != "ok" or reading.flat is None:
        return Throw(None, None, "camera", throw_id, reading.reason or "sticks not readable")
    return Throw(variant.throw_value(reading.flat), reading.flat, "camera", throw_id)


def electronic_throw(variant: ThrowValues, rng: random.Random, throw_id: str | None) -> Throw:
    """Four virtual sticks, each landing flat side up with probability 1/2, as real sticks do.

    Counting flat faces of four fair sticks gives the RULES.md 2 probabilities (1/16, 4/16,
    6/16, 4/16, 1/16 for 0-4); the variant turns the count into a value by its counting face.
    """
    flat = sum(rng.random() < 0.5 for _ in range(STICKS))
    return Throw(variant.throw_value(flat), flat, "electronic", throw_id)
