"""The examples in the rules core's docstrings are documentation: they must stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import controller.rules

MODULES = [
    f"controller.rules.{info.name}" for info in pkgutil.iter_modules(controller.rules.__path__)
]


@pytest.mark.parametrize("name", ["controller.rules", *MODULES])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
