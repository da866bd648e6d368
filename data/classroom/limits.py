"""Attempt limits kept in the class database, shared by every server process on it.

A guess of a resume code or of a teacher's password is *reserved* before it is
checked: :meth:`Limits.reserve` counts the attempt (one compare-and-swap on the
key's row of ``class_limits``) or says how long to wait, so that a hundred
guesses sent at once are counted one by one and all but the allowed few are
refused before any hash is checked. A right answer then gives its attempt back
(:meth:`Limits.release`, :meth:`Limits.refund`).

The keys are chosen by the caller (the classroom server, and any other page on
the same database): a student's failures count against that student's current
code only (:func:`code_key`, which names the code's mark, so a code the teacher
resets starts afresh), a teacher's against the set from that address
(:func:`teacher_key`) and, more loosely, the set as a whole; first joins per
address and per set (:func:`join_key`). Nothing is kept in a process's memory:
several ``class serve`` processes behind a proxy, and a restart, see one count.

>>> rule = Rule(free=2, most=4, window=60, longest=60)
>>> [rule.delay(n) for n in range(1, 5)]
[0.0, 1.0, 2.0, 4.0]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast

from .errors import TooManyAttemptsError, WrongPasswordError

if TYPE_CHECKING:
    from sqlalchemy import Table
    from sqlalchemy.engine import CursorResult

    from ..db import Database
    from .records import StudentSession
    from .service import Classroom

T = TypeVar("T")

__all__ = [
    "CODE_RULE",
    "JOINS_PER_ADDRESS",
    "JOINS_PER_SET",
    "TEACHER_ADDRESS_RULE",
    "TEACHER_SET_RULE",
    "Guard",
    "GuardRules",
    "Limits",
    "Rule",
    "code_key",
    "join_key",
    "retry_seconds",
    "teacher_key",
]

#: Times a compare-and-swap is tried again when another process moved the row first.
_TRIES = 200


@dataclass(frozen=True, slots=True)
class Rule:
    """How many attempts a key may make within ``window`` seconds.

    Up to ``free`` attempts go at once; each one after must wait after the
    last (1, 2, 4... seconds, at most ``longest``); once ``most`` are counted
    the key is refused until the window ends, unless ``lock`` is False (then
    it is only kept at one attempt every ``longest`` seconds: for a key that
    a stranger could fill, such as a whole set's teacher password).
    """

    free: int
    most: int
    window: float
    longest: float = 60.0
    lock: bool = True

    def delay(self, attempts: int) -> float:
        """Seconds to wait after the ``attempts``-th attempt of a window."""
        if attempts < self.free:
            return 0.0
        return float(min(self.longest, 2.0 ** (attempts - self.free)))


#: A student's resume code: 3 free, then slowed, 10 in 15 minutes at most (the
#: code has about 50 bits: guessing it through the server is hopeless).
CODE_RULE = Rule(free=3, most=10, window=900.0)
#: A teacher's password from one address.
TEACHER_ADDRESS_RULE = Rule(free=3, most=10, window=900.0)
#: A teacher's password from everywhere at once: slowed to one guess in 2 s, never locked
#: (a stranger changing addresses must not lock the teacher out; the password's strength
#: does the rest).
TEACHER_SET_RULE = Rule(free=20, most=20, window=900.0, longest=2.0, lock=False)
#: New names joining a set from one address in an hour.
JOINS_PER_ADDRESS = Rule(free=60, most=60, window=3600.0)
#: New names joining one set in an hour, from everywhere.
JOINS_PER_SET = Rule(free=300, most=300, window=3600.0)


def _table() -> Table:
    from ..class_models import ClassLimit

    return cast("Table", ClassLimit.__table__)


def code_key(enrolment_id: int, mark: str) -> str:
    """The key of a student's current resume code (its mark: a new code, a new key)."""
    return f"code:{enrolment_id}:{mark}"


def teacher_key(set_name: str, address: str | None = None) -> str:
    """The key of a set's teacher password, from one address or (None) from all."""
    return f"teacher:{set_name}" + (f"@{address}" if address is not None else "")


def join_key(set_name: str, address: str | None = None) -> str:
    """The key of first joins to a set, from one address or (None) from all."""
    return f"join:{set_name}" + (f"@{address}" if address is not None else "")


def retry_seconds(wait: float) -> int:
    """Whole seconds to tell someone who must wait ``wait`` seconds (never 0).

    >>> retry_seconds(0.2), retry_seconds(1.0), retry_seconds(1.01)
    (1, 1, 2)
    """
    return max(1, math.ceil(wait - 1e-9))


class Limits:
    """Counts attempts per key in ``class_limits`` (see the module).

    Args:
        db: the class database.
        ticker: the wall clock in seconds since the epoch (the same for every process).
    """

    def __init__(self, db: Database, *, ticker: Callable[[], float] = time.time) -> None:
        from .. import class_models  # noqa: F401  (the table must be known)

        self.db = db
        self.ticker = ticker

    def reserve(self, key: str, rule: Rule) -> float:
        """Count one attempt under ``key`` now (0.0), or the seconds to wait (nothing counted).

        Atomic across threads and processes: of many attempts made at once,
        exactly as many as ``rule`` allows are counted and the others refused.
        Keys longer than the column are cut (they stay distinct enough).
        """
        from sqlalchemy import insert, select, update
        from sqlalchemy.exc import IntegrityError

        key = key[:255]
        table = _table()
        for _ in range(_TRIES):
            now = self.ticker()
            try:
                with self.db.transaction() as s:
                    row = s.execute(select(table.c.attempts, table.c.since, table.c.next_at)
                                    .where(table.c.key == key)).one_or_none()
                    if row is None:
                        s.execute(insert(table).values(key=key, attempts=1, since=now,
                                                       next_at=now + rule.delay(1)))
                        return 0.0
                    attempts, since, next_at = int(row[0]), float(row[1]), float(row[2])
                    if now - since >= rule.window:  # a new window
                        counted, start = 0, now
                    else:
                        counted, start = attempts, since
                        wait = self._wait(rule, counted, start, next_at, now)
                        if wait > 0:
                            return wait
                    moved = s.execute(
                        update(table)
                        .where(table.c.key == key, table.c.attempts == attempts,
                               table.c.since == since)
                        .values(attempts=counted + 1, since=start,
                                next_at=now + rule.delay(counted + 1)))
                    if cast("CursorResult[Any]", moved).rowcount == 1:
                        return 0.0
            except IntegrityError:
                continue  # made at the same moment elsewhere: read it again
        return rule.longest  # pragma: no cover - the row never held still: refuse for now

    @staticmethod
    def _wait(rule: Rule, counted: int, since: float, next_at: float, now: float) -> float:
        if counted >= rule.most and rule.lock:
            return max(0.0, since + rule.window - now)
        if counted >= rule.free:
            return max(0.0, next_at - now)
        return 0.0

    def wait(self, key: str, rule: Rule) -> float:
        """Seconds before ``key`` may make an attempt (0.0: now); counts nothing."""
        from sqlalchemy import select

        table = _table()
        now = self.ticker()
        with self.db.session() as s:
            row = s.execute(select(table.c.attempts, table.c.since, table.c.next_at)
                            .where(table.c.key == key[:255])).one_or_none()
        if row is None or now - float(row[1]) >= rule.window:
            return 0.0
        return self._wait(rule, int(row[0]), float(row[1]), float(row[2]), now)

    def attempts(self, key: str) -> int:
        """Attempts counted under ``key`` in its current window (0 when none)."""
        from sqlalchemy import select

        table = _table()
        with self.db.session() as s:
            found = s.scalar(select(table.c.attempts).where(table.c.key == key[:255]))
        return int(found or 0)

    def release(self, *keys: str) -> None:
        """Forget every attempt of these keys (a right code: its student starts afresh)."""
        from sqlalchemy import delete

        table = _table()
        with self.db.transaction() as s:
            s.execute(delete(table).where(table.c.key.in_([k[:255] for k in keys])))

    def release_prefix(self, prefix: str) -> None:
        """Forget every key starting with ``prefix`` (a student's codes, when reset)."""
        from sqlalchemy import delete

        table = _table()
        escaped = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        with self.db.transaction() as s:
            s.execute(delete(table).where(table.c.key.like(escaped + "%", escape="\\")))

    def refund(self, key: str) -> None:
        """Give back one attempt of ``key`` (it turned out right, or was never checked)."""
        from sqlalchemy import update

        table = _table()
        with self.db.transaction() as s:
            s.execute(update(table).where(table.c.key == key[:255], table.c.attempts > 0)
                      .values(attempts=table.c.attempts - 1))


@dataclass(frozen=True, slots=True)
class GuardRules:
    """The rules a :class:`Guard` applies (tests and ``class serve`` may change them)."""

    code: Rule = CODE_RULE
    teacher_address: Rule = TEACHER_ADDRESS_RULE
    teacher_set: Rule = TEACHER_SET_RULE
    joins_address: Rule = JOINS_PER_ADDRESS
    joins_set: Rule = JOINS_PER_SET


class Guard:
    """Joins, resumes and teacher's checks, each within its limits (blocking: run it in a
    thread from an event loop). The one way the classroom server and any page on the same
    database check a code or a password.

    Args:
        classroom: the classroom service.
        limits: the attempts kept in the database (by default on the classroom's).
        rules: how many attempts each kind of key may make.
    """

    def __init__(self, classroom: Classroom, limits: Limits | None = None,
                 rules: GuardRules | None = None) -> None:
        self.classroom = classroom
        self.limits = limits or Limits(classroom.db)
        self.rules = rules or GuardRules()

    def _reserve(self, keys: list[tuple[str, Rule]], message: str) -> None:
        """Reserve an attempt under each key, or none: raise how long to wait."""
        done: list[str] = []
        for key, rule in keys:
            wait = self.limits.reserve(key, rule)
            if wait > 0:
                for k in done:
                    self.limits.refund(k)
                raise TooManyAttemptsError(
                    f"{message}: try again in {retry_seconds(wait)} s", wait)
            done.append(key)

    def join(self, set_name: str, student: str, code: str | None, address: str
             ) -> StudentSession:
        """Join (a new name) or resume (a name with its code), within the limits.

        A code is counted against that student's current code only (a wrong
        one from anyone, never against the address or the class); a first
        join counts against the address and the set (at most so many new
        names an hour), and a join that did not make a new name is given back.

        Raises:
            TooManyAttemptsError: wait (``retry_after`` seconds).
            StudentNameTakenError: the name is taken and the code is wrong or missing.
            SetNotFoundError, SetOptionsError: from :meth:`Classroom.join`.
        """
        from .records import check_name

        student = check_name(student, "student")
        if code and code.strip():
            found = self.classroom.enrolment_mark(set_name, student)
            if found is not None:
                key = code_key(*found)
                self._reserve([(key, self.rules.code)], "too many wrong attempts")
                session = self.classroom.join(set_name, student, code)  # a wrong one stays
                self.limits.release(key)
                return session
        keys = [(join_key(set_name, address), self.rules.joins_address),
                (join_key(set_name), self.rules.joins_set)]
        self._reserve(keys, "too many new students from here")
        try:
            session = self.classroom.join(set_name, student, code)
        except BaseException:
            for key, _ in keys:
                self.limits.refund(key)
            raise
        if session.resumed:  # joined at the same moment elsewhere: no new name
            for key, _ in keys:
                self.limits.refund(key)
        return session

    def as_teacher(self, set_name: str, address: str, check: Callable[[], T]) -> T:
        """Run ``check`` (which verifies the teacher's password) within the limits.

        An attempt is reserved first against the set from this address (locked
        after too many) and against the set from everywhere (only slowed, so
        that no stranger can lock the teacher out); a right password gives
        them back, a wrong one keeps them.

        Raises:
            TooManyAttemptsError: wait (``retry_after`` seconds).
            WrongPasswordError: from ``check``.
        """
        mine, every = teacher_key(set_name, address), teacher_key(set_name)
        self._reserve([(mine, self.rules.teacher_address), (every, self.rules.teacher_set)],
                      "too many wrong attempts")
        try:
            out = check()
        except WrongPasswordError:
            raise
        except BaseException:
            self.limits.refund(mine)
            self.limits.refund(every)
            raise
        self.limits.release(mine)
        self.limits.refund(every)
        return out

