"""A learner's history read in aggregate: the figures of the statistics, and the export.

Nothing here decides anything: each function answers one question with one
SQL aggregate (answers per day, the days with answers, the runs of right
answers, the median time, the concepts exercised, the cards by state) and
:mod:`quiz.srs.stats` makes the statistics of them. None loads every answer
or every card, so the statistics screen stays quick with 100,000 answers
(``bench/srs.py``).

Days are the learner's days: they start ``day_offset`` after midnight UTC.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import Integer, and_, case, cast, func, literal, or_, select
from sqlalchemy.sql.elements import ColumnElement

from ..db.database import Database
from ..models.core import Attempt, AttemptConcept, AttemptPart, BankItem, ItemTopic, Learner
from ..models.srs import SrsCard, SrsReview
from ..records import Accuracy
from ..topics import TOPICS, is_topic, table_cells
from .cards import CARD_COLUMNS, CorruptCardError, Reporter, as_utc, card_of, raw_column
from .records import CardKind, CardState, HistoryRow, RateOverTime, ReviewKind

__all__ = [
    "CardTotals",
    "answer_days",
    "answers_by_day",
    "card_totals",
    "cell_accuracy",
    "damaged_cards",
    "due_days",
    "exercised_topics",
    "history",
    "median_seconds",
    "right_runs",
]


@dataclass(frozen=True, slots=True)
class CardTotals:
    """A learner's sound cards (damaged rows left out): by state, and the leeches."""

    by_state: dict[CardState, int]
    leeches: int
    #: rows that fail the SQL checks (:func:`damaged_cards` reads them in full)
    unchecked: int = 0


# --------------------------------------------------------------------------- days


def _day(db: Database, column: Any, day_offset: timedelta) -> ColumnElement[Any]:
    """The learner's day of a UTC time column, computed by the database."""
    seconds = int(day_offset.total_seconds())
    if db.is_sqlite:  # times are stored as UTC text
        return func.date(column, f"{-seconds:+d} seconds")
    return func.date(func.timezone("UTC", column) - timedelta(seconds=seconds))


def _as_date(value: Any) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


def _mine(column: Any, learner_id: int, *, scan: bool) -> ColumnElement[bool]:
    """``column = learner_id``; with ``scan``, written so that the database reads the
    table through (quicker than the index when the learner owns most of the rows)."""
    test: ColumnElement[bool] = (column + 0 == learner_id) if scan else (column == learner_id)
    return test


def _mostly_mine(conn: Any, learner_id: int) -> bool:
    """Whether the learner is the only one (their answers are the whole table)."""
    others = conn.execute(select(func.count()).where(Learner.id != learner_id)).scalar()
    return not others


def answers_by_day(
    db: Database, learner_id: int, *, since: datetime, day_offset: timedelta = timedelta(0)
) -> list[RateOverTime]:
    """Answers per day from ``since`` on (days with no answer left out), oldest first."""
    day = _day(db, Attempt.answered_at, day_offset).label("day")
    query = (
        select(day, func.count(), func.sum(cast(Attempt.correct, Integer)),
               func.sum(Attempt.seconds))
        .where(Attempt.learner_id == learner_id, Attempt.answered_at >= since)
        .group_by(day)
        .order_by(day)
    )
    with db.engine.connect() as conn:
        rows = conn.execute(query).all()
    return [RateOverTime(_as_date(d), int(n), int(r or 0), float(s or 0.0))
            for d, n, r, s in rows if d is not None]  # fmt: skip


def answer_days(
    db: Database, learner_id: int, *, day_offset: timedelta = timedelta(0)
) -> list[tuple[date, int]]:
    """Every day the learner answered, with the number of answers, oldest first.

    Reads only the index of answers by learner and time.
    """
    day = _day(db, Attempt.answered_at, day_offset).label("day")
    query = (select(day, func.count()).where(Attempt.learner_id == learner_id)
             .group_by(day).order_by(day))  # fmt: skip
    with db.engine.connect() as conn:
        return [(_as_date(d), int(n)) for d, n in conn.execute(query) if d is not None]


# --------------------------------------------------------------------------- answers


