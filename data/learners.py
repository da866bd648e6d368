"""Learners, their settings and their answers: storage only.

Each class takes an open :class:`data.db.database.Database` (and a clock where times are
written), does its work in its own transaction, and returns the frozen records
of :mod:`data.records`, never ORM rows.

>>> from data.db.schema import open_database
>>> db = open_database(":memory:")
>>> ann = Learners(db).get_or_create("Ann")
>>> SettingsStore(db).set(ann.id, "profile", "wrc")
>>> SettingsStore(db).get(ann.id, "profile")
'wrc'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from .clock import Clock, utc_now
from .errors import DataError, LearnerError, NotFoundError
from .records import Accuracy, AttemptRecord, LearnerRecord, PartResult
from .topics import check_topic

if TYPE_CHECKING:
    from .db.database import Database

__all__ = ["ENTRY_LIFE", "FORGET_STORED_AFTER", "AlreadyStoredError", "Attempts", "Learners",
           "SettingsStore", "StaleEntryError", "StoredEntries"]

#: How long a journal entry that leaves no row of its own (settings saved, a rating
#: changed) may wait to be stored: older, :meth:`StoredEntries.claim` refuses it.
ENTRY_LIFE = timedelta(days=30)
#: How long the id of such an entry is kept once stored (:meth:`StoredEntries.forget`).
#: It outlives :data:`ENTRY_LIFE` by 60 days, so clocks up to 30 days apart (the one
#: that kept an entry, the one that stored it, the one that forgets it) cannot let an
#: entry whose id was forgotten be stored a second time: it is refused as too old.
FORGET_STORED_AFTER = timedelta(days=90)


class AlreadyStoredError(DataError):
    """An entry of the answer journal is stored already (its key is taken): storing it
    again would store it twice, so nothing was written."""


class StaleEntryError(DataError):
    """An entry of the answer journal waited longer than :data:`ENTRY_LIFE`: its id may
    have been forgotten since it was stored, so storing it could store it twice; it is
    refused (nothing was written)."""


def _is_key_clash(error: BaseException, *names: str) -> bool:
    """True when an IntegrityError is a clash on one of these unique keys."""
    text = str(getattr(error, "orig", None) or error)
    return any(n in text for n in names)


def _learner_record(row: Any) -> LearnerRecord:
    return LearnerRecord(row.id, row.name, row.created_at)


class Learners:
    """Named learner profiles."""

    def __init__(self, database: Database, *, clock: Clock = utc_now) -> None:
        self.db = database
        self.clock = clock

    @staticmethod
    def check_name(name: str) -> str:
        """A learner name, stripped: 1-64 printable characters.

        Raises:
            LearnerError: for an empty, too long or unprintable name.
        """
        if not isinstance(name, str):
            raise LearnerError("a learner name must be text")
        clean = " ".join(name.split())
        if not clean:
            raise LearnerError("a learner name cannot be empty")
        if len(clean) > 64:
            raise LearnerError(f"the learner name '{clean[:20]}...' is longer than 64 characters")
        if not clean.isprintable():
            raise LearnerError(f"the learner name {clean!r} has characters that cannot be shown")
        return clean

    def create(self, name: str) -> LearnerRecord:
        """A new learner.

        Raises:
            LearnerError: when the name is bad or already taken.
        """
        from sqlalchemy import select

        from .models.core import Learner

        clean = self.check_name(name)
        with self.db.transaction() as s:
            if s.scalar(select(Learner.id).where(Learner.name == clean)) is not None:
                raise LearnerError(f"there is already a learner called '{clean}'")
            row = Learner(name=clean, created_at=self.clock())
            s.add(row)
            s.flush()
            return _learner_record(row)

    def get(self, name: str) -> LearnerRecord:
        """The learner of that name.

        Raises:
            NotFoundError: when there is none.
        """
        from sqlalchemy import select

        from .models.core import Learner

        clean = self.check_name(name)
        with self.db.session() as s:
            row = s.scalar(select(Learner).where(Learner.name == clean))
            if row is None:
                raise NotFoundError(f"no learner called '{clean}'")
            return _learner_record(row)

    def by_id(self, learner_id: int) -> LearnerRecord:
        """The learner with that database id.

        Raises:
            NotFoundError: when there is none.
        """
        from .models.core import Learner

        with self.db.session() as s:
            row = s.get(Learner, learner_id)
            if row is None:
                raise NotFoundError(f"no learner with id {learner_id}")
            return _learner_record(row)

    def get_or_create(self, name: str) -> LearnerRecord:
        """The learner of that name, created if new."""
        try:
            return self.get(name)
        except NotFoundError:
            try:
                return self.create(name)
            except LearnerError:
                return self.get(name)  # created meanwhile by another process

    def all(self) -> list[LearnerRecord]:
        """Every learner, by name."""
        from sqlalchemy import select

        from .models.core import Learner

        with self.db.session() as s:
            return [_learner_record(r) for r in s.scalars(select(Learner).order_by(Learner.name))]


# --------------------------------------------------------------------------- settings


class SettingsStore:
    """Each learner's settings: JSON values by key."""

    def __init__(self, database: Database, *, clock: Clock = utc_now) -> None:
        self.db = database
        self.clock = clock

    def get(self, learner_id: int, key: str, default: Any = None) -> Any:
        """The value of a setting, or ``default``."""
        from .models.core import LearnerSetting

        with self.db.session() as s:
            row = s.get(LearnerSetting, (learner_id, key))
            return default if row is None else row.value

    def all(self, learner_id: int) -> dict[str, Any]:
        """Every setting of a learner."""
        from sqlalchemy import select

        from .models.core import LearnerSetting

        with self.db.session() as s:
            rows = s.scalars(select(LearnerSetting).where(LearnerSetting.learner_id == learner_id))
            return {r.key: r.value for r in rows}

    def set(self, learner_id: int, key: str, value: Any) -> None:
        """Store a setting (any JSON value).

        Raises:
            LearnerError: for a key that is empty or too long, or a value that is not JSON.
            NotFoundError: when the learner does not exist.
        """
        from .models.core import Learner, LearnerSetting

        if not isinstance(key, str) or not 0 < len(key) <= 64:
            raise LearnerError(f"a setting key must be 1-64 characters, not {key!r}")
        try:
            value = json.loads(json.dumps(value))
        except (TypeError, ValueError):
            raise LearnerError(f"the setting '{key}' must be a JSON value, not {value!r}") from None
        with self.db.transaction() as s:
            if s.get(Learner, learner_id) is None:
                raise NotFoundError(f"no learner with id {learner_id}")
            row = s.get(LearnerSetting, (learner_id, key))
            if row is None:
                s.add(
                    LearnerSetting(
                        learner_id=learner_id, key=key, value=value, updated_at=self.clock()
                    )
                )
            else:
                row.value = value
                row.updated_at = self.clock()

    def update(self, learner_id: int, values: Mapping[str, Any]) -> None:
        """Store several settings at once."""
        for key, value in values.items():
            self.set(learner_id, key, value)

    def delete(self, learner_id: int, key: str) -> None:
        """Forget a setting (nothing happens when it is not set)."""
        from sqlalchemy import delete

        from .models.core import LearnerSetting

        with self.db.transaction() as s:
            s.execute(
                delete(LearnerSetting).where(
                    LearnerSetting.learner_id == learner_id, LearnerSetting.key == key
                )
            )


