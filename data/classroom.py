"""Classroom practice: sets a teacher prepares, students take, and the results.

A teacher prepares a *practice set*: a unique name, a fixed ordered list of
bank items (picked by id, or drawn from the bank, optionally by topic and
difficulty, with a seed: every student gets the same hands in the same order),
the rule profile, what is asked, time limits and when explanations are shown.
The teacher's password (hashed with scrypt and a salt) protects preparing,
exporting, deleting and seeing everyone's results.

Students *join* with their name (unique in the set) and get a PIN; each answer
is stored at once and exactly once (``record_answer`` is idempotent per
question); a student who was disconnected joins again with name and PIN and
resumes at the first question not answered. A student sees only their own
results.

Everything goes through :class:`Classroom` (built on an open
:class:`data.db.Database`, with the clock injected) and comes back as frozen
records; the ORM rows of :mod:`data.class_models` never leave this module.

>>> hash_ok = hash_secret("s3cret", cost=2**10)
>>> verify_secret("s3cret", hash_ok), verify_secret("wrong", hash_ok)
(True, False)
>>> SetOptions(parts=("fu", "payment"), explain="during").explain
<Explain.DURING: 'during'>
>>> SetOptions(parts=("fu", "colour"))
Traceback (most recent call last):
...
data.classroom.SetOptionsError: unknown part 'colour' to ask (known: fu, han, yaku, payment)
"""

from __future__ import annotations

import base64
import csv
import hashlib
import hmac
import io
import json
import os
import random
import secrets
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import DataError, NotFoundError
from .records import BankItem as BankItemRecord
from .records import Problem

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from .class_models import Enrolment, PracticeSet
    from .db import Database
    from .models import BankItem as BankItemRow

#: A clock: returns the current time, timezone-aware (UTC).
Clock = Callable[[], datetime]

#: The parts a set can ask of a whole hand (values of ``quiz.grading.Part``), in order.
ASKABLE_PARTS: tuple[str, ...] = ("fu", "han", "yaku", "payment")
#: What a set asks when nothing is said.
DEFAULT_PARTS: tuple[str, ...] = ("fu", "han", "payment")
#: The ``format`` field of an exported set file.
FILE_FORMAT = "riichi-drill practice set"
#: The version of the set file format this code writes and reads.
FILE_VERSION = 1
#: Longest set or student name.
MAX_NAME = 64
#: Longest time limit, in seconds (a day).
MAX_SECONDS = 86_400

_TEACHER_COST = 2**14
_PIN_COST = 2**11


# --------------------------------------------------------------------------- errors


class ClassroomError(DataError):
    """Root of the classroom's errors (each a one-line message)."""


class SetNotFoundError(ClassroomError, NotFoundError):
    """No practice set of that name."""


class SetExistsError(ClassroomError):
    """A practice set of that name already exists."""


class WrongPasswordError(ClassroomError):
    """The teacher's password does not match."""


class StudentNameTakenError(ClassroomError):
    """The student name is taken in the set (and no matching PIN was given to resume)."""


class StudentNotFoundError(ClassroomError, NotFoundError):
    """No student of that name in the set."""


class SetOptionsError(ClassroomError):
    """A set's options or selection cannot be used (bad part, profile, limit, too few items)."""


class UnknownItemError(ClassroomError):
    """Items named for a set that are not in the bank."""


class SetFileError(ClassroomError):
    """A set file that cannot be imported (unreadable, malformed, unknown items)."""


class AnswerError(ClassroomError):
    """An answer that cannot be stored (wrong question, set finished, bad part)."""


# --------------------------------------------------------------------------- secrets


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_secret(secret: str, *, cost: int = _TEACHER_COST) -> str:
    """A salted scrypt hash of a password or PIN: ``scrypt$n$r$p$salt$hash``."""
    salt = os.urandom(16)
    digest = hashlib.scrypt(secret.encode("utf-8"), salt=salt, n=cost, r=8, p=1, dklen=32)
    return f"scrypt${cost}$8$1${_b64(salt)}${_b64(digest)}"


