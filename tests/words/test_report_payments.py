"""A student's payment answer is shown as said in the reader's language.

The server stores a typed payment in one form ("3900 all" for "3900 з кожного"
or "3900オール"); the teacher's report and the student's results screen say it
back in the language they are read in, as the expected payment already was.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from data.classroom import Classroom, SetOptions, open_classroom
from quiz.classroom.desk import ClassDesk, question_for
from quiz.classroom.report import class_report
from quiz.classroom.server import make_app
from quiz.grading import Part
from quiz.words.core import speaking
from tests.support.databases import build_bank

#: A non-dealer's tsumo as typed at a Japanese table (a wrong amount: stored as typed,
#: marked wrong), and as each language says it back.
TYPED = "1300・2600"
SAID = {"en": "1300/2600", "ja": "1300・2600", "uk": "1300/2600"}



@pytest.fixture
def classroom(tmp_path: Path) -> Iterator[Classroom]:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    build_bank(url)
    room = open_classroom(url)
    options = SetOptions(parts=("payment",))
    for seed in range(200):  # a set of one non-dealer's tsumo
        room.create_set("Club", "pw", count=1, seed=seed, options=options)
        cq = room.questions("Club")[0]
        if "/" in question_for(cq.item, 0, options).key.expected_text(Part.PAYMENT):
            break
        room.delete_set("Club", "pw")
    else:
        pytest.fail("no non-dealer tsumo in the bank")
    yield room
    room.close()


async def test_the_report_says_the_typed_payment_in_its_language(classroom: Classroom) -> None:
    client = TestClient(TestServer(make_app(ClassDesk(classroom), fail_delay=0.0)))
    await client.start_server()
    try:
        joined = await (await client.post("/api/sets/Club/join", json={"student": "Ann"})).json()
        sent = await client.post("/api/sets/Club/answers", json={
            "position": 0, "answers": {"payment": TYPED}, "seconds": 2.0, "timed_out": False},
            headers={"Authorization": f"Bearer {joined['token']}"})
        assert sent.status == 200, await sent.text()
    finally:
        await client.close()
    results = classroom.class_results("Club", "pw")
    assert results.student("Ann").answers[0].part("payment").given == "1300/2600"  # type: ignore[union-attr]
    for language, said in SAID.items():
        with speaking(language):
            report = class_report(results)
        student_lines = [line for line in report.splitlines() if said in line]
        assert student_lines, f"{language}: the answer {said!r} is not in\n{report}"
        if language == "ja":
            assert "1300/2600" not in report, report
