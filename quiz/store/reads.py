"""Reads the screen waits for, each given up after a bound: a server that stops answering
never freezes the app.

A PostgreSQL server that keeps its socket open but stops answering (a hung
host, a stopped process, a dead network path) makes a read wait for as long
as the operating system keeps the socket: the statement timeout (60 s) is
the server's own and does not help. :class:`BoundedReads` runs the app's
reads on one thread of its own; the caller waits at most its bound, and a
read that takes longer is left to finish on that thread. While it is stuck
the reader is *stalled*: every further read fails at once (the app goes on
with what it has: questions drawn ahead, counts already shown), and the first
read to finish ends the stall.

A read given up also gives up the connection it waits on (``abandon``: on
PostgreSQL its socket is shut down, so the stuck read ends and the pool opens
new ones), and a *probe* (``SELECT 1`` on a new connection) is tried every
:data:`PROBE_EVERY` seconds while stalled: the reads go on within a few seconds
of the server answering again, whatever the stuck connection does. Only
connections that stopped answering are given up: the read's own, and (checked at
each probe while stalled, and for one bound after) any that has waited for a
reply longer than the bound; a write going on elsewhere that gets its replies
completes.

Only the standard library is imported at module level.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TYPE_CHECKING, Any, TypeVar

from data.db.liveness import unavailable_state
from data.errors import DatabaseUnavailableError

if TYPE_CHECKING:
    import asyncio

__all__ = ["READ_WAIT", "BoundedReads", "in_background", "not_answering"]

T = TypeVar("T")

#: Seconds the screen waits for one read before going on without it.
READ_WAIT = 4.0
#: Seconds between probes of a database that stopped answering.
PROBE_EVERY = 1.0


def not_answering(what: str = "") -> Exception:
    """The error of a read given up: a :class:`data.errors.DatabaseUnavailableError`
    in the state ``silent`` (so every caller handling an unavailable database handles it)."""

    detail = f" ({what})" if what else ""
    return DatabaseUnavailableError(f"the database is not answering{detail}", "silent")


Listener = Callable[[bool], None]


class BoundedReads:
    """One thread running reads in order; each caller waits at most its bound.

    Args:
        wait: the default bound, in seconds.
        abandon: ``abandon(reader)``, called (on any thread) when a read is given up
            with the ident of the reads' thread, whose stuck connection it drops; and
            with None at each probe while stalled (and for one bound after), to drop
            any connection that has waited for a reply longer than the bound.
        probe: a small read tried while stalled; the first to answer ends the stall.
    """

    def __init__(self, wait: float = READ_WAIT, *,
                 abandon: Callable[[int | None], object] | None = None,
                 probe: Callable[[], object] | None = None) -> None:
        self.wait = wait
        self._abandon = abandon
        self._probe = probe
        self._probing = False
        self._jobs: queue.SimpleQueue[tuple[Callable[[], object], Future[object]]] = (
            queue.SimpleQueue())
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        #: A read outlived its bound and has not finished yet.
        self._stalled = False
        self._listeners: list[Listener] = []

    @property
    def stalled(self) -> bool:
        """A read was given up and is still waiting for the database."""
        with self._lock:
            return self._stalled

    def listen(self, listener: Listener) -> None:
        """Call ``listener(stalled)`` (on any thread) when the reads stall or go on again."""
        self._listeners.append(listener)

    def submit(self, work: Callable[[], T]) -> Future[T]:
        """Queue a read; its future (failed at once when the reads are stalled)."""
        future: Future[T] = Future()
        if self.stalled:
            future.set_exception(not_answering())
            return future
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="database-reads",
                                                daemon=True)
                self._thread.start()
        self._jobs.put((work, future))  # type: ignore[arg-type]
        return future

    def run(self, work: Callable[[], T], wait: float | None = None) -> T:
        """Run a read and wait for it at most ``wait`` seconds (the default bound).

        Raises:
            DatabaseUnavailableError: (state ``silent``) when it did not finish in time,
                or the reads are stalled; whatever the read raised otherwise.
        """
        if threading.current_thread() is self._thread:
            return work()  # a read within a read: already on the reads' thread
        future = self.submit(work)
        try:
            return future.result(self.wait if wait is None else wait)
        except (FutureTimeout, CancelledError):
            self._give_up(future)
            raise not_answering() from None

    def _give_up(self, future: Future[object] | Future[T]) -> None:
        if future.cancel():
            return  # still queued behind a stuck read: never run
        with self._lock:
            stalls = not self._stalled and not future.done()
            if stalls:
                self._stalled = True
        if stalls:
            self._tell(True)
            self._drop_connections(self._reader())
            self._start_probing()

    def _reader(self) -> int | None:
        """The ident of the reads' thread."""
        thread = self._thread
        return None if thread is None else thread.ident

    def _drop_connections(self, reader: int | None) -> None:
        """Give up the connection the reads' thread waits on (``reader``), or (None) those
        that waited for a reply longer than the bound."""
        if self._abandon is not None:
            import contextlib

            with contextlib.suppress(Exception):  # giving up must never fail the caller
                self._abandon(reader)

    def _start_probing(self) -> None:
        with self._lock:
            if self._probe is None or self._probing:
                return
            self._probing = True
        threading.Thread(target=self._probe_until_answered, name="database-probe",
                         daemon=True).start()

    def _probe_until_answered(self) -> None:
        """While stalled: try the probe every :data:`PROBE_EVERY` seconds (on the reads'
        thread, so it also tells when that thread is free again); a probe that gets
        no answer in time is given up with its connection. Each round, and for one
        bound after the stall ends, connections of other threads that have waited
        for a reply longer than the bound are given up too (a write stuck on the
        silent server is retried on a new connection)."""

        assert self._probe is not None
        try:
            while True:
                self._probe_while_stalled()
                # what began waiting before the server answered again and never gets
                # its reply (a connection the server forgot) is given up past the bound
                until = time.monotonic() + self.wait + PROBE_EVERY
                while time.monotonic() < until and not self.stalled:
                    time.sleep(PROBE_EVERY)
                    self._drop_connections(None)
                with self._lock:
                    if not self._stalled:  # else stalled again meanwhile: probe again
                        self._probing = False
                        return
        finally:
            with self._lock:
                self._probing = False

    def _probe_while_stalled(self) -> None:
        """Probe every :data:`PROBE_EVERY` seconds until the stall ends (see above)."""

        assert self._probe is not None
        while self.stalled:
            time.sleep(PROBE_EVERY)
            self._drop_connections(None)
            if not self.stalled:
                break
            future: Future[object] = Future()
            self._jobs.put((self._probe, future))
            try:
                future.result(self.wait)
            except (FutureTimeout, CancelledError):
                if not future.cancel():  # running, stuck: give its connection up
                    self._drop_connections(self._reader())
            except Exception:  # no answer yet (refused, reset): try again
                continue

    def _tell(self, stalled: bool) -> None:
        for listener in list(self._listeners):
            try:
                listener(stalled)
            except Exception:  # a closed screen must not stop the reads
                continue

    def _run(self) -> None:
        while True:
            work, future = self._jobs.get()
            if not future.set_running_or_notify_cancel():
                continue
            answered = False
            try:
                result = work()
            except BaseException as e:  # handed to the caller
                future.set_exception(e)
                # the database answered unless it is the database that failed; with no
                # probe to tell, any end of the stuck read ends the stall
                answered = self._probe is None or not _unanswered(e)
            else:
                future.set_result(result)
                answered = True
            if not answered:
                continue  # still stalled (when it was): the probes go on
            with self._lock:
                recovered = self._stalled
                self._stalled = False
            if recovered:
                self._tell(False)


def _unanswered(error: BaseException) -> bool:
    """True when a read failed because the database did not answer (away, dropped)."""

    return isinstance(error, OSError) or unavailable_state(error) is not None


def in_background(work: Callable[[], T]) -> asyncio.Future[T]:
    """Run ``work`` on a daemon thread of its own; await the result on the event loop.

    The screen's thread never waits for the database: while the work runs the
    app goes on drawing and taking keys (Esc, Ctrl+Q). A program ending while
    it runs does not wait for it (the thread is a daemon).
    """

    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()

    def settle(result: Any, error: BaseException | None) -> None:
        if future.done():  # the awaiting task was cancelled (the screen closed)
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)

    def run() -> None:
        try:
            result: Any = work()
            error: BaseException | None = None
        except BaseException as e:  # handed to the awaiting task
            result, error = None, e
        with contextlib.suppress(RuntimeError):  # a closed event loop: nobody waits
            loop.call_soon_threadsafe(settle, result, error)

    threading.Thread(target=run, name="screen-read", daemon=True).start()
    return future
