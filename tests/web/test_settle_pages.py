"""The settlement drill's page (``/settle``) through aiohttp's test client: a round's end
shown seat by seat, each seat's change typed, marked, explained and stored as the terminal
stores it; the likely mistake; review of a settlement concept; bad input in one line."""

from __future__ import annotations

import random
import re
from datetime import timedelta

from aiohttp import web

from quiz.grading.settle import settle_mistakes
from quiz.store.drill import DrillStore
from quiz.web.settlepages import SEAT_FIELDS
from tests.web.conftest import Client, action_of, csrf_of, page, right_answer, sign_up, ticket_of


def _seeded(app: web.Application, seed: int) -> None:
    from quiz.web.server import _KEY_APP

    app[_KEY_APP].drill.rng = random.Random(seed)


def _key(app: web.Application, lid: int, ticket: str):  # type: ignore[no-untyped-def]
    from quiz.web.server import _KEY_APP

    pages = app[_KEY_APP]
    asked = pages.drill.reopen(pages.store.learners.by_id(lid), ticket)
    assert asked.question.key.settle is not None
    return asked.question.key.settle


async def _settle_page(client: Client, app: web.Application, lid: int, *,
                       with_mistake: bool = False) -> str:
    """A settlement question's page (one with a likely mistake to make, when asked)."""
    for _ in range(40):
        html = await page(client, "/settle")
        if not with_mistake or settle_mistakes(_key(app, lid, ticket_of(html))):
            return html
    raise AssertionError("no round end with a likely mistake in 40 questions")


def _form(html: str, values: dict[str, str]) -> dict[str, str]:
    return {"csrf": csrf_of(html), "ticket": ticket_of(html), **values}


