"""Students: joining a set (admitted or refused), resuming with their code, their session
and progress, the teacher removing one or giving a new code (:class:`Students`)."""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import TYPE_CHECKING

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from ..models.classroom import ClassAnswer, Enrolment, PracticeSet
from ..models.core import Meta
from .admission import lookalike
from .base import ClassroomBase
from .errors import AdmissionError, StudentNameTakenError, StudentNotFoundError
from .hashing import CODE_COST, hash_secret, new_resume_code, normal_code, verify_secret
from .limits import Limits
from .records import StudentSession, check_name
from .tokens import code_mark

if TYPE_CHECKING:
    from sqlalchemy.orm import Session


#: The key of the database's facts under which the session tokens' secret is kept.
TOKEN_SECRET_KEY = "class_token_secret"


class Students(ClassroomBase):
    """The students of the sets (part of :class:`.service.Classroom`)."""

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
