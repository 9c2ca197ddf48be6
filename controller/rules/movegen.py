"""Move generation and move application (RULES.md 4-6), driven only by `Variant` parameters.

`try_forward` / `try_backward` check one candidate move rule by rule and return either the
`Move` or a `Refusal` (the rule that forbids it and the houses involved), which `explain` words.
`legal_moves` takes the hot path: per variant and throw, a table of plans (destination, the
houses to check for a blockade, bear-off kind) computed once from the parameters, so only the
checks that depend on the pieces run per position; a property test holds it equal to the
rule-by-rule checks. Moves are shared immutable instances.

>>> from controller.rules.variants import get_variant
>>> from controller.rules.notation import Position
>>> v = get_variant("kendall")
>>> p = Position.parse("WBWBWBWBW.B................... W", v)
>>> [str(m) for m in legal_moves(v, p, 2)]
['9-11']
>>> play(v, p, legal_moves(v, p, 2)[0], 2).position.notation()
'WBWBWBWBB.W................... B'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from controller.rules.notation import Move, Position
from controller.rules.variants import HOUSES, OFF, Variant, other_side

WATER = 27
HAPPINESS = 26
REBIRTH = 15


class Refusal(NamedTuple):
    """Why a candidate move is illegal: a rule key and the houses a referee should name."""

    rule: str
    houses: tuple[int, ...]
    target: int
    """Where the move would have gone (31 = off, 0 = below house 1), for matching FROM-TO."""


@dataclass(frozen=True)
class MoveOutcome:
    """The result of a move: the next position (side to move next, extra throw honoured)."""

    position: Position
    relocations: tuple[tuple[str, int, int], ...]
    """Pieces moved besides the mover, each (piece, from, to): captured or swapped piece,
    water (from 27), automatic bear-off (30 to 31)."""
    winner: str | None
    score: int | None
    extra_throw: bool
    """True when the same side throws again (RULES.md 2)."""


def bear_off_allowed(variant: Variant, squares: str, side: str) -> bool:
    """RULES.md 5 `when`: may `side` bear off in `squares`?"""
    when = variant.bear_off_when
    if when == "last-row":
        return side not in squares[:20]
    if when == "out-of-first-row":
        return side not in squares[:10]
    return True


def pieces_behind(variant: Variant, squares: str, side: str) -> tuple[int, ...]:
    """The houses of `side`'s pieces that keep it from bearing off (RULES.md 5)."""
    limit = {"last-row": 20, "out-of-first-row": 10}.get(variant.bear_off_when, 0)
    return tuple(h for h in range(1, limit + 1) if squares[h - 1] == side)


_OPPONENT = {"W": "B", "B": "W"}
_KINDS = ("forward", "backward", "bear_off")
# Moves are immutable, so the engine hands out shared instances instead of building new ones.
_MOVES = {
    (f, t, k, a): Move(f, t, k, a)
    for f in range(1, HOUSES + 1)
    for t in range(1, OFF + 1)
    for k in _KINDS
    for a in (False, True)
}


def _blockade(variant: Variant, squares: str, opp: str, low: int, high: int) -> Refusal | None:
    """A run of `block` opponent houses strictly between houses `low` and `high`."""
    between = squares[low : min(high - 1, HOUSES)]
    at = between.find(opp * variant.block)
    if at < 0:
        return None
    first = low + 1 + at
    last = first
    while last < HOUSES and squares[last] == opp:
        last += 1
    return Refusal("blockade", tuple(range(first, last + 1)), high)


def _attack(
    variant: Variant, squares: str, opp: str, house: int, target: int, forward: bool
) -> Refusal | None:
    """Check an attack on the opponent piece on `house`: None if allowed, else the refusal."""
    if not forward and variant.backward == "empty-only":
        return Refusal("backward-empty-only", (house,), target)
    if house in variant.safe:
        return Refusal("safe-house", (house,), target)
    if variant.pairs:
        if house > 1 and squares[house - 2] == opp:
            return Refusal("protected-pair", (house, house - 1), target)
        if house < HOUSES and squares[house] == opp:
            return Refusal("protected-pair", (house, house + 1), target)
    return None


def _bear_off_past_30(
    variant: Variant, squares: str, side: str, house: int, dest: int
) -> Refusal | None:
    """Check a move with house + throw > 30 under reach-31 or exact-31 (RULES.md 5)."""
    if variant.bear_off_how == "exact-31":
        if variant.bear_off_from and house not in variant.bear_off_from:
            return Refusal("bear-off-from", tuple(sorted(variant.bear_off_from)), OFF)
        if dest != OFF:
            return Refusal("exact-throw", (house, OFF - house), OFF)
    if not bear_off_allowed(variant, squares, side):
        return Refusal("bear-off-not-yet", pieces_behind(variant, squares, side), OFF)
    return None


