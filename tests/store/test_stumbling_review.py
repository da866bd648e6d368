"""The review and statistics screens while the database stumbles (Textual Pilot).

Answers of the review queue and the ratings changed after them go through
the same writer and journal as the drill's answers: a SQLite file another
connection keeps locked for 15 s never freezes the keys, and every answer
and rating is stored exactly once, in order, when the lock goes. An error
nobody foresaw while storing one ends the app with one line and status 2,
and the answer is kept for the next start.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from data.bank.repository import Bank
from quiz.cli.review import review_app
from quiz.screens.review import ReviewScreen
from quiz.screens.stats import StatsScreen
from quiz.store.drill import DrillStore
from quiz.store.entries import PendingRating, PendingReview
from quiz.store.journal import AnswerJournal, journal_path
from tests.srs.test_screens import type_answer
from tests.store.conftest import WriteLock
from tests.store.test_stumbling_app import SIZE, notices, wait_for


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A database with the curated bank and a few generated hands."""
    store = DrillStore.open(str(tmp_path / "drill.db"), generated=0)
    Bank(store.database).generate(8, seed=4)
    store.close()
    return tmp_path / "drill.db"


async def question_up(pilot: Any, app: Any, timeout: float = 20) -> ReviewScreen:
    """Wait for a question of the review queue on screen."""
    ok = await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen)
                        and app.screen.question is not None and app.screen.review is None
                        and not app.screen.loading, timeout)
    assert ok, f"no review question came up (screen: {app.screen!r})"
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


async def answered(pilot: Any, screen: ReviewScreen, timeout: float = 5) -> None:
    assert await wait_for(pilot, lambda: screen.review is not None, timeout)


