"""A learner's running totals of answers: the whole-history figures of the statistics.

Counting 100,000 answers and their 300,000 parts on every opening of the
statistics screen took seconds (``bench/srs.py``). The totals are kept
instead, one row per learner (:class:`data.models.srs.SrsTotals`, with the
answers per bank item in :class:`data.models.srs.SrsItemAnswers`), and brought
up to date when read: only the answers stored since the last one counted are
read and added. Nothing on the answer-write path changes, so storing an
answer costs what it did.

The totals are counted again from the first answer when they could be wrong:
answers counted before are gone or new ones appeared among them (their
number or the sum of their ids changed), an answer was stored with a time
before the latest one counted (the right-answer runs follow answer time), or
the learner's day start moved. A database upgraded with history is counted
while it is upgraded (:func:`backfill_totals`, revision ``0007``), so it shows
the figures it showed before, and its first statistics open as fast as the next.

Each figure is exactly the one of the SQL aggregates over the whole history
in :mod:`data.srs.history` (``tests/srs/test_totals.py`` checks it).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import Integer, cast, delete, func, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from ..db.database import Database
from ..models.core import Attempt, AttemptConcept, AttemptPart, ItemTopic, LearnerSetting
from ..models.srs import SrsItemAnswers, SrsTotals
from ..records import Accuracy
from .history import _as_date, _day

__all__ = ["DAY_OFFSET_SETTING", "AnswerTotals", "answer_totals", "backfill_totals"]

#: How often reading the totals is tried when concurrent readers collide.
_TRIES = 3
#: The learner setting holding when their day starts, in hours after midnight UTC
#: (the spaced-repetition settings' ``day_offset_hours``, stored as ``srs.<key>``).
DAY_OFFSET_SETTING = "srs.day_offset_hours"


@dataclass(frozen=True, slots=True)
class AnswerTotals:
    """A learner's whole-history figures, as of their last answer.

    Attributes:
        answers: answers in all.
        right_run: answers in a row right, up to the last one (by answer time).
        best_right_run: the longest such run.
        parts: right and total per part (fu, han, payment...), by part name.
        misses: how often each concept was missed.
        days: every day with answers (the learner's days), oldest first, with their number.
        topics: how many answers exercised each topic (by the bank item's topics).
        median_seconds: the median time of the answers (None when there is none).
    """

    answers: int
    right_run: int
    best_right_run: int
    parts: tuple[Accuracy, ...]
    misses: dict[str, int]
    days: tuple[tuple[date, int], ...]
    topics: dict[str, int]
    median_seconds: float | None


def answer_totals(
    db: Database, learner_id: int, *, day_offset: timedelta = timedelta(0)
) -> AnswerTotals:
    """The learner's running totals, first brought up to date with their newest answers."""
    for attempt in range(_TRIES):
        try:
            with db.transaction() as s:
                if not db.is_sqlite:  # every query of the update sees one snapshot
                    s.connection(execution_options={"isolation_level": "REPEATABLE READ"})
                row = _updated(s, db, learner_id, int(day_offset.total_seconds()))
                return _figures(s, row)
        except DBAPIError:  # another reader updated the same row at the same time
            if attempt == _TRIES - 1:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def backfill_totals(conn: Connection) -> int:
    """Count the whole history of every learner who has answers but no totals yet.

    The upgrade step of revision ``0007``: it runs on the migration's
    connection, inside its transaction, and counts with each learner's stored
    day start (:data:`DAY_OFFSET_SETTING`; a value that is not a number counts
    as midnight UTC, and the first reading counts again if that was wrong).

    Returns:
        how many learners' totals were counted.
    """
    db = Database.from_engine(conn.engine)
    with Session(bind=conn) as s:
        have = set(s.scalars(select(SrsTotals.learner_id)))
        learners = sorted(set(s.scalars(select(Attempt.learner_id).distinct())) - have)
        offsets = {int(learner): value for learner, value in s.execute(
            select(LearnerSetting.learner_id, LearnerSetting.value)
            .where(LearnerSetting.key == DAY_OFFSET_SETTING))}  # fmt: skip
        for learner_id in learners:
            hours = offsets.get(learner_id)
            if isinstance(hours, bool) or not isinstance(hours, int | float):
                hours = 0
            _updated(s, db, learner_id, int(timedelta(hours=float(hours)).total_seconds()))
        s.flush()
    return len(learners)


def _empty(learner_id: int, offset: int) -> SrsTotals:
    return SrsTotals(learner_id=learner_id, counted=0, id_sum=0, last_attempt_id=0,
                     last_answered_at=None, day_offset=offset, right_run=0, best_right_run=0,
                     totals={"parts": {}, "misses": {}, "days": {}})  # fmt: skip


def _still_right(s: Session, row: SrsTotals) -> bool:
    """Whether the answers counted are still the learner's answers up to the last one."""
    mine = Attempt.learner_id == row.learner_id
    n, ids = s.execute(
        select(func.count(), func.coalesce(func.sum(Attempt.id), 0))
        .where(mine, Attempt.id <= row.last_attempt_id)
    ).one()  # fmt: skip
    if (int(n), int(ids)) != (row.counted, row.id_sum):
        return False
    if row.last_answered_at is None:
        return True
    earlier = s.execute(
        select(Attempt.id).where(Attempt.learner_id + 0 == row.learner_id,
                                 Attempt.id > row.last_attempt_id,
                                 Attempt.answered_at < row.last_answered_at).limit(1)
    ).first()  # fmt: skip
    return earlier is None


def _updated(s: Session, db: Database, learner_id: int, offset: int) -> SrsTotals:
    """The learner's totals row, with every answer not yet counted added (or all
    counted again when the row could be wrong)."""
    row = s.get(SrsTotals, learner_id)
    if row is not None and (row.day_offset != offset or not _still_right(s, row)):
        s.delete(row)
        s.flush()
        row = None
    if row is None:
        s.execute(delete(SrsItemAnswers).where(SrsItemAnswers.learner_id == learner_id))
        row = _empty(learner_id, offset)
        s.add(row)
    # along the primary key from the last answer counted (not the learner's index,
    # which holds every answer of theirs)
    newer = (Attempt.learner_id + 0 == learner_id, Attempt.id > row.last_attempt_id)
    answers = s.execute(
        select(Attempt.id, Attempt.correct, Attempt.answered_at)
        .where(*newer)
        .order_by(Attempt.answered_at, Attempt.id)
    ).all()
    if not answers:
        return row
    run, best = row.right_run, row.best_right_run
    for _, ok, _ in answers:
        run = run + 1 if ok else 0
        best = max(best, run)
    totals: dict[str, Any] = {k: dict(v) for k, v in row.totals.items()}
    parts = totals.setdefault("parts", {})
    for part, right, n in s.execute(
        select(AttemptPart.part, func.sum(cast(AttemptPart.correct, Integer)), func.count())
        .join(Attempt, Attempt.id == AttemptPart.attempt_id)
        .where(*newer)
        .group_by(AttemptPart.part)
    ):
        had = parts.get(str(part), [0, 0])
        parts[str(part)] = [had[0] + int(right or 0), had[1] + int(n)]
    misses = totals.setdefault("misses", {})
    for topic, n in s.execute(
        select(AttemptConcept.topic, func.count())
        .join(Attempt, Attempt.id == AttemptConcept.attempt_id)
        .where(*newer)
        .group_by(AttemptConcept.topic)
    ):
        misses[str(topic)] = misses.get(str(topic), 0) + int(n)
    days = totals.setdefault("days", {})
    day = _day(db, Attempt.answered_at, timedelta(seconds=offset)).label("day")
    for d, n in s.execute(select(day, func.count()).where(*newer).group_by(day)):
        if d is not None:
            key = _as_date(d).isoformat()
            days[key] = days.get(key, 0) + int(n)
    per_item = s.execute(
        select(Attempt.item_id, func.count())
        .where(*newer, Attempt.item_id.is_not(None))
        .group_by(Attempt.item_id)
    ).all()
    if row.counted == 0:
        if per_item:
            s.add_all(SrsItemAnswers(learner_id=learner_id, item_id=int(i or 0), answers=int(n))
                      for i, n in per_item)  # fmt: skip
    else:
        for item_id, n in per_item:
            had = s.get(SrsItemAnswers, (learner_id, item_id))
            if had is None:
                s.add(SrsItemAnswers(learner_id=learner_id, item_id=int(item_id or 0),
                                     answers=int(n)))  # fmt: skip
            else:
                had.answers += int(n)
    latest: datetime = max(at for _, _, at in answers)
    row.counted += len(answers)
    row.id_sum += sum(int(i) for i, _, _ in answers)
    row.last_attempt_id = max(int(i) for i, _, _ in answers)
    if row.last_answered_at is None or latest > row.last_answered_at:
        row.last_answered_at = latest
    row.right_run, row.best_right_run = run, best
    row.totals = totals
    s.flush()
    return row


def _figures(s: Session, row: SrsTotals) -> AnswerTotals:
    topics = s.execute(
        select(ItemTopic.topic, func.sum(SrsItemAnswers.answers))
        .join(SrsItemAnswers, SrsItemAnswers.item_id == ItemTopic.item_id)
        .where(SrsItemAnswers.learner_id == row.learner_id)
        .group_by(ItemTopic.topic)
    ).all()
    n = row.counted
    middle: list[float] = []
    if n:  # along the index of answer times by learner, with the count already known
        middle = [float(v or 0.0) for v in s.execute(
            select(Attempt.seconds).where(Attempt.learner_id == row.learner_id)
            .order_by(Attempt.seconds).offset((n - 1) // 2).limit(2 - n % 2)
        ).scalars()]  # fmt: skip
    totals = row.totals
    return AnswerTotals(
        answers=row.counted,
        right_run=row.right_run,
        best_right_run=row.best_right_run,
        parts=tuple(Accuracy(p, int(r), int(n))
                    for p, (r, n) in sorted(totals.get("parts", {}).items())),
        misses={str(t): int(n) for t, n in totals.get("misses", {}).items()},
        days=tuple((date.fromisoformat(d), int(n))
                   for d, n in sorted(totals.get("days", {}).items())),
        topics={str(t): int(n) for t, n in topics},
        median_seconds=sum(middle) / len(middle) if middle else None,
    )
