"""The course on the web pages through aiohttp's test client: the same progress as the
terminal's course for the same learner."""

from __future__ import annotations

import html as html_text
import random
import re

from aiohttp import web

from quiz.controller import DrillController
from quiz.course.mastery import State
from quiz.course.service import CourseService
from quiz.settings import Settings
from quiz.store.drill import DrillStore
from tests.web.conftest import Client, csrf_of, page, right_answer, sign_up, ticket_of


def _terminal_course(store: DrillStore, name: str = "alice") -> CourseService:
    """The course service the terminal's map uses, for the same learner."""
    learner = store.learners.get(name)
    return CourseService(store, DrillController(store, learner, Settings(),
                                                clock=store.clock, rng=random.Random(3)))


async def test_the_map_shows_every_lesson_with_its_state_and_the_nav_links_it(
        client: Client) -> None:
    drill = await sign_up(client)
    assert '<a href="/course">Course</a>' in drill
    html = await page(client, "/course")
    rows = re.findall(r'<li class="lesson-row (\w+)', html)
    assert len(rows) == 14 and set(rows) == {"todo"}
    assert "Course · alice · 0 of 14 mastered · practised 0\xa0min" in html
    assert "Next: 1 The winning hand and its waits" in html
    assert 'href="/course/hand" aria-current="step"' in html
    # one tap continues: the first lesson's reading the first time
    r = await client.get("/course/continue", allow_redirects=False)
    assert r.status == 303 and r.headers["Location"] == "/course/hand"


async def test_a_lessons_reading_draws_its_tiles_and_worked_examples(client: Client) -> None:
    await sign_up(client)
    html = await page(client, "/course/hand")
    assert "<h1 class=\"lesson-title\">Lesson 1 · The winning hand and its waits</h1>" in html
    assert '<span class="t man"' in html  # the reading's {234m} drawn as the drill's tiles
    assert "{" not in re.sub(r"<(script|style)[^>]*>.*?</\1>", "", html, flags=re.S)
    assert html.count('<section class="example"') == 2 and "Worked example 2" in html
    assert "the gate: 9 of 10 right, median within" in html
    assert 'href="/course/hand/practice"' in html
    ja = await page(client, "/course/fu-start", headers={"Accept-Language": "ja"})
    assert 'lang="ja"' in ja and "レッスン2" in ja and "解説例 1" in ja


