"""The database: where it lives, how to connect, and keeping its schema current.

A database is named by a path or a SQLAlchemy URL; with neither, it is the
file ``riichi-drill.db`` in the user's data directory (``platformdirs``).
Every SQLite connection enforces foreign keys, uses write-ahead logging and
waits for a busy database instead of failing at once.

:func:`open_database` is the one entry point the app uses: it creates a new
database and stamps it at the newest migration, upgrades an older one with
Alembic (keeping every row), and refuses a database made by a newer version
of the app. Nothing here runs at import time.

>>> resolve_url(":memory:")
'sqlite://'
>>> resolve_url("postgresql://class@server/drill")
'postgresql+psycopg://class@server/drill'
>>> resolve_url("/tmp/x.db")
'sqlite:////tmp/x.db'
"""

from __future__ import annotations

import ast
import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import DatabaseError, DatabaseUnavailableError, SchemaVersionError

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine
    from sqlalchemy.orm import Session, sessionmaker

#: File name of the default database in the user's data directory.
DEFAULT_FILENAME = "riichi-drill.db"
#: Application name used for the user's data directory.
APP_NAME = "riichi-drill"
#: Where the Alembic scripts live (the ``migrations`` package beside this file).
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
#: The table Alembic keeps the schema revision in.
VERSION_TABLE = "alembic_version"
#: Key of the PostgreSQL advisory lock held while a schema is created or upgraded.
_PG_LOCK_KEY = 0x52494943  # "RIIC"
#: How long a SQLite statement waits for another connection's write lock (milliseconds).
SQLITE_BUSY_TIMEOUT_MS = 10_000
#: How long connecting to a database server may take, handshake included (seconds).
CONNECT_TIMEOUT_S = 5
#: The longest one PostgreSQL statement may run, or wait for a lock (milliseconds).
STATEMENT_TIMEOUT_MS = 60_000
#: TCP keepalive of PostgreSQL connections: probes after this many idle seconds, then
#: every :data:`KEEPALIVE_INTERVAL_S`, and the connection is dropped after
#: :data:`KEEPALIVE_COUNT` unanswered probes (a dead network path is noticed in ~20 s).
KEEPALIVE_IDLE_S = 10
KEEPALIVE_INTERVAL_S = 3
KEEPALIVE_COUNT = 3
#: Data sent to a PostgreSQL server and not acknowledged for this long drops the
#: connection (milliseconds; Linux's ``TCP_USER_TIMEOUT``).
TCP_USER_TIMEOUT_MS = 20_000


