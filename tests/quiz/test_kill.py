"""A killed app loses at most the question on screen.

The real ``riichi-drill`` runs in a pseudo-terminal on a database file; the test
answers questions through the keyboard, kills the process with SIGKILL while a
question is half answered, and checks that every answered question is in the
history; then it starts the app again on the same file and answers once more.
"""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from tests.support.paths import ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")


class Terminal:
    """``riichi-drill`` in an 80x24 pseudo-terminal, its output drained by a thread."""

    def __init__(self, db: Path, learner: str) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT),
               "COLUMNS": "80", "LINES": "24"}
        env.pop("TEXTUAL", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "quiz", "--db", str(db), "--learner", learner],
            stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT,
            start_new_session=True)
        os.close(slave)
        self.master = master
        self.output = bytearray()
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.output.extend(chunk)

    def wait_for(self, text: str, timeout: float = 30.0) -> None:
        """Wait until ``text`` has been drawn (after what was seen so far)."""
        start = len(self.output)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text.encode() in bytes(self.output[max(0, start - len(text)):]):
                return
            if self.proc.poll() is not None:
                raise AssertionError(f"the app ended ({self.proc.returncode}): "
                                     f"{bytes(self.output[-2000:])!r}")
            time.sleep(0.05)
        raise AssertionError(f"'{text}' never came up: {bytes(self.output[-2000:])!r}")

    def type(self, keys: str, pause: float = 0.25) -> None:
        for ch in keys:
            os.write(self.master, ch.encode())
            time.sleep(pause)

    def kill(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        os.close(self.master)


def attempts(db: Path, learner: str) -> int:
    """How many answers of ``learner`` the database holds (read only: opening a store
    here would store, as a second app, what the running app's journal holds)."""
    conn = sqlite3.connect(db)
    try:
        row = conn.execute("SELECT count(*) FROM attempts a JOIN learners l "
                           "ON l.id = a.learner_id WHERE l.name = ?", (learner,)).fetchone()
    finally:
        conn.close()
    return int(row[0])


def wait_for_attempts(db: Path, learner: str, n: int, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if attempts(db, learner) == n:
            return
        time.sleep(0.1)
    raise AssertionError(f"expected {n} stored answers, found {attempts(db, learner)}")


@pytest.mark.slow
def test_every_answered_question_survives_a_sigkill(tmp_path: Path) -> None:
    from data.bank.build import DEFAULT_GENERATED, ensure_bank
    from data.db.schema import open_database

    db = tmp_path / "drill.db"
    database = open_database(db)
    ensure_bank(database, DEFAULT_GENERATED)
    database.close()

    term = Terminal(db, "kim")
    try:
        term.wait_for("Q1/")
        for n in range(1, 4):
            term.type("?\r?\r?\r")
            wait_for_attempts(db, "kim", n)
            term.type("\r")
            term.wait_for(f"Q{n + 1}/")
        term.type("30")
    finally:
        term.kill()
    assert attempts(db, "kim") == 3

    again = Terminal(db, "kim")
    try:
        again.wait_for("Q1/")
        again.type("?\r?\r?\r")
        wait_for_attempts(db, "kim", 4)
    finally:
        again.kill()
    from quiz.store.drill import DrillStore

    store = DrillStore.open(str(db), generated=0)
    try:
        rows = store.history(store.learner("kim").id)
    finally:
        store.close()
    assert len(rows) == 4
    assert len({r.session for r in rows}) == 2
    assert all(p.given == "?" for r in rows for p in r.parts)


def journalled(db: Path) -> int:
    """How many answers wait in the database's journal file (not yet marked stored)."""
    from quiz.store.journal import AnswerJournal, journal_path

    return len(AnswerJournal(journal_path(f"sqlite:///{db}")).read())


@pytest.mark.slow
@pytest.mark.parametrize("locked", [False, True], ids=["database-free", "database-locked"])
def test_an_answer_is_kept_as_soon_as_its_explanation_shows(tmp_path: Path,
                                                           locked: bool) -> None:
    """The explanation does not wait for the database: the answer is in the journal file
    before it is drawn. Killed right then, the answer is in the database or the journal
    (locked: only the journal can hold it), and the next start stores it exactly once."""
    from data.bank.build import DEFAULT_GENERATED, ensure_bank
    from data.db.schema import open_database
    from tests.store.conftest import WriteLock

    db = tmp_path / "drill.db"
    database = open_database(db)
    ensure_bank(database, DEFAULT_GENERATED)
    database.close()

    term = Terminal(db, "kim")
    lock = None
    try:
        term.wait_for("Q1/")
        if locked:
            lock = WriteLock(db)  # nothing can be written: the journal alone keeps the answer
        term.type("?\r?\r?", pause=0.1)
        term.type("\r", pause=0)
        term.wait_for("Not quite")  # the explanation is drawn: kill at once
    finally:
        term.kill()
    if lock is not None:
        assert attempts(db, "kim") == 0
        assert journalled(db) == 1
        lock.release()
    else:
        assert attempts(db, "kim") + journalled(db) >= 1

    again = Terminal(db, "kim")
    try:
        again.wait_for("Q1/")
        wait_for_attempts(db, "kim", 1)
        time.sleep(0.5)  # nothing more comes
    finally:
        again.kill()
    assert attempts(db, "kim") == 1
    assert journalled(db) == 0
