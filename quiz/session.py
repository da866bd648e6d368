"""A drill session: its length or time limit, the running score, and the summary.

Pure: the clock is injected (a callable returning an aware UTC datetime), so
tests run on a fixed clock. The app shows a question (:meth:`Session.show`),
records the marked answer (:meth:`Session.record`, which measures the time
taken), and asks :attr:`Session.over` before the next one. The summary gives
accuracy per part and per concept, the slowest questions, and what to
practise next.

>>> from datetime import UTC, datetime, timedelta
>>> from quiz.drills import TableCell, question_for_cell
>>> from quiz.grading import Part, grade
>>> now = [datetime(2025, 1, 1, tzinfo=UTC)]
>>> session = Session(SessionPlan(length=2), clock=lambda: now[0], id="s1")
>>> q = question_for_cell(TableCell(30, 4, dealer=False, tsumo=False), number=1)
>>> session.show(q)
>>> now[0] += timedelta(seconds=4)
>>> session.pause(); now[0] += timedelta(seconds=60); session.resume()
>>> now[0] += timedelta(seconds=1)
>>> done = session.record(grade(q.key, {Part.PAYMENT: "7700"}))
>>> done.seconds, session.score, session.over
(5.0, (1, 1), False)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from data.clock import Clock
from data.errors import UnknownTopicError
from data.records import Accuracy
from data.topics import get_topic

from .drills import DrillKind, Question
from .grading import Marked, Part, part_label
from .words.core import _

__all__ = ["Accuracy", "Answered", "Session", "SessionPlan", "SessionSummary", "Stopwatch",
           "Suggestion"]



@dataclass(frozen=True, slots=True)
class SessionPlan:
    """How a session runs.

    Attributes:
        drill: the drill asked.
        length: questions before the summary (None: no limit).
        time_limit: seconds the session lasts (None: no limit); the question
            on screen when time runs out may still be answered.
        topic: only hands exercising this topic id.
        difficulty: only hands of this difficulty (1-5).
    """

    drill: DrillKind = DrillKind.WHOLE
    length: int | None = 10
    time_limit: float | None = None
    topic: str | None = None
    difficulty: int | None = None


@dataclass(frozen=True, slots=True)
class Answered:
    """One answered question of a session."""

    question: Question
    marked: Marked
    seconds: float
    answered_at: datetime
    attempt_id: int | None = None


@dataclass(frozen=True, slots=True)
class Suggestion:
    """Something to practise next: a concept, why, and the drill that trains it."""

    topic: str
    title: str
    drill: DrillKind
    why: str


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """The end of a session in numbers.

    Attributes:
        answered: questions answered.
        right: questions with every part right.
        seconds: total time answering.
        parts: accuracy per part, in the order parts are asked.
        concepts: accuracy per concept met, weakest first.
        slowest: the slowest questions, slowest first (at most three).
        next: what to practise next (at most three).
    """

    answered: int
    right: int
    seconds: float
    parts: tuple[Accuracy, ...]
    concepts: tuple[Accuracy, ...]
    slowest: tuple[Answered, ...]
    next: tuple[Suggestion, ...]

    @property
    def accuracy(self) -> float:
        """Share of questions entirely right."""
        return self.right / self.answered if self.answered else 0.0

    @property
    def average_seconds(self) -> float:
        """Mean time per question."""
        return self.seconds / self.answered if self.answered else 0.0


class Stopwatch:
    """How long a question has been looked at: stopped while it is out of sight.

    >>> from datetime import UTC, datetime, timedelta
    >>> now = [datetime(2025, 1, 1, tzinfo=UTC)]
    >>> watch = Stopwatch(lambda: now[0]); watch.start()
    >>> now[0] += timedelta(seconds=3); watch.pause()
    >>> now[0] += timedelta(seconds=50); watch.resume()
    >>> now[0] += timedelta(seconds=2); watch.seconds()
    5.0
    """

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        #: When the timer last started (None: no question, or paused).
        self.since: datetime | None = None
        #: Seconds counted before the last pause.
        self.counted = 0.0
        #: A question is being timed (running or paused).
        self.running = False

    def start(self) -> None:
        """A question is shown: count from zero."""
        self.since = self.clock()
        self.counted = 0.0
        self.running = True

    def pause(self) -> None:
        """The question is out of sight: stop counting."""
        if self.since is not None:
            self.counted += max(0.0, (self.clock() - self.since).total_seconds())
            self.since = None

    def resume(self) -> None:
        """The question is on screen again: go on counting."""
        if self.running and self.since is None:
            self.since = self.clock()

    def stop(self) -> None:
        """The question is answered: nothing is timed."""
        self.since = None
        self.counted = 0.0
        self.running = False

    def seconds(self) -> float:
        """Seconds counted so far."""
        if self.since is None:
            return self.counted
        return self.counted + max(0.0, (self.clock() - self.since).total_seconds())


@dataclass
class Session:
    """A running session (mutable: the app owns one at a time)."""

    plan: SessionPlan
    clock: Clock
    id: str
    started_at: datetime | None = None
    answered: list[Answered] = field(default_factory=list)
    current: Question | None = None
    #: The question's timer: the time it has been on screen.
    stopwatch: Stopwatch = field(init=False)

    def __post_init__(self) -> None:
        if self.started_at is None:
            self.started_at = self.clock()
        self.stopwatch = Stopwatch(self.clock)

    def show(self, question: Question) -> None:
        """A question is now on screen: its timer starts."""
        self.current = question
        self.stopwatch.start()

    def pause(self) -> None:
        """The question is out of sight (help, settings, review...): its timer stops."""
        self.stopwatch.pause()

    def resume(self) -> None:
        """The question is on screen again: its timer goes on from where it stopped."""
        self.stopwatch.resume()

    def question_seconds(self) -> float:
        """Seconds the current question has been on screen (not counting pauses)."""
        return self.stopwatch.seconds()

    def elapsed(self) -> float:
        """Seconds since the session started."""
        assert self.started_at is not None
        return max(0.0, (self.clock() - self.started_at).total_seconds())

    def remaining(self) -> float | None:
        """Seconds left of the time limit (None without one)."""
        if self.plan.time_limit is None:
            return None
        return max(0.0, self.plan.time_limit - self.elapsed())

    def record(self, marked: Marked, attempt_id: int | None = None,
               seconds: float | None = None) -> Answered:
        """Record the marked answer to the current question; returns it with its time."""
        if self.current is None:
            raise RuntimeError("no question is on screen")
        now = self.clock()
        if seconds is None:
            seconds = self.question_seconds()
        done = Answered(self.current, marked, round(seconds, 3), now, attempt_id)
        self.answered.append(done)
        self.current = None
        self.stopwatch.stop()
        return done

    @property
    def score(self) -> tuple[int, int]:
        """(questions entirely right, questions answered)."""
        return sum(1 for a in self.answered if a.marked.correct), len(self.answered)

    @property
    def parts_score(self) -> tuple[int, int]:
        """(parts right, parts asked) over the session."""
        right = sum(a.marked.score[0] for a in self.answered)
        total = sum(a.marked.score[1] for a in self.answered)
        return right, total

    @property
    def over(self) -> bool:
        """The session's length is reached or its time is up."""
        if self.plan.length and len(self.answered) >= self.plan.length:
            return True
        remaining = self.remaining()
        return remaining is not None and remaining <= 0

    def summary(self) -> SessionSummary:
        """Accuracy per part and concept, the slowest questions, what to practise next."""
        return summarise(self.answered)


