"""The web server on a fresh database, for aiohttp's test client."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from data.classroom import Classroom
from quiz.grading import Part
from quiz.store.drill import DrillStore

Client = TestClient[web.Request, web.Application]

CSRF = re.compile(r'name="csrf" value="([^"]+)"')
TICKET = re.compile(r'name="ticket" value="([^"]+)"')
ACTION = re.compile(r'<form method="post" action="([^"]+)" class="answer')


@pytest.fixture
def store(tmp_path: Path) -> Iterator[DrillStore]:
    s = DrillStore.open(str(tmp_path / "web.db"), generated=0)
    yield s
    s.close()


@pytest.fixture
def classroom(store: DrillStore) -> Classroom:
    return Classroom(store.database)


@pytest.fixture
async def app(store: DrillStore, classroom: Classroom) -> web.Application:
    from quiz.web import make_web_app

    return make_web_app(store, classroom, password_cost=2**10, fail_delay=0.0)


@pytest.fixture
async def client(app: web.Application) -> AsyncIterator[Client]:
    c: Client = TestClient(TestServer(app))
    await c.start_server()
    yield c
    await c.close()


async def page(client: Client, path: str, **kwargs: Any) -> str:
    r = await client.get(path, **kwargs)
    assert r.status == 200, (path, r.status, await r.text())
    return await r.text()


def csrf_of(html: str) -> str:
    m = CSRF.search(html)
    assert m is not None, html[:500]
    return m.group(1)


def action_of(html: str) -> str:
    """Where a question page's answer form is sent (``/drill``, ``/settle``, ``/review``)."""
    m = ACTION.search(html)
    assert m is not None, html[:2000]
    return m.group(1)


def ticket_of(html: str) -> str:
    m = TICKET.search(html)
    assert m is not None, html[:2000]
    return m.group(1)


async def sign_up(client: Client, name: str = "alice", password: str = "secret-pass") -> str:
    """Sign up a learner; the first question's page."""
    home = await page(client, "/")
    r = await client.post("/signup", data={"csrf": csrf_of(home), "name": name,
                                           "password": password, "password2": password})
    assert r.status == 200 and "/drill" in str(r.url), await r.text()
    return await r.text()


def right_answer(app: web.Application, learner_id: int, ticket: str) -> dict[str, str]:
    """What the question of a ticket expects (as the server would grade it)."""
    from quiz.web.server import _KEY_APP

    pages = app[_KEY_APP]
    learner = pages.store.learners.by_id(learner_id)
    asked = pages.drill.reopen(learner, ticket)
    key = asked.question.key
    if key.settle is not None:  # the settlement drill: a field a seat, East first
        from quiz.web.settlepages import SEAT_FIELDS

        return {f: f"{v:+d}" for f, v in zip(SEAT_FIELDS, key.settle.expected, strict=True)}
    return {p.value: key.expected_text(p) for p in asked.question.parts
            if p in (Part.FU, Part.HAN, Part.PAYMENT, Part.DORA, Part.DORA_HAN, Part.WAITS,
                     Part.WAIT, Part.YAKU)}
