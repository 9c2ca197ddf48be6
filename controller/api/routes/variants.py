"""`GET /api/variants`: the rule presets, their options and rule texts (RULES.md 7)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from controller.api.errors import responses
from controller.api.schemas import VariantOut
from controller.errors import InvalidRequest, NotFound
from controller.rules import PRESETS, Variant, get_variant

router = APIRouter(prefix="/api/variants", tags=["variants"])


def parameters(variant: Variant) -> dict[str, Any]:
    """Every parameter of the variant as plain JSON (sets as sorted lists)."""
    return {
        "pieces": variant.pieces,
        "odd_side": variant.odd_side,
        "opening_side": variant.opening_side,
        "open9": variant.open9,
        "counting_face": variant.counting_face,
        "zero_value": variant.zero_value,
        "throw_values": list(variant.throw_values),
        "extra": sorted(variant.extra),
        "safe": sorted(variant.safe),
        "pairs": variant.pairs,
        "block": variant.block,
        "capture": variant.capture,
        "attacked_on_30": variant.attacked_on_30,
        "backward": variant.backward,
        "no_move": variant.no_move,
        "happiness": variant.happiness,
        "water": variant.water,
        "bear_off_when": variant.bear_off_when,
        "bear_off_how": variant.bear_off_how,
        "bear_off_from": sorted(variant.bear_off_from),
        "score_rows": list(variant.score_rows) if variant.score_rows else None,
        "score_row3_safe_zero": variant.score_row3_safe_zero,
    }


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
        "parameters": parameters(variant),
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
