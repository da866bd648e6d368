"""The drill app in each learner's language: the screens, a right and a wrong answer,
the marks, the summary, and a payment typed as it is said at that language's tables.

Each language's expected words are written here by hand (from its catalog and
glossary), not computed with the code under test.
"""

from __future__ import annotations

from typing import Any

import pytest

from quiz.app import DrillApp
from quiz.grading import Part
from quiz.screens.drill import DrillScreen
from quiz.screens.explanation import ExplanationScreen
from quiz.screens.summary import SummaryScreen
from quiz.store.drill import DrillStore
from quiz.words.core import active_language
from tests.support.clock import FakeClock
from tests.support.pilot import burst, make_app, screen_text, wait_for_question

SIZE = (80, 24)
#: A non-dealer's tsumo, 30 fu 4 han: 2000/3900 (seed 002).
TSUMO = "seed002-tsumo-2000-3900"
#: The seeds' 110-fu hand: 110 fu 1 han, ron 3600.
SEED_ITEM = "seed000-saki-110fu"


#: Per language: words the question screen shows, the verdicts, the summary's
#: title, and the 2000/3900 tsumo typed as said at that language's tables.
LANGUAGE_CASES: dict[str, dict[str, Any]] = {
    "ja": {"question": ["第1/2問", "支払い", "ヘルプ", "設定", "ツモ", "自摸"],
           "right": "正解",
           "summary": ["セッションの結果", "項目別", "正答率"],
           "payment": "2000・3900", "wrong_payment": "3900オール"},
    "th": {"question": ["ข้อ 1/2", "แต้มที่จ่าย", "วิธีใช้", "ตั้งค่า", "สึโมะ", "จั่วเอง"],
           "right": "ถูก", "summary": ["สรุปรอบฝึก", "แยกตามส่วน", "ความแม่นยำ"],
           "payment": "2000 กับ 3900", "wrong_payment": "3900 รอบวง"},
    "vi": {"question": ["Câu 1/2", "Điểm phải trả", "Trợ giúp", "Cài đặt", "Tsumo", "tự bốc"],
           "right": "Đúng", "summary": ["Tổng kết buổi tập", "Theo phần", "Độ chính xác"],
           "payment": "2000 và 3900", "wrong_payment": "3900 mỗi nhà"},
    "uk": {"question": ["П1/2", "Виплата", "Довідка", "Параметри", "цумо",
                        "виграш зі стіни"],
           "right": "Правильно", "summary": ["Підсумок сесії", "За частинами", "Точність"],
           "payment": "2000 і 3900", "wrong_payment": "3900 з кожного"},
}
#: Words of the English screens that must not be left in a translated one.
ENGLISH = ["Payment", "Help", "Settings", "self-draw", "Session summary", "By part"]


async def type_answer(pilot: Any, app: DrillApp, fu: str, han: str, payment: str) -> None:
    """Type the three answers as a learner does (a burst, Enter after each)."""
    assert app.controller is not None and app.controller.question is not None
    assert app.controller.question.fields == (Part.FU, Part.HAN, Part.PAYMENT)
    await burst(pilot, app, f"{fu}⏎{han}⏎{payment}⏎")
    for _ in range(50):
        if isinstance(app.screen, ExplanationScreen):
            break
        await pilot.pause(0.02)


@pytest.mark.parametrize("lang", sorted(LANGUAGE_CASES))
async def test_a_session_in_the_learners_language(store: DrillStore, clock: FakeClock,
                                                  lang: str) -> None:
    case = LANGUAGE_CASES[lang]
    app = make_app(store, clock, items=[TSUMO, TSUMO], lang=lang,
                   settings={"session_length": 2, "tile_style": "ascii"})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        assert active_language() == lang
        shown = screen_text(app)
        for word in case["question"]:
            assert word in shown, f"{lang}: {word!r} not on the question screen:\n{shown}"
        for word in ENGLISH:
            assert word not in shown, f"{lang}: English {word!r} left on screen:\n{shown}"

        # right, with the payment typed in the language's table form
        await type_answer(pilot, app, "30", "4", case["payment"])
        assert isinstance(app.screen, ExplanationScreen)
        assert app.screen.marked.correct, f"{lang}: {case['payment']!r} was not read as 2000/3900"
        verdict = str(app.screen.query_one("#verdict").render())
        assert case["right"] in verdict
        assert app.screen.query_one("#marks").display
        # every key of the explanation's footer shown whole within 80 columns
        from textual.widgets._footer import FooterKey

        keys = [k for k in app.screen.query(FooterKey) if k.display]
        assert len(keys) >= 6
        beyond = [k.description for k in keys if k.region.right > SIZE[0] or not k.region.width]
        assert not beyond, f"{lang}: footer keys cut at {SIZE[0]} columns: {beyond}"

        # wrong: the dealer's form for a non-dealer's tsumo
        await pilot.press("enter")
        await wait_for_question(pilot, app)
        await type_answer(pilot, app, "30", "4", case["wrong_payment"])
        screen = app.screen
        assert isinstance(screen, ExplanationScreen)
        assert not screen.marked.correct
        payment = [m for m in screen.marked.marks if m.part is Part.PAYMENT]
        assert payment and not payment[0].correct
        assert [m.correct for m in screen.marked.marks if m.part is not Part.PAYMENT] == [
            True, True]
        marks = screen_text(app)
        assert "✗" in marks or "x" in marks.lower()

        # the summary
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert (app.screen.summary.answered, app.screen.summary.right) == (2, 1)
        summary = screen_text(app)
        for word in case["summary"]:
            assert word in summary, f"{lang}: {word!r} not in the summary:\n{summary}"
        for word in ENGLISH:
            assert word not in summary, f"{lang}: English {word!r} in the summary:\n{summary}"


async def test_english_is_spoken_when_nothing_chooses_a_language(
        store: DrillStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")  # the app is given no environment: English
    app = make_app(store, clock, items=[TSUMO])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        assert active_language() == "en"
        assert "Payment" in screen_text(app)


async def test_the_environment_chooses_when_given(store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=[TSUMO], environ={"LANG": "th_TH.UTF-8"})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        assert "แต้มที่จ่าย" in screen_text(app)


@pytest.mark.slow
async def test_the_learners_setting_is_stored_and_lang_wins_over_it(
        store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=[TSUMO], environ={"LANG": "th_TH.UTF-8"})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await app.apply_settings(app.settings.replace(language="uk"))
        await pilot.pause()
        shown = screen_text(app)
        assert "Виплата" in shown and "Довідка" in shown, shown
        assert "Визначте: фу, хан і виплата." in shown  # the prompt is redrawn too
    learner = store.learner("ann")
    assert store.load_settings(learner.id).language == "uk"

    again = make_app(store, clock, items=[TSUMO], environ={"LANG": "th_TH.UTF-8"})
    async with again.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, again)
        assert "Виплата" in screen_text(again)

    flagged = make_app(store, clock, items=[TSUMO], lang="ja")
    async with flagged.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, flagged)
        assert "支払い" in screen_text(flagged)


@pytest.mark.slow
async def test_the_language_is_a_choice_in_the_settings_dialog(
        store: DrillStore, clock: FakeClock) -> None:
    from textual.widgets import Select

    from quiz.screens.settings import SettingsScreen

    app = make_app(store, clock, items=[TSUMO])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        select = app.screen.query_one("#language", Select)
        assert select.value == ""  # automatic: --lang, else LANG
        select.value = "vi"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DrillScreen)
        assert app.settings.language == "vi"
        shown = screen_text(app)
        assert "Điểm phải trả" in shown and "Trợ giúp" in shown, shown
