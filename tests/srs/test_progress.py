"""Progress figures: accuracy per day, part and concept, streaks, pace, the due forecast."""

from __future__ import annotations

from datetime import timedelta

from data.db.database import Database
from data.learners import Attempts
from data.records import PartResult
from quiz.srs import SrsService, SrsSettings
from quiz.srs.stats import progress
from tests.support.clock import START, FakeClock
from tests.support.fake_hands import FakeHands, add_fake_items


def _answer(
    db: Database,
    learner_id: int,
    item_id: int,
    day: int,
    *,
    fu_ok: bool,
    pay_ok: bool = True,
    seconds: float = 10.0,
    missed: tuple[str, ...] = (),
) -> None:
    Attempts(db).record(
        learner_id, item_id=item_id, drill="whole",
        parts=[PartResult("fu", "30" if fu_ok else "40", "30", fu_ok),
               PartResult("payment", "1000", "1000" if pay_ok else "1300", pay_ok)],
        seconds=seconds, concepts_missed=missed,
        answered_at=START + timedelta(days=day, minutes=len(missed)),
    )  # fmt: skip


def test_progress_counts_days_parts_concepts_streaks_and_pace(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    ron, pinfu = add_fake_items(db, [("fu:closed_ron", "win:ron"), ("yaku:pinfu",)])
    # day 0: two right; day 1: one wrong (closed ron), one right; day 3 (a gap): three right
    _answer(db, learner_id, pinfu, 0, fu_ok=True, seconds=10)
    _answer(db, learner_id, ron, 0, fu_ok=True, seconds=20)
    _answer(db, learner_id, ron, 1, fu_ok=False, seconds=30, missed=("fu:closed_ron",))
    _answer(db, learner_id, pinfu, 1, fu_ok=True, pay_ok=False, seconds=40)
    for n in range(3):
        _answer(db, learner_id, pinfu, 3, fu_ok=True, seconds=50 + n)
    clock.set(START + timedelta(days=3, hours=5))
    p = progress(db, learner_id, now=clock.now, days=7)
    assert [d.day.day for d in p.days] == [8, 9, 10, 11, 12, 13, 14]
    by_day = {d.day.day: (d.answers, d.right) for d in p.days if d.answers}
    assert by_day == {11: (2, 2), 12: (2, 0), 14: (3, 3)}
    assert p.days[-1].mean_seconds == 51.0
    assert {a.name: (a.right, a.total) for a in p.parts} == {"fu": (6, 7), "payment": (6, 7)}
    concepts = {a.name: (a.right, a.total) for a in p.concepts}
    assert concepts["fu:closed_ron"] == (1, 2) and concepts["yaku:pinfu"] == (5, 5)
    assert "win:ron" not in concepts, "plain topics are left out"
    assert p.concepts[0].name == "fu:closed_ron", "worst first"
    assert (p.day_streak, p.best_day_streak) == (1, 2)
    assert (p.right_streak, p.best_right_streak) == (3, 3)
    assert p.answers == 7 and p.median_seconds == 40.0


def test_the_forecast_counts_cards_due_each_day_with_the_overdue_today(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    add_fake_items(db, [("yaku:pinfu",)] * 5)
    svc = SrsService(db, learner_id, clock=clock, settings=SrsSettings(fuzz=False),
                     hands=FakeHands(db))  # fmt: skip
    dues = []
    for _ in range(5):
        q = svc.next_question()
        assert q is not None
        dues.append(svc.answer(q, correct=True, seconds=10).card.due)
    assert all(d == START + timedelta(days=2) for d in dues)  # Good on a new card: 2 days
    clock.advance(days=5)  # now all overdue
    forecast = svc.forecast(days=10)
    assert forecast == (5, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    clock.set(START)
    assert svc.forecast(days=4) == (0, 0, 5, 0)


def test_right_runs_and_median_match_the_answers_one_by_one(
    db: Database, learner_id: int
) -> None:
    """The SQL aggregates give what counting the answers one by one gives."""
    import random
    import statistics

    from data.srs.history import median_seconds, right_runs

    (item,) = add_fake_items(db, [("yaku:pinfu",)])
    rng = random.Random(5)
    flags, times = [], []
    for n in range(200):
        ok = rng.random() < 0.8
        seconds = round(rng.uniform(3, 60), 1)
        flags.append(ok)
        times.append(seconds)
        Attempts(db).record(learner_id, item_id=item, drill="whole",
                            parts=[PartResult("fu", "30", "30" if ok else "40", ok)],
                            seconds=seconds, answered_at=START + timedelta(minutes=n // 2))
    best = run = 0
    for ok in flags:
        run = run + 1 if ok else 0
        best = max(best, run)
    assert right_runs(db, learner_id) == (run, best)
    assert median_seconds(db, learner_id) == statistics.median(times)
