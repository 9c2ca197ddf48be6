"""FastAPI dependencies as `Annotated` aliases: the service, the API settings, the roles.

Routes declare what they need (`service: ServiceDep`, `_: RefereeAuth`) and FastAPI both
injects it and documents it in the OpenAPI schema (the bearer scheme, the 401/403 answers).
They are `async` because none of them blocks: a sync dependency would cost a trip through the
thread pool on every request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, HTTPException, Request, status
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from controller.api.auth import Role, Tokens
from controller.config import Config
from controller.service import GameService


@dataclass(frozen=True)
class ApiSettings:
    """What the HTTP layer takes from the configuration, read once at start-up."""

    tokens: Tokens
    kiosk_can_start_games: bool
    sim: bool
    cors_origins: tuple[str, ...]

    @classmethod
    def from_config(cls, config: Config, *, sim: bool) -> ApiSettings:
        return cls(
            tokens=Tokens(admin=config.api.admin_token, referee=config.api.referee_token),
            kiosk_can_start_games=config.api.kiosk_can_start_games or sim,
            sim=sim,
            cors_origins=tuple(config.api.cors_origins),
        )


async def get_service(request: Request) -> GameService:
    service: GameService = request.app.state.service
    return service


async def get_settings(request: Request) -> ApiSettings:
    settings: ApiSettings = request.app.state.api_settings
    return settings


ServiceDep = Annotated[GameService, Depends(get_service)]
SettingsDep = Annotated[ApiSettings, Depends(get_settings)]

bearer = HTTPBearer(
    auto_error=False,
    description="`Authorization: Bearer <token>`: the admin token or the referee token.",
)
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def _role(credentials: HTTPAuthorizationCredentials | None, settings: ApiSettings) -> Role:
    if credentials is None:
        raise HTTPException(
            status.HTTP_401_UNAUTHORIZED,
            "this needs a token: send 'Authorization: Bearer <token>'",
            headers={"WWW-Authenticate": "Bearer"},
        )
    role = settings.tokens.role_of(credentials.credentials)
    if role is None:
        raise HTTPException(
            status.HTTP_401_UNAUTHORIZED,
            "the token is not valid",
            headers={"WWW-Authenticate": "Bearer"},
        )
    return role


async def require_referee(credentials: Credentials, settings: SettingsDep) -> Role:
    """The referee's or the admin's token."""
    return _role(credentials, settings)


async def require_admin(credentials: Credentials, settings: SettingsDep) -> Role:
    """The admin's token only."""
    role = _role(credentials, settings)
    if not Tokens.allows(role, Role.ADMIN):
        raise HTTPException(status.HTTP_403_FORBIDDEN, "this needs the admin token")
    return role


async def require_game_starter(credentials: Credentials, settings: SettingsDep) -> Role | None:
    """A referee or admin token; or none at all when the kiosk may start games."""
    if credentials is None and settings.kiosk_can_start_games:
        return None
    return _role(credentials, settings)


RefereeAuth = Annotated[Role, Depends(require_referee)]
AdminAuth = Annotated[Role, Depends(require_admin)]
GameStarterAuth = Annotated[Role | None, Depends(require_game_starter)]
