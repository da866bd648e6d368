"""A read given up on a connection that stopped answering drops that connection only: a
write going on meanwhile on another connection of the same database completes, once.

The database is reached through a proxy that silences one connection for good as soon
as it carries a marked statement (the read's): a server that stopped answering on one
connection while the others work (PostgreSQL; skipped without the test server).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from data.db.database import Database
from data.errors import DatabaseUnavailableError
from quiz.settings import Settings
from quiz.store.drill import DrillStore
from tests.store.conftest import PausableProxy, wait_until
from tests.support.databases import fresh_postgres_database

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

#: A statement carrying this never gets an answer: its connection falls silent.
MARK = b"riichi-falls-silent"


@pytest.fixture
def proxied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str,
                                                                                PausableProxy]]:
    """A fresh database with its curated bank, and its URL through a silencing proxy."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the journal file's folder
    for url in fresh_postgres_database():
        DrillStore.open(url, generated=0).close()
        real = make_url(url)
        assert real.host is not None and real.port is not None
        proxy = PausableProxy(real.host, real.port, silence_on=MARK)
        try:
            yield (real.set(host="127.0.0.1", port=proxy.port)
                   .render_as_string(hide_password=False), proxy)
        finally:
            proxy.close()


def test_a_read_given_up_drops_its_silent_connection_and_a_write_going_on_completes_once(
        proxied: tuple[str, PausableProxy], monkeypatch: pytest.MonkeyPatch) -> None:
    url, proxy = proxied
    store = DrillStore.open(url, generated=0)
    try:
        store.reads.wait = 1.0  # the read's bound
        ann = store.learner("ann")
        attempts: list[float] = []
        writing = threading.Event()
        store_settings = DrillStore._store_settings

        def slow_write(self: DrillStore, entry: Any) -> None:
            """Store the settings, then go on in the same transaction for ~2.5 s, each
            statement answered in a quarter second: a long write that is healthy."""
            attempts.append(time.monotonic())
            store_settings(self, entry)
            writing.set()
            with self.database.begin() as conn:
                for _ in range(10):
                    conn.exec_driver_sql("SELECT pg_sleep(0.25)")

        monkeypatch.setattr(DrillStore, "_store_settings", slow_write)
        abandoned: list[int] = []
        abandon = Database.abandon_connections

        def counted(self: Database, **kw: Any) -> int:
            abandoned.append(n := abandon(self, **kw))
            return n

        monkeypatch.setattr(Database, "abandon_connections", counted)
        saved = store.save_settings(ann.id, Settings(session_length=7))
        assert writing.wait(10)
        read_ended: list[BaseException] = []

        def silent_read() -> None:
            try:
                with store.database.engine.connect() as conn:
                    conn.exec_driver_sql(f"SELECT '{MARK.decode()}'")
            except BaseException as e:  # the point: it ends once given up
                read_ended.append(e)
                raise

        start = time.monotonic()
        with pytest.raises(DatabaseUnavailableError) as given_up:
            store.read(silent_read)
        assert given_up.value.state == "silent"
        assert time.monotonic() - start < 3
        assert proxy.silenced == 1
        # the read's connection was given up: the stuck read ends at once with an error
        assert wait_until(lambda: bool(read_ended), 3)
        # the write going on completes on its own connection: stored once, never retried
        assert store.flush(15)
        assert len(attempts) == 1, f"the write was tried {len(attempts)} times"
        # one connection dropped in all, the read's (at once, or by the sweep that follows
        # while reads are stalled), never the write's
        assert sum(abandoned) == 1, abandoned
        assert time.monotonic() - attempts[0] < 15
        assert store.status.state is None and store.status.waiting == 0
        from data.learners import StoredEntries

        assert StoredEntries(store.database).exists(saved.entry)
        # and the reads come back (a probe on a new connection answers)
        assert wait_until(lambda: not store.reads_stalled, 10)
        assert store.read(lambda: store.settings_store.all(ann.id))["session_length"] == 7
    finally:
        store.close()


@pytest.fixture
def database() -> Iterator[Database]:
    """A fresh PostgreSQL database, opened directly."""
    from data.db.schema import open_database

    for url in fresh_postgres_database():
        db = open_database(url)
        try:
            yield db
        finally:
            db.close()


def _stuck(db: Database, ended: list[BaseException]) -> None:
    """A statement the server answers in 30 s only (the test gives it up sooner)."""
    try:
        with db.engine.connect() as conn:
            conn.exec_driver_sql("SELECT pg_sleep(30)")
    except BaseException as e:  # the point: it ends
        ended.append(e)


def _healthy(db: Database, errors: list[BaseException], done: threading.Event) -> None:
    """A transaction of quick statements, with a pause between two of them."""
    try:
        with db.engine.begin() as conn:
            for _ in range(12):
                conn.exec_driver_sql("SELECT pg_sleep(0.2)")
            time.sleep(1.5)  # between statements: waiting for nothing
            conn.exec_driver_sql("SELECT 1")
    except BaseException as e:
        errors.append(e)
    finally:
        done.set()


def test_only_connections_waiting_past_the_bound_or_on_the_readers_thread_are_given_up(
        database: Database) -> None:
    """A statement the server has not answered for over a second is given up; connections
    whose statements get their answers, or that wait between statements, are not."""
    ended: list[BaseException] = []
    errors: list[BaseException] = []
    done = threading.Event()
    waiter = threading.Thread(target=_stuck, args=(database, ended), daemon=True)
    waiter.start()
    time.sleep(1.5)
    threading.Thread(target=_healthy, args=(database, errors, done), daemon=True).start()
    time.sleep(0.5)
    # this thread waits on no connection: nothing of it is given up
    assert database.abandon_connections(reader=threading.get_ident()) == 0
    assert database.abandon_connections(silent_for=1.0) == 1  # the stuck statement only
    waiter.join(5)
    assert ended and not waiter.is_alive()
    assert done.wait(10) and errors == []
    # the thread a read was given up on: its waiting connection goes, whatever its age
    ended.clear()
    waiter = threading.Thread(target=_stuck, args=(database, ended), daemon=True)
    waiter.start()
    time.sleep(0.5)
    assert database.abandon_connections(reader=waiter.ident, silent_for=60) == 1
    waiter.join(5)
    assert ended and not waiter.is_alive()
    database.ping()
