"""Fixtures of the game-log tests: the shared real logs (read where they lie) and databases.

The logs in ``../shared/logs`` and the oracle in ``../shared/oracle`` are test
data kept outside the repository (``tests.support.paths`` says where); the tests
that need them are skipped, saying so, where they are absent.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from data.db.database import Database
from data.db.schema import open_database
from tests.support.oracles.real_games import oracle_by_id
from tests.support.paths import LOGS, ORACLE_FILE, need_logs

#: Re-exported for tests that still import them from here (see ``tests.support``).
__all__ = ["LOGS", "ORACLE_FILE", "need_logs", "oracle_by_id"]


@pytest.fixture
def logs() -> Path:
    """The shared logs folder (skips when absent)."""
    return need_logs()


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    """A fresh database on a file."""
    db = open_database(tmp_path / "bank.db")
    yield db
    db.close()


def table_counts(db: Database) -> dict[str, int]:
    """Rows in every table (to show that a refusal changed nothing)."""
    from sqlalchemy import func, select

    from data.db.schema import load_models

    out = {}
    with db.session() as s:
        for name, table in load_models().tables.items():
            out[name] = int(s.scalar(select(func.count()).select_from(table)) or 0)
    return out
