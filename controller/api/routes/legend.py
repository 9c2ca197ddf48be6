"""`GET /api/legend`: what each LED colour and effect means (the session's LED language)."""

from __future__ import annotations

from fastapi import APIRouter

from controller.api.schemas import LegendEntryOut
from controller.session.led_plan import LEGEND

router = APIRouter(tags=["legend"])


@router.get("/api/legend", response_model=list[LegendEntryOut])
async def led_legend() -> list[dict[str, str]]:
    """Every LED signal in the order the kiosk lists them; `key` is the translation key."""
    return [signal.to_dict() for signal in LEGEND]
