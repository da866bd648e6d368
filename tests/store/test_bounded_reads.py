"""The screens' reads are bounded: a read the database does not answer is given up,
the reads after it fail at once, and the first read to end brings them back."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from data.errors import DatabaseUnavailableError
from quiz.store.reads import BoundedReads
from tests.store.conftest import wait_until


def test_a_read_with_no_answer_is_given_up_and_the_next_fail_at_once() -> None:
    reads = BoundedReads(wait=3.0)
    told: list[bool] = []
    reads.listen(told.append)
    answer = threading.Event()
    assert reads.run(lambda: 7) == 7
    start = time.monotonic()
    with pytest.raises(DatabaseUnavailableError) as stuck:
        reads.run(lambda: answer.wait(30))
    assert stuck.value.state == "silent" and "not answering" in str(stuck.value)
    assert time.monotonic() - start < 15
    assert reads.stalled and told == [True]
    start = time.monotonic()
    with pytest.raises(DatabaseUnavailableError):
        reads.run(lambda: 8)  # no waiting behind the stuck read
    assert time.monotonic() - start < 1.5  # waiting behind it would take the 3 s bound
    answer.set()  # the database answers again
    assert wait_until(lambda: not reads.stalled, 5)
    assert told == [True, False]
    assert reads.run(lambda: 9) == 9


def test_errors_of_a_read_reach_the_caller_and_a_read_within_a_read_runs_inline() -> None:
    reads = BoundedReads(wait=2)

    def broken() -> int:
        raise KeyError("bug")

    with pytest.raises(KeyError):
        reads.run(broken)
    assert reads.run(lambda: reads.run(lambda: 3) + 1) == 4  # never waits for itself
    assert not reads.stalled


def test_a_read_given_up_drops_its_connections_and_a_probe_ends_the_stall(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The stuck read never finishes: its connections are given up, and the first probe
    that answers brings the reads back (they do not wait for the stuck one)."""
    import quiz.store.reads as reads_module

    monkeypatch.setattr(reads_module, "PROBE_EVERY", 0.1)
    server_answers = threading.Event()
    dropped: list[float] = []
    never = threading.Event()

    def probe() -> None:
        if not server_answers.is_set():
            raise ConnectionError("no answer yet")

    reads = BoundedReads(wait=0.3, abandon=lambda reader: dropped.append(time.monotonic()),
                         probe=probe)
    told: list[bool] = []
    reads.listen(told.append)
    stuck_done = threading.Event()

    def stuck() -> None:
        try:
            never.wait(60)  # a connection that never answers...
            raise ConnectionError("server closed the connection unexpectedly")
        finally:
            stuck_done.set()

    with pytest.raises(DatabaseUnavailableError):
        reads.run(stuck)
    assert dropped, "the connections of the stuck read were not given up"
    never.set()  # ...until it is dropped: it ends with an error
    assert wait_until(stuck_done.is_set, 2)
    time.sleep(0.5)
    assert reads.stalled  # the server does not answer the probes yet
    server_answers.set()
    assert wait_until(lambda: not reads.stalled, 3)
    assert told == [True, False]
    assert reads.run(lambda: 5) == 5


def test_postgres_connections_get_keepalive_and_timeouts_unless_the_url_sets_them() -> None:
    from data.db.engine import CONNECT_TIMEOUT_S, TCP_USER_TIMEOUT_MS, postgres_timeouts

    args = postgres_timeouts("postgresql+psycopg://u@h/db")
    assert args["connect_timeout"] == CONNECT_TIMEOUT_S
    assert args["keepalives"] == 1 and args["keepalives_idle"] > 0
    assert args["keepalives_interval"] > 0 and args["keepalives_count"] > 0
    assert args["tcp_user_timeout"] == TCP_USER_TIMEOUT_MS
    assert "statement_timeout" in args["options"]
    own = postgres_timeouts("postgresql+psycopg://u@h/db?keepalives=0&tcp_user_timeout=1")
    assert "keepalives" not in own and "tcp_user_timeout" not in own


def _sleep_on(db: Any, ended: list[BaseException]) -> None:
    """A statement that runs 30 s on the server (it is ended sooner)."""
    from sqlalchemy import text

    try:
        with db.engine.connect() as conn:
            conn.execute(text("SELECT pg_sleep(30)"))
    except BaseException as e:  # the point: it ends
        ended.append(e)


@pytest.mark.postgres
def test_a_statement_stuck_on_postgres_ends_at_once_when_its_connection_is_given_up() -> None:
    from data.db.schema import open_database
    from tests.support.databases import fresh_postgres_database

    for url in fresh_postgres_database():
        db = open_database(url)
        try:
            ended: list[BaseException] = []
            thread = threading.Thread(target=_sleep_on, args=(db, ended), daemon=True)
            thread.start()
            time.sleep(1.0)
            start = time.monotonic()
            assert db.abandon_connections() >= 1
            thread.join(5)
            assert not thread.is_alive() and ended  # ended with an error, at once
            assert time.monotonic() - start < 5
            db.ping()  # a new connection answers
        finally:
            db.close()


def test_abandoning_connections_on_sqlite_does_nothing() -> None:
    from data.db.schema import open_database

    db = open_database(":memory:")
    try:
        db.ping()
        assert db.abandon_connections() == 0
        db.ping()
    finally:
        db.close()
