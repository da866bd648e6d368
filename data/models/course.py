"""The course's own table: what the attempts do not say.

A lesson's practice answers are ordinary attempts (their ``session`` names the
lesson: ``course:<lesson>:<session id>``), so the course's progress is read from
the answers already stored; this table keeps only what no answer says:

``course_marks``
    A lesson marked for a learner, by kind: ``placed`` (the placement test
    proved it mastered). One row per learner, lesson and kind (placed again:
    the time is renewed).
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from .core import Base

__all__ = ["CourseMark"]


class CourseMark(Base):
    """A lesson marked for a learner (``placed``: proved by the placement test)."""

    __tablename__ = "course_marks"

    learner_id: Mapped[int] = mapped_column(
        sa.ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    lesson: Mapped[str] = mapped_column(sa.String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(sa.String(16), primary_key=True)
    marked_at: Mapped[datetime]
