"""Perft-like data files: positions of real (random) games with their full legal move lists.

Each file `data/<preset>[+<option>].txt` holds lines `POSITION ; THROW ; MOVES`, MOVES being
FROM-TO items (`x` after an attack) in the engine's order, or `pass` / `lose` when there is none.
`test_perft.py` checks every line against the engine. Regenerate (after a deliberate rule change,
then review the diff by hand against RULES.md) with: `.venv/bin/python tests/rules/perft.py`
"""

from __future__ import annotations

import random
from pathlib import Path

from controller.rules import (
    PRESETS,
    GameState,
    Position,
    Variant,
    VariantError,
    get_variant,
    legal_moves,
)

DATA = Path(__file__).parent / "data"
POSITIONS_PER_FILE = 24


def variants() -> dict[str, Variant]:
    """Each preset with its defaults, and with each option flipped from its default."""
    chosen: dict[str, Variant] = {}
    for name, preset in PRESETS.items():
        chosen[name] = get_variant(name)
        for option, spec in preset.options.items():
            flipped = "off" if spec.default else "on"
            chosen[f"{name}+{option}={flipped}"] = get_variant(name, {option: flipped})
    return chosen


def variant_for(stem: str) -> Variant:
    """The variant a data file's name stands for."""
    name, _, option = stem.partition("+")
    key, _, value = option.partition("=")
    if option and not value:
        raise VariantError(f"bad data file name {stem!r}")
    return get_variant(name, {key: value} if option else None)


def describe(variant: Variant, position: Position, throw: int) -> str:
    """The MOVES field for one position and throw."""
    moves = legal_moves(variant, position, throw)
    if not moves:
        return variant.no_move
    return " ".join(f"{m}{'x' if m.attack else ''}" for m in moves)


def sample_positions(variant: Variant, seed: int) -> list[Position]:
    """The positions after the opening move (either side to throw), then positions where a
    throw is due from seeded random games."""
    rng = random.Random(seed)
    seen: dict[str, Position] = {}
    for _ in range(6):
        game = GameState(variant)
        while game.phase != "over":
            if game.phase == "move":
                game.apply_move(rng.choice(game.legal_moves()))
                continue
            if game.phase == "throw":
                seen.setdefault(game.position.notation(), game.position)
            values, weights = zip(*game.chance_outcomes(), strict=True)
            game.apply_throw(rng.choices(values, weights)[0])
    opening = GameState(variant)
    opening.apply_throw(1)
    opening.apply_move(opening.legal_moves()[0])
    after = opening.position
    pool = list(seen.values())
    picked_first = [after, Position(after.squares, variant.odd_side, after.flags)]
    picked = sorted(rng.sample(range(len(pool)), min(POSITIONS_PER_FILE, len(pool))))
    return picked_first + [pool[index] for index in picked]


def write_all() -> None:
    DATA.mkdir(exist_ok=True)
    for number, (stem, variant) in enumerate(variants().items()):
        lines = [
            f"# {stem}: POSITION ; THROW ; MOVES (x = attack), or the no-move rule",
        ]
        for position in sample_positions(variant, seed=number):
            for throw in variant.throw_values:
                moves = describe(variant, position, throw)
                lines.append(f"{position.notation()} ; {throw} ; {moves}")
        (DATA / f"{stem}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_all()
