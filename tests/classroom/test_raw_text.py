"""Nothing the students type reaches the teacher raw (issue 23, 5): control characters are
refused in every stored text, CSV cells a spreadsheet would run are escaped, and every
report goes through one filter."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from data.classroom import AnswerError, Classroom, PartResult, results_csv
from quiz.classroom.desk import ClassDesk
from quiz.classroom.report import class_report, student_report
from quiz.classroom.server import make_app
from tests.classroom.test_server import right_answers

Client = TestClient[web.Request, web.Application]


@pytest.fixture
async def client(classroom: Classroom) -> AsyncIterator[Client]:
    c = TestClient(TestServer(make_app(ClassDesk(classroom), fail_delay=0.0)))
    await c.start_server()
    yield c
    await c.close()


async def test_an_answer_with_an_escape_or_a_line_break_is_refused(
    classroom: Classroom, client: Client
) -> None:
    classroom.create_set("Raw", "pw", count=2, seed=81)
    r = await client.post("/api/sets/Raw/join", json={"student": "Eve"})
    token = (await r.json())["token"]
    for bad in ("\x1b[2J\x1b[31mALL RIGHT", "8000\nAnn: 100%", "2000\u202e"):
        answers = {**right_answers(classroom, "Raw", 0), "payment": bad}
        r = await client.post("/api/sets/Raw/answers", json={
            "position": 0, "answers": answers, "seconds": 1, "timed_out": True},
            headers={"Authorization": f"Bearer {token}"})
        assert r.status == 400 and "control characters" in (await r.json())["error"]
    assert classroom.class_results("Raw", "pw").answered == 0


def test_the_data_layer_refuses_control_characters_too(classroom: Classroom) -> None:
    classroom.create_set("Raw", "pw", count=1, seed=82)
    session = classroom.join("Raw", "Eve")
    with pytest.raises(AnswerError, match="control characters"):
        classroom.record_answer(session.enrolment_id, 0,
                                [PartResult("payment", "\x1b[2J", "8000", False)], seconds=1,
                                practice_set=session.practice_set)


async def test_names_and_answers_that_start_like_a_formula_are_text_in_the_csv(
    classroom: Classroom, client: Client
) -> None:
    classroom.create_set("Csv", "pw", count=1, seed=83)
    r = await client.post("/api/sets/Csv/join", json={"student": "=HYPERLINK(\"x\")"})
    assert r.status == 200
    token = (await r.json())["token"]
    answers = {**right_answers(classroom, "Csv", 0), "payment": "@SUM(A1)"}
    r = await client.post("/api/sets/Csv/answers", json={
        "position": 0, "answers": answers, "seconds": 1, "timed_out": True},
        headers={"Authorization": f"Bearer {token}"})
    assert r.status == 200
    rows = list(csv.DictReader(io.StringIO(results_csv(classroom.class_results("Csv", "pw")))))
    assert rows[0]["student"] == "'=HYPERLINK(\"x\")"
    assert rows[0]["payment_given"].startswith("'@")
    assert not any(v.startswith(("=", "+", "-", "@")) for row in rows for v in row.values())


def test_a_stored_escape_never_reaches_the_teachers_terminal(classroom: Classroom) -> None:
    from sqlalchemy import update

    from data.models.classroom import ClassAnswerPart

    classroom.create_set("Old", "pw", count=1, seed=84)
    session = classroom.join("Old", "Eve")
    classroom.record_answer(session.enrolment_id, 0,
                            [PartResult("fu", "30", "30", True),
                             PartResult("han", "1", "2", False),
                             PartResult("payment", "1000", "2000", False)],
                            seconds=1, practice_set=session.practice_set)
    with classroom.db.transaction() as s:  # a row written before the check (or by hand)
        s.execute(update(ClassAnswerPart).values(given="\x1b[2J\x1b]0;owned\x07\r\n"))
    results = classroom.class_results("Old", "pw")
    for text in (class_report(results), student_report(results.students[0],
                                                        ("fu", "han", "payment"))):
        assert "\x1b" not in text and "\x07" not in text and "\r" not in text
        assert "\\x1b[2J" in text
