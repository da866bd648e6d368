"""SVG snapshots of the question, the explanation and the summary, in ASCII tile style,
at 80x24 and 120x40 (fixed item, fixed clock, fixed seed: the pictures are deterministic).

Update them with ``pytest tests/quiz/test_quiz_snapshots.py --snapshot-update`` after a
deliberate change, and look at the SVGs before committing.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input

from quiz.app import DrillApp
from quiz.grading import Part
from quiz.store import DrillStore
from tests.quiz.conftest import FakeClock, answer_with, make_app, wait_for_question

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
