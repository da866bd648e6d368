"""The server's clock, not the client's (issue 23, 2): each question's start and the set's
start are kept in the class database, so that neither a re-join nor a client's own figures
give a student more time. Against the real aiohttp application on a local port."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from data.classroom import Classroom, SetOptions
from quiz.classroom.desk import ClassDesk
from quiz.classroom.server import make_app
from tests.classroom.test_server import right_answers
from tests.support.clock import FakeClock

Client = TestClient[web.Request, web.Application]


@pytest.fixture
async def served(make_classroom: Callable[..., Classroom]
                 ) -> AsyncIterator[Callable[..., Any]]:
    made: list[Client] = []

    async def start(clock: FakeClock) -> tuple[Client, Classroom]:
        classroom = make_classroom(clock)
        client = TestClient(TestServer(make_app(ClassDesk(classroom), fail_delay=0.0)))
        await client.start_server()
        made.append(client)
        return client, classroom

    yield start
    for c in made:
        await c.close()


async def post(client: Client, path: str, doc: dict[str, Any], token: str | None = None
               ) -> tuple[int, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = await client.post(path, json=doc, headers=headers)
    return r.status, await r.json()


async def test_a_rejoin_does_not_restart_the_questions_clock(
    served: Callable[..., Any]
) -> None:
    clock = FakeClock()
    client, classroom = await served(clock)
    classroom.create_set("Quick", "pw", count=2, seed=51,
                         options=SetOptions(question_seconds=5))
    _, first = await post(client, "/api/sets/Quick/join", {"student": "Ann"})
    clock.advance(10)
    # a second client (or a restarted server) joins again with the code
    status, again = await post(client, "/api/sets/Quick/join",
                               {"student": "Ann", "code": first["session"]["code"]})
    assert status == 200
    clock.advance(2)  # 12 s after the question appeared, 2 s after the re-join
    status, got = await post(client, "/api/sets/Quick/answers", {
        "position": 0, "answers": right_answers(classroom, "Quick", 0), "seconds": 2.0,
        "timed_out": False}, again["token"])
    assert status == 200 and got["timed_out"] is True and got["seconds"] == 5.0
    # the next question's clock started when this answer was stored, by the server
    clock.advance(3)
    status, got = await post(client, "/api/sets/Quick/answers", {
        "position": 1, "answers": right_answers(classroom, "Quick", 1), "seconds": 99.0,
        "timed_out": False}, again["token"])
    assert status == 200 and got["timed_out"] is False and got["seconds"] == 3.0


async def test_the_sets_time_is_the_servers_whatever_seconds_the_client_reports(
    served: Callable[..., Any]
) -> None:
    clock = FakeClock()
    client, classroom = await served(clock)
    classroom.create_set("Short", "pw", count=10, seed=52, options=SetOptions(set_seconds=20))
    _, joined = await post(client, "/api/sets/Short/join", {"student": "Bo"})
    token = joined["token"]
    statuses, in_time = [], 0
    for n in range(10):
        clock.advance(4)
        status, got = await post(client, "/api/sets/Short/answers", {
            "position": n, "answers": right_answers(classroom, "Short", n), "seconds": 0,
            "timed_out": False}, token)
        statuses.append(status)
        if status == 200 and not got["timed_out"]:
            in_time += 1
        if status == 200 and got["session"]["finished"]:
            break
    # 4 s each by the server's clock: five answers fill the 20 s and end the set
    assert in_time == 5 and statuses == [200] * 5
    result = classroom.class_results("Short", "pw").student("Bo")
    assert result.answered == 5 and sum(a.seconds for a in result.answers) == 20.0
    clock.advance(4)
    status, _ = await post(client, "/api/sets/Short/answers", {
        "position": 5, "answers": right_answers(classroom, "Short", 5), "seconds": 0,
        "timed_out": False}, token)
    assert status == 409


async def test_a_student_who_stays_away_past_the_sets_time_ends_it(
    served: Callable[..., Any]
) -> None:
    clock = FakeClock()
    client, classroom = await served(clock)
    classroom.create_set("Away", "pw", count=3, seed=53, options=SetOptions(set_seconds=20))
    _, joined = await post(client, "/api/sets/Away/join", {"student": "Cy"})
    clock.advance(60)  # the question was shown; the client says it took no time at all
    status, got = await post(client, "/api/sets/Away/answers", {
        "position": 0, "answers": right_answers(classroom, "Away", 0), "seconds": 0,
        "timed_out": False}, joined["token"])
    assert status == 200 and got["timed_out"] and got["session"]["finished"]
