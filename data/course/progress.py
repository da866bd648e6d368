"""Storage of the course's progress: answers read back, lessons marked.

A lesson's practice answers are the learner's ordinary attempts, stored by the
drill's own path (journal, writer, ``Attempts.record``); their ``session`` is
``course:<lesson>:<session id>`` (:func:`course_session`). Reading the
progress reads those answers, and the learner's other recent answers (a
mastered lesson's concepts are watched in every drill), with the topics of the
hand asked and the concepts the grading named as missed. The only rows of its
own are the marks of :mod:`data.models.course` (a lesson placed).

>>> from data.db.schema import open_database
>>> from data.learners import Learners
>>> db = open_database(":memory:")
>>> ann = Learners(db).get_or_create("Ann")
>>> store = CourseRecords(db)
>>> store.place(ann.id, ["hand", "fu-start"])
>>> sorted(store.placed(ann.id))
['fu-start', 'hand']
>>> course_session("fu-start", "1-x"), lesson_of("course:fu-start:1-x"), lesson_of("1-x")
('course:fu-start:1-x', 'fu-start', None)
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import select

from ..clock import Clock, utc_now
from ..models.core import Attempt, AttemptConcept, ItemTopic
from ..models.course import CourseMark
from .answers import COURSE_PREFIX, PLACEMENT_PREFIX, CourseAnswer, course_session, lesson_of

if TYPE_CHECKING:
    from ..db.database import Database

__all__ = ["COURSE_PREFIX", "PLACEMENT_PREFIX", "CourseAnswer", "CourseRecords",
           "course_session", "lesson_of"]  # the first four and the last: from .answers

#: How many of a learner's latest answers are read for the course (its lessons' and
#: the rest: enough for every gate and refresher, bounded for a long history).
RECENT = 4000


class CourseRecords:
    """A learner's course answers and lesson marks."""

    def __init__(self, database: Database, *, clock: Clock = utc_now) -> None:
        self.db = database
        self.clock = clock

    def answers(self, learner_id: int, *, limit: int = RECENT) -> list[CourseAnswer]:
        """The learner's latest answers (at most ``limit``), oldest first, with the topics
        of each hand and the concepts missed."""
        with self.db.session() as s:
            rows = s.execute(
                select(Attempt.id, Attempt.item_id, Attempt.session, Attempt.drill,
                       Attempt.correct, Attempt.seconds, Attempt.answered_at)
                .where(Attempt.learner_id == learner_id)
                .order_by(Attempt.answered_at.desc(), Attempt.id.desc())
                .limit(limit)).all()
            if not rows:
                return []
            ids = [r.id for r in rows]
            items = {r.item_id for r in rows if r.item_id is not None}
            missed: dict[int, set[str]] = {}
            topics: dict[int, set[str]] = {}
            for chunk in _chunks(ids):
                for attempt_id, topic in s.execute(
                        select(AttemptConcept.attempt_id, AttemptConcept.topic)
                        .where(AttemptConcept.attempt_id.in_(chunk))):
                    missed.setdefault(attempt_id, set()).add(topic)
            for chunk in _chunks(sorted(items)):
                for item_id, topic in s.execute(
                        select(ItemTopic.item_id, ItemTopic.topic)
                        .where(ItemTopic.item_id.in_(chunk))):
                    topics.setdefault(item_id, set()).add(topic)
        return [CourseAnswer(r.session, r.drill, bool(r.correct), float(r.seconds),
                             r.answered_at,
                             frozenset(topics.get(r.item_id, ())) if r.item_id else frozenset(),
                             frozenset(missed.get(r.id, ())))
                for r in reversed(rows)]

    def placed(self, learner_id: int) -> dict[str, datetime]:
        """The lessons the placement test proved mastered, with when."""
        with self.db.session() as s:
            return {lesson: at for lesson, at in s.execute(
                select(CourseMark.lesson, CourseMark.marked_at)
                .where(CourseMark.learner_id == learner_id, CourseMark.kind == "placed"))}

    def place(self, learner_id: int, lessons: Iterable[str], *,
              at: datetime | None = None) -> None:
        """Mark lessons as proved by the placement test (again: the time is renewed)."""

        when = at or self.clock()
        with self.db.transaction() as s:
            for lesson in dict.fromkeys(lessons):
                row = s.get(CourseMark, (learner_id, lesson, "placed"))
                if row is None:
                    s.add(CourseMark(learner_id=learner_id, lesson=lesson, kind="placed",
                                     marked_at=when))
                else:
                    row.marked_at = when


def _chunks(values: list[int], size: int = 500) -> Iterable[list[int]]:
    for i in range(0, len(values), size):
        yield values[i:i + size]
