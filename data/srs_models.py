"""Tables of spaced repetition: FSRS cards and every review, per learner.

The models share :class:`data.models.Base` (and so its metadata and its
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

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base

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
        CheckConstraint("kind IN ('hand', 'concept', 'cell')", name="kind"),
        CheckConstraint("origin IN ('new', 'missed', 'table')", name="origin"),
        CheckConstraint("state IN (1, 2, 3)", name="state"),
        UniqueConstraint("learner_id", "kind", "subject"),
        Index(None, "learner_id", "state", "due"),
        Index(None, "learner_id", "due"),
        Index(None, "learner_id", "created_at"),
        Index(None, "item_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(16))
    subject: Mapped[str] = mapped_column(String(64))
    item_id: Mapped[int | None] = mapped_column(ForeignKey("bank_items.id", ondelete="RESTRICT"))
    concepts: Mapped[list[Any]] = mapped_column(JSON)
    han: Mapped[int | None] = mapped_column(Integer)
    fu: Mapped[int | None] = mapped_column(Integer)
    dealer: Mapped[bool | None] = mapped_column(Boolean)
    tsumo: Mapped[bool | None] = mapped_column(Boolean)
    origin: Mapped[str] = mapped_column(String(16))
    state: Mapped[int] = mapped_column(Integer)
    step: Mapped[int | None] = mapped_column(Integer)
    stability: Mapped[float | None] = mapped_column(Float)
    difficulty: Mapped[float | None] = mapped_column(Float)
    due: Mapped[datetime]
    last_review: Mapped[datetime | None]
    reps: Mapped[int] = mapped_column(Integer, default=0)
    lapses: Mapped[int] = mapped_column(Integer, default=0)
    leech: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime]


class SrsReview(Base):
    """One review of one card: the rating, when, and the schedule it gave."""

    __tablename__ = "srs_reviews"
    __table_args__ = (
        CheckConstraint("rating BETWEEN 1 AND 4", name="rating"),
        CheckConstraint("auto_rating BETWEEN 1 AND 4", name="auto_rating"),
        CheckConstraint("kind IN ('new', 'learn', 'review', 'relearn', 'miss')", name="kind"),
        Index(None, "learner_id", "reviewed_at"),
        Index(None, "card_id", "reviewed_at"),
        Index(None, "attempt_id"),
        Index(None, "item_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    card_id: Mapped[int] = mapped_column(ForeignKey("srs_cards.id", ondelete="CASCADE"))
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"))
    item_id: Mapped[int | None] = mapped_column(ForeignKey("bank_items.id", ondelete="RESTRICT"))
    attempt_id: Mapped[int | None] = mapped_column(ForeignKey("attempts.id", ondelete="SET NULL"))
    kind: Mapped[str] = mapped_column(String(16))
    rating: Mapped[int] = mapped_column(Integer)
    auto_rating: Mapped[int | None] = mapped_column(Integer)
    correct: Mapped[bool] = mapped_column(Boolean)
    reviewed_at: Mapped[datetime]
    duration_ms: Mapped[int | None] = mapped_column(Integer)
    state_before: Mapped[int] = mapped_column(Integer)
    state: Mapped[int] = mapped_column(Integer)
    stability: Mapped[float | None] = mapped_column(Float)
    difficulty: Mapped[float | None] = mapped_column(Float)
    due: Mapped[datetime]
