"""Fixtures of the spaced-repetition tests: a fixed clock, a database, a learner."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from data.db.database import Database
from data.db.schema import open_database
from data.learners import Learners
from tests.support.clock import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    """The test's clock, moved by hand."""
    return FakeClock()


@pytest.fixture
def db() -> Iterator[Database]:
    database = open_database(":memory:")
    yield database
    database.close()


@pytest.fixture
def learner_id(db: Database) -> int:
    return Learners(db).get_or_create("Ann").id
