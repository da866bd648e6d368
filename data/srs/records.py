"""The frozen records of spaced repetition that the app sees (never ORM rows).

:mod:`data.srs.repository` reads ``srs_cards`` and ``srs_reviews`` (and the
answers of :mod:`data.models.core`) into these values; :mod:`quiz.srs` turns a
:class:`CardRecord` into an ``fsrs.Card`` and back. Nothing here imports
SQLAlchemy or fsrs.

>>> Cell.from_topic("cell:3h40f:non_dealer:ron")
Cell(han=3, fu=40, dealer=False, tsumo=False)
>>> Cell(2, 30, dealer=True, tsumo=True).topic
'cell:2h30f:dealer:tsumo'
>>> Cell.from_topic("cell:3h40f:everyone:ron") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from enum import IntEnum, StrEnum


class CardKind(StrEnum):
    """What a card schedules."""

    HAND = "hand"
    CONCEPT = "concept"
    CELL = "cell"


class CardOrigin(StrEnum):
    """Where a card came from: a new hand of the queue, a miss, or the table drill."""

    NEW = "new"
    MISSED = "missed"
    TABLE = "table"


class ReviewKind(StrEnum):
    """How a review came about (like Anki's review log types)."""

    NEW = "new"
    LEARN = "learn"
    REVIEW = "review"
    RELEARN = "relearn"
    MISS = "miss"


class CardState(IntEnum):
    """A card's FSRS state (the values of ``fsrs.State``); NEW is only a 'before' state."""

    NEW = 0
    LEARNING = 1
    REVIEW = 2
    RELEARNING = 3

    @property
    def label(self) -> str:
        """The state's name for people."""
        return self.name.lower()


_CELL = re.compile(r"^cell:(\d{1,2})h(\d{2,3})f:(dealer|non_dealer):(ron|tsumo)$")


@dataclass(frozen=True, slots=True)
class Cell:
    """A points-table cell: han x fu x dealer or not x ron or tsumo."""

    han: int
    fu: int
    dealer: bool
    tsumo: bool

    @property
    def topic(self) -> str:
        """Its topic id (as :func:`data.topics.table_cell` writes it)."""
        who = "dealer" if self.dealer else "non_dealer"
        return f"cell:{self.han}h{self.fu}f:{who}:{'tsumo' if self.tsumo else 'ron'}"

    @property
    def title(self) -> str:
        """``3 han 40 fu, non-dealer ron``."""
        who = "dealer" if self.dealer else "non-dealer"
        return f"{self.han} han {self.fu} fu, {who} {'tsumo' if self.tsumo else 'ron'}"

    @classmethod
    def from_topic(cls, topic: str) -> Cell | None:
        """The cell of a ``cell:`` topic id, or None when it is not one."""
        m = _CELL.match(topic)
        if m is None:
            return None
        return cls(int(m.group(1)), int(m.group(2)), m.group(3) == "dealer", m.group(4) == "tsumo")


@dataclass(frozen=True, slots=True)
class Schedule:
    """An FSRS card's schedule: what a review changes (``fsrs.Card`` without its id)."""

    state: CardState
    step: int | None
    stability: float | None
    difficulty: float | None
    due: datetime
    last_review: datetime | None


@dataclass(frozen=True, slots=True)
class CardRecord:
    """One learner's card.

    Attributes:
        id: database id (also the FSRS ``card_id``).
        learner_id: whose card.
        kind: hand, concept or cell.
        subject: the item uid (hand) or topic id (concept, cell).
        item_id: for a hand card, the hand asked while it is (re)learned.
        concepts: the concepts the card is about (a hand card: those missed on it).
        cell: the points-table cell of a cell card.
        origin: new hand, miss or table drill.
        schedule: the FSRS state.
        reps: reviews so far.
        lapses: times missed (rated Again).
        leech: missed so often it is flagged (see ``SrsSettings.leech_threshold``).
        created_at: when (UTC).
    """

    id: int
    learner_id: int
    kind: CardKind
    subject: str
    item_id: int | None
    concepts: tuple[str, ...]
    cell: Cell | None
    origin: CardOrigin
    schedule: Schedule
    reps: int
    lapses: int
    leech: bool
    created_at: datetime

    @property
    def state(self) -> CardState:
        """The FSRS state."""
        return self.schedule.state

    @property
    def due(self) -> datetime:
        """When it is due (UTC)."""
        return self.schedule.due

    @property
    def learned(self) -> bool:
        """It has graduated to the review state (a hand card then asks siblings)."""
        return self.schedule.state is CardState.REVIEW


@dataclass(frozen=True, slots=True)
class NewCard:
    """A card to create with its first review."""

    learner_id: int
    kind: CardKind
    subject: str
    origin: CardOrigin
    item_id: int | None = None
    concepts: tuple[str, ...] = ()
    cell: Cell | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ReviewOutcome:
    """What one review came to, stored or to store (keyword-only fields).

    Attributes:
        kind: how the review came about.
        rating: 1 Again, 2 Hard, 3 Good, 4 Easy (the rating that counts).
        auto_rating: the rating the grading proposed.
        correct: whether the answer was right.
        reviewed_at: when (UTC).
        duration_ms: time taken, if known.
        state_before: the state before (NEW for a card created now).
        schedule: the schedule after.
    """

    kind: ReviewKind
    rating: int
    auto_rating: int | None
    correct: bool
    reviewed_at: datetime
    duration_ms: int | None
    state_before: CardState
    schedule: Schedule


@dataclass(frozen=True, slots=True)
class ReviewWrite(ReviewOutcome):
    """One review to store: the card (existing id or a new one) and what the review came to.

    Attributes:
        card: the card's id, or a :class:`NewCard` to create.
        kind, rating, auto_rating, correct, reviewed_at, duration_ms, state_before,
            schedule: see :class:`ReviewOutcome`.
        item_id: the hand asked (a sibling or fresh hand may differ from the card's).
        attempt_id: the stored answer, if any.
        set_item_id: make this the hand the card asks while (re)learned.
        add_concepts: concepts to add to the card's list.
    """

    card: int | NewCard
    item_id: int | None = None
    attempt_id: int | None = None
    set_item_id: int | None = None
    add_concepts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ReviewRecord(ReviewOutcome):
    """One stored review: its ids, and what it came to (:class:`ReviewOutcome`)."""

    id: int
    card_id: int
    learner_id: int
    item_id: int | None
    attempt_id: int | None


@dataclass(frozen=True, slots=True)
class CardProblem:
    """A card row that could not be used: reported, then skipped."""

    card_id: int
    message: str

    def __str__(self) -> str:
        return f"srs card {self.card_id}: {self.message}"


@dataclass(frozen=True, slots=True)
class Tally:
    """A card's counters: reviews, lapses (Agains) and whether it is flagged a leech.

    The rules that change them live in :mod:`quiz.srs.rules`; the repository
    reads them, hands them to the rule and writes what it returns.
    """

    reps: int
    lapses: int
    leech: bool


@dataclass(frozen=True, slots=True)
class DayCounts:
    """What a learner did today: reviews by kind (for the daily limits)."""

    new: int = 0
    review: int = 0
    learn: int = 0
    miss: int = 0


@dataclass(frozen=True, slots=True)
class QueueState:
    """What the queue needs to choose the next card, read in one go.

    Attributes:
        learning: cards in (re)learning due now (or within the learn-ahead window), by due.
        review: review-state cards due now, by due (at most the limit asked).
        learning_due: how many (re)learning cards are due now.
        review_due: how many review-state cards are due now.
        today: what was done today.
    """

    learning: tuple[CardRecord, ...]
    review: tuple[CardRecord, ...]
    learning_due: int
    review_due: int
    today: DayCounts


@dataclass(frozen=True, slots=True)
class RateOverTime:
    """Answers on one day: how many, how many right, and seconds in all."""

    day: date
    answers: int
    right: int
    seconds: float

    @property
    def accuracy(self) -> float:
        """Share right (0.0 with no answers)."""
        return self.right / self.answers if self.answers else 0.0

    @property
    def mean_seconds(self) -> float:
        """Mean time per answer (0.0 with no answers)."""
        return self.seconds / self.answers if self.answers else 0.0


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One line of a learner's exported history (an answer, a review, or both)."""

    time: datetime
    source: str
    drill: str
    item: str
    correct: bool
    seconds: float | None
    parts: tuple[tuple[str, str, str, bool], ...]
    concepts_missed: tuple[str, ...]
    card_kind: str
    card_subject: str
    rating: int | None
    auto_rating: int | None
    state_before: str
    interval_days: float | None
    due: datetime | None
