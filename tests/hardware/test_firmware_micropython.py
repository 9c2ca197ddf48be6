"""The firmware files use only what MicroPython offers (mpy-cross checks syntax, not imports)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from firmware_bridge.firmware import FIRMWARE_DIR

# Modules the rp2 port of MicroPython has built in, and the firmware's own flat modules.
MICROPYTHON_MODULES = {"binascii", "machine", "neopixel", "random", "select", "sys", "time"}
FIRMWARE_FILES = sorted(FIRMWARE_DIR.glob("*.py"))
OWN_MODULES = {path.stem for path in FIRMWARE_FILES}


def test_the_pico_gets_a_main_and_both_hals() -> None:
    assert {"main", "board_firmware", "board_codec", "hal_pico", "hal_sim"} <= OWN_MODULES


@pytest.mark.parametrize("path", FIRMWARE_FILES, ids=lambda path: path.name)
def test_only_micropython_modules_and_syntax(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path.name}: relative imports do not work flat on the Pico"
            names = [node.module or ""]
        else:
            names = []
        for name in names:
            assert name in MICROPYTHON_MODULES | OWN_MODULES, f"{path.name} imports {name}"
        assert not isinstance(node, ast.AnnAssign), f"{path.name}:{node.lineno}: annotation"
        if isinstance(node, ast.FunctionDef):
            annotated = node.returns is not None or any(a.annotation for a in node.args.args)
            assert not annotated, f"{path.name}:{node.lineno}: type hints"
        assert not isinstance(node, ast.NamedExpr | ast.Match), f"{path.name}:{node.lineno}"
