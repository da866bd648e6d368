"""``class results --server URL``: the report in the teacher's language, not the server's.

The client sends its language (``lang`` and ``Accept-Language``); the server
builds that request's report inside :func:`quiz.words.core.speaking`, which only the
request's own task or thread sees. Two teachers asking at once (Japanese and
Ukrainian) each get their own language, and the server keeps its own.
"""

from __future__ import annotations

import argparse
import asyncio
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from data.classroom import Classroom, open_classroom
from quiz.classroom.desk import ClassDesk
from quiz.classroom.report import class_report
from quiz.classroom.server import make_app
from quiz.words.core import active_language, request_language, speaking, use
from tests.support.databases import build_bank

#: How each language starts the report's first line ("Practice set ...").
OPENING = {"en": "Practice set 'Club'", "ja": "練習セット 'Club'", "th": "ชุดฝึก 'Club'",
           "uk": "Набір 'Club'"}
#: A line only a report with students has, in each language ("Class score ...").
SCORE = {"ja": "クラスの得点", "uk": "Бал класу", "th": "คะแนนของชั้น"}



@pytest.fixture
def classroom(tmp_path: Path) -> Iterator[Classroom]:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    build_bank(url)
    room = open_classroom(url)
    room.create_set("Club", "pw", count=3, seed=5)
    yield room
    room.close()


@pytest.fixture
async def client(classroom: Classroom) -> AsyncIterator[TestClient[Any, Any]]:
    c = TestClient(TestServer(make_app(ClassDesk(classroom), fail_delay=0.0)))
    await c.start_server()
    joined = await c.post("/api/sets/Club/join", json={"student": "Ann"})
    assert joined.status == 200
    yield c
    await c.close()


def _check_openings() -> None:
    for lang, opening in OPENING.items():
        with speaking(lang):
            assert pgettext_opening().startswith(opening), (lang, pgettext_opening())


def pgettext_opening() -> str:
    from quiz.words.core import npgettext

    return npgettext("class", "Practice set '%(name)s' · %(n)s questions · %(rules)s rules · "
                              "asks %(parts)s · %(students)s students",
                     "Practice set '%(name)s' · %(n)s questions · %(rules)s rules · "
                     "asks %(parts)s · %(students)s students", 3) % {
        "name": "Club", "n": 3, "rules": "tenhou", "parts": "fu", "students": 1}


async def test_two_teachers_at_once_each_get_their_language(client: TestClient[Any, Any]) -> None:
    _check_openings()
    use("th")  # the server's own language

    async def ask(lang: str | None, header: str | None = None) -> str:
        body = {"password": "pw", **({"lang": lang} if lang else {})}
        headers = {"Accept-Language": header} if header else {}
        r = await client.post("/api/sets/Club/results", json=body, headers=headers)
        assert r.status == 200, await r.text()
        return str((await r.json())["report"])

    for _ in range(3):
        ja, uk, by_header, neither = await asyncio.gather(
            ask("ja"), ask("uk"), ask(None, "uk-UA,uk;q=0.9,en;q=0.5"), ask(None))
        assert ja.startswith(OPENING["ja"]) and SCORE["ja"] in ja, ja
        assert uk.startswith(OPENING["uk"]) and SCORE["uk"] in uk, uk
        assert by_header.startswith(OPENING["uk"]), by_header
        assert neither.startswith(OPENING["th"]), neither  # as before: the server's
    assert active_language() == "th"


def test_reports_built_in_two_threads_at_once_do_not_mix(classroom: Classroom) -> None:
    results = classroom.class_results("Club", "pw")
    start = threading.Barrier(2)
    seen: dict[str, list[str]] = {"ja": [], "uk": []}

    def build(lang: str) -> None:
        with speaking(lang):
            start.wait()
            for _ in range(30):
                seen[lang].append(class_report(results))

    threads = [threading.Thread(target=build, args=(lang,)) for lang in seen]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for lang, reports in seen.items():
        assert len(reports) == 30
        assert all(r.startswith(OPENING[lang]) for r in reports), lang
    assert active_language() == "en"


async def test_the_command_asks_in_the_teachers_language(client: TestClient[Any, Any]) -> None:
    from quiz.cli.teacher import _server_results

    use("th")  # the server's language (it runs in this process)
    args = argparse.Namespace(server=str(client.make_url("")).rstrip("/"), name="Club",
                              top=3, brief=False)

    def teacher() -> tuple[str, str]:  # the command, run by a Ukrainian teacher
        with speaking("uk"):
            return _server_results(args, "pw")

    report, csv_text = await asyncio.to_thread(teacher)
    assert report.startswith(OPENING["uk"]) and SCORE["uk"] in report, report
    assert csv_text.splitlines()[0].startswith("set,")  # the CSV stays as it is


def test_the_request_language() -> None:
    use("en")
    assert request_language("ja", "uk") == "ja"
    assert request_language(None, "de-DE, vi;q=0.4, uk;q=0.8") == "uk"
    assert request_language(None, "vi;q=0") == "en"
    assert request_language(5, None) == "en"
    with speaking("th"):
        assert request_language("klingon", "") == "th"