# --------------------------------------------------------------------------- attempts


def _attempt_record(row: Any, uid: str | None) -> AttemptRecord:
    return AttemptRecord(
        id=row.id,
        learner_id=row.learner_id,
        item_id=row.item_id,
        item_uid=uid,
        drill=row.drill,
        session=row.session,
        question=row.question,
        parts=tuple(PartResult(p.part, p.given, p.expected, p.correct) for p in row.parts),
        concepts_missed=tuple(sorted(c.topic for c in row.concepts)),
        correct=row.correct,
        seconds=row.seconds,
        answered_at=row.answered_at,
    )


class Attempts:
    """Every answer learners give: stored at once, each part marked, concepts missed."""

    def __init__(self, database: Database, *, clock: Clock = utc_now) -> None:
        self.db = database
        self.clock = clock

    def record(
        self,
        learner_id: int,
        *,
        item_id: int | None,
        drill: str,
        parts: Sequence[PartResult],
        seconds: float,
        concepts_missed: Iterable[str] = (),
        session: str | None = None,
        question: Mapping[str, Any] | None = None,
        answered_at: datetime | None = None,
        entry: str | None = None,
    ) -> AttemptRecord:
        """Store one answer (committed before this returns, or with the unit of work
        it is part of: :meth:`data.db.database.Database.unit`).

        Args:
            learner_id: who answered.
            item_id: the bank item, or None for a question that is not one.
            drill: which drill asked (``whole``, ``fu``, ``han``, ``table``...).
            parts: each part asked: given, expected, right or wrong.
            seconds: time taken.
            concepts_missed: topic ids the grading tagged.
            session: the drill session's id.
            question: what was asked when it was not a bank item.
            answered_at: when (default: the clock).
            entry: the answer journal's id of this answer (unique: see below).

        Raises:
            AlreadyStoredError: when an answer with this ``entry`` is stored already
                (checked and inserted in one transaction, guarded by the unique
                key: a concurrent writer of the same entry gets this too), or an
                answer stored without one (by an older version) has the same
                learner, session, drill and time.
            LearnerError: for no parts, a repeated part, a bad drill name or time.
            UnknownTopicError: for a concept outside the vocabulary.
            NotFoundError: for an unknown learner or item.
        """
        from .models.core import Attempt, AttemptConcept, AttemptPart, BankItem, Learner

        if not parts:
            raise LearnerError("an answer needs at least one part")
        names = [p.part for p in parts]
        if len(set(names)) != len(names):
            raise LearnerError(f"an answer gives a part twice: {', '.join(names)}")
        if any(not 0 < len(n) <= 16 for n in names):
            raise LearnerError("part names must be 1-16 characters")
        if not 0 < len(drill) <= 32:
            raise LearnerError("a drill name must be 1-32 characters")
        if not seconds >= 0:
            raise LearnerError(f"time taken must be 0 or more seconds, not {seconds!r}")
        concepts = sorted({check_topic(c) for c in concepts_missed})
        when = answered_at or self.clock()
        if entry is not None and not 0 < len(entry) <= 32:
            raise LearnerError("a journal entry id must be 1-32 characters")
        with self.db.transaction() as s:
            if entry is not None and self._stored_id(s, entry, learner_id, session, drill,
                                                     when) is not None:
                raise AlreadyStoredError(f"the answer {entry} is stored already")
            if s.get(Learner, learner_id) is None:
                raise NotFoundError(f"no learner with id {learner_id}")
            uid = None
            if item_id is not None:
                item = s.get(BankItem, item_id)
                if item is None:
                    raise NotFoundError(f"no bank item with id {item_id}")
                uid = item.uid
            row = Attempt(
                learner_id=learner_id,
                item_id=item_id,
                drill=drill,
                session=session,
                question=dict(question) if question is not None else None,
                correct=all(p.correct for p in parts),
                seconds=float(seconds),
                answered_at=when,
            )
            if entry is not None:  # left out otherwise (a database before 0008 has no column)
                row.entry = entry
            row.parts = [
                AttemptPart(
                    part=p.part, position=i, given=p.given, expected=p.expected, correct=p.correct
                )
                for i, p in enumerate(parts)
            ]
            row.concepts = [AttemptConcept(topic=c) for c in concepts]
            s.add(row)
            from sqlalchemy.exc import IntegrityError

            try:
                s.flush()
            except IntegrityError as e:
                if entry is not None and _is_key_clash(e, "attempts.entry", "ix_attempts_entry"):
                    raise AlreadyStoredError(f"the answer {entry} is stored already") from None
                raise
            return _attempt_record(row, uid)

    @staticmethod
    def _stored_id(s: Any, entry: str, learner_id: int, session: str | None, drill: str,
                   when: datetime) -> int | None:
        """The attempt stored for a journal entry: by its id, or (stored by a version that
        kept no id) by its learner, session, drill and time."""
        from sqlalchemy import or_, select

        from .models.core import Attempt

        same_session = (Attempt.session == session if session is not None
                        else Attempt.session.is_(None))
        found: int | None = s.scalar(select(Attempt.id).where(or_(
            Attempt.entry == entry,
            (Attempt.entry.is_(None) & (Attempt.learner_id == learner_id) & same_session
             & (Attempt.drill == drill) & (Attempt.answered_at == when)))).limit(1))
        return found

    def by_entry(self, entry: str, *, learner_id: int, session: str | None, drill: str,
                 answered_at: datetime) -> AttemptRecord | None:
        """The answer stored for a journal entry (see :meth:`record`), or None."""
        from sqlalchemy import select
        from sqlalchemy.orm import selectinload

        from .models.core import Attempt, BankItem

        with self.db.session() as s:
            found = self._stored_id(s, entry, learner_id, session, drill, answered_at)
            if found is None:
                return None
            row, uid = s.execute(
                select(Attempt, BankItem.uid).outerjoin(BankItem, BankItem.id == Attempt.item_id)
                .where(Attempt.id == found)
                .options(selectinload(Attempt.parts), selectinload(Attempt.concepts))).one()
            return _attempt_record(row, uid)

    def exists(self, learner_id: int, *, session: str | None, drill: str,
               answered_at: datetime) -> bool:
        """True when an answer of this learner, session and drill at that time is stored
        (so an answer written again after a crash is recognised and not stored twice)."""
        from sqlalchemy import select

        from .models.core import Attempt

        same_session = (Attempt.session == session if session is not None
                        else Attempt.session.is_(None))
        with self.db.session() as s:
            found = s.execute(select(Attempt.id).where(
                Attempt.learner_id == learner_id, same_session, Attempt.drill == drill,
                Attempt.answered_at == answered_at).limit(1)).first()
        return found is not None

    def history(
        self,
        learner_id: int,
        *,
        session: str | None = None,
        since: datetime | None = None,
        limit: int | None = None,
    ) -> list[AttemptRecord]:
        """A learner's answers, newest first."""
        from sqlalchemy import select
        from sqlalchemy.orm import selectinload

        from .models.core import Attempt, BankItem

        stmt = (
            select(Attempt, BankItem.uid)
            .outerjoin(BankItem, BankItem.id == Attempt.item_id)
            .where(Attempt.learner_id == learner_id)
            .options(selectinload(Attempt.parts), selectinload(Attempt.concepts))
            .order_by(Attempt.answered_at.desc(), Attempt.id.desc())
        )
        if session is not None:
            stmt = stmt.where(Attempt.session == session)
        if since is not None:
            stmt = stmt.where(Attempt.answered_at >= since)
        if limit is not None:
            stmt = stmt.limit(limit)
        with self.db.session() as s:
            return [_attempt_record(row, uid) for row, uid in s.execute(stmt)]

    def count(self, learner_id: int, *, session: str | None = None) -> int:
        """How many answers a learner gave (in one session, when given)."""
        from sqlalchemy import func, select

        from .models.core import Attempt

        stmt = select(func.count(Attempt.id)).where(Attempt.learner_id == learner_id)
        if session is not None:
            stmt = stmt.where(Attempt.session == session)
        with self.db.session() as s:
            return int(s.scalar(stmt) or 0)

    def part_accuracy(
        self, learner_id: int, *, session: str | None = None, since: datetime | None = None
    ) -> list[Accuracy]:
        """Right and total per part (fu, han, yaku, payment...), by part name."""
        from sqlalchemy import Integer, cast, func, select

        from .models.core import Attempt, AttemptPart

        stmt = (
            select(AttemptPart.part, func.sum(cast(AttemptPart.correct, Integer)), func.count())
            .join(Attempt, Attempt.id == AttemptPart.attempt_id)
            .where(Attempt.learner_id == learner_id)
            .group_by(AttemptPart.part)
            .order_by(AttemptPart.part)
        )
        if session is not None:
            stmt = stmt.where(Attempt.session == session)
        if since is not None:
            stmt = stmt.where(Attempt.answered_at >= since)
        with self.db.session() as s:
            return [Accuracy(p, int(r or 0), int(n)) for p, r, n in s.execute(stmt)]

    def concept_misses(
        self, learner_id: int, *, session: str | None = None, since: datetime | None = None
    ) -> list[tuple[str, int]]:
        """How often each concept was missed, most missed first."""
        from sqlalchemy import func, select

        from .models.core import Attempt, AttemptConcept

        stmt = (
            select(AttemptConcept.topic, func.count())
            .join(Attempt, Attempt.id == AttemptConcept.attempt_id)
            .where(Attempt.learner_id == learner_id)
            .group_by(AttemptConcept.topic)
        )
        if session is not None:
            stmt = stmt.where(Attempt.session == session)
        if since is not None:
            stmt = stmt.where(Attempt.answered_at >= since)
        with self.db.session() as s:
            rows = [(t, int(n)) for t, n in s.execute(stmt)]
        return sorted(rows, key=lambda r: (-r[1], r[0]))