def right_runs(db: Database, learner_id: int) -> tuple[int, int]:
    """The runs of right answers in a row: (the run that ends with the last answer, the
    longest run). Answers are ordered by time."""
    mine = Attempt.learner_id == learner_id
    with db.engine.connect() as conn:
        scan = _mostly_mine(conn, learner_id)
        wrong = case((Attempt.correct, 0), else_=1)
        groups = (
            select(
                Attempt.correct.label("ok"),
                func.sum(wrong).over(order_by=(Attempt.answered_at, Attempt.id)).label("run"),
            )
            .where(_mine(Attempt.learner_id, learner_id, scan=scan))
            .subquery()
        )
        lengths = (
            select(func.sum(cast(groups.c.ok, Integer)).label("n"))
            .group_by(groups.c.run)
            .subquery()
        )
        longest = conn.execute(select(func.max(lengths.c.n))).scalar()
        last_wrong = conn.execute(
            select(Attempt.answered_at, Attempt.id)
            .where(mine, ~Attempt.correct)
            .order_by(Attempt.answered_at.desc(), Attempt.id.desc())
            .limit(1)
        ).first()
        after = select(func.count()).where(mine)
        if last_wrong is not None:
            at, key = last_wrong
            after = after.where(or_(Attempt.answered_at > at,
                                    and_(Attempt.answered_at == at, Attempt.id > key)))  # fmt: skip
        current = conn.execute(after).scalar()
    return int(current or 0), int(longest or 0)


def median_seconds(db: Database, learner_id: int, *, last: int | None = None) -> float | None:
    """The median time of the learner's answers (of the ``last`` ones when given).

    Over the whole history the middle values are read along the index of
    answer times by learner (``ix_attempts_learner_id_seconds``)."""
    with db.engine.connect() as conn:
        pool = select(Attempt.seconds.label("s")).where(Attempt.learner_id == learner_id)
        if last is not None:
            pool = pool.order_by(Attempt.answered_at.desc(), Attempt.id.desc()).limit(last)
        sub = pool.subquery()
        n = int(conn.execute(select(func.count()).select_from(sub)).scalar() or 0)
        if not n:
            return None
        middle = select(sub.c.s).order_by(sub.c.s).offset((n - 1) // 2).limit(2 - n % 2)
        values = [float(v or 0.0) for v in conn.execute(middle).scalars()]
    return sum(values) / len(values)


def exercised_topics(db: Database, learner_id: int) -> dict[str, int]:
    """How many of the learner's answers exercised each topic (by the bank item's topics).

    The answers are counted per item first, so the join with the topics is small.
    """
    with db.engine.connect() as conn:
        scan = _mostly_mine(conn, learner_id)
        per_item = (
            select(Attempt.item_id.label("item_id"), func.count().label("n"))
            .where(_mine(Attempt.learner_id, learner_id, scan=scan), Attempt.item_id.is_not(None))
            .group_by(Attempt.item_id)
            .subquery()
        )
        rows = conn.execute(
            select(ItemTopic.topic, func.sum(per_item.c.n))
            .join(per_item, per_item.c.item_id == ItemTopic.item_id)
            .group_by(ItemTopic.topic)
        ).all()
    return {str(t): int(n) for t, n in rows}


def cell_accuracy(db: Database, learner_id: int) -> list[Accuracy]:
    """Right out of asked for each points-table cell card (from its reviews)."""
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(SrsCard.subject, func.count(), func.sum(cast(SrsReview.correct, Integer)))
            .join(SrsReview, SrsReview.card_id == SrsCard.id)
            .where(SrsCard.learner_id == learner_id, SrsCard.kind == CardKind.CELL.value)
            .group_by(SrsCard.subject)
        ).all()
    return [Accuracy(str(s), int(right or 0), int(n)) for s, n, right in rows if is_topic(str(s))]


# --------------------------------------------------------------------------- cards


