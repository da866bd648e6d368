"""Tables of spaced repetition: FSRS cards and every review, per learner.

The models share :class:`data.models.core.Base` (and so its metadata and its
constraint naming convention): importing this module registers the tables
``srs_cards`` and ``srs_reviews`` on ``Base.metadata``.

``srs_cards``
    One FSRS card per learner and subject. Three kinds:

    - ``hand``: a bank item the learner answered (``subject`` is the item's
      uid, ``item_id`` the hand asked when the card is next in (re)learning:
      the item first missed, or the sibling missed last);
    - ``concept``: a topic id of :mod:`data.topics` the grading tagged as
      missed (``subject`` is the topic id);
    - ``cell``: a points-table cell (``subject`` is its topic id,
      ``cell:<han>h<fu>f:<dealer|non_dealer>:<ron|tsumo>``; ``han``, ``fu``,
      ``dealer`` and ``tsumo`` are copied into columns).

    The FSRS state is stored column by column, as ``fsrs.Card.to_dict`` has
    it: ``state`` (1 learning, 2 review, 3 relearning), ``step``,
    ``stability``, ``difficulty``, ``due`` and ``last_review`` (UTC). The
    card's database id is the FSRS ``card_id``.

``srs_reviews``
    Every review, never deleted (the history can later train the scheduler's
    parameters): the rating given and the one the grading proposed, when,
    how long it took, the state before and the schedule after.

Indexes serve the queries that must stay fast with 20,000 cards and
100,000 reviews: the next due card of a learner (``learner_id, state, due``),
the due forecast (``learner_id, due``), the reviews of a learner's day
(``learner_id, reviewed_at``), a card's history (``card_id, reviewed_at``) and
whether a learner has seen a bank item (``item_id``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from .core import Attempt, Base

#: The kinds of card (``srs_cards.kind``).
CARD_KINDS = ("hand", "concept", "cell")
#: Where a card came from (``srs_cards.origin``).
CARD_ORIGINS = ("new", "missed", "table")
#: How a review came about (``srs_reviews.kind``): a new hand from the queue,
#: a card in (re)learning, a review-state card, or a miss noted outside the queue.
REVIEW_KINDS = ("new", "learn", "review", "relearn", "miss")


class SrsCard(Base):
    """One FSRS card of one learner (see the module docstring)."""

    __tablename__ = "srs_cards"
    __table_args__ = (
        sa.CheckConstraint("kind IN ('hand', 'concept', 'cell')", name="kind"),
        sa.CheckConstraint("origin IN ('new', 'missed', 'table')", name="origin"),
        sa.CheckConstraint("state IN (1, 2, 3)", name="state"),
        sa.UniqueConstraint("learner_id", "kind", "subject"),
        sa.Index(None, "learner_id", "state", "due"),
        sa.Index(None, "learner_id", "due"),
        sa.Index(None, "learner_id", "created_at"),
        sa.Index(None, "item_id"),
    )

    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(sa.ForeignKey("learners.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(sa.String(16))
    subject: Mapped[str] = mapped_column(sa.String(64))
    item_id: Mapped[int | None] = mapped_column(sa.ForeignKey("bank_items.id", ondelete="RESTRICT"))
    concepts: Mapped[list[Any]] = mapped_column(sa.JSON)
    han: Mapped[int | None] = mapped_column(sa.Integer)
    fu: Mapped[int | None] = mapped_column(sa.Integer)
    dealer: Mapped[bool | None] = mapped_column(sa.Boolean)
    tsumo: Mapped[bool | None] = mapped_column(sa.Boolean)
    origin: Mapped[str] = mapped_column(sa.String(16))
    state: Mapped[int] = mapped_column(sa.Integer)
    step: Mapped[int | None] = mapped_column(sa.Integer)
    stability: Mapped[float | None] = mapped_column(sa.Float)
    difficulty: Mapped[float | None] = mapped_column(sa.Float)
    due: Mapped[datetime]
    last_review: Mapped[datetime | None]
    reps: Mapped[int] = mapped_column(sa.Integer, default=0)
    lapses: Mapped[int] = mapped_column(sa.Integer, default=0)
    leech: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    created_at: Mapped[datetime]


class SrsReview(Base):
    """One review of one card: the rating, when, and the schedule it gave."""

    __tablename__ = "srs_reviews"
    __table_args__ = (
        sa.CheckConstraint("rating BETWEEN 1 AND 4", name="rating"),
        sa.CheckConstraint("auto_rating BETWEEN 1 AND 4", name="auto_rating"),
        sa.CheckConstraint("kind IN ('new', 'learn', 'review', 'relearn', 'miss')", name="kind"),
        sa.Index(None, "learner_id", "reviewed_at"),
        sa.Index(None, "card_id", "reviewed_at"),
        sa.Index(None, "attempt_id"),
        sa.Index(None, "item_id"),
    )

    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    card_id: Mapped[int] = mapped_column(sa.ForeignKey("srs_cards.id", ondelete="CASCADE"))
    learner_id: Mapped[int] = mapped_column(sa.ForeignKey("learners.id", ondelete="CASCADE"))
    item_id: Mapped[int | None] = mapped_column(sa.ForeignKey("bank_items.id", ondelete="RESTRICT"))
    attempt_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("attempts.id", ondelete="SET NULL")
    )
    kind: Mapped[str] = mapped_column(sa.String(16))
    rating: Mapped[int] = mapped_column(sa.Integer)
    auto_rating: Mapped[int | None] = mapped_column(sa.Integer)
    correct: Mapped[bool] = mapped_column(sa.Boolean)
    reviewed_at: Mapped[datetime]
    duration_ms: Mapped[int | None] = mapped_column(sa.Integer)
    state_before: Mapped[int] = mapped_column(sa.Integer)
    state: Mapped[int] = mapped_column(sa.Integer)
    stability: Mapped[float | None] = mapped_column(sa.Float)
    difficulty: Mapped[float | None] = mapped_column(sa.Float)
    due: Mapped[datetime]


class SrsTotals(Base):
    """A learner's running totals of answers, for the statistics screen.

    They count the learner's answers (``attempts``) up to ``last_attempt_id``
    (``counted`` of them, whose ids add up to ``id_sum``; the latest answered
    at ``last_answered_at``), and are brought up to date from there when the
    statistics are read (:mod:`data.srs.totals`): the right-answer runs, and
    in ``totals`` (JSON) the right and total per part, the misses per concept
    and the answers per day (days starting ``day_offset`` seconds after
    midnight UTC). The answers per bank item are rows of :class:`SrsItemAnswers`.
    """

    __tablename__ = "srs_totals"

    learner_id: Mapped[int] = mapped_column(
        sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    counted: Mapped[int] = mapped_column(sa.Integer)
    id_sum: Mapped[int] = mapped_column(sa.BigInteger)
    last_attempt_id: Mapped[int] = mapped_column(sa.Integer)
    last_answered_at: Mapped[datetime | None]
    day_offset: Mapped[int] = mapped_column(sa.Integer)
    right_run: Mapped[int] = mapped_column(sa.Integer)
    best_right_run: Mapped[int] = mapped_column(sa.Integer)
    totals: Mapped[dict[str, Any]] = mapped_column(sa.JSON)


class SrsItemAnswers(Base):
    """How many of a learner's counted answers (:class:`SrsTotals`) asked each bank item."""

    __tablename__ = "srs_item_answers"

    learner_id: Mapped[int] = mapped_column(
        sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    item_id: Mapped[int] = mapped_column(
        sa.ForeignKey("bank_items.id", ondelete="CASCADE"), primary_key=True
    )
    answers: Mapped[int] = mapped_column(sa.Integer)


#: The median time of a learner's answers is read along this index (``bench/srs.py``).
ATTEMPT_TIMES = sa.Index("ix_attempts_learner_id_seconds", Attempt.learner_id, Attempt.seconds)
