"""The game being played: read it (no token), throw by hand and take back (referee)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from controller.api.deps import RefereeAuth, ServiceDep
from controller.api.errors import responses
from controller.api.schemas import GameViewOut, ThrowIn

router = APIRouter(prefix="/api/game", tags=["game"])


@router.get("", response_model=GameViewOut)
async def get_game(service: ServiceDep) -> dict[str, Any]:
    """The game now: position (RULES.md 9), phase, side to move, throw, legal moves, events.

    On the event loop, like the status: `game_view()` returns the last published view."""
    return service.game_view()


@router.post("/throw", response_model=GameViewOut, responses=responses(401, 403, 409, 422))
def manual_throw(body: ThrowIn, service: ServiceDep, _: RefereeAuth) -> dict[str, Any]:
    """Enter a throw by hand (the camera is away, or the referee overrides a reading)."""
    return service.throw(value=body.value, flat=body.flat)


@router.post("/takeback", response_model=GameViewOut, responses=responses(401, 403, 409))
def takeback(service: ServiceDep, _: RefereeAuth) -> dict[str, Any]:
    """Undo the last move; the LEDs then guide the pieces back."""
    return service.takeback()


@router.post("/confirm", response_model=GameViewOut, responses=responses(401, 403, 409))
def confirm(service: ServiceDep, _: RefereeAuth) -> dict[str, Any]:
    """What the confirm button does: accept the board as it stands without waiting."""
    return service.confirm()
