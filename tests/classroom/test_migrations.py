"""Migration ``0003_classroom``: on PostgreSQL and SQLite, from nothing to head and back.

The migrations run through Alembic (not ``create_all``) on a fresh database;
the classroom tables they make must match the models exactly, and an older
database with rows in it is upgraded keeping them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from data.classroom import PartResult, open_classroom
from data.db.database import Database
from data.db.engine import create_engine
from data.db.schema import read_scripts, upgrade

CLASS_TABLES = {
    "class_sets", "class_set_items", "class_enrolments", "class_answers",
    "class_answer_parts", "class_answer_concepts", "class_limits",
}  # fmt: skip


def all_metadata():  # type: ignore[no-untyped-def]
    import data.models.classroom
    import data.models.srs  # noqa: F401
    from data.models.core import Base

    return Base.metadata


def class_diffs(engine) -> list[object]:  # type: ignore[no-untyped-def]
    """Differences between the database and the models, on the classroom tables."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    def touches_class(diff: object) -> bool:
        text = repr(diff)
        return any(t in text for t in CLASS_TABLES)

    with engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"compare_type": True})
        diffs = compare_metadata(ctx, all_metadata())
    flat = [d for group in diffs for d in (group if isinstance(group, list) else [group])]
    return [d for d in flat if touches_class(d)]


def _head() -> str:
    (head,) = read_scripts().heads
    return head


def test_the_revision_graph_ends_with_the_classroom() -> None:
    scripts = read_scripts()
    assert scripts.parents["0003_classroom"] == ("0002_srs",)
    revision, chain = _head(), []  # the classroom is on the one line of revisions to head
    while revision in scripts.parents:
        chain.append(revision)
        revision = scripts.parents[revision][0] if scripts.parents[revision] else ""
    assert "0003_classroom" in chain


def test_migrations_run_to_head_and_match_the_models(db_url: str) -> None:
    from sqlalchemy import inspect

    engine = create_engine(db_url)
    try:
        upgrade(engine)  # 0001 -> 0002 -> 0003, through Alembic
        db = Database.from_engine(engine)
        assert db.schema_revision() == (_head(),)
        names = set(inspect(engine).get_table_names())
        assert names >= CLASS_TABLES
        assert class_diffs(engine) == []
        uniques = {u["name"] for u in inspect(engine).get_unique_constraints("class_answers")}
        assert "uq_class_answers_enrolment_id_position" in uniques

        from alembic import command

        from data.db.schema import alembic_config

        config = alembic_config()
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0002_srs")
        assert not (set(inspect(engine).get_table_names()) & CLASS_TABLES)
        upgrade(engine)
        assert set(inspect(engine).get_table_names()) >= CLASS_TABLES
    finally:
        engine.dispose()


def test_an_older_database_is_upgraded_keeping_its_rows(tmp_path: Path) -> None:
    from sqlalchemy import func, inspect, select

    from data.bank.repository import Bank
    from data.learners import Learners
    from data.models.core import Learner

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    upgrade(engine, revision="0002_srs")
    old = Database.from_engine(engine)
    assert old.schema_revision() == ("0002_srs",)
    assert not (set(inspect(engine).get_table_names()) & CLASS_TABLES)
    Learners(old).create("Old learner")
    with old.session() as s:
        assert s.scalar(select(func.count()).select_from(Learner)) == 1
    engine.dispose()

    c = open_classroom(url)
    try:
        assert c.db.schema_revision() == (_head(),)
        assert [lr.name for lr in Learners(c.db).all()] == ["Old learner"]
        Bank(c.db).generate(5, seed=3)
        c.create_set("After upgrade", "pw", count=5, seed=1)
        s = c.join("After upgrade", "Ann")
        c.record_answer(s.enrolment_id, 0, [PartResult("fu", "30", "30", True)], seconds=1.0)
        assert c.class_results("After upgrade", "pw").answered == 1
    finally:
        c.close()


@pytest.mark.postgres
def test_a_new_postgres_database_is_created_at_head(pg_url: str) -> None:
    c = open_classroom(pg_url)
    try:
        assert c.db.schema_revision() == (_head(),)
        assert class_diffs(c.db.engine) == []
    finally:
        c.close()
