"""The web pages through aiohttp's test client: what a learner does, and the trust rules."""

from __future__ import annotations

import re

from aiohttp import web

from data.learner_passwords import LearnerPasswords
from quiz.store.drill import DrillStore
from quiz.web.security import CONTENT_SECURITY_POLICY
from tests.web.conftest import (
    Client,
    action_of,
    csrf_of,
    page,
    right_answer,
    sign_up,
    ticket_of,
)


def _learner_id(store: DrillStore, name: str = "alice") -> int:
    return store.learners.get(name).id


async def test_the_start_page_has_labelled_forms_and_a_strict_policy(client: Client) -> None:
    r = await client.get("/")
    html = await r.text()
    assert r.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert "default-src 'none'" in CONTENT_SECURITY_POLICY
    assert "http" not in re.sub(r'href="/[^"]*"|src="/[^"]*"', "", html.split("<body")[0])
    for field in re.findall(r'<input id="([^"]+)"', html):
        assert f'<label for="{field}">' in html, field
    cookie = r.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Max-Age" in cookie


async def test_a_learner_signs_up_answers_right_and_wrong_and_both_are_stored(
        client: Client, app: web.Application, store: DrillStore) -> None:
    html = await sign_up(client)
    assert 'inputmode="numeric"' in html and '<label for="f-payment">Payment</label>' in html
    lid = _learner_id(store)
    right = right_answer(app, lid, ticket_of(html))
    r = await client.post("/drill", data={"csrf": csrf_of(html), "ticket": ticket_of(html),
                                          **right})
    marked = await r.text()
    assert r.status == 200 and 'class="verdict right"' in marked
    assert "Worked explanation" in marked and "Next question" in marked
    html = await page(client, "/drill")
    wrong = right_answer(app, lid, ticket_of(html))
    han = wrong.get("han", "")
    wrong["han"] = str(int(han) + 1) if han.isdigit() else "1"
    r = await client.post("/drill", data={"csrf": csrf_of(html), "ticket": ticket_of(html),
                                          **wrong})
    marked = await r.text()
    assert 'class="verdict wrong"' in marked and "you said" in marked
    store.flush()
    history = store.history(lid)
    assert [a.correct for a in history] == [False, True]


async def test_an_unreadable_part_gives_a_hint_and_keeps_the_question(
        client: Client, store: DrillStore) -> None:
    html = await sign_up(client)
    r = await client.post("/drill", data={"csrf": csrf_of(html), "ticket": ticket_of(html),
                                          "fu": "lots", "han": "x", "payment": "??"})
    again = await r.text()
    assert 'class="hint"' in again and ticket_of(again) == ticket_of(html)
    store.flush()
    assert store.history(_learner_id(store)) == []


async def test_the_same_form_sent_twice_is_stored_once(
        client: Client, app: web.Application, store: DrillStore) -> None:
    html = await sign_up(client)
    form = {"csrf": csrf_of(html), "ticket": ticket_of(html),
            **right_answer(app, _learner_id(store), ticket_of(html))}
    for _ in range(2):
        r = await client.post("/drill", data=form)
        assert r.status == 200
    store.flush()
    assert len(store.history(_learner_id(store))) == 1


async def test_a_forged_question_is_refused_in_one_line_and_nothing_is_stored(
        client: Client, store: DrillStore) -> None:
    html = await sign_up(client)
    ticket = ticket_of(html)
    body, mac = ticket.split(".")
    forged = body[:-4] + ("AAAA" if body[-4:] != "AAAA" else "BBBB") + "." + mac
    r = await client.post("/drill", data={"csrf": csrf_of(html), "ticket": forged,
                                          "fu": "30", "han": "1", "payment": "1000"})
    text = await r.text()
    assert r.status == 400 and "That question was not asked here" in text
    r = await client.post("/drill", data={"csrf": csrf_of(html), "fu": "30"})
    assert r.status == 400
    store.flush()
    assert store.history(_learner_id(store)) == []


async def test_another_learners_question_is_refused(
        client: Client, app: web.Application, store: DrillStore) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    alice = await sign_up(client, "alice")
    other: Client = TestClient(TestServer(app))
    await other.start_server()
    try:
        bob = await sign_up(other, "bob")
        r = await other.post("/drill", data={"csrf": csrf_of(bob), "ticket": ticket_of(alice),
                                             "fu": "30", "han": "1", "payment": "1000"})
        assert r.status == 400
    finally:
        await other.close()
    store.flush()
    assert store.history(_learner_id(store, "alice")) == []
    assert store.history(_learner_id(store, "bob")) == []


async def test_a_cross_site_post_is_refused(client: Client, store: DrillStore) -> None:
    html = await sign_up(client)
    form = {"ticket": ticket_of(html), "fu": "30", "han": "1", "payment": "1000"}
    r = await client.post("/drill", data=form)  # no token
    assert r.status == 403 and "another site" in await r.text()
    r = await client.post("/drill", data={**form, "csrf": "x" * 24})
    assert r.status == 403
    r = await client.post("/drill", data={**form, "csrf": csrf_of(html)},
                          headers={"Origin": "https://evil.example"})
    assert r.status == 403
    store.flush()
    assert store.history(_learner_id(store)) == []


