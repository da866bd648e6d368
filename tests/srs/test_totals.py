"""The running totals of the statistics give exactly the figures of counting every answer.

A random history (answers out of time order, on the same instant, of two
learners, with and without a bank item) is counted one answer at a time, the
old way, and compared with :func:`data.srs.totals.answer_totals` and
:func:`quiz.srs.stats.progress` after each batch of answers: the totals are
brought up to date from the last answer counted, or counted again when
history changed under them. A database at ``0004`` with history is upgraded
and shows the same figures.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import inspect, select, text

from data.db.database import Database
from data.db.engine import create_engine
from data.db.schema import open_database, read_scripts, upgrade
from data.learners import Attempts, Learners
from data.models.core import Attempt, Base, ItemTopic
from data.records import Accuracy, PartResult
from data.srs import history as h
from data.srs.totals import AnswerTotals, answer_totals
from data.topics import TOPICS, is_topic
from quiz.srs.rules import day_start
from quiz.srs.stats import day_streaks, forecast, progress
from tests.support.clock import START
from tests.support.fake_hands import add_fake_items

CONCEPTS = [t for t in TOPICS if not t.startswith(("win:", "hand:"))][:10]
ITEM_TOPICS = [*CONCEPTS, next(t for t in TOPICS if t.startswith("win:"))]
PARTS = ("fu", "han", "payment", "yaku")
NEW_TABLES = {"srs_totals", "srs_item_answers"}


@dataclass(frozen=True)
class Counted:
    """The figures, counted one answer at a time."""

    totals: AnswerTotals
    median: float | None
    concepts: tuple[Accuracy, ...]


def count_one_by_one(db: Database, learner_id: int, offset: timedelta) -> Counted:
    """Every figure of the totals, from each of the learner's answers in turn."""
    with db.session() as s:
        attempts = s.scalars(select(Attempt).where(Attempt.learner_id == learner_id)).all()
        topics_of: dict[int, list[str]] = {}
        for item_id, topic in s.execute(select(ItemTopic.item_id, ItemTopic.topic)):
            topics_of.setdefault(item_id, []).append(topic)
        run = best = 0
        right: Counter[str] = Counter()
        asked: Counter[str] = Counter()
        misses: Counter[str] = Counter()
        days: Counter[date] = Counter()
        topics: Counter[str] = Counter()
        for a in sorted(attempts, key=lambda a: (a.answered_at, a.id)):
            run = run + 1 if a.correct else 0
            best = max(best, run)
            for p in a.parts:
                asked[p.part] += 1
                right[p.part] += p.correct
            for c in a.concepts:
                misses[c.topic] += 1
            days[(a.answered_at - offset).date()] += 1
            if a.item_id is not None:
                for t in topics_of.get(a.item_id, []):
                    topics[t] += 1
        seconds = [a.seconds for a in attempts]
    totals = AnswerTotals(
        answers=len(attempts),
        right_run=run,
        best_right_run=best,
        parts=tuple(Accuracy(p, right[p], asked[p]) for p in sorted(asked)),
        misses=dict(misses),
        days=tuple(sorted(days.items())),
        topics=dict(topics),
        median_seconds=statistics.median(seconds) if seconds else None,
    )
    concepts = [Accuracy(t, n - min(misses[t], n), n) for t, n in topics.items()
                if not t.startswith(("win:", "hand:")) and is_topic(t) and n >= 2]  # fmt: skip
    concepts.sort(key=lambda a: (a.accuracy, -a.total, a.name))
    return Counted(totals, statistics.median(seconds) if seconds else None, tuple(concepts[:12]))


def assert_same_figures(db: Database, learner_id: int, offset: timedelta) -> None:
    """The totals, the statistics screen's figures and the old SQL aggregates all agree
    with counting one by one."""
    expected = count_one_by_one(db, learner_id, offset)
    assert answer_totals(db, learner_id, day_offset=offset) == expected.totals
    # the whole-history SQL aggregates the statistics used before say the same
    assert h.right_runs(db, learner_id) == (expected.totals.right_run,
                                            expected.totals.best_right_run)  # fmt: skip
    assert tuple(h.answer_days(db, learner_id, day_offset=offset)) == expected.totals.days
    assert tuple(Attempts(db).part_accuracy(learner_id)) == expected.totals.parts
    assert dict(Attempts(db).concept_misses(learner_id)) == expected.totals.misses
    assert h.exercised_topics(db, learner_id) == expected.totals.topics
    assert h.median_seconds(db, learner_id) == expected.totals.median_seconds
    now = START + timedelta(days=3)
    shown = progress(db, learner_id, now=now, day_offset=offset)
    today = (now - offset).date()
    assert shown.answers == expected.totals.answers
    assert (shown.right_streak, shown.best_right_streak) == (expected.totals.right_run,
                                                             expected.totals.best_right_run)
    assert (shown.day_streak, shown.best_day_streak) == day_streaks(
        [d for d, _ in expected.totals.days], today)
    assert shown.parts == expected.totals.parts
    assert shown.concepts == expected.concepts
    assert shown.median_seconds == (expected.median or 0.0)


