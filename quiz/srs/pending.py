"""Review-queue answers that wait for the database, like the drill's answers.

The review screen never writes itself when the app has a store: an answer
becomes a :class:`quiz.store.journal.PendingReview` (with the rating the grading
proposes, worked out on the screen from what it already read: a
:class:`Proposal`), and a rating changed with keys 1-4 a
:class:`quiz.store.journal.PendingRating`. Both go to the store's answer writer,
in order with the drill's answers, written exactly once, kept in the journal
file while the database is busy or away. :func:`store_review` and
:func:`store_rating` are what the writer runs.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from data.clock import Clock, utc_now
from data.errors import DatabaseUnavailableError, DataError
from data.learners import Attempts, StoredEntries
from data.records import PartResult
from data.srs import cards as srs_cards
from data.srs import repository as repo
from data.srs.records import CardState, Cell, Schedule

from ..store.entries import PendingRating, PendingReview
from .questions import QuestionKind, ReviewQuestion, cell_question
from .ratings import Rating, RatingOption
from .rules import rerating_rule
from .service import SrsService
from .settings import SrsError, settings_from_stored

if TYPE_CHECKING:
    from data.db.database import Database

    from ..grading import Marked
    from ..store.entries import PendingRating, PendingReview
    from .service import SrsService

__all__ = ["Proposal", "pending_rating", "pending_review", "propose", "schedule_from_json",
           "schedule_json", "store_rating", "store_review", "with_rating"]

log = logging.getLogger("quiz.srs")


@dataclass(frozen=True)
class Proposal:
    """An answer of the queue as the screen shows it before it is stored.

    Attributes:
        question: what was asked.
        rating: the rating that counts (the proposed one until 1-4 changes it).
        auto_rating: the rating the grading proposed.
        options: the four ratings and what each schedules.
        correct: whether the answer was right.
        answered_at: when it was answered (UTC).
    """

    question: ReviewQuestion
    rating: Rating
    auto_rating: Rating
    options: tuple[RatingOption, ...]
    correct: bool
    answered_at: datetime

    def option(self, rating: Rating | int) -> RatingOption:
        """The option of a rating."""
        return self.options[int(rating) - 1]


def propose(service: SrsService, question: ReviewQuestion, marked: Marked, seconds: float, *,
            pace: float | None) -> Proposal:
    """The rating and the four options of an answer, without reading or writing the database.

    Args:
        pace: the learner's pace, read with the question (None: not known).
    """
    now = service.now()
    missed = service.known_concepts(marked.concepts)
    rating = service.proposed_rating(question, correct=marked.correct, seconds=seconds,
                                     missed=missed, pace=pace)
    return Proposal(question, rating, rating, service.options(question.card, now),
                    marked.correct, now)


def pending_review(learner_id: int, proposal: Proposal, marked: Marked, seconds: float, *,
                   session: str) -> PendingReview:
    """The writer's entry for an answer of the queue."""

    q = proposal.question
    item_id = q.item.id if q.item is not None and q.item.id else None
    cell = None if q.cell is None else (q.cell.han, q.cell.fu, q.cell.dealer, q.cell.tsumo)
    return PendingReview(
        learner_id=learner_id, kind=q.kind.value,
        card_id=q.card.id if q.card is not None else None, item_id=item_id, cell=cell,
        parts=tuple((m.part.value, m.given, m.expected, m.correct) for m in marked.marks),
        seconds=seconds, concepts=tuple(marked.concepts), correct=marked.correct,
        rating=int(proposal.rating), auto_rating=int(proposal.auto_rating), session=session,
        answered_at=proposal.answered_at.isoformat(),
    )


def pending_rating(review: PendingReview, proposal: Proposal,
                   rating: Rating | int) -> PendingRating:
    """The writer's entry for a rating changed after the answer (its schedule as shown)."""

    return PendingRating(review=review.entry, learner_id=review.learner_id,
                         session=review.session, answered_at=review.answered_at,
                         rating=int(rating),
                         schedule=schedule_json(proposal.option(rating).schedule))


def schedule_json(schedule: Schedule) -> dict[str, Any]:
    """A schedule as JSON values (times in ISO 8601)."""
    return {"state": int(schedule.state), "step": schedule.step,
            "stability": schedule.stability, "difficulty": schedule.difficulty,
            "due": schedule.due.isoformat(),
            "last_review": None if schedule.last_review is None
            else schedule.last_review.isoformat()}


