"""Running drills without a screen: questions in, marked answers stored, sessions out.

The Textual screens are thin: they ask a :class:`DrillController` for the
next question, hand it what was typed, and show what comes back. The
controller grades the answer and stores it through :class:`quiz.store.drill.DrillStore`
*before* returning, so a killed app loses at most the question on screen.

Where questions come from is a :class:`QuestionSource`: the bank
(:class:`BankQuestions`), the points table (:class:`TableQuestions`), or a
fixed list of items (a teacher's set, a test). A review mode adds its own
source and reuses everything else.

On an ordinary start the first question comes before the store is open: the
controller then draws from the start's first read (:class:`FirstDraws`), keeps
the answers given meanwhile in the store's journal file (so a killed app loses
none) and the settings changed (:attr:`DrillController.unstored`), and
:meth:`DrillController.attach` hands them to the store once it is open, in
order, exactly once.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from data.clock import Clock
from data.first_read import StoreNotOpenError
from scoring.rules import get_profile

from .drills import (
    DrillKind,
    Question,
    build_question,
    question_for_cell,
    question_for_round,
    random_cell,
)
from .errors import DrillError
from .grading import Answer, Hints, Marked, Part, grade
from .session import Session, SessionPlan
from .settings import Settings
from .words.core import _, ngettext
from .words.terms import local_words

if TYPE_CHECKING:
    from data.first_read import ReadOnlyBank
    from data.generate.rounds import RoundSpec
    from data.records import BankItem, LearnerRecord

    from .srs import SrsService
    from .store.drill import DrillStore
    from .store.entries import PendingAnswer
    from .store.journal import AnswerJournal

__all__ = ["BankQuestions", "DrillController", "FirstDraws", "FixedQuestions", "ItemDraws",
           "QuestionSource", "RoundQuestions", "TableQuestions"]



class QuestionSource(Protocol):
    """Something that makes the next question of a session."""

    def next_question(self, number: int) -> Question | None:
        """The question numbered ``number``, or None when there are no more."""


class ItemDraws(Protocol):
    """What bank questions are drawn from: the store, or the first read until it is open."""

    def draw(self, rng: random.Random, *, profile: str, topic: str | None = None,
             difficulty: int | None = None, exclude: Iterable[int] = ()) -> BankItem | None:
        """A random bank item (see :meth:`quiz.store.drill.DrillStore.draw`)."""


class FirstDraws:
    """Draws as :meth:`quiz.store.drill.DrillStore.draw` does, from the start's first read.

    The same candidates, the same random numbers taken (so a seed asks the same
    questions either way); where the store would write first (hands generated
    for a topic that has none left) it raises, and the question waits for the store.
    """

    def __init__(self, bank: ReadOnlyBank) -> None:
        self.bank = bank
        self._profiles: dict[str, bool] = {}

    def draw(self, rng: random.Random, *, profile: str, topic: str | None = None,
             difficulty: int | None = None, exclude: Iterable[int] = ()) -> BankItem | None:
        """A random bank item, of the learner's profile when the bank has some.

        Raises:
            StoreNotOpenError: when none matches (the store would generate some).
        """

        if profile not in self._profiles:
            self._profiles[profile] = self.bank.count(rules=profile) > 0
        rules = profile if self._profiles[profile] else None
        item = self.bank.draw(rng, topic=topic, rules=rules, difficulty=difficulty,
                              exclude=exclude)
        if item is None:
            raise StoreNotOpenError()
        rng.randrange(2**31)  # the store's seed for the items it draws ahead
        return item


class BankQuestions:
    """Questions of a drill drawn at random from the bank (by topic and difficulty)."""

    def __init__(self, store: ItemDraws, drill: DrillKind, settings: Settings,
                 rng: random.Random) -> None:
        self.store = store
        self.drill = drill
        self.settings = settings
        self.rng = rng
        self.asked: set[int] = set()
        self.notice: str | None = None

    def next_question(self, number: int) -> Question | None:
        s = self.settings
        filters = [(s.topic, s.difficulty), (s.topic, None), (None, None)]
        seen: list[tuple[str | None, int | None]] = []
        for topic, difficulty in filters:
            if (topic, difficulty) in seen:
                continue
            seen.append((topic, difficulty))
            for _attempt in range(25):
                item = self.store.draw(self.rng, profile=s.profile, topic=topic,
                                       difficulty=difficulty, exclude=self.asked)
                if item is None:
                    break
                self.asked.add(item.id)
                q = build_question(self.drill, item, number=number, profile=s.profile,
                                   ask=s.ask, skip_fu_on_limit=s.skip_fu_on_limit)
                if q is not None:
                    if (topic, difficulty) != (s.topic, s.difficulty):
                        self.notice = _("no hands matched the topic or difficulty asked "
                                        "for: drawing from the whole bank")
                    return q
        return None


class FixedQuestions:
    """Questions from a fixed list of bank items, in order (a prepared set, a test)."""

    def __init__(self, store: DrillStore, drill: DrillKind, settings: Settings,
                 items: Sequence[int | str]) -> None:
        self.store = store
        self.drill = drill
        self.settings = settings
        self.items = list(items)
        self.position = 0

    def next_question(self, number: int) -> Question | None:
        s = self.settings
        while self.position < len(self.items):
            item = self.store.item(self.items[self.position])
            self.position += 1
            q = build_question(self.drill, item, number=number, profile=s.profile, ask=s.ask,
                               skip_fu_on_limit=s.skip_fu_on_limit)
            if q is not None:
                return q
        return None


class TableQuestions:
    """Points-table questions: a fu and han, dealer or not, ron or tsumo."""

    def __init__(self, settings: Settings, rng: random.Random) -> None:
        self.settings = settings
        self.rng = rng

    def next_question(self, number: int) -> Question | None:
        return question_for_cell(random_cell(self.rng), number=number,
                                 profile=self.settings.profile)


class RoundQuestions:
    """Settlement questions: round ends made up from the random source, or a fixed list
    (the round ends of an imported game, in play order)."""

    def __init__(self, settings: Settings, rng: random.Random,
                 rounds: Sequence[RoundSpec] = ()) -> None:
        self.settings = settings
        self.rng = rng
        self.rounds = list(rounds)
        self.position = 0

    def next_question(self, number: int) -> Question | None:
        if self.rounds:
            if self.position >= len(self.rounds):
                return None
            spec = self.rounds[self.position]
            self.position += 1
            return question_for_round(spec, number=number)
        from data.generate.rounds import generate_round

        return question_for_round(generate_round(self.rng, get_profile(self.settings.profile)),
                                  number=number)


class DrillController:
    """One learner drilling: sessions, questions, grading and storing answers.

    Args:
        store: the data store (None while it opens: see :meth:`attach`).
        learner: who is drilling.
        settings: the learner's settings.
        clock: the time source (aware UTC datetimes).
        rng: the random source for drawing hands.
        items: ask these bank items (ids or stable ids) in order instead of drawing.
        draws: where bank questions are drawn from until the store is open.
        journal: where answers given until the store is open are kept meanwhile (the
            store's journal file: a killed app loses none of them).
        rounds: the round ends the settlement drill asks, in order (an imported game's);
            none: made up.
    """

    def __init__(self, store: DrillStore | None, learner: LearnerRecord, settings: Settings, *,
                 clock: Clock, rng: random.Random, items: Sequence[int | str] = (),
                 draws: ItemDraws | None = None, journal: AnswerJournal | None = None,
                 rounds: Sequence[RoundSpec] = ()) -> None:
        if store is None and draws is None:
            raise DrillError("a controller needs a store or a first read to draw from")
        self.store = store
        self.draws: ItemDraws = store if store is not None else draws  # type: ignore[assignment]
        self.learner = learner
        self.settings = settings
        self.clock = clock
        self.rng = rng
        self.items = tuple(items)
        self.rounds = tuple(rounds)
        self.session: Session | None = None
        self.source: QuestionSource | None = None
        self.question: Question | None = None
        self.last: Marked | None = None
        self._sessions = 0
        #: The spaced-repetition service (opened on first use: it imports fsrs).
        self.srs: SrsService | None = None
        #: What the status line says about the review queue, e.g. ``12 due``.
        self.due_label: str | None = None
        self.journal = journal
        #: Answers given before the store was open, in order (see :meth:`attach`).
        self._unstored: list[PendingAnswer] = []
        #: The settings changed before the store was open (stored by :meth:`attach`).
        self._settings_unsaved = False

    # -- the store

    @property
    def unstored(self) -> int:
        """How many answers (and whether settings) wait for the store to open."""
        return len(self._unstored) + int(self._settings_unsaved)

    def _open_store(self) -> DrillStore:
        if self.store is None:
            raise DrillError("the database is still opening")
        return self.store

    def attach(self, store: DrillStore) -> None:
        """Go on with the store, now open: questions are drawn from it (those already
        asked stay asked), and what waited for it is stored, in order, exactly once.

        The answers given meanwhile are in the journal file already, and the store's
        writer may have taken them from it when it opened; each is handed to the
        writer again, which stores it under its journal entry's unique id, so an
        answer the writer already stored is not stored twice.
        """
        self.store = store
        self.draws = store
        if isinstance(self.source, BankQuestions):
            self.source.store = store
        elif self.source is not None and hasattr(self.source, "store"):
            self.source.store = store  # a course's questions  # type: ignore[attr-defined]
        unstored, self._unstored = self._unstored, []
        for answer in unstored:
            store.keep(answer)
        if self._settings_unsaved:
            self._settings_unsaved = False
            store.save_settings(self.learner.id, self.settings)

    # -- sessions

    def plan(self, drill: DrillKind | None = None) -> SessionPlan:
        """A session plan from the settings (and another drill, if given)."""
        s = self.settings
        return SessionPlan(
            drill=drill or s.drill,
            length=s.session_length or None,
            time_limit=s.time_limit * 60 if s.time_limit else None,
            topic=s.topic,
            difficulty=s.difficulty,
        )

    def source_for(self, drill: DrillKind) -> QuestionSource:
        """Where the questions of a drill come from."""
        if drill is DrillKind.TABLE:
            return TableQuestions(self.settings, self.rng)
        if drill is DrillKind.SETTLE:
            return RoundQuestions(self.settings, self.rng, self.rounds)
        if self.items:
            return FixedQuestions(self._open_store(), drill, self.settings, self.items)
        return BankQuestions(self.draws, drill, self.settings, self.rng)

    def start(self, drill: DrillKind | None = None,
              source: QuestionSource | None = None, *, plan: SessionPlan | None = None,
              tag: str = "") -> Session:
        """Start a new session (the previous one's answers are already stored).

        A course's session (``plan`` and ``tag`` given: ``tag`` starts the session's
        id, e.g. ``course:fu-sets:``) leaves the learner's drill setting as it is.
        """
        course = plan is not None
        plan = plan or self.plan(drill)
        self._sessions += 1
        stamp = self.clock().strftime("%Y%m%dT%H%M%S")
        session_id = f"{self.learner.id}-{stamp}-{self._sessions}-{self.rng.randrange(16**6):06x}"
        self.session = Session(plan, self.clock, f"{tag}{session_id}"[:64])
        self.source = source or self.source_for(plan.drill)
        self.question = None
        if drill is not None and drill is not self.settings.drill and not course:
            self.update_settings(self.settings.replace(drill=drill.value))
        return self.session

    def next_question(self) -> Question | None:
        """The next question (its timer running), or None when the session is over."""
        if self.session is None or self.source is None:
            raise DrillError("no session has been started")
        if self.session.over:
            return None
        q = self.source.next_question(len(self.session.answered) + 1)
        if q is None:
            if not self.session.answered:
                raise DrillError("the question bank has no hand for this drill: "
                                 "run 'riichi-drill bank build'")
            return None
        self.question = q
        self.session.show(q)
        return q

    @property
    def notice(self) -> str | None:
        """A remark about the questions (e.g. a topic with no hands), once."""
        notice = getattr(self.source, "notice", None)
        if notice and self.source is not None:
            self.source.notice = None  # type: ignore[attr-defined]
        return notice

    # -- answers

    def submit(self, answers: Mapping[Part, Answer]) -> Marked | Hints:
        """Grade the answer to the question on screen; a marked answer is stored first.

        Returns:
            :class:`Hints` when a part could not be read (nothing is stored and
            the question stays on screen), else the :class:`Marked` answer.
        """
        if self.session is None or self.question is None:
            raise DrillError("there is no question on screen to answer")
        graded = grade(self.question.key, answers, local_words())
        if isinstance(graded, Hints):
            return graded
        question = self.question
        seconds = round(self.session.question_seconds(), 3)
        # Stored with its spaced-repetition cards; when the database is busy or
        # away the answer is kept and stored later (``store.status`` says so).
        if self.store is None:  # the store is opening: kept in the journal, stored by attach()
            from .store.drill import pending_answer

            answer = pending_answer(self.learner.id, question, graded, seconds=seconds,
                                    session=self.session.id, answered_at=self.clock())
            if self.journal is not None:
                self.journal.add([answer])
            self._unstored.append(answer)
            stored = None
        else:
            stored = self.store.record(self.learner.id, question, graded,
                                       seconds=seconds, session=self.session.id,
                                       answered_at=self.clock())
        self.session.record(graded, stored.id if stored is not None else None, seconds)
        self.question = None
        self.last = graded
        return graded

    # -- spaced repetition

    def srs_service(self) -> SrsService:
        """The learner's spaced-repetition service, with their stored settings."""
        if self.srs is None:
            from .srs import SrsService, settings_from_stored

            store = self._open_store()
            stored = store.settings_store.all(self.learner.id)
            self.srs = SrsService(store.database, self.learner.id, clock=self.clock,
                                  settings=settings_from_stored(stored))
        return self.srs

    def refresh_due(self) -> str:
        """Count the cards due now for the status line (``12 due``).

        Before the store is open nothing is counted (the label stays unknown: empty).
        """
        if self.store is None:
            return self.due_label or ""
        due = self.srs_service().due_counts().due
        self.due_label = (ngettext("%(n)d due", "%(n)d due", due) % {"n": due} if due
                          else _("none due"))
        return self.due_label

    # -- settings

    def update_settings(self, settings: Settings) -> None:
        """Use and store new settings (they apply from the next question)."""
        self.settings = settings
        if self.store is None:
            self._settings_unsaved = True  # stored by attach()
        else:
            self.store.save_settings(self.learner.id, settings)
        self.srs = None  # re-read the spaced-repetition settings
        if self.source is not None and hasattr(self.source, "settings"):
            self.source.settings = settings
