"""Connecting: a SQLAlchemy engine with the settings each database needs
(SQLite: foreign keys, WAL, busy timeout, real BEGIN; PostgreSQL: connect and
statement timeouts, TCP keepalive)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import DatabaseError
from .liveness import Replies, name_unavailable, opened_connections
from .url import is_memory, resolve_url

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

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
        if is_memory(url):
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
        replies = Replies(engine.dialect)
        opened_connections()[engine] = replies
        event.listen(engine, "connect", lambda dbapi, _record: replies.opened.add(dbapi))
    if sqlite:
        event.listen(engine, "connect", _sqlite_on_connect)
        event.listen(engine, "begin", _sqlite_on_begin)
    event.listen(engine, "handle_error", name_unavailable)
    return engine


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


def _check_sqlite_folder(url: str) -> None:
    path = url.split(":///", 1)[1].split("?", 1)[0] if ":///" in url else ""
    path = path.removeprefix("file:")  # a URI filename (``?uri=true``)
    if path and not Path(path).parent.is_dir():
        raise DatabaseError(f"cannot create the database '{path}': its folder does not exist")
    if path and Path(path).exists():  # never make a database of a file that is something else
        if not Path(path).is_file():
            raise DatabaseError(f"cannot open the database '{path}': it is a folder, a pipe "
                                "or a device, not a database")
        if not Path(path).stat().st_size or not _is_sqlite(path):
            what = "another kind of file" if Path(path).stat().st_size else "an empty file"
            raise DatabaseError(f"cannot open the database '{path}': it is {what}, not a "
                                "database (nothing was changed)")


def _is_sqlite(path: str) -> bool:
    """Whether a file is an SQLite database, asked through SQLite itself (read-only).

    Never with Python's own ``open``: closing another descriptor of a file drops every
    POSIX lock this process holds on it, the locks of SQLite's open connections too.
    """
    import sqlite3

    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return True  # cannot be opened read-only here: let the engine say why
    try:
        conn.execute("PRAGMA schema_version").fetchone()
        return True
    except sqlite3.DatabaseError as e:
        return "not a database" not in str(e)
    finally:
        conn.close()


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
