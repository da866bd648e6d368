"""Storing a class answer in one round trip: the hot path when a whole class answers at once.

:class:`GuardedAnswerWriter` stores the answer to the *next* question of an
enrolment, when the caller already knows the set (its size, the parts it asks,
its time limit: :class:`PracticeSetRecord`). The write is guarded by the
enrolment's row: its position moves from ``position`` to ``position + 1`` only
when it was ``position``, the set is not finished and (for a set with a time
limit) the time used is under the limit; the answer, its parts and concepts are
inserted only when that move happened. So an answer is stored exactly once,
whatever the number of twin requests, and a write that found nothing to do
(``None``) is left to :meth:`Classroom.record_answer`, whose full checks say why
(a repeat, a question out of order, a finished set, the time over).

On PostgreSQL this is one statement (data-modifying common table expressions)
on a connection each worker thread keeps in autocommit mode: one round trip to
the server per answer, no ``BEGIN``, no ``COMMIT``, no check-out ping. A kept
connection that breaks is dropped and the write is tried once more on a new
one (the guard makes that safe). Elsewhere (SQLite) it is one short write
transaction of the same guarded statements.

Answers arriving together go in one batch statement
(:meth:`GuardedAnswerWriter.store_batch`); the classroom server sends that same
statement from its event loop on PostgreSQL (:class:`LoopWriter`), without a
thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import psycopg
from sqlalchemy import func, insert, select, text, update

from ..db.engine import postgres_timeouts
from ..db.liveness import unavailable_state
from ..models.core import Base
from ..records import PartResult
from .errors import AnswerError
from .records import NextAnswer, PracticeSetRecord, StoredAnswer
from .statements import batch_statement, guarded_statement

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection
    from sqlalchemy.orm import Session
    from sqlalchemy.sql.elements import TextClause

    from ..db.database import Database

__all__ = ["ANALYZE_FIRST", "GuardedAnswerWriter", "LoopWriter", "NextAnswer", "record_checked"]

log = logging.getLogger(__name__)


class GuardedAnswerWriter:
    """Writes the next answer of an enrolment in one guarded step (see the module).

    Args:
        db: the class database.
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        self._local = threading.local()
        self._kept: list[Connection] = []
        self._lock = threading.Lock()
        self._statements: dict[tuple[int, int, bool], TextClause] = {}
        self._batch_statement: TextClause | None = None

    def close(self) -> None:
        """Close every kept connection (each thread makes a new one when it writes again)."""
        with self._lock:
            kept, self._kept = self._kept, []
        for conn in kept:
            with contextlib.suppress(Exception):  # a broken connection is gone either way
                conn.close()
        self._local = threading.local()

    def store_next(
        self,
        practice_set: PracticeSetRecord,
        enrolment_id: int,
        position: int,
        parts: Sequence[PartResult],
        topics: tuple[str, ...],
        *,
        seconds: float,
        timed_out: bool,
        now: datetime,
    ) -> StoredAnswer | None:
        """Store the answer to question ``position`` when it is the enrolment's next one.

        Returns the stored answer, or None when nothing was written (not the next
        question, the set finished or its time over, no such enrolment): the
        caller then asks :meth:`Classroom.record_answer`, which says why.
        """
        answer = NextAnswer(practice_set, enrolment_id, position, tuple(parts), topics,
                            seconds, timed_out)
        values = _values(answer, now)
        limited = practice_set.options.set_seconds is not None
        if self.db.is_sqlite:
            stored = self._in_one_transaction(values, len(parts), len(topics), limited)
        else:
            stored = self._in_one_statement(values, len(parts), len(topics), limited)
        return _stored(answer, now) if stored else None

    def store_batch(self, answers: Sequence[NextAnswer], *, now: datetime,
                    ) -> list[StoredAnswer | None]:
        """Store several next answers (of different enrolments) in one transaction.

        One commit, so one wait on the disk, for all of them: the answers a
        whole class sends at the same moment. Each is guarded as in
        :meth:`store_next` (None: nothing written for that one; the others are
        not affected). Raises when the transaction fails: then none is stored.
        """
        if len(answers) == 1:
            a = answers[0]
            return [self.store_next(a.practice_set, a.enrolment_id, a.position, a.parts,
                                    a.topics, seconds=a.seconds, timed_out=a.timed_out,
                                    now=now)]
        todo = _plan(answers, now)
        if self.db.is_sqlite:
            with self.db.transaction() as s:
                conn = s.connection()
                done = [self._guarded_rows(conn, values, len(a.parts), len(a.topics), limited)
                        for a, values, limited in todo]
        else:
            done = self._in_one_commit(todo)
        return _outcomes(answers, todo, done, now)

    # ----------------------------------------------------------------- PostgreSQL

    def _connection(self) -> Connection:
        conn: Connection | None = getattr(self._local, "conn", None)
        if conn is None or conn.closed or conn.invalidated:
            conn = self.db.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
            self._local.conn = conn
            with self._lock:
                self._kept.append(conn)
        return conn

    def _drop(self) -> None:
        conn: Connection | None = getattr(self._local, "conn", None)
        self._local.conn = None
        if conn is not None:
            with self._lock:
                if conn in self._kept:
                    self._kept.remove(conn)
            with contextlib.suppress(Exception):  # a broken connection is gone either way
                conn.close()

    def _in_one_statement(self, values: dict[str, Any], n_parts: int, n_topics: int,
                          limited: bool) -> bool:

        statement = self._statement(n_parts, n_topics, limited)
        for attempt in (1, 2):
            conn = self._connection()
            try:
                found = conn.execute(statement, values).scalar()
                conn.commit()  # ends SQLAlchemy's own bookkeeping (autocommit: nothing sent)
                return found is not None
            except Exception as e:
                self._drop()
                # a kept connection the server dropped (it restarted): once more on a new one;
                # the guard makes a write that did land a no-op the second time
                if attempt == 2 or unavailable_state(e) != "away":
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def _in_one_commit(self, todo: list[tuple[NextAnswer, dict[str, Any], bool]]) -> list[bool]:
        """PostgreSQL: every answer of the batch in one statement (so one commit), the
        columns sent as arrays: one round trip, and the same statement for any batch."""

        values = _batch_values(todo)
        if self._batch_statement is None:
            self._batch_statement = batch_statement()
        for attempt in (1, 2):
            conn = self._connection()
            try:
                written = set(conn.execute(self._batch_statement, values).scalars())
                conn.commit()  # ends SQLAlchemy's own bookkeeping (autocommit: nothing sent)
                return [a.enrolment_id in written for a, _, _ in todo]
            except Exception as e:
                self._drop()
                # a kept connection the server dropped: once more on a new one (the guard
                # makes a write that did land a no-op the second time)
                if attempt == 2 or unavailable_state(e) != "away":
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def _statement(self, n_parts: int, n_topics: int, limited: bool) -> TextClause:
        key = (n_parts, n_topics, limited)
        found = self._statements.get(key)
        if found is None:
            found = self._statements[key] = guarded_statement(n_parts, n_topics, limited)
        return found

    # ----------------------------------------------------------------- SQLite (and others)

    def _in_one_transaction(self, values: dict[str, Any], n_parts: int, n_topics: int,
                            limited: bool) -> bool:
        with self.db.transaction() as s:
            return self._guarded_rows(s.connection(), values, n_parts, n_topics, limited)

    @staticmethod
    def _guarded_rows(conn: Connection, values: dict[str, Any], n_parts: int, n_topics: int,
                      limited: bool) -> bool:
        """The guarded statements of one answer, in the caller's transaction (SQLite)."""
        tables = Base.metadata.tables
        e, ca = tables["class_enrolments"], tables["class_answers"]
        guard = update(e).where(
            e.c.id == values["enrolment"], e.c.set_id == values["set"],
            e.c.position == values["position"],
            e.c.finished_at.is_(None))
        if limited:
            used = (select(func.coalesce(func.sum(ca.c.seconds), 0.0))
                    .where(ca.c.enrolment_id == values["enrolment"]).scalar_subquery())
            guard = guard.where(used < values["limit"])
        moved = conn.execute(guard.values(position=values["after"],
                                          finished_at=values["finished"],
                                          asked_at=values["now"]))
        if moved.rowcount != 1:
            return False
        answer_id = conn.execute(insert(ca).returning(ca.c.id), {
            "enrolment_id": values["enrolment"], "position": values["position"],
            "correct": values["correct"], "seconds": values["seconds"],
            "timed_out": values["timed_out"], "answered_at": values["now"],
        }).scalar_one()
        conn.execute(insert(tables["class_answer_parts"]), [
            {"answer_id": answer_id, "part": values[f"part{i}"], "position": i,
             "given": values[f"given{i}"], "expected": values[f"expected{i}"],
             "correct": values[f"right{i}"]}
            for i in range(n_parts)
        ])
        if n_topics:
            conn.execute(insert(tables["class_answer_concepts"]), [
                {"answer_id": answer_id, "topic": values[f"topic{i}"]}
                for i in range(n_topics)
            ])
        return True


