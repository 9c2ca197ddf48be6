"""Rule variants as data: the parametric model of RULES.md 7 and the named presets.

A `Variant` is a frozen bundle of parameters; the engine reads only these parameters, never the
preset name, so a new preset is a new entry in `PRESETS` (RULES.md 8's later presets will add
parameters, not code paths keyed on names).

>>> v = get_variant("kendall")
>>> v.throw_value(0), v.throw_value(3)
(6, 3)
>>> get_variant("kr-engineering", {"harsh_captures": "on"}).capture
'start'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType
from typing import Any

from controller.rules.errors import ThrowError, VariantError

SIDES = ("W", "B")
HOUSES = 30
OFF = 31
# Probability of each count of sticks showing the counting face (RULES.md 2).
COUNT_PROBABILITY = (1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16)


def other_side(side: str) -> str:
    """The opponent of side `W` or `B`."""
    return "B" if side == "W" else "W"


@dataclass(frozen=True)
class Variant:
    """Every parameter of RULES.md 7 for one preset with its options applied.

    Houses are plain ints 1..30; 31 means borne off. Text-valued parameters take the values
    RULES.md uses (e.g. `capture` is "swap" or "start").
    """

    name: str
    options: tuple[tuple[str, str], ...]
    """Options in force, sorted, each (name, "on" | "off"), defaults included."""
    pieces: int
    odd_side: str
    """The side whose pieces start on the odd houses; the other side opens (RULES.md 3)."""
    open9: bool
    counting_face: str
    """"flat" or "round": which stick face is counted (RULES.md 2)."""
    zero_value: int
    extra: frozenset[int]
    safe: frozenset[int]
    pairs: bool
    block: int
    capture: str
    """"swap" or "start" (RULES.md 4)."""
    attacked_on_30: str
    """"capture" (as `capture` says) or "water" (advanced-7: goes to the water target)."""
    backward: str
    """"no", "yes" or "empty-only"."""
    no_move: str
    """"pass" or "lose"."""
    happiness: str
    """"none", "exact" or "stop"."""
    water: str
    """"start", "rebirth" or "rebirth-or-start"."""
    bear_off_when: str
    """"last-row", "out-of-first-row" or "always" (RULES.md 5)."""
    bear_off_how: str
    """"land-30", "reach-31" or "exact-31"."""
    bear_off_from: frozenset[int]
    """Houses an exact-31 bear-off may start from; empty = all houses."""
    score_rows: tuple[int, int, int] | None
    """Points per opponent piece left in row 1, row 2, row 3; None = no score."""
    score_row3_safe_zero: bool
    """Jequier: an opponent piece in row 3 on a safe house scores 0."""

    @property
    def even_side(self) -> str:
        """The side whose pieces start on the even houses."""
        return other_side(self.odd_side)

    @property
    def opening_side(self) -> str:
        """The side the first thrower of a 1 takes (RULES.md 3): the even-house side."""
        return self.even_side

    @property
    def option_map(self) -> Mapping[str, str]:
        """The options as a read-only mapping name -> "on" | "off"."""
        return MappingProxyType(dict(self.options))

    @cached_property
    def throw_values(self) -> tuple[int, ...]:
        """Every value a throw can have in this preset, ascending."""
        return (1, 2, 3, 4, self.zero_value)

    @cached_property
    def tables(self) -> dict[str, Any]:
        """Lookup tables the engine derives from these parameters on first use (not compared,
        not copied by `dataclasses.replace`)."""
        return {}

    def throw_value(self, flat_up: int) -> int:
        """The move value of a throw with `flat_up` sticks (0..4) showing the flat face."""
        if not 0 <= flat_up <= 4:
            raise ThrowError(f"a throw has 0 to 4 flat faces up, not {flat_up}")
        count = flat_up if self.counting_face == "flat" else 4 - flat_up
        return count if count else self.zero_value

    def throw_outcomes(self) -> tuple[tuple[int, float], ...]:
        """The chance node: each throw value with its probability (RULES.md 2)."""
        return ((1, 4 / 16), (2, 6 / 16), (3, 4 / 16), (4, 1 / 16), (self.zero_value, 1 / 16))

    def check_throw(self, throw: int) -> None:
        """Raise `ThrowError` unless this preset's sticks can produce `throw`."""
        if throw not in self.throw_values:
            values = ", ".join(map(str, self.throw_values))
            raise ThrowError(f"{self.name} throws are {values}; {throw} is not possible")


