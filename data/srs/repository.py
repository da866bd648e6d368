"""Reading and writing spaced-repetition cards and reviews (storage only).

Every function takes an open :class:`data.db.database.Database` and hands back the
frozen records of :mod:`data.srs.records`, never ORM rows. Times are UTC.

Card rows are read column by column without SQLAlchemy's type processing and
checked one by one, so a damaged row (an unknown state, a stability that is
not a positive number, a date that is not a date, a concept outside the
vocabulary of :mod:`data.topics`...) never stops the app: it is logged on
the ``data.srs`` logger, handed to the ``report`` callback when one is given,
and skipped. A hand card keeps working when one of its concepts is unknown:
that concept alone is reported and dropped.

The queries that choose the next card use the indexes of
:mod:`data.models.srs` and stay within a few milliseconds with 20,000 cards
and 100,000 reviews (``bench/srs.py``). The rules (lapses, leeches, what is
due, the statistics) are :mod:`quiz.srs`'s: a write is given the rule that
updates a card's counters. The aggregates of the statistics and the history
export are in :mod:`data.srs.history`.
"""

from __future__ import annotations

import functools
import logging
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Integer, Row, bindparam, func, insert, select, update

from ..db.database import Database
from ..errors import DataError, NotFoundError
from ..models.core import Attempt, BankItem, ItemTopic, Learner
from ..models.srs import SrsCard, SrsReview
from ..records import LearnerRecord
from .cards import (
    CARD_COLUMNS,
    CARD_FIELDS,
    CorruptCardError,
    Reporter,
    as_utc,
    card_from_values,
    cards_of,
    raw_column,
    report_problem,
)
from .records import (
    CardKind,
    CardProblem,
    CardRecord,
    CardState,
    DayCounts,
    NewCard,
    QueueState,
    ReviewKind,
    ReviewRecord,
    ReviewWrite,
    Schedule,
    Tally,
)

__all__ = [
    "all_cards",
    "card_counts",
    "due_cards",
    "due_times",
    "find_learner",
    "item_for_topic",
    "leeches",
    "new_item",
    "queue_state",
    "recent_durations",
    "recent_items",
    "replace_review",
    "reviews_of_card",
    "save_reviews",
    "unseen_count",
]

log = logging.getLogger("data.srs")

# --------------------------------------------------------------------------- the queue


@functools.cache
def _queue_statements() -> dict[str, Any]:
    """The queue's statements, built once (parameters bound at each call)."""
    learner: Any = bindparam("learner")
    now = bindparam("now", type_=SrsCard.due.type)
    until = bindparam("until", type_=SrsCard.due.type)
    batch = bindparam("batch", type_=Integer)
    # (a damaged state outside 1-3 is never chosen; the statistics' full scan reports it)
    learning = SrsCard.state.in_((CardState.LEARNING.value, CardState.RELEARNING.value))
    review = SrsCard.state == CardState.REVIEW.value
    mine = SrsCard.learner_id == learner
    return {
        "learning": select(*CARD_COLUMNS)
        .where(mine, learning, SrsCard.due <= until)
        .order_by(SrsCard.due, SrsCard.id)
        .limit(batch),
        "review": select(*CARD_COLUMNS)
        .where(mine, review, SrsCard.due <= now)
        .order_by(SrsCard.due, SrsCard.id)
        .limit(batch),
        "learning_due": select(func.count()).where(mine, learning, SrsCard.due <= now),
        "review_due": select(func.count()).where(mine, review, SrsCard.due <= now),
        "today": select(SrsReview.kind, func.count())
        .where(
            SrsReview.learner_id == learner,
            SrsReview.reviewed_at >= bindparam("day_start", type_=SrsReview.reviewed_at.type),
        )
        .group_by(SrsReview.kind),
    }


