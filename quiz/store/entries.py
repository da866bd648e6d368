"""The entries the writer stores and the journal keeps: answers, review answers, changed
ratings and settings.

Each entry is one line of the journal (``to_json`` / :func:`entry_from_json`) and
knows how it is stored: ``store(sink)`` and ``stored_before(sink)`` call the
:class:`EntrySink` method for its kind (the drill store is the sink), so no one
asks an entry what it is. Only the standard library is imported here.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

__all__ = ["ENTRY_KINDS", "EntrySink", "Pending", "PendingAnswer", "PendingRating",
           "PendingReview", "PendingSettings", "Refused", "entry_from_json"]


class EntrySink(Protocol):
    """Where entries are stored: one method a kind, and what each gave if stored before."""

    def store_answer(self, entry: PendingAnswer) -> object:
        """Store a drill answer; returns its attempt."""

    def store_review(self, entry: PendingReview) -> object:
        """Store a review-queue answer; returns its review's id."""

    def store_rating(self, entry: PendingRating) -> object:
        """Store a changed rating."""

    def store_settings(self, entry: PendingSettings) -> object:
        """Store a learner's settings."""

    def answer_stored_before(self, entry: PendingAnswer) -> object:
        """The attempt another writer stored for this answer."""

    def review_stored_before(self, entry: PendingReview) -> object:
        """The review id another writer stored for this review answer."""


