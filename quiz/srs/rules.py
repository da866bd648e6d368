"""The rules of spaced repetition, each written once.

- how a card's FSRS state maps to ``fsrs.Card`` and back, and which kind of
  review a state gives;
- lapses and leeches: an Again is a lapse; a card with ``leech_threshold``
  lapses is a leech (an override can take the lapse back);
- when the learner's day starts (for the daily limits and the statistics);
- **what is due**: :class:`DueCounts`, the one count every screen says
  (the drill's status line, the review screen, the statistics), built only
  by :func:`due_counts`.

>>> counts = DueCounts(learning=34, review=1, new=5)
>>> counts.due, counts.short, str(counts)
(35, '35 due', '35 due (34 learning, 1 review) · 5 new')
>>> DueCounts(0, 0, 3).short, str(DueCounts(0, 0, 3)), due_text(DueCounts(0, 0, 0))
('none due', 'none due · 3 new', 'review: nothing due')
>>> after_review(Tally(reps=3, lapses=7, leech=False), Rating.Again, leech_threshold=8)
Tally(reps=4, lapses=8, leech=True)
>>> after_rerating(Tally(4, 8, True), Rating.Again, Rating.Good, leech_threshold=8)
Tally(reps=4, lapses=7, leech=False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from fsrs import Card, Rating, State

from data.srs.records import CardRecord, CardState, QueueState, ReviewKind, Schedule, Tally

__all__ = [
    "DueCounts",
    "Tally",
    "after_rerating",
    "after_review",
    "day_start",
    "due_counts",
    "due_text",
    "lapse_rule",
    "rerating_rule",
    "review_kind",
    "schedule_of",
    "to_fsrs",
]


# --------------------------------------------------------------------------- FSRS state


def to_fsrs(card: CardRecord) -> Card:
    """The ``fsrs.Card`` of a stored card."""
    s = card.schedule
    return Card(
        card_id=card.id,
        state=State(int(s.state)),
        step=s.step,
        stability=s.stability,
        difficulty=s.difficulty,
        due=s.due,
        last_review=s.last_review,
    )


def schedule_of(card: Card) -> Schedule:
    """The schedule to store of an ``fsrs.Card``."""
    return Schedule(
        CardState(int(card.state)),
        card.step,
        card.stability,
        card.difficulty,
        card.due,
        card.last_review,
    )


_KIND_OF_STATE = {
    CardState.LEARNING: ReviewKind.LEARN,
    CardState.REVIEW: ReviewKind.REVIEW,
    CardState.RELEARNING: ReviewKind.RELEARN,
}


def review_kind(card: CardRecord | None) -> ReviewKind:
    """How a review of this card comes about (a new card when None)."""
    return ReviewKind.NEW if card is None else _KIND_OF_STATE[card.state]


# --------------------------------------------------------------------------- lapses, leeches


def after_review(before: Tally, rating: int, *, leech_threshold: int) -> Tally:
    """A card's counters after a review: one more rep, a lapse for an Again; once a
    leech, always a leech."""
    lapses = before.lapses + (1 if rating == Rating.Again else 0)
    return Tally(before.reps + 1, lapses, before.leech or lapses >= leech_threshold)


def after_rerating(before: Tally, old: int, new: int, *, leech_threshold: int) -> Tally:
    """A card's counters when its latest review's rating changes from ``old`` to ``new``
    (the learner's override): the lapse comes or goes, and the leech flag follows."""
    lapses = before.lapses
    if old == Rating.Again and new != Rating.Again:
        lapses = max(0, lapses - 1)
    elif old != Rating.Again and new == Rating.Again:
        lapses += 1
    return Tally(before.reps, lapses, lapses >= leech_threshold)


def lapse_rule(leech_threshold: int) -> Callable[[Tally, int], Tally]:
    """:func:`after_review` for the repository's writes (counters before, rating)."""
    return lambda before, rating: after_review(before, rating, leech_threshold=leech_threshold)


def rerating_rule(leech_threshold: int, new: int) -> Callable[[Tally, int], Tally]:
    """:func:`after_rerating` for the repository's rewrite (counters before, old rating)."""
    return lambda before, old: after_rerating(before, old, new, leech_threshold=leech_threshold)


# --------------------------------------------------------------------------- days


def day_start(now: datetime, day_offset: timedelta) -> datetime:
    """When the learner's day that holds ``now`` began (UTC), days starting ``day_offset``
    after midnight UTC."""
    shifted = now.astimezone(UTC) - day_offset
    midnight = datetime(shifted.year, shifted.month, shifted.day, tzinfo=UTC)
    return midnight + day_offset


# --------------------------------------------------------------------------- what is due


@dataclass(frozen=True, slots=True)
class DueCounts:
    """What waits in the review queue now: the one count every screen shows.

    Attributes:
        learning: cards in (re)learning due now.
        review: review-state cards due now, within today's review limit.
        new: new hands the queue may still bring in today.
    """

    learning: int
    review: int
    new: int

    @property
    def due(self) -> int:
        """Cards due now (the number the drill's status line shows)."""
        return self.learning + self.review

    @property
    def total(self) -> int:
        """Everything waiting now, new hands included."""
        return self.due + self.new

    @property
    def short(self) -> str:
        """The drill's status line: ``35 due`` or ``none due``."""
        return f"{self.due} due" if self.due else "none due"

    def __str__(self) -> str:
        """``35 due (34 learning, 1 review) · 5 new``: the same words on every screen."""
        split = f" ({self.learning} learning, {self.review} review)" if self.due else ""
        return f"{self.short}{split} · {self.new} new"


def due_counts(
    state: QueueState, *, reviews_per_day: int, new_per_day: int, unseen: Callable[[int], int]
) -> DueCounts:
    """What is due now, from the queue's state and the daily limits.

    Args:
        state: the queue's state (due counts and what was done today).
        reviews_per_day: review-state cards a day.
        new_per_day: new hands a day.
        unseen: how many new hands there are, counting at most the number given.
    """
    reviews_left = max(0, reviews_per_day - state.today.review)
    new_left = max(0, new_per_day - state.today.new)
    if new_left:
        new_left = unseen(new_left)
    return DueCounts(state.learning_due, min(state.review_due, reviews_left), new_left)


def due_text(counts: DueCounts) -> str:
    """The review queue in one line: ``review: 35 due (34 learning, 1 review) · 5 new``."""
    if not counts.total:
        return "review: nothing due"
    return f"review: {counts}"