def queue_state(
    db: Database,
    learner_id: int,
    *,
    now: datetime,
    day_start: datetime,
    learn_ahead: timedelta = timedelta(0),
    batch: int = 8,
    report: Reporter | None = None,
) -> QueueState:
    """Everything the queue needs to choose the next card, in one connection.

    Args:
        db: the database.
        learner_id: whose queue.
        now: the time (UTC).
        day_start: when the learner's day began (for the daily limits).
        learn_ahead: also return (re)learning cards due this soon.
        batch: at most this many cards of each list (damaged rows are skipped).
        report: called for each damaged card row.
    """
    q = _queue_statements()
    params = {"learner": learner_id, "now": now, "until": now + learn_ahead, "batch": batch,
              "day_start": day_start}  # fmt: skip
    with db.engine.connect() as conn:
        counts = {k: n for k, n in conn.execute(q["today"], params)}
        learning_rows = conn.execute(q["learning"], params).all()
        review_rows = conn.execute(q["review"], params).all()
        learning_due = conn.execute(q["learning_due"], params).scalar_one()
        review_due = conn.execute(q["review_due"], params).scalar_one()
    today = DayCounts(
        new=counts.get("new", 0),
        review=counts.get("review", 0),
        learn=counts.get("learn", 0) + counts.get("relearn", 0),
        miss=counts.get("miss", 0),
    )
    return QueueState(
        learning=tuple(cards_of(learning_rows, report)),
        review=tuple(cards_of(review_rows, report)),
        learning_due=learning_due,
        review_due=review_due,
        today=today,
    )


def recent_items(db: Database, card_id: int, *, limit: int = 5) -> list[int]:
    """The bank items asked in a card's latest reviews, newest first."""
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(SrsReview.item_id)
            .where(SrsReview.card_id == card_id, SrsReview.item_id.is_not(None))
            .order_by(SrsReview.reviewed_at.desc(), SrsReview.id.desc())
            .limit(limit)
        )
        return [int(i) for i in rows.scalars() if i is not None]


def _seen_by(learner_id: int) -> tuple[Any, Any]:
    # ``learner_id + 0``: look the item up by its own index (a learner's index, chosen
    # otherwise when the learner is the only one, reads every answer for each item)
    answered = (
        select(Attempt.id)
        .where(Attempt.item_id == BankItem.id, Attempt.learner_id + 0 == learner_id)
        .exists()
    )
    reviewed = (
        select(SrsReview.id)
        .where(SrsReview.item_id == BankItem.id, SrsReview.learner_id + 0 == learner_id)
        .exists()
    )
    return answered, reviewed


def new_item(
    db: Database, learner_id: int, *, exclude: Iterable[int] = (), rules: str | None = None
) -> int | None:
    """The id of the next bank item the learner has never answered (curated, easier first).

    Args:
        db: the database.
        learner_id: whose.
        exclude: item ids not to pick.
        rules: only items under this rule profile.
    """
    answered, reviewed = _seen_by(learner_id)
    query = select(BankItem.id).where(~answered, ~reviewed)
    skip = sorted(set(exclude))
    if skip:
        query = query.where(BankItem.id.not_in(skip))
    if rules is not None:
        query = query.where(BankItem.rules == rules)
    query = query.order_by(BankItem.kind, BankItem.difficulty, BankItem.id).limit(1)
    with db.engine.connect() as conn:
        return conn.execute(query).scalar_one_or_none()


def unseen_count(db: Database, learner_id: int, *, cap: int, rules: str | None = None) -> int:
    """How many bank items the learner has never answered, counting at most ``cap``."""
    answered, reviewed = _seen_by(learner_id)
    inner = select(BankItem.id).where(~answered, ~reviewed)
    if rules is not None:
        inner = inner.where(BankItem.rules == rules)
    query = select(func.count()).select_from(inner.limit(cap).subquery())
    with db.engine.connect() as conn:
        return int(conn.execute(query).scalar_one())


def item_for_topic(
    db: Database,
    learner_id: int,
    topic: str,
    *,
    choose: Callable[[Sequence[int]], int],
    exclude: Iterable[int] = (),
    rules: str | None = None,
    candidates: int = 400,
) -> int | None:
    """A bank item that exercises a topic, fresh for the learner when there is one.

    Items never answered come first (``choose`` picks one of them, e.g.
    ``random.Random.choice``); when every one was answered, the one answered
    longest ago. None when no item of the bank exercises the topic.
    """
    skip = set(exclude)
    query = select(ItemTopic.item_id).where(ItemTopic.topic == topic)
    if rules is not None:
        query = query.join(BankItem, BankItem.id == ItemTopic.item_id).where(
            BankItem.rules == rules
        )
    query = query.order_by(ItemTopic.item_id).limit(candidates)
    with db.engine.connect() as conn:
        ids = [i for i in conn.execute(query).scalars() if i not in skip]
        if not ids:
            return None
        last_seen: dict[int, Any] = {}
        for table, when in ((Attempt, Attempt.answered_at), (SrsReview, SrsReview.reviewed_at)):
            rows = conn.execute(
                select(table.item_id, func.max(when))
                .where(table.learner_id == learner_id, table.item_id.in_(ids))
                .group_by(table.item_id)
            )
            for item_id, moment in rows:
                if item_id is None or moment is None:
                    continue
                if item_id not in last_seen or moment > last_seen[item_id]:
                    last_seen[item_id] = moment
    fresh = [i for i in ids if i not in last_seen]
    if fresh:
        return choose(fresh)
    return min(ids, key=lambda i: (last_seen[i], i))


