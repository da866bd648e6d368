"""Students' answers taken in: one checked and stored exactly once, or several to the next
question in one commit, from a thread or on the server's asyncio loop (:class:`Submissions`).

The writers themselves are in :mod:`.answers`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..errors import DataError
from ..models.classroom import ClassAnswer, Enrolment, PracticeSetItem
from ..models.core import BankItem
from ..records import PartResult
from ..topics import check_topic, sort_topics
from .answers import GuardedAnswerWriter, LoopWriter, NextAnswer, record_checked
from .base import ClassroomBase
from .errors import AnswerError
from .records import PracticeSetRecord, StoredAnswer, has_control
from .rows import answer_record

if TYPE_CHECKING:
    from sqlalchemy.orm import Session


class Submissions(ClassroomBase):
    """The students' answers coming in (part of :class:`.service.Classroom`)."""

    def record_answer(
        self,
        enrolment_id: int,
        position: int,
        parts: Sequence[PartResult],
        *,
        concepts: Iterable[str] = (),
        seconds: float,
        timed_out: bool = False,
        practice_set: PracticeSetRecord | None = None,
    ) -> StoredAnswer:
        """Store a student's answer to one question, at once and exactly once.

        The answer must be to the next question (``position`` equal to the
        session's). Submitting again an answer already stored changes nothing
        and returns the stored one (``created`` False), so a client may retry
        after a lost connection.

        A caller that knows the enrolment's set (``practice_set``, as the
        classroom server does) gets the answer stored in one round trip when it
        is to the next question (:class:`.answers.GuardedAnswerWriter`); any other case
        takes the full checks below.

        Raises:
            AnswerError: a question out of order or out of the set, a part the
                set does not ask, an unknown concept, the set finished.
        """
        if not parts:
            raise AnswerError("an answer needs at least one part")
        if any(has_control(p.given) or has_control(p.expected) for p in parts):
            raise AnswerError("an answer holds control characters")
        names = [p.part for p in parts]
        if len(set(names)) != len(names):
            raise AnswerError("a part is given twice in one answer")
        try:
            topics = sort_topics(check_topic(c) for c in concepts)
        except DataError as e:
            raise AnswerError(str(e)) from None
        if not (seconds >= 0):
            raise AnswerError(f"time taken must be 0 or more seconds, not {seconds!r}")
        if practice_set is not None and 0 <= position < practice_set.size and all(
                n in practice_set.options.parts for n in names):
            if self._writer is None:
                self._writer = GuardedAnswerWriter(self.db)
            stored = self._writer.store_next(practice_set, enrolment_id, position, parts,
                                             topics, seconds=float(seconds),
                                             timed_out=timed_out, now=self._now())
            if stored is not None:
                return stored
        try:
            return record_checked(self.db, enrolment_id, position, parts, topics,
                                  float(seconds), timed_out, now=self._now(),
                                  answer_in=self._answer_in)
        except IntegrityError:
            # Another submission of the same answer won the race: return what it stored.
            found = self.stored_answer(enrolment_id, position)
            if found is None:
                raise
            return found

    def record_next_answers(self, answers: Sequence[NextAnswer]) -> list[StoredAnswer | None]:
        """Store several answers, each to the next question of its enrolment, in one commit.

        For answers arriving together from different students (the classroom
        server's group commit): one transaction, one wait on the disk. Each one
        written gives its stored answer; None for one that is not simply the
        next answer (a repeat, out of order, the set finished or its time over,
        a part or concept that is not right): store that one with
        :meth:`record_answer`, whose checks say why. Raises when the transaction
        fails, and then none is stored.
        """
        ready, where = _ready(answers)
        out: list[StoredAnswer | None] = [None] * len(answers)
        if ready:
            if self._writer is None:
                self._writer = GuardedAnswerWriter(self.db)
            for n, stored in zip(where, self._writer.store_batch(ready, now=self._now()),
                                 strict=True):
                out[n] = stored
        return out

    def writes_from_the_loop(self) -> bool:
        """True when :meth:`record_next_answers_in_loop` can be used (PostgreSQL)."""
        return LoopWriter.usable(self.db)

    async def record_next_answers_in_loop(self, answers: Sequence[NextAnswer],
                                          ) -> list[StoredAnswer | None]:
        """:meth:`record_next_answers`, awaited on the caller's asyncio loop (PostgreSQL).

        The same checks, the same single guarded statement and commit, sent
        without a thread (:class:`.answers.LoopWriter`); raises when the write
        fails, and then none is stored. Call :meth:`close_loop_writer` on the
        same loop when done.
        """
        ready, where = _ready(answers)
        out: list[StoredAnswer | None] = [None] * len(answers)
        if ready:
            if self._loop_writer is None:
                self._loop_writer = LoopWriter(self.db)
            done = await self._loop_writer.store_batch(ready, now=self._now())
            for n, stored in zip(where, done, strict=True):
                out[n] = stored
        return out

    async def close_loop_writer(self) -> None:
        """Close the connections :meth:`record_next_answers_in_loop` kept (on its loop)."""
        writer, self._loop_writer = self._loop_writer, None
        if writer is not None:
            await writer.close()

    def stored_answer(self, enrolment_id: int, position: int) -> StoredAnswer | None:
        """The answer stored for one question of an enrolment, if any."""
        with self.db.session() as s:
            return self._answer_in(s, enrolment_id, position)

    def _answer_in(self, s: Session, enrolment_id: int, position: int) -> StoredAnswer | None:
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
        return answer_record(row, uid or "", created=False)


def _ready(answers: Sequence[NextAnswer]) -> tuple[list[NextAnswer], list[int]]:
    """The answers a batch may simply write (their topics checked and sorted), and where
    each stands in ``answers``; the others are left to :meth:`Classroom.record_answer`."""

    ready: list[NextAnswer] = []
    where: list[int] = []
    for n, a in enumerate(answers):
        names = [p.part for p in a.parts]
        try:
            topics = sort_topics(check_topic(c) for c in a.topics)
        except DataError:
            continue
        if any(has_control(p.given) for p in a.parts):
            continue  # left to record_answer, which refuses it
        if (names and len(set(names)) == len(names) and a.seconds >= 0
                and 0 <= a.position < a.practice_set.size
                and all(n in a.practice_set.options.parts for n in names)):
            ready.append(replace(a, topics=topics, seconds=float(a.seconds)))
            where.append(n)
    return ready, where

