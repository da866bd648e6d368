"""Shared test fixtures and paths."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.fixture(autouse=True)
def _english_unless_chosen(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English whatever the machine's locale, and ends in English.

    The app reads the language from ``--lang``, the learner's setting or the
    environment; tests that want another language say so.
    """
    from quiz.i18n import use

    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    use("en")
    yield
    use("en")