def try_forward(
    variant: Variant, squares: str, side: str, house: int, throw: int
) -> Move | Refusal:
    """The forward move of the piece of `side` on `house` with `throw`, or why it is illegal."""
    opp = _OPPONENT[side]
    dest = house + throw
    if house < HAPPINESS < dest and variant.happiness != "none":
        if variant.happiness == "exact":
            return Refusal("happiness-exact", (HAPPINESS,), min(dest, OFF))
        dest = HAPPINESS
        if squares[HAPPINESS - 1] == opp:
            return Refusal("happiness-held", (HAPPINESS,), HAPPINESS)
    kind = "forward"
    to = dest
    if dest >= HOUSES:
        if variant.bear_off_how == "land-30":
            if dest > HOUSES:
                return Refusal("past-30", (HOUSES,), OFF)
            if bear_off_allowed(variant, squares, side):
                kind, to = "bear_off", OFF
        elif dest > HOUSES:
            refused = _bear_off_past_30(variant, squares, side, house, dest)
            if refused:
                return refused
            kind = "bear_off"
            dest = to = OFF
    if opp * variant.block in squares[house : min(dest - 1, HOUSES)]:
        blocked = _blockade(variant, squares, opp, house, dest)
        assert blocked is not None
        return blocked._replace(target=to)
    if dest == OFF:
        return _MOVES[house, OFF, kind, False]
    here = squares[dest - 1]
    if here == ".":
        return _MOVES[house, to, kind, False]
    if here == side:
        return Refusal("own-piece", (dest,), to)
    refused = _attack(variant, squares, opp, dest, to, True)
    return refused or _MOVES[house, to, kind, True]


def try_backward(
    variant: Variant, squares: str, side: str, house: int, throw: int
) -> Move | Refusal:
    """The backward move of the piece on `house`, ignoring whether a forward move exists."""
    dest = house - throw
    if dest < 1:
        return Refusal("below-1", (house,), 0)
    opp = _OPPONENT[side]
    if opp * variant.block in squares[dest : house - 1]:
        blocked = _blockade(variant, squares, opp, dest, house)
        assert blocked is not None
        return blocked._replace(target=dest)
    here = squares[dest - 1]
    if here == ".":
        return _MOVES[house, dest, "backward", False]
    if here == side:
        return Refusal("own-piece", (dest,), dest)
    refused = _attack(variant, squares, opp, dest, dest, False)
    return refused or _MOVES[house, dest, "backward", True]


class _Plan(NamedTuple):
    """What a forward move from one house with one throw needs checked at run time."""

    dest: int
    hi: int
    """Blockade check over squares[house:hi], the houses strictly between."""
    code: int
    """0 plain, 1 lands on 30 under land-30, 2 bears off past 30, 3 stopped on 26."""
    plain: Move
    attack: Move
    bear: Move
    bear_attack: Move


_PLAIN, _LAND_30, _PAST_30, _STOPPED = range(4)


def _build_plans(variant: Variant) -> dict[int, list[_Plan | None]]:
    """For each throw, by house: the forward move's plan, or None when the parameters alone
    forbid it (the same static checks as `try_forward`)."""
    plans: dict[int, list[_Plan | None]] = {}
    for throw in variant.throw_values:
        row: list[_Plan | None] = [None]
        for house in range(1, HOUSES + 1):
            dest, code = house + throw, _PLAIN
            if house < HAPPINESS < dest and variant.happiness != "none":
                if variant.happiness == "exact":
                    row.append(None)
                    continue
                dest, code = HAPPINESS, _STOPPED
            if dest >= HOUSES and variant.bear_off_how == "land-30":
                if dest > HOUSES:
                    row.append(None)
                    continue
                code = _LAND_30
            elif dest > HOUSES:
                exact = variant.bear_off_how == "exact-31"
                wrong_house = variant.bear_off_from and house not in variant.bear_off_from
                if exact and (wrong_house or dest != OFF):
                    row.append(None)
                    continue
                dest, code = OFF, _PAST_30
            kind = "bear_off" if code == _PAST_30 else "forward"
            row.append(
                _Plan(
                    dest,
                    min(dest - 1, HOUSES),
                    code,
                    _MOVES[house, dest, kind, False],
                    _MOVES[house, dest, kind, True],
                    _MOVES[house, OFF, "bear_off", False],
                    _MOVES[house, OFF, "bear_off", True],
                )
            )
        plans[throw] = row
    return plans


def _forward_moves(
    variant: Variant, squares: str, side: str, own: list[int], throw: int
) -> list[Move]:
    """The legal forward moves: `try_forward` for every piece, on precomputed plans (hot path)."""
    tables = variant.tables
    plans = tables.get("forward")
    if plans is None:
        plans = tables["forward"] = _build_plans(variant)
    row = plans[throw]
    opp = _OPPONENT[side]
    wall = opp * variant.block
    safe, pairs = variant.safe, variant.pairs
    may_bear: bool | None = None
    moves = []
    for house in own:
        plan = row[house]
        if plan is None:
            continue
        code = plan.code
        if code in (_LAND_30, _PAST_30):
            if may_bear is None:
                may_bear = bear_off_allowed(variant, squares, side)
            if code == _PAST_30 and not may_bear:
                continue
        if wall in squares[house : plan.hi]:
            continue
        dest = plan.dest
        if code == _PAST_30:
            moves.append(plan.plain)
            continue
        here = squares[dest - 1]
        bears = code == _LAND_30 and may_bear
        if here == ".":
            moves.append(plan.bear if bears else plan.plain)
            continue
        if here == side or code == _STOPPED or dest in safe:
            continue
        if pairs and (
            (dest > 1 and squares[dest - 2] == opp) or (dest < HOUSES and squares[dest] == opp)
        ):
            continue
        moves.append(plan.bear_attack if bears else plan.attack)
    return moves


