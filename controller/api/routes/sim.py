"""The simulation's hands and sticks (`serve --sim` only): lift/place pieces, throw the sticks.

No token: these act on simulated physics, as a visitor's hand acts on the real board; the
virtual board and the synthetic camera feed the same pipeline as real hardware. Outside sim
they answer 503.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from controller.api.deps import ServiceDep, SettingsDep
from controller.api.errors import responses
from controller.api.schemas import GameViewOut, SimBoardIn, SimInfoOut, SimThrowIn
from vision.synthetic import BAD_SCENES

router = APIRouter(prefix="/api/sim", tags=["sim"])


@router.get("", response_model=SimInfoOut)
def sim_info(settings: SettingsDep) -> SimInfoOut:
    """Whether the simulation runs, and the bad scenes the synthetic camera can show."""
    return SimInfoOut(enabled=settings.sim, scenes=list(BAD_SCENES) if settings.sim else [])


@router.post("/board", response_model=GameViewOut, responses=responses(422, 503))
def sim_board(body: SimBoardIn, service: ServiceDep) -> dict[str, Any]:
    """Lift the piece on a house, or place a piece on an empty house, of the virtual board."""
    return service.sim_board(body.action, body.house, body.piece)


@router.post("/throw", response_model=GameViewOut, responses=responses(422, 503))
def sim_throw(body: SimThrowIn, service: ServiceDep) -> dict[str, Any]:
    """Throw the synthetic sticks: `flat` faces up (0-4), or a bad scene to be thrown again."""
    return service.sim_throw(flat=body.flat, scene=body.scene)
