"""The examples in the rules core's docstrings are documentation: they must stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["", ".variants", ".notation", ".movegen", ".judge", ".game"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(f"controller.rules{name}"))
    assert (result.failed, result.attempted > 0) == (0, True)
