"""Never hang: every connection has a timeout, every command ends, Ctrl+Q and
Ctrl+C always quit, even while the database does not answer."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from data.db import engine as db_engine
from data.db.engine import create_engine
from data.db.schema import open_database
from data.errors import DatabaseUnavailableError
from quiz.app import create_app
from tests.store.conftest import write_locked
from tests.support.paths import ROOT

#: The longest any command may take against a server that never answers
#: (the connect timeout, plus starting Python on a loaded machine).
BOUND = db_engine.CONNECT_TIMEOUT_S + 20


def run_cli(*args: str, timeout: float = BOUND) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "quiz", *args], capture_output=True,
                          text=True, timeout=timeout, env=env, cwd=ROOT)
    return proc, time.monotonic() - start


def test_postgres_connections_get_a_connect_and_statement_timeout() -> None:
    timeouts = db_engine.postgres_timeouts("postgresql+psycopg://u@127.0.0.1:1/none")
    assert timeouts["connect_timeout"] == db_engine.CONNECT_TIMEOUT_S
    assert f"statement_timeout={db_engine.STATEMENT_TIMEOUT_MS}" in timeouts["options"]
    assert f"lock_timeout={db_engine.STATEMENT_TIMEOUT_MS}" in timeouts["options"]
    own = db_engine.postgres_timeouts("postgresql+psycopg://u@h/d?connect_timeout=2")
    assert "connect_timeout" not in own  # the URL's own wins
    engine = create_engine("postgresql://u@127.0.0.1:1/none")
    assert engine.pool._pre_ping  # a restarted server is reconnected


def test_sqlite_connections_wait_for_a_lock_a_bounded_time(tmp_path: Path) -> None:
    database = open_database(tmp_path / "x.db")
    with database.engine.connect() as conn:
        busy = conn.exec_driver_sql("PRAGMA busy_timeout").scalar()
    database.close()
    assert busy == db_engine.SQLITE_BUSY_TIMEOUT_MS


@pytest.mark.parametrize("command", [["bank", "list"], ["bank", "stats"], ["bank", "show", "x"],
                                     ["bank", "export", "-"]])
@pytest.mark.slow
def test_bank_commands_end_on_a_server_that_never_answers(silent_server: int,
                                                          command: list[str]) -> None:
    url = f"postgresql://nobody@127.0.0.1:{silent_server}/none"
    proc, took = run_cli(*command, "--db", url)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "cannot open the database" in lines[0] and "timeout" in lines[0]
    assert f"no answer within {db_engine.CONNECT_TIMEOUT_S} s" in lines[0]
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    assert took < BOUND


def test_a_locked_sqlite_database_gives_up_with_one_line(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(db_engine, "SQLITE_BUSY_TIMEOUT_MS", 300)
    path = tmp_path / "x.db"
    open_database(path).close()
    database = open_database(path)
    with write_locked(path):
        from data.learners import Learners

        start = time.monotonic()
        with pytest.raises(DatabaseUnavailableError) as caught:
            Learners(database).get_or_create("ann")
        assert time.monotonic() - start < 5
    assert caught.value.state == "busy"
    assert "busy" in str(caught.value) and "\n" not in str(caught.value)
    database.close()


def test_a_read_only_database_is_named_so(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    open_database(path).close()
    database = open_database(f"sqlite:///file:{path}?mode=ro&uri=true")
    from data.learners import Learners

    with pytest.raises(DatabaseUnavailableError) as caught:
        Learners(database).get_or_create("ann")
    assert caught.value.state == "read-only" and "read-only" in str(caught.value)
    database.close()
    assert sqlite3.connect(path).execute("SELECT count(*) FROM learners").fetchone() == (0,)


@pytest.mark.parametrize("key", ["ctrl+q", "ctrl+c"])
async def test_the_app_quits_at_once_while_the_database_does_not_answer(
        silent_server: int, key: str) -> None:
    app = create_app(f"postgresql://nobody@127.0.0.1:{silent_server}/none", learner="ann")
    start = time.monotonic()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.5)
        assert "Opening the question bank" in str(app.screen.query_one("#loading").render())
        pressed = time.monotonic()
        await pilot.press(key)
        await pilot.pause(0.2)
    quit_took = time.monotonic() - pressed
    assert quit_took < 2.0
    assert time.monotonic() - start < db_engine.CONNECT_TIMEOUT_S
    assert app.error is None  # the learner quit: no error to report


@pytest.mark.slow
async def test_the_app_names_a_server_that_never_answers(silent_server: int) -> None:
    app = create_app(f"postgresql://nobody@127.0.0.1:{silent_server}/none", learner="ann")
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(int((db_engine.CONNECT_TIMEOUT_S + 10) / 0.1)):
            if app.error is not None:
                break
            await pilot.pause(0.1)
    assert app.error is not None and "timeout" in app.error
    assert app.return_value == 2
