"""Fixtures of the data-layer tests: databases on SQLite in memory and on a file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from data.db.database import Database
from data.db.schema import open_database


@pytest.fixture(params=["memory", "file"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    """A fresh database, once in memory and once on a file."""
    target = ":memory:" if request.param == "memory" else str(tmp_path / "bank.db")
    db = open_database(target)
    yield db
    db.close()


@pytest.fixture
def file_database(tmp_path: Path) -> Iterator[Database]:
    """A fresh database on a file."""
    db = open_database(tmp_path / "bank.db")
    yield db
    db.close()


class FixedClock:
    """A clock that starts at a fixed UTC time and moves only when told."""

    def __init__(self) -> None:
        self.now = datetime(2026, 5, 10, 9, 30, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


@pytest.fixture
def clock() -> FixedClock:
    """A fixed clock."""
    return FixedClock()
