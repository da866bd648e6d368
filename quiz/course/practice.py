"""A lesson's practice: questions on exactly its concept, until its gate is passed.

:class:`LessonQuestions` is a question source of the drill controller
(:class:`quiz.controller.QuestionSource`): the drill screen shows its
questions, the controller grades them and the store writes them, as in any
drill; the session's id names the lesson (:func:`data.course.progress.course_session`).
It draws hands of the lesson's topics in turn (the concept missed lately more
often: :func:`quiz.course.mastery.focus_topic`), asks only the lesson's parts,
and ends the session when the gate is passed, saying so with the figures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from scoring.fu import FuKind
from scoring.yaku import DORA_NAMES

from ..drills import DrillKind, Question, TableCell, build_question, question_for_cell
from ..words.core import _
from .lessons import Lesson, lessons
from .mastery import WINDOW, LessonAnswer, focus_topic, gate

if TYPE_CHECKING:
    from ..controller import ItemDraws
    from ..session import Answered
    from ..settings import Settings

__all__ = ["FOCUS_SHARE", "LessonQuestions", "lesson_cell", "lesson_question",
           "taught_so_far"]

#: How often practice asks the concept missed most lately (when there is one).
FOCUS_SHARE = 0.75

_FU_ROWS = (30, 40, 50, 60, 70, 80, 90, 100, 110)


def lesson_cell(kind: str, rng: random.Random) -> TableCell:
    """A points-table cell of a table lesson's kind.

    ``plain_ron``: a ron below mangan (no kiriage edge); ``limits``: a ron at or
    near the limits; ``tsumo``: a tsumo, below mangan mostly; ``honba``: any win
    with 1 to 4 honba.

    >>> rng = random.Random(1)
    >>> all(not c.tsumo and c.fu << (c.han + 2) < 1920
    ...     for c in (lesson_cell("plain_ron", rng) for _ in range(200)))
    True
    """
    dealer = rng.random() < 0.35
    if kind == "plain_ron":
        while True:
            han = rng.choice((1, 1, 2, 2, 3, 3, 4))
            fu = rng.choice(_FU_ROWS + ((25,) if han >= 2 else ()))
            if fu << (han + 2) < 1920:
                return TableCell(fu, han, dealer, False)
    if kind == "limits":
        han, fu = rng.choice(((5, 30), (5, 40), (6, 30), (7, 40), (8, 30), (9, 40), (10, 30),
                              (11, 30), (12, 40), (13, 30), (4, 40), (4, 50), (3, 70),
                              (3, 80), (4, 30), (3, 60), (4, 30), (3, 60), (2, 110)))
        return TableCell(fu, han, dealer, False)
    if kind == "tsumo":
        if rng.random() < 0.15:
            return TableCell(rng.choice((30, 40)), rng.choice((5, 6, 8)), dealer, True)
        han = rng.choice((1, 2, 2, 3, 3, 4))
        fus = _FU_ROWS[:6] + ((20, 25) if han >= 2 else ())
        while True:
            fu = rng.choice(fus)
            if fu << (han + 2) < 1920 and not (han == 1 and fu > 110):
                return TableCell(fu, han, dealer, True)
    if kind == "honba":
        tsumo = rng.random() < 0.5
        han = rng.choice((1, 2, 3, 4, 5))
        fu = rng.choice((30, 40, 50))
        return TableCell(fu, han, dealer, tsumo, rng.choice((1, 1, 2, 3, 4)))
    raise ValueError(f"unknown cell kind {kind!r}")


#: The fu items each fu lesson teaches (a lesson asks the fu of hands whose items are
#: those of its lesson and the ones before).
_FU_ITEMS: dict[str, frozenset[FuKind]] = {
    "fu-start": frozenset({FuKind.BASE, FuKind.CLOSED_RON, FuKind.TSUMO}),
    "fu-sets": frozenset({FuKind.OPEN_TRIPLET_SIMPLES, FuKind.CLOSED_TRIPLET_SIMPLES,
                          FuKind.OPEN_TRIPLET_TERMINALS, FuKind.CLOSED_TRIPLET_TERMINALS,
                          FuKind.OPEN_QUAD_SIMPLES, FuKind.CLOSED_QUAD_SIMPLES,
                          FuKind.OPEN_QUAD_TERMINALS, FuKind.CLOSED_QUAD_TERMINALS}),
    "fu-pair-wait": frozenset({FuKind.DRAGON_PAIR, FuKind.SEAT_WIND_PAIR,
                               FuKind.ROUND_WIND_PAIR, FuKind.DOUBLE_WIND_PAIR,
                               FuKind.KANCHAN_WAIT, FuKind.PENCHAN_WAIT, FuKind.TANKI_WAIT}),
    "fu-rounding": frozenset({FuKind.OPEN_RON_MINIMUM, FuKind.CHIITOITSU}),
}


def taught_so_far(lesson: Lesson, question: Question) -> bool:
    """Whether a question asks only what the path has taught up to this lesson.

    A fu lesson asks the fu of hands whose fu items were all taught by then (the
    fixed cases, pinfu tsumo among them, from the rounding lesson on); a yaku
    lesson names the yaku and counts the han of hands whose yaku were all taught
    by then, with no dora (taught after) and no yakuman. Other lessons ask what
    every hand holds.
    """

    r = question.result
    if r is None or lesson.drill not in (DrillKind.FU, DrillKind.HAN):
        return True
    path = [x for x in lessons() if x.number <= lesson.number]
    if lesson.drill is DrillKind.FU:
        items = frozenset().union(*(_FU_ITEMS.get(x.id, frozenset()) for x in path))
        if not {i.kind for i in r.fu_items} <= items:
            return False
        fixed = FuKind.OPEN_RON_MINIMUM in items
        return fixed or not (r.tsumo and any(y.name == "pinfu" for y in r.yaku))
    yaku = {t.removeprefix("yaku:") for x in path if x.drill is DrillKind.HAN
            for t in x.topics if t.startswith("yaku:")}
    dora_taught = any(x.drill is DrillKind.DORA for x in path)
    return not r.yakuman and all(
        y.name in yaku or (dora_taught and y.name in DORA_NAMES) for y in r.yaku)


def lesson_question(lesson: Lesson, draws: ItemDraws | None, settings: Settings,
                    rng: random.Random, number: int, *, topic: str | None = None,
                    asked: set[int] | None = None) -> Question | None:
    """One question of a lesson: a cell of its kind, or a hand of ``topic`` (or of any of
    its topics) asking its parts; None when the bank has none."""
    if lesson.drill is DrillKind.TABLE:
        return question_for_cell(lesson_cell(lesson.cells or "plain_ron", rng), number=number,
                                 profile=settings.profile)
    if draws is None:
        return None
    asked = asked if asked is not None else set()
    others = list(lesson.topics)
    rng.shuffle(others)
    choices: list[str | None] = [topic] if topic else []
    choices += [t for t in others if t != topic] or [None]
    fallback: Question | None = None
    for chosen in choices:
        for _attempt in range(25):
            item = draws.draw(rng, profile=settings.profile, topic=chosen, exclude=asked)
            if item is None:
                break
            asked.add(item.id)
            q = build_question(lesson.drill, item, number=number, profile=settings.profile,
                               ask=lesson.asks, skip_fu_on_limit=settings.skip_fu_on_limit)
            if q is not None and taught_so_far(lesson, q):
                return q
            fallback = fallback or q
    # no hand of the lesson's topics holds only what is taught so far: one that holds
    # more (its explanation lists every item) rather than no practice at all
    return fallback


def answered_as_lesson(answered: Sequence[Answered]) -> list[LessonAnswer]:
    """A session's answers as the gate sees them."""
    return [LessonAnswer(a.marked.correct, a.seconds, a.answered_at,
                         frozenset(a.marked.concepts)) for a in answered]


