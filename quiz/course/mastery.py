"""When a lesson is mastered, when it slips, and where the learner stands on the path.

**The gate.** A lesson is mastered when, among its last :data:`WINDOW` practice
answers, at least :data:`NEED` are right (every part asked right, typed by the
learner: an answer left as ``?`` counts as wrong) and the median answer time is
within the lesson's own time (``seconds`` in the course file). Answers are
typed numbers, tiles and names, never picked from a few choices: a learner who
guesses one part in five right passes 9 of 10 with a chance under 1 in 200,000
(and guessing is slow). The figures are said on screen: "9 of the last 10
right, median 14 s".

**A refresher.** Once mastered, the lesson's concepts are watched in every
later answer: its own practice, and any drill's hand that exercises one of its
topics. :data:`SLIP_RUN` misses in a row (an answer of the lesson's practice
that is wrong, or an answer whose missed concepts include one of the lesson's)
mark it for a refresher, until its gate is passed again on answers given after
the slip.

**Placed** lessons (proved by the placement test) count as mastered from when
they were placed.

>>> from datetime import datetime, UTC
>>> t = datetime(2026, 1, 1, tzinfo=UTC)
>>> g = gate([LessonAnswer(True, 14.0, t)] * 9 + [LessonAnswer(False, 20.0, t)], 30)
>>> g.passed, g.right, g.of, g.median
(True, 9, 10, 14.0)
>>> gate([LessonAnswer(True, 40.0, t)] * 10, 30).passed
False
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from data.course.answers import PLACEMENT_PREFIX, CourseAnswer, lesson_of

from ..words.core import _, ngettext
from .lessons import Lesson

__all__ = ["NEED", "SLIP_RUN", "WINDOW", "CourseProgress", "Gate", "LessonAnswer",
           "LessonProgress", "State", "focus_topic", "gate", "progress"]

#: The answers the gate looks at (the lesson's latest).
WINDOW = 10
#: How many of them must be right.
NEED = 9
#: Misses in a row, after mastery, that mark a lesson for a refresher.
SLIP_RUN = 3
#: The latest answers whose missed concepts practice asks again.
FOCUS_RECENT = 5


@dataclass(frozen=True, slots=True)
class LessonAnswer:
    """One practice answer of a lesson, as the gate sees it."""

    correct: bool
    seconds: float
    at: datetime
    missed: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Gate:
    """The gate's figures over the latest answers, and whether they pass it."""

    right: int
    of: int
    median: float | None
    target: int
    passed: bool

    def figures(self) -> str:
        """``9 of the last 10 right, median 14 s`` (the active language)."""
        if not self.of:
            return _("not practised yet")
        right = ngettext("%(right)d of the last %(of)d right",
                         "%(right)d of the last %(of)d right", self.of) % {
            "right": self.right, "of": self.of}
        median = _("median %(s)d s") % {"s": round(self.median or 0)}
        return _("%(right)s, %(median)s") % {"right": right, "median": median}

    def needs(self) -> str:
        """What the gate asks, e.g. ``9 of 10 right, median within 30 s``."""
        return _("the gate: %(need)d of %(window)d right, median within %(s)d s") % {
            "need": NEED, "window": WINDOW, "s": self.target}


def gate(answers: Sequence[LessonAnswer], target: int) -> Gate:
    """The gate over the latest :data:`WINDOW` answers of a lesson."""
    last = list(answers)[-WINDOW:]
    right = sum(1 for a in last if a.correct)
    median = statistics.median(a.seconds for a in last) if last else None
    passed = len(last) == WINDOW and right >= NEED and median is not None and median <= target
    return Gate(right, len(last), median, target, passed)


class State(StrEnum):
    """Where a lesson stands for a learner."""

    TODO = "todo"
    IN_PROGRESS = "in_progress"
    MASTERED = "mastered"
    REFRESHER = "refresher"

    def label(self) -> str:
        """The state in words (the active language)."""
        return {State.TODO: _("to do"), State.IN_PROGRESS: _("in progress"),
                State.MASTERED: _("mastered"), State.REFRESHER: _("needs a refresher")}[self]


@dataclass(frozen=True, slots=True)
class LessonProgress:
    """One lesson's state for a learner, with the figures behind it."""

    lesson: Lesson
    state: State
    gate: Gate
    answered: int
    seconds: float
    mastered_at: datetime | None = None
    placed: bool = False
    #: The concept missed most among its latest answers (practice asks it more).
    focus: str | None = None