@dataclass(frozen=True)
class PendingAnswer:
    """One marked answer as the store writes it (attempt, then its review cards).

    Attributes:
        entry: unique id of this answer (a replay with the same id writes nothing).
        learner_id: who answered.
        item_id: the bank item, or None (a points-table cell).
        drill: which drill asked.
        parts: ``(part, given, expected, correct)`` for each part.
        seconds: time taken.
        concepts: topic ids the grading tagged.
        session: the drill session's id.
        question: what was asked when it was not a bank item.
        answered_at: when, ISO 8601 with its UTC offset.
        cell: ``(han, fu, dealer, tsumo)`` of a points-table question, else None.
        correct: every part was right.
    """

    learner_id: int
    item_id: int | None
    drill: str
    parts: tuple[tuple[str, str, str, bool], ...]
    seconds: float
    concepts: tuple[str, ...]
    session: str | None
    question: Mapping[str, Any] | None
    answered_at: str
    cell: tuple[int, int, bool, bool] | None = None
    correct: bool = False
    entry: str = field(default_factory=lambda: uuid.uuid4().hex)

    @property
    def when(self) -> datetime:
        """``answered_at`` as a datetime."""
        return datetime.fromisoformat(self.answered_at)

    def to_json(self) -> str:
        """One journal line."""
        return json.dumps({"op": "add", **asdict(self)}, ensure_ascii=False, sort_keys=True)

    def store(self, sink: EntrySink) -> object:
        """Store it through ``sink`` (its attempt, then its cards)."""
        return sink.store_answer(self)

    def stored_before(self, sink: EntrySink) -> object:
        """What storing it gave, when another writer stored it first."""
        return sink.answer_stored_before(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PendingAnswer:
        """Read a journal line (as parsed JSON)."""
        cell = data.get("cell")
        return cls(
            learner_id=int(data["learner_id"]),
            item_id=None if data.get("item_id") is None else int(data["item_id"]),
            drill=str(data["drill"]),
            parts=tuple((str(p[0]), str(p[1]), str(p[2]), bool(p[3])) for p in data["parts"]),
            seconds=float(data["seconds"]),
            concepts=tuple(str(c) for c in data.get("concepts", ())),
            session=None if data.get("session") is None else str(data["session"]),
            question=data.get("question"),
            answered_at=str(data["answered_at"]),
            cell=None if cell is None else (int(cell[0]), int(cell[1]), bool(cell[2]),
                                            bool(cell[3])),
            correct=bool(data.get("correct", False)),
            entry=str(data["entry"]),
        )


@dataclass(frozen=True)
class PendingReview:
    """One answer of the review queue, with the rating it was given (answer, card review).

    Attributes:
        entry: unique id of this entry.
        learner_id: who answered.
        kind: why the question was asked (a :class:`quiz.srs.QuestionKind` value).
        card_id: the card reviewed (None for a new hand).
        item_id: the bank item asked (None for a points-table cell).
        cell: ``(han, fu, dealer, tsumo)`` of a cell question, else None.
        parts: ``(part, given, expected, correct)`` for each part.
        seconds: time taken.
        concepts: topic ids the grading tagged as missed.
        correct: every part was right.
        rating: the rating that counts (1-4).
        auto_rating: the rating the grading proposed.
        session: the review session's id (stored with the answer).
        answered_at: when, ISO 8601 with its UTC offset.
    """

    learner_id: int
    kind: str
    card_id: int | None
    item_id: int | None
    cell: tuple[int, int, bool, bool] | None
    parts: tuple[tuple[str, str, str, bool], ...]
    seconds: float
    concepts: tuple[str, ...]
    correct: bool
    rating: int
    auto_rating: int
    session: str
    answered_at: str
    entry: str = field(default_factory=lambda: uuid.uuid4().hex)

    #: The drill name its attempt is stored under.
    DRILL = "review"

    @property
    def when(self) -> datetime:
        """``answered_at`` as a datetime."""
        return datetime.fromisoformat(self.answered_at)

    def to_json(self) -> str:
        """One journal line."""
        return json.dumps({"op": "review", **asdict(self)}, ensure_ascii=False, sort_keys=True)

    def store(self, sink: EntrySink) -> object:
        """Store it through ``sink`` (its answer and its card's review)."""
        return sink.store_review(self)

    def stored_before(self, sink: EntrySink) -> object:
        """What storing it gave, when another writer stored it first."""
        return sink.review_stored_before(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PendingReview:
        """Read a journal line (as parsed JSON)."""
        cell = data.get("cell")
        return cls(
            learner_id=int(data["learner_id"]),
            kind=str(data["kind"]),
            card_id=None if data.get("card_id") is None else int(data["card_id"]),
            item_id=None if data.get("item_id") is None else int(data["item_id"]),
            cell=None if cell is None else (int(cell[0]), int(cell[1]), bool(cell[2]),
                                            bool(cell[3])),
            parts=tuple((str(p[0]), str(p[1]), str(p[2]), bool(p[3])) for p in data["parts"]),
            seconds=float(data["seconds"]),
            concepts=tuple(str(c) for c in data.get("concepts", ())),
            correct=bool(data["correct"]),
            rating=int(data["rating"]),
            auto_rating=int(data["auto_rating"]),
            session=str(data["session"]),
            answered_at=str(data["answered_at"]),
            entry=str(data["entry"]),
        )


@dataclass(frozen=True)
class PendingRating:
    """A rating changed after a review-queue answer (keys 1-4): it replaces the proposed one.

    Attributes:
        entry: unique id of this entry.
        review: the ``entry`` of the :class:`PendingReview` it changes.
        learner_id: who answered.
        session: that answer's session.
        answered_at: that answer's time (with ``session``, finds it once stored).
        rating: the new rating (1-4).
        schedule: what the new rating schedules, as :meth:`schedule_json` writes it.
    """

    review: str
    learner_id: int
    session: str
    answered_at: str
    rating: int
    schedule: Mapping[str, Any]
    entry: str = field(default_factory=lambda: uuid.uuid4().hex)

    @property
    def when(self) -> datetime:
        """The answer's time as a datetime."""
        return datetime.fromisoformat(self.answered_at)

    @property
    def kept(self) -> datetime:
        """When it was kept, at the latest (the answer's time: a rating comes after it)."""
        return self.when

    def to_json(self) -> str:
        """One journal line."""
        return json.dumps({"op": "rate", **asdict(self)}, ensure_ascii=False, sort_keys=True)

    def store(self, sink: EntrySink) -> object:
        """Store it through ``sink`` (the review's new rating)."""
        return sink.store_rating(self)

    def stored_before(self, sink: EntrySink) -> object:
        """Nothing to hand back: a rating stored by another writer is stored."""
        return None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PendingRating:
        """Read a journal line (as parsed JSON)."""
        return cls(review=str(data["review"]), learner_id=int(data["learner_id"]),
                   session=str(data["session"]), answered_at=str(data["answered_at"]),
                   rating=int(data["rating"]), schedule=dict(data["schedule"]),
                   entry=str(data["entry"]))


@dataclass(frozen=True)
class PendingSettings:
    """A learner's settings as saved on screen (they apply at once; stored in order).

    Attributes:
        entry: unique id of this entry.
        learner_id: whose settings.
        values: every setting, as :meth:`quiz.settings.Settings.to_dict` gives them.
        kept_at: when they were saved, ISO 8601 with its UTC offset (None in a line
            written before entries carried their time: of unknown age).
    """

    learner_id: int
    values: Mapping[str, Any]
    entry: str = field(default_factory=lambda: uuid.uuid4().hex)
    kept_at: str | None = field(default_factory=lambda: datetime.now(UTC).isoformat())

    @property
    def kept(self) -> datetime | None:
        """``kept_at`` as a datetime (None: unknown)."""
        return None if self.kept_at is None else datetime.fromisoformat(self.kept_at)

    def to_json(self) -> str:
        """One journal line."""
        return json.dumps({"op": "settings", "learner_id": self.learner_id,
                           "values": dict(self.values), "entry": self.entry,
                           "kept_at": self.kept_at}, ensure_ascii=False, sort_keys=True)

    def store(self, sink: EntrySink) -> object:
        """Store it through ``sink`` (the learner's settings)."""
        return sink.store_settings(self)

    def stored_before(self, sink: EntrySink) -> object:
        """Nothing to hand back: settings stored by another writer are stored."""
        return None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PendingSettings:
        """Read a journal line (as parsed JSON)."""
        values = data["values"]
        if not isinstance(values, dict):
            raise TypeError("settings values must be an object")
        kept_at = data.get("kept_at")
        return cls(learner_id=int(data["learner_id"]), values=dict(values),
                   entry=str(data["entry"]), kept_at=None if kept_at is None else str(kept_at))


@dataclass(frozen=True)
class Refused:
    """What storing an entry gave when it was refused: it waited too long to be stored
    safely (see :class:`data.learners.StaleEntryError`). It leaves the journal.

    Attributes:
        entry: the entry's id.
        reason: one line saying why.
    """

    entry: str
    reason: str


#: Any entry the writer stores.
Pending = PendingAnswer | PendingReview | PendingRating | PendingSettings

#: Each kind's journal ``op`` and its reader.
ENTRY_KINDS: dict[str, Callable[[Mapping[str, Any]], Pending]] = {
    "add": PendingAnswer.from_json,
    "review": PendingReview.from_json,
    "rate": PendingRating.from_json,
    "settings": PendingSettings.from_json,
}


def entry_from_json(data: Mapping[str, Any]) -> Pending | None:
    """The entry of one parsed journal line, or None when the line is no entry."""
    reader = ENTRY_KINDS.get(str(data.get("op")))
    return None if reader is None else reader(data)