class LessonQuestions:
    """The questions of a lesson's practice, until its gate is passed.

    Args:
        draws: where hands are drawn from (the store).
        lesson: the lesson.
        settings: the learner's settings (rule profile, tile style...).
        rng: the random source.
        history: the lesson's answers the gate counts so far (stored before this session).
        answered: the session's answers so far (the controller's session).
    """

    def __init__(self, draws: ItemDraws | None, lesson: Lesson, settings: Settings,
                 rng: random.Random, history: Sequence[LessonAnswer],
                 answered: Callable[[], Sequence[Answered]]) -> None:
        self.draws = draws
        self.store = draws  # the controller hands the store over here when it opens
        self.lesson = lesson
        self.settings = settings
        self.rng = rng
        self.history = tuple(history)
        self.answered = answered
        self.asked: set[int] = set()
        #: Passed already when the session began (practice again: it ends after a window).
        self.passed_before = gate(self.history, lesson.seconds).passed
        #: True once the gate is passed in this session.
        self.mastered = False
        self.notice: str | None = None
        #: The topics asked, in order (tests and the bench look at them).
        self.topics_asked: list[str | None] = []
        self._turn: list[str] = []

    def _next_in_turn(self) -> str | None:
        """The lesson's topics in turn, shuffled each round: every concept comes up within
        as many questions as it has topics (the gate's window sees them all)."""
        if not self.lesson.topics:
            return None
        if not self._turn:
            self._turn = list(self.lesson.topics)
            self.rng.shuffle(self._turn)
        return self._turn.pop()

    def answers(self) -> list[LessonAnswer]:
        """The lesson's answers the gate counts: the stored ones, then this session's."""
        return [*self.history, *answered_as_lesson(self.answered())]

    def next_question(self, number: int) -> Question | None:
        now = self.answered()
        answers = self.answers()
        passed = gate(answers, self.lesson.seconds)
        if now and passed.passed and (not self.passed_before or len(now) >= WINDOW):
            self.mastered = True
            self.notice = _("Lesson mastered: %(figures)s.") % {"figures": passed.figures()}
            return None
        focus = focus_topic(self.lesson, answers)
        if focus is not None and self.rng.random() < FOCUS_SHARE:
            topic: str | None = focus
        else:
            topic = self._next_in_turn()
        draws = self.store if self.store is not None else self.draws
        q = lesson_question(self.lesson, draws, self.settings, self.rng, number, topic=topic,
                            asked=self.asked)
        if q is not None:
            self.topics_asked.append(topic)
        return q
