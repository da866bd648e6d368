"""Migrations: an old database with history is upgraded on start, losing nothing.

The database is made by the first migration only (``0001_initial``) and
filled with raw SQL of that schema, so the test keeps working when later
migrations change the models.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from data.bank.repository import Bank
from data.db import database as db_database
from data.db import engine as db_engine
from data.db.schema import MIGRATIONS_DIR, load_models, open_database, read_scripts, upgrade
from data.learners import Attempts, Learners, SettingsStore

FIRST = "0001_initial"

_ROWS = [
    "INSERT INTO learners (id, name, created_at) VALUES (1, 'Ann', '2026-01-02 10:00:00')",
    "INSERT INTO learners (id, name, created_at) VALUES (2, 'Ben', '2026-01-03 10:00:00')",
    "INSERT INTO learner_settings (learner_id, key, value, updated_at) "
    "VALUES (1, 'profile', '\"wrc\"', '2026-01-02 10:00:00')",
    "INSERT INTO bank_items (id, uid, kind, rules, problem, answer, fu, han, yakuman, "
    "limit_name, total, declaration, dealer, tsumo, closed, difficulty, source, note, focus, "
    "created_at) VALUES (1, 'old-1', 'curated', 'tenhou', :problem, :answer, 40, 1, 0, NULL, "
    "1300, '1300', 0, 0, 1, 2, 'old bank', 'a note', '[\"fu:seat_wind_pair\"]', "
    "'2026-01-01 00:00:00')",
    "INSERT INTO item_topics (item_id, topic) VALUES (1, 'fu:seat_wind_pair')",
    "INSERT INTO item_topics (item_id, topic) VALUES (1, 'yaku:riichi')",
    "INSERT INTO attempts (id, learner_id, item_id, drill, session, question, correct, seconds, "
    "answered_at) VALUES (1, 1, 1, 'whole', 's1', NULL, 0, 12.5, '2026-01-02 10:05:00')",
    "INSERT INTO attempts (id, learner_id, item_id, drill, session, question, correct, seconds, "
    "answered_at) VALUES (2, 1, NULL, 'table', 's1', '{\"cell\": \"3h40f\"}', 1, 3.0, "
    "'2026-01-02 10:06:00')",
    "INSERT INTO attempt_parts (attempt_id, part, position, given, expected, correct) "
    "VALUES (1, 'fu', 0, '30', '40', 0)",
    "INSERT INTO attempt_parts (attempt_id, part, position, given, expected, correct) "
    "VALUES (1, 'payment', 1, '1000', '1300', 0)",
    "INSERT INTO attempt_parts (attempt_id, part, position, given, expected, correct) "
    "VALUES (2, 'payment', 0, '5200', '5200', 1)",
    "INSERT INTO attempt_concepts (attempt_id, topic) VALUES (1, 'fu:seat_wind_pair')",
]


def _old_database(path: Path, migrations: Path = MIGRATIONS_DIR) -> None:
    import json

    engine = db_engine.create_engine(path)
    upgrade(engine, migrations, FIRST)
    problem = {
        "hand": "234567m345p456s22z",
        "win": "5p",
        "melds": [],
        "tsumo": False,
        "round": "E",
        "seat": "S",
        "riichi": True,
        "dora": "",
        "ura": "",
        "honba": 0,
        "sticks": 0,
        "rules": "tenhou",
    }
    answer = {
        "fu": 40,
        "fu_items": [
            {"item": "base", "fu": 20},
            {"item": "closed ron", "fu": 10},
            {"item": "pair of seat wind", "fu": 2},
        ],
        "han": 1,
        "yakuman": 0,
        "yaku": [{"name": "riichi", "han": 1}],
        "limit": None,
        "base": 320,
        "payment": {"ron": 1300},
        "total": 1300,
        "declaration": "1300",
    }
    with engine.begin() as conn:
        for sql in _ROWS:
            conn.execute(text(sql), {"problem": json.dumps(problem), "answer": json.dumps(answer)})
    engine.dispose()


def _check_history(database: db_database.Database) -> None:
    ann = Learners(database).get("Ann")
    assert ann.id == 1 and Learners(database).get("Ben").id == 2
    assert SettingsStore(database).get(ann.id, "profile") == "wrc"
    history = Attempts(database).history(ann.id)
    assert [a.id for a in history] == [2, 1]
    first = history[1]
    assert first.item_uid == "old-1"
    assert [(p.part, p.given, p.correct) for p in first.parts] == [
        ("fu", "30", False),
        ("payment", "1000", False),
    ]
    assert first.concepts_missed == ("fu:seat_wind_pair",)
    assert first.answered_at.tzinfo is not None
    assert history[0].question == {"cell": "3h40f"}
    item = Bank(database).get("old-1")
    assert item.answer.declaration == "1300" and item.note == "a note"


def test_an_old_database_is_upgraded_on_start_keeping_history(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    _old_database(path)
    database = open_database(path)
    try:
        assert set(database.schema_revision()) == set(read_scripts().heads)
        _check_history(database)
        # the app keeps working on the upgraded database
        learner = Learners(database).get_or_create("Cleo")
        assert learner.id == 3
    finally:
        database.close()


def test_upgraded_and_created_schemas_match_the_models(tmp_path: Path) -> None:
    metadata = load_models()
    upgraded = db_engine.create_engine(tmp_path / "upgraded.db")
    upgrade(upgraded)
    created = open_database(tmp_path / "created.db")
    try:
        for engine in (upgraded, created.engine):
            with engine.connect() as conn:
                ctx = MigrationContext.configure(conn, opts={"compare_type": True})
                assert compare_metadata(ctx, metadata) == []
    finally:
        upgraded.dispose()
        created.close()


def test_a_later_batch_migration_keeps_child_rows(tmp_path: Path) -> None:
    """A migration that rebuilds a parent table (SQLite batch mode) must not cascade-delete.

    The test adds a migration on top of today's head that rebuilds
    ``learners`` and ``bank_items``; every attempt must survive.
    """
    folder = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS_DIR, folder, ignore=shutil.ignore_patterns("__pycache__"))
    head = sorted(read_scripts().heads)[0]
    (folder / "versions" / "9999_test_rebuild.py").write_text(
        f'''"""Test only: rebuild parent tables in batch mode."""
import sqlalchemy as sa
from alembic import op

revision = "9999_test_rebuild"
down_revision = {head!r}
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("learners", recreate="always") as batch:
        batch.add_column(sa.Column("nickname", sa.String(32), nullable=True))
    with op.batch_alter_table("bank_items", recreate="always") as batch:
        batch.add_column(sa.Column("extra", sa.Integer(), nullable=True))


def downgrade() -> None:
    pass
''',
        encoding="utf-8",
    )
    read_scripts.cache_clear()
    path = tmp_path / "old.db"
    _old_database(path, folder)
    database = open_database(path, migrations=folder)
    try:
        assert database.schema_revision() == ("9999_test_rebuild",)
        with database.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM attempts")).scalar() == 2
            assert conn.execute(text("SELECT count(*) FROM attempt_parts")).scalar() == 3
            assert conn.execute(text("SELECT count(*) FROM item_topics")).scalar() == 2
            assert conn.execute(text("SELECT count(*) FROM learner_settings")).scalar() == 1
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            cols = [r[1] for r in conn.exec_driver_sql("PRAGMA table_info(learners)")]
            assert "nickname" in cols
    finally:
        database.close()
        read_scripts.cache_clear()


def test_a_failed_upgrade_changes_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS_DIR, folder, ignore=shutil.ignore_patterns("__pycache__"))
    head = sorted(read_scripts().heads)[0]
    (folder / "versions" / "9998_test_broken.py").write_text(
        f'''"""Test only: a migration that fails half way."""
import sqlalchemy as sa
from alembic import op

revision = "9998_test_broken"
down_revision = {head!r}
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("half_done", sa.Column("id", sa.Integer(), primary_key=True))
    op.execute("DELETE FROM attempts")
    raise RuntimeError("boom")


def downgrade() -> None:
    pass
''',
        encoding="utf-8",
    )
    read_scripts.cache_clear()
    path = tmp_path / "old.db"
    _old_database(path, folder)
    try:
        with pytest.raises(RuntimeError, match="boom"):
            open_database(path, migrations=folder)
    finally:
        read_scripts.cache_clear()
    engine = db_engine.create_engine(path)
    try:
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM attempts")).scalar() == 2
            tables = {r[0] for r in conn.execute(text("SELECT name FROM sqlite_master"))}
            assert "half_done" not in tables
    finally:
        engine.dispose()
