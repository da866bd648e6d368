"""What every part of the classroom service shares: the database, the clock, a set's row
and record, a student's session.

:class:`ClassroomBase` is the ground the service's parts stand on (:mod:`.sets`,
:mod:`.students`, :mod:`.submissions`, the reads of :mod:`.results`); :class:`.service.Classroom`
is all of them together.
"""

from __future__ import annotations

import random
import unicodedata
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from sqlalchemy import func, select

from ..clock import Clock, utc_now
from ..models import classroom as class_models  # noqa: F401  (the tables must be known)
from ..models.classroom import ClassAnswer, Enrolment, PracticeSet, PracticeSetItem
from ..models.core import BankItem
from .answers import GuardedAnswerWriter, LoopWriter
from .errors import SetNotFoundError, WrongPasswordError
from .hashing import verify_secret
from .records import Explain, PracticeSetRecord, SetOptions, StudentSession, has_control

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from ..db.database import Database


class ClassroomBase:
    """The classroom service's ground on one database.

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

