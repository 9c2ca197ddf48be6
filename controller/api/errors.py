"""How refusals become HTTP answers: always a status below 500 and one readable sentence.

`UserError` subclasses carry their own status (404, 409, 422, 503); the rules core's errors
(`ValueError` subclasses with a message a referee can read) are 422; a request that does not
fit the schema is a 422 whose `detail` names the field and says what is wrong with it.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from controller.api.schemas import ErrorOut, ValidationErrorOut
from controller.errors import UserError
from controller.rules import RulesError

ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "The body cannot be read (not UTF-8 JSON text)"},
    404: {"model": ErrorOut, "description": "Not found"},
    409: {"model": ErrorOut, "description": "Not possible in the game's state now"},
    422: {"model": ValidationErrorOut, "description": "The request is wrong; `detail` says why"},
    503: {"model": ErrorOut, "description": "The part needed is not available"},
}
AUTH_RESPONSES: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorOut, "description": "No token, or a token that is not valid"},
    403: {"model": ErrorOut, "description": "The token's role may not do this"},
}


def responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The documented error answers of a route, by status code; a route that can answer 422
    can also meet a body it cannot even decode (400)."""
    table = {**ERROR_RESPONSES, **AUTH_RESPONSES}
    wanted = {*codes, 400} if 422 in codes else set(codes)
    return {code: table[code] for code in sorted(wanted)}


def _where(location: tuple[Any, ...]) -> str:
    return ".".join(str(part) for part in location)


def _validation_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = [
        {"loc": _where(error.get("loc", ())), "msg": str(error.get("msg", "invalid"))}
        for error in exc.errors()
    ]
    detail = "; ".join(f"{error['loc']}: {error['msg']}" for error in errors) or "bad request"
    body = ValidationErrorOut(detail=detail, errors=errors)  # type: ignore[arg-type]
    return JSONResponse(status_code=422, content=jsonable_encoder(body))


def _user_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, UserError)
    return JSONResponse(status_code=exc.status, content={"detail": str(exc)})


def _rules_error(_: Request, exc: Exception) -> JSONResponse:
    return JSONResponse(status_code=422, content={"detail": str(exc)})


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(UserError, _user_error)
    app.add_exception_handler(RulesError, _rules_error)