def verify_secret(secret: str, stored: str) -> bool:
    """True when ``secret`` hashes to ``stored`` (compared in constant time)."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.b64decode(digest)
        got = hashlib.scrypt(
            secret.encode("utf-8"),
            salt=base64.b64decode(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(expected),
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, expected)


# --------------------------------------------------------------------------- records


class Explain(StrEnum):
    """When a set shows the worked explanations."""

    DURING = "during"
    AFTER = "after"


def _check_name(value: str, what: str) -> str:
    name = unicodedata.normalize("NFC", str(value)).strip()
    if not name:
        raise SetOptionsError(f"the {what} name is empty")
    if len(name) > MAX_NAME:
        raise SetOptionsError(f"the {what} name '{name[:20]}...' is longer than {MAX_NAME}")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise SetOptionsError(f"the {what} name {name!r} contains control characters")
    return name


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
        parts: what is asked, in order (names of :data:`ASKABLE_PARTS`).
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
        from scoring.rules import PROFILES

        if self.rules not in PROFILES:
            raise SetOptionsError(
                f"unknown rule profile {self.rules!r} (known: {', '.join(sorted(PROFILES))})"
            )
        parts = tuple(dict.fromkeys(str(p).strip().lower() for p in self.parts))
        if not parts:
            raise SetOptionsError("a set must ask at least one part (e.g. fu, han, payment)")
        for p in parts:
            if p not in ASKABLE_PARTS:
                raise SetOptionsError(
                    f"unknown part {p!r} to ask (known: {', '.join(ASKABLE_PARTS)})"
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
    """

    id: int
    name: str
    options: SetOptions
    item_uids: tuple[str, ...]
    selection: Mapping[str, Any]
    created_at: datetime

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
        pin: the PIN to resume with, when this join created the enrolment; else None.
        resumed: this join continued an earlier one.
    """

    enrolment_id: int
    practice_set: PracticeSetRecord
    student: str
    position: int
    answered: int
    seconds_used: float
    finished: bool
    pin: str | None = None
    resumed: bool = False

    @property
    def seconds_left(self) -> float | None:
        """Time left for the whole set, or None without a set time limit."""
        limit = self.practice_set.options.set_seconds
        return None if limit is None else max(0.0, limit - self.seconds_used)


@dataclass(frozen=True, slots=True)
class AnswerPart:
    """One part of an answer: what was given, what was expected, right or wrong."""

    part: str
    given: str
    expected: str
    correct: bool


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
    parts: tuple[AnswerPart, ...]
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

    def part(self, name: str) -> AnswerPart | None:
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
    """How the class did on one question."""

    position: int
    item_uid: str
    declaration: str
    answered: int
    right: int
    mean_seconds: float


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
    def score(self) -> float:
        """The class's mean score (share of the set's questions fully right)."""
        if not self.students:
            return 0.0
        return sum(s.score for s in self.students) / len(self.students)

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


# --------------------------------------------------------------------------- database


def database_url(target: str | os.PathLike[str] | None) -> str | os.PathLike[str] | None:
    """A database target with the PostgreSQL driver and a connect timeout filled in.

    ``postgresql://`` and ``postgres://`` URLs get the psycopg 3 driver (the one
    installed with the app's test extra), and ``connect_timeout=10`` when they
    have none, so an unreachable server gives a clear error instead of hanging.

    >>> database_url("postgres://u@h/db")
    'postgresql+psycopg://u@h/db?connect_timeout=10'
    >>> database_url("/tmp/x.db")
    '/tmp/x.db'
    """
    if target is None:
        return None
    text = os.fspath(target)
    for prefix in ("postgresql://", "postgres://"):
        if text.startswith(prefix):
            text = "postgresql+psycopg://" + text[len(prefix) :]
    if text.startswith("postgresql+psycopg://") and "connect_timeout=" not in text:
        text += ("&" if "?" in text else "?") + "connect_timeout=10"
        return text
    return text if text != os.fspath(target) else target


def open_classroom(
    target: str | os.PathLike[str] | None = None, *, clock: Clock | None = None
) -> Classroom:
    """Open (create or upgrade) the database at a path or URL and return its classroom.

    Raises:
        DatabaseError: when the database cannot be reached or created.
    """
    import importlib

    from .db import open_database

    # Every table must be in the metadata before a new database is created.
    for module in ("data.models", "data.srs_models", "data.class_models"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
    db = open_database(database_url(target))
    try:
        _ensure_class_tables(db)
    except BaseException:
        db.close()
        raise
    return Classroom(db, clock=clock)


def _ensure_class_tables(db: Database) -> None:
    """Create the classroom tables of a database stamped at the newest revision without them.

    A database created by a command that had not loaded :mod:`data.class_models`
    is stamped at the newest migration but lacks these tables; they are created
    here (nothing else is touched).
    """
    from sqlalchemy import inspect

    from .models import Base

    names = [t for t in Base.metadata.tables if t.startswith("class_")]
    with db.engine.connect() as conn:
        present = set(inspect(conn).get_table_names())
    missing = [Base.metadata.tables[n] for n in names if n not in present]
    if missing:
        with db.engine.begin() as conn:
            Base.metadata.create_all(conn, tables=missing, checkfirst=True)


def _utcnow() -> datetime:
    return datetime.now(UTC)


class Classroom:
    """The classroom service on one database.

    Args:
        db: an open database (see :func:`data.db.open_database`).
        clock: returns the current UTC time (injected in tests).
        rng: makes PINs (injected in tests); defaults to :mod:`secrets`.
    """

    def __init__(
        self, db: Database, *, clock: Clock | None = None, rng: random.Random | None = None
    ) -> None:
        from . import class_models  # noqa: F401  (the tables must be known)

        self.db = db
        self._clock = clock or _utcnow
        self._rng = rng
        dialect = db.engine.dialect
        # On PostgreSQL through psycopg 3 an answer is stored by one prepared statement.
        self._pg_fast = dialect.name == "postgresql" and dialect.driver == "psycopg"

    def close(self) -> None:
        """Close the database's connections."""
        self.db.close()

    # ----------------------------------------------------------------- sessions

    @contextmanager
    def _write(self) -> Iterator[Session]:
        """A session in a write transaction (``BEGIN IMMEDIATE`` on SQLite, so writers queue)."""
        with self.db.session() as s, s.begin():
            if self.db.is_sqlite:
                s.connection(execution_options={"sqlite_begin": "IMMEDIATE"})
            yield s

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with self.db.session() as s, s.begin():
            yield s

    def _now(self) -> datetime:
        now = self._clock()
        if now.tzinfo is None:
            raise ValueError("the clock must return timezone-aware datetimes")
        return now.astimezone(UTC)

    # ----------------------------------------------------------------- sets

    def create_set(
        self,
        name: str,
        password: str,
        *,
        options: SetOptions | None = None,
        item_uids: Sequence[str] | None = None,
        topics: Sequence[str] = (),
        difficulty: int | None = None,
        count: int | None = None,
        seed: int | None = None,
    ) -> PracticeSetRecord:
        """Prepare a practice set, either from named items or drawn from the bank.

        With ``item_uids`` the set asks exactly those items in that order.
        Otherwise ``count`` items are drawn with ``seed`` from the bank items of
        the set's profile (those teaching any of ``topics`` and of
        ``difficulty``, when given); the same bank and seed always give the same
        set. The set stores the drawn list, so every student gets the same hands
        in the same order.

        Raises:
            SetExistsError: a set of that name exists.
            SetOptionsError: bad options, an empty password, nothing to draw from.
            UnknownItemError: a named item is not in the bank, or not of the profile.
            UnknownTopicError: a topic outside the vocabulary.
        """
        from sqlalchemy import select

        from .class_models import PracticeSet, PracticeSetItem
        from .models import BankItem, ItemTopic
        from .topics import check_topic

        name = _check_name(name, "set")
        options = options or SetOptions()
        if not password:
            raise SetOptionsError("the teacher password is empty")
        for t in topics:
            check_topic(t)
        if difficulty is not None and (
            isinstance(difficulty, bool)
            or not isinstance(difficulty, int)
            or not 1 <= difficulty <= 5
        ):
            raise SetOptionsError(f"difficulty must be 1 to 5, not {difficulty!r}")
        if item_uids is not None and (topics or difficulty is not None or count is not None):
            raise SetOptionsError("give either item ids or a draw (topics, difficulty, count)")
        password_hash = hash_secret(password)
        with self._write() as s:
            if s.scalar(select(PracticeSet.id).where(PracticeSet.name == name)) is not None:
                raise SetExistsError(f"a practice set named '{name}' already exists")
            if item_uids is not None:
                uids = [str(u).strip() for u in item_uids if str(u).strip()]
                if not uids:
                    raise SetOptionsError("no item ids given")
                dupes = [u for u, n in Counter(uids).items() if n > 1]
                if dupes:
                    raise SetOptionsError(f"item '{dupes[0]}' is named twice")
                rows = {r.uid: r for r in s.scalars(select(BankItem).where(BankItem.uid.in_(uids)))}
                missing = [u for u in uids if u not in rows]
                if missing:
                    raise UnknownItemError(_missing_message(missing, "the bank has no item"))
                other = [u for u in uids if rows[u].rules != options.rules]
                if other:
                    raise UnknownItemError(
                        f"item '{other[0]}' is scored under {rows[other[0]].rules} rules, "
                        f"not the set's {options.rules}"
                    )
                item_ids = [rows[u].id for u in uids]
                selection: dict[str, Any] = {"by": "ids"}
            else:
                if count is None:
                    raise SetOptionsError("say how many items to draw (count) or name the items")
                if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 500:
                    raise SetOptionsError(f"the number of items must be 1 to 500, not {count!r}")
                q = select(BankItem.id, BankItem.uid).where(BankItem.rules == options.rules)
                if difficulty is not None:
                    q = q.where(BankItem.difficulty == difficulty)
                if topics:
                    q = q.where(
                        BankItem.id.in_(
                            select(ItemTopic.item_id).where(ItemTopic.topic.in_(list(topics)))
                        )
                    )
                candidates = sorted(s.execute(q).all(), key=lambda r: r.uid)
                if len(candidates) < count:
                    what = f"{options.rules} items"
                    if topics:
                        what += f" teaching {' or '.join(topics)}"
                    if difficulty is not None:
                        what += f" of difficulty {difficulty}"
                    raise SetOptionsError(
                        f"the bank has only {len(candidates)} {what}, {count} asked "
                        "(build more with 'riichi-drill bank build')"
                    )
                if seed is None:
                    seed = secrets.randbelow(2**31)
                picked = random.Random(seed).sample(candidates, count)
                item_ids = [r.id for r in picked]
                selection = {
                    "by": "draw",
                    "topics": list(topics),
                    "difficulty": difficulty,
                    "count": count,
                    "seed": seed,
                }
            row = PracticeSet(
                name=name,
                rules=options.rules,
                parts=list(options.parts),
                skip_fu_on_limits=options.skip_fu_on_limits,
                question_seconds=options.question_seconds,
                set_seconds=options.set_seconds,
                explain=options.explain.value,
                selection=selection,
                password_hash=password_hash,
                created_at=self._now(),
            )
            row.items = [PracticeSetItem(position=i, item_id=iid) for i, iid in enumerate(item_ids)]
            s.add(row)
            s.flush()
            return self._set_record(s, row)

    def list_sets(self) -> tuple[SetSummary, ...]:
        """Every practice set, by name (no password needed: names and sizes only)."""
        from sqlalchemy import func, select

        from .class_models import Enrolment, PracticeSet, PracticeSetItem

        size = (
            select(func.count())
            .where(PracticeSetItem.set_id == PracticeSet.id)
            .correlate(PracticeSet)
            .scalar_subquery()
        )
        students = (
            select(func.count())
            .where(Enrolment.set_id == PracticeSet.id)
            .correlate(PracticeSet)
            .scalar_subquery()
        )
        with self._read() as s:
            rows = s.execute(
                select(
                    PracticeSet.name, PracticeSet.rules, size, students, PracticeSet.created_at
                ).order_by(PracticeSet.name)
            ).all()
        return tuple(SetSummary(r[0], r[1], r[2], r[3], r[4]) for r in rows)

    def get_set(self, name: str) -> PracticeSetRecord:
        """A set by name (what anyone taking it may know: no answers, no password).

        Raises:
            SetNotFoundError: no set of that name.
        """
        with self._read() as s:
            return self._set_record(s, self._set_row(s, name))

    def check_password(self, name: str, password: str) -> PracticeSetRecord:
        """The set, when ``password`` is its teacher's password.

        Raises:
            SetNotFoundError: no set of that name.
            WrongPasswordError: the password does not match.
        """
        with self._read() as s:
            row = self._set_row(s, name)
            self._verify_teacher(row, password)
            return self._set_record(s, row)

    def delete_set(self, name: str, password: str) -> None:
        """Delete a set with its students and answers (teacher only).

        Raises:
            SetNotFoundError: no set of that name.
            WrongPasswordError: the password does not match.
        """
        with self._write() as s:
            row = self._set_row(s, name)
            self._verify_teacher(row, password)
            s.delete(row)

    def questions(self, name: str) -> tuple[ClassQuestion, ...]:
        """The set's questions in order, each bank item re-scored and checked.

        Raises:
            SetNotFoundError: no set of that name.
            AnswerMismatchError: a bank item no longer agrees with scoring.
        """
        from sqlalchemy import select

        from .class_models import PracticeSetItem
        from .models import BankItem

        with self._read() as s:
            set_row = self._set_row(s, name)
            rows = s.execute(
                select(PracticeSetItem.position, BankItem)
                .join(BankItem, BankItem.id == PracticeSetItem.item_id)
                .where(PracticeSetItem.set_id == set_row.id)
                .order_by(PracticeSetItem.position)
            ).all()
            return tuple(ClassQuestion(pos, _bank_record(item)) for pos, item in rows)

    # ----------------------------------------------------------------- files

    def set_document(self, name: str, password: str) -> dict[str, Any]:
        """The set as a JSON object to hand to another club (teacher only).

        The file carries the options, how the items were chosen and every item
        in full (its problem and answer), but no password and no results.
        """
        from sqlalchemy import select

        from .class_models import PracticeSetItem
        from .models import BankItem

        with self._read() as s:
            row = self._set_row(s, name)
            self._verify_teacher(row, password)
            items = s.scalars(
                select(BankItem)
                .join(PracticeSetItem, PracticeSetItem.item_id == BankItem.id)
                .where(PracticeSetItem.set_id == row.id)
                .order_by(PracticeSetItem.position)
            ).all()
            record = self._set_record(s, row)
            lines = []
            for item in items:
                line = _row_problem(item).to_record(item.uid)
                line["answer"] = dict(item.answer)
                lines.append(line)
        return {
            "format": FILE_FORMAT,
            "version": FILE_VERSION,
            "name": record.name,
            **record.options.to_record(),
            "selection": dict(record.selection),
            "items": lines,
        }

    def export_set(self, name: str, password: str, path: str | os.PathLike[str]) -> int:
        """Write the set file (see :meth:`set_document`); returns the number of items."""
        doc = self.set_document(name, password)
        target = Path(path)
        try:
            target.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", "utf-8")
        except OSError as e:
            raise ClassroomError(f"cannot write '{target}': {e.strerror or e}") from None
        return len(doc["items"])

    def import_set(
        self, path: str | os.PathLike[str], password: str, *, name: str | None = None
    ) -> PracticeSetRecord:
        """Create a set from a set file, under a new teacher password.

        Every item must already be in this bank with the same hand; otherwise
        the whole file is refused and nothing is changed.

        Raises:
            SetFileError: the file cannot be read, is malformed, or names items
                this bank does not have (all of them are listed).
            SetExistsError: a set of that name exists.
        """
        from sqlalchemy import select

        from .items import read_problem
        from .models import BankItem

        origin = str(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as e:
            raise SetFileError(f"cannot read set file '{origin}': {e.strerror or e}") from None
        except UnicodeDecodeError:
            raise SetFileError(f"set file '{origin}' is not UTF-8 text") from None
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            raise SetFileError(
                f"set file '{origin}' is not valid JSON (line {e.lineno}: {e.msg})"
            ) from None
        if not isinstance(doc, dict) or doc.get("format") != FILE_FORMAT:
            raise SetFileError(f"'{origin}' is not a riichi-drill practice set file")
        if doc.get("version") != FILE_VERSION:
            raise SetFileError(
                f"set file '{origin}' has format version {doc.get('version')!r}; "
                f"this riichi-drill reads version {FILE_VERSION}"
            )

        def field_(key: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
            value = doc.get(key, default)
            if value is not None and not isinstance(value, kind):
                raise SetFileError(f"set file '{origin}': '{key}' has the wrong type")
            return value

        try:
            options = SetOptions(
                rules=field_("rules", str, "tenhou"),
                parts=tuple(field_("ask", list, list(DEFAULT_PARTS))),
                skip_fu_on_limits=bool(field_("skip_fu_on_limits", bool, True)),
                question_seconds=field_("question_seconds", int),
                set_seconds=field_("set_seconds", int),
                explain=field_("explain", str, Explain.AFTER.value),
            )
            set_name = _check_name(name if name is not None else field_("name", str, ""), "set")
        except SetOptionsError as e:
            raise SetFileError(f"set file '{origin}': {e}") from None
        selection = field_("selection", dict, {"by": "ids"})
        items = field_("items", list)
        if not items:
            raise SetFileError(f"set file '{origin}' has no items")
        problems: list[tuple[str, Problem]] = []
        for i, line in enumerate(items, 1):
            if not isinstance(line, dict):
                raise SetFileError(f"set file '{origin}': item {i} is not an object")
            uid = line.get("id")
            if not isinstance(uid, str) or not uid:
                raise SetFileError(f"set file '{origin}': item {i} has no id")
            try:
                problem = read_problem(line, origin=origin, item=uid, extra=("answer",))
            except DataError as e:
                raise SetFileError(str(e)) from None
            problems.append((uid, problem))
        uids = [u for u, _ in problems]
        dupes = [u for u, n in Counter(uids).items() if n > 1]
        if dupes:
            raise SetFileError(f"set file '{origin}': item '{dupes[0]}' appears twice")
        with self._read() as s:
            rows = {r.uid: r for r in s.scalars(select(BankItem).where(BankItem.uid.in_(uids)))}
            missing = [u for u in uids if u not in rows]
            if missing:
                raise SetFileError(
                    f"set file '{origin}': "
                    + _missing_message(missing, "this bank has no item")
                    + "; nothing was imported"
                )
            for uid, problem in problems:
                if _row_problem(rows[uid]) != problem:
                    raise SetFileError(
                        f"set file '{origin}': item '{uid}' is a different hand in this bank; "
                        "nothing was imported"
                    )
        try:
            record = self.create_set(set_name, password, options=options, item_uids=uids)
        except UnknownItemError as e:
            raise SetFileError(f"set file '{origin}': {e}; nothing was imported") from None
        if selection.get("by") != "ids":
            with self._write() as s:
                row = self._set_row(s, set_name)
                row.selection = {**selection, "imported_from": Path(origin).name}
                s.flush()
                record = self._set_record(s, row)
        return record

    # ----------------------------------------------------------------- students

    def join(self, name: str, student: str, pin: str | None = None) -> StudentSession:
        """Join a set as a student, or resume with the PIN given at the first join.

        A first join creates the enrolment with ``pin`` (or a new 4-digit PIN,
        returned in the session: the student needs it to resume).

        Raises:
            SetNotFoundError: no set of that name.
            StudentNameTakenError: the name is taken and no matching PIN was given.
        """
        from sqlalchemy.exc import IntegrityError

        from .class_models import Enrolment

        student = _check_name(student, "student")
        if pin is not None:
            pin = pin.strip()
            if not pin:
                pin = None
        resumed = self._resume(name, student, pin)
        if resumed is not None:
            return resumed
        new_pin = pin or self._new_pin()
        pin_hash = hash_secret(new_pin, cost=_PIN_COST)
        try:
            with self._write() as s:
                set_row = self._set_row(s, name)
                row = Enrolment(
                    set_id=set_row.id,
                    student=student,
                    pin_hash=pin_hash,
                    position=0,
                    joined_at=self._now(),
                    finished_at=None,
                )
                s.add(row)
                s.flush()
                session = self._session(s, row, set_row)
        except IntegrityError:
            # Joined at the same moment from elsewhere (another tab): resume with the PIN.
            resumed = self._resume(name, student, pin)
            if resumed is None:  # pragma: no cover - the other join was rolled back
                raise
            return resumed
        return _replace_pin(session, new_pin)

    def _resume(self, name: str, student: str, pin: str | None) -> StudentSession | None:
        """The session of a student already in the set (None when not in it)."""
        from sqlalchemy import select

        from .class_models import Enrolment

        with self._read() as s:
            set_row = self._set_row(s, name)
            existing = s.scalar(
                select(Enrolment).where(
                    Enrolment.set_id == set_row.id, Enrolment.student == student
                )
            )
            if existing is None:
                return None
            if pin is None or not verify_secret(pin, existing.pin_hash):
                raise _taken(student, set_row.name, pin is not None)
            return self._session(s, existing, set_row, resumed=True)

    def session(self, enrolment_id: int) -> StudentSession:
        """The current state of an enrolment (after answers were stored)."""
        from .class_models import Enrolment, PracticeSet

        with self._read() as s:
            row = s.get(Enrolment, enrolment_id)
            if row is None:
                raise StudentNotFoundError(f"no enrolment {enrolment_id}")
            set_row = s.get(PracticeSet, row.set_id)
            assert set_row is not None
            return self._session(s, row, set_row, resumed=True)

    def record_answer(
        self,
        enrolment_id: int,
        position: int,
        parts: Sequence[AnswerPart],
        *,
        concepts: Iterable[str] = (),
        seconds: float,
        timed_out: bool = False,
    ) -> StoredAnswer:
        """Store a student's answer to one question, at once and exactly once.

        The answer must be to the next question (``position`` equal to the
        session's). Submitting again an answer already stored changes nothing
        and returns the stored one (``created`` False), so a client may retry
        after a lost connection.

        Raises:
            AnswerError: a question out of order or out of the set, a part the
                set does not ask, an unknown concept, the set finished.
        """
        from sqlalchemy.exc import IntegrityError

        from .topics import check_topic, sort_topics

        if not parts:
            raise AnswerError("an answer needs at least one part")
        names = [p.part for p in parts]
        if len(set(names)) != len(names):
            raise AnswerError("a part is given twice in one answer")
        try:
            topics = sort_topics(check_topic(c) for c in concepts)
        except DataError as e:
            raise AnswerError(str(e)) from None
        if not (seconds >= 0):
            raise AnswerError(f"time taken must be 0 or more seconds, not {seconds!r}")
        record = self._record_pg if self._pg_fast else self._record
        try:
            return record(enrolment_id, position, parts, topics, float(seconds), timed_out)
        except IntegrityError:
            # Another submission of the same answer won the race: return what it stored.
            found = self._stored_answer(enrolment_id, position)
            if found is None:
                raise
            return found

    def _record(
        self,
        enrolment_id: int,
        position: int,
        parts: Sequence[AnswerPart],
        topics: tuple[str, ...],
        seconds: float,
        timed_out: bool,
    ) -> StoredAnswer:
        # SQLAlchemy Core on one connection (no unit of work): this is the hot path
        # when a whole class answers at once.
        from sqlalchemy import func, insert, select, update

        from .models import Base

        tables = Base.metadata.tables
        e, ps, psi = tables["class_enrolments"], tables["class_sets"], tables["class_set_items"]
        ca, bank = tables["class_answers"], tables["bank_items"]
        size = select(func.count()).where(psi.c.set_id == ps.c.id).correlate(ps).scalar_subquery()
        uid = (
            select(bank.c.uid)
            .join(psi, psi.c.item_id == bank.c.id)
            .where(psi.c.set_id == ps.c.id, psi.c.position == position)
            .correlate(ps)
            .scalar_subquery()
        )
        q = (
            select(
                e.c.id,
                e.c.student,
                e.c.position,
                e.c.finished_at,
                ps.c.name,
                ps.c.parts,
                ps.c.set_seconds,
                size,
                uid,
            )
            .join(ps, ps.c.id == e.c.set_id)
            .where(e.c.id == enrolment_id)
        )
        if not self.db.is_sqlite:
            q = q.with_for_update(of=e)
        over = ""
        with self._write() as s:
            conn = s.connection()
            found = conn.execute(q).one_or_none()
            if found is None:
                raise AnswerError(f"no enrolment {enrolment_id}")
            _, student, next_position, finished_at, set_name, asked, limit, n_items, item_uid = (
                found
            )
            if not 0 <= position < n_items:
                raise AnswerError(
                    f"practice set '{set_name}' has no question {position + 1} (it has {n_items})"
                )
            if position < next_position:
                stored = self._answer_in(s, enrolment_id, position)
                if stored is not None:
                    return stored
            if finished_at is not None:
                raise AnswerError(f"'{student}' has finished practice set '{set_name}'")
            if position != next_position:
                raise AnswerError(
                    f"question {position + 1} is not the next one for '{student}' "
                    f"(next: {next_position + 1})"
                )
            bad = [p.part for p in parts if p.part not in set(asked)]
            if bad:
                raise AnswerError(f"practice set '{set_name}' does not ask '{bad[0]}'")
            now = self._now()
            if limit is not None:
                used = conn.execute(
                    select(func.coalesce(func.sum(ca.c.seconds), 0.0)).where(
                        ca.c.enrolment_id == enrolment_id
                    )
                ).scalar()
                if float(used or 0.0) >= limit:
                    # Commit the finish, then refuse the answer (outside the transaction).
                    conn.execute(update(e).where(e.c.id == enrolment_id).values(finished_at=now))
                    over = f"the time for practice set '{set_name}' is over for '{student}'"
            if not over:
                answer_id = conn.execute(
                    insert(ca).returning(ca.c.id),
                    {
                        "enrolment_id": enrolment_id,
                        "position": position,
                        "correct": all(p.correct for p in parts),
                        "seconds": seconds,
                        "timed_out": timed_out,
                        "answered_at": now,
                    },
                ).scalar_one()
                conn.execute(
                    insert(tables["class_answer_parts"]),
                    [
                        {
                            "answer_id": answer_id,
                            "part": p.part,
                            "position": i,
                            "given": p.given,
                            "expected": p.expected,
                            "correct": p.correct,
                        }
                        for i, p in enumerate(parts)
                    ],
                )
                if topics:
                    conn.execute(
                        insert(tables["class_answer_concepts"]),
                        [{"answer_id": answer_id, "topic": t} for t in topics],
                    )
                conn.execute(
                    update(e)
                    .where(e.c.id == enrolment_id)
                    .values(
                        position=position + 1,
                        finished_at=now if position + 1 >= n_items else None,
                    )
                )
        if over:
            raise AnswerError(over)
        return StoredAnswer(
            position=position,
            item_uid=item_uid,
            parts=tuple(parts),
            concepts=topics,
            correct=all(p.correct for p in parts),
            seconds=seconds,
            timed_out=timed_out,
            answered_at=now,
        )

    def _record_pg(
        self,
        enrolment_id: int,
        position: int,
        parts: Sequence[AnswerPart],
        topics: tuple[str, ...],
        seconds: float,
        timed_out: bool,
    ) -> StoredAnswer:
        """:meth:`_record` on PostgreSQL: one prepared statement, one round trip.

        The statement (:data:`_PG_RECORD`) locks the enrolment, checks the answer
        is the next one, inside the set, of parts the set asks and within the
        time, and only then inserts the answer, its parts and concepts and moves
        the enrolment on (or marks it finished when the time is over), all in its
        own transaction; it returns what was checked, and the errors are raised
        here in the same order as :meth:`_record` does.
        """
        import psycopg
        from sqlalchemy.exc import DBAPIError

        now = self._now()
        correct = all(p.correct for p in parts)
        params = {
            "eid": enrolment_id,
            "pos": position,
            "names": [p.part for p in parts],
            "given": [p.given for p in parts],
            "expected": [p.expected for p in parts],
            "right": [p.correct for p in parts],
            "topics": list(topics),
            "correct": correct,
            "seconds": seconds,
            "timed_out": timed_out,
            "now": now,
        }
        engine = self.db.engine
        for _ in range(_PG_RETRIES):
            raw = engine.raw_connection()
            pg: Any = raw.driver_connection
            try:
                pg.autocommit = True  # the statement is its own transaction
                try:
                    row = pg.execute(_PG_RECORD, params, prepare=True).fetchone()
                finally:
                    if not pg.closed:
                        pg.autocommit = False
            except psycopg.Error as e:
                error: Any = e
                gone = engine.dialect.is_disconnect(error, raw.dbapi_connection, None)
                if gone:
                    raw.invalidate(e)
                raise DBAPIError.instance(
                    _PG_RECORD, params, e, psycopg.Error,
                    connection_invalidated=gone, dialect=engine.dialect,
                ) from e
            finally:
                raw.close()
            if row is None:
                raise AnswerError(f"no enrolment {enrolment_id}")
            (student, next_position, finished_at, set_name, n_items, item_uid, parts_ok, over,
             answer_id) = row
            if not 0 <= position < n_items:
                raise AnswerError(
                    f"practice set '{set_name}' has no question {position + 1} (it has {n_items})"
                )
            if position < next_position:
                stored = self._stored_answer(enrolment_id, position)
                if stored is not None:
                    return stored
            if finished_at is not None:
                raise AnswerError(f"'{student}' has finished practice set '{set_name}'")
            if position != next_position:
                raise AnswerError(
                    f"question {position + 1} is not the next one for '{student}' "
                    f"(next: {next_position + 1})"
                )
            if not parts_ok:
                asked = self._asked_parts(enrolment_id)
                bad = [p.part for p in parts if p.part not in asked]
                raise AnswerError(f"practice set '{set_name}' does not ask '{bad[0]}'")
            if over:
                raise AnswerError(f"the time for practice set '{set_name}' is over for '{student}'")
            if answer_id is not None:
                return StoredAnswer(
                    position=position,
                    item_uid=item_uid,
                    parts=tuple(parts),
                    concepts=topics,
                    correct=correct,
                    seconds=seconds,
                    timed_out=timed_out,
                    answered_at=now,
                )
            # Nothing written although every check passed: the statement was not
            # consistent (an answer of this student was committed between its
            # snapshot and its lock): run it again, with a newer snapshot.
        raise AnswerError(f"could not store the answer of enrolment {enrolment_id}; try again")

    def _asked_parts(self, enrolment_id: int) -> set[str]:
        from sqlalchemy import select

        from .class_models import Enrolment, PracticeSet

        with self._read() as s:
            asked = s.scalar(
                select(PracticeSet.parts)
                .join(Enrolment, Enrolment.set_id == PracticeSet.id)
                .where(Enrolment.id == enrolment_id)
            )
        return set(asked or ())

    def finish(self, enrolment_id: int) -> StudentSession:
        """Mark a student's set finished (when its time is over); answers stay as they are."""
        from .class_models import Enrolment, PracticeSet

        with self._write() as s:
            row = s.get(Enrolment, enrolment_id)
            if row is None:
                raise StudentNotFoundError(f"no enrolment {enrolment_id}")
            if row.finished_at is None:
                row.finished_at = self._now()
                s.flush()
            set_row = s.get(PracticeSet, row.set_id)
            assert set_row is not None
            return self._session(s, row, set_row, resumed=True)

    def _stored_answer(self, enrolment_id: int, position: int) -> StoredAnswer | None:
        with self._read() as s:
            return self._answer_in(s, enrolment_id, position)

    def _answer_in(self, s: Session, enrolment_id: int, position: int) -> StoredAnswer | None:
        from sqlalchemy import select
        from sqlalchemy.orm import selectinload

        from .class_models import ClassAnswer, Enrolment, PracticeSetItem
        from .models import BankItem

        row = s.scalar(
            select(ClassAnswer)
            .where(ClassAnswer.enrolment_id == enrolment_id, ClassAnswer.position == position)
            .options(selectinload(ClassAnswer.parts), selectinload(ClassAnswer.concepts))
        )
        if row is None:
            return None
        uid = s.scalar(
            select(BankItem.uid)
            .join(PracticeSetItem, PracticeSetItem.item_id == BankItem.id)
            .join(Enrolment, Enrolment.set_id == PracticeSetItem.set_id)
            .where(Enrolment.id == enrolment_id, PracticeSetItem.position == position)
        )
        return _answer_record(row, uid or "", created=False)

    # ----------------------------------------------------------------- results

    def class_results(self, name: str, password: str) -> ClassResults:
        """Every student's results, each question's figures and the concepts missed (teacher only).

        Raises:
            SetNotFoundError: no set of that name.
            WrongPasswordError: the password does not match.
        """
        with self._read() as s:
            row = self._set_row(s, name)
            self._verify_teacher(row, password)
            return self._results(s, row, None)

    def student_results(self, name: str, student: str, pin: str) -> StudentResult:
        """One student's own results, with their PIN.

        Raises:
            SetNotFoundError: no set of that name.
            StudentNotFoundError: no such student, or the PIN does not match.
        """
        from sqlalchemy import select

        from .class_models import Enrolment

        with self._read() as s:
            row = self._set_row(s, name)
            enrolment = s.scalar(
                select(Enrolment).where(Enrolment.set_id == row.id, Enrolment.student == student)
            )
            if enrolment is None or not verify_secret(pin, enrolment.pin_hash):
                raise StudentNotFoundError(
                    f"no student '{student}' with that PIN in practice set '{row.name}'"
                )
            return self._results(s, row, enrolment.id).students[0]

    def own_results(self, session: StudentSession) -> StudentResult:
        """The results of the student of a session (already identified by their join)."""
        from .class_models import PracticeSet

        with self._read() as s:
            row = s.get(PracticeSet, session.practice_set.id)
            if row is None:
                raise SetNotFoundError(f"practice set '{session.practice_set.name}' was deleted")
            return self._results(s, row, session.enrolment_id).students[0]

    def _results(self, s: Session, set_row: PracticeSet, enrolment_id: int | None) -> ClassResults:
        from sqlalchemy import select
        from sqlalchemy.orm import selectinload

        from .class_models import ClassAnswer, Enrolment, PracticeSetItem
        from .models import BankItem
        from .topics import get_topic, is_topic, sort_topics

        record = self._set_record(s, set_row)
        items = {
            pos: item
            for pos, item in s.execute(
                select(PracticeSetItem.position, BankItem)
                .join(BankItem, BankItem.id == PracticeSetItem.item_id)
                .where(PracticeSetItem.set_id == set_row.id)
            ).all()
        }
        q = select(Enrolment).where(Enrolment.set_id == set_row.id).order_by(Enrolment.student)
        if enrolment_id is not None:
            q = q.where(Enrolment.id == enrolment_id)
        enrolments = s.scalars(q).all()
        answers_by: dict[int, list[StoredAnswer]] = defaultdict(list)
        if enrolments:
            rows = s.scalars(
                select(ClassAnswer)
                .where(ClassAnswer.enrolment_id.in_([e.id for e in enrolments]))
                .order_by(ClassAnswer.enrolment_id, ClassAnswer.position)
                .options(selectinload(ClassAnswer.parts), selectinload(ClassAnswer.concepts))
            ).all()
            for a in rows:
                item = items.get(a.position)
                answers_by[a.enrolment_id].append(
                    _answer_record(a, item.uid if item else "", created=False)
                )
        students = tuple(
            StudentResult(
                student=e.student,
                joined_at=e.joined_at,
                finished_at=e.finished_at,
                size=record.size,
                answers=tuple(answers_by[e.id]),
            )
            for e in enrolments
        )
        questions = []
        misses: Counter[str] = Counter()
        who: dict[str, set[str]] = defaultdict(set)
        where: dict[str, Counter[int]] = defaultdict(Counter)
        by_position: dict[int, list[StoredAnswer]] = defaultdict(list)
        for st in students:
            for given_answer in st.answers:
                by_position[given_answer.position].append(given_answer)
                for topic in given_answer.concepts:
                    misses[topic] += 1
                    who[topic].add(st.student)
                    where[topic][given_answer.position] += 1
        for pos in sorted(items):
            given = by_position[pos]
            questions.append(
                QuestionStat(
                    position=pos,
                    item_uid=items[pos].uid,
                    declaration=items[pos].declaration,
                    answered=len(given),
                    right=sum(1 for g in given if g.correct),
                    mean_seconds=sum(g.seconds for g in given) / len(given) if given else 0.0,
                )
            )
        order = {t: i for i, t in enumerate(sort_topics(misses))}
        concepts = []
        for topic in sorted(misses, key=lambda t: (-misses[t], -len(who[t]), order[t])):
            pos, n = min(where[topic].items(), key=lambda kv: (-kv[1], kv[0]))
            item = items[pos]
            concepts.append(
                ConceptMiss(
                    topic=topic,
                    title=get_topic(topic).title if is_topic(topic) else topic,
                    misses=misses[topic],
                    students=len(who[topic]),
                    example=ExampleHand(
                        position=pos,
                        item_uid=item.uid,
                        problem=_row_problem(item),
                        fu=item.fu,
                        han=item.han,
                        declaration=item.declaration,
                        misses=n,
                    ),
                )
            )
        return ClassResults(record, students, tuple(questions), tuple(concepts))

    # ----------------------------------------------------------------- helpers

    def _set_row(self, s: Session, name: str) -> PracticeSet:
        from sqlalchemy import select

        from .class_models import PracticeSet

        key = unicodedata.normalize("NFC", str(name)).strip()
        row = s.scalar(select(PracticeSet).where(PracticeSet.name == key))
        if row is None:
            raise SetNotFoundError(f"no practice set named '{key}'")
        return row

    def _verify_teacher(self, row: PracticeSet, password: str) -> None:
        if not password or not verify_secret(password, row.password_hash):
            raise WrongPasswordError(f"wrong teacher password for practice set '{row.name}'")

    def _set_record(self, s: Session, row: PracticeSet) -> PracticeSetRecord:
        from sqlalchemy import select

        from .class_models import PracticeSetItem
        from .models import BankItem

        uids = s.scalars(
            select(BankItem.uid)
            .join(PracticeSetItem, PracticeSetItem.item_id == BankItem.id)
            .where(PracticeSetItem.set_id == row.id)
            .order_by(PracticeSetItem.position)
        ).all()
        options = SetOptions(
            rules=row.rules,
            parts=tuple(row.parts),
            skip_fu_on_limits=row.skip_fu_on_limits,
            question_seconds=row.question_seconds,
            set_seconds=row.set_seconds,
            explain=Explain(row.explain),
        )
        return PracticeSetRecord(
            id=row.id,
            name=row.name,
            options=options,
            item_uids=tuple(uids),
            selection=dict(row.selection),
            created_at=row.created_at,
        )

    def _session(
        self, s: Session, row: Enrolment, set_row: PracticeSet, *, resumed: bool = False
    ) -> StudentSession:
        from sqlalchemy import func, select

        from .class_models import ClassAnswer

        answered, used = s.execute(
            select(func.count(), func.coalesce(func.sum(ClassAnswer.seconds), 0.0)).where(
                ClassAnswer.enrolment_id == row.id
            )
        ).one()
        record = self._set_record(s, set_row)
        limit = record.options.set_seconds
        finished = (
            row.finished_at is not None
            or row.position >= record.size
            or (limit is not None and float(used) >= limit)
        )
        return StudentSession(
            enrolment_id=row.id,
            practice_set=record,
            student=row.student,
            position=row.position,
            answered=int(answered),
            seconds_used=float(used),
            finished=finished,
            resumed=resumed,
        )

    def _new_pin(self) -> str:
        if self._rng is not None:
            return f"{self._rng.randrange(10_000):04d}"
        return f"{secrets.randbelow(10_000):04d}"


# --------------------------------------------------------------------------- PostgreSQL

#: How many times :meth:`Classroom._record_pg` runs its statement when it met a
#: concurrent answer of the same student (each run has a newer snapshot).
_PG_RETRIES = 5

#: Store one answer on PostgreSQL (see :meth:`Classroom._record_pg`). ``e`` locks
#: the enrolment (and reads its newest version); ``st`` gathers what the checks
#: need; ``consistent`` is false when the statement's snapshot misses an answer
#: committed before the lock was taken (then nothing is written). ``ins``,
#: ``p``, ``c`` and ``u`` write only when every check passed (``u`` also marks
#: the enrolment finished when its time is over). One row comes back per
#: enrolment found.
_PG_RECORD = """
WITH e AS (
    SELECT id, set_id, student, position, finished_at
    FROM class_enrolments WHERE id = %(eid)s FOR UPDATE
), st AS MATERIALIZED (
    SELECT e.id, e.student, e.position AS next_position, e.finished_at, s.name,
           s.set_seconds,
           (SELECT count(*) FROM class_set_items i WHERE i.set_id = s.id) AS n_items,
           (SELECT b.uid FROM class_set_items i JOIN bank_items b ON b.id = i.item_id
             WHERE i.set_id = s.id AND i.position = %(pos)s) AS item_uid,
           %(names)s::text[] <@ ARRAY(SELECT json_array_elements_text(s.parts)) AS parts_ok,
           a.n_answers = e.position AS consistent,
           a.used
    FROM e JOIN class_sets s ON s.id = e.set_id
    CROSS JOIN LATERAL (
        SELECT count(*) AS n_answers, coalesce(sum(ca.seconds), 0.0) AS used
        FROM class_answers ca WHERE ca.enrolment_id = e.id
    ) a
), ok AS MATERIALIZED (
    SELECT st.*,
           st.consistent AND st.finished_at IS NULL AND st.next_position = %(pos)s
           AND %(pos)s >= 0 AND %(pos)s < st.n_items AND st.parts_ok AS eligible
    FROM st
), g AS MATERIALIZED (
    SELECT ok.*,
           ok.eligible AND ok.set_seconds IS NOT NULL AND ok.used >= ok.set_seconds AS over,
           ok.eligible AND NOT (ok.set_seconds IS NOT NULL AND ok.used >= ok.set_seconds)
               AS write
    FROM ok
), ins AS (
    INSERT INTO class_answers (enrolment_id, position, correct, seconds, timed_out, answered_at)
    SELECT g.id, %(pos)s, %(correct)s, %(seconds)s, %(timed_out)s, %(now)s FROM g WHERE g.write
    RETURNING id
), p AS (
    INSERT INTO class_answer_parts (answer_id, part, position, given, expected, correct)
    SELECT ins.id, u.part, u.n - 1, u.given, u.expected, u.correct
    FROM ins CROSS JOIN unnest(%(names)s::text[], %(given)s::text[], %(expected)s::text[],
                               %(right)s::boolean[]) WITH ORDINALITY
         AS u(part, given, expected, correct, n)
), c AS (
    INSERT INTO class_answer_concepts (answer_id, topic)
    SELECT ins.id, t.topic FROM ins CROSS JOIN unnest(%(topics)s::text[]) AS t(topic)
), u AS (
    UPDATE class_enrolments SET
        position = CASE WHEN g.write THEN %(pos)s + 1 ELSE class_enrolments.position END,
        finished_at = CASE WHEN g.write AND %(pos)s + 1 < g.n_items THEN NULL
                           ELSE %(now)s::timestamptz END
    FROM g WHERE class_enrolments.id = g.id AND (g.write OR g.over)
)
SELECT g.student, g.next_position, g.finished_at, g.name, g.n_items, g.item_uid,
       g.parts_ok, g.over, (SELECT ins.id FROM ins)
FROM g
"""


# --------------------------------------------------------------------------- functions


def _taken(student: str, set_name: str, wrong_pin: bool) -> StudentNameTakenError:
    if wrong_pin:
        return StudentNameTakenError(
            f"student name '{student}' is already taken in practice set '{set_name}' "
            "(wrong PIN to resume)"
        )
    return StudentNameTakenError(
        f"student name '{student}' is already taken in practice set '{set_name}'; "
        "to resume, give the PIN you were shown when you joined"
    )


def _replace_pin(session: StudentSession, pin: str) -> StudentSession:
    return replace(session, pin=pin)


def _missing_message(missing: Sequence[str], what: str) -> str:
    shown = ", ".join(f"'{u}'" for u in missing[:5])
    more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
    plural = "s" if len(missing) > 1 else ""
    return f"{what}{plural} {shown}{more}"


def _row_problem(row: BankItemRow) -> Problem:
    from .items import read_problem

    return read_problem(dict(row.problem), origin="database", item=row.uid)


def _bank_record(row: BankItemRow) -> BankItemRecord:
    """A bank row as the checked record the app sees (re-scored, answer compared)."""
    from .items import checked_item

    return checked_item(row).to_bank_item(row.id)


def _answer_record(row: Any, item_uid: str, *, created: bool) -> StoredAnswer:
    from .topics import sort_topics

    return StoredAnswer(
        position=row.position,
        item_uid=item_uid,
        parts=tuple(AnswerPart(p.part, p.given, p.expected, p.correct) for p in row.parts),
        concepts=sort_topics(c.topic for c in row.concepts),
        correct=row.correct,
        seconds=row.seconds,
        timed_out=row.timed_out,
        answered_at=row.answered_at,
        created=created,
    )


# --------------------------------------------------------------------------- CSV


CSV_FIXED_COLUMNS: tuple[str, ...] = (
    "set", "student", "question", "item", "correct", "parts_right", "parts_asked",
    "seconds", "timed_out", "answered_at",
)  # fmt: skip


def results_csv(results: ClassResults) -> str:
    """The class's answers as CSV: one row per student per answered question.

    Columns: the fixed ones (``question`` counts from 1), then ``<part>_given``,
    ``<part>_expected``, ``<part>_correct`` for each part the set asks, then
    ``concepts_missed`` (topic ids separated by spaces).
    """
    parts = results.practice_set.options.parts
    header = [*CSV_FIXED_COLUMNS]
    for p in parts:
        header += [f"{p}_given", f"{p}_expected", f"{p}_correct"]
    header.append("concepts_missed")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for st in results.students:
        for a in st.answers:
            row: list[Any] = [
                results.practice_set.name,
                st.student,
                a.position + 1,
                a.item_uid,
                int(a.correct),
                a.parts_right,
                len(a.parts),
                f"{a.seconds:.1f}",
                int(a.timed_out),
                a.answered_at.isoformat(),
            ]
            for p in parts:
                got = a.part(p)
                row += [got.given, got.expected, int(got.correct)] if got else ["", "", ""]
            row.append(" ".join(a.concepts))
            writer.writerow(row)
    return out.getvalue()


def write_results_csv(results: ClassResults, path: str | os.PathLike[str]) -> int:
    """Write :func:`results_csv` to a file; returns the number of answer rows."""
    text = results_csv(results)
    try:
        Path(path).write_text(text, encoding="utf-8", newline="")
    except OSError as e:
        raise ClassroomError(f"cannot write '{path}': {e.strerror or e}") from None
    return text.count("\n") - 1


__all__ = [
    "ASKABLE_PARTS",
    "AnswerError",
    "AnswerPart",
    "ClassQuestion",
    "ClassResults",
    "Classroom",
    "ClassroomError",
    "ConceptMiss",
    "ExampleHand",
    "Explain",
    "PracticeSetRecord",
    "QuestionStat",
    "SetExistsError",
    "SetFileError",
    "SetNotFoundError",
    "SetOptions",
    "SetOptionsError",
    "SetSummary",
    "StoredAnswer",
    "StudentNameTakenError",
    "StudentNotFoundError",
    "StudentResult",
    "StudentSession",
    "UnknownItemError",
    "WrongPasswordError",
    "database_url",
    "hash_secret",
    "open_classroom",
    "results_csv",
    "verify_secret",
    "write_results_csv",
]
