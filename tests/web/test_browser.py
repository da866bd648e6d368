"""The web pages in a real headless Chromium, as a phone and a desktop show them.

A new learner signs up, answers one question right and one wrong (typing
with the keys a phone sends: "next" moves on, the last one submits), sees the
marks, the likely mistake and the worked explanation, goes on with one tap
and signs out; the terminal's commands then find the same history. The forms
work with JavaScript off. Every page: no sideways scrolling, inputs labelled,
tap targets of 44 px, no request to another host, no console error.
"""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from data.classroom import Classroom
from quiz.grading import Marked, Part, grade
from quiz.store.drill import DrillStore
from tests.web.browser import SCREENS, Served, Watch, check_page, launch
from tests.web.conftest import right_answer

pytestmark = pytest.mark.slow


@pytest.fixture
def served(store: DrillStore, classroom: Classroom) -> Iterator[Served]:
    from quiz.web import make_web_app

    app = make_web_app(store, classroom, password_cost=2**10, fail_delay=0.0)
    with Served(app) as s:
        yield s


def _ticket(page: Any) -> str:
    return str(page.locator("input[name=ticket]").get_attribute("value"))


def wrong_with_a_reason(app: web.Application, learner_id: int, ticket: str) -> dict[str, str]:
    """A wrong answer the grader finds a likely reason for (what a learner often gets wrong)."""
    from quiz.web.server import _KEY_APP

    right = right_answer(app, learner_id, ticket)
    pages = app[_KEY_APP]
    asked = pages.drill.reopen(pages.store.learners.by_id(learner_id), ticket)
    candidates = [{**right, "han": str(h)} for h in range(1, 14)]
    candidates += [{**right, "fu": str(f)} for f in (20, 25, 30, 40, 50, 60, 70, 80)]
    pays = [1000, 1300, 2000, 2600, 3900, 5200, 7700, 8000, 11600, 12000, 18000]
    candidates += [{**right, "payment": str(p)} for p in pays]
    candidates += [{**right, "payment": f"{p}/{2 * p}"} for p in (300, 500, 700, 1000, 1300)]
    for c in candidates:
        marked = grade(asked.question.key, {Part(k): v for k, v in c.items()})
        if isinstance(marked, Marked) and marked.diagnoses and not marked.correct:
            return c
    pytest.skip("no wrong answer with a likely reason found for this hand")


def right_answer_of_review(app: web.Application, learner_id: int,
                           ticket: str) -> dict[str, str]:
    """What the review question of a ticket expects."""
    from quiz.web.server import _KEY_APP, WebPages

    pages: WebPages = app[_KEY_APP]
    learner = pages.store.learners.by_id(learner_id)
    from quiz.web.learnerpages import LearnerPages

    _q, question, _doc = LearnerPages(pages)._reopen(learner, pages.store.load_settings(learner_id),
                                           ticket)
    return {p.value: question.key.expected_text(p) for p in question.parts}


def tap(locator: Any) -> None:
    """A tap on a touch screen, a click on a desktop."""
    if locator.page.context.browser and locator.page.evaluate("'ontouchstart' in window"):
        locator.tap()
    else:
        locator.click()


def type_answer(page: Any, answer: dict[str, str]) -> None:
    """Type each field and press Enter, as a phone's keyboard does ("next", then "go")."""
    fields = page.locator("form#answer input:not([type=hidden])")
    names = [fields.nth(i).get_attribute("name") for i in range(fields.count())]
    tap(fields.first)
    for n, name in enumerate(names):
        assert page.evaluate("document.activeElement.name") == name
        page.keyboard.type(answer.get(str(name), ""))
        if n < len(names) - 1:
            page.keyboard.press("Enter")
        else:
            with page.expect_navigation():
                page.keyboard.press("Enter")