def _sound() -> ColumnElement[bool]:
    """The checks of :func:`data.srs.cards.card_from_values` that SQL can make.

    A row that fails them is read and checked in full (:func:`damaged_cards`);
    the others are counted without being read.
    """
    subjects = [*TOPICS, *table_cells()]
    stability_ok = SrsCard.stability.between(0.0005, 1e6)
    difficulty_ok = SrsCard.difficulty.between(1.0, 10.0)
    return and_(
        SrsCard.kind.in_(("hand", "concept", "cell")),
        SrsCard.origin.in_(("new", "missed", "table")),
        SrsCard.state.in_((1, 2, 3)),
        or_(SrsCard.state == CardState.REVIEW.value, SrsCard.step >= 0),
        or_(SrsCard.stability.is_(None), stability_ok),
        or_(SrsCard.difficulty.is_(None), difficulty_ok),
        or_(SrsCard.state == CardState.LEARNING.value,
            and_(SrsCard.stability.is_not(None), SrsCard.difficulty.is_not(None))),
        SrsCard.due.between(literal(datetime(1900, 1, 1, tzinfo=UTC), SrsCard.due.type),
                            literal(datetime(3000, 1, 1, tzinfo=UTC), SrsCard.due.type)),
        SrsCard.reps >= 0,
        SrsCard.lapses >= 0,
        or_(and_(SrsCard.kind == "hand", SrsCard.item_id >= 1),
            and_(SrsCard.kind != "hand", SrsCard.subject.in_(subjects))),
    )  # fmt: skip


def _sound_for(db: Database) -> ColumnElement[bool]:
    if db.is_sqlite:  # a JSON column of SQLite may hold any text
        return and_(_sound(), func.json_valid(SrsCard.concepts) == 1)
    return _sound()


def card_totals(db: Database, learner_id: int) -> CardTotals:
    """The learner's sound cards by state, how many are leeches, and how many rows
    fail the SQL checks (one aggregate)."""
    leech = cast(SrsCard.leech, Integer)
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(SrsCard.state, func.count(), func.sum(leech))
            .where(SrsCard.learner_id == learner_id, _sound_for(db))
            .group_by(SrsCard.state)
        ).all()
        every = conn.execute(
            select(func.count()).where(SrsCard.learner_id == learner_id)
        ).scalar()
    sound = sum(int(n) for _, n, _ in rows)
    return CardTotals({CardState(s): int(n) for s, n, _ in rows},
                      sum(int(x or 0) for _, _, x in rows), int(every or 0) - sound)  # fmt: skip


#: How the database writes a time in SQLite (UTC, to the microsecond); only such
#: text is grouped by day in SQL, any other is read and checked one by one.
_SQLITE_TIME = ("[0-9]" * 4 + "-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9]."
                + "[0-9]" * 6)


def due_days(db: Database, learner_id: int, *, before: datetime, day_offset: timedelta
             ) -> list[tuple[date, int]]:  # fmt: skip
    """How many of the learner's cards due before ``before`` fall due on each of the
    learner's days (days starting ``day_offset``, whole seconds, after midnight UTC),
    unreadable times left out: :func:`data.srs.repository.due_times` counted by day."""
    seconds = int(day_offset.total_seconds())
    day = _day(db, SrsCard.due, day_offset).label("day")
    mine = (SrsCard.learner_id == learner_id, SrsCard.due < before)
    counts: dict[date, int] = defaultdict(int)
    with db.engine.connect() as conn:
        if db.is_sqlite:
            raw = raw_column(SrsCard.due, "due")
            plain = and_(raw.op("GLOB")(_SQLITE_TIME),  # and a real time (not 30 February)
                         func.datetime(raw, "+0 seconds") == func.substr(raw, 1, 19))  # fmt: skip
            grouped = select(day, func.count()).where(*mine, plain).group_by(day)
            for value in conn.execute(
                select(raw_column(SrsCard.due, "due")).where(*mine, ~func.coalesce(plain, False))
            ).scalars():
                try:
                    moment = as_utc(value, "due")
                except CorruptCardError:
                    continue
                counts[(moment - timedelta(seconds=seconds)).date()] += 1
        else:
            grouped = select(day, func.count()).where(*mine).group_by(day)
        for d, n in conn.execute(grouped):
            if d is not None:
                counts[_as_date(d)] += int(n)
    return sorted(counts.items())


def damaged_cards(db: Database, learner_id: int, *, report: Reporter) -> int:
    """Check in full the learner's card rows that fail the SQL checks; each damaged one
    is reported. Returns how many were."""
    sound = _sound_for(db)
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(*CARD_COLUMNS).where(
                SrsCard.learner_id == learner_id, ~func.coalesce(sound, False)
            )
        ).all()
    return sum(1 for row in rows if card_of(row, report) is None)


