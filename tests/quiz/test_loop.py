"""The drill loop as the learner meets it: the form gives nothing away, the clock
counts only the time a question is looked at, the tile style redraws at once."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input

from quiz.screens.drill import DrillScreen
from quiz.screens.explanation import ExplanationScreen
from quiz.store.drill import DrillStore
from tests.support.clock import FakeClock
from tests.support.pilot import burst, make_app, wait_for_question

SIZE = (80, 24)
#: A limit hand: 5 han 20 fu non-dealer tsumo, mangan 2000/4000.
LIMIT = "limit-mangan-five-han"
#: Not a limit hand: 30 fu 4 han ron, 7700.
PLAIN = "boundary-kiriage-tenhou"


def field_ids(app: object) -> list[str]:
    return [f.id or "" for f in app.screen.query(Input)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("fu", ["", "-", "40"], ids=["blank", "dash", "typed"])
async def test_a_limit_hand_shows_the_same_fields_and_the_fu_does_not_count(
        store: DrillStore, clock: FakeClock, fu: str) -> None:
    app = make_app(store, clock, items=[PLAIN, LIMIT], settings={"skip_fu_on_limit": True})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        plain_fields = field_ids(app)
        plain_prompt = str(app.screen.query_one("#prompt").render())
        await burst(pilot, app, "30⏎4⏎7700⏎⏎")
        await wait_for_question(pilot, app)
        assert field_ids(app) == plain_fields == ["answer-fu", "answer-han", "answer-payment"]
        assert str(app.screen.query_one("#prompt").render()) == plain_prompt
        # a blank fu: Enter from the last field goes back to it, a second Enter submits,
        # just as on any hand
        await burst(pilot, app, f"{fu}⏎5⏎2000/4000⏎" + ("⏎" if not fu else ""))
        screen = app.screen
        assert isinstance(screen, ExplanationScreen)
        assert screen.marked.correct and screen.marked.score == (2, 2)
        verdict = str(screen.query_one("#verdict").render())
        assert "Fu: not marked" in verdict and "the fu do not matter" in verdict
    rows = store.history(store.learner("ann").id)
    assert [p.part for p in rows[0].parts] == ["han", "payment"] and rows[0].correct


async def test_a_blank_fu_on_a_plain_hand_is_asked_for_again(store: DrillStore,
                                                           clock: FakeClock) -> None:
    app = make_app(store, clock, items=[PLAIN])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, "⏎4⏎7700⏎")
        assert app.focused is app.screen.query_one("#answer-fu")
        await burst(pilot, app, "⏎")
        assert isinstance(app.screen, DrillScreen), "a fu is needed here: a hint, no mark"
        assert "Fu" in str(app.screen.query_one("#hints").render())


@pytest.mark.slow
async def test_the_question_clock_stops_while_the_question_is_out_of_sight(
        store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=[PLAIN])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        clock.advance(5)
        for key in ("f1", "f2", "f5", "f6"):
            await burst(pilot, app, [events.Key(key, None)])
            await pilot.pause()
            assert not isinstance(app.screen, DrillScreen), key
            clock.advance(100)  # reading help, settings, the review, the statistics
            await burst(pilot, app, [events.Key("escape", None)])
            if key in ("f5", "f6"):
                app.switch_mode("drill")
            await pilot.pause()
            assert isinstance(app.screen, DrillScreen), key
        clock.advance(7)
        await burst(pilot, app, "30⏎4⏎7700⏎")
        assert isinstance(app.screen, ExplanationScreen)
    rows = store.history(store.learner("ann").id)
    assert rows[0].seconds == pytest.approx(12.0)


async def test_changing_the_tile_style_redraws_the_question_keeping_what_is_typed(
        store: DrillStore, clock: FakeClock) -> None:
    from quiz.widgets.hand import HandView

    app = make_app(store, clock, items=[PLAIN], settings={"tile_style": "ascii"})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, "30⏎")
        before = app.screen.query_one(HandView).render().plain
        assert "2m" in before
        await app.set_setting("tile_style", "kanji")
        await pilot.pause()
        after = app.screen.query_one(HandView).render().plain
        assert "二萬" in after and "2m" not in after
        assert app.screen.query_one("#answer-fu", Input).value == "30"
        assert app.focused is app.screen.query_one("#answer-han")


@pytest.mark.slow
async def test_the_yaku_list_reads_without_colour_and_a_letter_cycles(
        store: DrillStore, clock: FakeClock) -> None:
    from quiz.widgets.yaku_picker import YakuPicker

    app = make_app(store, clock, drill="han", seed=3)
    async with app.run_test(size=(80, 40)) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, "3⏎")
        picker = app.screen.query_one(YakuPicker)
        assert app.focused is picker
        await burst(pilot, app, "rr d")  # Riichi -> Rinshan -> Ryanpeikou, mark, Daisangen
        assert picker.chosen == frozenset({"ryanpeikou"})
        lines = [picker.render_line(y).text for y in range(picker.size.height)]
        marked = [ln for ln in lines if "Ryanpeikou" in ln]
        unmarked = [ln for ln in lines if "Junchan" in ln]
        assert marked and "[✓]" in marked[0] and unmarked and "[ ]" in unmarked[0]
        highlighted = [ln for ln in lines if ln.startswith("> ")]
        assert len(highlighted) == 1 and "Daisangen" in highlighted[0]
        await burst(pilot, app, "rrr")  # on to Renhou, round again to Riichi and Rinshan
        assert picker.get_option_at_index(picker.highlighted or 0).value == "rinshan_kaihou"


@pytest.mark.parametrize("where", ["explanation", "summary"])
@pytest.mark.slow
async def test_f3_picks_a_drill_wherever_1_to_6_do(store: DrillStore, clock: FakeClock,
                                                   where: str) -> None:
    from quiz.drills import DrillKind
    from quiz.screens.drill_picker import DrillPicker
    from quiz.screens.summary import SummaryScreen

    app = make_app(store, clock, items=[PLAIN], settings={"session_length": 1})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, "30⏎4⏎7700⏎" + ("⏎" if where == "summary" else ""))
        assert isinstance(app.screen, SummaryScreen if where == "summary" else
                          ExplanationScreen)
        await burst(pilot, app, [events.Key("f3", None)])
        assert isinstance(app.screen, DrillPicker)
        await burst(pilot, app, "4")
        await wait_for_question(pilot, app)
        assert app.controller is not None and app.controller.session is not None
        assert app.controller.session.plan.drill is DrillKind.TABLE


@pytest.mark.slow
async def test_switching_learner_on_the_summary_shows_the_new_learners_question(
        store: DrillStore, clock: FakeClock) -> None:
    from quiz.screens.learners import LearnerChoice, LearnerScreen

    store.learner("bo")
    app = make_app(store, clock, items=[PLAIN], settings={"session_length": 1})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, "30⏎4⏎7700⏎⏎")
        await burst(pilot, app, [events.Key("f4", None)])
        assert isinstance(app.screen, LearnerScreen)
        app.screen.dismiss(LearnerChoice("bo"))
        await wait_for_question(pilot, app)
        assert isinstance(app.screen, DrillScreen)
        assert app.controller is not None and app.controller.learner.name == "bo"
        assert "bo" in str(app.screen.query_one("#status").render())