#: Answers :class:`LoopWriter` stores before it first renews the tables' statistics.
ANALYZE_FIRST = 64


class LoopWriter:
    """PostgreSQL: a batch of next answers written from the event loop itself (asyncio).

    The same single guarded statement as :meth:`GuardedAnswerWriter.store_batch`
    (each answer stored once, in one commit), sent on a connection kept in
    autocommit mode by psycopg's asyncio driver, with the connect and
    statement timeouts of every other connection: no thread to wake, no lock
    to hand over, while a whole class answers at once. A connection that
    fails is dropped (the next batch opens another) and the error is raised:
    the caller then stores each answer of that batch the ordinary way, whose
    full checks say what is wrong (the guard makes a write that did land a
    no-op there).

    PostgreSQL plans a connection's foreign-key checks once, from the tables'
    statistics at the time. A young class database, its answers table analysed
    while nearly empty, had the parts' check of ``class_answers`` planned as a
    scan of the table whole, and the kept connection went on scanning it for
    every part stored while the class filled it (PostgreSQL's time per answer
    grew fivefold over a bench's 2,400 answers, until autovacuum's next look).
    So once this writer has stored :data:`ANALYZE_FIRST` answers, and each time
    it has stored as many again as it had, the answer tables' statistics are
    renewed (``ANALYZE``, on another connection, in a thread: the writes go on
    meanwhile), and the checks are planned anew for tables at least half their
    size.

    Args:
        db: the class database (PostgreSQL only: see :meth:`usable`).
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        self._idle: list[Any] = []  # psycopg.AsyncConnection, kept open between batches
        self._sql: str | None = None
        self._when: Callable[[Any], Any] | None = None
        #: Answers stored so far, and how many when the statistics are next renewed.
        self._stored = 0
        self._analyze_at = ANALYZE_FIRST
        self._analyzing: asyncio.Future[None] | None = None

    @staticmethod
    def usable(db: Database) -> bool:
        """True when this database can be written from the loop (PostgreSQL via psycopg)."""
        return not db.is_sqlite and db.engine.dialect.driver == "psycopg"

    async def store_batch(self, answers: Sequence[NextAnswer], *, now: datetime,
                          ) -> list[StoredAnswer | None]:
        """What :meth:`GuardedAnswerWriter.store_batch` does, awaited on the loop (one round trip).

        Raises:
            Exception: the driver's error when the write failed (nothing stored).
        """
        todo = _plan(answers, now)
        values = _batch_values(todo)
        sql = self._statement()
        if self._when is not None:
            values["now"] = self._when(values["now"])
        conn = self._idle.pop() if self._idle else await self._connect()
        try:
            async with conn.cursor() as cursor:
                await cursor.execute(sql, values)
                written = {row[0] for row in await cursor.fetchall()}
        except BaseException:
            await self._drop(conn)
            raise
        self._idle.append(conn)
        self._stored += len(written)
        if self._stored >= self._analyze_at and self._analyzing is None:
            self._analyze_at = 2 * self._stored
            self._analyzing = asyncio.get_running_loop().run_in_executor(None, self._analyze)
            self._analyzing.add_done_callback(self._analyzed)
        done = [a.enrolment_id in written for a, _, _ in todo]
        return _outcomes(answers, todo, done, now)

    def _analyze(self) -> None:
        """In a thread: renew the answer tables' statistics (see the class's note)."""

        with self.db.engine.connect() as conn:
            conn.execute(text("ANALYZE class_answers, class_answer_parts, class_answer_concepts"))
            conn.commit()

    def _analyzed(self, done: asyncio.Future[None]) -> None:
        self._analyzing = None
        if not done.cancelled() and done.exception() is not None:  # not the owner, away...
            log.info("the answer tables' statistics were not renewed: %s", done.exception())

    async def close(self) -> None:
        """Close the kept connections (once the statistics being renewed are in)."""
        if self._analyzing is not None:
            with contextlib.suppress(Exception):
                await self._analyzing
        idle, self._idle = self._idle, []
        for conn in idle:
            await self._drop(conn)

    def _statement(self) -> str:
        if self._sql is None:
            statement = batch_statement()
            compiled = statement.compile(dialect=self.db.engine.dialect)
            self._sql = compiled.string  # the driver's own placeholders: %(name)s
            when = statement._bindparams["now"].type  # how a time is sent (UTC, aware)
            self._when = when.bind_processor(self.db.engine.dialect)
        return self._sql

    async def _connect(self) -> Any:
        engine = self.db.engine
        _, params = engine.dialect.create_connect_args(engine.url)
        url = engine.url.render_as_string(hide_password=False)
        params = {**postgres_timeouts(url), **params}
        return await psycopg.AsyncConnection.connect(autocommit=True, **params)

    @staticmethod
    async def _drop(conn: Any) -> None:
        with contextlib.suppress(Exception):  # a broken connection is gone either way
            await conn.close()


def _plan(answers: Sequence[NextAnswer], now: datetime,
          ) -> list[tuple[NextAnswer, dict[str, Any], bool]]:
    """The answers of a batch to write, with their bound values and whether their set has
    a time limit: one answer of an enrolment per batch (a second is left to the caller)."""
    seen: set[int] = set()
    todo = []
    for a in answers:
        if a.enrolment_id not in seen:
            seen.add(a.enrolment_id)
            todo.append((a, _values(a, now), a.practice_set.options.set_seconds is not None))
    return todo


def _outcomes(answers: Sequence[NextAnswer], todo: list[tuple[NextAnswer, dict[str, Any], bool]],
              done: list[bool], now: datetime) -> list[StoredAnswer | None]:
    """Each answer's stored record, or None when its guard wrote nothing."""
    written = {a.enrolment_id: a for (a, _, _), ok in zip(todo, done, strict=True) if ok}
    return [_stored(a, now) if written.get(a.enrolment_id) is a else None for a in answers]