def _answer(db: Database, rng: random.Random, learner_id: int, items: list[int],
            at: object) -> None:  # fmt: skip
    names = rng.sample(PARTS, rng.randint(1, len(PARTS)))
    parts = [PartResult(p, "1", "1", rng.random() < 0.7) for p in names]
    missed = rng.sample(CONCEPTS, rng.randint(0, 2)) if not all(p.correct for p in parts) else []
    Attempts(db).record(
        learner_id,
        item_id=rng.choice(items) if rng.random() < 0.85 else None,
        drill="whole",
        parts=parts,
        seconds=round(rng.uniform(2, 90), 3),
        concepts_missed=missed,
        answered_at=at,  # type: ignore[arg-type]
    )


#: The PostgreSQL variant makes a database of its own on the test server.
POSTGRES = pytest.param("postgres", marks=[pytest.mark.postgres, pytest.mark.slow])


@pytest.fixture(params=["sqlite", POSTGRES])
def any_db(request: pytest.FixtureRequest) -> Iterator[Database]:
    """An empty database: SQLite in memory, then a fresh one on the PostgreSQL test server."""
    if request.param == "sqlite":
        database = open_database(":memory:")
        yield database
        database.close()
        return
    from tests.support.databases import fresh_postgres_database

    for url in fresh_postgres_database():
        database = open_database(url)
        try:
            yield database
        finally:
            database.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.slow
def test_the_running_totals_are_the_figures_of_counting_every_answer(
    seed: int, any_db: Database
) -> None:
    rng = random.Random(seed)
    db = any_db
    ann = Learners(db).get_or_create("Ann").id
    bo = Learners(db).get_or_create("Bo").id
    items = add_fake_items(db, [rng.sample(ITEM_TOPICS, rng.randint(1, 3))
                                for _ in range(15)])  # fmt: skip
    at = START - timedelta(days=20)
    offset = timedelta(0)
    assert_same_figures(db, ann, offset)  # no answer yet
    for batch in range(8):
        for _ in range(rng.randint(1, 40)):
            roll = rng.random()
            if roll < 0.1:
                pass  # the same instant as the answer before
            elif roll < 0.3:
                at += timedelta(hours=rng.uniform(5, 40))  # another day
            else:
                at += timedelta(minutes=rng.uniform(0.1, 20))
            _answer(db, rng, rng.choice((ann, ann, bo)), items, at)
        if batch == 3:  # an answer stored with a time before those counted
            _answer(db, rng, ann, items, at - timedelta(days=2))
        if batch == 5:  # the learner's day now starts at 4:00
            offset = timedelta(hours=4)
        if batch == 6:  # an answer counted is gone
            with db.engine.begin() as conn:
                conn.execute(text("DELETE FROM attempts WHERE id = (SELECT min(id) FROM "
                                  "attempts WHERE learner_id = :l)"), {"l": ann})  # fmt: skip
        assert_same_figures(db, ann, offset)
        assert_same_figures(db, bo, offset)


def test_reading_twice_with_no_new_answer_writes_nothing(tmp_path: Path) -> None:
    rng = random.Random(7)
    db = open_database(tmp_path / "t.db")
    try:
        ann = Learners(db).get_or_create("Ann").id
        items = add_fake_items(db, [[CONCEPTS[0]], [CONCEPTS[1]]])
        for i in range(5):
            _answer(db, rng, ann, items, START + timedelta(minutes=i))
        first = answer_totals(db, ann)
        with db.engine.connect() as conn:
            before = conn.execute(text("SELECT * FROM srs_totals")).all()
        assert answer_totals(db, ann) == first
        with db.engine.connect() as conn:
            assert conn.execute(text("SELECT * FROM srs_totals")).all() == before
        assert first.answers == 5
    finally:
        db.close()


