"""The examples in the data layer's docstrings run and agree."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "data.errors",
    "data.db.url",
    "data.records",
    "data.topics",
    "data.bank.items",
    "data.generate",
    "data.bank.repository",
    "data.learners",
    "data.gamelog.errors",
    "data.gamelog.situation",
    "data.gamelog.game",
    "data.gamelog.mjlog",
    "data.gamelog.check",
    "data.gamelog.detect",
    "data.gamelog.wins",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
