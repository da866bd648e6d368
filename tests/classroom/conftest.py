"""Fixtures of the classroom tests: a database on SQLite or on the real PostgreSQL server.

The databases themselves (a fresh PostgreSQL one, the class bank built once) come
from :mod:`tests.support.databases`, whose names are re-exported here for tests
that still import them from this file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path

import pytest

from data.classroom import Classroom, open_classroom
from tests.support.clock import FakeClock
from tests.support.databases import (
    BANK_SEED,
    BANK_SIZE,
    PG_ENV,
    POSTGRES,
    SKIP_PG,
    build_bank,
    fresh_postgres_database,
    table_counts,
)

__all__ = ["BANK_SEED", "BANK_SIZE", "PG_ENV", "POSTGRES", "SKIP_PG", "build_bank",
           "fresh_postgres_database", "table_counts"]  # fmt: skip


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh database on the real PostgreSQL server."""
    yield from fresh_postgres_database()


@pytest.fixture(params=["sqlite", POSTGRES])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database URL: a SQLite file, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'class.db'}"
    else:
        yield from fresh_postgres_database()


@pytest.fixture
def make_classroom(db_url: str) -> Iterator[Callable[..., Classroom]]:
    """Open classrooms on the test database (its bank built once); all closed at the end."""
    build_bank(db_url)
    opened: list[Classroom] = []

    def make(clock: Callable[[], datetime] | None = None) -> Classroom:
        c = open_classroom(db_url, clock=clock or FakeClock(tick=1))
        opened.append(c)
        return c

    yield make
    for c in opened:
        c.close()


@pytest.fixture
def classroom(make_classroom: Callable[..., Classroom]) -> Classroom:
    """A classroom on a database with a bank, on a clock a second on at every read."""
    return make_classroom()