def default_database_path() -> Path:
    """``riichi-drill.db`` in the user's data directory (the directory is created)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / DEFAULT_FILENAME


def resolve_url(target: str | os.PathLike[str] | None = None) -> str:
    """The SQLAlchemy URL for a path, a URL, ``:memory:`` or None (the default file).

    Anything containing ``://`` is taken as a URL (``postgresql://`` gets the
    psycopg 3 driver); anything else is a file path.
    """
    if target is None:
        return f"sqlite:///{default_database_path()}"
    text = os.fspath(target)
    if not text.strip():
        raise DatabaseError("the database is empty text: give a file path or a URL "
                            "(or leave --db out for the default file)")
    if text in (":memory:", "sqlite://", "sqlite:///:memory:"):
        return "sqlite://"
    if "://" in text:
        # a PostgreSQL URL without a driver uses psycopg 3, the driver we install
        for bare in ("postgresql://", "postgres://"):
            if text.startswith(bare):
                return "postgresql+psycopg://" + text[len(bare):]
        return text
    path = Path(text).expanduser()
    return f"sqlite:///{path.resolve()}"


def _is_memory(url: str) -> bool:
    return url == "sqlite://" or url.endswith(":memory:") or "mode=memory" in url


def create_engine(target: str | os.PathLike[str] | None = None, *, echo: bool = False) -> Engine:
    """A SQLAlchemy engine for a path or URL, with the SQLite settings applied.

    On SQLite each new connection runs ``PRAGMA foreign_keys=ON``,
    ``journal_mode=WAL``, ``synchronous=NORMAL`` and a busy timeout
    (:data:`SQLITE_BUSY_TIMEOUT_MS`), and every transaction starts with a real
    ``BEGIN`` (so DDL in a migration is transactional too). An in-memory
    database uses one shared connection.

    On PostgreSQL connecting may take at most :data:`CONNECT_TIMEOUT_S` (a
    server that accepts the connection but never answers is given up), each
    statement runs at most :data:`STATEMENT_TIMEOUT_MS`, and a pooled
    connection is checked before use (a restarted server is reconnected to).
    Timeouts written in the URL's query win over these.

    Raises:
        DatabaseError: when the URL cannot be understood or its driver is missing.
    """
    import sqlalchemy
    from sqlalchemy import event
    from sqlalchemy.pool import StaticPool

    url = resolve_url(target)
    kwargs: dict[str, Any] = {"echo": echo}
    sqlite = url.startswith("sqlite")
    if sqlite:
        kwargs["connect_args"] = {"check_same_thread": False}
        if _is_memory(url):
            kwargs["poolclass"] = StaticPool
        else:
            _check_sqlite_folder(url)
    elif url.startswith("postgresql"):
        kwargs["connect_args"] = postgres_timeouts(url)
        kwargs["pool_pre_ping"] = True
    try:
        engine = sqlalchemy.create_engine(url, **kwargs)
    except sqlalchemy.exc.ArgumentError as e:
        raise DatabaseError(f"cannot understand the database URL '{url}': {e}") from None
    except ModuleNotFoundError as e:
        raise DatabaseError(f"the driver for '{url}' is not installed ({e.name})") from None
    if engine.dialect.name == "postgresql":
        replies = _Replies(engine.dialect)
        _opened_connections()[engine] = replies
        event.listen(engine, "connect", lambda dbapi, _record: replies.opened.add(dbapi))
    if sqlite:
        event.listen(engine, "connect", _sqlite_on_connect)
        event.listen(engine, "begin", _sqlite_on_begin)
    event.listen(engine, "handle_error", _name_unavailable)
    return engine


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


def _name_unavailable(context: Any) -> BaseException | None:
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


def postgres_timeouts(url: str) -> dict[str, Any]:
    """The connect and statement timeouts for a PostgreSQL URL (unless it sets its own)."""
    from urllib.parse import parse_qs, urlsplit

    query = parse_qs(urlsplit(url).query)
    args: dict[str, Any] = {}
    if "connect_timeout" not in query:
        args["connect_timeout"] = CONNECT_TIMEOUT_S
    if "keepalives" not in query:
        args.update(keepalives=1, keepalives_idle=KEEPALIVE_IDLE_S,
                    keepalives_interval=KEEPALIVE_INTERVAL_S, keepalives_count=KEEPALIVE_COUNT)
    if "tcp_user_timeout" not in query:
        args["tcp_user_timeout"] = TCP_USER_TIMEOUT_MS
    if "options" not in query:
        args["options"] = (f"-c statement_timeout={STATEMENT_TIMEOUT_MS} "
                           f"-c lock_timeout={STATEMENT_TIMEOUT_MS}")
    return args


#: The :class:`_Replies` of each PostgreSQL engine (see :meth:`Database.abandon_connections`).
_OPENED: Any = None


def _opened_connections() -> Any:
    global _OPENED
    if _OPENED is None:
        import weakref

        _OPENED = weakref.WeakKeyDictionary()
    return _OPENED


def _raw(connection: Any) -> Any:
    """The driver's connection (SQLAlchemy hands some calls its pool's wrapper of it)."""
    return getattr(connection, "dbapi_connection", None) or connection


class _Replies:
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


def _shut_down(connection: Any) -> bool:
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


def _check_sqlite_folder(url: str) -> None:
    path = url.split(":///", 1)[1].split("?", 1)[0] if ":///" in url else ""
    path = path.removeprefix("file:")  # a URI filename (``?uri=true``)
    if path and not Path(path).parent.is_dir():
        raise DatabaseError(f"cannot create the database '{path}': its folder does not exist")
    if path and Path(path).exists():  # never make a database of a file that is something else
        if not Path(path).is_file():
            raise DatabaseError(f"cannot open the database '{path}': it is a folder, a pipe "
                                "or a device, not a database")
        try:
            with open(path, "rb") as f:
                head = f.read(16)
        except OSError as e:
            raise DatabaseError(f"cannot open the database '{path}': "
                                f"{e.strerror or e}") from None
        if head != b"SQLite format 3\x00":
            what = "an empty file" if not head else "another kind of file"
            raise DatabaseError(f"cannot open the database '{path}': it is {what}, not a "
                                "database (nothing was changed)")


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    # Let SQLAlchemy, not the sqlite3 module, decide where transactions begin.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
    finally:
        cursor.close()


def _sqlite_on_begin(connection: Connection) -> None:
    mode = connection.get_execution_options().get("sqlite_begin", "")
    connection.exec_driver_sql(f"BEGIN {mode}".strip())


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


@dataclass(frozen=True)
class Database:
    """An open database: its URL, engine and session factory.

    Use :meth:`transaction` for work that writes (a session inside one write
    transaction) and :meth:`session` for reading. Inside :meth:`unit`, both
    (and :meth:`begin`) join the unit's one transaction on that thread.
    """

    url: str
    engine: Engine
    _sessions: sessionmaker[Session] = field(repr=False)
    _writers: sessionmaker[Session] = field(repr=False)
    #: The connection of the unit of work open on each thread (see :meth:`unit`).
    _units: threading.local = field(default_factory=threading.local, repr=False,
                                    compare=False, hash=False)

    @classmethod
    def from_engine(cls, engine: Engine) -> Database:
        """Wrap an engine (its schema is not checked: see :func:`open_database`)."""
        from sqlalchemy.orm import sessionmaker

        writer = engine
        if engine.dialect.name == "sqlite":
            writer = engine.execution_options(sqlite_begin="IMMEDIATE")
        return cls(
            engine.url.render_as_string(hide_password=True),
            engine,
            sessionmaker(engine, expire_on_commit=False),
            sessionmaker(writer, expire_on_commit=False),
        )

    @property
    def is_sqlite(self) -> bool:
        """True when the database is SQLite."""
        return self.engine.dialect.name == "sqlite"

    def session(self) -> Session:
        """A new ORM session (the caller closes it, e.g. in a ``with`` block)."""
        unit = self._unit_connection()
        if unit is not None:
            return self._joined(unit)
        return self._sessions()

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session inside one write transaction: committed at the end, rolled back on error.

        On SQLite the transaction takes the write lock when it begins (``BEGIN
        IMMEDIATE``), so concurrent writers wait for each other (up to the busy
        timeout) instead of failing when one read before another wrote. Use it
        for every unit of work that writes; :meth:`session` is for reading.
        Inside :meth:`unit` it joins the unit's transaction (committed with it).
        """
        unit = self._unit_connection()
        with (self._writers() if unit is None else self._joined(unit)) as session, \
                session.begin():
            yield session

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        """A connection in a write transaction (Core): the unit's when one is open on this
        thread, else a new one committed at the end."""
        unit = self._unit_connection()
        if unit is not None:
            yield unit
            return
        with self.engine.begin() as conn:
            yield conn

    @contextmanager
    def unit(self) -> Iterator[None]:
        """One write transaction that every :meth:`session`, :meth:`transaction` and
        :meth:`begin` of this thread joins until the block ends: all of it is
        committed together at the end, or nothing (an error rolls it all back).

        A unit already open on the thread is joined. An in-memory database (one
        shared connection) has no separate unit: each transaction commits itself.
        """
        if self._unit_connection() is not None or _is_memory(self.url):
            yield
            return
        writer = self._writers.kw["bind"]
        with writer.connect() as conn, conn.begin():
            self._units.connection = conn
            try:
                yield
            finally:
                self._units.connection = None

    def _unit_connection(self) -> Connection | None:
        conn: Connection | None = getattr(self._units, "connection", None)
        return conn

    @staticmethod
    def _joined(conn: Connection) -> Session:
        """A session on the unit's connection, in a savepoint: its commit keeps its work for
        the unit to commit; its rollback undoes its own work only."""
        from sqlalchemy.orm import Session

        return Session(bind=conn, join_transaction_mode="create_savepoint",
                       expire_on_commit=False)

    def schema_revision(self) -> tuple[str, ...]:
        """The Alembic revisions the database is stamped with (empty when none)."""
        from sqlalchemy import inspect, text

        with self.engine.connect() as conn:
            if not inspect(conn).has_table(VERSION_TABLE):
                return ()
            rows = conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}"))
            return tuple(sorted(r[0] for r in rows))

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    def ping(self) -> None:
        """Ask the database for one row (``SELECT 1``) on a connection of the pool."""
        with self.engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")

    def abandon_connections(self, *, reader: int | None = None,
                            silent_for: float | None = None) -> int:
        """Give up the connections to a server that stopped answering.

        With ``reader`` or ``silent_for``, only connections waiting for the server's
        reply are given up: those waiting on thread ``reader`` (a read given up there),
        and those that have waited at least ``silent_for`` seconds. A connection between
        requests, or whose requests get their replies (a write going on), is left
        alone, and its work completes. With neither, every connection is given up.

        Each socket is shut down (never closed under the driver's feet), so a
        statement stuck waiting on it ends at once with an error and its connection
        is discarded; when any was, the pool is replaced (idle pooled connections to
        that server are not reused; a connection in use finishes its work). Work
        running on a connection given up fails and is retried by its caller
        (answers are guarded by their journal entry's key). Nothing happens on
        SQLite (no socket: a locked file is bounded by the busy timeout).

        Returns:
            how many connections were given up.
        """
        replies: _Replies | None = (_opened_connections().get(self.engine)
                                    if _OPENED is not None else None)
        if replies is None:
            return 0
        everything = reader is None and silent_for is None
        targets = list(replies.opened) if everything else replies.stalled(reader, silent_for)
        dropped = 0
        for conn in targets:
            if _shut_down(conn):
                dropped += 1
            replies.opened.discard(conn)
        if dropped or everything:
            self.engine.dispose(close=False)  # a new pool: the old connections are not reused
        return dropped


