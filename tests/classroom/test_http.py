"""The classroom over real HTTP: the server in its own process, students in theirs.

- 30 students, each its own process, take a set through ``class serve``:
  every answer is stored exactly once and the teacher's figures add up.
- The server goes away mid-set: the student's answer is kept (memory and the
  journal file), the screen's controller says so, and once the server is back
  the answer is sent and stored exactly once.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

from bench.classroom import free_port, prepare, run_class, start_server, stop, stored_counts
from quiz.classroom.client import ClassController, HttpLink, Kept
from quiz.classroom.wire import Receipt


def teacher_report(base: str, set_name: str) -> dict[str, object]:
    req = urllib.request.Request(
        f"{base}/api/sets/{urllib.request.quote(set_name)}/results",
        data=json.dumps({"password": "pw"}).encode(), method="POST",
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        doc: dict[str, object] = json.loads(r.read())
    return doc


@pytest.mark.slow
def test_thirty_students_in_their_own_processes(db_url: str, tmp_path: Path) -> None:
    prepare(db_url, 5, ["Room"])
    port = free_port()
    server = start_server(db_url, port, tmp_path / "server.log")
    base = f"http://127.0.0.1:{port}"
    try:
        got = run_class(base, db_url, "Room", 30, think=0.1)
        assert got["answers"] == 150
        assert stored_counts(db_url, "Room") == (150, 150)
        report = teacher_report(base, "Room")
        assert report["answers"] == 150 and report["right"] == got["right"]
        text = str(report["report"])
        assert f"{got['right']} of 150 questions fully right" in text
        assert all(len(line) <= 80 for line in text.splitlines())
    finally:
        stop(server)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@pytest.mark.slow
def test_an_answer_typed_while_the_server_is_away_is_kept_and_sent_once(
    db_url: str, tmp_path: Path
) -> None:
    prepare(db_url, 3, ["Away"])
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(db_url, port, tmp_path / "server1.log")
    folder = tmp_path / "student"
    try:
        link = HttpLink(base, "Away", timeout=3)
        controller = ClassController(link, where=base, folder=folder)
        session = controller.join("Ann")
        assert session.code and controller.saved_code("Ann") == session.code
        questions = controller.load()

        def right(n: int) -> dict:  # type: ignore[type-arg]
            q = questions[n]
            return {p: q.key.expected_text(p) for p in q.parts}

        first = controller.submit(0, right(0), seconds=2.0)
        assert isinstance(first, Receipt) and first.created
        stop(server)

        kept = controller.submit(1, right(1), seconds=3.0)
        assert isinstance(kept, Kept) and kept.waiting == 1
        assert "does not answer" in kept.reason
        journal = list(folder.glob("journal-*.json"))
        assert len(journal) == 1 and json.loads(journal[0].read_text())[0]["position"] == 1
        assert controller.next_position == 2  # the student goes on with loaded questions

        # a fresh controller (the app was closed and opened again) finds the journal
        again = ClassController(HttpLink(base, "Away", timeout=3), where=base, folder=folder)
        server = start_server(db_url, port, tmp_path / "server2.log")
        again.join("Ann")  # the code kept on this computer: no typing
        assert [p.position for p in again.pending] == [1]
        sent = again.flush()
        assert isinstance(sent, list) and [r.position for r in sent] == [1]
        assert sent[0].created
        assert not list(folder.glob("journal-*.json"))
        # sending it once more (a lost reply) stores nothing new
        repeat = again.link.submit(1, {k.value: v for k, v in right(1).items()},
                                   seconds=3.0, timed_out=False)
        assert isinstance(repeat, Receipt) and not repeat.created
        assert stored_counts(db_url, "Away") == (2, 2)
    finally:
        stop(server)
