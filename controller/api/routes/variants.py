"""`GET /api/variants`: the rule presets, their options and rule texts (RULES.md 7)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from controller.api.errors import responses
from controller.api.schemas import VariantOut
from controller.errors import InvalidRequest, NotFound
from controller.rules import PRESETS, get_variant

router = APIRouter(prefix="/api/variants", tags=["variants"])


def describe(name: str, options: dict[str, str] | None = None) -> dict[str, Any]:
    preset = PRESETS[name]
    variant = get_variant(name, options)
    return {
        "name": preset.name,
        "seed": preset.seed,
        "description": preset.description,
        "rules": list(preset.rules),
        "options": [
            {"name": spec.name, "default": spec.default, "text": spec.text}
            for spec in preset.options.values()
        ],
        "chosen_options": dict(variant.options),
        "parameters": variant,
    }


@router.get("", response_model=list[VariantOut])
def list_variants() -> list[dict[str, Any]]:
    """Every preset with its default options."""
    return [describe(name) for name in PRESETS]


@router.get("/{name}", response_model=VariantOut, responses=responses(404, 422))
def get_one_variant(
    name: str,
    option: Annotated[
        list[str], Query(description="an option as NAME=on|off; repeat for several")
    ] = [],  # noqa: B006 - FastAPI copies query defaults
) -> dict[str, Any]:
    """One preset with the options given applied (the kiosk shows the game's own rules)."""
    if name not in PRESETS:
        raise NotFound(f"unknown variant {name!r}; the variants are {', '.join(PRESETS)}")
    options: dict[str, str] = {}
    for item in option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise InvalidRequest(f"an option is NAME=on|off, not {item!r}")
        options[key] = value
    return describe(name, options)
