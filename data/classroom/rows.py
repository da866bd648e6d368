"""ORM rows of the classroom tables turned into the frozen records the service hands back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..bank.items import checked_item, read_problem
from ..records import BankItem as BankItemRecord
from ..records import PartResult, Problem
from ..topics import sort_topics
from .records import (
    StoredAnswer,
)

if TYPE_CHECKING:
    from ..models.core import BankItem as BankItemRow


def missing_message(missing: Sequence[str], what: str) -> str:
    """``what`` and the first few missing ids, e.g. ``the bank has no items 'a', 'b'``."""
    shown = ", ".join(f"'{u[:40]}'" for u in missing[:5])
    more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
    plural = "s" if len(missing) > 1 else ""
    return f"{what}{plural} {shown}{more}"


def row_problem(row: BankItemRow) -> Problem:
    """The problem of a bank row."""

    return read_problem(dict(row.problem), origin="database", item=row.uid)


def bank_record(row: BankItemRow) -> BankItemRecord:
    """A bank row as the checked record the app sees (re-scored, answer compared)."""

    return checked_item(row).to_bank_item(row.id)


def answer_record(row: Any, item_uid: str, *, created: bool) -> StoredAnswer:
    """A ``class_answers`` row (with its parts and concepts loaded) as a record."""

    return StoredAnswer(
        position=row.position,
        item_uid=item_uid,
        parts=tuple(PartResult(p.part, p.given, p.expected, p.correct) for p in row.parts),
        concepts=sort_topics(c.topic for c in row.concepts),
        correct=row.correct,
        seconds=row.seconds,
        timed_out=row.timed_out,
        answered_at=row.answered_at,
        created=created,
    )
