"""Throwaway enrolments made costly (issue 23, 3): a set closed to new names, a roster, a
student removed, names that only look like another refused; and the key of a question is
shown only after the student's own answer to it. Against the real aiohttp application."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from data.classroom import AdmissionError, Classroom, SetOptions
from quiz.classroom.desk import ClassDesk
from quiz.classroom.server import make_app
from tests.classroom.test_server import right_answers
from tests.support.clock import FakeClock

Client = TestClient[web.Request, web.Application]


@pytest.fixture
async def client(classroom: Classroom) -> AsyncIterator[Client]:
    c = TestClient(TestServer(make_app(ClassDesk(classroom), fail_delay=0.0)))
    await c.start_server()
    yield c
    await c.close()


async def post(client: Client, path: str, doc: dict[str, Any], token: str | None = None
               ) -> tuple[int, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = await client.post(path, json=doc, headers=headers)
    return r.status, await r.json()


async def test_a_closed_set_takes_no_new_name_and_those_in_go_on(
    classroom: Classroom, client: Client
) -> None:
    classroom.create_set("Door", "pw", count=2, seed=71)
    _, ann = await post(client, "/api/sets/Door/join", {"student": "Ann"})
    status, doc = await post(client, "/api/sets/Door/admission", {"password": "pw",
                                                                 "closed": True})
    assert status == 200 and doc["closed"] is True
    status, err = await post(client, "/api/sets/Door/join", {"student": "Throwaway1"})
    assert status == 403 and "takes no new students" in err["error"]
    status, _ = await post(client, "/api/sets/Door/join",
                           {"student": "Ann", "code": ann["session"]["code"]})
    assert status == 200
    # a wrong password changes nothing
    status, _ = await post(client, "/api/sets/Door/admission", {"password": "x", "closed": False})
    assert status == 403 and classroom.get_set("Door").closed


async def test_a_roster_takes_only_its_names(classroom: Classroom, client: Client) -> None:
    classroom.create_set("List", "pw", count=2, seed=72)
    status, doc = await post(client, "/api/sets/List/admission",
                             {"password": "pw", "roster": ["Ann", "Bo"]})
    assert status == 200 and doc["roster"] == ["Ann", "Bo"]
    assert (await post(client, "/api/sets/List/join", {"student": "Bo"}))[0] == 200
    status, err = await post(client, "/api/sets/List/join", {"student": "Mallory"})
    assert status == 403 and "not on the roster" in err["error"]
    # a name that only looks like one on the roster (Cyrillic А) is refused too
    status, err = await post(client, "/api/sets/List/join", {"student": "\u0410nn"})
    assert status == 403 and "not on the roster" in err["error"]
    status, doc = await post(client, "/api/sets/List/admission",
                             {"password": "pw", "roster": None})
    assert status == 200 and doc["roster"] is None
    assert (await post(client, "/api/sets/List/join", {"student": "Mallory"}))[0] == 200


async def test_a_name_that_only_looks_like_another_is_refused(
    classroom: Classroom, client: Client
) -> None:
    classroom.create_set("Look", "pw", count=1, seed=73)
    assert (await post(client, "/api/sets/Look/join", {"student": "Anna"}))[0] == 200
    for lookalike in ("\u0410nna", "Ann\u0430", "ANNA", "\uff21nna"):  # Cyrillic, full width
        status, err = await post(client, "/api/sets/Look/join", {"student": lookalike})
        assert status == 403 and "looks like 'Anna'" in err["error"], lookalike
    assert (await post(client, "/api/sets/Look/join", {"student": "Anne"}))[0] == 200


async def test_the_teacher_removes_a_student_whose_token_then_stops(
    classroom: Classroom, client: Client
) -> None:
    classroom.create_set("Out", "pw", count=2, seed=74)
    _, eve = await post(client, "/api/sets/Out/join", {"student": "Eve"})
    await post(client, "/api/sets/Out/answers", {
        "position": 0, "answers": right_answers(classroom, "Out", 0), "seconds": 1,
        "timed_out": False}, eve["token"])
    status, _ = await post(client, "/api/sets/Out/remove", {"password": "pw", "student": "Eve"})
    assert status == 200
    r = await client.get("/api/sets/Out/questions",
                         headers={"Authorization": f"Bearer {eve['token']}"})
    assert r.status == 401
    assert classroom.class_results("Out", "pw").students == ()
    status, err = await post(client, "/api/sets/Out/remove", {"password": "pw",
                                                             "student": "Eve"})
    assert status == 404 and "no student 'Eve'" in err["error"]


async def test_a_student_sees_a_key_only_after_their_own_answer_to_it(
    make_classroom: Callable[..., Classroom]
) -> None:
    clock = FakeClock()
    classroom = make_classroom(clock)
    classroom.create_set("Keys", "pw", count=4, seed=75, options=SetOptions(set_seconds=10))
    c = TestClient(TestServer(make_app(ClassDesk(classroom), fail_delay=0.0)))
    await c.start_server()
    try:
        _, cy = await post(c, "/api/sets/Keys/join", {"student": "Cy"})
        clock.advance(60)  # the set's time is over: this one answer ends it
        status, got = await post(c, "/api/sets/Keys/answers", {
            "position": 0, "answers": {}, "seconds": 0, "timed_out": True}, cy["token"])
        assert status == 200 and got["session"]["finished"]
        r = await c.get("/api/sets/Keys/mine", headers={"Authorization": f"Bearer {cy['token']}"})
        mine = await r.json()
        # the three questions never answered keep their keys
        assert r.status == 200 and [a["position"] for a in mine["answers"]] == [0]
    finally:
        await c.close()


def test_the_teacher_closes_and_gives_a_roster_from_the_command_line(
    classroom: Classroom, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from quiz.__main__ import main

    classroom.create_set("Cli", "tile wall 99", count=1, seed=76)
    url = classroom.db.engine.url.render_as_string(hide_password=False)
    pw = tmp_path / "pw"
    pw.write_text("tile wall 99\n", "utf-8")
    roster = tmp_path / "roster.txt"
    roster.write_text("Ann\nBo\n\n", "utf-8")
    base = ["--db", url, "class"]
    assert main([*base, "admit", "Cli", "--roster", str(roster), "--password-file", str(pw)]) == 0
    assert "only the 2 names" in capsys.readouterr().out
    with pytest.raises(AdmissionError):
        classroom.join("Cli", "Mallory")
    classroom.join("Cli", "Ann")
    assert main([*base, "admit", "Cli", "--close", "--password-file", str(pw)]) == 0
    assert "takes no new students" in capsys.readouterr().out
    assert main([*base, "remove", "Cli", "--student", "Ann", "--password-file", str(pw)]) == 0
    assert "Removed 'Ann'" in capsys.readouterr().out
    assert main([*base, "admit", "Cli", "--password-file", str(pw)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
