"""The screens' own texts break their lines by each language's rules (issue 24, part 3).

The drill's prompt and status line, the verdict after an answer, the review's
reason, prompt, verdict and status line, and the statistics' title and summary,
read off the screen at 80x24 and in narrower terminals (60 and 40 columns), in
Japanese, Thai and Vietnamese:

- Japanese (kinsoku): no line starts with a small kana, ``ー``, a closing bracket
  or ``。、``, none ends with an opening bracket, and a number keeps its unit
  (Textual folded ``…ありません`` / ``。`` at 40 columns);
- Thai and Vietnamese: a line holds whole words only, and a number keeps its
  unit word (``2 ส่วน``, ``30 fu``); a Thai phrase wider than its column breaks
  between its words (``ลองตรวจยาคุแ|ละโดร่า`` was seen at 40 columns);
- a status line (one line) shows whole pieces only, never ``1件…``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rich.cells import cell_len
from textual.widget import Widget

from quiz.grading import Part
from quiz.screens.explanation import ExplanationScreen
from quiz.screens.review import ReviewScreen
from quiz.screens.stats import StatsScreen
from quiz.store.drill import DrillStore
from quiz.widgets.wrapped import SEPARATOR
from quiz.words.core import use
from quiz.words.thai import has_thai
from quiz.words.width import display_width
from tests.quiz.conftest import (
    FakeClock,
    answer_with,
    make_app,
    right_answers,
    type_text,
    wait_for_question,
)
from tests.support.pilot import screen_text
from tests.words.test_line_breaks import _number_unit_pairs, japanese_faults
from tests.words.test_thai_words import thai_faults

LANGS = ("ja", "th", "vi")
WIDTHS = (80, 60, 40)
#: Narrower terminals too: where Textual's own wrapping broke the rules (a Japanese prompt
#: folded before ``？`` at 46 and 30 columns, a Thai count parted from ``ส่วน`` at 24).
PROMPT_WIDTHS = (*WIDTHS, 46, 30)
NARROW_WIDTHS = (*WIDTHS, 30, 24)
#: A limit hand (its fu are not marked: the verdict says why in a long sentence).
LIMIT = "limit-mangan-five-han"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use("en")


def crop(line: str, x: int, width: int) -> str:
    """The cells ``x`` to ``x + width`` of a screen line (a wide character whole or not)."""
    out, at = [], 0
    for ch in line:
        w = cell_len(ch)
        if at >= x and at + w <= x + width:
            out.append(ch)
        at += w
    return "".join(out)


def widget_lines(app: Any, widget: Widget) -> list[str]:
    """The lines of a widget's text as the screen shows them."""
    lines = screen_text(app).split("\n")
    region = widget.content_region
    return [crop(lines[y], region.x, region.width).rstrip()
            for y in range(region.y, min(region.bottom, len(lines)))]


def rule_faults(lang: str, text: str, lines: list[str], width: int) -> list[str]:
    """What breaks the language's rules in ``text`` shown as ``lines`` of ``width`` cells."""
    shown = [line.strip() for line in lines if line.strip()]
    assert "".join(shown).replace(" ", "") == text.replace(" ", "").replace("\n", ""), (
        "the whole text is read off the screen", text, lines)
    faults = []
    if lang == "ja":
        faults += japanese_faults(shown, text, width)
    else:
        # Thai: a phrase wider than the line breaks between the words of the list
        words = set(text.split())
        for line in shown:
            faults += [f"{word!r} is not a whole word: {line!r}" for word in line.split()
                       if word not in words and display_width(word) < width
                       and not (lang == "th" and has_thai(word))]
        if lang == "th":
            faults += thai_faults(shown, text, width)
    faults += [f"{pair!r} parted: {shown!r}" for pair in _number_unit_pairs(text)
               if display_width(pair) <= width and not any(pair in line for line in shown)]
    return faults


def check_text(app: Any, widget: Widget, lang: str) -> list[str]:
    """The rules' faults of a widget's wrapped text on screen."""
    text = str(widget.render())
    assert text.strip(), (widget.id, "no text: the test would prove nothing")
    return rule_faults(lang, text, widget_lines(app, widget), widget.content_region.width)


def check_status(app: Any, widget: Widget) -> list[str]:
    """A status line shows whole pieces only, within its width."""
    pieces = str(widget.render()).split(SEPARATOR)
    lines = [line for line in widget_lines(app, widget) if line.strip()]
    assert len(lines) == 1, (widget.id, lines)
    line = lines[0].strip()
    faults = [f"{piece!r} is not whole: {line!r}"
              for piece in line.split(SEPARATOR) if piece not in pieces]
    if cell_len(line) > widget.content_region.width:
        faults.append(f"wider than the line: {line!r}")
    return faults


async def until(pilot: Any, ready: Callable[[], bool], seconds: float = 10) -> None:
    for _ in range(int(seconds / 0.02)):
        if ready():
            await pilot.pause()
            return
        await pilot.pause(0.02)
    raise AssertionError("the screen did not come up")


