"""Fixtures of the language tests that run the app: the drill tests' clock and store."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from quiz.store import DrillStore
from tests.quiz.conftest import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(clock: FakeClock) -> Iterator[DrillStore]:
    """A fresh in-memory database holding the curated bank (no generated hands)."""
    s = DrillStore.open(":memory:", clock=clock, generated=0)
    yield s
    s.close()
