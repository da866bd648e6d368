"""Each language's screens at 80x24 say one word for each concept (issue 24): the faults
a fluent player found, looked for where they were seen.

- Thai: a ron hand's question screen said ron twice, รอน under the tile and in the
  situation, ล่ง elsewhere; the drill says ล่ง only, and a closed kan is คั่งปิด.
- Vietnamese: the question asked in a sentence starting lower-case ("fu, han và ...
  là bao nhiêu?"); a drill session was a lượt, a player's turn at the table.
- Ukrainian: fu was «мініпойнти» and the non-dealer «не Схід» / «інший гравець»;
  now фу and не-дилер (and the prompt no longer asks «Яка фу?»).
- Japanese: the dora question said 赤5 where the rest says 赤ドラ; and a Japanese
  learner's first start shows kanji tile faces (a stored choice still wins).

The expected words are written here by hand from the glossaries, not computed.
"""

from __future__ import annotations

import re

from quiz.drills import DrillKind
from quiz.screens.explanation import ExplanationScreen
from quiz.store.drill import DrillStore
from tests.support.clock import FakeClock
from tests.support.pilot import make_app, screen_text, wait_for_question
from tests.words.test_app_languages import SIZE, type_answer

#: A non-dealer's ron with two closed kans, South seat (seed 000): 110 fu 1 han, 3600.
RON_ITEM = "seed000-saki-110fu"
#: A non-dealer's tsumo, 30 fu 4 han: 2000/3900 (seed 002).
TSUMO_ITEM = "seed002-tsumo-2000-3900"


async def test_thai_says_ron_one_way(store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=[RON_ITEM], lang="th",
                   settings={"tile_style": "ascii", "session_length": 1})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        shown = screen_text(app)
        assert "ล่ง" in shown, shown
        assert "รอน" not in shown, f"ron said two ways on one screen:\n{shown}"
        await type_answer(pilot, app, "110", "1", "3600")
        assert isinstance(app.screen, ExplanationScreen)
        explained = screen_text(app)
        assert "รอน" not in explained and "คัง" not in explained, explained


async def test_vietnamese_question_starts_a_sentence(store: DrillStore,
                                                    clock: FakeClock) -> None:
    app = make_app(store, clock, items=[TSUMO_ITEM], lang="vi",
                   settings={"tile_style": "ascii", "session_length": 1})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        shown = screen_text(app)
        prompt = next(line.strip() for line in shown.splitlines() if "fu, han" in line)
        assert prompt[0].isupper(), f"the question starts lower-case: {prompt!r}"
        assert prompt.startswith("Hãy cho biết fu, han"), prompt
        await type_answer(pilot, app, "30", "4", "2000/3900")
        await pilot.press("enter")
        await pilot.pause()
        summary = screen_text(app)
        assert "Tổng kết buổi tập" in summary, summary
        assert "lượt" not in summary.lower(), f"a session is not a turn:\n{summary}"


async def test_ukrainian_says_fu_and_non_dealer(store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=[TSUMO_ITEM], lang="uk",
                   settings={"tile_style": "ascii", "session_length": 1})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        shown = screen_text(app)
        assert "не-дилер" in shown, shown
        assert "не Схід" not in shown and "інший гравець" not in shown, shown
        # the prompt agrees with every part's gender («Яка фу?» did not)
        assert "Визначте: фу, хан і виплата." in shown, shown
        await type_answer(pilot, app, "30", "4", "2000/3900")
        explained = screen_text(app)
        assert "базові фу за виграш" in explained and re.search(r"\b20\s+фу\b", explained), (
            explained)
        assert "мініп" not in explained.lower(), f"fu is фу:\n{explained}"
        assert "інший гравець" not in explained and "Схід (дилер)" not in explained, explained


async def test_japanese_dora_question_says_aka_dora(store: DrillStore,
                                                   clock: FakeClock) -> None:
    app = make_app(store, clock, items=[TSUMO_ITEM], lang="ja", drill=DrillKind.DORA,
                   settings={"tile_style": "kanji", "session_length": 1})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        shown = screen_text(app)
        assert "赤ドラも含む" in shown, shown
        assert "赤5" not in shown and "赤五" not in shown, shown


async def test_a_japanese_first_start_shows_kanji_faces(store: DrillStore,
                                                       clock: FakeClock) -> None:
    app = make_app(store, clock, items=[TSUMO_ITEM], lang="ja",
                   settings={"session_length": 1})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        assert app.controller is not None
        assert app.controller.settings.tile_style.value == "kanji"
        shown = screen_text(app)
        assert "萬" in shown or "筒" in shown or "索" in shown, shown


async def test_the_learners_stored_tile_style_wins(store: DrillStore, clock: FakeClock) -> None:
    from quiz.settings import Settings

    learner = store.learner("ann")
    store.save_settings(learner.id, Settings().replace(tile_style="ascii"))
    store.flush()
    app = make_app(store, clock, items=[TSUMO_ITEM], lang="ja",
                   settings={"session_length": 1})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        assert app.controller is not None
        assert app.controller.settings.tile_style.value == "ascii"
        assert "萬" not in screen_text(app)


async def test_other_languages_start_in_plain_text(store: DrillStore,
                                                   clock: FakeClock) -> None:
    for lang in ("th", "vi", "uk"):
        app = make_app(store, clock, items=[TSUMO_ITEM], lang=lang, learner=f"new-{lang}",
                       settings={"session_length": 1})
        async with app.run_test(size=SIZE) as pilot:
            await wait_for_question(pilot, app)
            assert app.controller is not None
            assert app.controller.settings.tile_style.value == "ascii", lang