# --------------------------------------------------------------------------- schema


@dataclass(frozen=True)
class MigrationScripts:
    """The revisions found in a migrations ``versions`` folder, read without Alembic.

    Reading the scripts' ``revision`` and ``down_revision`` lines is enough to
    know the head, so a database already at head opens without importing
    Alembic (which costs about a second).
    """

    folder: Path
    parents: dict[str, tuple[str, ...]]

    @property
    def heads(self) -> frozenset[str]:
        """Revisions that no other revision follows."""
        children = {p for ps in self.parents.values() for p in ps}
        return frozenset(r for r in self.parents if r not in children)


_REVISION = re.compile(r"^revision\s*(?::[^=]*)?=\s*(.+?)\s*$", re.M)
_DOWN = re.compile(r"^down_revision\s*(?::[^=]*)?=\s*(.+?)\s*$", re.M)


@cache
def read_scripts(folder: Path = MIGRATIONS_DIR) -> MigrationScripts:
    """Read the revision graph of a migrations folder (its ``versions`` sub-folder)."""
    parents: dict[str, tuple[str, ...]] = {}
    for script in sorted((folder / "versions").glob("*.py")):
        source = script.read_text(encoding="utf-8")
        rev = _REVISION.search(source)
        down = _DOWN.search(source)
        if rev is None or down is None:
            continue
        revision = ast.literal_eval(rev.group(1))
        down_value = ast.literal_eval(down.group(1))
        if down_value is None:
            ups: tuple[str, ...] = ()
        elif isinstance(down_value, str):
            ups = (down_value,)
        else:
            ups = tuple(down_value)
        parents[str(revision)] = ups
    if not parents:
        raise DatabaseError(f"no migration scripts found in '{folder / 'versions'}'")
    return MigrationScripts(folder, parents)


