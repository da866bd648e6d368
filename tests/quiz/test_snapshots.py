"""SVG snapshots of the question, the explanation and the summary, in ASCII tile style,
at 80x24 and 120x40 (fixed item, fixed clock, fixed seed: the pictures are deterministic).

Update them with ``pytest tests/quiz/test_snapshots.py --snapshot-update`` after a
deliberate change, and look at the SVGs before committing.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input

from quiz.app import DrillApp
from quiz.grading import Part
from quiz.store.drill import DrillStore
from tests.support.clock import FakeClock
from tests.support.pilot import answer_with, make_app, wait_for_question

SIZES = [(80, 24), (120, 40)]
#: The seeds' 110-fu hand, then the 2000/3900 tsumo of seed 002.
ITEMS = ["seed000-saki-110fu", "seed002-tsumo-2000-3900"]


@pytest.fixture
def app(store: DrillStore, clock: FakeClock) -> DrillApp:
    return make_app(store, clock, items=ITEMS, seed=1,
                    settings={"tile_style": "ascii", "session_length": 2})


async def _settle(pilot: Any, app: DrillApp) -> None:
    for field in app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_question_screen(snap_compare: Any, app: DrillApp, size: tuple[int, int]) -> None:
    async def before(pilot: Any) -> None:
        await wait_for_question(pilot, app)
        await _settle(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_explanation_screen(snap_compare: Any, app: DrillApp, size: tuple[int, int]) -> None:
    async def before(pilot: Any) -> None:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, {Part.FU: "100", Part.HAN: "1", Part.PAYMENT: "3200"})
        await _settle(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_summary_screen(snap_compare: Any, app: DrillApp, clock: FakeClock,
                        size: tuple[int, int]) -> None:
    async def before(pilot: Any) -> None:
        await wait_for_question(pilot, app)
        clock.advance(14)
        await answer_with(pilot, app, {Part.FU: "100", Part.HAN: "1", Part.PAYMENT: "3200"})
        await pilot.press("enter")
        await wait_for_question(pilot, app)
        clock.advance(9)
        await answer_with(pilot, app, {Part.FU: "30", Part.HAN: "4", Part.PAYMENT: "2000/3900"})
        await pilot.press("enter")
        await _settle(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=before)


# --------------------------------------------------------------------------- without colour
# At 80x24, in the ASCII tile style and with NO_COLOR=1: what a learner on a
# plain terminal reads after a wrong answer, in the review after an answer,
# and in the settings dialog.


@pytest.fixture
def plain_app(store: DrillStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> DrillApp:
    monkeypatch.setenv("NO_COLOR", "1")  # read (and taken away) when the app is made
    app = make_app(store, clock, items=ITEMS, seed=1,
                   settings={"tile_style": "ascii", "session_length": 2})
    assert app.no_color
    return app


@pytest.mark.slow
def test_explanation_after_a_wrong_answer_without_colour(snap_compare: Any,
                                                         plain_app: DrillApp) -> None:
    async def before(pilot: Any) -> None:
        await wait_for_question(pilot, plain_app)
        await answer_with(pilot, plain_app, {Part.FU: "100", Part.HAN: "1",
                                             Part.PAYMENT: "3200"})
        await _settle(pilot, plain_app)

    assert snap_compare(plain_app, terminal_size=(80, 24), run_before=before)


@pytest.mark.slow
def test_review_after_an_answer_without_colour(snap_compare: Any, plain_app: DrillApp,
                                               clock: FakeClock) -> None:
    async def before(pilot: Any) -> None:
        from quiz.screens.review import ReviewScreen

        await wait_for_question(pilot, plain_app)
        await answer_with(pilot, plain_app, {Part.FU: "100", Part.HAN: "1",
                                             Part.PAYMENT: "3200"})
        clock.advance(120)  # the missed hand is due again
        await pilot.press("f5")
        for _ in range(200):
            screen = plain_app.screen
            if isinstance(screen, ReviewScreen) and screen.question is not None:
                break
            await pilot.pause(0.02)
        screen = plain_app.screen
        assert isinstance(screen, ReviewScreen) and screen.question is not None
        await pilot.pause()
        answers = {Part.FU: "100", Part.HAN: "1", Part.PAYMENT: "3200"}
        for part in screen.question.fields:
            for ch in answers.get(part, "-"):
                await pilot.press(ch)
            await pilot.press("enter")
        await pilot.pause(0.3)
        await _settle(pilot, plain_app)

    assert snap_compare(plain_app, terminal_size=(80, 24), run_before=before)


@pytest.mark.slow
def test_settings_dialog_without_colour(snap_compare: Any, plain_app: DrillApp) -> None:
    async def before(pilot: Any) -> None:
        await wait_for_question(pilot, plain_app)
        await pilot.press("f2")
        await _settle(pilot, plain_app)

    assert snap_compare(plain_app, terminal_size=(80, 24), run_before=before)
