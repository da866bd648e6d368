"""The course's pages in a real headless Chromium, on a small phone and a desktop.

A new learner opens the course from the menu, continues to the first lesson's
reading with one tap, practises it (typing as a phone's keyboard does), sees
the marks and the gate's figures, finds the lesson in progress on the map,
practises on until the gate says it is mastered, and the map moves on to the
next lesson; the placement test is taken and ended; the terminal's course
reads the same progress. Every lesson's reading and
practice question fit a 360 px phone in every language. Every page: no
sideways scrolling, inputs labelled, tap targets of 44 px, no request to
another host, no console error.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from data.classroom import Classroom
from quiz.controller import DrillController
from quiz.course.lessons import lessons
from quiz.course.mastery import State
from quiz.course.service import CourseService
from quiz.settings import Settings
from quiz.store.drill import DrillStore
from tests.web.browser import SCREENS, Served, Watch, check_page, launch
from tests.web.conftest import right_answer
from tests.web.test_browser import tap, type_answer

pytestmark = pytest.mark.slow

#: Where the screenshots go when ``RIICHI_SHOTS`` names a folder (to look at them).
SHOTS = os.environ.get("RIICHI_SHOTS")


@pytest.fixture
def served(store: DrillStore, classroom: Classroom) -> Iterator[Served]:
    from quiz.web import make_web_app

    app = make_web_app(store, classroom, password_cost=2**10, fail_delay=0.0)
    with Served(app) as s:
        yield s


def _shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def _sign_up(page: Any, base: str, name: str) -> None:
    page.goto(base + "/")
    tap(page.get_by_text("New here?"))
    page.fill("#up-name", name)
    page.fill("#up-password", "a-long-password")
    page.fill("#up-password2", "a-long-password")
    with page.expect_navigation():
        page.press("#up-password2", "Enter")


def _ticket(page: Any) -> str:
    return str(page.locator("input[name=ticket]").get_attribute("value"))


@pytest.mark.parametrize("screen", ["phone-360", "desktop"])
def test_a_beginner_opens_the_course_reads_and_practises(served: Served, store: DrillStore,
                                                          screen: str) -> None:
    with launch() as browser:
        context = browser.new_context(**SCREENS[screen])
        page = context.new_page()
        watch = Watch(page, served.base)
        _sign_up(page, served.base, "noor")
        lid = store.learners.get("noor").id
        with page.expect_navigation():
            tap(page.locator("nav a[href='/course']"))
        check_page(page, f"{screen} map")
        assert page.locator(".lesson-row").count() == len(lessons())
        assert page.get_by_text("Next: 1 The winning hand and its waits").is_visible()
        _shot(page, f"{screen}-map")
        with page.expect_navigation():
            tap(page.get_by_role("link", name="Continue"))
        assert page.url.endswith("/course/hand")
        check_page(page, f"{screen} reading")
        assert page.locator(".reading .t").count() > 0  # tiles drawn as the drill's
        assert page.get_by_role("heading", name="Worked example 1").is_visible()
        _shot(page, f"{screen}-reading")
        with page.expect_navigation():
            tap(page.locator("#practise"))
        check_page(page, f"{screen} practice")
        assert page.get_by_text("not practised yet").is_visible()
        _shot(page, f"{screen}-practice")
        type_answer(page, right_answer(served.app, lid, _ticket(page)))
        assert page.locator(".verdict.right").is_visible()
        assert page.locator("#gate").get_by_text("1 of the last 1 right").is_visible()
        check_page(page, f"{screen} marks")
        _shot(page, f"{screen}-marks")
        with page.expect_navigation():
            tap(page.locator("#next"))
        assert page.url.endswith("/course/hand/practice")
        with page.expect_navigation():
            tap(page.locator("nav a[href='/course']"))
        assert page.locator(".lesson-row.in_progress").count() == 1
        check_page(page, f"{screen} map after")
        # practised on to the gate: mastered, and the map moves on to lesson 2
        with page.expect_navigation():
            tap(page.get_by_role("link", name="Continue"))
        assert page.url.endswith("/course/hand/practice")
        for _n in range(9):
            type_answer(page, right_answer(served.app, lid, _ticket(page)))
            assert page.locator(".verdict.right").is_visible()
            if _n < 8:
                with page.expect_navigation():
                    tap(page.locator("#next"))
        assert page.locator("#gate").get_by_text("Lesson mastered: 10 of the last 10 right").\
            is_visible()
        check_page(page, f"{screen} mastered")
        _shot(page, f"{screen}-mastered")
        with page.expect_navigation():
            tap(page.locator("#continue"))
        assert page.url.endswith("/course/fu-start")  # the next lesson's reading
        with page.expect_navigation():
            tap(page.locator("nav a[href='/course']"))
        assert page.locator(".lesson-row.mastered").count() == 1
        assert page.locator("a[aria-current=step]").get_attribute("href") == "/course/fu-start"
        # the placement test: one question answered, then ended with one tap
        with page.expect_navigation():
            tap(page.locator("#placement"))
        check_page(page, f"{screen} placement")
        _shot(page, f"{screen}-placement")
        type_answer(page, right_answer(served.app, lid, _ticket(page)))
        assert page.locator(".verdict.right").is_visible()
        check_page(page, f"{screen} placement marks")
        with page.expect_navigation():
            tap(page.locator("#end-test"))
        assert page.get_by_text("Placement done: 1 lesson proved mastered.").is_visible()
        check_page(page, f"{screen} placed")
        _shot(page, f"{screen}-placed")
        with page.expect_navigation():
            tap(page.locator("#to-map"))
        assert page.locator(".lesson-row.mastered").count() == 1
        check_page(page, f"{screen} map placed")
        _shot(page, f"{screen}-map-placed")
        watch.clean()
        context.close()
    store.flush()
    learner = store.learners.get("noor")
    terminal = CourseService(store, DrillController(store, learner, Settings(),
                                                    clock=store.clock, rng=random.Random(1)))
    assert terminal.progress().of("hand").state is State.MASTERED  # placed by the test


def test_every_lesson_fits_a_small_phone_in_every_language(served: Served,
                                                           store: DrillStore) -> None:
    with launch() as browser:
        context = browser.new_context(**SCREENS["phone-360"])
        page = context.new_page()
        watch = Watch(page, served.base)
        _sign_up(page, served.base, "lena")
        lid = store.learners.get("lena").id
        for lang in ("uk", "vi", "th", "ja", "en"):
            page.goto(served.base + "/settings")
            page.select_option("#s-language", lang)
            with page.expect_navigation():
                tap(page.locator("form.stack button[type=submit]"))
            page.goto(served.base + "/course")
            check_page(page, f"map {lang}")
            _shot(page, f"map-{lang}")
            for each in lessons():
                page.goto(f"{served.base}/course/{each.id}")
                assert page.locator("html").get_attribute("lang") == lang
                check_page(page, f"reading {each.id} {lang}")
                if each.number in (1, 9):
                    _shot(page, f"reading-{each.id}-{lang}")
        # every lesson's practice question, answered right, on the phone
        for each in lessons():
            page.goto(f"{served.base}/course/{each.id}/practice")
            check_page(page, f"practice {each.id}")
            type_answer(page, right_answer(served.app, lid, _ticket(page)))
            assert page.locator(".verdict.right").is_visible(), each.id
            check_page(page, f"marks {each.id}")
        watch.clean()
        context.close()


def test_a_lesson_is_practised_without_javascript(served: Served, store: DrillStore) -> None:
    with launch() as browser:
        context = browser.new_context(**SCREENS["phone-360"], java_script_enabled=False)
        page = context.new_page()
        watch = Watch(page, served.base)
        page.goto(served.base + "/")
        page.locator("details summary").click()
        page.fill("#up-name", "omar")
        page.fill("#up-password", "a-long-password")
        page.fill("#up-password2", "a-long-password")
        with page.expect_navigation():
            page.get_by_role("button", name="Sign up").click()
        page.goto(served.base + "/course")
        with page.expect_navigation():
            page.get_by_role("link", name="Continue").click()
        with page.expect_navigation():
            page.locator("#practise").click()
        lid = store.learners.get("omar").id
        for name, value in right_answer(served.app, lid, _ticket(page)).items():
            page.fill(f"#f-{name}", value)
        with page.expect_navigation():
            page.get_by_role("button", name="Check").click()
        assert page.locator(".verdict.right").is_visible()
        assert page.locator("#gate").get_by_text("1 of the last 1 right").is_visible()
        check_page(page, "no javascript")
        watch.clean()
        context.close()
    store.flush()
    assert store.history(store.learners.get("omar").id)[0].session.startswith("course:hand:")