@pytest.mark.slow
@pytest.mark.parametrize("width", PROMPT_WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("drill", ["dora", "wait", "settle"])
async def test_the_prompt_and_the_status_line_break_by_the_rules(
        store: DrillStore, clock: FakeClock, lang: str, width: int, drill: str) -> None:
    app = make_app(store, clock, lang=lang, drill=drill, learner="Nguyễn Thị Minh Khai")
    async with app.run_test(size=(width, 24)) as pilot:
        await wait_for_question(pilot, app)
        screen = app.screen
        faults = {"prompt": check_text(app, screen.query_one("#prompt"), lang),
                  "status": check_status(app, screen.query_one("#status"))}
    assert {k: v for k, v in faults.items() if v} == {}


@pytest.mark.slow
@pytest.mark.parametrize("width", NARROW_WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
async def test_the_verdict_breaks_by_the_rules(store: DrillStore, clock: FakeClock, lang: str,
                                               width: int) -> None:
    app = make_app(store, clock, lang=lang, items=[LIMIT], settings={"skip_fu_on_limit": True},
                   learner="Nguyễn Thị Minh Khai")
    async with app.run_test(size=(width, 24)) as pilot:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, {**right_answers(app), Part.HAN: "4"})
        await until(pilot, lambda: isinstance(app.screen, ExplanationScreen))
        screen = app.screen
        faults = {"verdict": check_text(app, screen.query_one("#verdict"), lang),
                  "status": check_status(app, screen.query_one("#status"))}
        # the terminal made narrower: wrapped again at the new width
        if width == 80:
            await pilot.resize_terminal(40, 24)
            await pilot.pause()
            faults["verdict at 40"] = check_text(app, screen.query_one("#verdict"), lang)
    assert {k: v for k, v in faults.items() if v} == {}


@pytest.mark.slow
@pytest.mark.parametrize("width", NARROW_WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
async def test_the_review_and_the_statistics_break_by_the_rules(
        store: DrillStore, clock: FakeClock, lang: str, width: int) -> None:
    app = make_app(store, clock, lang=lang, items=[LIMIT, LIMIT],
                   settings={"skip_fu_on_limit": True}, learner="Nguyễn Thị Minh Khai")
    # tall enough that the rating bar (docked at the bottom) leaves the texts in sight
    async with app.run_test(size=(width, 24 if width >= 40 else 40)) as pilot:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, {**right_answers(app), Part.HAN: "4"})
        await until(pilot, lambda: isinstance(app.screen, ExplanationScreen))
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen)
                    and app.screen.question is not None)
        review = app.screen
        assert isinstance(review, ReviewScreen)
        faults = {"reason": check_text(app, review.query_one("#review-reason"), lang),
                  "prompt": check_text(app, review.query_one("#review-prompt"), lang)}
        assert review.question is not None
        key = review.question.key
        typed = {**{p: key.expected_text(p) for p in key.parts}, Part.HAN: "4"}
        for part in review.question.fields:
            await type_text(pilot, typed.get(part, "-"))
            await pilot.press("enter")
        await until(pilot, lambda: review.marked is not None)
        await pilot.press("home")
        await pilot.pause()
        faults["verdict"] = check_text(app, review.query_one("#review-verdict"), lang)
        faults["status"] = check_status(app, review.query_one("#review-status"))
        await pilot.press("1")  # rated: the screen goes on
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen)
                    and app.screen.progress is not None)
        await asyncio.sleep(0)
        await pilot.pause()
        stats = app.screen
        faults["stats summary"] = check_text(app, stats.query_one("#stats-summary"), lang)
        faults["stats title"] = check_status(app, stats.query_one("#stats-title"))
    assert {k: v for k, v in faults.items() if v} == {}


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "width"), [("ja", 40), ("th", 32), ("vi", 40)])
async def test_no_footer_key_is_shown_cut(store: DrillStore, clock: FakeClock, lang: str,
                                          width: int) -> None:
    """A key the footer has no room for is left out whole, never shown as ``f5 復``."""
    from textual.widgets._footer import FooterKey

    from quiz.widgets.footer import Footer

    app = make_app(store, clock, lang=lang)
    async with app.run_test(size=(width, 24)) as pilot:
        await wait_for_question(pilot, app)
        await pilot.pause()
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        keys = [k for k in footer.query(FooterKey) if k.display]
        shown = [k for k in keys if k.visible]
        cut = [k.description for k in shown if k.region.right > footer.content_region.right]
        assert shown and len(shown) < len(keys), "too few keys for the test to prove anything"
        assert cut == []
        line = screen_text(app).split("\n")[-1]
        for key in shown:
            assert key.description in line, (key.description, line)



@pytest.mark.slow
@pytest.mark.parametrize("width", (40, 30, 24))
async def test_a_thai_reason_wider_than_its_column_breaks_between_words(
        store: DrillStore, clock: FakeClock, width: int) -> None:
    """The likely reason ``ฮังรวมไม่ถูก: ลองตรวจยาคุและโดร่าแต่ละตัวด้านล่าง`` is one phrase
    wider than its column: it broke between letters (``ลองตรวจยาคุแ|ละโดร่า`` at 40
    columns, a leading vowel parted from its consonant), and now breaks between words."""
    app = make_app(store, clock, lang="th", items=[LIMIT], settings={"skip_fu_on_limit": True},
                   learner="Nguyễn Thị Minh Khai")
    async with app.run_test(size=(width, 24)) as pilot:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, {**right_answers(app), Part.HAN: "2"})
        await until(pilot, lambda: isinstance(app.screen, ExplanationScreen))
        marks = app.screen.query_one("#marks")
        text = str(marks.render())
        lines = [line.strip() for line in widget_lines(app, marks) if line.strip()]
    assert "ลองตรวจยาคุและโดร่าแต่ละตัวด้านล่าง" in text, "the han total's reason is shown"
    assert "".join(lines).replace(" ", "") == text.replace(" ", "").replace("\n", "")
    reason = [line for line in lines if any(w in line for w in ("ลอง", "ยาคุ", "โดร่า"))]
    assert len(reason) > 1, ("the phrase is wider than the column: the test would prove nothing",
                             lines)
    assert thai_faults(lines, text, width) == []
    assert all(display_width(line) <= width for line in lines)
