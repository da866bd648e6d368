"""The placement test places a player who already scores, in a few questions."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from quiz.controller import DrillController
from quiz.course.lessons import lessons
from quiz.course.mastery import State
from quiz.course.placement import GIVE_UP
from quiz.course.service import CourseService
from quiz.drills import Question
from quiz.grading import Part
from quiz.settings import Settings
from quiz.store.drill import DrillStore
from tests.support.clock import FakeClock

pytestmark = pytest.mark.slow


def _take(store: DrillStore, clock: FakeClock,
          answer: Callable[[Question], dict[Part, str]]) -> tuple[int, list[str], CourseService]:
    learner = store.learners.get_or_create("ann")
    c = DrillController(store, learner, Settings(), clock=clock, rng=random.Random(11))
    service = CourseService(store, c)
    test = service.place()
    asked = 0
    while (q := c.next_question()) is not None:
        asked += 1
        clock.advance(9)
        c.submit(answer(q))
    return asked, service.finish_placement(test), service


def _right(q: Question) -> dict[Part, str]:
    return {p: q.key.expected_text(p) for p in q.key.parts}


def test_an_expert_is_placed_past_every_lesson_in_at_most_30_questions(
        store: DrillStore, clock: FakeClock) -> None:
    asked, proved, service = _take(store, clock, _right)
    assert asked <= 30
    assert proved == [x.id for x in lessons()]
    progress = service.progress()
    assert all(p.state is State.MASTERED and p.placed for p in progress.lessons)
    assert progress.next is None


def test_a_beginner_is_placed_nowhere_and_the_test_ends_early(
        store: DrillStore, clock: FakeClock) -> None:
    asked, proved, service = _take(store, clock, lambda q: {p: "?" for p in q.key.parts})
    assert proved == [] and asked == 2 * GIVE_UP  # each lesson missed twice
    assert service.progress().next.lesson.id == "hand"  # type: ignore[union-attr]


def test_a_player_who_counts_fu_but_not_payments_is_placed_on_the_fu_lessons(
        store: DrillStore, clock: FakeClock) -> None:
    def fu_only(q: Question) -> dict[Part, str]:
        values = _right(q)
        if Part.PAYMENT in values:
            values[Part.PAYMENT] = "?"
        return values

    _asked, proved, service = _take(store, clock, fu_only)
    assert {"hand", "fu-start", "fu-sets", "fu-pair-wait", "fu-rounding"} <= set(proved)
    assert not {"base-points", "payments", "whole-hands"} & set(proved)
    assert service.progress().next.lesson.id == "base-points"  # type: ignore[union-attr]
