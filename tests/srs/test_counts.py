"""One count of what is due: the drill's status line, the review screen and the statistics
say the same number in the same words, on the same database."""

from __future__ import annotations

import pytest

from data.bank.repository import Bank
from data.db.database import Database
from quiz.screens.review import ReviewScreen
from quiz.screens.stats import StatsScreen
from quiz.srs import DueCounts, QuestionKind, SrsService, SrsSettings
from tests.support.clock import FakeClock
from tests.support.pilot import screen_text


async def settle(pilot: object) -> None:
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.app.workers.wait_for_complete()  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


def _cards_of_every_kind(db: Database, learner_id: int, clock: FakeClock) -> SrsService:
    """Review cards due, (re)learning cards due and one not due yet."""
    svc = SrsService(db, learner_id, clock=clock, settings=SrsSettings(fuzz=False), seed=2)
    for _ in range(3):  # three new hands answered right: review cards, due in 2 days
        q = svc.next_question()
        assert q is not None and q.kind is QuestionKind.NEW
        svc.answer(q, correct=True, seconds=20)
    clock.advance(days=3)
    svc.record_drill_answer(correct=False, seconds=20, concepts=["fu:closed_ron"])
    svc.record_drill_answer(correct=False, seconds=20, concepts=["pay:honba"])
    clock.advance(minutes=5)  # those two are due now...
    svc.record_drill_answer(correct=False, seconds=20, concepts=["yaku:pinfu"])  # ...not this
    return svc


def test_due_counts_count_learning_and_review_cards_due_now_within_the_limits(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    Bank(db).generate(6, seed=6)
    svc = _cards_of_every_kind(db, learner_id, clock)
    counts = svc.due_counts()
    assert (counts.learning, counts.review) == (2, 3)
    assert counts.short == "5 due" and str(counts).startswith("5 due (2 learning, 3 review) · ")
    progress = svc.progress()
    assert progress.due == counts
    assert (progress.cards.learning, progress.cards.review) == (3, 3)
    limited = SrsService(db, learner_id, clock=clock,
                         settings=SrsSettings(fuzz=False, reviews_per_day=1))  # fmt: skip
    assert limited.due_counts().review == 1, "reviews beyond today's limit are not due"


@pytest.mark.slow
async def test_the_drill_the_review_screen_and_the_statistics_say_the_same_count(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    from quiz.cli.review import review_app
    from quiz.store.drill import DrillStore

    Bank(db).generate(6, seed=6)
    svc = _cards_of_every_kind(db, learner_id, clock)
    counts = svc.due_counts()
    assert counts.due == 5
    app = review_app(store=DrillStore(db, clock), learner="Ann", clock=clock, seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(5):
            await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        # the drill's status line
        assert app.controller is not None and app.controller.refresh_due() == "5 due"
        # the review screen's status line
        assert app.screen.counts == counts
        assert f"Review · Ann · {counts}" in screen_text(app)
        # the statistics
        await app.switch_mode("stats")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen) and app.screen.progress is not None
        assert app.screen.progress.due == counts
        text = screen_text(app)
        assert str(counts) in text and "6 cards: 3 learning, 3 review" in text
    assert DueCounts(2, 3, counts.new) == counts
