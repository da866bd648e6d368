"""The placement test: a short mixed test that places a player who already scores.

One question for each lesson before the last, in the course's order (a hand of
one of its topics, asking its parts; a second one when the first is missed),
then whole hands until :data:`WHOLE_HANDS` are right (two missed end it). A
lesson is proved when one of its questions is answered right within twice its
gate's time, and, unless the whole hands are proved, no whole hand misses one
of its concepts; the last lesson
(whole hands) when :data:`WHOLE_HANDS` whole hands are right. After
:data:`GIVE_UP` lessons in a row not proved the test ends: the rest of the path
is for learning, not placing. An expert answers 16 questions; at most 13 x 2 +
4 = 30 for the course's 14 lessons.

Like a lesson's practice it is a question source of the drill controller
(answers stored as any drill's, in a ``placement:`` session); the lessons it
proves are marked with :meth:`data.course.progress.CourseRecords.place`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from ..drills import Question
from ..words.core import ngettext
from .lessons import Lesson
from .practice import lesson_question

if TYPE_CHECKING:
    from ..controller import ItemDraws
    from ..settings import Settings

__all__ = ["GIVE_UP", "WHOLE_HANDS", "PlacedAnswer", "PlacementTest"]

#: Whole hands at the end of the test.
WHOLE_HANDS = 3
#: Lessons in a row not proved that end the test.
GIVE_UP = 3


class _Graded(Protocol):
    @property
    def correct(self) -> bool: ...

    @property
    def concepts(self) -> tuple[str, ...]: ...


class PlacedAnswer(Protocol):
    """What the test reads of an answer: a session's :class:`quiz.session.Answered`, or
    the facts a web page carries from one question to the next."""

    @property
    def marked(self) -> _Graded: ...

    @property
    def seconds(self) -> float: ...


class PlacementTest:
    """The placement test's questions, one lesson after another.

    Args:
        draws: where hands are drawn from (the store).
        lessons: the course's lessons, in order (the last one is the whole hands).
        settings: the learner's settings.
        rng: the random source.
        answered: the session's answers so far (the controller's session).
    """

    def __init__(self, draws: ItemDraws | None, lessons: Sequence[Lesson], settings: Settings,
                 rng: random.Random, answered: Callable[[], Sequence[PlacedAnswer]]) -> None:
        self.draws = draws
        self.store = draws
        self.lessons = tuple(lessons)
        self.settings = settings
        self.rng = rng
        self.answered = answered
        self.asked: set[int] = set()
        #: The lesson each question asked, in order.
        self.plan: list[Lesson] = []
        self.proved: list[str] = []
        #: Each lesson's answers so far: right (and in time) or not.
        self.tries: dict[str, list[bool]] = {}
        self.failed_run = 0
        self.finished = False
        self.notice: str | None = None

    def score(self) -> None:
        """Read the answers given so far into the lessons proved."""
        answers = self.answered()
        whole = self.lessons[-1]
        tries: dict[str, list[bool]] = {}
        missed: set[str] = set()
        for lesson, answer in zip(self.plan, answers, strict=False):
            if lesson is whole:
                tries.setdefault(lesson.id, []).append(answer.marked.correct)
                missed |= set(answer.marked.concepts)
                continue
            tries.setdefault(lesson.id, []).append(
                answer.marked.correct and answer.seconds <= 2 * lesson.seconds)
        self.tries = tries
        scores = sum(tries.get(whole.id, ())) >= WHOLE_HANDS
        if scores:
            missed = set()  # whole hands scored: one slip among them unproves nothing
        self.proved = [x.id for x in self.lessons[:-1] if any(tries.get(x.id, ()))
                       and not x.teaches(frozenset(missed))]
        if scores:
            self.proved.append(whole.id)
        run = 0
        for x in self.lessons[:-1]:
            if x.id not in tries:
                break
            done = tries[x.id]
            if any(done):
                run = 0
            elif len(done) >= 2:
                run += 1
        self.failed_run = run

    def _next_lesson(self) -> Lesson | None:
        done = len(self.answered())
        if done < len(self.plan):
            return self.plan[done]  # asked again (the question could not be drawn)
        if self.failed_run >= GIVE_UP:
            return None
        last = self.plan[-1] if self.plan else None
        whole = self.lessons[-1]
        if last is not None and last is not whole and self.tries.get(last.id) == [False]:
            return last  # a second chance: one slip does not keep an expert back
        for x in self.lessons[:-1]:
            if x.id not in self.tries:
                return x
        results = self.tries.get(whole.id, [])
        if sum(results) < WHOLE_HANDS and results.count(False) < 2:
            return whole
        return None

    def next_question(self, number: int) -> Question | None:
        self.score()
        draws = self.store if self.store is not None else self.draws
        while True:
            lesson = self._next_lesson()
            if lesson is None:
                self.finished = True
                n = len(self.proved)
                self.notice = ngettext("Placement done: %(n)d lesson proved mastered.",
                                       "Placement done: %(n)d lessons proved mastered.",
                                       n) % {"n": n}
                return None
            q = lesson_question(lesson, draws, self.settings, self.rng, number, asked=self.asked)
            if len(self.plan) < len(self.answered()) + 1:
                self.plan.append(lesson)
            if q is not None:
                return q
            # no hand for this lesson in the bank: counted as not proved, on to the next
            self.plan[-1:] = []
            self.lessons = tuple(x for x in self.lessons if x is not lesson) or self.lessons
