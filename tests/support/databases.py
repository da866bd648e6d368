"""Test databases: a fresh one on the real PostgreSQL server, a class bank built once.

The PostgreSQL tests read the server's URL from ``RIICHI_TEST_POSTGRES_URL``
(``scripts/start-postgres.sh --env`` prints the line to export; CI starts the
server and sets it). Each test gets a fresh database on that server, dropped
afterwards, so tests never see each other's rows. Without the variable the
PostgreSQL cases are skipped with the reason. The fixtures built on these
(``db_url``, ``make_classroom``, ``classroom``) are in ``tests/classroom/conftest.py``.
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from data.classroom import Classroom, open_classroom

__all__ = ["BANK_SEED", "BANK_SIZE", "PG_ENV", "POSTGRES", "SKIP_PG", "build_bank",
           "fresh_postgres_database", "table_counts"]  # fmt: skip

PG_ENV = "RIICHI_TEST_POSTGRES_URL"
SKIP_PG = (
    f"{PG_ENV} is not set: run `eval \"$(scripts/start-postgres.sh --env)\"` to test on a real "
    "PostgreSQL server (CI sets it)"
)
#: The bank every classroom test draws from: generated hands, fixed seed.
BANK_SIZE = 40
BANK_SEED = 20260510


def fresh_postgres_database() -> Iterator[str]:
    """A new, empty database on the test server (dropped at the end); yields its URL."""
    admin = os.environ.get(PG_ENV)
    if not admin:
        pytest.skip(SKIP_PG)
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from data.db.url import resolve_url as database_url

    admin_url = make_url(str(database_url(admin)))
    name = f"riichi_t_{uuid.uuid4().hex[:12]}"
    engine = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        yield admin_url.set(database=name).render_as_string(hide_password=False)
    finally:
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()


#: The PostgreSQL variants are slow too: each makes a database of its own (1-3 s).
POSTGRES = pytest.param("postgres", marks=[pytest.mark.postgres, pytest.mark.slow])


def build_bank(url: str, count: int = BANK_SIZE, seed: int = BANK_SEED) -> None:
    """Fill the database's bank with ``count`` generated hands (tenhou rules).

    A new SQLite file gets a copy of a bank built once a process (the same hands).
    """
    target = url.removeprefix("sqlite:///")
    if target != url and not Path(target).exists():
        shutil.copyfile(_sqlite_bank(count, seed), target)
        return
    _fill_bank(url, count, seed)


def _fill_bank(url: str, count: int, seed: int) -> None:
    from data.bank.repository import Bank

    classroom = open_classroom(url)
    try:
        added = Bank(classroom.db).generate(count, seed=seed)
        assert added == count
    finally:
        classroom.close()


@functools.cache
def _sqlite_bank(count: int, seed: int) -> Path:
    """A SQLite file holding a bank of ``count`` hands of ``seed``, built once a process."""
    folder = Path(tempfile.mkdtemp(prefix="riichi-class-bank-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = folder / "bank.db"
    _fill_bank(f"sqlite:///{path}", count, seed)
    assert not path.with_name(path.name + "-wal").exists()  # all of it is in the one file
    return path


def table_counts(classroom: Classroom) -> dict[str, int]:
    """Row counts of the classroom and bank tables (to check that nothing changed)."""
    from sqlalchemy import func, select

    from data.models.core import Base

    names = sorted(t for t in Base.metadata.tables if t.startswith("class_"))
    names.append("bank_items")
    out = {}
    with classroom.db.session() as s:
        for n in names:
            table = Base.metadata.tables[n]
            out[n] = int(s.scalar(select(func.count()).select_from(table)) or 0)
    return out
