"""A database that does not answer: naming it (busy, away, read-only) and giving up
the connections that wait for a server gone silent."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import DatabaseUnavailableError

if TYPE_CHECKING:
    pass

def _driver_state(orig: BaseException | None) -> str | None:
    """``busy``, ``away`` or ``read-only`` for a driver error that means so, else None."""
    if orig is None:
        return None
    text = str(orig).lower()
    module = type(orig).__module__
    if module.startswith("sqlite3"):
        if "readonly" in text:
            return "read-only"
        if "locked" in text or "busy" in text:
            return "busy"
        if "unable to open" in text or "disk i/o" in text:
            return "away"
        return None
    if module.startswith("psycopg"):
        import psycopg

        if isinstance(orig, psycopg.InterfaceError):
            return "away"
        if not isinstance(orig, psycopg.OperationalError):
            return None
        code = getattr(orig, "sqlstate", None)
        if code in ("57014", "55P03"):  # statement or lock timeout
            return "busy"
        if code == "25006":  # read-only transaction
            return "read-only"
        if code is None or code.startswith("08") or code in ("57P01", "57P02", "57P03"):
            return "away"
    return None


def name_unavailable(context: Any) -> BaseException | None:
    """SQLAlchemy ``handle_error``: a database that is busy, away or read-only raises
    :class:`DatabaseUnavailableError` (a :class:`DataError`), so every caller that
    handles the data layer's errors handles it too."""
    if getattr(context, "is_pre_ping", False):
        return None
    orig = context.original_exception
    state = _driver_state(orig)
    if state is None:
        return None
    url = context.engine.url.render_as_string(hide_password=True) if context.engine else ""
    detail = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
    return DatabaseUnavailableError(f"{UNAVAILABLE_STATES[state]} ('{url}'): {detail}", state)


#: The :class:`Replies` of each PostgreSQL engine (see :meth:`Database.abandon_connections`).
_OPENED: Any = None


def replies_of(engine: Any) -> Replies | None:
    """The :class:`Replies` of a PostgreSQL engine (None: another database, or none yet)."""
    return None if _OPENED is None else _OPENED.get(engine)


def opened_connections() -> Any:
    """Every PostgreSQL engine's :class:`Replies` (made on first use)."""
    global _OPENED
    if _OPENED is None:
        import weakref

        _OPENED = weakref.WeakKeyDictionary()
    return _OPENED


def _raw(connection: Any) -> Any:
    """The driver's connection (SQLAlchemy hands some calls its pool's wrapper of it)."""
    return getattr(connection, "dbapi_connection", None) or connection


class Replies:
    """The connections of one PostgreSQL engine, and which wait for the server's reply:
    since when, on which thread (so a read given up drops only the connections that
    stopped answering, never a write going on that gets its replies).

    Every dialect call that sends a request and waits for the answer (statements,
    commit, rollback, the pool's ping) is timed: while it runs its connection counts
    as *waiting*; once it returns (or fails) it does not.
    """

    #: The dialect's calls that wait for a reply, and how each names its connection.
    CALLS: tuple[tuple[str, Callable[[Any], Any]], ...] = (
        ("do_execute", lambda cursor: cursor.connection),
        ("do_executemany", lambda cursor: cursor.connection),
        ("do_execute_no_params", lambda cursor: cursor.connection),
        ("do_commit", _raw),
        ("do_rollback", _raw),
        ("do_ping", _raw),
    )

    def __init__(self, dialect: Any) -> None:
        import weakref

        self.opened: weakref.WeakSet[Any] = weakref.WeakSet()
        self._lock = threading.Lock()
        #: ``id(connection)``: the connection, ``time.monotonic()`` it began waiting, thread.
        self._waiting: dict[int, tuple[Any, float, int]] = {}
        for name, connection_of in self.CALLS:
            setattr(dialect, name, self._timed(getattr(dialect, name), connection_of))

    def _timed(self, call: Callable[..., Any],
               connection_of: Callable[[Any], Any]) -> Callable[..., Any]:
        def timed(first: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                connection = connection_of(first)
            except Exception:  # nothing to time: the call reports the problem itself
                return call(first, *args, **kwargs)
            key = id(connection)
            with self._lock:
                self._waiting[key] = (connection, time.monotonic(), threading.get_ident())
            try:
                return call(first, *args, **kwargs)
            finally:
                with self._lock:
                    self._waiting.pop(key, None)

        return timed

    def stalled(self, reader: int | None, silent_for: float | None) -> list[Any]:
        """The connections waiting for a reply on thread ``reader``, or for at least
        ``silent_for`` seconds."""
        now = time.monotonic()
        with self._lock:
            return [c for c, since, thread in self._waiting.values()
                    if thread == reader or (silent_for is not None and now - since >= silent_for)]


def shut_down(connection: Any) -> bool:
    """Shut a driver connection's socket down (not closed under the driver's feet): what
    waits on it ends at once with an error. False when it is closed already."""
    import socket

    try:
        sock = socket.socket(fileno=os.dup(connection.pgconn.socket))
    except Exception:  # closed already: nothing to give up
        return False
    try:
        sock.shutdown(socket.SHUT_RDWR)
        return True
    except OSError:
        return False
    finally:
        sock.close()


#: What each state of an unavailable database means, in a few words for the screen.
UNAVAILABLE_STATES = {
    "busy": "the database is busy (another program holds its write lock)",
    "away": "the database cannot be reached",
    "read-only": "the database is read-only",
}

_BUSY_WORDS = ("database is locked", "database table is locked", "database is busy",
               "canceling statement due to statement timeout",
               "canceling statement due to lock timeout")


def unavailable_state(error: BaseException) -> str | None:
    """``busy``, ``away`` or ``read-only`` when an error means the database did not answer.

    None for every other error (a bug, a constraint, bad data): only an
    unavailable database is worth waiting for and trying again.
    """
    if isinstance(error, DatabaseUnavailableError):
        return error.state
    import sqlalchemy.exc as sa

    state = _driver_state(getattr(error, "orig", None) or error)
    if state is not None:
        return state

    if isinstance(error, sa.TimeoutError):
        return "busy"
    if not isinstance(error, sa.OperationalError | sa.InterfaceError) and not (
            isinstance(error, sa.DBAPIError) and error.connection_invalidated):
        return None
    text = str(getattr(error, "orig", None) or error).lower()
    if "readonly" in text or "read-only" in text or "read only" in text:
        return "read-only"
    if any(w in text for w in _BUSY_WORDS):
        return "busy"
    return "away"


def first_line(error: BaseException) -> str:
    """The first line of a driver error's message (without SQLAlchemy's SQL and links)."""
    orig = getattr(error, "orig", None)
    text = str(orig if orig is not None else error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def as_unavailable(error: BaseException, url: str = "") -> DatabaseUnavailableError | None:
    """The :class:`DatabaseUnavailableError` an error amounts to, or None."""
    state = unavailable_state(error)
    if state is None:
        return None
    if isinstance(error, DatabaseUnavailableError):
        return error
    where = f" ('{url}')" if url else ""
    return DatabaseUnavailableError(
        f"{UNAVAILABLE_STATES[state]}{where}: {first_line(error)}", state)