def load_models() -> Any:
    """Import every model module of the ``data`` package; returns the shared metadata.

    Model modules are the ``data`` modules whose name ends in ``models``
    (``models.py``, ``srs_models.py``, ``class_models.py``...): each registers
    its tables on :data:`data.models.Base.metadata`. Creating a schema needs
    all of them, so a new database gets every table its revision stamp claims.
    """
    import importlib
    import pkgutil

    from . import models

    package = Path(__file__).resolve().parent
    for info in pkgutil.iter_modules([str(package)]):
        if info.name.endswith("models") and info.name != "models":
            importlib.import_module(f"{__package__}.{info.name}")
    return models.Base.metadata


def open_database(
    target: str | os.PathLike[str] | None = None,
    *,
    echo: bool = False,
    migrations: Path | None = None,
) -> Database:
    """Open (and create or upgrade) the database at a path or URL.

    A database with no tables is created from the models and stamped at the
    newest migration; one stamped at an older revision is upgraded with
    Alembic, keeping its rows; one at the newest revision is used as it is.

    Args:
        target: a file path, a SQLAlchemy URL, ``:memory:``, or None for the
            default file in the user's data directory.
        echo: log every SQL statement (for debugging).
        migrations: another migrations folder (tests only).

    Raises:
        DatabaseError: when the database cannot be reached or created.
        SchemaVersionError: when it was made by a newer version of the app, or
            has tables but no schema version.
    """
    import sqlalchemy

    engine = create_engine(target, echo=echo)
    database = Database.from_engine(engine)
    try:
        prepare_schema(engine, migrations or MIGRATIONS_DIR)
    except DatabaseUnavailableError as e:
        engine.dispose()
        detail = str(e).split("): ", 1)[-1]
        if "timeout expired" in detail:
            detail += f" (no answer within {CONNECT_TIMEOUT_S} s)"
        raise DatabaseUnavailableError(
            f"cannot open the database '{database.url}': {detail}", e.state) from None
    except sqlalchemy.exc.OperationalError as e:
        engine.dispose()
        first = str(e.orig).strip().splitlines()[0] if e.orig else str(e).splitlines()[0]
        raise DatabaseError(f"cannot open the database '{database.url}': {first}") from None
    except BaseException:
        engine.dispose()
        raise
    return database