def recent_durations(db: Database, learner_id: int, *, cells: bool, limit: int = 50) -> list[int]:
    """Milliseconds taken by the learner's latest right answers (table cells or hands)."""
    kind_test = SrsCard.kind == "cell" if cells else SrsCard.kind != "cell"
    query = (
        select(SrsReview.duration_ms)
        .join(SrsCard, SrsCard.id == SrsReview.card_id)
        .where(
            SrsReview.learner_id == learner_id,
            SrsReview.correct.is_(True),
            SrsReview.kind != ReviewKind.MISS.value,
            SrsReview.duration_ms.is_not(None),
            kind_test,
        )
        .order_by(SrsReview.reviewed_at.desc())
        .limit(limit)
    )
    with db.engine.connect() as conn:
        return [int(v) for v in conn.execute(query).scalars() if v is not None and v > 0]


# --------------------------------------------------------------------------- writing


def _schedule_columns(schedule: Schedule) -> dict[str, Any]:
    return {
        "state": int(schedule.state),
        "step": schedule.step,
        "stability": schedule.stability,
        "difficulty": schedule.difficulty,
        "due": schedule.due,
        "last_review": schedule.last_review,
    }


def _row_values(row: SrsCard) -> dict[str, Any]:
    return {f: getattr(row, f) for f in CARD_FIELDS}


def _review_record(row: SrsReview) -> ReviewRecord:
    return ReviewRecord(
        id=row.id,
        card_id=row.card_id,
        learner_id=row.learner_id,
        item_id=row.item_id,
        attempt_id=row.attempt_id,
        kind=ReviewKind(row.kind),
        rating=row.rating,
        auto_rating=row.auto_rating,
        correct=row.correct,
        reviewed_at=row.reviewed_at,
        duration_ms=row.duration_ms,
        state_before=CardState(row.state_before),
        schedule=Schedule(
            CardState(row.state),
            None,
            row.stability,
            row.difficulty,
            row.due,
            row.reviewed_at,
        ),
    )


def save_reviews(
    db: Database,
    writes: Sequence[ReviewWrite],
    *,
    tally: Callable[[Tally, int], Tally],
    report: Reporter | None = None,
) -> tuple[tuple[CardRecord, ReviewRecord] | None, ...]:
    """Store reviews (creating new cards) in one transaction.

    Each review sets its card's schedule and its counters (``tally`` gives
    them from the counters before and the rating: the rule of lapses and
    leeches is the caller's), and is kept as a row of ``srs_reviews``. A
    write whose card row is damaged is reported and skipped (None in its place).

    Returns:
        for each write, the card after it and the review stored (or None).

    Raises:
        NotFoundError: when a card id does not exist.
        DataError: when a time is not timezone-aware.
    """
    out: list[tuple[CardRecord, ReviewRecord] | None] = []
    with db.begin() as conn:  # the unit of work's transaction when one is open
        for w in writes:
            if w.reviewed_at.tzinfo is None:
                raise DataError("review times must be timezone-aware (UTC)")
            try:
                values = _card_values_for(conn, w)
            except CorruptCardError as e:
                card_id = w.card if isinstance(w.card, int) else e.card_id
                report_problem(report, CardProblem(card_id or 0, str(e)))
                out.append(None)
                continue
            values.update(_schedule_columns(w.schedule))
            after = tally(Tally(values["reps"], values["lapses"], bool(values["leech"])), w.rating)
            values.update(reps=after.reps, lapses=after.lapses, leech=after.leech)
            if w.set_item_id is not None:
                values["item_id"] = w.set_item_id
            if w.add_concepts:
                values["concepts"] = list(dict.fromkeys([*values["concepts"], *w.add_concepts]))
            changed = {k: values[k] for k in (
                "state", "step", "stability", "difficulty", "due", "last_review", "reps",
                "lapses", "leech", "item_id", "concepts")}  # fmt: skip
            conn.execute(_card_update(), {"card_key": values["id"], **changed})
            review_values = {
                "card_id": values["id"],
                "learner_id": values["learner_id"],
                "item_id": w.item_id,
                "attempt_id": w.attempt_id,
                "kind": w.kind.value,
                "rating": w.rating,
                "auto_rating": w.auto_rating,
                "correct": w.correct,
                "reviewed_at": w.reviewed_at,
                "duration_ms": w.duration_ms,
                "state_before": int(w.state_before),
                "state": int(w.schedule.state),
                "stability": w.schedule.stability,
                "difficulty": w.schedule.difficulty,
                "due": w.schedule.due,
            }
            result = conn.execute(insert(SrsReview), review_values)
            review_id = int(result.inserted_primary_key[0])  # type: ignore[index]
            out.append((card_from_values(values), _review_from_values(review_id, review_values)))
    return tuple(out)


