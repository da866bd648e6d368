"""Answers given outside the review queue, fed to the scheduler: a drill's answers (a
missed hand and the concepts missed become cards; a points-table question reviews its
cell), the concepts of a course lesson just mastered, and the cells due for the table
drill. The :class:`~quiz.srs.service.SrsService` methods of the same names call these."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from fsrs import Rating

from data.records import BankItem
from data.srs import cards as srs_cards
from data.srs import repository as repo
from data.srs.records import CardKind, CardOrigin, CardRecord, Cell, ReviewKind, ReviewWrite
from data.topics import is_topic

from ..drills import Question as DrillQuestion
from ..grading import Marked
from .questions import QuestionKind, ReviewQuestion
from .ratings import auto_rating
from .rules import lapse_rule, review_kind

if TYPE_CHECKING:
    from .service import SrsService

__all__ = ["due_cells", "enrol_concepts", "note_drill_answer", "record_drill_answer"]


def enrol_concepts(service: SrsService, topics: Iterable[str]) -> tuple[CardRecord, ...]:
    """Concepts just mastered (a course lesson's gate passed) become review cards, so
    the lesson comes back in review: each concept with no card yet gets one, reviewed
    Good now (the gate's answers were its first review); a card already there keeps
    its own schedule.

    Returns:
        the cards made.
    """

    now = service.now()
    ideas = service.known_concepts(topics)
    existing = srs_cards.find_cards(service.db, service.learner_id, CardKind.CONCEPT, ideas,
                               report=service.report)
    writes = [w for c in ideas if c not in existing
              for w in [service._write(CardKind.CONCEPT, c, now, rating=Rating.Good,
                                    attempt_id=None, lookup=False, origin=CardOrigin.NEW,
                                    review_kind=ReviewKind.NEW, correct=True)]
              if w is not None]
    if not writes:
        return ()
    saved = repo.save_reviews(service.db, writes, report=service.report,
                              tally=lapse_rule(service.settings.leech_threshold))
    return tuple(card for card, _review in (x for x in saved if x is not None))


def record_drill_answer(
    service: SrsService,
    *,
    item: BankItem | None = None,
    cell: Cell | None = None,
    correct: bool,
    seconds: float,
    concepts: Iterable[str] = (),
    attempt_id: int | None = None,
) -> tuple[CardRecord, ...]:
    """Feed an answer given in a drill (not the review queue) to the scheduler.

    A missed hand becomes a hand card (due again within minutes); each
    concept missed is reviewed as Again (its card made when new); a
    points-table cell answered in the table drill is reviewed either way
    (its card made when new), with the rating the grading proposes.

    Returns:
        the cards reviewed.
    """
    now = service.now()
    missed = service.known_concepts(concepts)
    writes: list[ReviewWrite] = []
    handled: set[str] = set()
    if cell is not None and not is_topic(cell.topic):
        cell = None  # a limit hand (mangan and up) is not a cell of the table
    if cell is not None:
        rating = auto_rating(correct, seconds, pace=service.pace(cells=True),
                             slow=service.settings.slow, fast=service.settings.fast)  # fmt: skip

        found = srs_cards.find_card(service.db, service.learner_id, CardKind.CELL, cell.topic,
                               report=service.report)  # fmt: skip
        kind = review_kind(found)
        write = service._write(CardKind.CELL, cell.topic, now, rating=rating,
                            attempt_id=attempt_id, found=found, lookup=False,
                            origin=CardOrigin.TABLE, review_kind=kind, correct=correct,
                            duration_ms=round(seconds * 1000))  # fmt: skip
        writes.extend([write] if write else [])
        handled.add(cell.topic)
    if not correct:
        if item is not None and item.id:
            write = service._write(CardKind.HAND, item.uid, now, rating=Rating.Again,
                                attempt_id=attempt_id, item_id=item.id,
                                concepts=tuple(missed))  # fmt: skip
            writes.extend([write] if write else [])
        question = ReviewQuestion(QuestionKind.NEW, None, None)
        rest = [c for c in missed if c not in handled]
        writes.extend(service._miss_writes(question, False, rest, now, attempt_id))
    if not writes:
        return ()

    saved = repo.save_reviews(service.db, writes, report=service.report,
                              tally=lapse_rule(service.settings.leech_threshold))  # fmt: skip
    return tuple(s[0] for s in saved if s is not None)


def note_drill_answer(service: SrsService, question: DrillQuestion, marked: Marked, *,
                      seconds: float, attempt_id: int | None = None) -> tuple[CardRecord, ...]:
    """:meth:`record_drill_answer` for a question of a drill (:mod:`quiz.drills`).

    The drill calls this after storing each answer: a missed hand and the
    concepts missed become cards; a points-table question reviews its cell.
    """
    cell = None
    if question.cell is not None:
        c = question.cell
        cell = Cell(c.han, c.fu, dealer=c.dealer, tsumo=c.tsumo)
    return record_drill_answer(service, item=question.item, cell=cell, correct=marked.correct,
                                    seconds=seconds, concepts=marked.concepts,
                                    attempt_id=attempt_id)  # fmt: skip


def due_cells(service: SrsService, limit: int = 20) -> list[Cell]:
    """Points-table cells due now, most overdue first (for the table drill to ask first)."""

    cards = repo.due_cards(service.db, service.learner_id, CardKind.CELL, now=service.now(),
                           limit=limit, report=service.report)  # fmt: skip
    return [c.cell for c in cards if c.cell is not None]

