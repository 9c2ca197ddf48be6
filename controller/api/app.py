"""The app factory: routes, error handling, the kiosk page, CORS, a complete OpenAPI schema."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.openapi.utils import get_openapi
from fastapi.staticfiles import StaticFiles

from controller import __version__
from controller.api.deps import ApiSettings
from controller.api.errors import install_error_handlers
from controller.api.routes import (
    evidence,
    game,
    games,
    legend,
    messages,
    referee,
    settings,
    sim,
    status,
    variants,
    ws,
)
from controller.api.schemas import ValidationErrorOut
from controller.config import Config
from controller.service import GameService

RESOURCES = (status, game, variants, games, evidence, referee, sim, settings, legend, messages, ws)
KIOSK_DIR = Path(__file__).resolve().parent.parent / "kiosk"
DESCRIPTION = """The status API of a Senet board refereed by a Raspberry Pi.

Reading needs no token. Changing the game needs `Authorization: Bearer <token>` with the referee
or the admin token; changing settings needs the admin token. `/api/sim/*` exists in
`senet-board serve --sim` only. Live events: WebSocket `/api/ws`. The kiosk page is at `/`.
"""


def create_app(service: GameService, config: Config) -> FastAPI:
    """The HTTP app over a service; the caller starts and stops the service itself."""
    app = FastAPI(title="Senet board", version=__version__, description=DESCRIPTION)
    app.state.service = service
    app.state.api_settings = ApiSettings.from_config(config, sim=service.sim)
    if config.api.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(config.api.cors_origins),
            allow_methods=["GET", "POST", "PATCH"],
            allow_headers=["Authorization", "Content-Type"],
        )
    install_error_handlers(app)
    for module in RESOURCES:
        app.include_router(module.router)
    app.mount("/", StaticFiles(directory=KIOSK_DIR, html=True), name="kiosk")
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


def _openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's schema, with its 422 body replaced by the one our handler really sends."""
    if app.openapi_schema is None:
        schema = get_openapi(
            title=app.title,
            version=app.version,
            description=app.description,
            routes=app.routes,
        )
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        ours = ValidationErrorOut.model_json_schema(ref_template="#/components/schemas/{model}")
        components.update(ours.pop("$defs", {}))
        components["HTTPValidationError"] = ours
        components.pop("ValidationError", None)
        app.openapi_schema = schema
    return app.openapi_schema
