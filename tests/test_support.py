"""The tests keep one clock: ``tests.support.clock.FakeClock`` (issue 21).

Four fake clocks with four signatures grew here once, one a folder; a fifth would
grow the same way. A class whose ``__call__`` gives a time (a ``datetime``, or
seconds as a ``float``) is a clock, and only ``tests/support/clock.py`` may define one.
"""

from __future__ import annotations

import ast

from tests.support.paths import ROOT

TESTS = ROOT / "tests"
CLOCK_MODULE = TESTS / "support" / "clock.py"
TIMES = {"datetime", "float"}


def clocks_in(source: str) -> list[str]:
    """The classes of ``source`` whose ``__call__`` returns a datetime or seconds.

    >>> clocks_in("class Tick:\\n    def __call__(self) -> float:\\n        return 1.0\\n")
    ['Tick']
    >>> clocks_in("class Hands:\\n    def __call__(self) -> list[int]:\\n        return []\\n")
    []
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if (isinstance(item, ast.FunctionDef) and item.name == "__call__"
                    and item.returns is not None and ast.unparse(item.returns) in TIMES):
                found.append(node.name)
    return found


def test_no_test_defines_a_clock_of_its_own() -> None:
    own = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in sorted(TESTS.rglob("*.py"))
        if path != CLOCK_MODULE
        for name in clocks_in(path.read_text(encoding="utf-8"))
    }
    assert not own, f"use tests.support.clock.FakeClock instead of: {sorted(own)}"


def test_the_one_clock_is_found_by_the_check() -> None:
    assert clocks_in(CLOCK_MODULE.read_text(encoding="utf-8")) == ["FakeClock"]