async def test_bad_input_gets_one_line_and_changes_nothing(
        client: Client, store: DrillStore) -> None:
    html = await sign_up(client)
    base = {"csrf": csrf_of(html), "ticket": ticket_of(html), "fu": "30", "han": "1"}
    r = await client.post("/drill", data={**base, "payment": "7" * 10_000})
    assert r.status == 400 and "too long" in await r.text()
    r = await client.post("/drill", data={**base, "payment": "1000", "pad": "x" * 200_000})
    text = await r.text()
    assert r.status == 413 and "too much" in text and "Traceback" not in text
    store.flush()
    assert store.history(_learner_id(store)) == []


async def test_a_guessed_password_is_slowed_then_refused(
        client: Client, store: DrillStore) -> None:
    await sign_up(client, "carol", "right-password")
    await client.post("/signout", data={"csrf": csrf_of(await page(client, "/drill"))})
    statuses = []
    for n in range(6):
        home = await page(client, "/")
        r = await client.post("/signin", data={"csrf": csrf_of(home), "name": "carol",
                                               "password": f"guess-{n}"})
        statuses.append(r.status)
    assert statuses[:3] == [403, 403, 403] and 429 in statuses
    home = await page(client, "/")
    r = await client.post("/signin", data={"csrf": csrf_of(home), "name": "carol",
                                           "password": "right-password"})
    assert r.status == 429  # even the right one waits now
    passwords = LearnerPasswords(store.database, cost=2**10)
    assert passwords.sign_in("carol", "right-password").name == "carol"


async def test_guesses_sent_at_once_are_counted_before_they_are_checked(
        client: Client) -> None:
    """Sixty wrong passwords sent at once were all checked (and the right one among them
    got in); each guess now takes its place before its check, so no more are checked at
    once than the account's free attempts."""
    import asyncio

    from data.learner_passwords import SIGN_IN_RULE as ACCOUNT_RULE

    await sign_up(client, "dora", "right-password")
    await client.post("/signout", data={"csrf": csrf_of(await page(client, "/drill"))})
    csrf = csrf_of(await page(client, "/"))

    async def guess(password: str) -> int:
        r = await client.post("/signin", data={"csrf": csrf, "name": "dora",
                                               "password": password}, allow_redirects=False)
        return r.status

    statuses = await asyncio.gather(*(guess(f"guess-{n}") for n in range(20)),
                                    guess("right-password"))
    checked = [s for s in statuses if s != 429]  # 403: wrong, 303: signed in
    assert len(checked) <= ACCOUNT_RULE.free, statuses
    assert statuses.count(429) >= len(statuses) - ACCOUNT_RULE.free


async def test_a_stolen_expired_cookie_signs_nobody_in(
        app: web.Application, client: Client) -> None:
    from quiz.web.server import _KEY_APP

    html = await sign_up(client)
    pages = app[_KEY_APP]
    cookie = client.session.cookie_jar.filter_cookies(client.make_url("/"))["rd"].value
    assert pages.cookies.read(cookie) is not None
    real = pages.cookies.ticker
    pages.cookies.ticker = lambda: real() + 13 * 3600  # past the cookie's life
    try:
        r = await client.get("/drill", allow_redirects=False)
        assert r.status == 303 and r.headers["Location"] == "/"
    finally:
        pages.cookies.ticker = real
    assert html


async def test_sign_out_forgets_the_learner(client: Client) -> None:
    html = await sign_up(client)
    r = await client.post("/signout", data={"csrf": csrf_of(html)})
    assert r.status == 200 and "You are signed out" in await r.text()
    assert str(r.url).endswith("/?out=1")
    r = await client.get("/drill", allow_redirects=False)
    assert r.status == 303


async def test_a_forged_grade_is_not_believed(client: Client, app: web.Application,
                                              store: DrillStore) -> None:
    html = await sign_up(client)
    lid = _learner_id(store)
    answer = right_answer(app, lid, ticket_of(html))
    han = answer.get("han", "")
    answer["han"] = str(int(han) + 1) if han.isdigit() else "1"
    r = await client.post("/drill", data={"csrf": csrf_of(html), "ticket": ticket_of(html),
                                          **answer, "correct": "1", "grade": "right",
                                          "marks": "all right"})
    assert 'class="verdict wrong"' in await r.text()
    store.flush()
    assert [a.correct for a in store.history(lid)] == [False]


async def test_every_drill_kind_is_asked_and_marked(client: Client, app: web.Application,
                                                    store: DrillStore) -> None:
    from quiz.drills import DrillKind

    html = await sign_up(client)
    lid = _learner_id(store)
    for kind in DrillKind:
        html = await page(client, f"/drill?kind={kind.value}")
        answer = right_answer(app, lid, ticket_of(html))
        r = await client.post(action_of(html), data={"csrf": csrf_of(html),
                                                     "ticket": ticket_of(html), **answer})
        marked = await r.text()
        assert r.status == 200 and 'class="verdict right"' in marked, (kind, answer)
        assert f'href="/drill?kind={kind.value}" aria-current="page"' in marked
    store.flush()
    assert sorted({a.drill for a in store.history(lid)}) == sorted(k.value for k in DrillKind)
    r = await client.get("/drill?kind=no-such-drill")
    assert r.status == 404