def _batch_values(todo: list[tuple[NextAnswer, dict[str, Any], bool]]) -> dict[str, Any]:
    """The bound values of the batch statement: each column of the answers as an array."""
    now = todo[0][1]["now"]
    values: dict[str, Any] = {"now": now, "enrolment": [], "set": [], "position": [],
                              "last": [], "correct": [], "seconds": [], "timed_out": [],
                              "limit": [], "p_enrolment": [], "p_part": [],
                              "p_position": [], "p_given": [], "p_expected": [],
                              "p_correct": [], "c_enrolment": [], "c_topic": []}
    for a, v, _ in todo:
        for key in ("enrolment", "set", "position", "correct", "seconds", "timed_out"):
            values[key].append(v[key])
        values["last"].append(v["finished"] is not None)
        values["limit"].append(v.get("limit"))
        for i, p in enumerate(a.parts):
            values["p_enrolment"].append(a.enrolment_id)
            values["p_part"].append(p.part)
            values["p_position"].append(i)
            values["p_given"].append(p.given)
            values["p_expected"].append(p.expected)
            values["p_correct"].append(p.correct)
        for t in a.topics:
            values["c_enrolment"].append(a.enrolment_id)
            values["c_topic"].append(t)
    return values


def _values(answer: NextAnswer, now: datetime) -> dict[str, Any]:
    """The bound values of an answer's guarded statement."""
    size = answer.practice_set.size
    limit = answer.practice_set.options.set_seconds
    values: dict[str, Any] = {
        "enrolment": answer.enrolment_id,
        "set": answer.practice_set.id,
        "position": answer.position,
        "after": answer.position + 1,
        "finished": now if answer.position + 1 >= size else None,
        "correct": all(p.correct for p in answer.parts),
        "seconds": answer.seconds,
        "timed_out": answer.timed_out,
        "now": now,
    }
    if limit is not None:
        values["limit"] = float(limit)
    for i, p in enumerate(answer.parts):
        values.update({f"part{i}": p.part, f"given{i}": p.given,
                       f"expected{i}": p.expected, f"right{i}": p.correct})
    for i, t in enumerate(answer.topics):
        values[f"topic{i}"] = t
    return values


