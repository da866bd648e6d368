"""The classroom service: practice sets, students joining them, their answers.

Everything goes through :class:`Classroom` (built on an open
:class:`data.db.database.Database`, with the clock injected) and comes back as frozen
records (:mod:`.records`); the ORM rows of :mod:`data.models.classroom` never leave
this package. Writes go through :meth:`data.db.database.Database.transaction`, reads
through :meth:`data.db.database.Database.session`.
"""

from __future__ import annotations

import os
import random
import secrets
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..clock import Clock, utc_now
from ..db.schema import open_database
from ..errors import DataError, Fault
from ..models import classroom as class_models  # noqa: F401  (the tables must be known)
from ..models.classroom import ClassAnswer, Enrolment, PracticeSet, PracticeSetItem
from ..models.core import BankItem, ItemTopic, Meta
from ..records import PartResult
from ..topics import check_topic, sort_topics
from .admission import lookalike
from .answers import GuardedAnswerWriter, LoopWriter, NextAnswer, record_checked
from .errors import (
    AdmissionError,
    AnswerError,
    SetExistsError,
    SetFileError,
    SetNotFoundError,
    SetOptionsError,
    StudentNameTakenError,
    StudentNotFoundError,
    UnknownItemError,
    WrongPasswordError,
)
from .hashing import CODE_COST, hash_secret, new_resume_code, normal_code, verify_secret
from .limits import Limits
from .records import (
    ClassQuestion,
    ClassResults,
    Explain,
    PracticeSetRecord,
    SetOptions,
    SetSummary,
    StoredAnswer,
    StudentResult,
    StudentSession,
    check_name,
    has_control,
)
from .results import build_results
from .rows import answer_record, bank_record, missing_message
from .setfile import check_items_in_bank, read_set_file, set_document, write_set_file
from .tokens import code_mark

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from ..db.database import Database
    from ..models.classroom import Enrolment, PracticeSet


#: The key of the database's facts under which the session tokens' secret is kept.
TOKEN_SECRET_KEY = "class_token_secret"


def open_classroom(
    target: str | os.PathLike[str] | None = None, *, clock: Clock | None = None
) -> Classroom:
    """Open (create or upgrade) the database at a path or URL and return its classroom.

    Raises:
        DatabaseError: when the database cannot be reached or created.
    """

    return Classroom(open_database(target), clock=clock)