@dataclass(frozen=True)
class OptionSpec:
    """A preset option: its default and the rule text shown to people."""

    name: str
    default: bool
    text: str
    apply: Callable[[Variant], Variant] = field(repr=False, compare=False)
    """Turns the preset's base variant into the variant with this option on."""


@dataclass(frozen=True)
class Preset:
    """A named preset: its base parameters (all options off), options and rule text."""

    name: str
    seed: str
    description: str
    rules: tuple[str, ...]
    """The rule text people see, one sentence per item, citing RULES.md and the seeds."""
    base: Variant = field(repr=False)
    options: Mapping[str, OptionSpec] = field(default_factory=dict)


def _on(**changes: object) -> Callable[[Variant], Variant]:
    def apply(variant: Variant) -> Variant:
        return replace(variant, **changes)  # type: ignore[arg-type]

    return apply


_COMMON = Variant(
    name="",
    options=(),
    pieces=5,
    odd_side="W",
    open9=False,
    counting_face="flat",
    zero_value=6,
    extra=frozenset({1, 4, 6}),
    safe=frozenset({26, 28, 29, 30}),
    pairs=True,
    block=3,
    capture="swap",
    attacked_on_30="capture",
    backward="no",
    no_move="pass",
    happiness="none",
    water="start",
    bear_off_when="last-row",
    bear_off_how="land-30",
    bear_off_from=frozenset(),
    score_rows=None,
    score_row3_safe_zero=False,
)

_JUDGES = frozenset({28, 29, 30})

