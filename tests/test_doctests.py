"""The examples in the docstrings of ``data`` and ``quiz`` run and agree.

``scoring`` is in pytest's doctest paths; the other two layers are not (collecting
them would import every screen), so this test finds each of their modules that
shows an example and runs it: no example can rot unseen.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

from quiz.words import core as words

ROOT = Path(__file__).resolve().parents[1]


def modules_with_examples() -> list[str]:
    """The dotted names of the modules of ``data`` and ``quiz`` whose source shows ``>>>``."""
    names = []
    for package in ("data", "quiz"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if ">>>" in path.read_text(encoding="utf-8"):
                parts = path.relative_to(ROOT).with_suffix("").parts
                names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


MODULES = modules_with_examples()


def test_both_layers_have_examples() -> None:
    assert any(n.startswith("data.") for n in MODULES)
    assert any(n.startswith("quiz.") for n in MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    try:
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    finally:
        words.use("en")
    assert result.attempted > 0, f"{name} shows '>>>' but doctest found no example"
    assert result.failed == 0, f"{result.failed} example(s) of {name} disagree"