@dataclass(frozen=True, slots=True)
class CourseProgress:
    """A learner's place on the path."""

    lessons: tuple[LessonProgress, ...]
    practised_seconds: float = 0.0
    #: Each lesson's answers the gate counts (after a slip: only those since).
    history: Mapping[str, tuple[LessonAnswer, ...]] = field(default_factory=dict)

    @property
    def next(self) -> LessonProgress | None:
        """What to do next: the first lesson needing a refresher, else the first not
        mastered (None: the course is done)."""
        for state in (State.REFRESHER,):
            for p in self.lessons:
                if p.state is state:
                    return p
        return next((p for p in self.lessons if p.state in (State.TODO, State.IN_PROGRESS)),
                    None)

    def of(self, lesson_id: str) -> LessonProgress:
        """One lesson's progress."""
        return next(p for p in self.lessons if p.lesson.id == lesson_id)

    @property
    def mastered(self) -> int:
        """How many lessons are mastered (a refresher's not)."""
        return sum(1 for p in self.lessons if p.state is State.MASTERED)


def _is_miss(lesson: Lesson, answer: CourseAnswer) -> bool | None:
    """Whether an answer is a miss on the lesson's concepts (None: it does not touch them)."""
    own = lesson_of(answer.session) == lesson.id
    if own:
        return not answer.correct
    if not lesson.topics or not (lesson.teaches(answer.topics) or lesson.teaches(answer.missed)):
        return None
    return lesson.teaches(answer.missed)


def focus_topic(lesson: Lesson, answers: Iterable[LessonAnswer]) -> str | None:
    """The lesson's concept missed most in its latest :data:`FOCUS_RECENT` answers (the
    latest missed among equals), or None when none was missed.

    >>> from datetime import datetime, UTC
    >>> from quiz.course.lessons import lesson
    >>> t = datetime(2026, 1, 1, tzinfo=UTC)
    >>> miss = LessonAnswer(False, 9.0, t, frozenset({"fu:ron_triplet"}))
    >>> right = LessonAnswer(True, 9.0, t)
    >>> focus_topic(lesson("fu-sets"), [miss]), focus_topic(lesson("fu-sets"), [miss] + [right] * 5)
    ('fu:ron_triplet', None)
    """
    counts: dict[str, tuple[int, int]] = {}
    for i, a in enumerate(list(answers)[-FOCUS_RECENT:]):
        for topic in a.missed:
            if topic in lesson.topics:
                counts[topic] = (counts.get(topic, (0, 0))[0] + 1, i)
    if not counts:
        return None
    return max(counts.items(), key=lambda kv: kv[1])[0]


def _lesson_progress(lesson: Lesson, answers: Sequence[CourseAnswer],
                     placed_at: datetime | None) -> tuple[LessonProgress, tuple[LessonAnswer, ...]]:
    own = [a for a in answers if lesson_of(a.session) == lesson.id]
    mine = tuple(LessonAnswer(a.correct, a.seconds, a.answered_at, a.missed) for a in own)
    mastered_at = placed_at
    # the first time the gate passed, answer by answer
    for i in range(len(mine)):
        if gate(mine[:i + 1], lesson.seconds).passed:
            at = mine[i].at
            mastered_at = at if mastered_at is None else min(mastered_at, at)
            break
    slipped = False
    since = 0
    if mastered_at is not None:
        run = 0
        for a in answers:
            if a.answered_at <= mastered_at:
                continue
            miss = _is_miss(lesson, a)
            if miss is None:
                continue
            run = run + 1 if miss else 0
            if run >= SLIP_RUN and not slipped:
                slipped = True
                since = sum(1 for x in mine if x.at <= a.answered_at)
            elif slipped and lesson_of(a.session) == lesson.id:
                after = [x for x in mine[since:] if x.at <= a.answered_at]
                if gate(after, lesson.seconds).passed:
                    slipped, run = False, 0
    window = mine[since:] if slipped else mine
    g = gate(window, lesson.seconds)
    if slipped:
        state = State.REFRESHER
    elif mastered_at is not None:
        state = State.MASTERED
    elif mine:
        state = State.IN_PROGRESS
    else:
        state = State.TODO
    return (LessonProgress(lesson, state, g, len(mine), sum(a.seconds for a in mine),
                           mastered_at, placed_at is not None,
                           focus_topic(lesson, window)), tuple(window))


def progress(lessons: Sequence[Lesson], answers: Sequence[CourseAnswer],
             placed: Mapping[str, datetime] | None = None) -> CourseProgress:
    """Every lesson's state from the learner's stored answers (oldest first) and the
    lessons placed by the placement test."""
    placed = placed or {}
    out = []
    history = {}
    for each in lessons:
        p, window = _lesson_progress(each, answers, placed.get(each.id))
        out.append(p)
        history[each.id] = window
    practised = sum(a.seconds for a in answers
                    if lesson_of(a.session) or (a.session or "").startswith(PLACEMENT_PREFIX))
    return CourseProgress(tuple(out), practised, history)
