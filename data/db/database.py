"""An open database: its engine, sessions, transactions and units of work."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .liveness import replies_of, shut_down
from .url import is_memory

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine
    from sqlalchemy.orm import Session, sessionmaker

#: The table Alembic keeps the schema revision in.
VERSION_TABLE = "alembic_version"


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
        if self._unit_connection() is not None or is_memory(self.url):
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
        replies = replies_of(self.engine)
        if replies is None:
            return 0
        everything = reader is None and silent_for is None
        targets = list(replies.opened) if everything else replies.stalled(reader, silent_for)
        dropped = 0
        for conn in targets:
            if shut_down(conn):
                dropped += 1
            replies.opened.discard(conn)
        if dropped or everything:
            self.engine.dispose(close=False)  # a new pool: the old connections are not reused
        return dropped


# --------------------------------------------------------------------------- schema
