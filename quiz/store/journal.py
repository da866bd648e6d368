"""Answers waiting for the database: kept in memory, then in a small journal file.

When the database is busy (another program holds its write lock) or away (a
stopped server), an answer must not be lost. The store hands each marked
answer to an :class:`BackgroundWriter`: a thread that writes the answers in the
order given. An answer the database does not take at once is also appended
to an :class:`AnswerJournal`, a JSON-lines file next to the user's data, so it
survives the app ending; the next start writes what the journal holds.

Four kinds of entry wait there, in one order: a drill answer
(:class:`PendingAnswer`), an answer of the review queue with its rating
(:class:`PendingReview`), a rating changed after it (:class:`PendingRating`),
and a learner's settings saved (:class:`PendingSettings`: the screen never
waits for the database to save them).

Every entry carries a unique ``entry`` id. The journal marks an entry done
once its answer is committed; and the store writes each entry in one
transaction guarded by that id (a unique key in the database: see
:meth:`quiz.store.drill.DrillStore._write_entry`), so an entry replayed after a
crash between the commit and the journal's note, or by two writers at once
(two stores, two programs), is stored exactly once.

An entry that leaves no row of its own (settings saved, a rating changed) is
guarded by its id in ``stored_entries``, and those ids are forgotten after
:data:`data.learners.FORGET_STORED_AFTER` (the writer tidies them when idle:
:data:`TIDY_AFTER`, :data:`TIDY_EVERY`). Such an entry carries the time it was
kept, and one that waited longer than :data:`data.learners.ENTRY_LIFE` is
refused rather than stored (:class:`Refused`): its id may be forgotten, so it
could otherwise be stored twice. Answers are never refused: their id is a
column of their own row, kept as long as the row.

Only the standard library is imported at module level.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: one program per journal
    fcntl = None  # type: ignore[assignment]

from data.db.liveness import first_line, unavailable_state
from data.db.url import default_database_path

from ..errors import DrillError
from ..words.core import npgettext, pgettext
from .entries import Pending, PendingSettings, entry_from_json

if TYPE_CHECKING:
    from data.db.database import Database

__all__ = ["AnswerJournal", "BackgroundWriter", "WriterState", "journal_path"]

#: Seconds between tries while the database is unavailable (doubling up to the last).
RETRY_DELAYS = (0.5, 1.0, 2.0, 3.0)
#: Seconds after the writer starts before it first tidies the database (well past the
#: first question), and between tidies of a writer that runs for days (a served app).
TIDY_AFTER = 30.0
TIDY_EVERY = 24 * 3600.0


def journal_path(url: str) -> Path | None:
    """Where a database's pending answers are kept (None for an in-memory database).

    A SQLite file ``x.db`` keeps them in ``x.db.pending-answers.jsonl`` beside
    it; a server database in the user's data directory, one file per address.
    """
    if url.startswith("sqlite"):
        path = url.split(":///", 1)[1].split("?", 1)[0] if ":///" in url else ""
        if not path or path == ":memory:":
            return None
        return Path(path + ".pending-answers.jsonl")
    import hashlib


    digest = hashlib.sha256(url.encode()).hexdigest()[:12]
    return default_database_path().parent / f"pending-answers-{digest}.jsonl"


class AnswerJournal:
    """The journal file: ``add`` lines for answers waiting, ``done`` lines once stored.

    Two programs may share one journal (two apps on one database): every read,
    append and removal holds the file's lock (``flock``, where the system has it),
    and a program that waited for the lock of a file another removed meanwhile
    opens the new one, so no line lands in a removed file.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._lock = threading.Lock()

    def read(self) -> list[Pending]:
        """The entries still waiting, in the order they were given (unreadable lines skipped)."""
        if self.path is None:
            return []
        with self._lock, _locked(self.path, create=False) as f:
            return [] if f is None else _waiting(f)

    def add(self, answers: Sequence[Pending]) -> None:
        """Append answers (flushed to disk before this returns)."""
        if self.path is None or not answers:
            return
        with self._lock, _locked(self.path, create=True) as f:
            assert f is not None
            _append(f, [a.to_json() for a in answers])

    def done(self, entry: str) -> None:
        """Note that an answer is stored; an empty journal is removed."""
        if self.path is None:
            return
        with self._lock, _locked(self.path, create=True) as f:
            assert f is not None
            _append(f, [json.dumps({"op": "done", "entry": entry})])
            f.seek(0)
            if not _waiting(f):
                self.path.unlink(missing_ok=True)  # still under the lock: nobody appends

    def clear(self) -> None:
        """Remove the journal file."""
        if self.path is None:
            return
        with self._lock, _locked(self.path, create=False) as f:
            if f is not None:
                self.path.unlink(missing_ok=True)


