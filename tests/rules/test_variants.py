"""The presets are the table of RULES.md 7, as data; options and their errors."""

from __future__ import annotations

from dataclasses import replace

import pytest

from controller.rules import PRESETS, VariantError, get_variant, start_position

from .support import moves, position

# RULES.md 7, one tuple per preset with default options: pieces, odd side, open9, counting
# face, count-0 value, extra, safe, capture, attacked on 30, backward, no move, happiness,
# water, bear off when, bear off how, bear off from, score rows (row 1, 2, 3).
TABLE: dict[str, tuple[object, ...]] = {
    "kendall": (5, "W", False, "flat", 6, {1, 4, 6}, {26, 28, 29}, "swap", "capture", "yes",
                "lose", "none", "rebirth-or-start", "out-of-first-row", "reach-31", set(),
                (3, 3, 1)),
    "kr-engineering": (5, "B", False, "flat", 6, {1, 4, 6}, {26, 28, 29, 30}, "swap",
                       "capture", "yes", "pass", "none", "start", "last-row", "land-30", set(),
                       None),
    "intuitive": (5, "W", True, "round", 6, {1, 4, 6}, {26, 28, 29, 30}, "swap", "capture",
                  "no", "pass", "none", "start", "last-row", "land-30", set(), (3, 2, 1)),
    "jequier": (5, "W", True, "round", 6, {1, 4, 6}, {26, 28, 29, 30}, "swap", "capture",
                "empty-only", "pass", "none", "start", "last-row", "exact-31", set(), (3, 2, 1)),
    "advanced-7": (7, "W", False, "round", 5, set(), {15, 26, 28, 29}, "swap", "water", "no",
                   "pass", "stop", "rebirth", "always", "exact-31", {26, 28, 29, 30}, None),
}


@pytest.mark.parametrize("name", list(TABLE))
def test_presets_follow_the_rules_md_table(name: str) -> None:
    v = get_variant(name)
    assert (
        v.pieces, v.odd_side, v.open9, v.counting_face, v.zero_value, v.extra, v.safe,
        v.capture, v.attacked_on_30, v.backward, v.no_move, v.happiness, v.water,
        v.bear_off_when, v.bear_off_how, v.bear_off_from, v.score_rows,
    ) == TABLE[name]
    assert (v.pairs, v.block) == (True, 3)
    assert v.opening_side == v.even_side != v.odd_side
    assert start_position(v).side == v.opening_side


def test_every_preset_cites_its_seed_in_its_rule_text() -> None:
    assert list(PRESETS) == list(TABLE)
    for preset in PRESETS.values():
        assert all(f"seed {preset.seed}" in text or "RULES.md" in text for text in preset.rules)
        for option in preset.options.values():
            assert "seed" in option.text


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"multiple_rolls": "OFF"}, (frozenset(), "swap", "land-30")),
        ({"harsh_captures": "yes"}, (frozenset({1, 4, 6}), "start", "land-30")),
        ({"occupy_30th": "0"}, (frozenset({1, 4, 6}), "swap", "exact-31")),
    ],
)
def test_options_accept_on_off_words(
    options: dict[str, str], expected: tuple[object, ...]
) -> None:
    v = get_variant("kr-engineering", options)
    assert (v.extra, v.capture, v.bear_off_how) == expected
    assert v.option_map[next(iter(options))] in ("on", "off")


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("senet", None, "unknown variant 'senet'"),
        ("kendall", {"harsh_captures": "on"}, "kendall has no option 'harsh_captures'"),
        ("intuitive", {"happiness_exact": "maybe"}, "must be on or off"),
    ],
)
def test_bad_variants_and_options(
    name: str, options: dict[str, str] | None, message: str
) -> None:
    with pytest.raises(VariantError, match=message):
        get_variant(name, options)


def test_a_new_preset_is_new_data() -> None:
    # The engine reads parameters only: kendall with advanced-7's House of Happiness stops a
    # piece on 26 without any code knowing this combination.
    custom = replace(get_variant("kendall"), name="kendall-happy", happiness="stop")
    assert moves(custom, position(custom, [24], [3], "W"), 4) == ["24-26"]
    assert moves(get_variant("kendall"), position(custom, [24], [3], "W"), 4) == ["24-28"]
