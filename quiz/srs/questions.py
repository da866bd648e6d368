"""What the queue asks and what an answer gives back: questions, reviews, leeches."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from data.srs.records import CardKind, CardRecord, Cell
from data.topics import get_topic

from ..words.topics import topic_title
from .ratings import Rating, RatingOption

if TYPE_CHECKING:
    from data.generate.rounds import RoundSpec
    from data.records import BankItem

__all__ = [
    "Choice",
    "LeechInfo",
    "QuestionKind",
    "Review",
    "ReviewQuestion",
    "card_title",
    "cell_question",
]  # fmt: skip


class QuestionKind(StrEnum):
    """Why a question is asked."""

    NEW = "new"
    MISSED = "missed"
    SIBLING = "sibling"
    CONCEPT = "concept"
    CELL = "cell"


@dataclass(frozen=True, slots=True)
class Choice:
    """The queue's choice: a due card, or (card None) a new bank hand."""

    card: CardRecord | None
    item_id: int | None = None
    learn_ahead: bool = False


@dataclass(frozen=True)
class ReviewQuestion:
    """What to ask next, and why.

    Attributes:
        kind: new hand, missed hand, sibling, concept hand or table cell.
        card: the card reviewed by the answer (None for a new hand).
        item: the hand to ask (None for a table cell).
        cell: the table cell to ask (None for a hand).
        reason: one line saying why it is asked.
        round: the round end to settle, for a concept of a round's settlement.
    """

    kind: QuestionKind
    card: CardRecord | None
    item: BankItem | None = field(default=None, repr=False)
    cell: Cell | None = None
    reason: str = ""
    round: RoundSpec | None = None

    @property
    def concept(self) -> str | None:
        """The concept a concept question is about."""
        return self.card.subject if self.card and self.card.kind is CardKind.CONCEPT else None



@dataclass(frozen=True)
class Review:
    """An answer as the scheduler took it.

    Attributes:
        question: what was asked.
        card: the card reviewed, after the review.
        review_id: the stored review (for an override).
        rating: the rating that counts.
        auto_rating: the rating the grading proposed.
        options: the four ratings and what each schedules.
        correct: whether the answer was right.
        attempt_id: the stored answer, when one was stored.
        missed: other cards the answer counted as missed (concepts, cells, the hand).
    """

    question: ReviewQuestion
    card: CardRecord
    review_id: int
    rating: Rating
    auto_rating: Rating
    options: tuple[RatingOption, ...]
    correct: bool
    attempt_id: int | None = None
    missed: tuple[CardRecord, ...] = ()

    def option(self, rating: Rating | int) -> RatingOption:
        """The option of a rating."""
        return self.options[int(rating) - 1]

    @property
    def interval(self) -> timedelta:
        """The interval the rating that counts gave."""
        return self.option(self.rating).interval


@dataclass(frozen=True, slots=True)
class LeechInfo:
    """A leech and the concepts it is about, for the leech list."""

    card: CardRecord
    title: str
    concepts: tuple[str, ...]
    concept_titles: tuple[str, ...]


def cell_question(cell: Cell) -> dict[str, Any]:
    """How a points-table cell question is stored with its answer."""
    return {"kind": "table", "fu": cell.fu, "han": cell.han, "dealer": cell.dealer,
            "tsumo": cell.tsumo, "honba": 0}  # fmt: skip


def card_title(card: CardRecord) -> str:
    """A card in a few words: ``Hand fu-ron-triplet``, ``Closed ron +10``, ``3 han 40 fu...``."""
    if card.kind is CardKind.CELL and card.cell is not None:
        return f"Table: {topic_title(card.cell.topic)}"
    if card.kind is CardKind.CONCEPT:
        return topic_title(get_topic(card.subject).id)
    return f"Hand {card.subject}"