@pytest.mark.slow
def test_an_upgraded_database_with_history_shows_the_same_figures(tmp_path: Path) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    path = tmp_path / "old.db"
    engine = create_engine(path)
    upgrade(engine, revision="0004_game_logs")
    old = Database.from_engine(engine)
    rng = random.Random(11)
    ann = Learners(old).get_or_create("Ann").id
    items = add_fake_items(old, [rng.sample(ITEM_TOPICS, 2) for _ in range(10)])
    for i in range(120):
        _answer(old, rng, ann, items, START - timedelta(days=10) + timedelta(hours=3 * i))
    with engine.connect() as conn:
        assert not NEW_TABLES & set(inspect(conn).get_table_names())
    expected = count_one_by_one(old, ann, timedelta(0))
    engine.dispose()

    db = open_database(path)
    try:
        assert set(db.schema_revision()) == set(read_scripts().heads)
        with db.engine.connect() as conn:
            diffs = compare_metadata(
                MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata
            )
        assert [d for d in diffs if "srs_" in repr(d) or "seconds" in repr(d)] == []
        assert_same_figures(db, ann, timedelta(0))
        assert answer_totals(db, ann) == expected.totals
        # and it goes on counting the answers given after the upgrade
        _answer(db, rng, ann, items, START + timedelta(days=1))
        assert_same_figures(db, ann, timedelta(0))
    finally:
        db.close()


def test_an_answer_stored_with_an_earlier_time_takes_its_place_in_the_runs() -> None:
    db = open_database(":memory:")
    try:
        ann = Learners(db).get_or_create("Ann").id
        attempts = Attempts(db)

        def answer(right: bool, minutes: int) -> None:
            attempts.record(ann, item_id=None, drill="whole", seconds=10,
                            parts=[PartResult("fu", "30", "30" if right else "40", right)],
                            answered_at=START + timedelta(minutes=minutes))  # fmt: skip

        for minute in (0, 10, 20):
            answer(True, minute)
        counted = answer_totals(db, ann)
        assert (counted.right_run, counted.best_right_run) == (3, 3)
        answer(False, 5)  # stored late: between the first and the second answer
        later = answer_totals(db, ann)
        assert (later.right_run, later.best_right_run) == (2, 2)
        assert later.answers == 4
        assert_same_figures(db, ann, timedelta(0))
    finally:
        db.close()


def _forecast_one_by_one(db: Database, learner_id: int, day_start: datetime, days: int
                         ) -> tuple[int, ...]:  # fmt: skip
    """The due forecast the old way: each readable due time in turn."""
    from data.srs import repository as repo

    counts = [0] * days
    for due in repo.due_times(db, learner_id, before=day_start + timedelta(days=days)):
        counts[max(0, (due - day_start) // timedelta(days=1))] += 1
    return tuple(counts)


@pytest.mark.parametrize("seed", [4, 5])
def test_the_forecast_counts_each_due_time_as_before(seed: int) -> None:
    rng = random.Random(seed)
    db = open_database(":memory:")
    try:
        ann = Learners(db).get_or_create("Ann").id
        rows: list[tuple[int, str]] = []
        for n in range(400):
            hours = rng.choice((rng.uniform(-200, 800), rng.randint(-9, 40) * 24))
            due = START + timedelta(hours=hours)
            rows.append((n, due.astimezone(UTC).replace(tzinfo=None)
                         .isoformat(sep=" ", timespec="microseconds")))  # fmt: skip
        rows += [(400, "next tuesday"), (401, "2026-02-30 10:00:00.000000"),
                 (402, "2026-05-12T10:00:00+09:00"), (403, "2026-05-13 23:30:00"),
                 (404, "2026-05-14 01:00:00.5"), (405, "2026-05-12 24:00:00.000000"),
                 (406, "2026-05-12 23:59:60.000000"), (407, "2026-05-12 10:00:00.0000001")]
        with db.engine.begin() as conn:
            for n, text_due in rows:
                conn.execute(
                    text("INSERT INTO srs_cards (learner_id, kind, subject, concepts, origin, "
                         "state, due, reps, lapses, leech, created_at) VALUES (:l, 'concept', "
                         ":s, '[]', 'missed', 1, :due, 0, 0, 0, '2026-01-01 00:00:00.000000')"),
                    {"l": ann, "s": f"x{n}", "due": text_due},
                )  # fmt: skip
        for offset in (timedelta(0), timedelta(hours=4), timedelta(hours=23, minutes=30),
                       timedelta(hours=1.3333333)):  # fmt: skip
            start = day_start(START + timedelta(hours=rng.uniform(0, 48)), offset)
            for days in (1, 7, 30):
                assert forecast(db, ann, day_start=start, days=days) == _forecast_one_by_one(
                    db, ann, start, days), (offset, days)
    finally:
        db.close()
