"""Classroom tables: practice sets a teacher prepares and the answers students give.

The models share :class:`data.models.core.Base` (and so its naming convention and
UTC timestamps); migration ``0003_classroom`` creates them.

Tables:

- ``class_sets``: a practice set: a unique name, the rule profile, what is
  asked, the time limits, when explanations are shown, how its items were
  chosen and the teacher's password hash.
- ``class_set_items``: the fixed, ordered list of bank items of a set (the
  same hands in the same order for every student).
- ``class_enrolments``: a student in a set (the name is unique in the set),
  with a hashed PIN to resume and the next question to ask.
- ``class_limits`` (migration ``0009_class_guard``): attempts counted per key
  (a student's code, a teacher's password from an address, first joins from an
  address), shared by every server process on the database.
- ``class_answers``: one row per student per question, stored exactly once
  (unique on enrolment and position), with ``class_answer_parts`` (each part
  given, expected, right or wrong) and ``class_answer_concepts`` (the topics
  the grading says were missed).

The UI never sees these classes: :mod:`data.classroom` hands back frozen records.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .core import BankItem, Base

#: When a set shows the explanations: after each answer, or only at the end.
EXPLAIN_MODES = ("during", "after")


class PracticeSet(Base):
    """A practice set prepared by a teacher.

    ``parts`` lists what is asked (part names of the grading: ``fu``, ``han``,
    ``yaku``, ``payment``...); ``selection`` records how the items were chosen
    (by id, by topic, drawn with a seed), so a set can be explained and redrawn.
    """

    __tablename__ = "class_sets"
    __table_args__ = (
        sa.CheckConstraint("explain IN ('during', 'after')", name="explain"),
        sa.CheckConstraint(
            "question_seconds IS NULL OR question_seconds > 0", name="question_seconds"
        ),
        sa.CheckConstraint("set_seconds IS NULL OR set_seconds > 0", name="set_seconds"),
    )

    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    name: Mapped[str] = mapped_column(sa.String(64), unique=True)
    rules: Mapped[str] = mapped_column(sa.String(32))
    parts: Mapped[list[Any]]
    skip_fu_on_limits: Mapped[bool] = mapped_column(sa.Boolean)
    question_seconds: Mapped[int | None] = mapped_column(sa.Integer)
    set_seconds: Mapped[int | None] = mapped_column(sa.Integer)
    explain: Mapped[str] = mapped_column(sa.String(8))
    selection: Mapped[dict[str, Any]]
    password_hash: Mapped[str] = mapped_column(sa.String(255))
    created_at: Mapped[datetime]
    #: No new student may join (those enrolled go on); migration 0009.
    closed: Mapped[bool] = mapped_column(sa.Boolean, default=False,
                                         server_default=sa.false())
    #: The only names that may join (None: any name); migration 0009.
    roster: Mapped[list[Any] | None] = mapped_column(sa.JSON, nullable=True)

    items: Mapped[list[PracticeSetItem]] = relationship(
        back_populates="practice_set",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="PracticeSetItem.position",
    )
    enrolments: Mapped[list[Enrolment]] = relationship(
        back_populates="practice_set", cascade="all, delete-orphan", passive_deletes=True
    )


class PracticeSetItem(Base):
    """The bank item asked at one position of a set (positions count from 0)."""

    __tablename__ = "class_set_items"
    __table_args__ = (
        sa.UniqueConstraint("set_id", "item_id"),
        sa.CheckConstraint("position >= 0", name="position"),
        sa.Index(None, "item_id"),
    )

    set_id: Mapped[int] = mapped_column(
        sa.ForeignKey("class_sets.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    item_id: Mapped[int] = mapped_column(sa.ForeignKey("bank_items.id", ondelete="RESTRICT"))

    practice_set: Mapped[PracticeSet] = relationship(back_populates="items")
    item: Mapped[BankItem] = relationship()


class Enrolment(Base):
    """A student taking a set; ``position`` is the next question to ask (resume point)."""

    __tablename__ = "class_enrolments"
    __table_args__ = (
        sa.UniqueConstraint("set_id", "student"),
        sa.CheckConstraint("position >= 0", name="position"),
    )

    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    set_id: Mapped[int] = mapped_column(sa.ForeignKey("class_sets.id", ondelete="CASCADE"))
    student: Mapped[str] = mapped_column(sa.String(64))
    pin_hash: Mapped[str] = mapped_column(sa.String(255))
    position: Mapped[int] = mapped_column(sa.Integer, default=0)
    joined_at: Mapped[datetime]
    finished_at: Mapped[datetime | None]
    #: When the server handed out the question at ``position`` (its clock); migration 0009.
    asked_at: Mapped[datetime | None]

    practice_set: Mapped[PracticeSet] = relationship(back_populates="enrolments")
    answers: Mapped[list[ClassAnswer]] = relationship(
        back_populates="enrolment",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="ClassAnswer.position",
    )


class ClassAnswer(Base):
    """A student's answer to one question of a set: stored once, never changed."""

    __tablename__ = "class_answers"
    __table_args__ = (
        sa.UniqueConstraint("enrolment_id", "position"),
        sa.CheckConstraint("position >= 0", name="position"),
        sa.CheckConstraint("seconds >= 0", name="seconds"),
    )

    id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    enrolment_id: Mapped[int] = mapped_column(
        sa.ForeignKey("class_enrolments.id", ondelete="CASCADE")
    )
    position: Mapped[int] = mapped_column(sa.Integer)
    correct: Mapped[bool] = mapped_column(sa.Boolean)
    seconds: Mapped[float] = mapped_column(sa.Float)
    timed_out: Mapped[bool] = mapped_column(sa.Boolean)
    answered_at: Mapped[datetime]

    enrolment: Mapped[Enrolment] = relationship(back_populates="answers")
    parts: Mapped[list[ClassAnswerPart]] = relationship(
        back_populates="answer",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="ClassAnswerPart.position",
    )
    concepts: Mapped[list[ClassAnswerConcept]] = relationship(
        back_populates="answer", cascade="all, delete-orphan", passive_deletes=True
    )


