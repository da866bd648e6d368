"""Fixtures of the game-log tests: the shared real logs (read where they lie) and databases.

The logs in ``../shared/logs`` and the oracle in ``../shared/oracle`` are test
data kept outside the repository; the tests that need them are skipped, saying
so, where they are absent.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from data.db.database import Database
from data.db.schema import open_database
from tests.conftest import SHARED

LOGS = SHARED / "logs"
ORACLE_FILE = SHARED / "oracle" / "tenhou-real-games.jsonl.gz"


def need_logs() -> Path:
    """The shared logs folder, or skip the test saying why."""
    if not (LOGS / "index.json").is_file():
        pytest.skip(f"the shared game logs {LOGS} are not on this machine (test data)")
    return LOGS


@cache
def oracle_by_id() -> dict[str, dict[str, Any]]:
    """The oracle's records by win id (empty when absent)."""
    if not ORACLE_FILE.is_file():
        return {}
    with gzip.open(ORACLE_FILE, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return {row["input"]["id"]: row for row in rows}


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
