"""The classroom's values: a set's options and the frozen records the service hands back.

>>> SetOptions(parts=("fu", "payment"), explain="during").explain
<Explain.DURING: 'during'>
>>> SetOptions(parts=("fu", "colour"))
Traceback (most recent call last):
...
data.classroom.errors.SetOptionsError: unknown part 'colour' to ask (known: fu, han, yaku, payment)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from scoring.rules import PROFILES

from ..records import ASKABLE, Part, PartResult, Problem
from ..records import BankItem as BankItemRecord
from .errors import SetOptionsError, StudentNotFoundError

#: A clock: returns the current time, timezone-aware (UTC).

#: The parts a set can ask of a whole hand (values of :class:`data.records.Part`), in order.
#: What a set asks when nothing is said.
DEFAULT_PARTS: tuple[str, ...] = (Part.FU, Part.HAN, Part.PAYMENT)
#: The ``format`` field of an exported set file.
FILE_FORMAT = "riichi-drill practice set"
#: The version of the set file format this code writes and reads.
FILE_VERSION = 1
#: Longest set or student name.
MAX_NAME = 64
#: Longest time limit, in seconds (a day).
MAX_SECONDS = 86_400


class Explain(StrEnum):
    """When a set shows the worked explanations."""

    DURING = "during"
    AFTER = "after"


def check_name(value: str, what: str) -> str:
    """A set or student name, normalised (NFC, trimmed), or a one-line error."""
    name = unicodedata.normalize("NFC", str(value)).strip()
    if not name:
        raise SetOptionsError(f"the {what} name is empty")
    if len(name) > MAX_NAME:
        raise SetOptionsError(f"the {what} name '{name[:20]}...' is longer than {MAX_NAME}")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise SetOptionsError(f"the {what} name {name!r} contains control characters")
    return name


def has_control(text: str) -> bool:
    r"""True when ``text`` holds a control or format character (an escape sequence, a line
    break, a direction override...): never stored from a student. The zero-width space and
    joiners, which only join or break words, are not counted.

    >>> has_control("2000-3900"), has_control("\x1b[2J"), has_control("8000\n")
    (False, True, True)
    >>> has_control("ริชชี\u200b"), has_control("8000\u202e")
    (False, True)
    """
    return any(unicodedata.category(c) in ("Cc", "Cf") and c not in _JOINERS for c in text)


#: Invisible characters that only join or break words (Thai and Indic text carries them):
#: harmless on a terminal, so kept.
_JOINERS = frozenset("\u200b\u200c\u200d")


def _check_seconds(value: int | None, what: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_SECONDS:
        raise SetOptionsError(
            f"{what} must be a whole number of seconds from 1 to {MAX_SECONDS}, not {value!r}"
        )
    return value


@dataclass(frozen=True, slots=True)
class SetOptions:
    """How a practice set is asked.

    Attributes:
        rules: the rule profile every item is scored under.
        parts: what is asked, in order (names of :data:`ASKABLE`).
        skip_fu_on_limits: do not ask the fu of a hand of 5+ han or a yakuman.
        question_seconds: time limit per question, or None.
        set_seconds: time limit for the whole set (time spent answering), or None.
        explain: show explanations after each answer (``during``) or only at the end.
    """

    rules: str = "tenhou"
    parts: tuple[str, ...] = DEFAULT_PARTS
    skip_fu_on_limits: bool = True
    question_seconds: int | None = None
    set_seconds: int | None = None
    explain: Explain = Explain.AFTER

    def __post_init__(self) -> None:
        if self.rules not in PROFILES:
            raise SetOptionsError(
                f"unknown rule profile {self.rules!r} (known: {', '.join(sorted(PROFILES))})"
            )
        parts = tuple(dict.fromkeys(str(p).strip().lower() for p in self.parts))
        if not parts:
            raise SetOptionsError("a set must ask at least one part (e.g. fu, han, payment)")
        for p in parts:
            if p not in ASKABLE:
                raise SetOptionsError(
                    f"unknown part {p!r} to ask (known: {', '.join(ASKABLE)})"
                )
        object.__setattr__(self, "parts", parts)
        _check_seconds(self.question_seconds, "the time per question")
        _check_seconds(self.set_seconds, "the time for the set")
        try:
            object.__setattr__(self, "explain", Explain(self.explain))
        except ValueError:
            raise SetOptionsError(
                f"explanations are shown 'during' or 'after', not {self.explain!r}"
            ) from None

    def to_record(self) -> dict[str, Any]:
        """The options as a JSON object (as in a set file)."""
        return {
            "rules": self.rules,
            "ask": list(self.parts),
            "skip_fu_on_limits": self.skip_fu_on_limits,
            "question_seconds": self.question_seconds,
            "set_seconds": self.set_seconds,
            "explain": self.explain.value,
        }


@dataclass(frozen=True, slots=True)
class PracticeSetRecord:
    """A practice set as the app sees it (without its password hash).

    Attributes:
        id: database id.
        name: the set's unique name.
        options: how it is asked.
        item_uids: the bank items' stable ids, in the order asked.
        selection: how the items were chosen (``{"by": "ids"}`` or
            ``{"by": "draw", "topics": [...], "difficulty": ..., "seed": ..., "count": ...}``).
        created_at: when (UTC).
        closed: no new student may join.
        roster: the only names that may join (None: any).
    """

    id: int
    name: str
    options: SetOptions
    item_uids: tuple[str, ...]
    selection: Mapping[str, Any]
    created_at: datetime
    closed: bool = False
    roster: tuple[str, ...] | None = None

    @property
    def size(self) -> int:
        """How many questions the set has."""
        return len(self.item_uids)


@dataclass(frozen=True, slots=True)
class SetSummary:
    """A practice set as listed: name, profile, size and how many students joined."""

    name: str
    rules: str
    size: int
    students: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class ClassQuestion:
    """One question of a set: its position (from 0) and the bank item, checked against scoring."""

    position: int
    item: BankItemRecord


@dataclass(frozen=True, slots=True)
class StudentSession:
    """A student's place in a set, as returned by :meth:`Classroom.join`.

    Attributes:
        enrolment_id: database id of the enrolment.
        practice_set: the set.
        student: the student's name.
        position: the next question to ask (== ``answered`` while in order).
        answered: how many questions are answered.
        seconds_used: time spent on the answered questions.
        finished: every question is answered, or the set's time is over.
        code: the resume code, when this join created the enrolment (shown once); else None.
        resumed: this join continued an earlier one.
        asked_at: when the server handed out the question at ``position`` (its clock,
            kept in the database: a re-join does not restart it).
        started_at: when the student joined the set (the set's clock starts then).
    """

    enrolment_id: int
    practice_set: PracticeSetRecord
    student: str
    position: int
    answered: int
    seconds_used: float
    finished: bool
    code: str | None = None
    resumed: bool = False
    asked_at: datetime | None = None
    started_at: datetime | None = None

    @property
    def seconds_left(self) -> float | None:
        """Time left for the whole set, or None without a set time limit."""
        limit = self.practice_set.options.set_seconds
        return None if limit is None else max(0.0, limit - self.seconds_used)


@dataclass(frozen=True, slots=True)
class StoredAnswer:
    """A student's answer to one question as stored.

    Attributes:
        position: the question (from 0).
        item_uid: the bank item asked.
        parts: each part, in the order asked.
        concepts: the topic ids missed, in vocabulary order.
        correct: every part right.
        seconds: time taken.
        timed_out: the answer was taken when the time ran out.
        answered_at: when (UTC).
        created: False when the answer was already stored (a repeated submission).
    """

    position: int
    item_uid: str
    parts: tuple[PartResult, ...]
    concepts: tuple[str, ...]
    correct: bool
    seconds: float
    timed_out: bool
    answered_at: datetime
    created: bool = True

    @property
    def parts_right(self) -> int:
        """How many parts were right."""
        return sum(1 for p in self.parts if p.correct)

    def part(self, name: str) -> PartResult | None:
        """The part of that name, if it was asked."""
        return next((p for p in self.parts if p.part == name), None)


@dataclass(frozen=True, slots=True)
class StudentResult:
    """One student's results in a set.

    Attributes:
        student: the name.
        joined_at: when they joined (UTC).
        finished_at: when they finished, or None.
        size: how many questions the set has.
        answers: their answers, by position.
    """

    student: str
    joined_at: datetime
    finished_at: datetime | None
    size: int
    answers: tuple[StoredAnswer, ...]

    @property
    def answered(self) -> int:
        """Questions answered."""
        return len(self.answers)

    @property
    def right(self) -> int:
        """Questions with every part right."""
        return sum(1 for a in self.answers if a.correct)

    @property
    def parts_right(self) -> int:
        """Parts right over every answer."""
        return sum(a.parts_right for a in self.answers)

    @property
    def parts_asked(self) -> int:
        """Parts asked over every answer."""
        return sum(len(a.parts) for a in self.answers)

    @property
    def score(self) -> float:
        """Share of the set's questions answered fully right (unanswered count as wrong)."""
        return self.right / self.size if self.size else 0.0

    @property
    def seconds(self) -> float:
        """Time spent answering."""
        return sum(a.seconds for a in self.answers)

    @property
    def finished(self) -> bool:
        """The student has finished the set."""
        return self.finished_at is not None


@dataclass(frozen=True, slots=True)
class ExampleHand:
    """A hand of the set to go over together: where a concept was missed most.

    Attributes:
        position: the question (from 0).
        item_uid: the bank item.
        problem: the hand and its situation.
        fu, han, declaration: the answer's headline.
        misses: how many students missed the concept on this hand.
    """

    position: int
    item_uid: str
    problem: Problem
    fu: int
    han: int
    declaration: str
    misses: int


@dataclass(frozen=True, slots=True)
class ConceptMiss:
    """A concept the class missed.

    Attributes:
        topic: the topic id (:mod:`data.topics`).
        title: its title.
        misses: answers that missed it.
        students: distinct students who missed it.
        example: the hand where it was missed most.
    """

    topic: str
    title: str
    misses: int
    students: int
    example: ExampleHand


@dataclass(frozen=True, slots=True)
class QuestionStat:
    """How the class did on one question.

    ``marked_against`` is the payment the students were marked against, as the
    grading wrote it (with honba and sticks); empty when nobody answered it yet.
    """

    position: int
    item_uid: str
    declaration: str
    answered: int
    right: int
    mean_seconds: float
    marked_against: str = ""


@dataclass(frozen=True, slots=True)
class ClassResults:
    """The teacher's view of a set: every student, every question, the concepts missed.

    Attributes:
        practice_set: the set.
        students: each student's results, by name.
        questions: each question's figures, by position.
        concepts: the concepts missed, most missed first.
    """

    practice_set: PracticeSetRecord
    students: tuple[StudentResult, ...]
    questions: tuple[QuestionStat, ...]
    concepts: tuple[ConceptMiss, ...]

    @property
    def answered(self) -> int:
        """Answers given by the whole class."""
        return sum(s.answered for s in self.students)

    @property
    def right(self) -> int:
        """Answers fully right over the whole class."""
        return sum(s.right for s in self.students)

    @property
    def asked(self) -> int:
        """Questions the class was set: every student times the set's size."""
        return len(self.students) * self.practice_set.size

    @property
    def score(self) -> float:
        """The class's score: questions fully right over questions set (unanswered are not
        right), which is also the mean of the students' scores."""
        return self.right / self.asked if self.asked else 0.0

    @property
    def seconds(self) -> float:
        """Time the whole class spent answering."""
        return sum(s.seconds for s in self.students)

    def student(self, name: str) -> StudentResult:
        """One student's results.

        Raises:
            StudentNotFoundError: when no such student joined.
        """
        for s in self.students:
            if s.student == name:
                return s
        raise StudentNotFoundError(
            f"no student '{name}' in practice set '{self.practice_set.name}'"
        )


@dataclass(frozen=True, slots=True)
class NextAnswer:
    """An answer to the next question of an enrolment, ready to be written.

    Attributes:
        practice_set: the enrolment's set (its size, parts and time limit).
        enrolment_id: the student in the set.
        position: the question (from 0).
        parts: each part given, expected, right or wrong.
        topics: the concepts missed (checked and sorted).
        seconds: the time it counts for.
        timed_out: taken when the time ran out.
    """

    practice_set: PracticeSetRecord
    enrolment_id: int
    position: int
    parts: tuple[PartResult, ...]
    topics: tuple[str, ...]
    seconds: float
    timed_out: bool
