"""A learner's settings, summary, progress and review pages through aiohttp's test client."""

from __future__ import annotations

import re

from aiohttp import web

from quiz.store.drill import DrillStore
from tests.web.conftest import Client, csrf_of, page, right_answer, sign_up, ticket_of


def _settings_form(html: str, **changes: str) -> dict[str, object]:
    form: dict[str, object] = {"csrf": csrf_of(html)}
    for name, body in re.findall(r'<select id="s-[^"]+" name="([^"]+)">(.*?)</select>', html,
                                 re.S):
        chosen = re.search(r'<option value="([^"]*)" selected>', body)
        form[name] = chosen.group(1) if chosen else re.search(
            r'<option value="([^"]*)"', body).group(1)  # type: ignore[union-attr]
    form["ask"] = ["fu", "han", "payment"]
    form["skip_fu_on_limit"] = "on"
    form.update(changes)
    return form


async def test_the_language_changes_to_thai_then_japanese(
        client: Client, store: DrillStore) -> None:
    await sign_up(client)
    html = await page(client, "/settings")
    for label in ("Language", "Tile style", "Rule profile"):
        assert f">{label}</label>" in html
    data = _settings_form(html, language="th")
    r = await client.post("/settings", data=[(k, v) for k, vs in data.items()
                                             for v in (vs if isinstance(vs, list) else [vs])])
    assert r.status == 200 and 'lang="th"' in await r.text()
    drill = await page(client, "/drill?kind=whole")
    assert ">ฟุ</label>" in drill and ">ฮัง</label>" in drill and ">แต้มที่จ่าย</label>" in drill
    html = await page(client, "/settings")
    data = _settings_form(html, language="ja")
    r = await client.post("/settings", data=[(k, v) for k, vs in data.items()
                                             for v in (vs if isinstance(vs, list) else [vs])])
    drill = await page(client, "/drill?kind=whole")
    assert ">符</label>" in drill and ">翻</label>" in drill and ">支払い</label>" in drill
    assert store.flush(10)  # settings are saved behind the page, as the terminal saves them
    assert store.load_settings(store.learners.get("alice").id).language == "ja"


async def test_a_bad_setting_is_refused_in_one_line(client: Client, store: DrillStore) -> None:
    await sign_up(client)
    html = await page(client, "/settings")
    data = _settings_form(html, profile="no-such-rules")
    r = await client.post("/settings", data=[(k, v) for k, vs in data.items()
                                             for v in (vs if isinstance(vs, list) else [vs])])
    assert r.status == 400 and "could not be read" in await r.text()
    assert store.load_settings(store.learners.get("alice").id).profile == "tenhou"


async def test_summary_and_progress_count_the_answers(
        client: Client, app: web.Application, store: DrillStore) -> None:
    html = await sign_up(client)
    lid = store.learners.get("alice").id
    r = await client.post("/drill", data={"csrf": csrf_of(html), "ticket": ticket_of(html),
                                          **right_answer(app, lid, ticket_of(html))})
    assert r.status == 200
    store.flush()
    summary = await page(client, "/summary")
    assert "1 answered · 1 right" in summary
    progress = await page(client, "/progress")
    assert "1 answer in all, 100% right" in progress and "By drill" in progress


async def test_the_review_queue_asks_and_rates(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    html = await page(client, "/review")
    ticket = ticket_of(html)
    r = await client.post("/review", data={"csrf": csrf_of(html), "ticket": ticket,
                                           "fu": "20", "han": "1", "payment": "1"})
    text = await r.text()
    assert r.status == 200 and "How well did you know it?" in text
    store.flush()
    lid = store.learners.get("alice").id
    assert store.history(lid)[0].drill == "review"
    # another rating than the one proposed (the terminal's keys 1-4)
    offered = re.findall(r'<button type="submit" name="rating" value="([^"]+)"( aria-pressed)?',
                         text)
    assert len(offered) == 4 and sum(bool(p) for _v, p in offered) == 1
    other = next(v for v, p in offered if not p)
    r = await client.post("/review/rate", data={"csrf": csrf_of(text), "rating": other})
    assert r.status == 200 and "Saved." in await r.text()
    store.flush()
    from sqlalchemy import select

    from data.models.srs import SrsReview

    with store.database.session() as s:
        ratings = s.scalars(select(SrsReview.rating)).all()
    wanted = offered.index((other, "")) + 1
    assert wanted in ratings
    r = await client.post("/review/rate", data={"csrf": csrf_of(text), "rating": other[:-3]})
    assert r.status == 400
    # a drill ticket is not a review ticket
    drill = await page(client, "/drill")
    r = await client.post("/review", data={"csrf": csrf_of(drill), "ticket": ticket_of(drill),
                                           "fu": "20"})
    assert r.status == 400


async def test_a_missed_hand_comes_back_for_review_when_due(
        tmp_path: object, client: Client, app: web.Application, store: DrillStore) -> None:
    import base64
    import json
    from datetime import timedelta

    html = await sign_up(client)
    lid = store.learners.get("alice").id
    wrong = right_answer(app, lid, ticket_of(html))
    han = wrong.get("han", "")
    wrong["han"] = str(int(han) + 1) if han.isdigit() else "1"
    r = await client.post("/drill", data={"csrf": csrf_of(html), "ticket": ticket_of(html),
                                          **wrong})
    assert 'class="verdict wrong"' in await r.text()
    store.flush()
    real = store.clock
    store.clock = lambda: real() + timedelta(minutes=30)  # the learning step has passed
    try:
        html = await page(client, "/review")
    finally:
        store.clock = real
    body = ticket_of(html).split(".")[0]
    doc = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    assert doc["k"] in ("missed", "concept", "sibling") and doc["c"] is not None