_FAMILY_DRILL = {
    "fu": DrillKind.FU,
    "yaku": DrillKind.HAN,
    "trap": DrillKind.HAN,
    "dora": DrillKind.DORA,
    "wait": DrillKind.WAIT,
    "pay": DrillKind.TABLE,
    "cell": DrillKind.TABLE,
    "limit": DrillKind.TABLE,
    "rule": DrillKind.WHOLE,
    "win": DrillKind.TABLE,
    "hand": DrillKind.WHOLE,
    "kan": DrillKind.FU,
    "settle": DrillKind.SETTLE,
}


def _title(topic: str) -> str:
    from .words.topics import topic_title

    try:
        return topic_title(get_topic(topic).id)
    except UnknownTopicError:
        return topic


def summarise(answered: list[Answered]) -> SessionSummary:
    """The summary of a list of answered questions."""
    part_right: Counter[Part] = Counter()
    part_total: Counter[Part] = Counter()
    order: dict[Part, int] = {}
    met: Counter[str] = Counter()
    missed: Counter[str] = Counter()
    for a in answered:
        for m in a.marked.marks:
            order.setdefault(m.part, len(order))
            part_total[m.part] += 1
            part_right[m.part] += m.correct
        missed_here = set(a.marked.concepts)
        for topic in set(a.question.topics) | missed_here:
            met[topic] += 1
        for topic in missed_here:
            missed[topic] += 1
    parts = tuple(Accuracy(part_label(p), part_right[p], part_total[p])
                  for p in sorted(part_total, key=order.__getitem__))
    concepts = tuple(sorted(
        (Accuracy(t, met[t] - missed[t], met[t]) for t in met),
        key=lambda t: (t.accuracy, -t.total, t.name)))
    slowest = tuple(sorted(answered, key=lambda a: -a.seconds)[:3])
    suggestions: list[Suggestion] = []
    by_drill: defaultdict[DrillKind, int] = defaultdict(int)
    for topic, count in sorted(missed.items(), key=lambda kv: (-kv[1], kv[0])):
        family = topic.split(":", 1)[0]
        drill = _FAMILY_DRILL.get(family, DrillKind.WHOLE)
        if by_drill[drill] >= 2:
            continue
        by_drill[drill] += 1
        why = _("missed %(count)d of %(met)d") % {"count": count, "met": met[topic]}
        suggestions.append(Suggestion(topic, _title(topic), drill, why))
        if len(suggestions) == 3:
            break
    seconds = sum(a.seconds for a in answered)
    right = sum(1 for a in answered if a.marked.correct)
    return SessionSummary(len(answered), right, seconds, parts, concepts, slowest,
                          tuple(suggestions))