@contextmanager
def _locked(path: Path, *, create: bool) -> Iterator[BinaryIO | None]:
    """The journal opened and locked against other programs (None: no file, not created).

    After the lock is held, the file open must still be the one at ``path``: another
    program may have removed it while this one waited.
    """
    while True:
        if create:
            path.parent.mkdir(parents=True, exist_ok=True)
        try:
            f = path.open("a+b" if create else "r+b")
        except FileNotFoundError:
            if create:
                continue  # the folder went away between the two steps: make it again
            yield None
            return
        with f:
            if fcntl is not None:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX)
            try:
                same = os.stat(path).st_ino == os.fstat(f.fileno()).st_ino
            except FileNotFoundError:
                same = False
            if same:
                f.seek(0)
                yield f
                return
        # removed (or replaced) while this program waited: open what is there now


def _waiting(f: BinaryIO) -> list[Pending]:
    """The entries a journal's lines leave waiting, in order (unreadable lines skipped)."""
    waiting: dict[str, Pending] = {}
    for raw in f:
        try:
            data = json.loads(raw.decode("utf-8", errors="replace"))
            if data.get("op") == "done":
                waiting.pop(str(data["entry"]), None)
            elif (answer := entry_from_json(data)) is not None:
                waiting.setdefault(answer.entry, answer)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            continue  # a line cut short by a kill: the rest still counts
    return list(waiting.values())


def _append(f: BinaryIO, lines: Sequence[str]) -> None:
    """Append lines to the locked journal, flushed to disk."""
    text = "".join(line + "\n" for line in lines).encode("utf-8")
    f.seek(0, os.SEEK_END)
    if f.tell() > 0:
        f.seek(-1, os.SEEK_END)
        if f.read(1) != b"\n":  # a line cut short by a kill: start afresh
            text = b"\n" + text
    f.seek(0, os.SEEK_END)
    f.write(text)
    f.flush()
    os.fsync(f.fileno())


@dataclass(frozen=True)
class WriterState:
    """How the answers are doing: what waits, and why.

    Attributes:
        waiting: answers not yet in the database.
        state: None when the database answers; ``slow`` (no answer yet),
            ``busy``, ``away``, ``read-only``, ``silent`` (a read got no answer
            in time), or ``error`` for an error nobody foresaw.
        detail: the database's own words for the problem.
        settings: how many of those waiting are settings saved (not answers).
    """

    waiting: int
    state: str | None
    detail: str = ""
    settings: int = 0

    @property
    def message(self) -> str:
        """What the screen says, in the learner's language (empty when all is well)."""
        if self.state is None:
            return ""

        if self.state == "silent":
            return pgettext("robust", "The database is not answering; your answers are safe. "
                                      "Questions drawn ahead go on.")
        what = {
            "slow": pgettext("lead", "The database has not answered yet"),
            "busy": pgettext("lead", "The database is busy (another program holds its write "
                                     "lock)"),
            "away": pgettext("lead", "The database cannot be reached"),
            "read-only": pgettext("lead", "The database is read-only"),
        }.get(self.state) or pgettext("lead", "An answer could not be saved (%(detail)s)") % {
            "detail": self.detail}
        n = self.waiting - self.settings
        if n or not self.settings:
            return npgettext(
                "lead", "%(what)s: %(n)d answer kept safe here and saved as soon as it "
                        "answers. You can keep answering.",
                "%(what)s: %(n)d answers kept safe here and saved as soon as it answers. "
                "You can keep answering.", n) % {"what": what, "n": n}
        return pgettext("lead", "%(what)s: your settings kept safe here and saved as soon as "
                                "it answers. You can keep answering.") % {"what": what}


Listener = Callable[[WriterState], None]


def _writer_closed_error() -> Exception:
    """The error a closed writer's last write ends with (see :attr:`BackgroundWriter.closed`)."""

    return DrillError("the answer writer is closed: the entry stays in the journal")


