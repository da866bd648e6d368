"""Fixtures of the data-layer tests: databases on SQLite in memory and on a file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from data.db.database import Database
from data.db.schema import open_database
from tests.support.clock import FakeClock


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


#: The old name of this folder's clock, for tests written before ``tests.support``.


@pytest.fixture
def clock() -> FakeClock:
    """The test's clock, moved by hand."""
    return FakeClock()
