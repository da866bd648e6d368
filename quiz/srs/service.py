"""The spaced-repetition service: one learner's queue, answers and lists.

:class:`SrsService` wraps ``fsrs.Scheduler`` for one learner. Its clock is
injected, every time is UTC, and it keeps no state that matters between
calls: cards and reviews live in the database (:mod:`data.srs.repository`,
which only reads and writes); the rules are in :mod:`quiz.srs.rules`.

The queue (:meth:`SrsService.next_question`) works like Anki's: cards in
(re)learning that are due come first; then due reviews and new hands are
mixed in proportion, each within its daily limit; when nothing else is left,
(re)learning cards due within the learn-ahead window.
"""

from __future__ import annotations

import logging
import random
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from fsrs import Card, Rating

from data.clock import Clock, utc_now
from data.errors import DataError
from data.generate.rounds import round_for_topic
from data.learners import Attempts
from data.records import PartResult
from data.srs import cards as srs_cards
from data.srs import repository as repo
from data.srs.records import (
    CardKind,
    CardOrigin,
    CardProblem,
    CardState,
    Cell,
    NewCard,
    ReviewKind,
    ReviewWrite,
)
from data.topics import is_topic
from scoring.rules import get_profile

from ..words.core import pgettext
from ..words.topics import topic_title
from . import outside
from .hands import BankHands, HandSource
from .questions import (
    Choice,
    LeechInfo,
    QuestionKind,
    Review,
    ReviewQuestion,
    card_title,
    cell_question,
)
from .ratings import RATING_KEYS, RatingOption, auto_rating
from .rules import (
    DueCounts,
    day_start,
    due_counts,
    lapse_rule,
    rerating_rule,
    review_kind,
    schedule_of,
    to_fsrs,
)
from .settings import SrsError, SrsSettings
from .stats import Progress, forecast, progress

if TYPE_CHECKING:
    from data.db.database import Database
    from data.records import BankItem, PartResult
    from data.srs.records import CardRecord

    from ..drills import Question as DrillQuestion
    from ..grading import Marked

__all__ = ["SrsService"]

log = logging.getLogger("quiz.srs")



