"""The database layer: URLs, SQLite settings, creating and refusing schemas."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from data.db import database as db_database
from data.db import engine as db_engine
from data.db.schema import open_database, prepare_schema, read_scripts
from data.db.url import DEFAULT_FILENAME, resolve_url
from data.errors import DatabaseError, SchemaVersionError
from data.models.core import Learner


def test_resolve_url_paths_and_urls(tmp_path: Path) -> None:
    assert resolve_url(":memory:") == "sqlite://"
    assert resolve_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert resolve_url(tmp_path / "x.db") == f"sqlite:///{tmp_path / 'x.db'}"
    relative = resolve_url("rel.db")
    assert relative.startswith("sqlite:///") and relative.endswith("/rel.db")
    assert Path(relative[len("sqlite:///") :]).is_absolute()


def test_default_database_is_in_the_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import platformdirs

    seen = {}

    def fake_dir(appname: str, appauthor: object = None) -> str:
        seen["app"] = appname
        return str(tmp_path / "data-dir")

    monkeypatch.setattr(platformdirs, "user_data_dir", fake_dir)
    assert resolve_url(None) == f"sqlite:///{tmp_path / 'data-dir' / DEFAULT_FILENAME}"
    assert seen["app"] == "riichi-drill"
    assert (tmp_path / "data-dir").is_dir()
    database = open_database()
    try:
        assert (tmp_path / "data-dir" / DEFAULT_FILENAME).is_file()
    finally:
        database.close()


def test_sqlite_connections_enforce_foreign_keys_and_use_wal(
        file_database: db_database.Database) -> None:
    with file_database.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    # a second pooled connection gets the same settings
    with file_database.engine.connect() as a, file_database.engine.connect() as b:
        assert a.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert b.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_foreign_keys_are_enforced(database: db_database.Database) -> None:
    from sqlalchemy.exc import IntegrityError

    with pytest.raises(IntegrityError), database.engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO learner_settings (learner_id, key, value, updated_at) "
                "VALUES (999, 'k', '1', '2026-01-01 00:00:00')"
            )
        )


def test_new_database_is_created_and_stamped_at_head(tmp_path: Path) -> None:
    heads = read_scripts().heads
    database = open_database(tmp_path / "new.db")
    try:
        assert set(database.schema_revision()) == set(heads)
        names = set(inspect(database.engine).get_table_names())
        assert {"learners", "bank_items", "item_topics", "attempts", "meta"} <= names
        # opening again finds it current and changes nothing
        assert prepare_schema(database.engine) == "current"
    finally:
        database.close()
    again = open_database(tmp_path / "new.db")
    again.close()


def test_constraints_have_explicit_names(file_database: db_database.Database) -> None:
    insp = inspect(file_database.engine)
    for table in insp.get_table_names():
        if table == "alembic_version":
            continue
        assert insp.get_pk_constraint(table)["name"] == f"pk_{table}"
        for fk in insp.get_foreign_keys(table):
            assert fk["name"] and fk["name"].startswith(f"fk_{table}_")
        for ix in insp.get_indexes(table):
            assert ix["name"].startswith(f"ix_{table}_")
        for uq in insp.get_unique_constraints(table):
            assert uq["name"].startswith(f"uq_{table}_")
    checks = {c["name"] for c in insp.get_check_constraints("bank_items")}
    assert checks == {"ck_bank_items_kind", "ck_bank_items_difficulty"}


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "newer.db"
    open_database(path).close()
    engine = db_engine.create_engine(path)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999_future'"))
    engine.dispose()
    with pytest.raises(SchemaVersionError, match=r"9999_future.*upgrade riichi-drill"):
        open_database(path)


def test_tables_without_a_version_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "foreign.db"
    engine = db_engine.create_engine(path)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE learners (id INTEGER PRIMARY KEY)"))
    engine.dispose()
    with pytest.raises(SchemaVersionError, match="no schema version"):
        open_database(path)


def test_unreachable_databases_give_one_line_messages(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="folder does not exist"):
        open_database(tmp_path / "missing" / "x.db")
    with pytest.raises(DatabaseError, match="cannot understand the database URL"):
        open_database("notadialect://x")
    (tmp_path / "dir.db").mkdir()
    with pytest.raises(DatabaseError, match="cannot open the database"):
        open_database(tmp_path / "dir.db")


def test_times_must_be_aware_and_come_back_in_utc(database: db_database.Database) -> None:
    from sqlalchemy.exc import StatementError

    with pytest.raises(StatementError, match="naive datetime"), database.transaction() as s:
        s.add(Learner(name="naive", created_at=datetime(2026, 1, 1)))
    from datetime import UTC, timedelta, timezone

    tokyo = timezone(timedelta(hours=9))
    with database.transaction() as s:
        s.add(Learner(name="aware", created_at=datetime(2026, 1, 1, 9, tzinfo=tokyo)))
    with database.session() as s:
        row = s.query(Learner).filter_by(name="aware").one()
        assert row.created_at == datetime(2026, 1, 1, 0, tzinfo=UTC)
        assert row.created_at.tzinfo is not None


@pytest.mark.slow
def test_no_engine_is_created_at_import() -> None:
    import subprocess
    import sys

    code = (
        "import sys, data.db, data.models.core, data.bank.repository, data.topics, data.generate;"
        "print('textual' in sys.modules, 'alembic' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert out.stdout.split() == ["False", "False"]