def history(db: Database, learner_id: int) -> Iterator[HistoryRow]:
    """A learner's whole history, oldest first: each answer with its review, and
    each review that had no stored answer (a points-table cell, a miss noted outside).
    """
    with db.session() as session:
        uid_of = dict(
            session.execute(
                select(BankItem.id, BankItem.uid).where(
                    BankItem.id.in_(
                        select(Attempt.item_id)
                        .where(Attempt.learner_id == learner_id)
                        .union(select(SrsReview.item_id).where(SrsReview.learner_id == learner_id))
                    )
                )
            ).all()
        )
        cards = {
            cid: (kind, subject)
            for cid, kind, subject in session.execute(
                select(SrsCard.id, SrsCard.kind, SrsCard.subject).where(
                    SrsCard.learner_id == learner_id
                )
            )
        }
        reviews = session.scalars(
            select(SrsReview)
            .where(SrsReview.learner_id == learner_id)
            .order_by(SrsReview.reviewed_at, SrsReview.id)
        ).all()
        by_attempt: dict[int, SrsReview] = {}
        loose: list[SrsReview] = []
        for review in reviews:
            if review.attempt_id is not None and review.attempt_id not in by_attempt:
                by_attempt[review.attempt_id] = review
            else:
                loose.append(review)
        attempts = session.scalars(
            select(Attempt)
            .where(Attempt.learner_id == learner_id)
            .order_by(Attempt.answered_at, Attempt.id)
        ).all()
        parts: dict[int, list[AttemptPart]] = defaultdict(list)
        for p in session.scalars(
            select(AttemptPart)
            .join(Attempt, Attempt.id == AttemptPart.attempt_id)
            .where(Attempt.learner_id == learner_id)
            .order_by(AttemptPart.attempt_id, AttemptPart.position)
        ):
            parts[p.attempt_id].append(p)
        concepts: dict[int, list[str]] = defaultdict(list)
        for c in session.scalars(
            select(AttemptConcept)
            .join(Attempt, Attempt.id == AttemptConcept.attempt_id)
            .where(Attempt.learner_id == learner_id)
        ):
            concepts[c.attempt_id].append(c.topic)

        def review_fields(r: SrsReview | None) -> dict[str, Any]:
            if r is None:
                return {
                    "card_kind": "",
                    "card_subject": "",
                    "rating": None,
                    "auto_rating": None,
                    "state_before": "",
                    "interval_days": None,
                    "due": None,
                }
            kind, subject = cards.get(r.card_id, ("", ""))
            return {
                "card_kind": kind,
                "card_subject": subject,
                "rating": r.rating,
                "auto_rating": r.auto_rating,
                "state_before": CardState(r.state_before).label
                if r.state_before in (0, 1, 2, 3)
                else str(r.state_before),
                "interval_days": round((r.due - r.reviewed_at) / timedelta(days=1), 6),
                "due": r.due,
            }

        rows: list[HistoryRow] = []
        for a in attempts:
            linked = by_attempt.get(a.id)
            rows.append(
                HistoryRow(
                    time=a.answered_at,
                    source="answer" if linked is None else "answer+review",
                    drill=a.drill,
                    item=uid_of.get(a.item_id, "") if a.item_id is not None else "",
                    correct=a.correct,
                    seconds=a.seconds,
                    parts=tuple((p.part, p.given, p.expected, p.correct) for p in parts[a.id]),
                    concepts_missed=tuple(sorted(concepts[a.id])),
                    **review_fields(linked),
                )
            )
        for r in loose:
            rows.append(
                HistoryRow(
                    time=r.reviewed_at,
                    source="review",
                    drill="review" if r.kind != ReviewKind.MISS.value else "miss",
                    item=uid_of.get(r.item_id, "") if r.item_id is not None else "",
                    correct=r.correct,
                    seconds=None if r.duration_ms is None else r.duration_ms / 1000,
                    parts=(),
                    concepts_missed=(),
                    **review_fields(r),
                )
            )
    rows.sort(key=lambda h: h.time)
    yield from rows