@pytest.mark.parametrize("screen", ["phone-360", "pixel-7", "desktop"])
def test_a_new_learner_drills_on_a_phone(served: Served, store: DrillStore, screen: str,
                                         tmp_path: Path) -> None:
    with launch() as browser:
        context = browser.new_context(**SCREENS[screen])
        page = context.new_page()
        watch = Watch(page, served.base)
        page.goto(served.base + "/")
        check_page(page, screen)
        tap(page.get_by_text("New here?"))
        page.fill("#up-name", "nina")
        page.fill("#up-password", "a-long-password")
        page.fill("#up-password2", "a-long-password")
        page.press("#up-password2", "Enter")
        page.wait_for_url("**/drill")
        check_page(page, screen)
        assert page.get_by_label("Payment").is_visible()
        for label in ("Fu", "Han"):
            if page.get_by_label(label, exact=True).count():
                assert page.get_by_label(label, exact=True).get_attribute("inputmode") == \
                    "numeric"
        lid = store.learners.get("nina").id
        type_answer(page, right_answer(served.app, lid, _ticket(page)))
        assert page.locator(".verdict.right").is_visible()
        assert page.get_by_role("heading", name="Worked explanation").is_visible()
        check_page(page, screen)
        tap(page.get_by_role("link", name="Next question").first)
        page.wait_for_url("**/drill?kind=*")
        type_answer(page, wrong_with_a_reason(served.app, lid, _ticket(page)))
        assert page.locator(".verdict.wrong").is_visible()
        assert page.get_by_text("Likely reason:").is_visible()
        assert page.locator(".explanation .ex").count() > 2
        check_page(page, screen)
        # the review queue: a hand asked, answered, rated
        with page.expect_navigation():
            tap(page.get_by_role("link", name="Review"))
        check_page(page, screen)
        type_answer(page, right_answer_of_review(served.app, lid, _ticket(page)))
        assert page.get_by_text("How well did you know it?").is_visible()
        check_page(page, screen)
        # the language: Thai, then Japanese
        for lang, labels in (("th", ("ฟุ", "ฮัง", "แต้มที่จ่าย")), ("ja", ("符", "翻", "支払い"))):
            with page.expect_navigation():
                tap(page.locator("nav a[href='/settings']"))
            check_page(page, f"{screen} settings")
            page.select_option("#s-language", lang)
            with page.expect_navigation():
                tap(page.locator("form.stack button[type=submit]"))
            assert page.locator("html").get_attribute("lang") == lang
            with page.expect_navigation():
                tap(page.locator("nav a[href='/drill']"))
            for label in labels:
                assert page.get_by_label(label, exact=True).is_visible(), (lang, label)
            check_page(page, f"{screen} {lang}")
        with page.expect_navigation():
            tap(page.locator("form.inline button"))
        assert page.locator("p.note").is_visible()  # signed out (in Japanese now)
        watch.clean()
        context.close()
    store.flush()
    # the terminal's own command finds the same history
    out = subprocess.run([sys.executable, "-m", "quiz", "--db", str(store.database.engine.url
                                                                      ).removeprefix(
        "sqlite:///"), "review", "--learner", "nina", "--export-csv", "-"],
        capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    rows = [r for r in csv.DictReader(io.StringIO(out.stdout))
            if r["source"].startswith("answer")]
    assert [r["correct"] for r in rows][:2] == ["1", "0"], out.stdout
    assert len(rows) == 3 and rows[2]["drill"] == "review", out.stdout


@pytest.mark.parametrize("screen", ["phone-360", "phone-landscape"])
def test_the_forms_work_without_javascript(served: Served, store: DrillStore,
                                           screen: str) -> None:
    with launch() as browser:
        context = browser.new_context(**SCREENS[screen], java_script_enabled=False)
        page = context.new_page()
        watch = Watch(page, served.base)
        page.goto(served.base + "/")
        page.locator("details summary").click()
        page.fill("#up-name", "omar")
        page.fill("#up-password", "a-long-password")
        page.fill("#up-password2", "a-long-password")
        page.get_by_role("button", name="Sign up").click()
        page.wait_for_url("**/drill")
        check_page(page, screen)
        lid = store.learners.get("omar").id
        for name, value in right_answer(served.app, lid, _ticket(page)).items():
            page.fill(f"#f-{name}", value)
        with page.expect_navigation():
            page.get_by_role("button", name="Check").click()
        assert page.locator(".verdict.right").is_visible()
        check_page(page, screen)
        watch.clean()
        context.close()
    store.flush()
    assert len(store.history(store.learners.get("omar").id)) == 1


def test_a_class_on_phones_and_the_teachers_live_page(served: Served,
                                                      classroom: Classroom) -> None:
    from data.classroom import Explain, SetOptions
    from quiz.classroom.desk import question_for

    classroom.create_set("Room 3", "teacher-password", count=3, seed=9,
                         options=SetOptions(explain=Explain.DURING))
    record = classroom.get_set("Room 3")
    expected = []
    for q in classroom.questions("Room 3"):
        question = question_for(q.item, q.position, record.options)
        expected.append({p.value: question.key.expected_text(p) for p in question.parts})
    with launch() as browser:
        desk = browser.new_context(**SCREENS["desktop"])
        teacher = desk.new_page()
        teacher_watch = Watch(teacher, served.base)
        teacher.goto(served.base + "/")
        teacher.fill("#te-set", "Room 3")
        teacher.fill("#te-password", "teacher-password")
        with teacher.expect_navigation():
            teacher.get_by_role("button", name="Open the class").click()
        check_page(teacher, "teacher")
        assert teacher.locator("#answered").inner_text().startswith("0 /")
        teacher.evaluate("window.stillHere = true")

        phone = browser.new_context(**SCREENS["pixel-7"])
        student = phone.new_page()
        student_watch = Watch(student, served.base)
        student.goto(served.base + "/")
        student.fill("#st-set", "Room 3")
        student.fill("#st-name", "Mai")
        with student.expect_navigation():
            student.press("#st-name", "Enter")
        assert student.locator(".code").is_visible()
        check_page(student, "student code")
        with student.expect_navigation():
            tap(student.get_by_role("link", name="Go on"))
        for n, answer in enumerate(expected):
            check_page(student, f"student question {n + 1}")
            type_answer(student, answer)
            assert student.locator(".verdict.right").is_visible()
            check_page(student, f"student marks {n + 1}")
            with student.expect_navigation():
                tap(student.locator("#next"))
        assert student.get_by_text("You have answered every question of the set.").is_visible()
        check_page(student, "student results")
        # the teacher's page shows the answers arrive, without reloading
        teacher.wait_for_function(
            "() => document.getElementById('answered').textContent.trim().startsWith('3 /')",
            timeout=15_000)
        assert teacher.evaluate("window.stillHere") is True
        assert "Mai" in teacher.locator("#live").inner_text()
        with teacher.expect_download() as download:
            teacher.get_by_role("link", name="Download CSV").click()
        csv_text = Path(download.value.path()).read_text(encoding="utf-8")
        teacher_watch.clean()
        student_watch.clean()
    results = classroom.class_results("Room 3", "teacher-password")
    assert results.answered == 3 and results.right == 3
    from data.classroom import results_csv

    assert csv_text == results_csv(results)


def test_every_language_fits_a_small_phone_in_light_and_dark(served: Served,
                                                              store: DrillStore) -> None:
    with launch() as browser:
        backgrounds = {}
        for scheme in ("light", "dark"):
            context = browser.new_context(**SCREENS["phone-360"], color_scheme=scheme)
            page = context.new_page()
            page.goto(served.base + "/")
            backgrounds[scheme] = page.evaluate(
                "() => getComputedStyle(document.body).backgroundColor")
            context.close()
        assert backgrounds["light"] != backgrounds["dark"]
        context = browser.new_context(**SCREENS["phone-360"])
        page = context.new_page()
        watch = Watch(page, served.base)
        page.goto(served.base + "/")
        tap(page.get_by_text("New here?"))
        page.fill("#up-name", "lan")
        page.fill("#up-password", "a-long-password")
        page.fill("#up-password2", "a-long-password")
        with page.expect_navigation():
            page.press("#up-password2", "Enter")
        lid = store.learners.get("lan").id
        for lang in ("uk", "vi", "th", "ja", "en"):
            with page.expect_navigation():
                tap(page.locator("nav a[href='/settings']"))
            page.select_option("#s-language", lang)
            with page.expect_navigation():
                tap(page.locator("form.stack button[type=submit]"))
            check_page(page, f"settings {lang}")
            with page.expect_navigation():
                tap(page.locator("nav a[href='/drill']"))
            check_page(page, f"question {lang}")
            # the payment field's buttons add the table's forms
            payment = page.locator("#f-payment")
            if payment.count() and page.locator(".form-key").count():
                tap(page.locator(".form-key", has_text="all").first)
                assert payment.input_value().strip() == "all"
                payment.fill("")
            type_answer(page, right_answer(served.app, lid, _ticket(page)))
            assert page.locator(".verdict.right").is_visible()
            check_page(page, f"marks {lang}")
            for path in ("/progress", "/summary"):
                page.goto(served.base + path)
                check_page(page, f"{path} {lang}")
        watch.clean()
        context.close()


def test_every_drill_kind_fits_a_small_phone(served: Served, store: DrillStore) -> None:
    from quiz.drills import DrillKind

    with launch() as browser:
        context = browser.new_context(**SCREENS["phone-360"])
        page = context.new_page()
        watch = Watch(page, served.base)
        page.goto(served.base + "/")
        tap(page.get_by_text("New here?"))
        page.fill("#up-name", "kinds")
        page.fill("#up-password", "a-long-password")
        page.fill("#up-password2", "a-long-password")
        with page.expect_navigation():
            page.press("#up-password2", "Enter")
        lid = store.learners.get("kinds").id
        for kind in DrillKind:  # every kind, the settlement's page too
            page.goto(f"{served.base}/drill?kind={kind.value}")
            check_page(page, f"question {kind.value}")
            type_answer(page, right_answer(served.app, lid, _ticket(page)))
            assert page.locator(".verdict.right").is_visible(), kind
            check_page(page, f"marks {kind.value}")
        watch.clean()
        context.close()
