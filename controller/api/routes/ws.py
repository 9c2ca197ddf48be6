"""`/api/ws`: the live game. On connect the current view (`{"type": "game", "data": view}`),
then every event the service publishes, in order, until the client goes away.

The service's subscription is a blocking queue; each connection waits on it in a worker thread
from a limiter of its own, so live pages never starve the threads that answer HTTP requests.
"""

from __future__ import annotations

import anyio
from anyio import CancelScope
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from controller.service import GameService, Subscription

router = APIRouter(tags=["live"])

MAX_LIVE_CLIENTS = 32
POLL_S = 0.5
_limiter = anyio.CapacityLimiter(MAX_LIVE_CLIENTS)
GONE = (WebSocketDisconnect, RuntimeError, OSError)
"""What sending to or reading from a client that went away raises."""


async def _until_client_leaves(websocket: WebSocket, scope: CancelScope) -> None:
    """Read (and ignore) what the client sends; stop everything when it disconnects."""
    try:
        while True:
            await websocket.receive_text()
    except GONE:
        pass
    scope.cancel()


async def _forward(websocket: WebSocket, subscription: Subscription, scope: CancelScope) -> None:
    """Send every event of the subscription; stop everything when sending fails."""
    try:
        while True:
            event = await anyio.to_thread.run_sync(
                subscription.get, POLL_S, limiter=_limiter, abandon_on_cancel=True
            )
            if event is not None:
                await websocket.send_json(event)
    except GONE:
        scope.cancel()


@router.websocket("/api/ws")
async def live_events(websocket: WebSocket) -> None:
    service: GameService = websocket.app.state.service
    await websocket.accept()
    subscription = service.subscribe()
    try:
        await websocket.send_json({"type": "game", "data": service.game_view()})
        async with anyio.create_task_group() as group:
            group.start_soon(_until_client_leaves, websocket, group.cancel_scope)
            group.start_soon(_forward, websocket, subscription, group.cancel_scope)
    except GONE:
        pass
    finally:
        subscription.close()