def review_rows(path: Path) -> list[tuple[str, int, int, int]]:
    """Each review-queue answer stored: its time, how many times, its review's rating and
    auto rating."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(
            "SELECT a.answered_at, count(DISTINCT a.id), min(r.rating), min(r.auto_rating) "
            "FROM attempts a JOIN srs_reviews r ON r.attempt_id = a.id "
            "WHERE a.drill = 'review' AND r.id = (SELECT min(id) FROM srs_reviews "
            "WHERE attempt_id = a.id) GROUP BY a.answered_at ORDER BY a.answered_at").fetchall()
    finally:
        conn.close()


@pytest.mark.slow
async def test_a_database_locked_for_15_seconds_during_review_costs_no_rating(
        path: Path) -> None:
    app = review_app(db_url=str(path), learner="ann", seed=3, generated=0)
    async with app.run_test(size=SIZE) as pilot:
        notices(app)
        screen = await question_up(pilot, app)
        await type_answer(pilot, screen, right=True)
        await answered(pilot, screen)
        assert screen.review is not None and int(screen.review.rating) == 3
        await pilot.press("4")  # a rating changed before the lock
        screen = await question_up(pilot, app)
        lock = WriteLock(path)
        lock.release_after(15)
        locked_at = time.monotonic()
        chosen = []
        for rating in ("2", "n"):
            start = time.monotonic()
            await type_answer(pilot, screen, right=True)
            await answered(pilot, screen)
            assert time.monotonic() - start < 8  # the answer is shown: nothing waits
            assert screen.review is not None
            chosen.append(2 if rating == "2" else int(screen.review.rating))
            await pilot.press(rating)
            screen = await question_up(pilot, app)
        assert time.monotonic() - locked_at < 15, "all typed while it was locked"
        store = app.store
        assert store is not None and store.waiting() >= 1
        # once the writer finds the database busy, the status line counts what waits
        status = screen.query_one("#review-status")
        assert await wait_for(pilot, lambda: " not saved yet" in str(status.render()), 15)
        # a key is handled at once while locked: the statistics, then back
        await pilot.press("f6")
        assert await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen), 3)
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: not isinstance(app.screen, StatsScreen), 3)
        # the writer says why it waits, and that the answers are safe
        assert await wait_for(pilot, lambda: any("busy" in n and "kept safe" in n
                                                 for n in notices(app)), 15)
        assert await wait_for(pilot, lambda: store.waiting() == 0, 30)
        assert app.error is None
    rows = review_rows(path)
    assert [n for _, n, _, _ in rows] == [1, 1, 1]  # each answer stored once
    assert [r for _, _, r, _ in rows] == [4, *chosen]  # with the rating that counts
    assert [a for _, _, _, a in rows] == [3, 3, 3]  # and the one the grading proposed
    journal = journal_path(f"sqlite:///{path}")
    assert journal is not None and AnswerJournal(journal).read() == []


@pytest.mark.slow
async def test_a_bug_while_storing_a_review_ends_the_app_and_keeps_the_answer(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quiz.srs import pending

    def broken(*_args: Any, **_kwargs: Any) -> int:
        raise ValueError("a bug in storing a review")

    monkeypatch.setattr(pending, "store_review", broken)
    app = review_app(db_url=str(path), learner="ann", seed=3, generated=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await question_up(pilot, app)
        await type_answer(pilot, screen, right=True)
        for _ in range(100):
            if app.error is not None:
                break
            await asyncio.sleep(0.05)
    assert app.return_value == 2
    assert app.error is not None and "\n" not in app.error
    assert "a bug in storing a review" in app.error and "kept" in app.error
    journal = journal_path(f"sqlite:///{path}")
    assert journal is not None
    kept = AnswerJournal(journal).read()
    assert [type(e) for e in kept] == [PendingReview]
    monkeypatch.undo()
    again = DrillStore.open(str(path), generated=0)
    assert again.flush(10)
    again.close()
    assert [n for _, n, _, _ in review_rows(path)] == [1]
    assert AnswerJournal(journal).read() == []


def test_a_rating_is_stored_once_even_when_written_twice(path: Path) -> None:
    """A changed rating replayed from the journal (a crash after it was stored) changes nothing."""
    from quiz.srs.pending import store_rating

    store = DrillStore.open(str(path), generated=0)
    try:
        learner = store.learner("ann")
        from quiz.grading import Marked, grade
        from quiz.screens.review import drill_question
        from quiz.srs import review_context
        from quiz.srs.pending import pending_rating, pending_review, propose

        context = review_context(store.database, learner, store.load_settings(learner.id), {},
                                 store=store)
        service = context.service()
        q = service.next_question()
        assert q is not None
        question = drill_question(q, context, 1)
        assert question is not None
        marked = grade(question.key, {p: question.key.expected_text(p)
                                      for p in question.key.parts})
        assert isinstance(marked, Marked)
        proposal = propose(service, q, marked, 5.0, pace=None)
        entry = pending_review(learner.id, proposal, marked, 5.0, session="s1")
        rating = pending_rating(entry, proposal, 1)
        assert isinstance(rating, PendingRating)
        store.keep(entry)
        store.keep(rating)
        assert store.flush(10)
        from data.learners import AlreadyStoredError

        with pytest.raises(AlreadyStoredError):
            store_rating(store.database, rating, {})  # again, as after a crash
        assert store._write_entry(rating) is None  # the writer takes it as stored
        assert store._write_entry(entry) == store._review_ids[entry.entry]  # its answer too
    finally:
        store.close()
    assert [(n, r, a) for _, n, r, a in review_rows(path)] == [(1, 1, 3)]


@pytest.mark.slow
async def test_an_answer_on_its_way_is_not_called_unsaved(path: Path) -> None:
    """A database that answers: the status line never says an answer is not saved (it
    is on its way); only what waits because the database is busy or away is counted."""
    app = review_app(db_url=str(path), learner="ann", seed=3, generated=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2):
            screen = await question_up(pilot, app)
            await type_answer(pilot, screen, right=True)
            await answered(pilot, screen)
            assert "not saved yet" not in str(screen.query_one("#review-status").render())
            await pilot.press("n")
        assert app.store is not None and await wait_for(
            pilot, lambda: app.store.waiting() == 0, 10)  # type: ignore[union-attr]