def schedule_from_json(data: Mapping[str, Any]) -> Schedule:
    """A schedule written by :func:`schedule_json`."""
    last = data.get("last_review")
    return Schedule(
        state=CardState(int(data["state"])),
        step=None if data.get("step") is None else int(data["step"]),
        stability=None if data.get("stability") is None else float(data["stability"]),
        difficulty=None if data.get("difficulty") is None else float(data["difficulty"]),
        due=datetime.fromisoformat(str(data["due"])),
        last_review=None if last is None else datetime.fromisoformat(str(last)),
    )


def _service(db: Database, learner_id: int, stored: Mapping[str, Any],
             when: datetime) -> SrsService:

    return SrsService(db, learner_id, clock=lambda: when, settings=settings_from_stored(stored))


def store_review(db: Database, entry: PendingReview, stored: Mapping[str, Any]) -> int:
    """Store a kept answer of the queue (its attempt, its card's review, the misses).

    Run it inside :meth:`data.db.database.Database.unit`, so that all of it is stored
    together or not at all.

    Args:
        stored: the learner's stored settings (their ``srs.*`` ones are used).

    Returns:
        the id of the card's review.
    """
    when = entry.when
    service = _service(db, entry.learner_id, stored, when)
    card = None
    if entry.card_id is not None:
        card = srs_cards.get_card(db, entry.card_id, report=service.report)
        if card is None:
            raise SrsError(f"card {entry.card_id} of a kept answer is missing or damaged")
    item = service.hands.item(entry.item_id) if entry.item_id is not None else None
    cell = None if entry.cell is None else Cell(entry.cell[0], entry.cell[1],
                                                dealer=entry.cell[2], tsumo=entry.cell[3])
    question = ReviewQuestion(QuestionKind(entry.kind), card, item, cell)
    parts = [PartResult(*p) for p in entry.parts]
    # the answer first, under the entry's unique id: a second storing stops here
    attempt = Attempts(db, clock=lambda: when).record(
        entry.learner_id, item_id=entry.item_id, drill=entry.DRILL, parts=parts,
        seconds=entry.seconds, concepts_missed=service.known_concepts(entry.concepts),
        question=cell_question(cell) if cell is not None else None, answered_at=when,
        session=entry.session, entry=entry.entry)
    review = service.answer(question, correct=entry.correct, seconds=entry.seconds,
                            concepts=entry.concepts, parts=parts, attempt_id=attempt.id,
                            drill=entry.DRILL, session=entry.session,
                            rating=Rating(entry.rating), auto=Rating(entry.auto_rating))
    return review.review_id


def store_rating(db: Database, entry: PendingRating, stored: Mapping[str, Any], *,
                 review_id: int | None = None, clock: Clock = utc_now) -> None:
    """Store a rating changed after the answer (the answer's review takes it and its schedule).

    Its entry id is noted with the change (inside :meth:`data.db.database.Database.unit`),
    so it is stored once only. A rating whose answer is not stored, or whose
    card was reviewed again since, is dropped (and logged).

    Args:
        review_id: the answer's review, when known (else found from the answer).
        clock: now (its id is noted with this time; see below).

    Raises:
        AlreadyStoredError: when this rating was stored already.
        StaleEntryError: when it was kept longer than :data:`data.learners.ENTRY_LIFE`
            ago (its id may be forgotten since it was stored): it is never stored.
    """
    # AlreadyStoredError: stored once already; StaleEntryError: kept too long ago
    StoredEntries(db, clock=clock).claim(entry.entry, kept_at=entry.kept)
    if review_id is None:
        review_id = repo.review_of_answer(db, entry.learner_id, session=entry.session,
                                          drill="review", answered_at=entry.when)
    if review_id is None:
        log.warning("a changed rating has no stored answer; dropped")
        return

    try:
        repo.replace_review(db, review_id, rating=entry.rating,
                            schedule=schedule_from_json(entry.schedule),
                            tally=rerating_rule(settings_from_stored(stored).leech_threshold,
                                                      entry.rating))
    except DatabaseUnavailableError:
        raise
    except DataError as e:
        log.warning("a changed rating was dropped: %s", e)


def with_rating(proposal: Proposal, rating: Rating | int) -> Proposal:
    """The proposal with the rating the learner chose."""
    return replace(proposal, rating=Rating(int(rating)))
