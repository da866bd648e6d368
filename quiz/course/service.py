"""One learner's course: progress read, practice and placement started, lessons placed.

The screens (and a web page) use this: it reads through the store's database,
starts sessions on the drill controller (so the drill screen shows the
questions and the store writes the answers, as in any drill), and never
imports Textual.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from data.course.progress import PLACEMENT_PREFIX, CourseRecords, course_session

from ..session import SessionPlan
from .lessons import Lesson, lesson, lessons
from .mastery import CourseProgress, progress
from .placement import PlacementTest
from .practice import LessonQuestions

if TYPE_CHECKING:
    from ..controller import DrillController
    from ..session import Answered
    from ..store.drill import DrillStore

__all__ = ["CourseService", "read_progress"]


def read_progress(store: DrillStore, records: CourseRecords, learner_id: int) -> CourseProgress:
    """A learner's every lesson's state, from the answers stored (the writer's queue
    flushed first): the terminal's map and the web's read it the same way."""
    store.flush(5.0)
    return progress(lessons(), records.answers(learner_id), records.placed(learner_id))


class CourseService:
    """The course of the controller's learner."""

    def __init__(self, store: DrillStore, controller: DrillController) -> None:
        self.store = store
        self.controller = controller
        self.records = CourseRecords(store.database, clock=controller.clock)

    @property
    def learner_id(self) -> int:
        """Whose course it is."""
        return self.controller.learner.id

    def progress(self) -> CourseProgress:
        """Every lesson's state, from the answers stored (the writer's queue flushed first)."""
        return read_progress(self.store, self.records, self.learner_id)

    def practise(self, lesson_id: str, known: CourseProgress | None = None) -> LessonQuestions:
        """Start a lesson's practice on the controller (its first question is the drill
        screen's to show)."""
        chosen: Lesson = lesson(lesson_id)
        known = known or self.progress()
        c = self.controller
        source = LessonQuestions(c.store or c.draws, chosen, c.settings, c.rng,
                                 known.history.get(chosen.id, ()), self._answered)
        c.start(chosen.drill, source, plan=SessionPlan(chosen.drill, length=None),
                tag=course_session(chosen.id, ""))
        return source

    def mastered(self, practice: LessonQuestions) -> int:
        """A lesson's practice passed its gate: its concepts become review cards (the lesson
        comes back in review); returns how many cards were made."""
        if not practice.mastered or not practice.lesson.topics:
            return 0
        self.store.flush(5.0)
        return len(self.controller.srs_service().enrol_concepts(practice.lesson.topics))

    def place(self) -> PlacementTest:
        """Start the placement test on the controller."""
        c = self.controller
        test = PlacementTest(c.store or c.draws, lessons(), c.settings, random.Random(
            c.rng.randrange(2**32)), self._answered)
        c.start(lessons()[0].drill, test,
                plan=SessionPlan(lessons()[0].drill, length=None),
                tag=PLACEMENT_PREFIX)
        return test

    def finish_placement(self, test: PlacementTest) -> list[str]:
        """Mark the lessons the test proved; returns their ids."""
        if not test.finished:
            test.score()  # ended early: what was answered counts
        if test.proved:
            self.records.place(self.learner_id, test.proved)
        return list(test.proved)

    def _answered(self) -> list[Answered]:
        s = self.controller.session
        return list(s.answered) if s is not None else []
