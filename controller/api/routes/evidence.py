"""`GET /api/throws/{throw_id}/evidence`: the photo the camera took of a throw (for a referee)."""

from __future__ import annotations

from fastapi import APIRouter, Response

from controller.api.deps import ServiceDep
from controller.api.errors import responses
from controller.errors import NotFound

router = APIRouter(tags=["evidence"])


@router.get(
    "/api/throws/{throw_id}/evidence",
    response_class=Response,
    responses={
        200: {"content": {"image/jpeg": {}}, "description": "The annotated photo of the throw"},
        **responses(404, 503),
    },
)
def throw_evidence(throw_id: str, service: ServiceDep) -> Response:
    """The JPEG of a throw read by the camera; 404 for a throw entered by hand."""
    photo = service.evidence(throw_id)
    if photo is None:
        raise NotFound(f"throw {throw_id!r} has no photo (it was not read by the camera)")
    return Response(photo, media_type="image/jpeg", headers={"Cache-Control": "max-age=86400"})
