"""The class pages through aiohttp's test client: a student joins and answers on the web,
the teacher sees it live, and the classroom's own results agree."""

from __future__ import annotations

import re

from aiohttp import web

from data.classroom import Classroom, Explain, SetOptions
from quiz.classroom.desk import question_for
from tests.web.conftest import Client, csrf_of, page


def _expected(classroom: Classroom, name: str) -> list[dict[str, str]]:
    record = classroom.get_set(name)
    out = []
    for q in classroom.questions(name):
        question = question_for(q.item, q.position, record.options)
        out.append({p.value: question.key.expected_text(p) for p in question.parts})
    return out


async def _join(client: Client, name: str, student: str, code: str = "") -> str:
    home = await page(client, "/")
    r = await client.post("/class/join", data={"csrf": csrf_of(home), "set": name,
                                                "student": student, "code": code})
    assert r.status == 200, await r.text()
    return await r.text()


async def test_a_student_answers_a_set_and_the_teacher_sees_it_live(
        client: Client, classroom: Classroom, app: web.Application) -> None:
    classroom.create_set("Kyu", "teacher-pw", count=3, seed=5,
                         options=SetOptions(explain=Explain.DURING))
    expected = _expected(classroom, "Kyu")
    html = await _join(client, "Kyu", "Aiko")
    code = re.search(r'<p class="code"[^>]*>([^<]+)</p>', html)
    assert code is not None and "shown once" in html
    html = await page(client, "/class/Kyu")
    # bad input: a question not asked, a 10,000-character payment: one line, nothing stored
    for bad in ({"position": "999"}, {"position": "x"},
                {"position": "0", "payment": "7" * 10_000}):
        r = await client.post("/class/Kyu/answer", data={"csrf": csrf_of(html), **bad})
        assert r.status == 400 and "Traceback" not in await r.text(), bad
    assert classroom.class_results("Kyu", "teacher-pw").answered == 0
    for n, answer in enumerate(expected):
        assert f"Question {n + 1} of 3" in html
        wrong = n == 1
        form = {k: ("1" if wrong else v) for k, v in answer.items()}
        r = await client.post("/class/Kyu/answer", data={
            "csrf": csrf_of(html), "position": str(n),
            "shown": re.search(r'name="shown" value="([^"]+)"', html).group(1),  # type: ignore[union-attr]
            **form})
        marked = await r.text()
        assert r.status == 200, marked
        assert ('class="verdict wrong"' if wrong else 'class="verdict right"') in marked
        html = await page(client, "/class/Kyu")
    assert "You have answered every question" in html
    # the same answer again (a reply lost on the way): what was stored, nothing more
    csrf = csrf_of(await page(client, "/"))
    r = await client.post("/class/Kyu/answer", data={"csrf": csrf, "position": "0",
                                                      **expected[0]})
    assert r.status == 200
    results = classroom.class_results("Kyu", "teacher-pw")
    assert results.answered == 3 and results.right == 2
    # the teacher, on another browser
    from aiohttp.test_utils import TestClient, TestServer

    teacher: Client = TestClient(TestServer(app))
    await teacher.start_server()
    try:
        home = await page(teacher, "/")
        r = await teacher.post("/teach", data={"csrf": csrf_of(home), "set": "Kyu",
                                               "password": "wrong"})
        assert r.status == 403
        r = await teacher.post("/teach", data={"csrf": csrf_of(home), "set": "Kyu",
                                               "password": "teacher-pw"})
        live = await r.text()
        assert r.status == 200 and "Aiko" in live and "3 / 3" in live
        fragment = await page(teacher, "/teach/Kyu/live")
        assert "Aiko" in fragment and "<html" not in fragment
        r = await teacher.get("/teach/Kyu/results.csv")
        assert r.status == 200 and r.headers["Content-Type"].startswith("text/csv")
        csv_text = await r.text()
        from data.classroom import results_csv

        assert csv_text == results_csv(classroom.class_results("Kyu", "teacher-pw"))
        # a teacher sees only their own sets
        classroom.create_set("Other", "other-pw", count=1, seed=4)
        for path in ("/teach/Other", "/teach/Other/live", "/teach/Other/results.csv"):
            r = await teacher.get(path)
            assert r.status == 401, path
    finally:
        await teacher.close()
    # a student sees only their own pages: not the teacher's
    r = await client.get("/teach/Kyu/live")
    assert r.status == 401


async def test_a_student_comes_back_on_another_device_with_the_code(
        client: Client, classroom: Classroom, app: web.Application) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    classroom.create_set("Dan", "pw-pw-pw", count=2, seed=6)
    html = await _join(client, "Dan", "Ben")
    code = re.search(r'<p class="code"[^>]*>([^<]+)</p>', html).group(1)  # type: ignore[union-attr]
    other: Client = TestClient(TestServer(app))
    await other.start_server()
    try:
        home = await page(other, "/")
        r = await other.post("/class/join", data={"csrf": csrf_of(home), "set": "Dan",
                                                  "student": "Ben", "code": "AAAAA-22222"})
        assert r.status == 403
        r = await other.post("/class/join", data={"csrf": csrf_of(home), "set": "Dan",
                                                  "student": "Ben", "code": code})
        assert r.status == 200 and "Question 1 of 2" in await r.text()
    finally:
        await other.close()