@functools.cache
def _card_update() -> Any:
    """UPDATE of a card's schedule and counters (parameters bound at each call)."""
    return update(SrsCard).where(SrsCard.id == bindparam("card_key"))


def _card_values_for(conn: Any, w: ReviewWrite) -> dict[str, Any]:
    """The current values of the card a write reviews (inserted first when new)."""
    if isinstance(w.card, NewCard):
        spec = w.card
        row = conn.execute(
            select(*CARD_COLUMNS).where(
                SrsCard.learner_id == spec.learner_id,
                SrsCard.kind == spec.kind.value,
                SrsCard.subject == spec.subject,
            )
        ).first()
        if row is None:
            values: dict[str, Any] = {
                "learner_id": spec.learner_id,
                "kind": spec.kind.value,
                "subject": spec.subject,
                "item_id": spec.item_id,
                "concepts": list(spec.concepts),
                "han": spec.cell.han if spec.cell else None,
                "fu": spec.cell.fu if spec.cell else None,
                "dealer": spec.cell.dealer if spec.cell else None,
                "tsumo": spec.cell.tsumo if spec.cell else None,
                "origin": spec.origin.value,
                "reps": 0,
                "lapses": 0,
                "leech": False,
                "created_at": w.reviewed_at,
                **_schedule_columns(w.schedule),
            }
            result = conn.execute(insert(SrsCard), values)
            values["id"] = int(result.inserted_primary_key[0])
            return values
        return _checked_values(row, extra=spec.concepts)
    row = conn.execute(select(*CARD_COLUMNS).where(SrsCard.id == w.card)).first()
    if row is None:
        raise NotFoundError(f"no srs card with id {w.card}")
    return _checked_values(row)


def _checked_values(row: Row[Any], extra: Iterable[str] = ()) -> dict[str, Any]:
    """A stored card's values, checked (raises :class:`CorruptCardError` when damaged)."""
    values = dict(row._mapping)
    try:
        card = card_from_values(values)
    except CorruptCardError as e:
        e.card_id = values["id"]
        raise
    values.update(_schedule_columns(card.schedule))
    values.update(reps=card.reps, lapses=card.lapses, leech=card.leech, item_id=card.item_id,
                  created_at=card.created_at)  # fmt: skip
    values["concepts"] = list(dict.fromkeys([*card.concepts, *extra]))
    return values


def _review_from_values(review_id: int, v: Mapping[str, Any]) -> ReviewRecord:
    return ReviewRecord(
        id=review_id,
        card_id=v["card_id"],
        learner_id=v["learner_id"],
        item_id=v["item_id"],
        attempt_id=v["attempt_id"],
        kind=ReviewKind(v["kind"]),
        rating=v["rating"],
        auto_rating=v["auto_rating"],
        correct=v["correct"],
        reviewed_at=v["reviewed_at"],
        duration_ms=v["duration_ms"],
        state_before=CardState(v["state_before"]),
        schedule=Schedule(
            CardState(v["state"]),
            None,
            v["stability"],
            v["difficulty"],
            v["due"],
            v["reviewed_at"],
        ),
    )


def replace_review(
    db: Database,
    review_id: int,
    *,
    rating: int,
    schedule: Schedule,
    tally: Callable[[Tally, int], Tally],
) -> tuple[CardRecord, ReviewRecord]:
    """Change the rating of a card's latest review, and the schedule it gave.

    Used when the learner overrides the automatic rating: the review row
    keeps its proposed ``auto_rating`` and takes the new ``rating``; the
    card's counters are what ``tally`` gives from the counters before and
    the old rating.

    Raises:
        NotFoundError: when the review does not exist.
        DataError: when the card was reviewed again since (only the latest
            review of a card can change).
    """
    with db.transaction() as session:
        review = session.get(SrsReview, review_id)
        if review is None:
            raise NotFoundError(f"no srs review with id {review_id}")
        row = session.get(SrsCard, review.card_id)
        if row is None:  # pragma: no cover - the foreign key keeps it
            raise NotFoundError(f"no srs card with id {review.card_id}")
        latest = session.scalar(select(func.max(SrsReview.id)).where(SrsReview.card_id == row.id))
        if latest != review.id:
            raise DataError(
                f"review {review_id} can no longer change: its card was reviewed again since"
            )
        after = tally(Tally(row.reps, row.lapses, bool(row.leech)), review.rating)
        row.reps, row.lapses, row.leech = after.reps, after.lapses, after.leech
        for k, v in _schedule_columns(schedule).items():
            setattr(row, k, v)
        review.rating = rating
        review.state = int(schedule.state)
        review.stability = schedule.stability
        review.difficulty = schedule.difficulty
        review.due = schedule.due
        session.flush()
        return card_from_values(_row_values(row)), _review_record(review)


