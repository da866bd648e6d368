"""The statistics of one learner: accuracy over time, per part and concept, streaks, pace.

What each figure means is decided here, once; the numbers come from the
learner's running totals (:mod:`data.srs.totals`: answers, right-answer runs,
parts, concepts, days) and SQL aggregates of :mod:`data.srs.history` (the
last days, the median time, the cards), never from loading every answer or
every card.

- a **day streak** is the run of days with at least one answer that ends
  today (or yesterday, when today has no answer yet);
- a **right streak** is the run of right answers that ends with the last one;
- a concept's accuracy is the answers exercising it less those that missed it.

>>> from datetime import date
>>> day_streaks([date(2026, 5, 1), date(2026, 5, 2), date(2026, 5, 4)], date(2026, 5, 5))
(1, 2)
>>> day_streaks([date(2026, 5, 4), date(2026, 5, 5)], date(2026, 5, 5))
(2, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING

from data.records import Accuracy
from data.srs import history as h
from data.srs import repository as repo
from data.srs.records import CardProblem, CardState, RateOverTime
from data.srs.totals import answer_totals
from data.topics import is_topic

from .rules import DueCounts, day_start

if TYPE_CHECKING:
    from data.db.database import Database

__all__ = ["CardsByState", "Progress", "day_streaks", "forecast", "progress"]


@dataclass(frozen=True, slots=True)
class CardsByState:
    """A learner's cards: in (re)learning, in review, and the leeches among them."""

    learning: int
    review: int
    leeches: int

    @property
    def total(self) -> int:
        """Cards in all."""
        return self.learning + self.review

    def __str__(self) -> str:
        """``40 cards: 36 learning, 4 review`` (the words of :class:`DueCounts`)."""
        if not self.total:
            return "no cards yet"
        return f"{self.total} cards: {self.learning} learning, {self.review} review"


@dataclass(frozen=True, slots=True)
class Progress:
    """A learner's progress, for the statistics screen.

    Attributes:
        days: answers per day, oldest first, one entry per day of the window.
        parts: accuracy per part of an answer (fu, han, payment...).
        concepts: accuracy per concept exercised, worst first.
        forecast: cards due per day from today, ``forecast[0]`` including overdue.
        day_streak: days in a row (up to today) with at least one answer.
        best_day_streak: the longest such run.
        right_streak: answers in a row right, up to the last one.
        best_right_streak: the longest such run.
        answers: answers in all.
        median_seconds: median time per answer.
        cards: cards by state, and the leeches.
        due: what is due now (:meth:`quiz.srs.SrsService.due_counts`, as every screen says it).
    """

    days: tuple[RateOverTime, ...]
    parts: tuple[Accuracy, ...]
    concepts: tuple[Accuracy, ...]
    forecast: tuple[int, ...]
    day_streak: int
    best_day_streak: int
    right_streak: int
    best_right_streak: int
    answers: int
    median_seconds: float
    cards: CardsByState = CardsByState(0, 0, 0)
    due: DueCounts | None = None

    @property
    def leeches(self) -> int:
        """Leech cards."""
        return self.cards.leeches


def day_streaks(days: Sequence[date], today: date) -> tuple[int, int]:
    """(the day streak up to today, the longest) from the days with answers, oldest first."""
    present = set(days)
    current = 0
    d = today if today in present else today - timedelta(days=1)
    while d in present:
        current += 1
        d -= timedelta(days=1)
    best = run = 0
    previous: date | None = None
    for d in sorted(present):
        run = run + 1 if previous is not None and d - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = d
    return current, best


def forecast(db: Database, learner_id: int, *, day_start: datetime, days: int = 30
             ) -> tuple[int, ...]:  # fmt: skip
    """Cards due on each of the next ``days`` days from ``day_start``; the first day
    includes the overdue."""

    counts = [0] * days
    before = day_start + timedelta(days=days)
    start = day_start.astimezone(UTC)
    offset = start - datetime(start.year, start.month, start.day, tzinfo=UTC)
    if offset.microseconds:  # the database counts days in whole seconds: count here
        for due in repo.due_times(db, learner_id, before=before):
            counts[max(0, (due - day_start) // timedelta(days=1))] += 1
        return tuple(counts)
    first = (start - offset).date()
    for day, n in h.due_days(db, learner_id, before=before, day_offset=offset):
        counts[max(0, (day - first).days)] += n
    return tuple(counts)


def progress(
    db: Database,
    learner_id: int,
    *,
    now: datetime,
    days: int = 30,
    forecast_days: int = 30,
    day_offset: timedelta = timedelta(0),
    concepts: int = 12,
    min_answers: int = 2,
    due: DueCounts | None = None,
    report: Callable[[CardProblem], None] | None = None,
) -> Progress:
    """A learner's progress: accuracy over time, per part and per concept, streaks, times.

    Args:
        db: the database.
        learner_id: whose.
        now: the time (UTC).
        days: how many days of accuracy and time per question.
        forecast_days: how many days of due forecast.
        day_offset: when the learner's day starts, after midnight UTC.
        concepts: at most this many concepts (the worst).
        min_answers: a concept needs this many answers to be listed.
        due: what is due now (shown beside the cards by state).
        report: called for each damaged card row (those are not counted).
    """

    start = day_start(now, day_offset)
    today = (start - day_offset).date()
    first_day = today - timedelta(days=days - 1)
    window = h.answers_by_day(db, learner_id, since=start - timedelta(days=days - 1),
                              day_offset=day_offset)  # fmt: skip
    by_day = {d.day: d for d in window}
    day_list = tuple(by_day.get(first_day + timedelta(days=i))
                     or RateOverTime(first_day + timedelta(days=i), 0, 0, 0.0)
                     for i in range(days))  # fmt: skip
    counted = answer_totals(db, learner_id, day_offset=day_offset)
    streak, best_days = day_streaks([d for d, _ in counted.days], today)
    answers = sum(n for _, n in counted.days)  # answers with a readable time
    median = counted.median_seconds if answers else None
    concept_acc: list[Accuracy] = []
    for topic, total in counted.topics.items():
        if topic.startswith(("win:", "hand:")) or not is_topic(topic):
            continue
        misses = min(counted.misses.get(topic, 0), total)
        concept_acc.append(Accuracy(topic, total - misses, total))
    seen = {a.name for a in concept_acc}
    concept_acc += [c for c in h.cell_accuracy(db, learner_id) if c.name not in seen]
    concept_acc = [a for a in concept_acc if a.total >= min_answers]
    concept_acc.sort(key=lambda a: (a.accuracy, -a.total, a.name))
    totals = h.card_totals(db, learner_id)
    if report is not None and totals.unchecked:
        h.damaged_cards(db, learner_id, report=report)
    states = totals.by_state
    cards = CardsByState(
        learning=states.get(CardState.LEARNING, 0) + states.get(CardState.RELEARNING, 0),
        review=states.get(CardState.REVIEW, 0),
        leeches=totals.leeches,
    )
    return Progress(
        days=day_list,
        parts=counted.parts,
        concepts=tuple(concept_acc[:concepts]),
        forecast=forecast(db, learner_id, day_start=start, days=forecast_days),
        day_streak=streak,
        best_day_streak=best_days,
        right_streak=counted.right_run,
        best_right_streak=counted.best_right_run,
        answers=answers,
        median_seconds=median or 0.0,
        cards=cards,
        due=due,
    )
