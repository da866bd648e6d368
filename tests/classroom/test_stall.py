"""A stalled database (issue 23, 6): every request is answered within the server's deadline
(a 503 in one line), and an answer sent meanwhile is stored exactly once when sent again."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from data.classroom import Classroom
from quiz.classroom.desk import ClassDesk
from quiz.classroom.server import make_app
from tests.classroom.test_server import right_answers

#: The server's deadline in this test, and how long the database stalls.
DEADLINE, STALL = 1.5, 5.0


def stall(classroom: Classroom, ready: threading.Event, seconds: float) -> None:
    """Hold the database still: every statement on the class tables waits."""
    import sqlite3

    from sqlalchemy import text

    if classroom.db.is_sqlite:
        raw = sqlite3.connect(str(classroom.db.engine.url.database), isolation_level=None)
        try:
            raw.execute("BEGIN EXCLUSIVE")
            ready.set()
            time.sleep(seconds)
            raw.execute("ROLLBACK")
        finally:
            raw.close()
        return
    with classroom.db.engine.connect() as conn:
        conn.execute(text("LOCK TABLE class_enrolments, class_sets, class_limits "
                          "IN ACCESS EXCLUSIVE MODE"))
        ready.set()
        time.sleep(seconds)
        conn.rollback()


@pytest.mark.slow
async def test_every_request_is_answered_in_time_while_the_database_stalls(
    classroom: Classroom
) -> None:
    classroom.create_set("Stall", "pw", count=2, seed=95)
    client = TestClient(TestServer(make_app(ClassDesk(classroom), fail_delay=0.0,
                                            deadline=DEADLINE)))
    await client.start_server()
    try:
        r = await client.post("/api/sets/Stall/join", json={"student": "Ann"})
        token = (await r.json())["token"]
        auth = {"Authorization": f"Bearer {token}"}
        answer = {"position": 0, "answers": right_answers(classroom, "Stall", 0),
                  "seconds": 2, "timed_out": False}
        ready = threading.Event()
        holder = threading.Thread(target=stall, args=(classroom, ready, STALL))
        holder.start()
        assert await asyncio.to_thread(ready.wait, 10)

        async def timed(method: str, path: str, **kw: Any) -> tuple[int, float, Any]:
            started = time.perf_counter()
            r = await client.request(method, path, **kw)
            return r.status, time.perf_counter() - started, await r.json()

        got = await asyncio.gather(
            timed("GET", "/api/health"),
            timed("POST", "/api/sets/Stall/join", json={"student": "Bo"}),
            timed("POST", "/api/sets/Stall/answers", json=answer, headers=auth),
            timed("POST", "/api/sets/Stall/results", json={"password": "pw"}))
        for status, took, doc in got:
            assert took < DEADLINE + 1.0, (status, took, doc)
            if status != 200:
                assert status == 503 and "\n" not in doc["error"], doc
        assert any(status == 503 for status, _, _ in got)
        await asyncio.to_thread(holder.join, 30)
        # the database is back: the answer sent again is stored once
        r = await client.post("/api/sets/Stall/answers", json=answer, headers=auth)
        assert r.status == 200
        assert classroom.class_results("Stall", "pw").student("Ann").answered == 1
    finally:
        await client.close()
