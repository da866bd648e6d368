"""Group commit: answers arriving together are stored in one transaction, each still once.

The classroom server hands the answers it has marked to :class:`GroupCommit`,
which hands every answer waiting to a writer thread in one go
(:meth:`ClassDesk.store_together`, :meth:`Classroom.record_next_answers`: one
statement on PostgreSQL, one transaction on SQLite) and answers each request
only after that commit. These tests check that a batch keeps every rule of
the answer-at-a-time path: one answer per question, in order, none after the
set's end, an answer refused alone without costing the others, and no reply
before the write.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

from data.classroom import AnswerError, Classroom, NextAnswer, PartResult, SetOptions
from quiz.classroom.desk import ClassDesk, Graded, ToStore
from quiz.classroom.server import GroupCommit
from tests.classroom.test_fast import right_answers, statements
from tests.support.databases import table_counts


def parts(right: bool = True) -> tuple[PartResult, ...]:
    return (PartResult("fu", "30", "30", True), PartResult("han", "2", "2", True),
            PartResult("payment", "2000" if right else "1000", "2000", right))


def test_a_batch_stores_each_next_answer_once_and_leaves_the_rest(classroom: Classroom) -> None:
    made = classroom.create_set("Batch", "pw", count=2, seed=51)
    ann, bo, cy = (classroom.join("Batch", n) for n in ("Ann", "Bo", "Cy"))

    def answer(session: Any, position: int, right: bool = True,
               topics: tuple[str, ...] = ()) -> NextAnswer:
        return NextAnswer(made, session.enrolment_id, position, parts(right), topics, 2.0,
                          False)

    batch = [answer(ann, 0), answer(bo, 0, right=False, topics=("fu:closed_ron",)),
             answer(cy, 1),  # not Cy's next question
             answer(ann, 1)]  # a second answer of Ann's in the same batch
    with statements(classroom) as seen:
        stored = classroom.record_next_answers(batch)
    assert [s is not None for s in stored] == [True, True, False, False]
    assert stored[1] is not None and not stored[1].correct
    assert stored[1].concepts == ("fu:closed_ron",)
    if not classroom.db.is_sqlite:
        assert seen == ["WITH"]  # the whole batch: one statement, one commit
    counts = table_counts(classroom)
    assert counts["class_answers"] == 2 and counts["class_answer_parts"] == 6
    assert counts["class_answer_concepts"] == 1
    # the same batch again writes nothing (each is now a repeat)
    assert classroom.record_next_answers(batch[:2]) == [None, None]
    assert table_counts(classroom)["class_answers"] == 2
    # the last question finishes the set, in a batch as alone
    last = classroom.record_next_answers([answer(ann, 1), answer(bo, 1)])
    assert all(s is not None for s in last)
    assert classroom.session(ann.enrolment_id).finished
    assert classroom.record_next_answers([answer(ann, 1)]) == [None]
    with pytest.raises(AnswerError, match="has no question 3"):
        classroom.record_answer(ann.enrolment_id, 2, list(parts()), seconds=1.0,
                                practice_set=made)


def test_a_batch_keeps_the_set_time_limit(classroom: Classroom) -> None:
    made = classroom.create_set("Timed", "pw", count=3, seed=52,
                                options=SetOptions(set_seconds=10))
    ann, bo = classroom.join("Timed", "Ann"), classroom.join("Timed", "Bo")
    first = [NextAnswer(made, ann.enrolment_id, 0, parts(), (), 10.0, False),
             NextAnswer(made, bo.enrolment_id, 0, parts(), (), 3.0, False)]
    assert all(s is not None for s in classroom.record_next_answers(first))
    second = [NextAnswer(made, ann.enrolment_id, 1, parts(), (), 1.0, False),
              NextAnswer(made, bo.enrolment_id, 1, parts(), (), 1.0, False)]
    done = classroom.record_next_answers(second)
    assert done[0] is None and done[1] is not None  # Ann's time is used up, Bo's is not
    assert table_counts(classroom)["class_answers"] == 3


def test_the_desk_stores_together_and_refuses_one_alone(classroom: Classroom) -> None:
    classroom.create_set("Desk", "pw", count=2, seed=53)
    desk = ClassDesk(classroom)
    students = [desk.join("Desk", n, None) for n in ("Ann", "Bo", "Cy")]
    marked = [desk.mark(s, 0, right_answers(desk, s, 0), seconds=1.0) for s in students]
    assert all(isinstance(m, ToStore) for m in marked)
    # Cy's answer is stored meanwhile by another way (a twin request): it comes back as stored
    desk.store(marked[2])  # type: ignore[arg-type]
    outcomes = desk.store_together(marked)  # type: ignore[arg-type]
    assert [isinstance(o, Graded) and o.stored.created for o in outcomes] == [True, True, False]
    assert all(isinstance(o, Graded) and o.session.position == 1 for o in outcomes)
    assert table_counts(classroom)["class_answers"] == 3
    # the next answers go on from the desk's kept places
    again = [desk.mark(s, 1, right_answers(desk, s, 1), seconds=1.0) for s in students[:2]]
    done = desk.store_together(again)  # type: ignore[arg-type]
    assert all(isinstance(o, Graded) and o.session.finished for o in done)


def test_answers_waiting_together_are_written_in_one_call_and_answered_after_it() -> None:
    calls: list[list[int]] = []
    release = threading.Event()

    def write(items: list[int]) -> list[int | Exception]:
        if not calls:
            release.wait(10)  # the first write is slow: the others queue meanwhile
        calls.append(items)
        return [ValueError(f"refused {i}") if i == 3 else i * 10 for i in items]

    async def scene() -> None:
        commits: GroupCommit[int, int] = GroupCommit(write, writers=1)
        try:
            first = asyncio.ensure_future(commits.submit(0))
            await asyncio.sleep(0.1)
            rest = [asyncio.ensure_future(commits.submit(i)) for i in range(1, 6)]
            await asyncio.sleep(0.1)
            assert not any(f.done() for f in [first, *rest])  # nothing answered before its write
            release.set()
            assert await first == 0
            got = await asyncio.gather(*rest, return_exceptions=True)
            assert [not isinstance(g, Exception) for g in got] == [True, True, False, True, True]
            assert str(got[2]) == "refused 3"
            assert [g for i, g in enumerate(got) if i != 2] == [10, 20, 40, 50]
            assert calls == [[0], [1, 2, 3, 4, 5]]  # the five waiting went in one write
        finally:
            release.set()
            await commits.close()

    asyncio.run(scene())


def test_two_writes_go_at_once_and_no_batch_is_larger_than_most() -> None:
    calls: list[list[int]] = []
    under_way: list[int] = []
    most_at_once = [0]
    lock = threading.Lock()

    def write(items: list[int]) -> list[int | Exception]:
        with lock:
            under_way.append(1)
            most_at_once[0] = max(most_at_once[0], len(under_way))
        time.sleep(0.05)
        with lock:
            under_way.pop()
            calls.append(items)
        return [i + 1 for i in items]

    async def scene() -> None:
        commits: GroupCommit[int, int] = GroupCommit(write, most=4, writers=2)
        try:
            got = await asyncio.gather(*(commits.submit(i) for i in range(20)))
        finally:
            await commits.close()
        assert got == [i + 1 for i in range(20)]

    asyncio.run(scene())
    assert sorted(i for c in calls for i in c) == list(range(20))  # each written once
    assert max(len(c) for c in calls) <= 4 and len(calls) < 20  # grouped, within the bound
    assert most_at_once[0] == 2


def test_close_writes_what_is_waiting() -> None:
    written: list[int] = []

    def write(items: list[int]) -> list[int | Exception]:
        time.sleep(0.02)
        written.extend(items)
        return list(items)

    async def scene() -> None:
        commits: GroupCommit[int, int] = GroupCommit(write, writers=1)
        pending = [asyncio.ensure_future(commits.submit(i)) for i in range(5)]
        await asyncio.sleep(0)  # every submit has queued its item
        await commits.close()
        assert len(written) == 5  # written before close returned
        assert await asyncio.wait_for(asyncio.gather(*pending), 1) == list(range(5))

    asyncio.run(scene())
    assert sorted(written) == list(range(5))


def test_a_failing_writer_answers_every_waiting_request() -> None:
    def write(items: list[int]) -> list[int | Exception]:
        raise RuntimeError("the database is away")

    async def scene() -> None:
        commits: GroupCommit[int, int] = GroupCommit(write)
        try:
            got = await asyncio.gather(*(commits.submit(i) for i in range(3)),
                                       return_exceptions=True)
            assert all(isinstance(g, RuntimeError) for g in got)
        finally:
            await commits.close()

    asyncio.run(scene())


def test_a_caller_that_goes_away_leaves_its_item_written_once() -> None:
    written: list[int] = []
    release = threading.Event()

    def write(items: list[int]) -> list[int | Exception]:
        release.wait(10)
        written.extend(items)
        return list(items)

    async def scene() -> None:
        commits: GroupCommit[int, int] = GroupCommit(write)
        under_way = asyncio.ensure_future(commits.submit(1))
        await asyncio.sleep(0.05)
        waiting = asyncio.ensure_future(commits.submit(2))  # queued behind the first write
        await asyncio.sleep(0.05)
        under_way.cancel()
        waiting.cancel()  # both requests end (the students' connections closed)
        release.set()
        await commits.close()

    asyncio.run(scene())
    assert sorted(written) == [1, 2]  # each written, once


def test_the_servers_event_loop_runs_a_group_commit() -> None:
    from quiz.classroom.server import event_loop

    loop = event_loop()
    try:
        commits: GroupCommit[int, int] = GroupCommit(lambda items: [i * 2 for i in items])

        async def scene() -> list[int]:
            try:
                return list(await asyncio.gather(*(commits.submit(i) for i in range(4))))
            finally:
                await commits.close()

        assert loop.run_until_complete(scene()) == [0, 2, 4, 6]
        try:
            import uvloop
        except ImportError:
            return
        assert isinstance(loop, uvloop.Loop)  # installed: the server runs on it
    finally:
        loop.close()