class Classroom:
    """The classroom service on one database.

    Args:
        db: an open database (see :func:`data.db.schema.open_database`).
        clock: returns the current UTC time (injected in tests).
        rng: draws the items of a set when no seed is given (injected in tests).
    """

    def __init__(
        self, db: Database, *, clock: Clock | None = None, rng: random.Random | None = None
    ) -> None:

        self.db = db
        self._clock = clock or utc_now
        self._rng = rng
        self._writer: GuardedAnswerWriter | None = None
        self._loop_writer: LoopWriter | None = None

    def now(self) -> datetime:
        """The classroom's clock (UTC): the one every question's and set's start is kept in."""
        return self._now()

    def close(self) -> None:
        """Close the database's connections."""
        if self._writer is not None:
            self._writer.close()
        self.db.close()

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
        lesson: str | None = None,
    ) -> PracticeSetRecord:
        """Prepare a practice set, either from named items or drawn from the bank.

        ``lesson`` names the course lesson the set practises (kept with the set: the
        results then show each student's place on it).

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


        name = check_name(name, "set")
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
        with self.db.transaction() as s:
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
                    raise UnknownItemError(missing_message(missing, "the bank has no item"))
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
            if lesson:
                selection["lesson"] = str(lesson)[:32]
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
        with self.db.session() as s:
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
        with self.db.session() as s:
            return self._set_record(s, self._set_row(s, name))

    def check_password(self, name: str, password: str) -> PracticeSetRecord:
        """The set, when ``password`` is its teacher's password.

        Raises:
            SetNotFoundError: no set of that name.
            WrongPasswordError: the password does not match.
        """
        with self.db.session() as s:
            row = self._teacher_set(s, name, password)
            return self._set_record(s, row)

    def delete_set(self, name: str, password: str) -> None:
        """Delete a set with its students and answers (teacher only).

        Raises:
            SetNotFoundError: no set of that name.
            WrongPasswordError: the password does not match.
        """
        with self.db.transaction() as s:
            row = self._teacher_set(s, name, password)
            s.delete(row)

    def questions(self, name: str) -> tuple[ClassQuestion, ...]:
        """The set's questions in order, each bank item re-scored and checked.

        Raises:
            SetNotFoundError: no set of that name.
            AnswerMismatchError: a bank item no longer agrees with scoring.
        """


        with self.db.session() as s:
            set_row = self._set_row(s, name)
            rows = s.execute(
                select(PracticeSetItem.position, BankItem)
                .join(BankItem, BankItem.id == PracticeSetItem.item_id)
                .where(PracticeSetItem.set_id == set_row.id)
                .order_by(PracticeSetItem.position)
            ).all()
            return tuple(ClassQuestion(pos, bank_record(item)) for pos, item in rows)

    # ----------------------------------------------------------------- files

    def set_document(self, name: str, password: str) -> dict[str, Any]:
        """The set as a JSON object to hand to another club (teacher only).

        The file carries the options, how the items were chosen and every item
        in full (its problem and answer), but no password and no results.
        """

        with self.db.session() as s:
            row = self._teacher_set(s, name, password)
            return set_document(s, row, self._set_record(s, row))

    def export_set(self, name: str, password: str, path: str | os.PathLike[str]) -> int:
        """Write the set file (see :meth:`set_document`); returns the number of items."""

        return write_set_file(self.set_document(name, password), path)

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

        read = read_set_file(path, name)
        with self.db.session() as s:
            check_items_in_bank(s, read)
        try:
            record = self.create_set(
                read.name, password, options=read.options, item_uids=read.uids
            )
        except UnknownItemError as e:
            raise SetFileError(f"set file '{read.origin}': {e}; nothing was imported",
                               kind=Fault.REFUSED_ITEMS,
                               params={"file": read.origin, "detail": str(e)}) from None
        if read.selection.get("by") != "ids":
            with self.db.transaction() as s:
                row = self._set_row(s, read.name)
                row.selection = {**read.selection, "imported_from": os.path.basename(read.origin)}
                s.flush()
                record = self._set_record(s, row)
        return record

    # ----------------------------------------------------------------- students

    def join(self, name: str, student: str, code: str | None = None) -> StudentSession:
        """Join a set as a student, or resume with the code given at the first join.

        A first join creates the enrolment with a new random resume code,
        returned once in the session (``code``): only its hash is stored.

        Raises:
            SetNotFoundError: no set of that name.
            StudentNameTakenError: the name is taken and no matching code was given.
        """


        student = check_name(student, "student")
        given = normal_code(code) if code and code.strip() else None
        resumed = self._resume(name, student, given)
        if resumed is not None:
            return resumed
        new_code = new_resume_code()
        code_hash = hash_secret(new_code, cost=CODE_COST)
        try:
            with self.db.transaction() as s:
                set_row = self._set_row(s, name)
                self._admit(s, set_row, student)
                now = self._now()
                row = Enrolment(
                    set_id=set_row.id,
                    student=student,
                    pin_hash=code_hash,
                    position=0,
                    joined_at=now,
                    finished_at=None,
                    asked_at=now,
                )
                s.add(row)
                s.flush()
                session = self._session(s, row, set_row)
        except IntegrityError:
            # Joined at the same moment from elsewhere (another tab): resume with the code.
            resumed = self._resume(name, student, given)
            if resumed is None:  # pragma: no cover - the other join was rolled back
                raise
            return resumed
        return replace(session, code=new_code)

    def _resume(self, name: str, student: str, code: str | None) -> StudentSession | None:
        """The session of a student already in the set (None when not in it)."""


        with self.db.session() as s:
            set_row = self._set_row(s, name)
            existing = s.scalar(
                select(Enrolment).where(
                    Enrolment.set_id == set_row.id, Enrolment.student == student
                )
            )
            if existing is None:
                return None
            if code is None or not verify_secret(code, existing.pin_hash):
                raise _taken(student, set_row.name, code is not None)
            session = self._session(s, existing, set_row, resumed=True)
        if session.asked_at is None:  # joined before the server kept the clock: from now
            session = self._start_clock(session)
        return session

    def _start_clock(self, session: StudentSession) -> StudentSession:
        """Start the clock of an enrolment that has none (kept from an older version)."""


        now = self._now()
        with self.db.transaction() as s:
            s.execute(update(Enrolment).where(Enrolment.id == session.enrolment_id,
                                              Enrolment.asked_at.is_(None))
                      .values(asked_at=now))
        return replace(session, asked_at=now)

    def token_secret(self) -> bytes:
        """The secret that signs students' session tokens: made once, kept in the database.

        Never sent or printed; every classroom server on this database reads the
        same one, so a token outlives a restart.
        """


        with self.db.session() as s:
            row = s.get(Meta, TOKEN_SECRET_KEY)
            if row is not None:
                return bytes.fromhex(row.value)
        try:
            with self.db.transaction() as s:
                s.add(Meta(key=TOKEN_SECRET_KEY, value=secrets.token_hex(32)))
        except IntegrityError:
            pass  # made at the same moment by another server: that one is read below
        with self.db.session() as s:
            row = s.get(Meta, TOKEN_SECRET_KEY)
            assert row is not None
            return bytes.fromhex(row.value)

    def seat(self, enrolment_id: int) -> tuple[StudentSession, str]:
        """An enrolment's session as it stands and the mark of its code (:func:`code_mark`).

        Raises:
            StudentNotFoundError: no such enrolment (its set was deleted).
        """

        with self.db.session() as s:
            row = s.get(Enrolment, enrolment_id)
            if row is None:
                raise StudentNotFoundError(f"no enrolment {enrolment_id}")
            set_row = s.get(PracticeSet, row.set_id)
            assert set_row is not None
            return self._session(s, row, set_row, resumed=True), code_mark(row.pin_hash)

    def _admit(self, s: Session, set_row: PracticeSet, student: str) -> None:
        """Refuse a new name the set does not take (see :mod:`.admission`)."""


        if set_row.closed:
            raise AdmissionError(f"practice set '{set_row.name}' takes no new students: "
                                 "ask the teacher")
        if set_row.roster is not None and student not in set_row.roster:
            raise AdmissionError(f"'{student}' is not on the roster of practice set "
                                 f"'{set_row.name}': write your name as the teacher gave it")
        names = list(s.scalars(select(Enrolment.student).where(Enrolment.set_id == set_row.id)))
        like = lookalike(student, [*names, *(set_row.roster or [])])
        if like is not None:
            raise AdmissionError(f"the student name '{student}' looks like '{like}' "
                                 f"in practice set '{set_row.name}': choose another")

    def set_admission(self, name: str, password: str, *, closed: bool | None = None,
                      roster: Sequence[str] | None = None, clear_roster: bool = False,
                      ) -> PracticeSetRecord:
        """Close or open a set to new names, give or clear its roster (teacher only).

        Raises:
            SetNotFoundError, WrongPasswordError; SetOptionsError: a bad name on the roster.
        """
        with self.db.transaction() as s:
            row = self._teacher_set(s, name, password)
            if closed is not None:
                row.closed = closed
            if roster is not None:
                names = sorted({check_name(n, "student") for n in roster})
                row.roster = names or None
            if clear_roster:
                row.roster = None
            s.flush()
            return self._set_record(s, row)

    def remove_student(self, name: str, password: str, student: str) -> None:
        """Remove a student from a set with their answers (teacher only); their session
        tokens stop working.

        Raises:
            SetNotFoundError, WrongPasswordError; StudentNotFoundError: no such student.
        """


        with self.db.transaction() as s:
            row = self._teacher_set(s, name, password)
            enrolment = s.scalar(select(Enrolment).where(
                Enrolment.set_id == row.id, Enrolment.student == check_name(student, "student")))
            if enrolment is None:
                raise StudentNotFoundError(f"no student '{student}' in practice set '{row.name}'")
            s.delete(enrolment)

    def enrolment_mark(self, name: str, student: str) -> tuple[int, str] | None:
        """The enrolment id of a student in a set and the mark of their current code (None
        when not in it): what their wrong codes are counted under (:mod:`.limits`).

        Raises:
            SetNotFoundError: no set of that name.
        """


        with self.db.session() as s:
            set_row = self._set_row(s, name)
            row = s.execute(select(Enrolment.id, Enrolment.pin_hash).where(
                Enrolment.set_id == set_row.id,
                Enrolment.student == check_name(student, "student"))).one_or_none()
        return None if row is None else (int(row[0]), code_mark(row[1]))

    def reset_code(self, name: str, password: str, student: str) -> str:
        """Give a student a new resume code (teacher only); returned once, only its hash kept.

        The old code no longer resumes, and the session tokens given with it are
        refused (their code mark no longer matches).

        Raises:
            SetNotFoundError: no set of that name.
            WrongPasswordError: the password does not match.
            StudentNotFoundError: no such student in the set.
        """


        new_code = new_resume_code()
        code_hash = hash_secret(new_code, cost=CODE_COST)
        with self.db.transaction() as s:
            row = self._teacher_set(s, name, password)
            enrolment = s.scalar(select(Enrolment).where(
                Enrolment.set_id == row.id, Enrolment.student == check_name(student, "student")))
            if enrolment is None:
                raise StudentNotFoundError(f"no student '{student}' in practice set '{row.name}'")
            enrolment.pin_hash = code_hash
            enrolment_id = enrolment.id

        Limits(self.db).release_prefix(f"code:{enrolment_id}:")  # the new code starts afresh
        return new_code

    def session(self, enrolment_id: int) -> StudentSession:
        """The current state of an enrolment (after answers were stored)."""
        return self.seat(enrolment_id)[0]

    def progress(self, session: StudentSession) -> StudentSession:
        """The session as it stands now (position, answers, time used), in one light query.

        Raises:
            StudentNotFoundError: the enrolment is gone (its set was deleted).
        """


        mine = ClassAnswer.enrolment_id == session.enrolment_id
        answered = select(func.count()).where(mine).scalar_subquery()
        used = select(func.coalesce(func.sum(ClassAnswer.seconds), 0.0)).where(mine)
        with self.db.session() as s:
            row = s.execute(
                select(Enrolment.position, Enrolment.finished_at, answered,
                       used.scalar_subquery(), Enrolment.asked_at, Enrolment.joined_at)
                .where(Enrolment.id == session.enrolment_id)
            ).one_or_none()
        if row is None:
            raise StudentNotFoundError(f"no enrolment {session.enrolment_id}")
        position, finished_at, answered, used, asked_at, joined_at = row
        limit = session.practice_set.options.set_seconds
        finished = (
            finished_at is not None
            or position >= session.practice_set.size
            or (limit is not None and float(used) >= limit)
        )
        return replace(session, position=int(position), answered=int(answered),
                       seconds_used=float(used), finished=finished, code=None, resumed=True,
                       asked_at=asked_at, started_at=joined_at)

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

    def finish(self, enrolment_id: int) -> StudentSession:
        """Mark a student's set finished (when its time is over); answers stay as they are."""

        with self.db.transaction() as s:
            row = s.get(Enrolment, enrolment_id)
            if row is None:
                raise StudentNotFoundError(f"no enrolment {enrolment_id}")
            if row.finished_at is None:
                row.finished_at = self._now()
                s.flush()
            set_row = s.get(PracticeSet, row.set_id)
            assert set_row is not None
            return self._session(s, row, set_row, resumed=True)

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

    # ----------------------------------------------------------------- results

    def class_results(self, name: str, password: str) -> ClassResults:
        """Every student's results, each question's figures and the concepts missed (teacher only).

        Raises:
            SetNotFoundError: no set of that name.
            WrongPasswordError: the password does not match.
        """
        with self.db.session() as s:
            row = self._teacher_set(s, name, password)
            return build_results(s, self._set_record(s, row), None)

    def checked_results(self, name: str, set_id: int) -> ClassResults:
        """A set's results for a teacher whose password was checked before (the web pages
        keep that in a signed cookie): the set must still be the one checked.

        Raises:
            SetNotFoundError: no set of that name, or it was made anew since.
        """
        with self.db.session() as s:
            row = self._set_row(s, name)
            if row.id != set_id:
                raise SetNotFoundError(f"practice set '{row.name}' was made anew: sign in again")
            return build_results(s, self._set_record(s, row), None)

    def student_results(self, name: str, student: str, code: str) -> StudentResult:
        """One student's own results, with their resume code.

        Raises:
            SetNotFoundError: no set of that name.
            StudentNotFoundError: no such student, or the code does not match.
        """


        with self.db.session() as s:
            row = self._set_row(s, name)
            enrolment = s.scalar(
                select(Enrolment).where(Enrolment.set_id == row.id, Enrolment.student == student)
            )
            if enrolment is None or not verify_secret(normal_code(code), enrolment.pin_hash):
                raise StudentNotFoundError(
                    f"no student '{student}' with that code in practice set '{row.name}'"
                )
            return build_results(s, self._set_record(s, row), enrolment.id).students[0]

    def own_results(self, session: StudentSession) -> StudentResult:
        """The results of the student of a session (already identified by their join)."""

        with self.db.session() as s:
            row = s.get(PracticeSet, session.practice_set.id)
            if row is None:
                raise SetNotFoundError(f"practice set '{session.practice_set.name}' was deleted")
            return build_results(s, self._set_record(s, row), session.enrolment_id).students[0]

    # ----------------------------------------------------------------- helpers

    def _set_row(self, s: Session, name: str) -> PracticeSet:


        key = unicodedata.normalize("NFC", str(name)).strip()
        if has_control(key) or len(key) > 200:  # no set has such a name: never asked
            raise SetNotFoundError(f"no practice set named {key[:80]!r}")
        row = s.scalar(select(PracticeSet).where(PracticeSet.name == key))
        if row is None:
            raise SetNotFoundError(f"no practice set named '{key}'")
        return row

    def _teacher_set(self, s: Session, name: str, password: str) -> PracticeSet:
        """The set named ``name``, when ``password`` is its teacher's."""
        row = self._set_row(s, name)
        self._verify_teacher(row, password)
        return row

    def _verify_teacher(self, row: PracticeSet, password: str) -> None:
        if not password or not verify_secret(password, row.password_hash):
            raise WrongPasswordError(f"wrong teacher password for practice set '{row.name}'")

    def _set_record(self, s: Session, row: PracticeSet) -> PracticeSetRecord:


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
            closed=bool(row.closed),
            roster=None if row.roster is None else tuple(row.roster),
        )

    def _session(
        self, s: Session, row: Enrolment, set_row: PracticeSet, *, resumed: bool = False
    ) -> StudentSession:


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
            asked_at=row.asked_at,
            started_at=row.joined_at,
        )


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


def _taken(student: str, set_name: str, wrong_code: bool) -> StudentNameTakenError:
    if wrong_code:
        return StudentNameTakenError(
            f"student name '{student}' is already taken in practice set '{set_name}' "
            "(wrong code to resume)"
        )
    return StudentNameTakenError(
        f"student name '{student}' is already taken in practice set '{set_name}'; "
        "to resume, give the code you were shown when you joined"
    )
