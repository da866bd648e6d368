"""A lesson's practice asks only what the path has taught so far, on its own concepts."""

from __future__ import annotations

import random

import pytest

from quiz.controller import DrillController
from quiz.course.lessons import lesson
from quiz.course.service import CourseService
from quiz.drills import DrillKind, Question
from quiz.grading import Part
from quiz.settings import Settings
from quiz.store.drill import DrillStore
from scoring.fu import FuKind
from tests.support.clock import FakeClock

pytestmark = pytest.mark.slow


def _questions(store: DrillStore, clock: FakeClock, lesson_id: str, n: int) -> list[Question]:
    learner = store.learners.get_or_create("ann")
    c = DrillController(store, learner, Settings(), clock=clock, rng=random.Random(5))
    CourseService(store, c).practise(lesson_id)
    out = []
    for _ in range(n):
        q = c.next_question()
        assert q is not None
        out.append(q)
        clock.advance(300)  # right but slow: the gate never passes, no concept is missed
        c.submit({p: q.key.expected_text(p) for p in q.key.parts})
    return out


def test_the_first_fu_lesson_asks_the_fu_of_hands_with_only_its_items(
        store: DrillStore, clock: FakeClock) -> None:
    for q in _questions(store, clock, "fu-start", 12):
        assert q.key.parts == (Part.FU,) and q.result is not None
        assert {i.kind for i in q.result.fu_items} <= {FuKind.BASE, FuKind.CLOSED_RON,
                                                       FuKind.TSUMO}
        assert {"fu:closed_ron", "fu:tsumo"} & set(q.topics)


def test_the_triplet_lesson_asks_each_of_its_concepts_in_turn(
        store: DrillStore, clock: FakeClock) -> None:
    topics = lesson("fu-sets").topics
    asked = _questions(store, clock, "fu-sets", len(topics))
    assert all(q.drill is DrillKind.FU for q in asked)
    # a round of questions covers every concept of the lesson (drawn by topic, in turn)
    covered = {t for q in asked for t in q.topics if t in topics}
    assert covered == set(topics)


def test_the_one_han_lesson_names_only_one_han_yaku_and_no_dora(
        store: DrillStore, clock: FakeClock) -> None:
    taught = {t.removeprefix("yaku:") for t in lesson("yaku-one").topics}
    for q in _questions(store, clock, "yaku-one", 12):
        assert q.key.parts == (Part.HAN, Part.YAKU) and q.result is not None
        assert {y.name for y in q.result.yaku} <= taught


def test_a_table_lesson_asks_its_cells(store: DrillStore, clock: FakeClock) -> None:
    for q in _questions(store, clock, "base-points", 12):
        assert q.cell is not None and not q.cell.tsumo and q.key.limit is None
    for q in _questions(store, clock, "payments", 12):
        assert q.cell is not None and q.cell.tsumo
