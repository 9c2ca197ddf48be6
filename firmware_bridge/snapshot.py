"""What the board reports: which piece stands on each house, and which sensors are faulty."""

from __future__ import annotations

from dataclasses import dataclass

HOUSES = 30
PIECES = "WB."


@dataclass(frozen=True)
class BoardSnapshot:
    """One debounced full-state reading of the board, as received by the host.

    `houses` uses the SQUARES alphabet of RULES.md 9 (`W` light, `B` dark, `.` empty), house 1
    first; `faults` are houses whose sensor cannot be trusted (their character is `.`);
    `seq` is the firmware's snapshot counter; `received_at` is `time.monotonic()` at the host.
    """

    houses: str
    faults: frozenset[int]
    seq: int
    received_at: float

    def __post_init__(self) -> None:
        if len(self.houses) != HOUSES or any(ch not in PIECES for ch in self.houses):
            raise ValueError(f"houses must be {HOUSES} of W, B or ., got {self.houses!r}")
        if any(not 1 <= house <= HOUSES for house in self.faults):
            raise ValueError(f"fault houses must be 1-{HOUSES}, got {sorted(self.faults)}")

    def piece_at(self, house: int) -> str:
        """`W`, `B` or `.` on house 1-30."""
        return self.houses[house - 1]

    def same_board(self, other: BoardSnapshot | None) -> bool:
        """True when `other` shows the same pieces and faults (seq and time aside)."""
        return other is not None and (self.houses, self.faults) == (other.houses, other.faults)
