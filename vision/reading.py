"""What the reader says about one frame: the count, or why the sticks must be thrown again.

These value objects are the contract between the vision package and the game service, so they
are frozen, carry plain types only, and serialise to the JSON fields of the `sticks read`
command (DESIGN.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

Face = Literal["flat", "round"]
Status = Literal["ok", "rethrow"]


@dataclass(frozen=True)
class StickFace:
    """One stick as seen: which face is up, how sure, where (pixels) and at what angle (deg)."""

    face: Face
    confidence: float
    center: tuple[float, float]
    angle: float
    outline: tuple[tuple[float, float], ...] = field(default=(), compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "face": self.face,
            "confidence": round(self.confidence, 3),
            "center": [round(self.center[0], 1), round(self.center[1], 1)],
            "angle": round(self.angle, 1),
        }


@dataclass(frozen=True)
class ThrowReading:
    """The answer for one frame: `ok` with both counts, or `rethrow` with a reason.

    `sticks` lists what was found even for a rethrow, so evidence images can show it.
    """

    status: Status
    flat: int | None
    round: int | None
    reason: str
    sticks: tuple[StickFace, ...] = ()

    def __post_init__(self) -> None:
        if self.status == "ok":
            if self.flat is None or self.round is None or self.flat + self.round != 4:
                raise ValueError("an ok reading needs flat + round == 4")
        elif self.flat is not None or self.round is not None:
            raise ValueError("a rethrow carries no count")

    @classmethod
    def ok(cls, sticks: tuple[StickFace, ...]) -> ThrowReading:
        flat = sum(1 for stick in sticks if stick.face == "flat")
        return cls("ok", flat, len(sticks) - flat, "", sticks)

    @classmethod
    def rethrow(cls, reason: str, sticks: tuple[StickFace, ...] = ()) -> ThrowReading:
        return cls("rethrow", None, None, reason, sticks)

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "flat": self.flat,
            "round": self.round,
            "reason": self.reason,
            "sticks": [stick.to_dict() for stick in self.sticks],
        }

    def to_json(self, **extra: Any) -> str:
        """One JSON line; `extra` fields (such as `image`) come first."""
        return json.dumps({**extra, **self.to_dict()})