class SrsService:
    """Spaced repetition for one learner.

    Args:
        db: the open database.
        learner_id: whose cards.
        clock: returns the current time (timezone-aware; UTC is used).
        settings: the scheduler and queue settings.
        hands: where hands come from (default: the bank and the generator).
        seed: the random seed for picking among fresh hands.
    """

    def __init__(
        self,
        db: Database,
        learner_id: int,
        *,
        clock: Clock = utc_now,
        settings: SrsSettings | None = None,
        hands: HandSource | None = None,
        seed: int | None = 0,
    ) -> None:
        self.db = db
        self.learner_id = learner_id
        self.clock = clock
        self.settings = settings or SrsSettings()
        self.scheduler = self.settings.scheduler()
        self._first_right = self.settings.scheduler(learning_steps=())
        self._hands = hands
        self.rng = random.Random(seed)
        #: Damaged card rows met so far (each reported once), newest last.
        self.problems: list[CardProblem] = []
        self._problem_keys: set[tuple[int, str]] = set()
        self._skip: set[int] = set()
        self._bad_items: set[int] = set()
        self._last_card: int | None = None

    # -- plumbing

    @property
    def hands(self) -> HandSource:
        """The hand source (the bank, built on first use)."""
        if self._hands is None:
            self._hands = BankHands(self.db, seed=self.rng.randrange(2**31), clock=self.clock)
        return self._hands

    def now(self) -> datetime:
        """The clock's time in UTC."""
        moment = self.clock()
        if moment.tzinfo is None:
            raise SrsError("the clock must give timezone-aware times")
        return moment.astimezone(UTC)

    def day_start(self, now: datetime | None = None) -> datetime:
        """When the learner's current day began (UTC)."""
        return day_start(now or self.now(), self.settings.day_offset)

    def report(self, problem: CardProblem) -> None:
        """Note a damaged card row (once) and skip that card for this session."""
        key = (problem.card_id, problem.message)
        if "dropped" not in problem.message:
            self._skip.add(problem.card_id)
        if key not in self._problem_keys:
            self._problem_keys.add(key)
            self.problems.append(problem)

    # -- the queue

    def due_counts(self) -> DueCounts:
        """What is due now: the one count the drill, the review and the statistics show."""

        now = self.now()
        state = repo.queue_state(
            self.db,
            self.learner_id,
            now=now,
            day_start=self.day_start(now),
            batch=1,
            report=self.report,
        )
        s = self.settings
        return due_counts(
            state,
            reviews_per_day=s.reviews_per_day,
            new_per_day=s.new_per_day,
            unseen=lambda cap: repo.unseen_count(self.db, self.learner_id, cap=cap, rules=s.rules),
        )

    def next_card(self, *, exclude: Iterable[int] = (),
                  exclude_items: Iterable[int] = ()) -> Choice | None:
        """Choose what comes next, without loading the hand (the fast part).

        Args:
            exclude: card ids not to choose (e.g. ones that could not be asked).
            exclude_items: bank items not to ask as new hands (e.g. answered, not yet stored).
        """

        s = self.settings
        now = self.now()
        extra = set(exclude)
        for _ in range(10):
            skipped = len(self._skip)
            skip = self._skip | extra
            state = repo.queue_state(
                self.db,
                self.learner_id,
                now=now,
                day_start=self.day_start(now),
                learn_ahead=s.learn_ahead,
                batch=8 + len(skip),
                report=self.report,
            )
            if len(self._skip) == skipped:
                break  # no damaged row met: the lists are complete
        skip = self._skip | extra
        learning = [c for c in state.learning if c.id not in skip]
        due_learning = [c for c in learning if c.due <= now]
        if due_learning:
            return Choice(due_learning[0])
        reviews_left = max(0, s.reviews_per_day - state.today.review)
        reviews = [c for c in state.review if c.id not in skip] if reviews_left else []
        new_left = max(0, s.new_per_day - state.today.new)
        review_total = state.today.review + min(state.review_due, reviews_left)
        new_total = state.today.new + new_left
        # spread new hands among the reviews: keep the share of each done today even
        new_first = not reviews or state.today.new * review_total < state.today.review * new_total
        if new_left and new_first:
            item_id = repo.new_item(self.db, self.learner_id, rules=s.rules,
                                    exclude=self._bad_items | set(exclude_items))
            if item_id is not None:
                return Choice(None, item_id)
        if reviews:
            return Choice(reviews[0])
        ahead = [c for c in learning if c.id != self._last_card] or []
        if ahead:
            return Choice(ahead[0], learn_ahead=True)
        return None

    def next_question(self, *, exclude: Iterable[int] = (),
                      exclude_items: Iterable[int] = ()) -> ReviewQuestion | None:
        """The next question of the queue, with its hand loaded (or generated).

        A card whose hand cannot be had (a bank item refused, no sibling, no
        hand for a concept) is skipped for this session and the next is tried.

        Args:
            exclude: card ids not to ask (answered, their review not stored yet).
            exclude_items: bank items not to ask as new hands (the same).
        """
        tried: set[int] = set(exclude)
        items = set(exclude_items)
        for _ in range(20):
            choice = self.next_card(exclude=tried, exclude_items=items)
            if choice is None:
                return None
            question = self._resolve(choice)
            if question is not None:
                return question
            if choice.card is None:
                assert choice.item_id is not None
                self._bad_items.add(choice.item_id)
            else:
                tried.add(choice.card.id)
        return None

    def next_due(self) -> datetime | None:
        """When the next (re)learning card is due (looking a day ahead), or None."""

        now = self.now()
        state = repo.queue_state(
            self.db, self.learner_id, now=now, day_start=self.day_start(now),
            learn_ahead=timedelta(days=1), batch=1, report=self.report,
        )  # fmt: skip
        return state.learning[0].due if state.learning else None

    def _resolve(self, choice: Choice) -> ReviewQuestion | None:
        card = choice.card
        if card is None:
            assert choice.item_id is not None
            item = self.hands.item(choice.item_id)
            if item is None:
                return None
            return ReviewQuestion(QuestionKind.NEW, None, item,
                                  reason=pgettext("review", "a new hand"))
        if card.kind is CardKind.CELL:
            assert card.cell is not None
            return ReviewQuestion(QuestionKind.CELL, card, cell=card.cell,
                                  reason=pgettext("review", "points table: %(title)s")
                                  % {"title": topic_title(card.cell.topic)})
        if card.kind is CardKind.HAND:
            assert card.item_id is not None
            item = self.hands.item(card.item_id)
            if item is None:
                self.report(
                    CardProblem(card.id, f"its hand (bank item {card.item_id}) cannot be loaded")
                )
                return None
            if card.learned:
                concepts = card.concepts or item.focus
                sibling = self.hands.sibling(item, concepts)
                if sibling is not None:
                    return ReviewQuestion(
                        QuestionKind.SIBLING,
                        card,
                        sibling,
                        reason=self._why(card, sibling=True),
                    )
            return ReviewQuestion(QuestionKind.MISSED, card, item,
                                  reason=self._why(card, sibling=False))
        topic = card.subject
        if topic.startswith("settle:"):  # a round's settlement: a round end, not a hand
            return self._round_question(card, topic)
        recent = self._recent_items(card)
        item_id = repo.item_for_topic(
            self.db, self.learner_id, topic, choose=self.rng.choice, exclude=recent,
            rules=self.settings.rules,
        )  # fmt: skip
        item = self.hands.item(item_id) if item_id is not None else None
        if item is None:
            item = self.hands.for_topic(topic)
        if item is None:
            self.report(CardProblem(card.id, f"no hand exercises '{topic}'"))
            return None
        return ReviewQuestion(QuestionKind.CONCEPT, card, item,
                              reason=pgettext("review", "concept: %(title)s")
                              % {"title": topic_title(topic)})

    def _round_question(self, card: CardRecord, topic: str) -> ReviewQuestion | None:
        """A made-up round end exercising a settlement concept (None: the rules have none)."""

        try:
            spec = round_for_topic(self.rng, get_profile(self.settings.rules or "tenhou"), topic)
        except DataError as e:
            self.report(CardProblem(card.id, str(e)))
            return None
        return ReviewQuestion(QuestionKind.CONCEPT, card, round=spec,
                              reason=pgettext("review", "concept: %(title)s")
                              % {"title": topic_title(topic)})

    @staticmethod
    def _why(card: CardRecord, *, sibling: bool) -> str:
        """Why a hand is asked again, in the learner's language."""
        if card.lapses:
            said = (pgettext("review", "a sibling of a hand you missed (%(n)dx)") if sibling
                    else pgettext("review", "a hand you missed (%(n)dx)"))
            return said % {"n": card.lapses}
        return (pgettext("review", "a sibling of a hand you answered before") if sibling
                else pgettext("review", "a hand you answered before"))

    def _recent_items(self, card: CardRecord) -> set[int]:
        return set(repo.recent_items(self.db, card.id))

    # -- answering

    def pace(self, *, cells: bool) -> float | None:
        """The learner's median seconds for a right answer (None until enough answers)."""

        durations = repo.recent_durations(self.db, self.learner_id, cells=cells)
        if len(durations) < self.settings.pace_answers:
            return None
        return statistics.median(durations) / 1000

    def options(self, card: CardRecord | None, now: datetime) -> tuple[RatingOption, ...]:
        """What each rating would schedule for a card now (a new card when None)."""
        out = []
        for key, rating, name in RATING_KEYS:
            after = self._review(card, rating, now)
            out.append(RatingOption(key, rating, name, schedule_of(after), after.due - now))
        return tuple(out)

    def _review(self, card: CardRecord | None, rating: Rating, now: datetime) -> Card:
        """The FSRS card after a review (a new card when ``card`` is None).

        A new card answered right skips the learning steps: the learner showed
        the skill on the first try, so it goes straight to the review state
        (Hard about a day, Good a few days, Easy a week or more). A new card
        missed starts the learning steps (due again within minutes).
        """
        if card is None:
            scheduler = self.scheduler if rating == Rating.Again else self._first_right
            after, _ = scheduler.review_card(Card(card_id=0, due=now), rating, now)
        else:
            after, _ = self.scheduler.review_card(to_fsrs(card), rating, now)
        return after

    def answer(
        self,
        question: ReviewQuestion,
        *,
        correct: bool,
        seconds: float,
        concepts: Iterable[str] = (),
        parts: Sequence[PartResult] = (),
        drill: str = "review",
        attempt_id: int | None = None,
        session: str | None = None,
        rating: Rating | None = None,
        auto: Rating | None = None,
    ) -> Review:
        """Take an answer to a queue question: store it, review its card, note misses.

        Args:
            question: what was asked (from :meth:`next_question`).
            correct: every part was right.
            seconds: time taken.
            concepts: topic ids the grading tagged as missed.
            parts: each part given; when present the answer is stored as an attempt.
            drill: the drill name stored with the attempt.
            attempt_id: the answer already stored by the caller, if any.
            session: the session id stored with the attempt.
            rating: the rating that counts, when already chosen (an answer kept
                while the database was away); default: the one the grading proposes.
            auto: the rating the grading proposed then (with ``rating``).

        Returns:
            the review, with the four rating options for an override.
        """
        now = self.now()
        missed = self.known_concepts(concepts)
        if parts and attempt_id is None:
            attempt_id = self._store_attempt(question, parts, seconds, missed, drill, now,
                                             session=session)
        card = question.card
        if rating is None:
            proposed = self.proposed_rating(question, correct=correct, seconds=seconds,
                                            missed=missed, pace=self.pace(
                                                cells=question.kind is QuestionKind.CELL))
            auto = proposed
        else:
            proposed = Rating(int(rating))
            auto = Rating(int(auto if auto is not None else rating))
        options = self.options(card, now)
        chosen = options[int(proposed) - 1]
        item_id = question.item.id if question.item is not None and question.item.id else None
        if card is None:
            assert question.item is not None
            target: int | NewCard = NewCard(
                self.learner_id, CardKind.HAND, question.item.uid, CardOrigin.NEW,
                item_id=item_id, concepts=tuple(missed),
            )  # fmt: skip
            before = CardState.NEW
            kind = ReviewKind.NEW
        else:
            target = card.id
            before = card.state
            kind = review_kind(card)
        set_item = item_id if (question.kind is QuestionKind.SIBLING and not correct) else None
        add = tuple(missed) if card is not None and card.kind is CardKind.HAND else ()
        primary = ReviewWrite(
            card=target, kind=kind, rating=int(proposed), auto_rating=int(auto),
            correct=correct, reviewed_at=now, duration_ms=round(seconds * 1000),
            state_before=before, schedule=chosen.schedule, item_id=item_id,
            attempt_id=attempt_id, set_item_id=set_item, add_concepts=add,
        )  # fmt: skip
        extra = self._miss_writes(question, correct, missed, now, attempt_id)

        saved = repo.save_reviews(self.db, [primary, *extra], report=self.report,
                                  tally=lapse_rule(self.settings.leech_threshold))  # fmt: skip
        if saved[0] is None:
            raise SrsError("the answer's card is damaged in the database and was not updated")
        (after, review), rest = saved[0], [s for s in saved[1:] if s is not None]
        self._last_card = after.id
        return Review(
            question=question,
            card=after,
            review_id=review.id,
            rating=proposed,
            auto_rating=auto,
            options=options,
            correct=correct,
            attempt_id=attempt_id,
            missed=tuple(c for c, _ in rest),
        )

    def proposed_rating(self, question: ReviewQuestion, *, correct: bool, seconds: float,
                        missed: Sequence[str], pace: float | None) -> Rating:
        """The rating the grading proposes for an answer (the learner's pace given)."""
        proposed = auto_rating(correct, seconds, pace=pace, slow=self.settings.slow,
                               fast=self.settings.fast)
        card = question.card
        if (
            question.kind is QuestionKind.CONCEPT
            and card is not None
            and not correct
            and missed
            and card.subject not in missed
        ):
            # wrong for another reason: the concept itself was not missed
            proposed = Rating.Hard
        return proposed

    def answer_marked(self, question: ReviewQuestion, marked: Marked, seconds: float, *,
                      drill: str = "review", attempt_id: int | None = None) -> Review:  # fmt: skip
        """:meth:`answer` with the grading's marks (each part is stored with the attempt)."""

        parts = [PartResult(m.part.value, m.given, m.expected, m.correct) for m in marked.marks]
        return self.answer(question, correct=marked.correct, seconds=seconds,
                           concepts=marked.concepts, parts=parts, drill=drill,
                           attempt_id=attempt_id)  # fmt: skip

    def override(self, review: Review, rating: Rating | int) -> Review:
        """Replace the proposed rating by the learner's (keys 1-4 after the answer).

        The card gets exactly the schedule the option showed.

        Raises:
            SrsError: when the card was reviewed again since.
        """

        rating = Rating(int(rating))
        if rating == review.rating:
            return review
        option = review.option(rating)
        try:
            card, _ = repo.replace_review(
                self.db, review.review_id, rating=int(rating), schedule=option.schedule,
                tally=rerating_rule(self.settings.leech_threshold, int(rating)),
            )  # fmt: skip
        except DataError as e:
            raise SrsError(str(e)) from None
        return replace(review, card=card, rating=rating)

    def known_concepts(self, concepts: Iterable[str]) -> list[str]:
        """The concepts the vocabulary knows, once each (others are logged and left out)."""
        out = []
        for c in dict.fromkeys(concepts):
            if isinstance(c, str) and is_topic(c):
                out.append(c)
            else:
                log.warning("ignoring unknown concept %r from the grading", c)
        return out

    def _store_attempt(self, question: ReviewQuestion, parts: Sequence[PartResult], seconds: float,
                       missed: Sequence[str], drill: str, now: datetime, *,
                       session: str | None = None) -> int:  # fmt: skip

        record = Attempts(self.db, clock=lambda: now).record(
            self.learner_id,
            item_id=question.item.id if question.item is not None and question.item.id else None,
            drill=drill,
            parts=parts,
            seconds=seconds,
            concepts_missed=missed,
            question=cell_question(question.cell) if question.cell is not None
            else question.round.to_record() if question.round is not None else None,
            answered_at=now,
            session=session,
        )
        return record.id

    def _miss_writes(self, question: ReviewQuestion, correct: bool, missed: Sequence[str],
                     now: datetime, attempt_id: int | None) -> list[ReviewWrite]:  # fmt: skip
        """Again reviews for what a wrong answer shows was missed (besides the card asked)."""
        if correct:
            return []

        card = question.card
        writes: list[ReviewWrite] = []
        item = question.item
        item_id = item.id if item is not None and item.id else None
        if question.kind is QuestionKind.CONCEPT and item is not None and item_id:
            write = self._write(CardKind.HAND, item.uid, now, rating=Rating.Again,
                                attempt_id=attempt_id, item_id=item_id,
                                concepts=tuple(missed))  # fmt: skip
            writes.extend([write] if write else [])
        handled = {card.subject} if card is not None else set()
        concepts = [c for c in missed if c not in handled]
        cells = [c for c in concepts if c.startswith("cell:")]
        ideas = [c for c in concepts if not c.startswith("cell:")]
        existing = {
            **srs_cards.find_cards(self.db, self.learner_id, CardKind.CONCEPT, ideas,
                              report=self.report),
            **srs_cards.find_cards(self.db, self.learner_id, CardKind.CELL, cells,
                                   report=self.report),
        }  # fmt: skip
        for c in concepts:
            kind = CardKind.CELL if c.startswith("cell:") else CardKind.CONCEPT
            write = self._write(
                kind,
                c,
                now,
                rating=Rating.Again,
                attempt_id=attempt_id,
                item_id=item_id,
                found=existing.get(c),
                lookup=False,
            )
            writes.extend([write] if write else [])
        return writes

    def _write(
        self,
        kind: CardKind,
        subject: str,
        now: datetime,
        *,
        rating: Rating,
        attempt_id: int | None,
        item_id: int | None = None,
        concepts: tuple[str, ...] = (),
        found: CardRecord | None = None,
        lookup: bool = True,
        origin: CardOrigin = CardOrigin.MISSED,
        review_kind: ReviewKind = ReviewKind.MISS,
        correct: bool | None = None,
        duration_ms: int | None = None,
    ) -> ReviewWrite | None:
        """A review of the learner's card of a kind and subject (made when new).

        Returns None for a card skipped this session (a damaged row).
        """

        if found is None and lookup:
            found = srs_cards.find_card(self.db, self.learner_id, kind, subject, report=self.report)
        if found is not None and found.id in self._skip:
            return None
        after = self._review(found, rating, now)
        if found is None:
            cell = Cell.from_topic(subject) if kind is CardKind.CELL else None
            own = concepts if kind is CardKind.HAND else (subject,)
            target: int | NewCard = NewCard(self.learner_id, kind, subject, origin,
                                            item_id=item_id if kind is CardKind.HAND else None,
                                            concepts=own, cell=cell)  # fmt: skip
            before = CardState.NEW
        else:
            target = found.id
            before = found.state
        is_hand = kind is CardKind.HAND
        return ReviewWrite(
            card=target, kind=review_kind, rating=int(rating), auto_rating=int(rating),
            correct=rating != Rating.Again if correct is None else correct,
            reviewed_at=now, duration_ms=duration_ms, state_before=before,
            schedule=schedule_of(after), item_id=item_id, attempt_id=attempt_id,
            set_item_id=item_id if is_hand and found is not None else None,
            add_concepts=concepts if is_hand else (),
        )  # fmt: skip

    # -- answers outside the queue (quiz.srs.outside)

    def enrol_concepts(self, topics: Iterable[str]) -> tuple[CardRecord, ...]:
        """A mastered lesson's concepts become review cards (:func:`.outside.enrol_concepts`)."""
        return outside.enrol_concepts(self, topics)

    def record_drill_answer(self, *, item: BankItem | None = None, cell: Cell | None = None,
                            correct: bool, seconds: float, concepts: Iterable[str] = (),
                            attempt_id: int | None = None) -> tuple[CardRecord, ...]:
        """Feed a drill's answer to the scheduler (:func:`.outside.record_drill_answer`)."""
        return outside.record_drill_answer(self, item=item, cell=cell, correct=correct,
                                           seconds=seconds, concepts=concepts,
                                           attempt_id=attempt_id)

    def note_drill_answer(self, question: DrillQuestion, marked: Marked, *, seconds: float,
                          attempt_id: int | None = None) -> tuple[CardRecord, ...]:
        """A drill question's marked answer to the scheduler
        (:func:`.outside.note_drill_answer`)."""
        return outside.note_drill_answer(self, question, marked, seconds=seconds,
                                         attempt_id=attempt_id)

    def due_cells(self, limit: int = 20) -> list[Cell]:
        """Points-table cells due now, most overdue first (:func:`.outside.due_cells`)."""
        return outside.due_cells(self, limit)

    # -- lists and statistics

    def leeches(self) -> list[LeechInfo]:
        """The leeches (cards missed ``leech_threshold`` times), with their concepts."""

        out = []
        for card in repo.leeches(self.db, self.learner_id, report=self.report):
            concepts = card.concepts
            out.append(LeechInfo(card, card_title(card), concepts,
                                 tuple(topic_title(c) for c in concepts)))  # fmt: skip
        return out

    def forecast(self, days: int = 30) -> tuple[int, ...]:
        """Cards due on each of the next days (the first includes the overdue)."""
        return forecast(self.db, self.learner_id, day_start=self.day_start(), days=days)

    def progress(self, *, days: int = 30) -> Progress:
        """Everything the statistics screen draws (what is due, as :meth:`due_counts` says)."""
        return progress(self.db, self.learner_id, now=self.now(), days=days,
                        day_offset=self.settings.day_offset, due=self.due_counts(),
                        report=self.report)  # fmt: skip

    def card(self, card_id: int) -> CardRecord | None:
        """A card by id (None when missing or damaged)."""

        return srs_cards.get_card(self.db, card_id, report=self.report)