class BackgroundWriter:
    """A thread that writes answers to the database in order, exactly once, retrying.

    Args:
        database: the database to write to.
        write: ``write(answer)`` stores one answer (attempt and review cards) and
            returns the attempt; it runs on the writer's thread.
        journal: where answers wait while the database is unavailable.
        tidy: ``tidy(stop)`` tidies the database (forgets ids of entries stored long
            ago); run on the writer's thread when no entry waits, :data:`TIDY_AFTER`
            seconds after the start and then every :data:`TIDY_EVERY`. It asks
            ``stop()`` between short transactions: True once an entry waits.
    """

    def __init__(self, database: Database, write: Callable[[Pending], object],
                 journal: AnswerJournal,
                 tidy: Callable[[Callable[[], bool]], object] | None = None) -> None:
        self.database = database
        self._write = write
        self.journal = journal
        self._tidy = tidy
        #: ``time.monotonic()`` of the next tidy (None: no tidy).
        self._tidy_due = None if tidy is None else time.monotonic() + TIDY_AFTER
        self._queue: deque[Pending] = deque(journal.read())
        self._journaled: set[str] = {a.entry for a in self._queue}
        self._results: dict[str, object] = {}
        self._awaited: set[str] = set()
        self._cond = threading.Condition()
        self._state: str | None = None
        self._detail = ""
        self._closed = False
        #: An answer was not stored within its wait (cleared when none waits any more).
        self._late = False
        #: The writer is storing (or announcing) an answer right now.
        self._in_flight = False
        #: ``time.monotonic()`` before which the writer starts no write (see :meth:`keep_watched`).
        self._held_until = 0.0
        #: Entries stored since the start (see :meth:`stored_count`).
        self._stored = 0
        self._listeners: list[Listener] = []
        self._thread = threading.Thread(target=self._run, name="answer-writer", daemon=True)
        self._thread.start()

    # -- the app's side

    @property
    def state(self) -> WriterState:
        """The answers waiting and the database's state."""
        with self._cond:
            settings = sum(isinstance(e, PendingSettings) for e in self._queue)
            return WriterState(len(self._queue), self._state, self._detail, settings)

    def listen(self, listener: Listener) -> None:
        """Call ``listener(state)`` (on the writer's thread) whenever the state changes."""
        self._listeners.append(listener)

    def submit(self, answer: Pending, wait: float) -> object:
        """Queue an entry and wait up to ``wait`` seconds for it to be stored.

        Returns:
            what ``write`` returned (the stored attempt for a drill answer), or
            None when the entry is still waiting (it is then in the journal file
            too, and written as soon as the database answers).
        """
        with self._cond:
            if self._late:
                wait = 0  # an earlier answer already waits: no use waiting behind it
            self._queue.append(answer)
            self._awaited.add(answer.entry)
            self._cond.notify_all()
            deadline = time.monotonic() + wait
            while answer.entry not in self._results:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._cond.wait(left)
            self._awaited.discard(answer.entry)
            if answer.entry in self._results:
                return self._results.pop(answer.entry)
            announce = self._turn_late()
        self._keep_on_disk()
        if announce:
            self._announce()
        return None

    def keep(self, answer: Pending) -> None:
        """Queue an entry without waiting for it (it is in the journal file before this returns).

        A problem is announced only once the database fails to take it.
        """
        self.journal.add([answer])
        with self._cond:
            self._journaled.add(answer.entry)
            self._queue.append(answer)
            self._cond.notify_all()

    def waiting_entries(self) -> list[Pending]:
        """The entries not stored yet, in order (a copy)."""
        with self._cond:
            return list(self._queue)

    @property
    def stored_count(self) -> int:
        """How many entries this writer has stored: a reader that saw the same count before
        and after reading the database knows that no entry left the queue meanwhile."""
        with self._cond:
            return self._stored

    @property
    def closed(self) -> bool:
        """The writer is closed: a write still waiting for the database when it closed
        must write nothing (the entry stays in the journal for the next start)."""
        with self._cond:
            return self._closed

    def check_open(self) -> None:
        """Raise when the writer is closed (called by ``write`` once it holds the
        database, so a closed store's late write never holds it longer)."""
        if self.closed:
            raise _writer_closed_error()

    def keep_watched(self, answer: Pending, wait: float, *, hold: float = 0.0) -> None:
        """Queue an entry without waiting for it, as :meth:`keep` does (it is in the
        journal file before this returns), and say so when it is late.

        When the entry is still not stored ``wait`` seconds later, the state turns
        ``slow`` and the listeners hear it, as after :meth:`submit`'s wait: the
        learner is told at once that the database has not answered yet.

        Args:
            hold: the writer starts no write for up to this many seconds, or until
                :meth:`release` (the screen draws meanwhile, not sharing the
                interpreter with the writer); a write under way goes on.
        """
        if hold > 0:
            with self._cond:
                self._held_until = time.monotonic() + hold
        self.keep(answer)
        timer = threading.Timer(wait, self._still_waiting, args=(answer.entry,))
        timer.daemon = True
        timer.start()

    def release(self) -> None:
        """Let the writer go on at once after :meth:`keep_watched`'s ``hold``."""
        with self._cond:
            if self._held_until:
                self._held_until = 0.0
                self._cond.notify_all()

    def _still_waiting(self, entry: str) -> None:
        """:meth:`keep_watched`'s check (a timer's thread): announce ``slow`` if not stored."""
        with self._cond:
            if self._closed or all(a.entry != entry for a in self._queue):
                return
            announce = self._turn_late()
        if announce:
            self._announce()

    def _turn_late(self) -> bool:
        """An entry waited too long (the lock held): later ones do not wait behind it, and
        the state turns ``slow`` unless it failed already. Whether to announce it."""
        self._late = True
        announce = self._state is None
        if announce:  # not failed yet, only slow: say so at once
            self._state, self._detail = "slow", ""
        return announce

    def flush(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for every waiting answer to be stored."""
        deadline = time.monotonic() + timeout
        with self._cond:
            self._held_until = 0.0
            self._cond.notify_all()
            while ((self._queue or self._in_flight)
                   and (left := deadline - time.monotonic()) > 0):
                self._cond.wait(left)
            return not self._queue

    def close(self, timeout: float = 2.0) -> WriterState:
        """Store what can be stored within ``timeout``; the rest stays in the journal."""
        self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._keep_on_disk()
        return self.state

    # -- the writer's side

    def _busy(self) -> bool:
        """An entry waits (or the writer closed): a tidy stops between its transactions."""
        with self._cond:
            return bool(self._queue) or self._closed

    def _tidy_now(self) -> None:
        """Tidy the database (the writer's thread, while no entry waits); a failure (the
        database away) or an entry cutting it short tries again :data:`TIDY_AFTER` later."""
        assert self._tidy is not None
        try:
            self._tidy(self._busy)
        except Exception as e:  # the database is away or busy: another time
            import logging

            logging.getLogger("quiz.store.journal").info("tidying the database failed: %s", e)
            self._tidy_due = time.monotonic() + TIDY_AFTER
        else:  # cut short by an entry: the rest soon, else the next tidy a day later
            self._tidy_due = time.monotonic() + (TIDY_AFTER if self._busy() else TIDY_EVERY)

    def _keep_on_disk(self) -> None:
        with self._cond:
            new = [a for a in self._queue if a.entry not in self._journaled]
            self._journaled.update(a.entry for a in new)
        if new:
            self.journal.add(new)

    def _set_state(self, state: str | None, detail: str = "") -> None:
        with self._cond:
            changed = (state, detail) != (self._state, self._detail)
            self._state, self._detail = state, detail
        if changed:
            self._announce()

    def _announce(self) -> None:
        snapshot = self.state
        for listener in list(self._listeners):
            try:
                listener(snapshot)
            except Exception:  # a closed screen must not stop the writer
                continue

    def _run(self) -> None:
        tries = 0
        while True:
            with self._cond:
                while not self._closed:
                    now = time.monotonic()
                    held = self._held_until - now
                    if self._queue and held <= 0:
                        break
                    if not self._queue and self._tidy_due is not None:
                        if now >= self._tidy_due:
                            break  # idle: time to tidy
                        self._cond.wait(self._tidy_due - now)
                        continue
                    self._cond.wait(held if self._queue else None)
                if self._closed:
                    return
                if not self._queue:
                    tidy = True
                else:
                    tidy = False
                    answer = self._queue[0]
                    self._in_flight = True
            if tidy:
                self._tidy_now()
                continue
            try:
                # storing is guarded by the entry's unique id: a second time writes nothing
                attempt = self._write(answer)
            except Exception as e:  # every failure keeps the answer
                self._keep_on_disk()
                with self._cond:
                    if self._closed:  # closed meanwhile: the next start stores it
                        self._in_flight = False
                        self._cond.notify_all()
                        return
                state = unavailable_state(e) or "error"
                self._set_state(state, first_line(e))
                delay = RETRY_DELAYS[min(tries, len(RETRY_DELAYS) - 1)]
                tries += 1
                with self._cond:
                    self._in_flight = False
                    if not self._closed:
                        self._cond.wait(delay)
                continue
            tries = 0
            with self._cond:
                self._queue.popleft()
                self._stored += 1
                if answer.entry in self._awaited:
                    self._results[answer.entry] = attempt
                journaled = answer.entry in self._journaled
                self._journaled.discard(answer.entry)
                if not self._queue:
                    self._late = False
                recovered = not self._queue and self._state is not None
                if recovered:
                    self._state, self._detail = None, ""
            if journaled:
                self.journal.done(answer.entry)
            if recovered:
                self._announce()
            with self._cond:
                self._in_flight = False
                self._cond.notify_all()
