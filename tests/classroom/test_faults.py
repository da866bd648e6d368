"""The smaller faults of issue 23 (8), each against the real server or command."""

from __future__ import annotations

import asyncio
import gzip
import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from data.classroom import Classroom
from quiz.classroom.desk import ClassDesk
from quiz.classroom.server import make_app
from tests.support.paths import ROOT

Client = TestClient[web.Request, web.Application]


@pytest.fixture
async def client(classroom: Classroom) -> AsyncIterator[Client]:
    classroom.create_set("Small", "pw", count=1, seed=91)
    c = TestClient(TestServer(make_app(ClassDesk(classroom), fail_delay=0.0)))
    await c.start_server()
    yield c
    await c.close()


async def test_a_made_up_charset_is_read_as_utf8(client: Client) -> None:
    r = await client.post("/api/sets/Small/join", data=b'{"student": "Ann"}',
                          headers={"Content-Type": "application/json; charset=bogus"})
    assert r.status == 200
    r = await client.post("/api/sets/Small/join", data=b'{"student": "\xff"}',
                          headers={"Content-Type": "application/json; charset=bogus"})
    assert r.status == 400 and (await r.json())["error"] == "the request is not valid JSON"


async def test_a_nul_in_a_set_name_is_no_such_set(client: Client) -> None:
    for path in ("/api/sets/Sm%00all/join", "/api/sets/Sm%00all/results"):
        r = await client.post(path, json={"student": "Ann", "password": "pw"})
        doc = await r.json()
        assert r.status == 404 and doc["error"].startswith("no practice set named"), doc
        assert "psycopg" not in doc["error"] and "database" not in doc["error"]


async def test_the_teachers_report_is_built_off_the_event_loop(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    import quiz.classroom.report

    real = quiz.classroom.report.class_report

    def slow_report(*args: Any, **kwargs: Any) -> str:
        time.sleep(1.0)  # a class of a thousand students
        return real(*args, **kwargs)

    monkeypatch.setattr(quiz.classroom.report, "class_report", slow_report)
    report = asyncio.ensure_future(client.post("/api/sets/Small/results", json={"password": "pw"}))
    await asyncio.sleep(0.2)
    started = time.perf_counter()
    r = await client.get("/api/health")
    assert r.status == 200 and time.perf_counter() - started < 0.5
    assert (await report).status == 200


@pytest.mark.parametrize("server", ["http://[::1", "http://127.0.0.1:99999", "ftp://x"])
def test_a_bad_server_address_is_one_line(server: str) -> None:
    done = subprocess.run([sys.executable, "-m", "quiz", "class", "join", "S", "--server",
                           server, "--student", "Ann"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "is not a server address" in done.stderr


@pytest.mark.slow
def test_logs_are_read_and_inflated_within_bounds(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.mjlog.gz"
    bomb.write_bytes(gzip.compress(b"<" * (80 * 2**20), 9))  # 80 KB that inflate to 80 MB
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    db = tmp_path / "bank.db"
    for target, said in (("/dev/zero", "not a regular file"), (str(bomb), "larger than 64 MB")):
        done = subprocess.run(
            [sys.executable, "-m", "quiz", "--db", str(db), "bank", "import-log", target],
            cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and said in done.stdout, done.stdout + done.stderr
    done = subprocess.run([sys.executable, "-m", "quiz", "--db", str(db), "bank", "import",
                           str(fifo)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "not a regular file" in done.stderr


def test_the_inflated_size_is_bounded_before_it_is_held() -> None:
    from data.gamelog.detect import MAX_TEXT_BYTES, unpack
    from data.gamelog.errors import MalformedLogError

    small = gzip.compress(b"a" * (MAX_TEXT_BYTES + 10), 9)
    with pytest.raises(MalformedLogError, match="larger than 64 MB"):
        unpack(small, "bomb.gz")
    assert unpack(gzip.compress(b"<x/>") + gzip.compress(b"<y/>")) == "<x/><y/>"


@pytest.mark.parametrize("content", [b"", b"my notes\n"], ids=["empty", "text"])
def test_a_file_that_is_no_database_is_left_alone(tmp_path: Path, content: bytes) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_bytes(content)
    done = subprocess.run([sys.executable, "-m", "quiz", "--db", str(notes), "bank", "list"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "not a database" in done.stderr
    assert done.stderr.count("\n") == 1 and "sqlite3" not in done.stderr
    assert notes.read_bytes() == content
