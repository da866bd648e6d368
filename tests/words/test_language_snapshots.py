"""SVG snapshots of the question screen at 80x24 in Japanese and Thai (fixed item,
clock and seed: deterministic). Double-width kanji and Thai marks must keep the
fields, the hand and the footer aligned. Update with ``--snapshot-update`` after a
deliberate change, and look at the SVGs before committing.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input

from quiz.store.drill import DrillStore
from tests.support.clock import FakeClock
from tests.support.pilot import make_app, wait_for_question

#: A non-dealer's tsumo (seed 002): the situation line, three fields, a payment placeholder.
ITEM = "seed002-tsumo-2000-3900"


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ja", "th"])
def test_question_screen_in_language(snap_compare: Any, store: DrillStore, clock: FakeClock,
                                     lang: str) -> None:
    app = make_app(store, clock, items=[ITEM], seed=1, lang=lang,
                   settings={"tile_style": "kanji" if lang == "ja" else "ascii",
                             "session_length": 2})

    async def before(pilot: Any) -> None:
        await wait_for_question(pilot, app)
        for field in app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=before)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ja", "th"])
def test_explanation_screen_in_language(snap_compare: Any, store: DrillStore, clock: FakeClock,
                                        lang: str) -> None:
    """The end of the worked explanation after a wrong answer: the points, each share's
    rounding, and the curated example's teaching note, wrapped in the language."""
    from quiz.grading import Part
    from quiz.screens.explanation import ExplanationBody
    from tests.support.pilot import answer_with

    app = make_app(store, clock, items=[ITEM], seed=1, lang=lang,
                   settings={"tile_style": "kanji" if lang == "ja" else "ascii",
                             "session_length": 2})

    async def before(pilot: Any) -> None:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, {Part.FU: "40", Part.HAN: "4", Part.PAYMENT: "2600/5200"})
        for _ in range(300):
            if app.screen.query(ExplanationBody):
                break
            await pilot.pause(0.01)
        app.screen.query_one(ExplanationBody).scroll_end(animate=False)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=before)
