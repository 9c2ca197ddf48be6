"""`GET /api/messages`: the session's message catalogue in English, by key.

The game view carries each message as a key with parameters; the kiosk words it from this
catalogue (English) or from its own translations, so it can say parameters its own way (side
names, lists of houses, the default player names) in every language alike.
"""

from __future__ import annotations

from fastapi import APIRouter

from controller.session.messages import MESSAGES

router = APIRouter(tags=["legend"])


@router.get("/api/messages", response_model=dict[str, str])
async def message_catalogue() -> dict[str, str]:
    """Every message template (`{name}` marks a parameter), by key."""
    return dict(MESSAGES)
