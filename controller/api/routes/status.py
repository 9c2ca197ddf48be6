"""`GET /api/status`: is everything up (for people, the kiosk's health dots, and monitoring)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from controller.api.deps import ServiceDep, SettingsDep
from controller.api.schemas import StatusOut

router = APIRouter(tags=["status"])


@router.get("/api/status", response_model=StatusOut)
async def get_status(service: ServiceDep, settings: SettingsDep) -> dict[str, Any]:
    """Version, uptime, board link and camera (with the reason when degraded, and what the
    stick calibration warns of), the game.

    Runs on the event loop: `status()` only copies what the service last published, so the
    answer never waits for a worker thread (monitoring polls this route often)."""
    report = service.status()
    report["kiosk"] = {"can_start_games": settings.kiosk_can_start_games, "sim": settings.sim}
    return report
