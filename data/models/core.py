"""The database tables as SQLAlchemy 2 ORM models.

Constraint and index names come from :data:`NAMING_CONVENTION`, so every
migration (including those that later versions add on top of
``0001_initial``) can name what it alters. Times are stored in UTC: the
:class:`UTCDateTime` column type refuses naive datetimes and hands back
aware ones.

Tables:

- ``meta``: key/value facts about the database (e.g. which curated bank files were loaded).
- ``learners``: named learner profiles.
- ``learner_settings``: one JSON value per learner and key.
- ``bank_items``: the question bank: a problem (batch input), its answer (batch
  output, checked against scoring whenever it is read), and what it teaches.
- ``item_topics``: the topic ids of each item (see :mod:`data.topics`).
- ``attempts``: each answer a learner gave, with ``attempt_parts`` (each part:
  given, expected, right or wrong) and ``attempt_concepts`` (topics missed).
  An answer that went through the app's answer journal carries the journal
  entry's id in ``entry`` (unique: the same answer can never be stored twice).
- ``stored_entries``: journal entries stored that leave no row of their own to
  carry their id (a rating changed after the answer).

The UI never sees these classes: :mod:`data.bank.repository` turns rows into the
frozen records of :mod:`data.records`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any, ClassVar

import sqlalchemy as sa
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

#: How constraints and indexes are named, on every table of every migration.
NAMING_CONVENTION: dict[str, str] = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

#: The kinds of bank item (``game``: a win imported from a game log).
ITEM_KINDS = ("curated", "generated", "game")


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp stored in UTC; naive datetimes are refused, values come back aware."""

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value!r}: times must be timezone-aware (UTC)")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    """Base of every model; its metadata carries the naming convention."""

    metadata = sa.MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        datetime: UTCDateTime(),
        dict[str, Any]: sa.JSON(),
        list[Any]: sa.JSON(),
    }


class Meta(Base):
    """A fact about the database itself (not about a learner)."""

    __tablename__ = "meta"

    key: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    value: Mapped[str] = mapped_column(sa.Text)


class Learner(Base):
    """A named learner profile; each has their own settings and history."""

    __tablename__ = "learners"

    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    name: Mapped[str] = mapped_column(sa.String(64), unique=True)
    created_at: Mapped[datetime]

    settings: Mapped[list[LearnerSetting]] = relationship(
        back_populates="learner", cascade="all, delete-orphan", passive_deletes=True
    )


class LearnerSetting(Base):
    """One setting of one learner, as a JSON value."""

    __tablename__ = "learner_settings"

    learner_id: Mapped[int] = mapped_column(
        sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    value: Mapped[Any] = mapped_column(sa.JSON)
    updated_at: Mapped[datetime]

    learner: Mapped[Learner] = relationship(back_populates="settings")


class BankItem(Base):
    """One question of the bank.

    ``problem`` is the batch input object (``../shared/scoring-io.md``) without
    ``id``; ``answer`` is the batch output object that scoring gave when the
    item was stored. The columns after it are copies of the answer, for
    filtering and statistics.
    """

    __tablename__ = "bank_items"
    __table_args__ = (
        sa.CheckConstraint("kind IN ('curated', 'generated', 'game')", name="kind"),
        sa.CheckConstraint("difficulty BETWEEN 1 AND 5", name="difficulty"),
        sa.Index(None, "kind", "difficulty"),
        sa.Index(None, "rules"),
    )

    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    uid: Mapped[str] = mapped_column(sa.String(64), unique=True)
    kind: Mapped[str] = mapped_column(sa.String(16))
    rules: Mapped[str] = mapped_column(sa.String(32))
    problem: Mapped[dict[str, Any]]
    answer: Mapped[dict[str, Any]]
    fu: Mapped[int]
    han: Mapped[int]
    yakuman: Mapped[int]
    limit: Mapped[str | None] = mapped_column("limit_name", sa.String(24))
    total: Mapped[int]
    declaration: Mapped[str] = mapped_column(sa.String(32))
    dealer: Mapped[bool] = mapped_column(sa.Boolean)
    tsumo: Mapped[bool] = mapped_column(sa.Boolean)
    closed: Mapped[bool] = mapped_column(sa.Boolean)
    difficulty: Mapped[int]
    source: Mapped[str] = mapped_column(sa.String(200), default="")
    note: Mapped[str | None] = mapped_column(sa.Text)
    focus: Mapped[list[Any]]
    created_at: Mapped[datetime]

    topics: Mapped[list[ItemTopic]] = relationship(
        back_populates="item", cascade="all, delete-orphan", passive_deletes=True
    )


class ItemTopic(Base):
    """A topic (see :mod:`data.topics`) that a bank item exercises."""

    __tablename__ = "item_topics"
    __table_args__ = (sa.Index(None, "topic"),)

    item_id: Mapped[int] = mapped_column(
        sa.ForeignKey("bank_items.id", ondelete="CASCADE"), primary_key=True
    )
    topic: Mapped[str] = mapped_column(sa.String(64), primary_key=True)

    item: Mapped[BankItem] = relationship(back_populates="topics")


class Attempt(Base):
    """One answer a learner gave to one question.

    ``item_id`` is null for questions that are not bank items (e.g. a points-table
    cell); ``question`` then describes what was asked.
    """

    __tablename__ = "attempts"
    __table_args__ = (
        sa.Index(None, "learner_id", "answered_at"),
        sa.Index(None, "item_id"),
        sa.Index(None, "session"),
        sa.Index(None, "entry", unique=True),
    )
    #: ``entry``'s server default is not read back after an INSERT (see ``entry``).
    __mapper_args__ = MappingProxyType({"eager_defaults": False})

    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(sa.ForeignKey("learners.id", ondelete="CASCADE"))
    item_id: Mapped[int | None] = mapped_column(sa.ForeignKey("bank_items.id", ondelete="RESTRICT"))
    drill: Mapped[str] = mapped_column(sa.String(32))
    session: Mapped[str | None] = mapped_column(sa.String(64))
    question: Mapped[dict[str, Any] | None] = mapped_column(sa.JSON)
    correct: Mapped[bool] = mapped_column(sa.Boolean)
    seconds: Mapped[float] = mapped_column(sa.Float)
    answered_at: Mapped[datetime]
    #: The answer journal's entry id (None for answers stored before it was kept). Its
    #: server default keeps it out of an INSERT that does not set it, and it is loaded
    #: only when asked for, so this model still reads and writes a database not yet
    #: upgraded to 0008 (as tests of older revisions do).
    entry: Mapped[str | None] = mapped_column(sa.String(32), server_default=sa.null(),
                                              deferred=True)

    parts: Mapped[list[AttemptPart]] = relationship(
        back_populates="attempt",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="AttemptPart.position",
    )
    concepts: Mapped[list[AttemptConcept]] = relationship(
        back_populates="attempt", cascade="all, delete-orphan", passive_deletes=True
    )


class AttemptPart(Base):
    """One part of an answer (fu, han, yaku, payment, ...): what was given and whether right."""

    __tablename__ = "attempt_parts"

    attempt_id: Mapped[int] = mapped_column(
        sa.ForeignKey("attempts.id", ondelete="CASCADE"), primary_key=True
    )
    part: Mapped[str] = mapped_column(sa.String(16), primary_key=True)
    position: Mapped[int]
    given: Mapped[str] = mapped_column(sa.Text)
    expected: Mapped[str] = mapped_column(sa.Text)
    correct: Mapped[bool] = mapped_column(sa.Boolean)

    attempt: Mapped[Attempt] = relationship(back_populates="parts")


class AttemptConcept(Base):
    """A concept (topic id) the learner missed in an attempt."""

    __tablename__ = "attempt_concepts"
    __table_args__ = (sa.Index(None, "topic"),)

    attempt_id: Mapped[int] = mapped_column(
        sa.ForeignKey("attempts.id", ondelete="CASCADE"), primary_key=True
    )
    topic: Mapped[str] = mapped_column(sa.String(64), primary_key=True)

    attempt: Mapped[Attempt] = relationship(back_populates="concepts")


class StoredEntry(Base):
    """A journal entry stored that has no row of its own to carry its id (a changed
    rating): its key makes a second storing of the same entry impossible. Ids are
    forgotten after :data:`data.learners.FORGET_STORED_AFTER` (an entry that old is
    refused: see :class:`data.learners.StoredEntries`)."""

    __tablename__ = "stored_entries"

    entry: Mapped[str] = mapped_column(sa.String(32), primary_key=True)
    stored_at: Mapped[datetime]
