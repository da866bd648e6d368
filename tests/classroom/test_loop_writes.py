"""PostgreSQL: the classroom server writes a batch of answers from its event loop.

:meth:`Classroom.record_next_answers_in_loop` must keep every rule of the
threaded batch (:meth:`Classroom.record_next_answers`): one answer per
question, in order, none after the set's end or its time, a repeat writing
nothing; and the server, when that write fails, still stores each answer once
the ordinary way, answering each request only after its commit.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from data.classroom import Classroom, NextAnswer, PartResult, SetOptions
from quiz.classroom.desk import ClassDesk
from quiz.classroom.server import ClassServer
from tests.classroom.test_fast import statements
from tests.classroom.test_server import right_answers
from tests.support.databases import table_counts

pytestmark = pytest.mark.postgres


def parts(right: bool = True) -> tuple[PartResult, ...]:
    return (PartResult("fu", "30", "30", True), PartResult("han", "2", "2", True),
            PartResult("payment", "2000" if right else "1000", "2000", right))


@pytest.fixture
def pg_classroom(pg_url: str, make_classroom: Any) -> Classroom:
    return make_classroom()  # type: ignore[no-any-return]


@pytest.fixture(params=["postgres"])
def db_url(pg_url: str) -> str:  # every test here is on PostgreSQL
    return pg_url


def test_a_batch_from_the_loop_keeps_every_rule(pg_classroom: Classroom) -> None:
    c = pg_classroom
    assert c.writes_from_the_loop()
    made = c.create_set("Loop", "pw", count=2, seed=71)
    timed = c.create_set("LoopTimed", "pw", count=3, seed=72, options=SetOptions(set_seconds=10))
    ann, bo, cy = (c.join("Loop", n) for n in ("Ann", "Bo", "Cy"))
    dee = c.join("LoopTimed", "Dee")

    def answer(session: Any, position: int, right: bool = True, seconds: float = 2.0,
               record: Any = made, topics: tuple[str, ...] = ()) -> NextAnswer:
        return NextAnswer(record, session.enrolment_id, position, parts(right), topics, seconds,
                          False)

    async def scene() -> None:
        try:
            batch = [answer(ann, 0), answer(bo, 0, right=False, topics=("fu:closed_ron",)),
                     answer(cy, 1),  # not Cy's next question
                     answer(ann, 1),  # a second answer of Ann's in the same batch
                     answer(dee, 0, seconds=10.0, record=timed)]
            with statements(c) as seen:
                stored = await c.record_next_answers_in_loop(batch)
            assert seen == []  # not through a thread's connection
            assert [s is not None for s in stored] == [True, True, False, False, True]
            assert stored[1] is not None and not stored[1].correct
            assert stored[1].concepts == ("fu:closed_ron",)
            # again: each is now a repeat, and Dee's time is used up
            again = await c.record_next_answers_in_loop(
                [*batch[:2], answer(dee, 1, record=timed)])
            assert again == [None, None, None]
            last = await c.record_next_answers_in_loop([answer(ann, 1), answer(bo, 1)])
            assert all(s is not None for s in last)
        finally:
            await c.close_loop_writer()

    asyncio.run(scene())
    counts = table_counts(c)
    assert counts["class_answers"] == 5 and counts["class_answer_concepts"] == 1
    assert c.session(ann.enrolment_id).finished
    # what the loop wrote reads back as the threaded write would have stored it
    stored = c.stored_answer(bo.enrolment_id, 0)
    assert stored is not None and not stored.correct and stored.seconds == 2.0


async def test_the_server_stores_each_answer_once_when_the_loop_write_fails(
        pg_classroom: Classroom, monkeypatch: pytest.MonkeyPatch) -> None:
    c = pg_classroom
    c.create_set("Fails", "pw", count=3, seed=73)
    failures = [0]
    real = Classroom.record_next_answers_in_loop

    async def flaky(self: Classroom, answers: Any) -> Any:
        if failures[0] < 2:  # the first two batches fail (a connection gone)
            failures[0] += 1
            raise OSError("the connection was closed")
        return await real(self, answers)

    monkeypatch.setattr(Classroom, "record_next_answers_in_loop", flaky)
    server = ClassServer(ClassDesk(c), fail_delay=0.0)
    assert server._commits is not None and server._commits.in_loop is not None
    client = TestClient(TestServer(server.app()))
    await client.start_server()
    try:
        tokens = []
        for name in ("Ann", "Bo", "Cy", "Dee"):
            r = await client.post("/api/sets/Fails/join", json={"student": name})
            tokens.append((await r.json())["token"])

        async def take(token: str) -> list[bool]:
            created = []
            for n in range(3):
                r = await client.post("/api/sets/Fails/answers", json={
                    "position": n, "answers": right_answers(c, "Fails", n), "seconds": 1.0,
                    "timed_out": False}, headers={"Authorization": f"Bearer {token}"})
                assert r.status == 200, await r.text()
                created.append((await r.json())["created"])
            return created

        done = await asyncio.gather(*(take(t) for t in tokens))
        assert all(all(d) for d in done)
    finally:
        await client.close()
    assert failures[0] == 2
    assert table_counts(c)["class_answers"] == 12  # each stored once, none lost


@pytest.mark.slow
def test_a_class_filling_its_tables_is_not_checked_by_scanning_them(
        pg_classroom: Classroom) -> None:
    """PostgreSQL plans each foreign-key check once per connection, from the statistics of
    the time. With ``class_answers`` analysed while nearly empty (as autovacuum does in
    a young database), the loop writer's kept connection checked each part stored by
    scanning that table whole: the rows read grew with the square of the answers
    (PostgreSQL's time per answer grew fivefold over a bench's 2,400). The writer now
    renews the tables' statistics as they grow, and the checks are planned anew: a
    class of 2,000 answers reads about a tenth of the rows it read (6 million before,
    0.65 million now)."""
    from sqlalchemy import text

    c = pg_classroom
    made = c.create_set("Filling", "pw", count=10, seed=73)
    students = [c.join("Filling", f"S{i:03d}") for i in range(200)]
    stored = 0

    async def scene() -> None:
        nonlocal stored
        try:
            for position in range(10):
                for at in range(0, len(students), 20):
                    batch = [NextAnswer(made, s.enrolment_id, position, parts(), (), 1.0, False)
                             for s in students[at:at + 20]]
                    done = await c.record_next_answers_in_loop(batch)
                    stored += sum(d is not None for d in done)
                    if stored == 20:  # as autovacuum does while a table is young
                        with c.db.session() as s:
                            s.execute(text("ANALYZE class_answers"))
                            s.commit()
        finally:
            await c.close_loop_writer()  # the writer's connection ends: its counts are in

    asyncio.run(scene())
    assert stored == 2000
    with c.db.session() as s:
        read = 0
        for _ in range(100):  # a closed connection's counts reach the server soon after
            s.execute(text("SELECT pg_stat_clear_snapshot()"))
            row = s.execute(text(
                "SELECT n_tup_ins, seq_tup_read FROM pg_stat_user_tables "
                "WHERE relname = 'class_answers'")).one()
            read = int(row.seq_tup_read or 0)
            if int(row.n_tup_ins or 0) >= 2000:
                break
            s.rollback()
            time.sleep(0.1)
        assert int(row.n_tup_ins or 0) >= 2000, "the table's counts never came in"
    # scanning the table whole for each of 6,000 parts would read about 6 million rows
    assert read < 2_000_000, read