# --------------------------------------------------------------------------- stored entries


class StoredEntries:
    """The ids of answer-journal entries stored that have no row of their own to carry
    their id (a rating changed after the answer): each can be stored once only."""

    def __init__(self, database: Database, *, clock: Clock = utc_now) -> None:
        self.db = database
        self.clock = clock

    def claim(self, entry: str, *, kept_at: datetime | None = None) -> None:
        """Note an entry as stored, in the current transaction (use it inside
        :meth:`data.db.database.Database.unit`, with the entry's own writes).

        Args:
            kept_at: when the entry was made (kept in the journal). None for an
                entry of unknown age (written before entries carried their time).

        Raises:
            StaleEntryError: when it was kept more than :data:`ENTRY_LIFE` ago: its
                id may have been forgotten (:meth:`forget`), so it is never stored.
            AlreadyStoredError: when the entry is noted already (by this or another
                program: the check and the insert are guarded by the key).
        """
        from .models.core import StoredEntry

        if not 0 < len(entry) <= 32:
            raise LearnerError("a journal entry id must be 1-32 characters")
        now = self.clock()
        if kept_at is not None and now - kept_at > ENTRY_LIFE:
            days = (now - kept_at).days
            raise StaleEntryError(
                f"the entry {entry} was kept {days} days ago, longer than the "
                f"{ENTRY_LIFE.days} days an entry may wait to be stored: it is not stored")
        with self.db.transaction() as s:
            if s.get(StoredEntry, entry) is not None:
                raise AlreadyStoredError(f"the entry {entry} is stored already")
            s.add(StoredEntry(entry=entry, stored_at=now))
            from sqlalchemy.exc import IntegrityError

            try:
                s.flush()
            except IntegrityError as e:
                if _is_key_clash(e, "stored_entries", "pk_stored_entries"):
                    raise AlreadyStoredError(f"the entry {entry} is stored already") from None
                raise

    #: Ids forgotten per transaction (each a short write: answers are stored between them).
    FORGET_BATCH = 500

    def forget(self, *, stop: Callable[[], bool] | None = None) -> int:
        """Forget the ids stored more than :data:`FORGET_STORED_AFTER` ago.

        No journal can still store such an entry: :meth:`claim` refuses every entry
        kept more than :data:`ENTRY_LIFE` ago. Ids go in batches of
        :data:`FORGET_BATCH`, each its own transaction, oldest first.

        Args:
            stop: asked between batches; True ends the work early (the rest is
                forgotten another time).

        Returns:
            how many ids were forgotten.
        """
        from sqlalchemy import delete, select

        from .models.core import StoredEntry

        cutoff = self.clock() - FORGET_STORED_AFTER
        forgotten = 0
        while stop is None or not stop():
            with self.db.transaction() as s:
                batch = select(StoredEntry.entry).where(StoredEntry.stored_at < cutoff) \
                    .order_by(StoredEntry.stored_at, StoredEntry.entry) \
                    .limit(self.FORGET_BATCH).scalar_subquery()
                gone = s.execute(delete(StoredEntry).where(StoredEntry.entry.in_(batch)))
                n = int(getattr(gone, "rowcount", 0) or 0)
            forgotten += n
            if n < self.FORGET_BATCH:
                break
        return forgotten

    def count(self) -> int:
        """How many ids are kept."""
        from sqlalchemy import func, select

        from .models.core import StoredEntry

        with self.db.session() as s:
            return int(s.scalar(select(func.count()).select_from(StoredEntry)) or 0)

    def exists(self, entry: str) -> bool:
        """True when the entry is noted as stored."""
        from .models.core import StoredEntry

        with self.db.session() as s:
            return s.get(StoredEntry, entry) is not None
