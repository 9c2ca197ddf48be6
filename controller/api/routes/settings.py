"""`/api/settings`: the game settings in force (read freely), changed with the admin token."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from controller.api.deps import AdminAuth, ServiceDep
from controller.api.errors import responses
from controller.api.schemas import SettingsIn, SettingsOut

router = APIRouter(prefix="/api/settings", tags=["settings"])


@router.get("", response_model=SettingsOut)
def get_settings(service: ServiceDep) -> dict[str, Any]:
    """The game settings new games use: variant, options, player names, computer sides."""
    return service.settings()


@router.patch("", response_model=SettingsOut, responses=responses(401, 403, 422, 503))
def update_settings(body: SettingsIn, service: ServiceDep, _: AdminAuth) -> dict[str, Any]:
    """Change some game settings; checked like the configuration file, used from the next game."""
    return service.update_settings(body.model_dump(exclude_unset=True))
