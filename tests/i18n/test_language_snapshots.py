"""SVG snapshots of the question screen at 80x24 in Japanese and Thai (fixed item,
clock and seed: deterministic). Double-width kanji and Thai marks must keep the
fields, the hand and the footer aligned. Update with ``--snapshot-update`` after a
deliberate change, and look at the SVGs before committing.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input

from quiz.store import DrillStore
from tests.quiz.conftest import FakeClock, make_app, wait_for_question

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
