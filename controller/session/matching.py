"""Which legal move, if any, the physical board shows: the e-board way of recognising moves.

The session never watches single lifts and drops (sensors flicker, pieces slide over houses on
their way, people lift a piece to think). It compares the whole sensed board with the position
before the move (`pre`) and with what each legal move produces, and sorts it into one of these
`Reading` kinds:

- `pre`: nothing changed (a piece lifted and put back is no move);
- `final`: the board is what a legal move produces (accepted once it has stood still);
- `relocate`: the mover has made its own step and a second one is owed (put the captured piece
  on house N, move the drowned piece on from house 27, take a piece off house 30);
- `progress`: a recognisable step toward one or more legal moves (a piece in the hand, the
  attacker and the attacked piece both lifted in either order, the attacker set down on its
  target before the attacked piece is taken off);
- `lifted`: pieces are off their houses and nothing else changed, but no legal move explains it
  (a piece lifted to think, or one that cannot move): never a move, never illegal;
- `unknown`: none of these; the session calls it illegal once it has stood still long enough.

"Recognisable step toward a move" is defined house by house: a house touched by the move may hold
what it held before, what it holds after, what it holds after the mover's own step, a piece
resting on a waypoint (the water at 27, house 30 on the way off), or nothing (a piece in the
hand); every other house must be unchanged, and no colour may have more pieces on the board than
before the move. Houses whose sensor is faulty match anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

EMPTY = "."
OFF = 31
WATER = 27
LAST_HOUSE = 30
M = TypeVar("M")


@dataclass(frozen=True)
class Step:
    """A physical step owed after the mover's own: take `piece` from `from_house` (None: it is
    already in the player's hand) to `to_house` (None: off the board). `reason` is `capture`,
    `water`, `bear_off` or `move`."""

    piece: str
    from_house: int | None
    to_house: int | None
    reason: str

    def done(self, board: str) -> bool:
        """True when the board shows this step made."""
        if self.to_house is None:
            return self.from_house is None or board[self.from_house - 1] != self.piece
        return board[self.to_house - 1] == self.piece

    @property
    def house(self) -> int:
        """The house the LEDs point at: where the piece goes, or where it leaves from."""
        if self.to_house is not None:
            return self.to_house
        assert self.from_house is not None
        return self.from_house


@dataclass(frozen=True)
class Candidate(Generic[M]):
    """One legal move as hands make it on the board.

    `primary` is the board once the mover stands on its landing house (house 27 for the water)
    and before any piece it displaced is put down; `final` is the board the move produces;
    `steps` turn `primary` into `final`.
    """

    move: M
    from_house: int
    to_house: int
    attack: bool
    pre: str
    primary: str
    final: str
    steps: tuple[Step, ...]
    allowed: tuple[frozenset[str], ...] = field(repr=False)

    @property
    def mover(self) -> str:
        return self.pre[self.from_house - 1]

    def fits(self, board: str, faults: frozenset[int] = frozenset()) -> bool:
        """True when `board` is the position before, after, or a step on the way."""
        for house, (piece, allowed) in enumerate(zip(board, self.allowed, strict=True), 1):
            if piece not in allowed and house not in faults:
                return False
        return all(board.count(colour) <= self.pre.count(colour) for colour in "WB")

    def mover_done(self, board: str) -> bool:
        """True when the mover has left its house and stands where the move takes it."""
        if board[self.from_house - 1] == self.mover:
            return False
        if self.to_house == OFF:
            return True
        if board[self.to_house - 1] == self.mover:
            return True
        return any(
            step.reason == "water" and step.to_house is not None and step.done(board)
            for step in self.steps
        )

    def owed(self, board: str) -> tuple[Step, ...]:
        """The second steps the board does not show yet."""
        return tuple(step for step in self.steps if not step.done(board))


def candidate(
    move: M,
    *,
    pre: str,
    final: str,
    from_house: int,
    to_house: int,
    attack: bool,
    relocations: Iterable[tuple[str, int, int]],
) -> Candidate[M]:
    """The physical picture of a legal move from the rules core's outcome.

    `relocations` are the pieces that move besides the mover, as (piece, from, to) with 31 for
    off the board: the attacked piece (from the landing house), the mover carried on by the
    water (from 27), a piece borne off automatically from house 30.
    """
    mover = pre[from_house - 1]
    land = to_house if to_house <= LAST_HOUSE else None
    primary = list(pre)
    primary[from_house - 1] = EMPTY
    if land is not None:
        primary[land - 1] = mover
    steps = []
    waypoints: list[tuple[int, str]] = []
    for piece, r_from, r_to in relocations:
        destination = None if r_to >= OFF else r_to
        if r_from == land and piece != mover:
            steps.append(Step(piece, None, destination, "capture"))
        elif r_from == WATER:
            steps.append(Step(piece, WATER, destination, "water"))
        elif destination is None:
            steps.append(Step(piece, r_from, None, "bear_off"))
        else:
            steps.append(Step(piece, r_from, destination, "move"))
    if land is None and pre[LAST_HOUSE - 1] == EMPTY:
        waypoints.append((LAST_HOUSE, mover))  # a piece set on 30 on its way off
    # a house the move does not touch must keep what it holds; a touched one may also be empty
    allowed = [
        {pre[i]} if pre[i] == primary[i] == final[i] else {pre[i], primary[i], final[i], EMPTY}
        for i in range(len(pre))
    ]
    for house, piece in waypoints:
        allowed[house - 1].update((piece, EMPTY))
    return Candidate(
        move=move,
        from_house=from_house,
        to_house=to_house,
        attack=attack,
        pre=pre,
        primary="".join(primary),
        final=final,
        steps=tuple(steps),
        allowed=tuple(frozenset(a) for a in allowed),
    )


@dataclass(frozen=True)
class Reading(Generic[M]):
    """What the board shows: `kind` (see the module docstring), the candidates that explain it
    (the matching ones for `final`, the fitting ones for `progress`/`relocate`), the houses
    whose own piece is in the hand, and every house that differs from `pre`."""

    kind: str
    candidates: tuple[Candidate[M], ...]
    lifted: tuple[int, ...]
    changed: tuple[int, ...]


def same_board(board: str, target: str, faults: frozenset[int] = frozenset()) -> bool:
    """True when the boards agree on every house whose sensor works."""
    pairs = enumerate(zip(board, target, strict=True), 1)
    return all(a == b or house in faults for house, (a, b) in pairs)


def differing(board: str, target: str, faults: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """Houses (1-30) where the boards differ, faulty houses left out."""
    return tuple(
        house
        for house, (a, b) in enumerate(zip(board, target, strict=True), 1)
        if a != b and house not in faults
    )


def read_board(
    pre: str,
    board: str,
    candidates: Sequence[Candidate[M]],
    faults: frozenset[int] = frozenset(),
) -> Reading[M]:
    """Sort the sensed `board` against the position before the move and its legal moves."""
    changed = differing(board, pre, faults)
    lifted = tuple(h for h in changed if board[h - 1] == EMPTY)
    if not changed:
        return Reading("pre", (), (), ())
    finals = tuple(c for c in candidates if same_board(board, c.final, faults))
    if finals and len({c.final for c in finals}) == 1:
        return Reading("final", finals, lifted, changed)
    fitting = tuple(c for c in candidates if c.fits(board, faults))
    if fitting:
        done = tuple(c for c in fitting if c.mover_done(board))
        if done and len({c.final for c in done}) == 1 and done[0].owed(board):
            return Reading("relocate", done, lifted, changed)
        return Reading("progress", fitting, lifted, changed)
    if len(lifted) == len(changed):
        return Reading("lifted", (), lifted, changed)
    return Reading("unknown", (), lifted, changed)


def guess_move(pre: str, board: str, side: str) -> tuple[int, int] | None:
    """The (from, to) a player seems to have tried: one of `side`'s pieces gone from one house
    and one arrived on another (to = 31 when it left the board); None when it is not that
    simple. Used to ask the rules core why an unrecognised position is illegal."""
    houses = list(enumerate(zip(pre, board, strict=True), 1))
    gone = [h for h, (a, b) in houses if a == side and b != side]
    came = [h for h, (a, b) in houses if b == side and a != side]
    if len(gone) == 1 and len(came) <= 1:
        return gone[0], came[0] if came else OFF
    return None
