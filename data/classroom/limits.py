"""Attempt limits kept in the class database, shared by every server process on it.

A guess of a resume code or of a teacher's password is *reserved* before it is
checked: :meth:`Limits.reserve` holds a place for it (one compare-and-swap on
the key's row of ``class_limits``) or says how long to wait, so that of a
hundred guesses sent at once only the allowed few are checked and the others
refused before any hash is. A wrong one is then counted (:meth:`Limits.count`),
a right one gives its place back (:meth:`Limits.settle`, :meth:`Limits.release`).

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar, cast

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..models import classroom as class_models  # noqa: F401  (the table must be known)
from ..models.classroom import ClassLimit
from .errors import StudentNameTakenError, TooManyAttemptsError, WrongPasswordError
from .records import check_name

if TYPE_CHECKING:
    from sqlalchemy import Table
    from sqlalchemy.engine import CursorResult

    from ..db.database import Database
    from .records import StudentSession
    from .service import Classroom

T = TypeVar("T")

__all__ = [
    "CODE_RULE",
    "JOINS_PER_ADDRESS",
    "JOINS_PER_SET",
    "SETTLE_SECONDS",
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
    return cast("Table", ClassLimit.__table__)


def _clean(key: str) -> str:
    """A key as stored: no NUL (PostgreSQL's text refuses it), at most 255 characters."""
    return key.replace("\x00", "\\0")[:255]


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


#: Seconds an attempt under way holds its place before it is taken as lost (a process
#: that ended in the middle of a check).
STALE_SECONDS = 30.0
#: Seconds to wait while other attempts of the same key are being checked.
SETTLE_SECONDS = 0.5


@dataclass(frozen=True, slots=True)
class _State:
    """A key's row: attempts counted in the window since ``since``, attempts under way
    (``pending``, the last reserved at ``pending_at``), the next allowed at ``next_at``."""

    attempts: int
    pending: int
    since: float
    next_at: float
    pending_at: float
    version: int


class Limits:
    """Counts attempts per key in ``class_limits`` (see the module).

    An attempt is first *reserved* (:meth:`reserve`: under way, it holds a
    place), then either *counted* (:meth:`count`: a wrong code, a wrong
    password, a new name), *settled* (:meth:`settle`: it gave its place back
    uncounted) or its key is *released* altogether (:meth:`release`: a right
    code). Every change is one compare-and-swap on the key's row (its
    ``version``), so threads and processes never lose one another's counts.

    Args:
        db: the class database.
        ticker: the wall clock in seconds since the epoch (the same for every process).
    """

    def __init__(self, db: Database, *, ticker: Callable[[], float] = time.time) -> None:
        self.db = db
        self.ticker = ticker

    def _move(self, key: str,
              step: Callable[[_State | None, float], tuple[_State | None, float]]) -> float:
        """Apply ``step`` to the key's row (None: no row) as one compare-and-swap.

        ``step`` gives the new row (None: leave it as it is) and what to return.
        """

        key = _clean(key)
        table = _table()
        columns = (table.c.attempts, table.c.pending, table.c.since, table.c.next_at,
                   table.c.pending_at, table.c.version)
        for _ in range(_TRIES):
            now = self.ticker()
            try:
                with self.db.transaction() as s:
                    row = s.execute(select(*columns).where(table.c.key == key)).one_or_none()
                    old = None if row is None else _State(
                        int(row[0]), int(row[1]), float(row[2]), float(row[3]), float(row[4]),
                        int(row[5]))
                    new, out = step(old, now)
                    if new is None:
                        return out
                    values = {"attempts": new.attempts, "pending": new.pending,
                              "since": new.since, "next_at": new.next_at,
                              "pending_at": new.pending_at}
                    if old is None:
                        s.execute(insert(table).values(key=key, version=0, **values))
                        return out
                    moved = s.execute(
                        update(table).where(table.c.key == key, table.c.version == old.version)
                        .values(version=old.version + 1, **values))
                    if cast("CursorResult[Any]", moved).rowcount == 1:
                        return out
            except IntegrityError:
                continue  # made at the same moment elsewhere: read it again
        return SETTLE_SECONDS  # pragma: no cover - the row never held still: wait a little

    @staticmethod
    def _current(old: _State | None, rule: Rule, now: float) -> _State:
        """The row as it stands now: a new window, and attempts under way too long dropped."""
        if old is None:
            return _State(0, 0, now, now, now, 0)
        state = old
        if now - state.pending_at >= STALE_SECONDS:
            state = replace(state, pending=0)
        if now - state.since >= rule.window:
            state = replace(state, attempts=0, since=now, next_at=now)
        return state

    @staticmethod
    def _wait(rule: Rule, state: _State, now: float) -> float:
        if rule.lock and state.attempts >= rule.most:
            return max(0.0, state.since + rule.window - now)
        if state.attempts + state.pending >= rule.free:
            if state.pending > 0:  # others are being checked: what they come to decides
                return SETTLE_SECONDS
            if now < state.next_at:
                return state.next_at - now
            if rule.lock and state.attempts + state.pending >= rule.most:
                return SETTLE_SECONDS  # pragma: no cover - caught by the first test
        return 0.0

    def reserve(self, key: str, rule: Rule) -> float:
        """Reserve an attempt under ``key`` now (0.0), or the seconds to wait (nothing held):
        exactly :data:`SETTLE_SECONDS` while other attempts of the key are being checked.

        Atomic across threads and processes: of many attempts made at once, no
        more are let through than ``rule`` allows for the attempts already
        counted and under way. Keys longer than the column are cut.
        """
        def step(old: _State | None, now: float) -> tuple[_State | None, float]:
            state = self._current(old, rule, now)
            wait = self._wait(rule, state, now)
            if wait > 0:
                return None, wait
            return replace(state, pending=state.pending + 1, pending_at=now), 0.0

        return self._move(key, step)

    def reserve_all(self, keys: Sequence[tuple[str, Rule]]) -> float:
        """Reserve an attempt under every key, or under none: 0.0, or the seconds to wait
        (the longest asked; what was reserved before a refusal is given back)."""
        held: list[str] = []
        for key, rule in keys:
            wait = self.reserve(key, rule)
            if wait > 0:
                for k in held:
                    self.settle(k)
                return wait
            held.append(key)
        return 0.0

    def count(self, key: str, rule: Rule) -> None:
        """Count a reserved attempt (a wrong code, a new name): the next waits as ``rule`` says."""
        def step(old: _State | None, now: float) -> tuple[_State | None, float]:
            state = self._current(old, rule, now)
            attempts = state.attempts + 1
            return replace(state, attempts=attempts, pending=max(0, state.pending - 1),
                           next_at=max(state.next_at, now + rule.delay(attempts))), 0.0

        self._move(key, step)

    def settle(self, key: str) -> None:
        """Give back a reserved attempt uncounted (it was right, or never checked)."""
        def step(old: _State | None, now: float) -> tuple[_State | None, float]:
            if old is None or old.pending == 0:
                return None, 0.0
            return replace(old, pending=old.pending - 1), 0.0

        self._move(key, step)

    def wait(self, key: str, rule: Rule) -> float:
        """Seconds before ``key`` may make an attempt (0.0: now); holds nothing."""

        table = _table()
        now = self.ticker()
        with self.db.session() as s:
            row = s.execute(select(table.c.attempts, table.c.pending, table.c.since,
                                   table.c.next_at, table.c.pending_at, table.c.version)
                            .where(table.c.key == _clean(key))).one_or_none()
        if row is None:
            return 0.0
        old = _State(int(row[0]), int(row[1]), float(row[2]), float(row[3]), float(row[4]),
                     int(row[5]))
        return self._wait(rule, self._current(old, rule, now), now)

    def attempts(self, key: str) -> int:
        """Attempts counted under ``key`` (0 when none)."""

        table = _table()
        with self.db.session() as s:
            found = s.scalar(select(table.c.attempts).where(table.c.key == _clean(key)))
        return int(found or 0)

    def release(self, *keys: str) -> None:
        """Forget every attempt of these keys (a right code: its student starts afresh)."""

        table = _table()
        with self.db.transaction() as s:
            s.execute(delete(table).where(table.c.key.in_([_clean(k) for k in keys])))

    def prune(self, older_than: float = 86_400.0) -> int:
        """Forget the keys whose window began more than ``older_than`` seconds ago and that
        have nothing under way (every window of the rules is shorter); how many went."""

        table = _table()
        with self.db.transaction() as s:
            gone = s.execute(delete(table).where(table.c.since < self.ticker() - older_than,
                                                 table.c.next_at < self.ticker(),
                                                 table.c.pending_at < self.ticker() - older_than))
        return int(cast("CursorResult[Any]", gone).rowcount or 0)

    def release_prefix(self, prefix: str) -> None:
        """Forget every key starting with ``prefix`` (a student's codes, when reset)."""

        table = _table()
        escaped = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        with self.db.transaction() as s:
            s.execute(delete(table).where(table.c.key.like(escaped + "%", escape="\\")))


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
        wait = self.limits.reserve_all(keys)
        if wait > 0:
            raise TooManyAttemptsError(f"{message}: try again in {retry_seconds(wait)} s", wait,
                                       settling=wait == SETTLE_SECONDS)

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

        student = check_name(student, "student")
        if code and code.strip():
            found = self.classroom.enrolment_mark(set_name, student)
            if found is not None:
                key = code_key(*found)
                self._reserve([(key, self.rules.code)], "too many wrong attempts")
                try:
                    session = self.classroom.join(set_name, student, code)
                except StudentNameTakenError:  # a wrong code: counted
                    self.limits.count(key, self.rules.code)
                    raise
                except BaseException:
                    self.limits.settle(key)
                    raise
                self.limits.release(key)
                return session
        keys = [(join_key(set_name, address), self.rules.joins_address),
                (join_key(set_name), self.rules.joins_set)]
        self._reserve(keys, "too many new students from here")
        try:
            session = self.classroom.join(set_name, student, code)
        except BaseException:
            for key, _ in keys:
                self.limits.settle(key)
            raise
        for key, rule in keys:
            if session.resumed:  # joined at the same moment elsewhere: no new name
                self.limits.settle(key)
            else:
                self.limits.count(key, rule)
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
            self.limits.count(mine, self.rules.teacher_address)
            self.limits.count(every, self.rules.teacher_set)
            raise
        except BaseException:
            self.limits.settle(mine)
            self.limits.settle(every)
            raise
        self.limits.release(mine)
        self.limits.settle(every)
        return out

