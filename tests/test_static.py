"""Type checking and lint, as CI runs them."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from tests.support.paths import ROOT


def _tool(name: str) -> list[str]:
    exe = shutil.which(name, path=str(__import__("pathlib").Path(sys.executable).parent))
    if exe is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return [exe]


@pytest.mark.slow
def test_mypy_strict_on_every_package() -> None:
    proc = subprocess.run([*_tool("mypy"), "--strict", "scoring", "data", "quiz"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_is_clean() -> None:
    proc = subprocess.run([*_tool("ruff"), "check", "."], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