async def test_the_drill_page_shows_the_round_seat_by_seat(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    _seeded(app, 3)
    html = await page(client, "/drill?kind=settle")  # the drill menu's link: to its page
    assert action_of(html) == "/settle"
    # four seats in wind order, East (the dealer) first, each labelled and described
    labels = re.findall(r'<label for="f-(\w+)">([^<]+)</label>', html)
    assert [f for f, _label in labels] == list(SEAT_FIELDS)
    assert [label for _f, label in labels] == ["East (dealer)", "South", "West", "North"]
    for field in SEAT_FIELDS:
        assert f'aria-describedby="d-{field}"' in html
    assert "Settle the round: each seat&#39;s change, East South West North?" in html
    assert "honba" in html and "on the table from earlier rounds" in html
    assert 'data-signed="1"' in html and 'class="sign-key"' in html
    lid = store.learners.get("alice").id
    spec = _key(app, lid, ticket_of(html)).spec
    from quiz.words.settle import round_lines

    for line in round_lines(spec)[2:]:
        said = line.partition(": ")[2]
        assert said.replace("'", "&#39;") in html, said


async def test_a_right_settlement_is_marked_explained_and_stored(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    lid = store.learners.get("alice").id
    html = await _settle_page(client, app, lid)
    while not any(_key(app, lid, ticket_of(html)).expected):  # "nothing changes hands":
        html = await _settle_page(client, app, lid)  # a worked settlement without seats
    right = right_answer(app, lid, ticket_of(html))
    r = await client.post("/settle", data=_form(html, right))
    marked = await r.text()
    assert r.status == 200 and 'class="verdict right"' in marked
    assert "✓ Settlement" in marked
    assert "<h3>Settlement</h3>" in marked and "Each seat&#39;s change, East South West" in marked
    assert 'href="/settle"' in marked and 'aria-current="page"' in marked
    store.flush()
    history = store.history(lid)
    assert [(a.drill, a.correct) for a in history] == [("settle", True)]
    assert history[0].question is not None and history[0].question["kind"] == "round"


async def test_a_wrong_settlement_is_marked_seat_by_seat_with_its_likely_mistake(
        client: Client, app: web.Application, store: DrillStore) -> None:
    from quiz.words.sentences import say

    await sign_up(client)
    lid = store.learners.get("alice").id
    _seeded(app, 11)
    html = await _settle_page(client, app, lid, with_mistake=True)
    key = _key(app, lid, ticket_of(html))
    _code, wording, _concepts, values = settle_mistakes(key)[0]
    # typed as a learner may: a minus or the score sheet's triangle, thousands separated
    typed = {f: (f"▲{-v:,}" if v < 0 else f"{v:,}") for f, v in zip(SEAT_FIELDS, values,
                                                                    strict=True)}
    r = await client.post("/settle", data=_form(html, typed))
    marked = await r.text()
    assert r.status == 200 and 'class="verdict wrong"' in marked
    assert "✗ Settlement" in marked and "Likely reason:" in marked
    assert say(wording).replace("'", "&#39;") in marked
    # each seat marked on its own, East first
    seats = re.findall(r'<p class="mark (right|wrong)"><b>\s*[✓✗] (East|South|West|North)',
                       marked)
    assert [w for _k, w in seats] == ["East", "South", "West", "North"]
    want = key.expected
    assert [k == "right" for k, _w in seats] == [a == b for a, b in zip(values, want,
                                                                        strict=True)]
    # and on each seat's card: right or wrong, and the change that was right
    cards = re.findall(r'<p class="seat-mark (right|wrong)"><b>[✓✗]</b> ([^<]+)</p>', marked)
    assert cards == [("right" if a == b else "wrong", f"{b:+d}" if b else "0")
                     for a, b in zip(values, want, strict=True)]
    store.flush()
    attempt = store.history(lid)[0]
    assert attempt.drill == "settle" and not attempt.correct and attempt.concepts_missed


async def test_the_same_settlement_sent_twice_is_stored_once(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    lid = store.learners.get("alice").id
    html = await _settle_page(client, app, lid)
    form = _form(html, right_answer(app, lid, ticket_of(html)))
    for _ in range(2):
        r = await client.post("/settle", data=form)
        assert r.status == 200 and 'class="verdict right"' in await r.text()
    store.flush()
    assert len(store.history(lid)) == 1


async def test_a_seat_without_one_number_gets_one_clear_line(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    lid = store.learners.get("alice").id
    html = await _settle_page(client, app, lid)
    right = right_answer(app, lid, ticket_of(html))
    for bad in ("lots", "", "+1000 -1000", "E +1000"):
        r = await client.post("/settle", data=_form(html, {**right, "west": bad}))
        again = await r.text()
        assert r.status == 200
        hints = re.findall(r'<p class="hint" id="h-(\w+)" role="alert">([^<]+)</p>', again)
        assert hints == [("west", "Type one number for this seat: + what it receives, - what "
                                  "it pays, 0 when it neither pays nor receives.")], (bad, hints)
        assert 'aria-invalid="true"' in again and ticket_of(again) == ticket_of(html)
        assert f'value="{right["east"]}"' in again  # what was typed stays
    store.flush()
    assert store.history(lid) == []


async def test_i_do_not_know_is_marked_as_in_the_terminal(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    lid = store.learners.get("alice").id
    html = await _settle_page(client, app, lid)
    r = await client.post("/settle", data=_form(html, {f: "?" for f in SEAT_FIELDS}))
    assert 'class="verdict wrong"' in await r.text()
    store.flush()
    assert [a.correct for a in store.history(lid)] == [False]


async def test_bad_and_forged_settlement_forms_change_nothing(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    lid = store.learners.get("alice").id
    html = await _settle_page(client, app, lid)
    right = right_answer(app, lid, ticket_of(html))
    r = await client.post("/settle", data=_form(html, {**right, "north": "7" * 10_000}))
    assert r.status == 400 and "The answer is too long: nothing was changed." in await r.text()
    r = await client.post("/settle", data={"csrf": csrf_of(html), **right})  # no ticket
    assert r.status == 400 and "That question was not asked here" in await r.text()
    body, mac = ticket_of(html).split(".")
    forged = body[:-4] + ("AAAA" if body[-4:] != "AAAA" else "BBBB") + "." + mac
    r = await client.post("/settle", data={"csrf": csrf_of(html), "ticket": forged, **right})
    assert r.status == 400
    # a hand's ticket is not a round's
    hand = await page(client, "/drill?kind=fu")
    r = await client.post("/settle", data={"csrf": csrf_of(hand), "ticket": ticket_of(hand),
                                           **right})
    assert r.status == 400
    # another site's post
    r = await client.post("/settle", data=_form(html, right),
                          headers={"Origin": "https://evil.example"})
    assert r.status == 403
    r = await client.post("/settle", data={"ticket": ticket_of(html), **right})
    assert r.status == 403
    store.flush()
    assert store.history(lid) == []


async def test_a_signed_out_visitor_is_sent_to_the_start(client: Client) -> None:
    r = await client.get("/settle", allow_redirects=False)
    assert r.status == 303 and r.headers["Location"] == "/"


async def test_the_settings_offer_the_settlement_drill_and_drill_starts_it(
        client: Client, store: DrillStore) -> None:
    from tests.web.test_learner_pages import _settings_form

    await sign_up(client)
    html = await page(client, "/settings")
    assert '<option value="settle">Settle the round</option>' in html
    data = _settings_form(html, drill="settle")
    r = await client.post("/settings", data=[(k, v) for k, vs in data.items()
                                             for v in (vs if isinstance(vs, list) else [vs])])
    assert r.status == 200
    assert store.flush(10)  # saved behind the page
    assert store.load_settings(store.learners.get("alice").id).drill.value == "settle"
    assert action_of(await page(client, "/drill")) == "/settle"


async def test_a_missed_settlement_concept_is_reviewed_on_the_settle_page(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    lid = store.learners.get("alice").id
    _seeded(app, 5)
    html = await _settle_page(client, app, lid, with_mistake=True)
    _code, _wording, _concepts, values = settle_mistakes(_key(app, lid, ticket_of(html)))[0]
    r = await client.post("/settle", data=_form(html, {f: str(v) for f, v in zip(
        SEAT_FIELDS, values, strict=True)}))
    assert 'class="verdict wrong"' in await r.text()
    store.flush()
    real = store.clock
    store.clock = lambda: real() + timedelta(days=2)
    try:
        for _ in range(6):  # the queue may ask a new hand first: rate it and go on
            html = await page(client, "/review")
            if action_of(html) == "/review" and 'data-signed="1"' in html:
                break
            r = await client.post("/review", data={"csrf": csrf_of(html),
                                                   "ticket": ticket_of(html),
                                                   "fu": "?", "han": "?", "payment": "?"})
            assert r.status == 200
        else:
            raise AssertionError("the missed settlement concept was not asked for review")
        assert "concept:" in html
        from quiz.web.learnerpages import LearnerPages
        from quiz.web.server import _KEY_APP

        pages = app[_KEY_APP]
        _q, question, _doc = LearnerPages(pages)._reopen(
            store.learners.by_id(lid), store.load_settings(lid), ticket_of(html))
        assert question.key.settle is not None
        right = {f: f"{v:+d}" for f, v in zip(SEAT_FIELDS, question.key.settle.expected,
                                                strict=True)}
        r = await client.post("/review", data={"csrf": csrf_of(html), "ticket": ticket_of(html),
                                               **{**right, "south": "many"}})
        again = await r.text()
        assert 'id="h-south"' in again and ticket_of(again) == ticket_of(html)
        r = await client.post("/review", data={"csrf": csrf_of(html), "ticket": ticket_of(html),
                                               **right})
        rated = await r.text()
        assert 'class="verdict right"' in rated and "How well did you know it?" in rated
        assert "<h3>Settlement</h3>" in rated
    finally:
        store.clock = real
    store.flush()
    last = store.history(lid)[0]
    assert last.drill == "review" and last.correct
    assert [p.part for p in last.parts] == ["settlement"]  # stored as the terminal's review


async def test_every_kind_of_round_end_is_asked_and_marked_right_on_the_page(
        client: Client, app: web.Application, store: DrillStore) -> None:
    """Chombo and abortive draws (the M.League and EMA rules have them) show and take the
    key's own changes; an abortive draw is answered with the "Nothing changes hands"
    button (and that button on any other round end is marked wrong)."""
    import dataclasses

    await sign_up(client)
    lid = store.learners.get("alice").id
    seen: set[str] = set()
    wrong_once: set[str] = set()
    for profile in ("mleague", "ema"):
        store.save_settings(lid, dataclasses.replace(store.load_settings(lid), profile=profile))
        store.flush()
        _seeded(app, 7)
        for _ in range(60):
            html = await page(client, "/settle")
            spec = _key(app, lid, ticket_of(html)).spec
            seen.add(spec.kind)
            answer = right_answer(app, lid, ticket_of(html))
            assert 'name="nothing" value="1"' in html and "Nothing changes hands" in html
            if spec.kind == "abortive":
                answer = {"nothing": "1"}
            elif spec.kind == "chombo" and "chombo" not in wrong_once:
                wrong_once.add("chombo")  # a chombo answered as if nothing were paid
                r = await client.post("/settle", data=_form(html, {"nothing": "1"}))
                assert 'class="verdict wrong"' in await r.text()
                continue
            r = await client.post("/settle", data=_form(html, answer))
            marked = await r.text()
            assert r.status == 200 and 'class="verdict right"' in marked, (spec.kind, answer)
            if seen >= {"chombo", "abortive"} and wrong_once:
                return
    raise AssertionError(f"only {sorted(seen)} asked in 120 questions")
