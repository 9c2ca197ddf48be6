"""Games in the journal: the list, each record (also as a JSON Lines file), a new game."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Response, status

from controller.api.deps import GameStarterAuth, ServiceDep
from controller.api.errors import responses
from controller.api.schemas import GameSummaryOut, GameViewOut, NewGameIn, RecordEntryOut

router = APIRouter(prefix="/api/games", tags=["games"])


@router.get("", response_model=list[GameSummaryOut], responses=responses(503))
def list_games(service: ServiceDep) -> list[dict[str, Any]]:
    """Every game in the journal, newest first."""
    return service.games()


@router.post(
    "",
    response_model=GameViewOut,
    status_code=status.HTTP_201_CREATED,
    responses=responses(401, 403, 422, 503),
)
def new_game(body: NewGameIn, service: ServiceDep, _: GameStarterAuth) -> dict[str, Any]:
    """Start a new game (referee or admin token; none needed when the kiosk may start games)."""
    players: dict[str, dict[str, str]] | None = None
    if body.players is not None:
        players = {side: dict(player.model_dump()) for side, player in body.players.items()}
    return service.new_game(body.variant, body.options, players)


@router.get("/{game_id}", response_model=list[RecordEntryOut], responses=responses(404, 503))
def game_record(game_id: str, service: ServiceDep) -> list[dict[str, Any]]:
    """The game record: a header (variant, options, players, started), then throws and moves."""
    return service.game_record(game_id)


@router.get(
    "/{game_id}/record.jsonl",
    response_class=Response,
    responses={
        200: {"content": {"application/x-ndjson": {}}, "description": "The record file"},
        **responses(404, 503),
    },
)
def export_record(game_id: str, service: ServiceDep) -> Response:
    """The record as a JSON Lines file, for `senet-board referee` or another program."""
    lines = "".join(json.dumps(entry) + "\n" for entry in service.game_record(game_id))
    return Response(
        lines,
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="senet-{game_id}.jsonl"'},
    )
