"""Every position of the perft-like data files (see perft.py) has exactly its listed moves.

A sample of the lists was checked by hand against RULES.md (see the scenario tests for the
reasoning behind each rule); the files pin the engine so a rule change shows up as a diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from controller.rules import Position

from .perft import DATA, describe, variant_for, variants

FILES = sorted(DATA.glob("*.txt"))


def test_there_is_a_file_for_every_preset_and_option() -> None:
    assert sorted(path.stem for path in FILES) == sorted(variants())


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_move_lists(path: Path) -> None:
    variant = variant_for(path.stem)
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line[:1] != "#"]
    assert len(lines) >= 100
    for line in lines:
        text, throw, expected = (field.strip() for field in line.split(";"))
        position = Position.parse(text, variant)
        assert describe(variant, position, int(throw)) == expected, line
