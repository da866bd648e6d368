"""Round ends of games imported before they were kept (before 0012) are added on demand.

The raw log is not in the database, so migration 0013 only marks such files
(``log_imports.rounds_kept`` false); ``bank import-log FILE`` on one of them then
replays it and adds its round ends, once. Tested on a database made at revision
0011, as the other migration tests do (``tests/data/bank/test_migrations.py``).
"""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from data.db import engine as db_engine
from data.db.schema import open_database, upgrade
from data.gamelog.importer import Outcome, import_logs
from data.gamelog.rounds import file_rounds
from data.gamelog.wins import import_rounds, import_rounds_kept
from quiz.launch import log_rounds

SETTLE = Path(__file__).resolve().parents[2].parent / "shared" / "logs" / "settle"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=[pytest.mark.postgres,
                                                                   pytest.mark.slow])])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A SQLite file, then a fresh database on the test PostgreSQL server."""
    if request.param == "sqlite":
        yield str(tmp_path / "old.db")
    else:
        from tests.classroom.conftest import fresh_postgres_database

        yield from fresh_postgres_database()


def _log() -> Path:
    if not SETTLE.is_dir():
        pytest.skip(f"no game logs to settle at {SETTLE} (the shared test data)")
    return sorted(SETTLE.glob("*.xml"))[0]


def _database_at(path: Path | str, revision: str, log: Path) -> None:
    """A database at ``revision`` that imported ``log`` then (its file row only)."""
    engine = db_engine.create_engine(path)
    upgrade(engine, revision=revision)
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO log_imports (id, digest, name, format, game, rules, imported_at) "
            "VALUES (1, :digest, :name, 'mjlog', 'old-game', 'tenhou', '2026-11-20 09:00:00')"),
            {"digest": hashlib.sha256(log.read_bytes()).hexdigest(), "name": log.name})
    engine.dispose()


def test_a_file_imported_at_0011_gets_its_round_ends_when_imported_again(db_url: str) -> None:
    log = _log()
    want = file_rounds([log])
    assert want, "the test log has draws to settle"
    _database_at(db_url, "0011_course", log)
    database = open_database(db_url)  # upgraded to the head on opening
    try:
        assert import_rounds(database, log.name) == []
        assert not import_rounds_kept(database, log.name)
        first = import_logs(database, [log]).files[0]
        assert first.outcome is Outcome.ROUNDS_ADDED
        assert first.rounds_added == len(want) and first.added == 0
        assert "imported on 2026-11-20 09:00 UTC, before round ends were kept" in first.line()
        assert import_rounds(database, log.name) == want
        assert import_rounds_kept(database, log.name)
        # idempotent: a second run adds nothing
        again = import_logs(database, [log]).files[0]
        assert again.outcome is Outcome.ALREADY and "nothing added" in again.reason
        assert import_rounds(database, log.name) == want
    finally:
        database.close()


def test_files_imported_with_their_round_ends_keep_them(db_url: str, tmp_path: Path) -> None:
    """A file imported at 0012 (its round ends stored) is marked kept by 0013, and a file
    imported now is kept from the start: importing either again adds nothing."""
    log = _log()
    path = db_url
    _database_at(path, "0012_round_ends", log)
    engine = db_engine.create_engine(path)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO log_rounds (import_id, position, round, kind, record) "
                          "VALUES (1, 0, 'E1-0', 'draw', :record)"),
                     {"record": '{"kind": "round"}'})
    engine.dispose()
    database = open_database(path)
    try:
        assert import_rounds_kept(database, log.name)
        assert import_logs(database, [log]).files[0].outcome is Outcome.ALREADY
    finally:
        database.close()
    fresh = open_database(tmp_path / "new.db")
    try:
        assert import_logs(fresh, [log]).files[0].outcome is Outcome.IMPORTED
        assert import_rounds_kept(fresh, log.name)
        assert import_logs(fresh, [log]).files[0].outcome is Outcome.ALREADY
    finally:
        fresh.close()


def test_drilling_an_old_import_says_how_to_add_its_round_ends(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _log()
    path = tmp_path / "old.db"
    _database_at(path, "0011_course", log)
    assert log_rounds(argparse.Namespace(from_log="old-game", db=str(path))) == []
    said = capsys.readouterr().err
    assert said.count("\n") == 1
    assert "before round ends were kept" in said and "bank import-log" in said
