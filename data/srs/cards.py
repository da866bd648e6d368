"""Spaced-repetition cards read from their rows, each row checked on its own.

Card rows are read column by column without SQLAlchemy's type processing and
checked one by one, so a damaged row (an unknown state, a stability that is
not a positive number, a date that is not a date, a concept outside the
vocabulary of :mod:`data.topics`...) never stops the app: it is logged on
the ``data.srs`` logger, handed to the ``report`` callback when one is given,
and skipped. A hand card keeps working when one of its concepts is unknown:
that concept alone is reported and dropped.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Row, select, type_coerce
from sqlalchemy.sql.elements import ColumnElement
from sqlalchemy.types import NullType

from ..db.database import Database
from ..errors import DataError
from ..models.srs import SrsCard
from ..topics import is_topic
from .records import (
    CardKind,
    CardOrigin,
    CardProblem,
    CardRecord,
    CardState,
    Cell,
    Schedule,
)

__all__ = [
    "CARD_COLUMNS", "CARD_FIELDS", "CorruptCardError", "Reporter", "as_utc", "card_from_values",
    "card_of", "cards_of", "find_card", "find_cards", "get_card", "raw_column", "report_problem",
]

log = logging.getLogger("data.srs")

#: Called with each card row that is reported and skipped.
Reporter = Callable[[CardProblem], None]


class CorruptCardError(DataError):
    """A card row whose values cannot be used (the message names what is wrong)."""

    #: The id of the damaged row, once known.
    card_id: int | None = None


# --------------------------------------------------------------------------- reading cards


def raw_column(column: Any, name: str) -> ColumnElement[Any]:
    """A column read as the driver gives it (no type processing that could raise)."""
    return type_coerce(column, NullType()).label(name)


CARD_FIELDS = (
    "id", "learner_id", "kind", "subject", "item_id", "concepts", "origin", "state", "step",
    "stability", "difficulty", "due", "last_review", "reps", "lapses", "leech", "created_at",
)  # fmt: skip
CARD_COLUMNS = tuple(raw_column(getattr(SrsCard, f), f) for f in CARD_FIELDS)


def report_problem(report: Reporter | None, problem: CardProblem) -> None:
    log.warning("%s (skipped)", problem)
    if report is not None:
        report(problem)


def as_utc(value: Any, what: str) -> datetime:
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.strip())
        except ValueError:
            raise CorruptCardError(f"{what} {value!r} is not a date and time") from None
    else:
        raise CorruptCardError(f"{what} {value!r} is not a date and time")
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def _whole(value: Any, what: str, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise CorruptCardError(f"{what} {value!r} is not a whole number >= {minimum}")
    return value


def _number(value: Any, what: str, low: float, high: float) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise CorruptCardError(f"{what} {value!r} is not a number")
    number = float(value)
    if not math.isfinite(number) or not low <= number <= high:
        raise CorruptCardError(f"{what} {value!r} is outside {low:g}..{high:g}")
    return number


def _flag(value: Any, what: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise CorruptCardError(f"{what} {value!r} is not true or false")


def _concept_list(value: Any) -> list[Any]:
    if isinstance(value, str | bytes):
        try:
            value = json.loads(value)
        except ValueError:
            raise CorruptCardError("its concepts are not valid JSON") from None
    if not isinstance(value, list):
        raise CorruptCardError(f"its concepts {value!r} are not a list")
    return value


def card_from_values(values: Mapping[str, Any], report: Reporter | None = None) -> CardRecord:
    """Check one card row's values and build its record.

    Unknown concepts of a hand card are reported (with ``report``) and dropped.

    Raises:
        CorruptCardError: naming the first value that cannot be used.
    """
    card_id = values["id"]
    kind_value = values["kind"]
    try:
        kind = CardKind(kind_value)
    except ValueError:
        raise CorruptCardError(f"unknown card kind {kind_value!r}") from None
    try:
        origin = CardOrigin(values["origin"])
    except ValueError:
        raise CorruptCardError(f"unknown origin {values['origin']!r}") from None
    state_value = values["state"]
    if isinstance(state_value, bool) or state_value not in (1, 2, 3):
        raise CorruptCardError(f"state {state_value!r} is not 1, 2 or 3")
    state = CardState(state_value)
    step = values["step"]
    step = None if state is CardState.REVIEW else _whole(step, f"{state.label} step")
    stability = _number(values["stability"], "stability", 0.0005, 1e6)
    difficulty = _number(values["difficulty"], "difficulty", 1.0, 10.0)
    if state is not CardState.LEARNING and (stability is None or difficulty is None):
        raise CorruptCardError(f"a {state.label} card has no stability or difficulty")
    due = as_utc(values["due"], "due")
    last = values["last_review"]
    last_review = None if last is None else as_utc(last, "last review")
    subject = values["subject"]
    if not isinstance(subject, str) or not subject:
        raise CorruptCardError(f"subject {subject!r} is not a name")
    concepts: list[str] = []
    for c in _concept_list(values["concepts"]):
        if isinstance(c, str) and is_topic(c):
            concepts.append(c)
        else:
            report_problem(report, CardProblem(card_id, f"unknown concept {c!r} dropped"))
    cell = None
    item_id = values["item_id"]
    if kind is CardKind.HAND:
        item_id = _whole(item_id, "hand card item", minimum=1)
    elif kind is CardKind.CONCEPT:
        if not is_topic(subject) or subject.startswith("cell:"):
            raise CorruptCardError(f"unknown concept {subject!r}")
    else:
        cell = Cell.from_topic(subject)
        if cell is None or not is_topic(subject):
            raise CorruptCardError(f"unknown points-table cell {subject!r}")
    return CardRecord(
        id=card_id,
        learner_id=values["learner_id"],
        kind=kind,
        subject=subject,
        item_id=item_id if isinstance(item_id, int) else None,
        concepts=tuple(concepts),
        cell=cell,
        origin=origin,
        schedule=Schedule(state, step, stability, difficulty, due, last_review),
        reps=_whole(values["reps"], "reps"),
        lapses=_whole(values["lapses"], "lapses"),
        leech=_flag(values["leech"], "leech"),
        created_at=as_utc(values["created_at"], "created at"),
    )


def card_of(row: Row[Any] | Mapping[str, Any], report: Reporter | None) -> CardRecord | None:
    """The card of one row, or None when it is damaged (reported and skipped)."""
    values: Mapping[str, Any] = (
        _as_mapping(row._mapping) if isinstance(row, Row) else row
    )
    try:
        return card_from_values(values, report)
    except CorruptCardError as e:
        report_problem(report, CardProblem(values["id"], str(e)))
        return None


def _as_mapping(mapping: Any) -> Mapping[str, Any]:
    """A row's mapping as a plain ``Mapping[str, Any]`` (for the type checker)."""
    return mapping  # type: ignore[no-any-return]


