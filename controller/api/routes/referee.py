"""`POST /api/referee/check`: is this move legal here, and why not. Stateless, no token."""

from __future__ import annotations

from fastapi import APIRouter

from controller.api.errors import responses
from controller.api.schemas import RefereeCheckIn, VerdictOut
from controller.rules import Move, Position, explain, get_variant

router = APIRouter(prefix="/api/referee", tags=["referee"])


@router.post("/check", response_model=VerdictOut, responses=responses(422))
def check_move(body: RefereeCheckIn) -> VerdictOut:
    """The verdict on one move: legal or not, the rule, and a reason a referee can read out."""
    variant = get_variant(body.variant, body.options)
    position = Position.parse(body.position, variant)
    move = Move.parse(body.move)
    verdict = explain(variant, position, body.throw, move.from_house, move.to_house)
    return VerdictOut(
        legal=verdict.legal, rule=verdict.rule, reason=verdict.reason, houses=list(verdict.houses)
    )