def legal_moves(variant: Variant, position: Position, throw: int) -> list[Move]:
    """Every legal move for the side to move with `throw` (RULES.md 3-5), by origin house.

    Backward moves only when no forward move exists; the open9 restriction filters the result.
    Empty once the game is over. Raises `ThrowError` for a throw the preset cannot produce.
    """
    variant.check_throw(throw)
    squares, side = position.squares, position.side
    if _OPPONENT[side] not in squares:
        return []
    own = []
    at = squares.find(side)
    while at >= 0:
        own.append(at + 1)
        at = squares.find(side, at + 1)
    moves = _forward_moves(variant, squares, side, own, throw)
    if not moves and variant.backward != "no":
        moves = [
            m for h in own if type(m := try_backward(variant, squares, side, h, throw)) is Move
        ]
    if "open9" in position.flags and side == variant.odd_side:
        nine = [m for m in moves if m.from_house == 9]
        if nine:
            return nine
    return moves


def no_move(variant: Variant, position: Position, throw: int) -> str | None:
    """"pass" or "lose" (the preset's rule) when the side to move has no legal move; None when
    it has one or when the game is over."""
    if legal_moves(variant, position, throw) or finished(position):
        return None
    return variant.no_move


def finished(position: Position) -> str | None:
    """The winner if a side has no piece left on the board (RULES.md 6), else None."""
    squares = position.squares
    return "W" if "W" not in squares else "B" if "B" not in squares else None


def _first_empty(cells: list[str], houses: range) -> int:
    for house in houses:
        if cells[house - 1] == ".":
            return house
    raise AssertionError("no empty house: impossible with at most 14 pieces")


def water_target(variant: Variant, cells: list[str]) -> int:
    """Where a piece from the House of Water goes (RULES.md 4), given the other pieces."""
    if variant.water != "start" and cells[REBIRTH - 1] == ".":
        return REBIRTH
    if variant.water == "rebirth":
        return _first_empty(cells, range(REBIRTH - 1, 0, -1))
    return _first_empty(cells, range(1, HOUSES + 1))


def score(variant: Variant, squares: str, winner: str) -> int | None:
    """The winner's points for the loser's pieces still on the board (RULES.md 6), or None."""
    rows = variant.score_rows
    if rows is None:
        return None
    loser = other_side(winner)
    total = 0
    for house in range(1, HOUSES + 1):
        if squares[house - 1] == loser:
            row = (house - 1) // 10
            if not (row == 2 and variant.score_row3_safe_zero and house in variant.safe):
                total += rows[row]
    return total


def play(variant: Variant, position: Position, move: Move, throw: int) -> MoveOutcome:
    """Apply a move the engine generated (kind and attack set), without checking it."""
    side = position.side
    opp = other_side(side)
    cells = list(position.squares)
    origin = move.from_house
    cells[origin - 1] = "."
    landing = move.to_house
    if landing == OFF and variant.bear_off_how == "land-30":
        landing = HOUSES
    relocations: list[tuple[str, int, int]] = []
    if move.attack:
        if landing == HOUSES and variant.attacked_on_30 == "water":
            dest = water_target(variant, cells)
        elif variant.capture == "swap":
            dest = origin
        else:
            dest = _first_empty(cells, range(1, HOUSES + 1))
        cells[dest - 1] = opp
        relocations.append((opp, landing, dest))
        cells[landing - 1] = "."
    if move.to_house == WATER:
        dest = water_target(variant, cells)
        cells[dest - 1] = side
        relocations.append((side, WATER, dest))
    elif move.to_house != OFF:
        cells[landing - 1] = side
    squares = "".join(cells)
    if variant.bear_off_how == "land-30":
        for piece in (side, opp):
            if cells[HOUSES - 1] == piece and bear_off_allowed(variant, squares, piece):
                cells[HOUSES - 1] = "."
                squares = "".join(cells)
                relocations.append((piece, HOUSES, OFF))
    winner = side if side not in squares else opp if opp not in squares else None
    flags = position.flags
    if "open9" in flags and side == variant.odd_side:
        flags = flags - {"open9"}
    extra = throw in variant.extra
    return MoveOutcome(
        Position(squares, side if extra else opp, flags),
        tuple(relocations),
        winner,
        score(variant, squares, winner) if winner else None,
        extra,
    )

