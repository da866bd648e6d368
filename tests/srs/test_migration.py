"""Migration 0002_srs: a database at 0001 with rows is upgraded to head and keeps its rows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy import inspect, text

import data.models.srs  # noqa: F401  (the srs tables on Base.metadata)
from data.db.engine import create_engine
from data.db.schema import open_database, read_scripts, upgrade
from data.models.core import Base
from data.srs.records import CardKind
from quiz.srs import SrsService, SrsSettings
from scoring import score_record
from tests.support.clock import FakeClock

SRS_TABLES = {"srs_cards", "srs_reviews"}


def _old_database(path: Path) -> None:
    """A database stamped 0001_initial with a learner, an item, and an answer."""
    engine = create_engine(path)
    upgrade(engine, revision="0001_initial")
    problem = {"hand": "234567m345p456s22z", "win": "5p", "seat": "S", "riichi": True}
    answer = score_record(problem)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO learners (id, name, created_at) "
                          "VALUES (1, 'Ann', '2026-04-01 10:00:00.000000')"))  # fmt: skip
        conn.execute(text("INSERT INTO learner_settings VALUES (1, 'profile', '\"wrc\"', "
                          "'2026-04-01 10:00:00.000000')"))  # fmt: skip
        conn.execute(
            text(
                "INSERT INTO bank_items (id, uid, kind, rules, problem, answer, fu, han, yakuman,"
                " limit_name, total, declaration, dealer, tsumo, closed, difficulty, source,"
                " note, focus, created_at) VALUES (7, 'seat-wind-pair', 'curated', 'tenhou',"
                " :problem, :answer, 40, 1, 0, NULL, 1300, '1300', 0, 0, 1, 2, 'seed', NULL,"
                " '[\"fu:seat_wind_pair\"]', '2026-04-01 10:00:00.000000')"
            ),
            {"problem": json.dumps(problem), "answer": json.dumps(answer)},
        )
        conn.execute(text("INSERT INTO item_topics VALUES (7, 'fu:seat_wind_pair')"))
        conn.execute(text("INSERT INTO attempts (id, learner_id, item_id, drill, session, "
                          "question, correct, seconds, answered_at) VALUES (3, 1, 7, 'whole', "
                          "'s1', NULL, 0, 21.5, '2026-04-02 08:00:00.000000')"))  # fmt: skip
        conn.execute(text("INSERT INTO attempt_parts VALUES (3, 'fu', 0, '30', '40', 0)"))
        conn.execute(text("INSERT INTO attempt_concepts VALUES (3, 'fu:seat_wind_pair')"))
    engine.dispose()


def _rows(db: Any) -> dict[str, list[tuple[Any, ...]]]:
    out = {}
    with db.engine.connect() as conn:
        for table in ("learners", "learner_settings", "bank_items", "item_topics", "attempts",
                      "attempt_parts", "attempt_concepts"):  # fmt: skip
            rows = conn.execute(text(f"SELECT * FROM {table}"))
            # columns added by later revisions (attempts.entry, 0008) are left out
            keep = [i for i, k in enumerate(rows.keys()) if k != "entry"]
            out[table] = [tuple(r[i] for i in keep) for r in rows]
    return out


def test_a_database_at_0001_is_upgraded_to_head_and_keeps_its_rows(tmp_path: Path) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    path = tmp_path / "old.db"
    _old_database(path)
    before = create_engine(path)
    with before.connect() as conn:
        assert not SRS_TABLES & set(inspect(conn).get_table_names())
    from data.db.database import Database

    old_rows = _rows(Database.from_engine(before))
    before.dispose()

    db = open_database(path)
    try:
        assert set(db.schema_revision()) == set(read_scripts().heads)
        assert "0002_srs" in read_scripts().parents
        assert _rows(db) == old_rows
        with db.engine.connect() as conn:
            assert set(inspect(conn).get_table_names()) >= SRS_TABLES
            diffs = compare_metadata(
                MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata
            )
        ours = [d for d in diffs if SRS_TABLES & _tables_of(d)]
        assert ours == [], ours
        # the upgraded database works: a miss on the old item makes cards that point at it
        clock = FakeClock()
        svc = SrsService(db, 1, clock=clock, settings=SrsSettings(fuzz=False))
        from data.bank.repository import Bank

        item = Bank(db).get(7)
        cards = svc.record_drill_answer(item=item, correct=False, seconds=30,
                                        concepts=["fu:seat_wind_pair"])  # fmt: skip
        assert {c.kind for c in cards} == {CardKind.HAND, CardKind.CONCEPT}
        assert next(c for c in cards if c.kind is CardKind.HAND).item_id == 7
    finally:
        db.close()


def _tables_of(diff: Any) -> set[str]:
    """The table names a compare_metadata entry is about."""
    names: set[str] = set()
    stack = [diff]
    while stack:
        d = stack.pop()
        if isinstance(d, list | tuple):
            stack.extend(d)
        elif hasattr(d, "table") and getattr(d.table, "name", None):
            names.add(d.table.name)
        elif hasattr(d, "name") and isinstance(d.name, str):
            names.add(d.name)
        elif isinstance(d, str):
            names.add(d)
    return names


def test_a_new_database_has_the_srs_tables_and_is_stamped_at_head(tmp_path: Path) -> None:
    db = open_database(tmp_path / "new.db")
    try:
        with db.engine.connect() as conn:
            tables = set(inspect(conn).get_table_names())
            indexes = {i["name"] for i in inspect(conn).get_indexes("srs_cards")}
        assert tables >= SRS_TABLES
        assert "ix_srs_cards_learner_id_state_due" in indexes
        assert set(db.schema_revision()) == set(read_scripts().heads)
    finally:
        db.close()