# --------------------------------------------------------------------------- lists


def leeches(db: Database, learner_id: int, *, report: Reporter | None = None) -> list[CardRecord]:
    """The learner's leech cards, most missed first."""
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(*CARD_COLUMNS)
            .where(SrsCard.learner_id == learner_id, SrsCard.leech.is_(True))
            .order_by(SrsCard.lapses.desc(), SrsCard.id)
        )
        return cards_of(rows, report)


def due_cards(
    db: Database,
    learner_id: int,
    kind: CardKind,
    *,
    now: datetime,
    limit: int = 20,
    report: Reporter | None = None,
) -> list[CardRecord]:
    """A learner's cards of one kind due by ``now``, most overdue first."""
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(*CARD_COLUMNS)
            .where(
                SrsCard.learner_id == learner_id,
                SrsCard.kind == kind.value,
                SrsCard.due <= now,
            )
            .order_by(SrsCard.due, SrsCard.id)
            .limit(limit)
        )
        return cards_of(rows, report)


def all_cards(db: Database, learner_id: int, *, report: Reporter | None = None) -> list[CardRecord]:
    """Every card of a learner (damaged rows reported and skipped), by id."""
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(*CARD_COLUMNS).where(SrsCard.learner_id == learner_id).order_by(SrsCard.id)
        )
        return cards_of(rows, report)


def reviews_of_card(db: Database, card_id: int) -> list[ReviewRecord]:
    """Every review of a card, oldest first."""
    with db.session() as session:
        rows = session.scalars(
            select(SrsReview)
            .where(SrsReview.card_id == card_id)
            .order_by(SrsReview.reviewed_at, SrsReview.id)
        ).all()
        return [_review_record(r) for r in rows]


def card_counts(db: Database, learner_id: int) -> dict[str, int]:
    """How many cards the learner has, by kind and by state label."""
    out: dict[str, int] = defaultdict(int)
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(raw_column(SrsCard.kind, "kind"), raw_column(SrsCard.state, "state"),
                   func.count())
            .where(SrsCard.learner_id == learner_id)
            .group_by(SrsCard.kind, SrsCard.state)
        )
        for kind, state, n in rows:
            out[str(kind)] += n
            label = CardState(state).label if state in (1, 2, 3) else "damaged"
            out[label] += n
    return dict(out)


def due_times(db: Database, learner_id: int, *, before: datetime) -> list[datetime]:
    """When each of the learner's cards due before ``before`` is due (unreadable times
    left out)."""
    out = []
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(raw_column(SrsCard.due, "due")).where(
                SrsCard.learner_id == learner_id, SrsCard.due < before
            )
        ).scalars()
        for value in rows:
            try:
                out.append(as_utc(value, "due"))
            except CorruptCardError:
                continue
    return out


def find_learner(db: Database, name: str) -> LearnerRecord | None:
    """The learner of this name (None when there is none)."""
    with db.session() as session:
        row = session.scalars(select(Learner).where(Learner.name == name)).first()
        if row is None:
            return None
        return LearnerRecord(row.id, row.name, row.created_at)


def review_of_answer(db: Database, learner_id: int, *, session: str, drill: str,
                     answered_at: datetime) -> int | None:
    """The card review an answer gave (its first review row), found by the answer's
    learner, session, drill and time; None when that answer or its review is not stored."""
    with db.session() as s:
        attempt = s.scalar(select(Attempt.id).where(
            Attempt.learner_id == learner_id, Attempt.session == session,
            Attempt.drill == drill, Attempt.answered_at == answered_at).limit(1))
        if attempt is None:
            return None
        found: int | None = s.scalar(select(func.min(SrsReview.id)).where(
            SrsReview.attempt_id == attempt))
        return found