_PRESET_LIST = (
    Preset(
        name="kendall",
        seed="002",
        description="Kendall's rules (seed 002): backward moves, bear off past 30, stuck loses.",
        rules=(
            "Five pieces each: W on the odd houses 1-9, B on the even houses 2-10; B opens "
            "(seed 002, RULES.md 3).",
            "Sticks: count the flat faces, 1-4 flat = 1-4, no flat = 6; 1, 4, 6 throw again "
            "(seed 002).",
            "Safe houses 26, 28, 29; two pieces side by side protect each other; three in a row "
            "block the opponent (seed 002, RULES.md 4).",
            "An attacked piece swaps with the attacker (seed 002).",
            "With no forward move you must move backward; backward attacks swap too (seed 002).",
            "If no move is possible in either direction, the game is lost (seed 002, RULES.md 7).",
            "House 27 (Water) sends the piece to 15, or to the first empty house from 1 if 15 is "
            "held (seed 002).",
            "Bear off once all your pieces are out of the first row; any throw reaching past 30 "
            "bears off (seed 002: 'You can throw a number higher than required').",
            "Score: 1 point per opponent piece in row 3, 3 per piece in rows 1 and 2 (seed 002).",
        ),
        base=replace(
            _COMMON,
            name="kendall",
            safe=frozenset({26, 28, 29}),
            backward="yes",
            no_move="lose",
            water="rebirth-or-start",
            bear_off_when="out-of-first-row",
            bear_off_how="reach-31",
            score_rows=(3, 3, 1),
        ),
    ),
    Preset(
        name="kr-engineering",
        seed="000",
        description="K.R. Engineering's virtual table (seed 000): Jackals (W) and Hounds (B).",
        rules=(
            "Five pieces each: Hounds (B) on the odd houses, Jackals (W) on the even houses; the "
            "first to throw a 1 becomes the Jackals and moves a Jackal one house (seed 000, "
            "RULES.md 7 Decision).",
            "Sticks: count the flat faces, 1-4 flat = 1-4, no flat = 6 (seed 000).",
            "Safe houses 26, 28, 29, 30; adjacent pieces protect each other; three or more "
            "adjacent pieces form a blockade, also across a row turn (seed 000).",
            "A captured piece swaps places with its captor (seed 000, Harsh Captures off).",
            "With no forward move you must move backward; 'All rules regarding capturing and "
            "moving forward apply to moving in reverse as well' (seed 000).",
            "With no move at all the turn ends (seed 000).",
            "House 27 is cursed: the piece starts over at the first empty house from 1 (seed 000).",
            "Pieces leave only once all your pieces are in the last row (21-30), by landing on "
            "30; a piece on 30 before that leaves automatically as soon as the condition holds "
            "(seed 000 'Occupy 30th House', RULES.md 5).",
        ),
        base=replace(
            _COMMON,
            name="kr-engineering",
            odd_side="B",
            extra=frozenset(),
            backward="yes",
            bear_off_how="exact-31",
            bear_off_from=_JUDGES,
        ),
        options={
            "multiple_rolls": OptionSpec(
                "multiple_rolls",
                True,
                "Multiple Rolls (default on): throw again after a 1, 4 or 6; off: one throw per "
                "turn (seed 000).",
                _on(extra=frozenset({1, 4, 6})),
            ),
            "harsh_captures": OptionSpec(
                "harsh_captures",
                False,
                "Harsh Captures (default off): a captured piece goes back to the first empty "
                "house from 1 instead of swapping (seed 000).",
                _on(capture="start"),
            ),
            "occupy_30th": OptionSpec(
                "occupy_30th",
                True,
                "Occupy 30th House (default on): pieces leave by landing on 30; off: they leave "
                "from 28, 29 or 30 with exactly 3, 2 or 1 (seed 000).",
                _on(bear_off_how="land-30", bear_off_from=frozenset()),
            ),
        },
    ),
    Preset(
        name="intuitive",
        seed="001",
        description="The 'intuitive' rules (seed 001): forward only, W must open from house 9.",
        rules=(
            "Five pieces each: W on the odd houses, B on the even houses; the first to throw a 1 "
            "takes B and moves 10 to 11 (seed 001).",
            "Sticks: count the curved (round) faces, 1-4 = 1-4, four flat = 6; 1, 4, 6 throw "
            "again (seed 001).",
            "W opens by moving the piece on house 9 (seed 001, RULES.md 3 open9).",
            "Refuge houses 26, 28, 29, 30; two adjacent pieces are safe; three adjacent pieces "
            "cannot be passed (seed 001).",
            "An attacked piece swaps places with the attacker (seed 001).",
            "No backward moves; with no legal move you cede the turn (seed 001).",
            "House 27 sends the piece to the lowest empty house (seed 001).",
            "Pieces leave only when all your remaining pieces are in the third row, by moving "
            "exactly onto 30 (seed 001, RULES.md 5 land-30).",
            "Score: 1 point per opponent piece in the final row, 2 in the second, 3 in the first "
            "(seed 001).",
        ),
        base=replace(
            _COMMON,
            name="intuitive",
            open9=True,
            counting_face="round",
            score_rows=(3, 2, 1),
        ),
        options={
            "happiness_exact": OptionSpec(
                "happiness_exact",
                False,
                "House of Happiness: a piece must land exactly on 26 before going further "
                "(seed 001 'Rule variations').",
                _on(happiness="exact"),
            ),
            "water_to_rebirth": OptionSpec(
                "water_to_rebirth",
                False,
                "House of Water sends the piece to 15, or to the first empty house below it when "
                "15 is held (seed 001 'Rule variations', RULES.md 4 Decision).",
                _on(water="rebirth"),
            ),
            "exit_by_judges": OptionSpec(
                "exit_by_judges",
                False,
                "Exit from 28 with a 3, from 29 with a 2, from 30 with a 1 (seed 001 'Rule "
                "variations').",
                _on(bear_off_how="exact-31", bear_off_from=_JUDGES),
            ),
        },
    ),
    Preset(
        name="jequier",
        seed="004",
        description="Jequier's reconstruction (seed 004, after Pusch, Grunfeld and Parlett).",
        rules=(
            "Five pieces each: light (W) on the odd houses, dark (B) on the even houses; the "
            "first to throw a 1 takes the dark pieces and moves 10 to 11 (seed 004).",
            "Sticks: count the white (round) faces, 1-4 = 1-4, four black = 6; 1, 4, 6 throw "
            "again (seed 004; RULES.md 7 Decision: the painted face is the flat one).",
            "The light side's first move must be made with its piece on house 9 (seed 004).",
            "Safe houses 26, 28, 29, 30; two adjacent pieces cannot be attacked; three cannot be "
            "passed (seed 004).",
            "An attacked piece goes back to the house the attacker came from (seed 004).",
            "With no forward move a piece moves backward, but only to an empty house; with no "
            "move at all the turn is forfeited (seed 004).",
            "House 27 is a trap: the piece goes back to house 1, or the first empty house after "
            "it (seed 004).",
            "Pieces leave from the last row with the exact throw to reach 31 (seed 004, "
            "RULES.md 7).",
            "Score: 1 point per opponent piece in the exit row not on a safe house, 2 in the "
            "second row, 3 in the first (seed 004 'Optional Points').",
        ),
        base=replace(
            _COMMON,
            name="jequier",
            open9=True,
            counting_face="round",
            backward="empty-only",
            bear_off_how="exact-31",
            score_rows=(3, 2, 1),
            score_row3_safe_zero=True,
        ),
    ),
    Preset(
        name="advanced-7",
        seed="003",
        description="Advanced Senet with seven pieces each (seed 003).",
        rules=(
            "Seven pieces each: W on the odd houses 1-13, B on the even houses 2-14; the first to "
            "throw a 1 takes B and moves 14 to 15 (seed 003, RULES.md 7 Decision).",
            "Sticks: count the unmarked (round) faces, 1-4 = 1-4, four marked = 5; no extra "
            "throws (seed 003).",
            "Safe houses 15, 26, 28, 29; 30 is not safe; two connected pieces are safe, also "
            "across a row turn; three in a row form a blockade (seed 003).",
            "An attacked piece swaps with the attacker; a piece attacked on 30 goes back to 27 "
            "and on to 15 (seed 003).",
            "No backward moves; with no move the turn is forfeited (seed 003).",
            "House of Happiness: every piece finishes its move on 26, even if it threw enough "
            "to pass it (seed 003).",
            "House 27 sends the piece to 15, or the first empty house below it (seed 003, "
            "RULES.md 4 Decision).",
            "Pieces leave from 26, 28, 29 or 30 with the exact throw to reach 31 (seed 003).",
        ),
        base=replace(
            _COMMON,
            name="advanced-7",
            pieces=7,
            counting_face="round",
            zero_value=5,
            extra=frozenset(),
            safe=frozenset({15, 26, 28, 29}),
            attacked_on_30="water",
            happiness="stop",
            water="rebirth",
            bear_off_when="always",
            bear_off_how="exact-31",
            bear_off_from=frozenset({26, 28, 29, 30}),
        ),
    ),
)

