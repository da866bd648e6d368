"""The classroom server over HTTP: it grades, it hides, it limits (SQLite and PostgreSQL).

Each test runs the real aiohttp application on a local port and speaks JSON
to it as a student's client would, including clients that try to cheat.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from data.classroom import Classroom, Explain, SetOptions
from data.classroom.limits import Guard, Limits
from quiz.classroom.desk import ClassDesk, question_for
from quiz.classroom.server import make_app
from quiz.grading import Part
from tests.support.clock import FakeClock


class Server:
    """A test client on the classroom server, with helpers for students."""

    def __init__(self, client: TestClient, classroom: Classroom) -> None:
        self.client = client
        self.classroom = classroom

    async def call(self, method: str, path: str, body: Any = None, token: str | None = None,
                   ) -> tuple[int, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = await self.client.request(method, path, json=body, headers=headers)
        return r.status, await r.json()

    async def join(self, set_name: str, student: str, code: str | None = None
                   ) -> tuple[int, Any]:
        return await self.call("POST", f"/api/sets/{set_name}/join",
                               {"student": student, "code": code})


@pytest.fixture
async def server(classroom: Classroom) -> AsyncIterator[Callable[..., Any]]:
    made: list[TestClient] = []

    async def start(**kwargs: Any) -> Server:
        kwargs.setdefault("fail_delay", 0.0)
        client = TestClient(TestServer(make_app(ClassDesk(classroom), **kwargs)))
        await client.start_server()
        made.append(client)
        return Server(client, classroom)

    yield start
    for c in made:
        await c.close()


def right_answers(classroom: Classroom, set_name: str, position: int) -> dict[str, str]:
    record = classroom.get_set(set_name)
    cq = classroom.questions(set_name)[position]
    q = question_for(cq.item, position, record.options)
    return {p.value: q.key.expected_text(p) for p in q.parts}


async def test_the_server_grades_whatever_the_client_claims(
    classroom: Classroom, server: Callable[..., Any]
) -> None:
    classroom.create_set("Rig", "pw", count=3, seed=21,
                         options=SetOptions(parts=("han", "payment"), explain=Explain.DURING))
    srv = await server()
    status, joined = await srv.join("Rig", "Eve")
    assert status == 200 and joined["session"]["code"]
    token = joined["token"]
    # the questions carry the hands and nothing of their answers
    status, qs = await srv.call("GET", "/api/sets/Rig/questions", token=token)
    assert status == 200 and len(qs) == 3
    assert all(set(q) == {"position", "uid", "problem"} for q in qs)
    assert not any(k in q["problem"] for q in qs for k in ("answer", "fu", "han", "payment"))
    # a wrong payment sent with every "I am right" flag a client could invent
    right = right_answers(classroom, "Rig", 0)
    wrong = {**right, "payment": "100"}
    status, got = await srv.call("POST", "/api/sets/Rig/answers", {
        "position": 0, "answers": wrong, "seconds": 3.0, "timed_out": False,
        "correct": True, "parts": [{"part": "payment", "correct": True}],
    }, token=token)
    assert status == 200, got
    marks = {m["part"]: m["correct"] for m in got["marked"]["marks"]}
    assert marks == {"han": True, "payment": False}
    mine = srv.classroom.class_results("Rig", "pw").student("Eve").answers[0]
    assert not mine.correct and mine.part("payment").given.startswith("100")  # type: ignore[union-attr]
    # the same answer again changes nothing (stored once); the next one must be in order
    status, again = await srv.call("POST", "/api/sets/Rig/answers", {
        "position": 0, "answers": right, "seconds": 1.0, "timed_out": False}, token=token)
    assert status == 200 and again["created"] is False
    assert {m["part"]: m["correct"] for m in again["marked"]["marks"]}["payment"] is False
    status, err = await srv.call("POST", "/api/sets/Rig/answers", {
        "position": 2, "answers": right, "seconds": 1.0, "timed_out": False}, token=token)
    assert status == 409 and "not the next one" in err["error"]
    # a time the server never saw pass is not believed
    status, got = await srv.call("POST", "/api/sets/Rig/answers", {
        "position": 1, "answers": right_answers(classroom, "Rig", 1), "seconds": 9999.0,
        "timed_out": False}, token=token)
    assert status == 200 and got["seconds"] < 60


async def test_a_student_sees_only_their_own_and_never_the_key(
    classroom: Classroom, server: Callable[..., Any]
) -> None:
    classroom.create_set("Own", "pw", count=2, seed=22)  # explanations after the set
    srv = await server()
    _, ann = await srv.join("Own", "Ann")
    _, bo = await srv.join("Own", "Bo")
    right = right_answers(classroom, "Own", 0)
    status, got = await srv.call("POST", "/api/sets/Own/answers", {
        "position": 0, "answers": right, "seconds": 2.0, "timed_out": False},
        token=ann["token"])
    assert status == 200 and got["marked"] is None  # "after": no marks while the set runs
    status, err = await srv.call("GET", "/api/sets/Own/mine", token=ann["token"])
    assert status == 403 and "when you have finished" in err["error"]
    await srv.call("POST", "/api/sets/Own/answers", {
        "position": 1, "answers": right_answers(classroom, "Own", 1), "seconds": 2.0,
        "timed_out": False}, token=ann["token"])
    status, mine = await srv.call("GET", "/api/sets/Own/mine", token=ann["token"])
    assert status == 200 and mine["student"] == "Ann" and len(mine["answers"]) == 2
    # Bo's token reads Bo's (nothing yet: not finished), never Ann's
    status, _ = await srv.call("GET", "/api/sets/Own/mine", token=bo["token"])
    assert status == 403
    # no token, a made-up token, another set's route: refused
    for token in (None, "made-up"):
        status, _ = await srv.call("GET", "/api/sets/Own/mine", token=token)
        assert status == 401
    status, _ = await srv.call("GET", "/api/sets/Own/questions")
    assert status == 401
    # the teacher's results need the password
    status, err = await srv.call("POST", "/api/sets/Own/results", {"password": "nope"})
    assert status == 403
    status, report = await srv.call("POST", "/api/sets/Own/results", {"password": "pw"})
    assert status == 200 and "Class score 50% · 2 of 4 questions fully right" in report["report"]
    assert all(len(line) <= 80 for line in report["report"].splitlines())


@pytest.mark.slow
async def test_wrong_codes_and_passwords_are_slowed_then_refused(
    classroom: Classroom, server: Callable[..., Any]
) -> None:
    classroom.create_set("Lock", "pw", count=1, seed=23)
    clock = FakeClock()
    srv = await server(guard=Guard(classroom, Limits(classroom.db, ticker=clock.seconds)))
    _, kim = await srv.join("Lock", "Kim")
    code = kim["session"]["code"]
    statuses = []
    for guess in range(5):
        status, _ = await srv.join("Lock", "Kim", f"AAAAA-{guess:05d}")
        statuses.append(status)
    # three free tries, then a wait: the right code too must wait its turn
    assert statuses == [403, 403, 403, 429, 429]
    status, err = await srv.join("Lock", "Kim", code)
    assert status == 429 and "try again in 1 s" in err["error"]
    clock.advance(1.5)
    status, back = await srv.join("Lock", "Kim", code)
    assert status == 200 and back["session"]["resumed"]
    # the teacher's password, from this address: the same
    for _ in range(3):
        assert (await srv.call("POST", "/api/sets/Lock/results", {"password": "x"}))[0] == 403
    assert (await srv.call("POST", "/api/sets/Lock/results", {"password": "pw"}))[0] == 429
    # many failures within the window: refused for the rest of it, whatever the wait
    clock.advance(1000)
    for _ in range(10):
        clock.advance(70)
        status, _ = await srv.call("POST", "/api/sets/Lock/results", {"password": "x"})
        assert status == 403
    clock.advance(70)
    status, err = await srv.call("POST", "/api/sets/Lock/results", {"password": "pw"})
    assert status == 429


async def test_failures_are_slow_even_before_the_limit(
    classroom: Classroom, server: Callable[..., Any]
) -> None:
    classroom.create_set("Slow", "pw", count=1, seed=24)
    srv = await server(fail_delay=0.3)
    await srv.join("Slow", "Lu")
    started = time.perf_counter()
    await asyncio.gather(*(srv.join("Slow", "Lu", "WRONG-CODE1") for _ in range(2)))
    assert time.perf_counter() - started >= 0.3


async def test_bad_requests_get_one_line(
    classroom: Classroom, server: Callable[..., Any]
) -> None:
    classroom.create_set("Bad", "pw", count=1, seed=25)
    srv = await server()
    _, joined = await srv.join("Bad", "Mo")
    token = joined["token"]
    r = await srv.client.post("/api/sets/Bad/answers", data="[" * 100_000,
                              headers={"Authorization": f"Bearer {token}"})
    assert r.status in (400, 413)
    for body in ({"position": "0", "answers": {}}, {"position": 0, "answers": "30"},
                 {"position": True, "answers": {}}, {"position": 0, "answers": {"fu": 30}}):
        status, err = await srv.call("POST", "/api/sets/Bad/answers", body, token=token)
        assert status == 400 and "\n" not in err["error"]
    status, err = await srv.join("Nope", "Mo")
    assert status == 404 and err["error"] == "no practice set named 'Nope'"
    status, err = await srv.join("Bad", "\x1b[31m")
    assert status == 400
    # an unreadable answer: hints, nothing stored
    status, err = await srv.call("POST", "/api/sets/Bad/answers", {
        "position": 0, "answers": {"fu": "lots", "han": "?", "payment": "x"}, "seconds": 1.0,
        "timed_out": False}, token=token)
    assert status == 422 and err["hints"]
    assert classroom.class_results("Bad", "pw").answered == 0


def test_limit_hands_skip_fu_on_the_server(classroom: Classroom) -> None:
    record = classroom.create_set("L", "pw", count=40, seed=6)
    limit = next((cq for cq in classroom.questions("L")
                  if cq.item.result.han >= 5 or cq.item.result.yakuman), None)
    if limit is None:
        pytest.skip("no limit hand in the test bank")
    assert Part.FU not in question_for(limit.item, limit.position, record.options).parts


async def test_the_server_reads_payments_as_said_at_a_table(
    classroom: Classroom, server: Callable[..., Any]
) -> None:
    from quiz.words.payments import say_payment

    classroom.create_set("Said", "pw", count=1, seed=21,
                         options=SetOptions(parts=("payment",), explain=Explain.DURING))
    srv = await server()
    _status, joined = await srv.join("Said", "Jun")
    cq = classroom.questions("Said")[0]
    q = question_for(cq.item, 0, classroom.get_set("Said").options)
    said = say_payment(q.key.payment, "th")  # a tsumo: said with the Thai table words
    assert not said.isdigit(), said
    status, got = await srv.call("POST", "/api/sets/Said/answers", {
        "position": 0, "answers": {"payment": said}, "seconds": 2.0, "timed_out": False,
    }, token=joined["token"])
    assert status == 200, got
    assert {m["part"]: m["correct"] for m in got["marked"]["marks"]} == {"payment": True}
