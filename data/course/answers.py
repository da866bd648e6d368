"""A course answer as the course reads it, and the session ids of its practice.

Records only (no database): what the course's rules need, importable by a
student's terminal that never opens a database (:mod:`.progress` reads them).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

__all__ = ["COURSE_PREFIX", "PLACEMENT_PREFIX", "CourseAnswer", "course_session", "lesson_of"]

#: The start of a lesson practice session's id.
COURSE_PREFIX = "course:"
#: The start of a placement test session's id.
PLACEMENT_PREFIX = "placement:"


def course_session(lesson: str, session: str) -> str:
    """The session id of a lesson's practice (at most 64 characters)."""
    return f"{COURSE_PREFIX}{lesson}:{session}"[:64]


def lesson_of(session: str | None) -> str | None:
    """The lesson whose practice a session id names, or None."""
    if not session or not session.startswith(COURSE_PREFIX):
        return None
    return session[len(COURSE_PREFIX):].split(":", 1)[0] or None


@dataclass(frozen=True, slots=True)
class CourseAnswer:
    """One stored answer as the course reads it.

    Attributes:
        session: its session id (a lesson's practice: :func:`lesson_of`).
        drill: the drill it answered.
        correct: every part right.
        seconds: how long it took.
        answered_at: when.
        topics: the topics of the hand asked (none for a points-table question).
        missed: the concepts the grading named as missed.
    """

    session: str | None
    drill: str
    correct: bool
    seconds: float
    answered_at: datetime
    topics: frozenset[str] = frozenset()
    missed: frozenset[str] = frozenset()
