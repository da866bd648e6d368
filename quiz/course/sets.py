"""A teacher's practice set made from a lesson, and each student's place on it.

A classroom set asks whole hands (fu, han, yaku, payment): a lesson's set
draws hands of its topics (a points-table lesson: the topics of the payments
it teaches) and asks the parts closest to what the lesson asks. The set's
results show, for each student, the lesson's gate over their answers in it.

>>> from quiz.course.lessons import lesson
>>> set_parts(lesson("fu-sets")), set_parts(lesson("dora")), set_parts(lesson("limits"))
(('fu',), ('han',), ('payment',))
>>> set_topics(lesson("honba"))
('pay:honba', 'pay:dealer_tsumo_honba')
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from ..drills import DrillKind
from ..grading import Part
from .lessons import Lesson
from .mastery import Gate, LessonAnswer, gate

__all__ = ["TABLE_TOPICS", "set_parts", "set_topics", "student_gate"]

#: The hand topics of each points-table lesson's payments.
TABLE_TOPICS: dict[str, tuple[str, ...]] = {
    "plain_ron": ("pay:non_dealer_ron", "pay:dealer_ron"),
    "limits": ("limit:mangan", "limit:mangan_by_fu", "limit:haneman", "limit:baiman",
               "rule:kiriage"),
    "tsumo": ("pay:non_dealer_tsumo", "pay:dealer_tsumo", "pay:tsumo_rounding"),
    "honba": ("pay:honba", "pay:dealer_tsumo_honba"),
}
_ASKABLE = (Part.FU, Part.HAN, Part.YAKU, Part.PAYMENT)


def set_topics(lesson: Lesson) -> tuple[str, ...]:
    """The topics a lesson's set draws its hands from (none: any hand)."""
    if lesson.drill is DrillKind.TABLE:
        return TABLE_TOPICS[lesson.cells or "plain_ron"]
    return lesson.topics


def set_parts(lesson: Lesson) -> tuple[str, ...]:
    """The whole-hand parts a lesson's set asks: the lesson's own where a class can ask
    them; the dora lesson the han (the dora are counted in them), the waits lesson the
    fu (the wait is counted in them), a points-table lesson the payment."""
    own = tuple(p.value for p in lesson.asks if p in _ASKABLE)
    if own:
        return own
    return {DrillKind.DORA: ("han",), DrillKind.WAIT: ("fu",)}.get(lesson.drill, ("payment",))


def student_gate(lesson: Lesson, answers: Iterable[tuple[bool, float]]) -> Gate:
    """The lesson's gate over a student's answers in a set (right, seconds), in order."""

    at = datetime(2000, 1, 1, tzinfo=UTC)
    return gate([LessonAnswer(right, seconds, at) for right, seconds in answers],
                lesson.seconds)