def cards_of(rows: Iterable[Row[Any]], report: Reporter | None) -> list[CardRecord]:
    """The cards of these rows (a damaged row reported and skipped)."""
    out = []
    for row in rows:
        card = card_of(row, report)
        if card is not None:
            out.append(card)
    return out


def get_card(db: Database, card_id: int, *, report: Reporter | None = None) -> CardRecord | None:
    """The card with this id (None when missing, or reported when damaged)."""
    with db.engine.connect() as conn:
        row = conn.execute(select(*CARD_COLUMNS).where(SrsCard.id == card_id)).first()
    return None if row is None else card_of(row, report)


def find_card(
    db: Database, learner_id: int, kind: CardKind, subject: str, *, report: Reporter | None = None
) -> CardRecord | None:
    """A learner's card of a kind and subject (None when there is none)."""
    with db.engine.connect() as conn:
        row = conn.execute(
            select(*CARD_COLUMNS).where(
                SrsCard.learner_id == learner_id,
                SrsCard.kind == kind.value,
                SrsCard.subject == subject,
            )
        ).first()
    return None if row is None else card_of(row, report)


def find_cards(
    db: Database,
    learner_id: int,
    kind: CardKind,
    subjects: Iterable[str],
    *,
    report: Reporter | None = None,
) -> dict[str, CardRecord]:
    """A learner's cards of a kind for several subjects, by subject."""
    wanted = sorted(set(subjects))
    if not wanted:
        return {}
    with db.engine.connect() as conn:
        rows = conn.execute(
            select(*CARD_COLUMNS).where(
                SrsCard.learner_id == learner_id,
                SrsCard.kind == kind.value,
                SrsCard.subject.in_(wanted),
            )
        )
        return {c.subject: c for c in cards_of(rows, report)}


