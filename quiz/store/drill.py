"""The app's narrow door to :mod:`data`: the bank, learners, settings and answers.

The app never talks SQL: it opens a :class:`DrillStore` (which opens the
database, creating or upgrading it, and makes sure the bank has hands) and
calls the few methods below, which use :mod:`data.bank.repository` and return the
frozen records of :mod:`data.records`.

Answers go through an :class:`quiz.store.journal.BackgroundWriter`: written at once
when the database answers, else kept (in memory, then in a journal file) and
written in order, exactly once, when it answers again. :attr:`DrillStore.status`
says what waits and why; :meth:`DrillStore.listen` tells the app when it changes.
The reads a screen waits for go through :attr:`DrillStore.reads`
(:mod:`quiz.store.reads`): each is given up after a bound, so a server that stops
answering never freezes the screen; questions drawn ahead go on meanwhile.
Opening never outlives a cancelled caller: :meth:`DrillStore.open` gives up
when ``cancelled()`` says so, leaving a stuck connection attempt behind.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar, cast

from data.bank.repository import Bank
from data.clock import Clock, utc_now
from data.db.schema import open_database
from data.db.url import is_memory as names_memory
from data.learners import (
    AlreadyStoredError,
    Attempts,
    Learners,
    SettingsStore,
    StaleEntryError,
    StoredEntries,
)
from data.records import PartResult

from ..errors import DrillError
from ..settings import Settings
from ..words.core import npgettext, pgettext
from .draws import BankDraws
from .entries import PendingAnswer, PendingSettings, Refused
from .journal import WriterState

if TYPE_CHECKING:
    from data.bank.repository import Bank
    from data.db.database import Database
    from data.learners import Attempts, Learners, SettingsStore
    from data.records import AttemptRecord, BankItem, LearnerRecord

    from ..drills import Question
    from ..grading import Marked
    from .entries import (
        Pending,
        PendingAnswer,
        PendingRating,
        PendingReview,
        PendingSettings,
        Refused,
    )
    from .journal import BackgroundWriter, Listener, WriterState
    from .reads import BoundedReads

__all__ = ["DrillStore", "pending_answer"]

T = TypeVar("T")

#: Seconds an answer may take to be stored before the app goes on without waiting.
ANSWER_WAIT = 1.5
#: Seconds at most the writer waits, after an answer kept in the background, for the
#: screen to be drawn (:meth:`DrillStore.release_writer`) before it stores the answer.
DRAW_HOLD = 0.5
#: Times at most :meth:`DrillStore.stored_settings` reads the database while the writer
#: stores entries under it.
SETTINGS_READS = 3


class OpenCancelled(DrillError):
    """Opening the database was given up (the app is closing)."""


def _abandonable(work: Callable[[], T], cancelled: Callable[[], bool] | None) -> T:
    """Run ``work`` in a daemon thread; give it up as soon as ``cancelled()`` is true.

    A connection attempt stuck on a silent server must not keep the app (or the
    interpreter's exit) waiting: the daemon thread is simply left behind.
    """
    if cancelled is None:
        return work()
    box: dict[str, Any] = {}
    done = threading.Event()

    def run() -> None:
        try:
            box["value"] = work()
        except BaseException as e:  # handed to the waiting caller
            box["error"] = e
        finally:
            done.set()

    threading.Thread(target=run, name="open-database", daemon=True).start()
    while not done.wait(0.05):
        if cancelled():
            raise OpenCancelled("opening the database was cancelled")
    if "error" in box:
        raise box["error"]
    return box["value"]  # type: ignore[no-any-return]


def pending_answer(learner_id: int, question: Question, marked: Marked, *, seconds: float,
                   session: str | None, answered_at: datetime) -> PendingAnswer:
    """A marked answer as the answer writer stores it (and the journal keeps it)."""

    item_id = question.item.id if question.item is not None and question.item.id else None
    c = question.cell
    return PendingAnswer(
        learner_id=learner_id,
        item_id=item_id,
        drill=question.drill.value,
        parts=tuple((m.part.value, m.given, m.expected, m.correct) for m in marked.marks),
        seconds=seconds,
        concepts=tuple(marked.concepts),
        session=session,
        question=question.question_record(),
        answered_at=answered_at.isoformat(),
        cell=None if c is None else (c.han, c.fu, c.dealer, c.tsumo),
        correct=marked.correct,
    )


@dataclass
class DrillStore:
    """The data the app uses, over one open database."""

    database: Database
    clock: Clock = utc_now
    bank: Bank = field(init=False)
    learners: Learners = field(init=False)
    settings_store: SettingsStore = field(init=False)
    attempts: Attempts = field(init=False)
    _writer: BackgroundWriter | None = field(default=None, init=False)
    #: Bank items of answers being written (so the writer need not read them again).
    _items: dict[str, BankItem] = field(default_factory=dict, init=False)
    #: Drawing questions from the bank, with items drawn ahead and the bank's growth.
    draws: BankDraws = field(init=False)
    _reads: BoundedReads | None = field(default=None, init=False)
    #: Review ids of review-queue answers stored by this run (by their journal entry).
    _review_ids: dict[str, int] = field(default_factory=dict, init=False)
    #: Inside :meth:`answers_in_background`: :meth:`record` journals and returns at once.
    _background: bool = field(default=False, init=False)
    #: Whether the database is in memory (see :attr:`is_memory`; known once asked).
    _memory: bool | None = field(default=None, init=False)
    #: Entries refused by this run's writer: they waited too long to be stored safely.
    refused: list[Refused] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self.bank = Bank(self.database, clock=self.clock)
        self.learners = Learners(self.database, clock=self.clock)
        self.settings_store = SettingsStore(self.database, clock=self.clock)
        self.attempts = Attempts(self.database, clock=self.clock)
        self.draws = BankDraws(self.database, self.bank, self.read, lambda: self.is_memory,
                               clock=self.clock)

    @classmethod
    def open(cls, target: str | None = None, *, clock: Clock = utc_now,
             generated: int | None = None,
             progress: Callable[[int, int], None] | None = None,
             cancelled: Callable[[], bool] | None = None) -> DrillStore:
        """Open the database at a path or URL (None: the default file) and fill its bank.

        Args:
            target: a file path, SQLAlchemy URL or ``:memory:``.
            clock: the time source for stored rows.
            generated: generated hands the bank should hold at least (default:
                the data layer's default; 0 for only the curated hands).
            progress: ``progress(done, total)`` while a new bank is generated.
            cancelled: polled while opening; when it returns True the opening
                is given up (:class:`OpenCancelled`) without waiting for the database.

        Raises:
            DataError: when the database cannot be opened.
            OpenCancelled: when ``cancelled()`` became true first.
        """
        from data.bank.build import DEFAULT_GENERATED, ensure_bank

        database = _abandonable(lambda: open_database(target), cancelled)
        want = DEFAULT_GENERATED if generated is None else generated
        memory = names_memory(str(database.engine.url))
        # What the first question needs now (the curated bank); generated hands
        # are added in the background while the learner answers.
        _abandonable(lambda: ensure_bank(database, want if memory else 0, progress=progress,
                                         clock=clock), cancelled)
        store = cls(database, clock)
        store.start_writer()  # answers left in the journal by an earlier run are written now
        if not memory:
            store.grow_bank(want)
        return store

    def grow_bank(self, want: int) -> threading.Thread | None:
        """Add generated hands in the background (see :meth:`BankDraws.grow`)."""
        return self.draws.grow(want)

    def close(self, wait: float = 2.0) -> WriterState | None:
        """Store the answers still waiting (up to ``wait`` seconds), then close the connections.

        Returns:
            what still waits (kept in the journal for the next start), or None
            when no answer was ever given.
        """
        self.draws.stop(wait)  # a batch being written is finished or rolled back
        state = self._writer.close(wait) if self._writer is not None else None
        self.database.close()
        return state

    # -- answers that wait for the database

    def start_writer(self) -> None:
        """Start the answer writer now (it stores what an earlier run left in the journal)."""
        _ = self.writer

    @property
    def writer(self) -> BackgroundWriter:
        """The thread that stores answers (started on first use)."""
        if self._writer is None:
            from .journal import AnswerJournal, BackgroundWriter, journal_path

            url = self.database.engine.url.render_as_string(hide_password=False)
            self._writer = BackgroundWriter(self.database, self._write_entry,
                                        AnswerJournal(journal_path(url)),
                                        # in memory: one shared connection, one thread
                                        tidy=None if self.is_memory
                                        else self.forget_stored_entries)
        return self._writer

    def forget_stored_entries(self, stop: Callable[[], bool] | None = None) -> int:
        """Forget the ids of entries stored long ago (the writer's thread runs this when
        idle: :data:`quiz.store.journal.TIDY_AFTER`); an entry kept that long ago is refused.

        Returns:
            how many ids were forgotten.
        """

        return StoredEntries(self.database, clock=self.clock).forget(stop=stop)

    @property
    def status(self) -> WriterState:
        """How many answers wait for the database, and why (``status.message`` for the screen)."""
        return self.writer.state

    def listen(self, listener: Listener) -> None:
        """Call ``listener(status)`` from the writer's or the reads' thread when the
        database comes or goes (``status.state`` is ``silent`` while reads get no answer)."""

        self.writer.listen(listener)

        def reads(stalled: bool) -> None:
            state = self.writer.state
            listener(WriterState(state.waiting, "silent", settings=state.settings)
                     if stalled else state)

        self.reads.listen(reads)

    def waiting_note(self) -> str | None:
        """A line for the end of the app when answers still wait for the database, else None."""
        if self._writer is None:
            return None
        state = self._writer.state
        if not state.waiting:
            return None

        n = state.waiting
        where = self._writer.journal.path
        kept = (pgettext("lead", "kept in %(path)s") % {"path": where} if where is not None
                else pgettext("lead", "kept in memory only"))
        why = f" ({state.detail})" if state.detail else ""
        return npgettext(
            "lead", "%(n)d answer could not be stored yet%(why)s: %(kept)s, and stored the "
                    "next time riichi-drill opens this database",
            "%(n)d answers could not be stored yet%(why)s: %(kept)s, and stored the next time "
            "riichi-drill opens this database", n) % {"n": n, "why": why, "kept": kept}

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait up to ``timeout`` seconds until every answer is stored; True when they are."""
        return self.writer.flush(timeout)

    # -- reads with a bound

    @property
    def reads(self) -> BoundedReads:
        """The thread the screens' reads run on, each given up after a bound."""
        if self._reads is None:
            from .reads import BoundedReads

            self._reads = BoundedReads(abandon=self._abandon_stalled, probe=self.database.ping)
        return self._reads

    def _abandon_stalled(self, reader: int | None) -> int:
        """Give up the connections that stopped answering: the one a given-up read waits
        on (on thread ``reader``) and any waiting for a reply longer than the reads'
        bound; a write going on that gets its replies is left to complete."""
        return self.database.abandon_connections(reader=reader, silent_for=self.reads.wait)

    def read(self, work: Callable[[], T], wait: float | None = None) -> T:
        """Run a read for a screen, waiting at most ``wait`` seconds (default: the bound).

        An in-memory database (one shared connection) is read directly.

        Raises:
            DatabaseUnavailableError: (state ``silent``) when the database did not
                answer in time, or an earlier read still waits for it.
        """
        if self.is_memory:
            return work()
        return self.reads.run(work, wait)

    @property
    def is_memory(self) -> bool:
        """An in-memory database (one shared connection: read and written on one thread)."""
        if self._memory is None:
            self._memory = names_memory(str(self.database.engine.url))
        return self._memory

    @property
    def reads_stalled(self) -> bool:
        """A read was given up and still waits for the database."""
        return self._reads is not None and self._reads.stalled

    # -- learners and settings

    def learner(self, name: str) -> LearnerRecord:
        """The learner of that name, created if new (a bounded read: see :meth:`read`)."""
        return self.read(lambda: self.learners.get_or_create(name))

    def all_learners(self) -> list[LearnerRecord]:
        """Every learner, by name (a bounded read)."""
        return self.read(self.learners.all)

    def load_settings(self, learner_id: int) -> Settings:
        """A learner's settings (defaults for what was never set; a bounded read)."""
        return Settings.from_dict(self.stored_settings(learner_id))

    def stored_settings(self, learner_id: int) -> dict[str, Any]:
        """A learner's settings as stored (a bounded read), with those saved since that
        still wait for the database.

        The saves still waiting are taken before the database is read, so that a save
        stored meanwhile is never missed; and when the writer stores an entry during
        the read (a newer save may then be in the database under an older one still
        waiting), the read is done again, a few times at most.
        """
        writer = self._writer
        for _ in range(SETTINGS_READS):
            before = None if writer is None else writer.stored_count
            waiting = self.waiting_settings(learner_id)
            stored = dict(self.read(lambda: self.settings_store.all(learner_id)))
            if writer is None or writer.stored_count == before:
                break
        for entry in waiting:
            stored.update(entry.values)
        return stored

    def save_settings(self, learner_id: int, settings: Settings) -> PendingSettings:
        """Store every setting of a learner, without waiting for the database.

        The settings go to the answer writer (in the journal file before this
        returns) and are stored in order with the answers, exactly once, as
        soon as the database takes them: :meth:`waiting_settings` says whether
        they still wait.

        Returns:
            the writer's entry.
        """

        entry = PendingSettings(learner_id, settings.to_dict(),
                                kept_at=self.clock().isoformat())
        if self.is_memory:
            self._write_entry(entry)  # one shared connection: no second thread
        else:
            self.writer.keep(entry)
        return entry

    def waiting_settings(self, learner_id: int | None = None) -> list[PendingSettings]:
        """Settings saved that the database has not taken yet (of one learner, when given)."""

        if self._writer is None:
            return []
        return [e for e in self._writer.waiting_entries() if isinstance(e, PendingSettings)
                and (learner_id is None or e.learner_id == learner_id)]

    def _store_settings(self, entry: PendingSettings) -> None:
        """Store saved settings (the writer's thread, inside the entry's unit of work)."""

        StoredEntries(self.database, clock=self.clock).claim(entry.entry, kept_at=entry.kept)
        stored = self.settings_store.all(entry.learner_id)
        changed = {k: v for k, v in entry.values.items() if stored.get(k, object()) != v}
        if changed:
            self.settings_store.update(entry.learner_id, changed)

    # -- the bank

    def draw(self, rng: random.Random, *, profile: str, topic: str | None = None,
             difficulty: int | None = None, exclude: Iterable[int] = ()) -> BankItem | None:
        """A random bank item, of the learner's profile (see :meth:`BankDraws.draw`)."""
        return self.draws.draw(rng, profile=profile, topic=topic, difficulty=difficulty,
                               exclude=exclude)

    def item(self, key: int | str) -> BankItem:
        """One bank item by database id or stable id (a bounded read)."""
        return self.read(lambda: self.bank.get(key))

    # -- answers

    @contextmanager
    def answers_in_background(self) -> Iterator[None]:
        """Within this block :meth:`record` does not wait for the database.

        Each answer is in the journal file (flushed to disk) when :meth:`record`
        returns, so a crash or kill from then on loses nothing (the next start
        stores it); the writer stores it in the background, in order, exactly
        once, and the state turns ``slow`` when it is not stored within the wait.
        The writer starts once the screen is drawn (:meth:`release_writer`), or
        after :data:`DRAW_HOLD`. The drill screen records this way: its
        explanation never waits for the database.
        """
        before, self._background = self._background, True
        try:
            yield
        finally:
            self._background = before

    def release_writer(self) -> None:
        """The screen is drawn: the writer stores the answers kept in the background now
        (it waits up to :data:`DRAW_HOLD` for this, so as not to slow the drawing)."""
        if self._writer is not None:
            self._writer.release()

    def record(self, learner_id: int, question: Question, marked: Marked, *, seconds: float,
               session: str | None, answered_at: datetime | None = None,
               wait: float = ANSWER_WAIT) -> AttemptRecord | None:
        """Store one marked answer and its review cards, in the order answers are given.

        Returns:
            the stored attempt (committed when this returns), or None when the
            database did not answer within ``wait`` seconds: the answer is then
            kept (in memory and in the journal file) and stored as soon as it
            answers; :attr:`status` says so. Inside :meth:`answers_in_background`
            always None: the answer is in the journal file, stored in the background.
        """
        answer = pending_answer(learner_id, question, marked, seconds=seconds, session=session,
                                answered_at=answered_at or self.clock())
        if question.item is not None:
            self._items[answer.entry] = question.item
        if self._background and not self.is_memory:  # journalled now, stored in the background
            self.writer.keep_watched(answer, wait, hold=DRAW_HOLD)
            return None
        if self.is_memory:  # one shared connection: no second thread
            return cast("AttemptRecord | None", self._write_entry(answer))
        stored = self.writer.submit(answer, wait)
        return stored if stored is None else cast("AttemptRecord", stored)

    def _write_entry(self, entry: Pending) -> object:
        """Store one entry of the writer's queue (the writer's thread), exactly once.

        All of an entry is written in one transaction (:meth:`Database.unit`),
        whose first write takes the entry's unique id: when another writer (a
        store closed while its thread still waited, another program replaying
        the same journal) stored it first, nothing is written and what it
        stored is returned.
        """

        try:
            with self.database.unit():
                if self._writer is not None:
                    self._writer.check_open()  # a closed store's late write stops here
                return entry.store(self)
        except AlreadyStoredError:
            self._items.pop(entry.entry, None)
            return entry.stored_before(self)
        except StaleEntryError as e:
            return self._refuse(entry, str(e))

    def _refuse(self, entry: Pending, reason: str) -> Refused:
        """An entry too old to store safely: it leaves the journal, and is noted and logged."""
        import logging


        self._items.pop(entry.entry, None)
        refused = Refused(entry.entry, reason)
        self.refused.append(refused)
        logging.getLogger("quiz.store.drill").warning("%s", reason)
        return refused

    # -- the entries' sink (quiz.store.entries.EntrySink): each entry calls its own kind's

    def store_settings(self, entry: PendingSettings) -> None:
        """Store a learner's settings (the writer's thread)."""
        self._store_settings(entry)

    def store_review(self, entry: PendingReview) -> int:
        """Store a review-queue answer and its card's review; returns the review's id."""
        from ..srs.pending import store_review

        review_id = store_review(self.database, entry, self.settings_store.all(entry.learner_id))
        self._review_ids[entry.entry] = review_id
        return review_id

    def store_rating(self, entry: PendingRating) -> None:
        """Store a changed rating on the review it changes."""
        from ..srs.pending import store_rating

        store_rating(self.database, entry, self.settings_store.all(entry.learner_id),
                     review_id=self._review_ids.get(entry.review), clock=self.clock)

    def store_answer(self, entry: PendingAnswer) -> AttemptRecord:
        """Store a drill answer (see :meth:`_write_answer`)."""
        return self._write_answer(entry)

    def review_stored_before(self, entry: PendingReview) -> int | None:
        """The review another writer stored for this review answer."""
        from data.srs import repository as repo

        review_id = repo.review_of_answer(self.database, entry.learner_id,
                                          session=entry.session, drill=entry.DRILL,
                                          answered_at=entry.when)
        if review_id is not None:
            self._review_ids[entry.entry] = review_id
        return review_id

    def answer_stored_before(self, entry: PendingAnswer) -> AttemptRecord | None:
        """The attempt another writer stored for this answer."""
        return self.attempts.by_entry(entry.entry, learner_id=entry.learner_id,
                                      session=entry.session, drill=entry.drill,
                                      answered_at=entry.when)

    def waiting(self) -> int:
        """How many answers and ratings wait for the database."""
        return self._writer.state.waiting if self._writer is not None else 0

    def unsaved(self) -> int:
        """How many answers and ratings wait because the database is busy or away (an
        answer on its way to a database that answers is not counted)."""
        if self._writer is None:
            return 0
        state = self._writer.state
        return state.waiting if state.state is not None else 0

    def keep(self, entry: Pending, wait: float = 0.0) -> object:
        """Hand a review-queue entry to the writer: in the journal file at once, stored in
        order with the drill's answers, exactly once.

        Args:
            wait: seconds to wait for it to be stored (0: do not wait).

        Returns:
            what storing it gave (a review's id), or None when it is still waiting.
        """
        if self.is_memory:
            return self._write_entry(entry)  # one shared connection: no second thread
        if wait <= 0:
            self.writer.keep(entry)
            return None
        return self.writer.submit(entry, wait)

    def _write_answer(self, answer: PendingAnswer) -> AttemptRecord:
        """Store an answer's attempt (under its entry's unique id), then note it for spaced
        repetition (the writer's thread, inside the entry's unit of work)."""

        attempt = self.attempts.record(
            answer.learner_id,
            item_id=answer.item_id,
            drill=answer.drill,
            parts=[PartResult(*p) for p in answer.parts],
            seconds=answer.seconds,
            concepts_missed=answer.concepts,
            session=answer.session,
            question=answer.question,
            answered_at=answer.when,
            entry=answer.entry,
        )
        self._note_review(answer, attempt.id)
        return attempt

    def _note_review(self, answer: PendingAnswer, attempt_id: int) -> None:
        """A missed hand, the concepts missed or a table cell become review cards."""
        from data.srs.records import Cell

        from ..srs import SrsService, settings_from_stored

        stored = self.settings_store.all(answer.learner_id)
        when = answer.when
        srs = SrsService(self.database, answer.learner_id, clock=lambda: when,
                         settings=settings_from_stored(stored))
        item = self._items.pop(answer.entry, None)
        if item is None and answer.item_id is not None:
            item = self.bank.get(answer.item_id)
        cell = None if answer.cell is None else Cell(answer.cell[0], answer.cell[1],
                                                     dealer=answer.cell[2], tsumo=answer.cell[3])
        srs.record_drill_answer(item=item, cell=cell, correct=answer.correct,
                                seconds=answer.seconds, concepts=answer.concepts,
                                attempt_id=attempt_id)

    def history(self, learner_id: int, *, session: str | None = None) -> list[AttemptRecord]:
        """A learner's answers, newest first."""
        return self.attempts.history(learner_id, session=session)