class ClassAnswerPart(Base):
    """One part of a class answer: what was given, what was expected, right or wrong."""

    __tablename__ = "class_answer_parts"

    answer_id: Mapped[int] = mapped_column(
        sa.ForeignKey("class_answers.id", ondelete="CASCADE"), primary_key=True
    )
    part: Mapped[str] = mapped_column(sa.String(16), primary_key=True)
    position: Mapped[int] = mapped_column(sa.Integer)
    given: Mapped[str] = mapped_column(sa.Text)
    expected: Mapped[str] = mapped_column(sa.Text)
    correct: Mapped[bool] = mapped_column(sa.Boolean)

    answer: Mapped[ClassAnswer] = relationship(back_populates="parts")


class ClassAnswerConcept(Base):
    """A concept (topic id of :mod:`data.topics`) missed in a class answer."""

    __tablename__ = "class_answer_concepts"
    __table_args__ = (sa.Index(None, "topic"),)

    answer_id: Mapped[int] = mapped_column(
        sa.ForeignKey("class_answers.id", ondelete="CASCADE"), primary_key=True
    )
    topic: Mapped[str] = mapped_column(sa.String(64), primary_key=True)

    answer: Mapped[ClassAnswer] = relationship(back_populates="concepts")


class ClassLimit(Base):
    """Attempts counted under one key (see :mod:`data.classroom.limits`).

    ``attempts`` were counted since ``since`` (seconds since the epoch, the
    start of the window); ``pending`` are being checked (the last reserved at
    ``pending_at``); the next may be made from ``next_at``. Every server
    process on the database reads and moves the same row (compare and swap on
    ``version``), so the limit holds for all of them and across restarts.
    """

    __tablename__ = "class_limits"
    __table_args__ = (sa.CheckConstraint("attempts >= 0", name="attempts"),)

    key: Mapped[str] = mapped_column(sa.String(255), primary_key=True)
    attempts: Mapped[int] = mapped_column(sa.Integer)
    pending: Mapped[int] = mapped_column(sa.Integer)
    since: Mapped[float] = mapped_column(sa.Float)
    next_at: Mapped[float] = mapped_column(sa.Float)
    pending_at: Mapped[float] = mapped_column(sa.Float)
    version: Mapped[int] = mapped_column(sa.Integer)