PRESETS: Mapping[str, Preset] = MappingProxyType({p.name: p for p in _PRESET_LIST})
"""Every phase-1 preset by name, in the order of RULES.md 7."""

_TRUE = frozenset({"on", "true", "yes", "1"})
_FALSE = frozenset({"off", "false", "no", "0"})


def get_variant(name: str, options: Mapping[str, str] | None = None) -> Variant:
    """The preset `name` with `options` (name -> "on"/"off", also true/false/yes/no/1/0).

    Raises `VariantError` naming the unknown preset, option or value.
    """
    preset = PRESETS.get(name)
    if preset is None:
        raise VariantError(f"unknown variant {name!r}; choose one of {', '.join(PRESETS)}")
    chosen = {key: spec.default for key, spec in preset.options.items()}
    for key, value in (options or {}).items():
        if key not in preset.options:
            known = ", ".join(preset.options) or "none"
            raise VariantError(f"{name} has no option {key!r} (options: {known})")
        text = str(value).strip().lower()
        if text not in _TRUE | _FALSE:
            raise VariantError(f"option {key} must be on or off, not {value!r}")
        chosen[key] = text in _TRUE
    variant = preset.base
    for key in sorted(chosen):
        if chosen[key]:
            variant = preset.options[key].apply(variant)
    pairs = tuple((key, "on" if chosen[key] else "off") for key in sorted(chosen))
    return replace(variant, options=pairs)
