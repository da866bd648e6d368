"""Fixtures of the drill app's tests: a fixed clock and an in-memory store.

The helpers that drive the app (``make_app``, ``wait_for_question``, ``burst``, ...)
are in :mod:`tests.support.pilot`, the clock in :mod:`tests.support.clock`; they are
re-exported here for tests that still import them from this file.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from quiz.store.drill import DrillStore
from tests.support.clock import FakeClock
from tests.support.pilot import (
    KEY_NAMES,
    SEED_ITEM,
    answer_with,
    burst,
    key_events,
    make_app,
    right_answers,
    type_text,
    wait_for_question,
)

__all__ = ["KEY_NAMES", "SEED_ITEM", "FakeClock", "answer_with", "burst", "clock", "key_events",
           "make_app", "right_answers", "store", "type_text", "wait_for_question"]  # fmt: skip


@pytest.fixture
def clock() -> FakeClock:
    """The test's clock, moved by hand."""
    return FakeClock()


@pytest.fixture
def store(clock: FakeClock) -> Iterator[DrillStore]:
    """A fresh in-memory database holding the curated bank (no generated hands)."""
    s = DrillStore.open(":memory:", clock=clock, generated=0)
    yield s
    s.close()