async def test_a_practice_answer_is_stored_and_seen_by_the_terminals_course(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    lid = store.learners.get("alice").id
    html = await page(client, "/course/fu-start/practice")
    assert "Lesson 2 · Fu: the base, closed ron and tsumo" in html
    assert ">Fu</label>" in html and ">Han</label>" not in html  # a fu lesson asks the fu
    ticket = ticket_of(html)
    r = await client.post("/course/fu-start/practice", data={
        "csrf": csrf_of(html), "ticket": ticket, **right_answer(app, lid, ticket)})
    text = await r.text()
    assert r.status == 200 and 'class="verdict right"' in text
    assert re.search(r"1 of the last 1 right, median \d+ s", text)
    assert "the gate: 9 of 10 right" in text
    terminal = _terminal_course(store).progress().of("fu-start")
    assert terminal.state is State.IN_PROGRESS and terminal.answered == 1
    assert terminal.gate.right == 1
    assert store.history(lid)[0].session.startswith("course:fu-start:")
    # an answer that cannot be read: a hint under its field, the same question, nothing stored
    html = await page(client, "/course/fu-start/practice")
    r = await client.post("/course/fu-start/practice", data={
        "csrf": csrf_of(html), "ticket": ticket_of(html), "fu": "lots"})
    text = await r.text()
    assert r.status == 200 and ticket_of(text) == ticket_of(html) and 'class="hint"' in text
    store.flush()
    assert len(store.history(lid)) == 1
    course = await page(client, "/course")
    assert re.search(r'lesson-row in_progress[^>]*><a href="/course/fu-start"', course)
    assert "in progress: 1/1" in course
    # and continue now goes straight to the practice of the lesson in progress? no: the
    # first lesson is still to do, so its reading comes first
    r = await client.get("/course/continue", allow_redirects=False)
    assert r.headers["Location"] == "/course/hand"


async def test_the_same_practice_form_sent_twice_is_stored_once(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    lid = store.learners.get("alice").id
    html = await page(client, "/course/hand/practice")
    ticket = ticket_of(html)
    form = {"csrf": csrf_of(html), "ticket": ticket, **right_answer(app, lid, ticket)}
    for _twice in range(2):
        r = await client.post("/course/hand/practice", data=form)
        assert r.status == 200
    store.flush()
    assert len(store.history(lid)) == 1
    assert _terminal_course(store).progress().of("hand").answered == 1


async def test_an_unknown_lesson_and_a_ticket_of_another_lesson_are_refused_in_one_line(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    lid = store.learners.get("alice").id
    r = await client.get("/course/no-such-lesson")
    text = html_text.unescape(await r.text())
    assert r.status == 404 and "There is no lesson 'no-such-lesson' in the course." in text
    assert "Traceback" not in text
    html = await page(client, "/course/hand/practice")
    ticket = ticket_of(html)
    r = await client.post("/course/fu-start/practice", data={
        "csrf": csrf_of(html), "ticket": ticket, **right_answer(app, lid, ticket)})
    assert r.status == 400 and "That question was not asked here" in await r.text()
    # a drill's ticket is no lesson's
    drill = await page(client, "/drill?kind=fu")
    r = await client.post("/course/fu-start/practice", data={
        "csrf": csrf_of(drill), "ticket": ticket_of(drill), "fu": "30"})
    assert r.status == 400
    # no form token: refused, nothing stored
    r = await client.post("/course/hand/practice", data={"ticket": ticket})
    assert r.status == 403
    store.flush()
    assert store.history(lid) == []


async def test_the_course_needs_a_signed_in_learner(client: Client) -> None:
    r = await client.get("/course", allow_redirects=False)
    assert r.status == 303 and r.headers["Location"] == "/"


async def test_ten_right_answers_master_the_lesson_on_the_web_and_in_the_terminal(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    lid = store.learners.get("alice").id
    text = ""
    for _n in range(10):
        html = await page(client, "/course/hand/practice")
        ticket = ticket_of(html)
        r = await client.post("/course/hand/practice", data={
            "csrf": csrf_of(html), "ticket": ticket, **right_answer(app, lid, ticket)})
        text = await r.text()
        assert 'class="verdict right"' in text
    assert re.search(r"Lesson mastered: 10 of the last 10 right, median \d+ s\.", text)
    assert 'href="/course/continue"' in text
    terminal = _terminal_course(store).progress()
    assert terminal.of("hand").state is State.MASTERED
    assert terminal.next is not None and terminal.next.lesson.id == "fu-start"
    course = await page(client, "/course")
    assert "1 of 14 mastered" in course and "lesson-row mastered" in course
    # the lesson's concepts became review cards, as the terminal makes them
    from sqlalchemy import func, select

    from data.models.srs import SrsCard

    with store.database.session() as s:
        assert s.scalar(select(func.count()).select_from(SrsCard)) >= 1
    # practised again once mastered: the next question is of the same lesson
    html = await page(client, "/course/hand/practice")
    ticket = ticket_of(html)
    r = await client.post("/course/hand/practice", data={
        "csrf": csrf_of(html), "ticket": ticket, **right_answer(app, lid, ticket)})
    text = await r.text()
    assert "Lesson mastered:" in text and 'href="/course/hand/practice" id="next"' in text
    # and the way on to the next lesson is still offered, not only right after the gate
    assert 'href="/course/continue" id="continue"' in text
    # three misses in a row: the lesson slips to a refresher, here and in the terminal
    for _n in range(3):
        html = await page(client, "/course/hand/practice")
        ticket = ticket_of(html)
        answer = right_answer(app, lid, ticket)
        answer["wait"] = next(w for w in ("kanchan", "tanki") if w != answer["wait"])
        r = await client.post("/course/hand/practice", data={
            "csrf": csrf_of(html), "ticket": ticket, **answer})
        assert 'class="verdict wrong"' in await r.text()
    assert _terminal_course(store).progress().of("hand").state is State.REFRESHER
    course = await page(client, "/course")
    assert "lesson-row refresher next" in course and "needs a refresher" in course
    r = await client.get("/course/continue", allow_redirects=False)
    assert r.headers["Location"] == "/course/hand/practice"


async def test_an_answer_given_in_the_terminal_shows_on_the_web_map(
        client: Client, store: DrillStore) -> None:
    await sign_up(client)
    terminal = _terminal_course(store)
    terminal.practise("fu-sets")
    c = terminal.controller
    q = c.next_question()
    assert q is not None
    c.submit({p: q.key.expected_text(p) for p in q.key.parts})
    store.flush()
    course = await page(client, "/course")
    assert re.search(r'lesson-row in_progress[^>]*><a href="/course/fu-sets"', course)
    lesson_page = await page(client, "/course/fu-sets")
    assert re.search(r"1 of the last 1 right, median \d+\xa0s|1 of the last 1 right, "
                     r"median \d+ s", lesson_page)


async def test_the_course_pages_speak_thai_vietnamese_and_ukrainian(client: Client) -> None:
    await sign_up(client)
    for lang, words in (("th", ("หลักสูตร", "ถัดไป: 1")), ("vi", ("Khóa học", "Tiếp theo: 1")),
                        ("uk", ("Курс", "Далі: 1")), ("ja", ("講座", "次: 1"))):
        html = await page(client, "/course", headers={"Accept-Language": lang})
        assert f'lang="{lang}"' in html and all(w in html for w in words), lang
        r = await client.get("/course/nothing", headers={"Accept-Language": lang})
        assert r.status == 404 and "nothing" in await r.text()
        assert "There is no lesson" not in await r.text()


async def test_an_expert_is_placed_past_every_lesson_on_the_web(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    lid = store.learners.get("alice").id
    course = await page(client, "/course")
    assert 'href="/course/placement"' in course
    html = await page(client, "/course/placement")
    asked = 0
    while 'name="ticket"' in html:
        assert "End the test" in html and asked < 30
        ticket = ticket_of(html)
        r = await client.post("/course/placement", data={
            "csrf": csrf_of(html), "ticket": ticket, **right_answer(app, lid, ticket)})
        text = await r.text()
        assert r.status == 200 and 'class="verdict right"' in text
        asked += 1
        follow = re.search(r'href="(/course/placement\?s=[^"]+)" id="next"', text)
        assert follow is not None
        html = await page(client, html_text.unescape(follow.group(1)))
    assert "Placement done: 14 lessons proved mastered." in html and asked <= 30
    placed = _terminal_course(store).records.placed(lid)
    await page(client, html_text.unescape(follow.group(1)))  # reloaded: nothing changes
    assert _terminal_course(store).records.placed(lid) == placed
    terminal = _terminal_course(store).progress()
    assert terminal.mastered == 14 and terminal.next is None
    assert all(p.placed for p in terminal.lessons)
    store.flush()
    assert all(a.session.startswith("placement:") for a in store.history(lid))
    assert len(store.history(lid)) == asked
    items = [a.item_id for a in store.history(lid) if a.item_id is not None]
    assert len(items) == len(set(items))  # no hand asked twice in one test
    assert "14 of 14 mastered" in await page(client, "/course")


async def test_the_placement_test_ended_early_counts_what_is_answered(
        client: Client, app: web.Application, store: DrillStore) -> None:
    await sign_up(client)
    lid = store.learners.get("alice").id
    html = await page(client, "/course/placement")
    ticket = ticket_of(html)
    r = await client.post("/course/placement", data={
        "csrf": csrf_of(html), "ticket": ticket, **right_answer(app, lid, ticket)})
    text = await r.text()
    token = html_text.unescape(re.search(r'name="s" value="([^"]+)"', text).group(1))  # type: ignore[union-attr]
    r = await client.post("/course/placement/end", data={"csrf": csrf_of(text), "s": token})
    done = await r.text()
    assert "Placement done: 1 lesson proved mastered." in done
    assert "1. The winning hand and its waits" in done
    assert _terminal_course(store).progress().of("hand").placed
    # a state token changed by hand is refused in one line, nothing placed
    r = await client.post("/course/placement/end", data={"csrf": csrf_of(text),
                                                         "s": token[:-4] + "AAAA"})
    assert r.status == 400 and "That question was not asked here" in await r.text()
    # a lesson's ticket is no placement question
    lesson_page = await page(client, "/course/fu-start/practice")
    r = await client.post("/course/placement", data={
        "csrf": csrf_of(lesson_page), "ticket": ticket_of(lesson_page), "fu": "30"})
    assert r.status == 400


async def test_the_placement_test_carries_the_hands_asked_from_page_to_page(
        client: Client, app: web.Application, store: DrillStore) -> None:
    """Each answer carried in the signed state names its hand, and the test rebuilt from
    it never draws those hands again (the server keeps nothing between pages)."""
    from quiz.web.coursepages import CoursePages
    from quiz.web.server import _KEY_APP

    await sign_up(client)
    html = await page(client, "/course/placement")
    lid = store.learners.get("alice").id
    ticket = ticket_of(html)
    r = await client.post("/course/placement", data={
        "csrf": csrf_of(html), "ticket": ticket, **right_answer(app, lid, ticket)})
    token = re.search(r'href="/course/placement\?s=([^"]+)" id="next"', await r.text())
    assert token is not None
    pages = CoursePages(app[_KEY_APP])
    learner = store.learners.by_id(lid)
    _ses, answers = pages._state(learner, html_text.unescape(token.group(1)))
    store.flush()
    first = store.history(lid)[0].item_id
    assert first is not None and answers[0][4] == first
    assert pages._test(Settings(), answers).asked == {first}
