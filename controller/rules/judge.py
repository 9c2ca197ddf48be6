"""Judging one proposed move: `explain` says legal or not in words a referee can read out.

>>> from controller.rules.variants import get_variant
>>> from controller.rules.notation import Position
>>> v = get_variant("kendall")
>>> p = Position.parse("WBWBWBWBW.B................... W", v)
>>> explain(v, p, 2, 5, 7).reason
'house 7 is held by your own piece: a piece may not land on a house of its own side (RULES.md 4)'
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.rules.errors import IllegalMoveError
from controller.rules.movegen import (
    HAPPINESS,
    MoveOutcome,
    Refusal,
    finished,
    legal_moves,
    pieces_behind,
    play,
    try_backward,
    try_forward,
)
from controller.rules.notation import Move, Position
from controller.rules.variants import HOUSES, OFF, Variant, other_side


@dataclass(frozen=True)
class Verdict:
    """Whether a move is legal; `rule` is a stable key, `reason` a sentence citing RULES.md.

    `houses` are the houses the reason is about (the blockade, the protecting partner, the
    piece still behind...), for a board to light them.
    """

    legal: bool
    rule: str
    reason: str
    houses: tuple[int, ...] = ()


def _houses(houses: tuple[int, ...]) -> str:
    return ", ".join(map(str, houses))


def _refusal_reason(variant: Variant, side: str, refusal: Refusal, origin: int) -> str:
    """The sentence for a `Refusal` (rule keys of movegen)."""
    opp = other_side(side)
    rule, houses = refusal.rule, refusal.houses
    if rule == "own-piece":
        return (
            f"house {houses[0]} is held by your own piece: a piece may not land on a house of "
            "its own side (RULES.md 4)"
        )
    if rule == "blockade":
        return (
            f"houses {_houses(houses)} hold {len(houses)} {opp} pieces in a row: a blockade of "
            f"{variant.block} or more cannot be passed (RULES.md 4)"
        )
    if rule == "safe-house":
        return (
            f"the {opp} piece on {houses[0]} stands on a safe house and cannot be attacked "
            f"(RULES.md 4; safe houses {_houses(tuple(sorted(variant.safe)))})"
        )
    if rule == "protected-pair":
        return (
            f"the {opp} piece on {houses[0]} is protected by its partner on {houses[1]}: "
            "adjacent pieces cannot be attacked (RULES.md 4, pairs)"
        )
    if rule == "backward-empty-only":
        return (
            f"a backward move may only land on an empty house; house {houses[0]} holds a "
            f"{opp} piece (RULES.md 4, backward empty-only)"
        )
    if rule == "happiness-exact":
        return (
            "a piece must land exactly on 26, the House of Happiness, before moving past it "
            "(RULES.md 4, happiness exact)"
        )
    if rule == "happiness-held":
        return (
            f"the move stops on 26, the House of Happiness, but a {opp} piece stands there "
            "(RULES.md 4, happiness stop)"
        )
    if rule == "past-30":
        return (
            "moves past house 30 are not allowed: pieces leave by landing exactly on 30 "
            "(RULES.md 5, land-30)"
        )
    if rule == "bear-off-from":
        return f"pieces may bear off only from houses {_houses(houses)} (RULES.md 5)"
    if rule == "exact-throw":
        return (
            f"bearing off from {houses[0]} needs a throw of exactly {houses[1]} "
            "(RULES.md 5, exact-31)"
        )
    if rule == "bear-off-not-yet":
        where = {"last-row": "outside the last row (21-30)", "out-of-first-row": "in the first row"}
        plural = "s" if len(houses) > 1 else ""
        return (
            f"{side} may not bear off yet: the piece{plural} on {_houses(houses)} "
            f"{'are' if plural else 'is'} still {where[variant.bear_off_when]} (RULES.md 5)"
        )
    return f"a backward move from {origin} would go below house 1 (RULES.md 4)"


def _legal_reason(variant: Variant, move: Move, outcome: MoveOutcome) -> str:
    parts = [f"{move} is a legal {move.kind.replace('_', '-')} move"]
    for piece, start, end in outcome.relocations:
        where = "off the board" if end == OFF else f"to {end}"
        parts.append(f"the {piece} piece on {start} goes {where}")
    if outcome.winner:
        parts.append(f"{outcome.winner} wins")
    return "; ".join(parts)


def explain(
    variant: Variant, position: Position, throw: int, from_house: int, to_house: int
) -> Verdict:
    """Judge the move FROM-TO for the side to move with `throw` (RULES.md 3-5).

    Agrees with `legal_moves` for every (from, to): legal exactly when the move is listed.
    """
    moves = legal_moves(variant, position, throw)
    side = position.side
    for move in moves:
        if move.from_house == from_house and move.to_house == to_house:
            outcome = play(variant, position, move, throw)
            return Verdict(True, "legal", _legal_reason(variant, move, outcome), ())
    if not 1 <= from_house <= HOUSES or not 1 <= to_house <= OFF:
        return Verdict(False, "no-such-house", "houses are 1..30, and 31 for off (RULES.md 1)")
    winner = finished(position)
    if winner:
        return Verdict(
            False, "game-over", f"the game is over: {winner} has no piece left (RULES.md 6)"
        )
    here = position.squares[from_house - 1]
    if here != side:
        what = "it is empty" if here == "." else f"it holds a {here} piece"
        return Verdict(
            False,
            "no-piece",
            f"house {from_house} holds no {side} piece to move: {what}",
            (from_house,),
        )
    squares = position.squares
    forward = try_forward(variant, squares, side, from_house, throw)
    target = forward.to_house if isinstance(forward, Move) else forward.target
    if (to_house, target) == (HOUSES, OFF) and from_house + throw == HOUSES:
        # land-30: the piece lands on 30 and leaves at once; RULES.md 9 writes it FROM-31.
        if isinstance(forward, Move) and forward in moves:
            return Verdict(
                False,
                "bear-off-notation",
                f"{from_house}-30 bears the piece off (RULES.md 5, land-30): it is written "
                f"{from_house}-31 (RULES.md 9)",
                (from_house, HOUSES),
            )
        to_house = OFF
    if isinstance(forward, Move) and forward.to_house == to_house:
        return _open9_verdict(variant, side, moves)
    if isinstance(forward, Refusal) and forward.target == to_house:
        reason = _refusal_reason(variant, side, forward, from_house)
        return Verdict(False, forward.rule, reason, forward.houses)
    if (
        isinstance(forward, Move)
        and (to_house, forward.to_house) == (OFF, HOUSES)
        and variant.bear_off_how == "land-30"
    ):
        behind = pieces_behind(variant, squares, side)
        refusal = Refusal("bear-off-not-yet", behind, OFF)
        reason = _refusal_reason(variant, side, refusal, from_house)
        return Verdict(False, refusal.rule, f"{reason}; the piece would stay on 30", behind)
    if to_house == from_house - throw:
        return _backward_verdict(variant, position, throw, from_house, moves)
    return _wrong_distance(variant, from_house, to_house, throw, forward)


def _open9_verdict(variant: Variant, side: str, moves: list[Move]) -> Verdict:
    """The move obeys every rule but open9 filtered it out (RULES.md 3)."""
    nine = ", ".join(str(m) for m in moves)
    return Verdict(
        False,
        "open9",
        f"{side} still owes its opening move from house 9 and must play {nine} (RULES.md 3, open9)",
        (9,),
    )


def _backward_verdict(
    variant: Variant, position: Position, throw: int, origin: int, moves: list[Move]
) -> Verdict:
    if variant.backward == "no":
        return Verdict(False, "no-backward", f"{variant.name} has no backward moves (RULES.md 7)")
    forwards = [m for m in moves if m.kind != "backward"]
    if forwards:
        return Verdict(
            False,
            "forward-first",
            f"a forward move exists ({forwards[0]}), so no backward move is allowed (RULES.md 4)",
            (forwards[0].from_house,),
        )
    backward = try_backward(variant, position.squares, position.side, origin, throw)
    if isinstance(backward, Move):
        return _open9_verdict(variant, position.side, moves)
    reason = _refusal_reason(variant, position.side, backward, origin)
    return Verdict(False, backward.rule, reason, backward.houses)


def _wrong_distance(
    variant: Variant, origin: int, to_house: int, throw: int, forward: Move | Refusal
) -> Verdict:
    target = forward.to_house if isinstance(forward, Move) else forward.target
    where = "off the board" if target == OFF else f"to {target}"
    note = " (the House of Happiness stops it)" if target == HAPPINESS < origin + throw else ""
    if variant.backward != "no" and origin - throw >= 1:
        note += f", or backward to {origin - throw}"
    return Verdict(
        False,
        "wrong-distance",
        f"with a throw of {throw} the piece on {origin} goes {where}{note}, not to {to_house} "
        "(RULES.md 4)",
        (origin,),
    )


def apply_move(variant: Variant, position: Position, move: Move, throw: int) -> MoveOutcome:
    """Check `move` (only FROM-TO matters) and apply it; raises `IllegalMoveError` if illegal."""
    for legal in legal_moves(variant, position, throw):
        if legal == move:
            return play(variant, position, legal, throw)
    raise IllegalMoveError(explain(variant, position, throw, move.from_house, move.to_house))
