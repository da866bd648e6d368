"""A student's app killed mid-set (SIGKILL) resumes with nothing lost.

``riichi-drill class join --server`` runs in a pseudo-terminal as a real
process, against ``riichi-drill class serve`` in its own; the test types the
answers key by key, kills the student's process with SIGKILL after some
answers are stored, joins again with the same name (the code kept on this
computer: nothing to type), checks that the app goes on at the first
unanswered question, and finishes the set. Runs on SQLite and on the real
PostgreSQL server.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from data.classroom import Classroom
from quiz.classroom.desk import question_for
from tests.support.paths import ROOT

ANSI = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[PX^_].*?\x1b\\|\x1b\][^\x07]*(?:\x07|\x1b\\)|\x1b."
)


class Terminal:
    """A process in a pseudo-terminal: keys in, screen text (escapes removed) out."""

    def __init__(self, argv: list[str], *, cols: int = 110, rows: int = 40,
                 home: Path | None = None) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(cols), "LINES": str(rows),
               "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
        env.pop("TEXTUAL", None)
        if home is not None:  # the student's own data folder (their kept code)
            env["XDG_DATA_HOME"] = str(home)
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                                     cwd=ROOT, start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        self.buffer = ""
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.buffer += data.decode("utf-8", "replace")

    def text(self) -> str:
        with self.lock:
            return ANSI.sub("", self.buffer)

    def wait_for(self, pattern: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if re.search(pattern, self.text()):
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"{pattern!r} not on screen; the screen ends with:\n"
                             f"{self.text()[-2000:]}")

    def type(self, text: str) -> None:
        for ch in text:
            os.write(self.master, ch.encode())
            # after Enter, give the form time to move to the next field (type-ahead that
            # arrives before the focus moves lands in the field just left)
            time.sleep(0.15 if ch == "\r" else 0.03)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        os.close(self.master)

    def close(self, timeout: float = 15.0) -> int:
        try:
            return self.proc.wait(timeout=timeout)
        finally:
            with contextlib.suppress(OSError):
                os.close(self.master)


def wait_until(check: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError("timed out waiting for the database")


def answer_text(classroom: Classroom, set_name: str, position: int) -> list[str]:
    """The right answer to each field of a question, as typed."""
    record = classroom.get_set(set_name)
    cq = classroom.questions(set_name)[position]
    q = question_for(cq.item, position, record.options)
    # a limit hand keeps its fu field, not marked: '-' says the fu do not matter
    return [q.key.expected_text(p) if p in q.parts else "-" for p in q.fields]


@pytest.mark.slow
def test_a_killed_student_resumes_with_nothing_lost(make_classroom, db_url: str,  # type: ignore[no-untyped-def]
                                                    tmp_path: Path) -> None:
    from bench.classroom import free_port, start_server, stop

    classroom: Classroom = make_classroom()
    classroom.create_set("Kill", "pw", count=6, seed=11)
    port = free_port()
    server = start_server(db_url, port, tmp_path / "server.log")
    argv = [sys.executable, "-m", "quiz", "class", "join", "Kill",
            "--server", f"http://127.0.0.1:{port}", "--student", "Kim"]
    home = tmp_path / "home"

    def answered() -> int:
        results = classroom.class_results("Kill", "pw")
        return results.student("Kim").answered if results.students else 0

    try:
        _take(classroom, argv, home, answered)
    finally:
        stop(server)


def _take(classroom: Classroom, argv: list[str], home: Path, answered: Any) -> None:
    term = Terminal(argv, home=home)
    try:
        term.wait_for(r"question 1 of 6")
        for pos in range(3):
            term.wait_for(rf"question {pos + 1} of 6")
            for field in answer_text(classroom, "Kill", pos):
                term.type(field + "\r")
                time.sleep(0.3)  # bursts into the next field are the answer form's (10.3)
            try:
                wait_until(lambda n=pos + 1: answered() == n)
            except AssertionError:
                raise AssertionError(ANSI.sub("", term.buffer)[-2500:]) from None
        term.wait_for(r"question 4 of 6")
        term.type("1")  # something typed on question 4, then the terminal is gone
    finally:
        term.kill()
    assert term.proc.returncode == -signal.SIGKILL

    assert answered() == 3

    term = Terminal(argv, home=home)
    try:
        term.wait_for(r"question 4 of 6")
        term.wait_for(r"Welcome back")
        for pos in range(3, 6):
            term.wait_for(rf"question {pos + 1} of 6")
            for field in answer_text(classroom, "Kill", pos):
                term.type(field + "\r")
                time.sleep(0.3)  # bursts into the next field are the answer form's (10.3)
            try:
                wait_until(lambda n=pos + 1: answered() == n)
            except AssertionError:
                raise AssertionError(ANSI.sub("", term.buffer)[-2500:]) from None
        term.wait_for(r"(?<!\^)q Quit")  # the results screen's footer
        term.type("q")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.kill()

    result = classroom.class_results("Kill", "pw").student("Kim")
    assert [a.position for a in result.answers] == list(range(6))
    wrong = [(a.position, a.parts) for a in result.answers if not a.correct or a.timed_out]
    assert not wrong
    assert result.finished
    from sqlalchemy import func, select

    from data.models.classroom import ClassAnswer

    with classroom.db.session() as s:
        assert s.scalar(select(func.count()).select_from(ClassAnswer)) == 6


@pytest.mark.slow
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_taken_name_ends_with_one_line_and_no_app(make_classroom, db_url: str,  # type: ignore[no-untyped-def]
                                                    tmp_path: Path) -> None:
    from bench.classroom import free_port, start_server, stop

    classroom: Classroom = make_classroom()
    classroom.create_set("Taken", "pw", count=2, seed=1)
    classroom.join("Taken", "Kim")
    port = free_port()
    server = start_server(db_url, port, tmp_path / "server.log")
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "quiz", "class", "join", "Taken", "--server",
             f"http://127.0.0.1:{port}", "--student", "Kim"], capture_output=True, text=True,
            cwd=ROOT, timeout=60,
            env={**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path)})
    finally:
        stop(server)
    assert proc.returncode == 2
    assert proc.stderr.strip() == (
        "riichi-drill: student name 'Kim' is already taken in practice set 'Taken'; "
        "to resume, give the code you were shown when you joined")
    assert len(classroom.class_results("Taken", "pw").students) == 1