def _stored(answer: NextAnswer, now: datetime) -> StoredAnswer:
    """The record of an answer just written."""
    return StoredAnswer(
        position=answer.position,
        item_uid=answer.practice_set.item_uids[answer.position],
        parts=answer.parts,
        concepts=answer.topics,
        correct=all(p.correct for p in answer.parts),
        seconds=answer.seconds,
        timed_out=answer.timed_out,
        answered_at=now,
    )


def record_checked(
    db: Database,
    enrolment_id: int,
    position: int,
    parts: Sequence[PartResult],
    topics: tuple[str, ...],
    seconds: float,
    timed_out: bool,
    *,
    now: datetime,
    answer_in: Callable[[Session, int, int], StoredAnswer | None],
) -> StoredAnswer:
    """Store an answer with every check said in words (the path of anything unusual).

    In one transaction: the enrolment's row read (locked on PostgreSQL), the
    question's place checked (a repeat gives what was stored), the set's time
    limit, then the rows written.

    Raises:
        AnswerError: why the answer cannot be stored.
    """
    # SQLAlchemy Core on one connection (no unit of work): this is the hot path
    # when a whole class answers at once.


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
    if not db.is_sqlite:
        q = q.with_for_update(of=e)
    over = ""
    with db.transaction() as s:
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
            stored = answer_in(s, enrolment_id, position)
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
                    asked_at=now,  # the next question is handed out now (the server's clock)
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
