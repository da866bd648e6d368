"""Upgrading a database with history counts the running totals once, while upgrading.

Revision ``0006`` added the statistics' running totals empty, so the first
opening of the statistics after an upgrade counted the whole history (2.4 to
4.3 s with 100,000 answers). Revision ``0007`` counts them during the upgrade,
each learner with their own day start, so the first opening after the upgrade
only reads them: it reads none of the answers' parts, and shows exactly the
figures of counting every answer one by one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text

from data.db.database import Database
from data.db.engine import create_engine
from data.db.schema import open_database, read_scripts, upgrade
from data.learners import Learners, SettingsStore
from data.srs.totals import DAY_OFFSET_SETTING, answer_totals, backfill_totals
from quiz.srs import SrsService, SrsSettings
from tests.srs.test_totals import ITEM_TOPICS, _answer, assert_same_figures, count_one_by_one
from tests.support.clock import START
from tests.support.fake_hands import add_fake_items

#: Bo's day starts at 04:00 UTC (a stored spaced-repetition setting).
BO_OFFSET = timedelta(hours=4)


@contextmanager
def statements(db: Database) -> Iterator[list[str]]:
    """The SQL statements run on the database inside the block."""
    seen: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(statement)

    event.listen(db.engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(db.engine, "before_cursor_execute", note)


def _old_database(path: Path, revision: str) -> tuple[int, int, list[int], Any, Any]:
    """A database at ``revision`` with two learners' answers (Bo's days start at 04:00)."""
    engine = create_engine(path)
    upgrade(engine, revision=revision)
    old = Database.from_engine(engine)
    rng = random.Random(5)
    ann = Learners(old).get_or_create("Ann").id
    bo = Learners(old).get_or_create("Bo").id
    SettingsStore(old).set(bo, DAY_OFFSET_SETTING, BO_OFFSET / timedelta(hours=1))
    items = add_fake_items(old, [rng.sample(ITEM_TOPICS, 2) for _ in range(8)])
    for i in range(90):
        at = START - timedelta(days=9) + timedelta(hours=2 * i + rng.random())
        _answer(old, rng, ann if i % 3 else bo, items, at)
    expected = (count_one_by_one(old, ann, timedelta(0)),
                count_one_by_one(old, bo, BO_OFFSET))
    engine.dispose()
    return ann, bo, items, *expected


@pytest.mark.parametrize("revision", ["0004_game_logs", "0006_srs_totals"])
def test_the_first_statistics_after_an_upgrade_only_read_the_totals(
        tmp_path: Path, revision: str) -> None:
    path = tmp_path / "old.db"
    ann, bo, items, ann_figures, bo_figures = _old_database(path, revision)

    db = open_database(path)  # upgrades to the newest revision
    try:
        assert set(db.schema_revision()) == set(read_scripts().heads)
        with db.engine.connect() as conn:
            rows: dict[int, int] = dict(
                conn.execute(text("SELECT learner_id, counted FROM srs_totals")).all())
        assert rows == {ann: 60, bo: 30}  # counted while upgrading
        for learner, offset, figures in ((ann, timedelta(0), ann_figures),
                                         (bo, BO_OFFSET, bo_figures)):
            with statements(db) as seen:
                totals = answer_totals(db, learner, day_offset=offset)
            assert totals == figures.totals
            # brought up to date from the last answer counted: no answer needed counting
            assert not [s for s in seen if "attempt_parts" in s or "attempt_concepts" in s]
        # the statistics screen's progress, with Bo's stored settings, reads the same way
        stored = SettingsStore(db).all(bo)
        assert stored[DAY_OFFSET_SETTING] == 4
        service = SrsService(db, bo, settings=SrsSettings(day_offset=BO_OFFSET))
        with statements(db) as seen:
            assert service.progress().answers == 30
        assert not [s for s in seen if "attempt_parts" in s]
        # and the answers given after the upgrade are counted as before
        _answer(db, random.Random(9), ann, items, START + timedelta(days=1))
        assert_same_figures(db, ann, timedelta(0))
    finally:
        db.close()


def test_the_upgrade_leaves_totals_already_kept_alone(tmp_path: Path) -> None:
    path = tmp_path / "kept.db"
    ann, bo, _, ann_figures, _ = _old_database(path, "0006_srs_totals")
    engine = create_engine(path)
    db = Database.from_engine(engine)
    answer_totals(db, ann)  # Ann opened her statistics before the upgrade
    with engine.connect() as conn:
        kept = conn.execute(text(f"SELECT * FROM srs_totals WHERE learner_id = {ann}")).all()
    with engine.begin() as conn:
        assert backfill_totals(conn) == 1  # Bo only
    with engine.connect() as conn:
        assert conn.execute(
            text(f"SELECT * FROM srs_totals WHERE learner_id = {ann}")).all() == kept
        learners = conn.execute(text("SELECT learner_id FROM srs_totals")).scalars().all()
    assert sorted(learners) == sorted([ann, bo])
    assert answer_totals(db, ann) == ann_figures.totals
    engine.dispose()


def test_a_day_start_that_is_not_a_number_counts_from_midnight(tmp_path: Path) -> None:
    path = tmp_path / "odd.db"
    _, bo, _, _, _ = _old_database(path, "0006_srs_totals")
    engine = create_engine(path)
    db = Database.from_engine(engine)
    SettingsStore(db).set(bo, DAY_OFFSET_SETTING, "four")
    engine.dispose()
    db = open_database(path)
    try:
        assert_same_figures(db, bo, timedelta(0))
    finally:
        db.close()