def prepare_schema(engine: Engine, migrations: Path = MIGRATIONS_DIR) -> str:
    """Create, upgrade or accept the schema; returns ``created``, ``upgraded`` or ``current``."""
    from sqlalchemy import inspect, text

    scripts = read_scripts(migrations)
    heads = scripts.heads
    with _locked(engine) as conn:
        inspector = inspect(conn)
        if inspector.has_table(VERSION_TABLE):
            rows = conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}"))
            current = {str(r[0]) for r in rows}
            unknown = sorted(current - scripts.parents.keys())
            if not current or (len(current) > len(heads) and not unknown):
                from .errors import printable

                found = ", ".join(printable(r, 40) for r in sorted(current)) or "no row"
                raise SchemaVersionError(
                    f"the database's schema version table ('{VERSION_TABLE}') holds "
                    f"{len(current)} rows ({found}) where it should hold "
                    f"{len(heads)}; it was changed by hand: repair or restore it")
            if unknown:
                raise SchemaVersionError(
                    f"the database is at schema revision '{unknown[0]}', which this version "
                    f"of riichi-drill does not know (newest: {', '.join(sorted(heads))}); "
                    "upgrade riichi-drill"
                )
            if current == heads:
                return "current"
        else:
            metadata = load_models()
            ours = set(metadata.tables)
            present = ours & set(inspector.get_table_names())
            if present:
                raise SchemaVersionError(
                    "the database has riichi-drill tables "
                    f"({', '.join(sorted(present))}) but no schema version; "
                    "it was not made by riichi-drill"
                )
            metadata.create_all(conn)
            _stamp(conn, heads)
            return "created"
    upgrade(engine, migrations)
    return "upgraded"


@contextmanager
def _locked(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction that no other process can race (on schema work)."""
    from sqlalchemy import text

    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            conn = conn.execution_options(sqlite_begin="IMMEDIATE")
        with conn.begin():
            if engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_LOCK_KEY})
            yield conn


def _stamp(conn: Connection, heads: frozenset[str]) -> None:
    from sqlalchemy import Column, MetaData, PrimaryKeyConstraint, String, Table

    meta = MetaData()
    table = Table(
        VERSION_TABLE,
        meta,
        Column("version_num", String(32), nullable=False),
        PrimaryKeyConstraint("version_num", name="alembic_version_pkc"),
    )
    meta.create_all(conn)
    conn.execute(table.insert(), [{"version_num": h} for h in sorted(heads)])


def alembic_config(migrations: Path = MIGRATIONS_DIR, url: str | None = None) -> Any:
    """An Alembic ``Config`` built in code (no ``alembic.ini`` is needed)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(migrations))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(engine: Engine, migrations: Path = MIGRATIONS_DIR, revision: str = "head") -> None:
    """Run the Alembic migrations up to ``revision`` on the engine's database.

    On SQLite, foreign keys are switched off while the migrations run (batch
    mode copies and drops tables, and a dropped parent table would otherwise
    cascade-delete its children's rows), then checked and switched on again.

    Raises:
        SchemaVersionError: when the upgrade leaves rows that break a foreign key.
    """
    from alembic import command

    config = alembic_config(migrations)
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as conn:
        if sqlite:
            _raw_pragma(conn, "foreign_keys=OFF")
            conn = conn.execution_options(sqlite_begin="IMMEDIATE")
        try:
            with conn.begin():
                if engine.dialect.name == "postgresql":
                    conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_LOCK_KEY})")
                config.attributes["connection"] = conn
                command.upgrade(config, revision)
                if sqlite:
                    broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise SchemaVersionError(
                            f"upgrading the database broke {len(broken)} foreign key(s), "
                            f"first in table '{broken[0][0]}'; nothing was changed"
                        )
        finally:
            if sqlite:
                _raw_pragma(conn, "foreign_keys=ON")


def _raw_pragma(conn: Connection, pragma: str) -> None:
    """Run a PRAGMA outside any transaction (``foreign_keys`` is ignored inside one)."""
    cursor = conn.connection.cursor()
    try:
        cursor.execute(f"PRAGMA {pragma}")
    finally:
        cursor.close()
