"""The drill app driven through the keyboard with Textual's pilot (80x24, in-memory SQLite).

Assertions are on app state, stored rows and posted messages, never on pixels.
"""

from __future__ import annotations

import pytest
from textual.message import Message
from textual.widgets import Select

from quiz.drills import DRILLS, DrillKind
from quiz.grading import Marked, Part
from quiz.screens.confirm import ConfirmScreen
from quiz.screens.drill import DrillScreen
from quiz.screens.explanation import ExplanationScreen
from quiz.screens.learners import LearnerScreen
from quiz.screens.settings import SettingsScreen
from quiz.screens.summary import SummaryScreen
from quiz.store.drill import DrillStore
from quiz.widgets.explanation import ExplanationView
from quiz.widgets.hand import HandView
from quiz.widgets.marks import MarksView
from quiz.words.sentences import reason_of
from quiz.words.tilefaces import TileStyle
from tests.support.clock import FakeClock
from tests.support.pilot import (
    SEED_ITEM,
    answer_with,
    make_app,
    right_answers,
    type_text,
    wait_for_question,
)

SIZE = (80, 24)


def history(store: DrillStore, name: str = "ann") -> list:  # type: ignore[type-arg]
    return store.history(store.learner(name).id)


@pytest.mark.slow
async def test_a_question_answered_right_through_the_keyboard(store: DrillStore,
                                                              clock: FakeClock) -> None:
    posted: list[Message] = []
    app = make_app(store, clock, items=[SEED_ITEM])
    async with app.run_test(size=SIZE, message_hook=posted.append) as pilot:
        await wait_for_question(pilot, app)
        assert isinstance(app.focused, type(app.screen.query_one("#answer-fu")))
        clock.advance(12.5)
        await type_text(pilot, "110")
        await pilot.press("enter")
        assert app.focused is app.screen.query_one("#answer-han")
        await type_text(pilot, "1")
        await pilot.press("enter")
        await type_text(pilot, "3,600")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ExplanationScreen)
        assert app.screen.marked.correct
    rows = history(store)
    assert len(rows) == 1
    row = rows[0]
    assert row.item_uid == SEED_ITEM and row.drill == "whole" and row.correct
    assert [(p.part, p.given, p.expected, p.correct) for p in row.parts] == [
        ("fu", "110", "110", True), ("han", "1", "1", True), ("payment", "3600", "3600", True)]
    assert row.seconds == pytest.approx(12.5)
    assert row.concepts_missed == ()
    assert row.session is not None


@pytest.mark.slow
async def test_a_question_answered_wrong_gets_marks_a_reason_and_concepts(
        store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=[SEED_ITEM])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, {Part.FU: "100", Part.HAN: "1", Part.PAYMENT: "3200"})
        screen = app.screen
        assert isinstance(screen, ExplanationScreen)
        assert [m.correct for m in screen.marked.marks] == [False, True, False]
        assert reason_of(screen.marked) == \
            "forgot the 10 fu for a closed hand won by ron (menzen kafu)"
        shown = str(screen.query_one(MarksView).render())
        assert "forgot the 10 fu" in shown and "Closed ron +10" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen), "the fixed list of items is used up"
    rows = history(store)
    assert len(rows) == 1 and not rows[0].correct
    assert rows[0].concepts_missed == ("fu:closed_ron",)
    assert [p.correct for p in rows[0].parts] == [False, True, False]


@pytest.mark.slow
async def test_a_payment_in_the_wrong_format_gets_a_hint_and_no_mark(
        store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=["seed002-tsumo-2000-3900"])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, {Part.FU: "30", Part.HAN: "4", Part.PAYMENT: "7900"})
        assert isinstance(app.screen, DrillScreen)
        hints = str(app.screen.query_one("#hints").render())
        assert "non-dealers' share and the dealer's" in hints
        assert app.focused is app.screen.query_one("#answer-payment")
        assert history(store) == []
        app.screen.query_one("#answer-payment").value = ""  # type: ignore[attr-defined]
        await type_text(pilot, "2000-3900")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ExplanationScreen) and app.screen.marked.correct
    assert len(history(store)) == 1


@pytest.mark.slow
async def test_the_explanation_shows_the_hands_fu_items(store: DrillStore,
                                                       clock: FakeClock) -> None:
    app = make_app(store, clock, items=[SEED_ITEM])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        result = app.controller.question.result  # type: ignore[union-attr]
        await answer_with(pilot, app, right_answers(app))
        view = app.screen.query_one(ExplanationView)
        assert view.fu_lines == [
            "+20 base", "+10 closed ron", "+4 open triplet of terminals/honours 1m1m1m",
            "+32 closed quad of terminals/honours 1p1p1p1p",
            "+32 closed quad of terminals/honours 6z6z6z6z",
            "+4 pair of seat and round wind 2z2z"]
        assert len(view.fu_lines) == len(result.fu_items)  # type: ignore[union-attr]
        kinds = [s.kind for s in view.steps]
        assert kinds.count("fu") == 6 and "fu_total" in kinds and "payment" in kinds
        assert any("rounded up to 110" in s.text for s in view.steps)
        hand = app.screen.query_one(HandView)
        assert [g.label for g in hand.groups()] == ["", "ron", "closed kan", "closed kan"]


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(DrillKind))
async def test_each_drill_kind_asks_grades_and_stores(store: DrillStore, clock: FakeClock,
                                                      kind: DrillKind) -> None:
    app = make_app(store, clock, drill=kind, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        q = app.controller.question  # type: ignore[union-attr]
        assert q is not None and q.drill is kind
        expected_parts = DRILLS[kind].parts
        assert q.parts == expected_parts
        assert app.screen.query_one(HandView).display is DRILLS[kind].shows_hand
        await answer_with(pilot, app, right_answers(app))
        assert isinstance(app.screen, ExplanationScreen)
        assert app.screen.marked.correct, app.screen.marked
        await pilot.press("enter")
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, {p: "?" for p in app.controller.question.parts})  # type: ignore[union-attr]
        assert isinstance(app.screen, ExplanationScreen)
        assert not app.screen.marked.correct
    rows = history(store)
    assert [r.drill for r in rows] == [kind.value, kind.value]
    assert [r.correct for r in rows] == [False, True]
    assert rows[0].concepts_missed, "a don't-know answer tags the concepts involved"
    if kind is DrillKind.TABLE:
        assert rows[0].item_id is None and rows[0].question["kind"] == "table"  # type: ignore[index]
    elif kind is DrillKind.SETTLE:
        assert rows[0].item_id is None and rows[0].question["kind"] == "round"  # type: ignore[index]
    else:
        assert rows[0].item_id is not None


@pytest.mark.slow
async def test_the_session_ends_with_a_summary(store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=[SEED_ITEM, "seed002-tsumo-2000-3900"],
                   settings={"session_length": 2})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        clock.advance(20)
        await answer_with(pilot, app, right_answers(app))
        await pilot.press("enter")
        await wait_for_question(pilot, app)
        clock.advance(45)
        await answer_with(pilot, app, {Part.FU: "30", Part.HAN: "4", Part.PAYMENT: "3900 all"})
        assert isinstance(app.screen, ExplanationScreen)
        assert "used the dealer's multiplier" in (reason_of(app.screen.marked) or "")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SummaryScreen)
        s = screen.summary
        assert (s.answered, s.right) == (2, 1)
        assert [(t.name, t.right, t.total) for t in s.parts] == [
            ("Fu", 2, 2), ("Han", 2, 2), ("Payment", 1, 2)]
        assert [a.seconds for a in s.slowest] == [45.0, 20.0]
        assert s.next and s.next[0].drill is DrillKind.TABLE
        missed = {t.name for t in s.concepts if t.right < t.total}
        assert missed == {"pay:non_dealer_tsumo", "win:non_dealer"}
        await pilot.press("4")
        await wait_for_question(pilot, app)
        assert app.controller.session.plan.drill is DrillKind.TABLE  # type: ignore[union-attr]


@pytest.mark.slow
async def test_escape_ends_the_session_early(store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, drill="table")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await pilot.press("escape")
        assert isinstance(app.screen, DrillScreen), "nothing answered yet: escape does nothing"
        await answer_with(pilot, app, right_answers(app))
        # from the explanation, Esc asks first; "n" stays
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, ExplanationScreen)
        await pilot.press("enter")
        await wait_for_question(pilot, app)
        # from the question, Esc asks too; "y" ends the session, the question dropped
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert app.screen.summary.answered == 1


@pytest.mark.slow
async def test_a_time_limit_ends_the_session(store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, drill="table", settings={"time_limit": 3,
                                                          "session_length": 0})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, right_answers(app))
        await pilot.press("enter")
        await wait_for_question(pilot, app)
        clock.advance(181)
        await answer_with(pilot, app, right_answers(app))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert app.screen.summary.answered == 2


@pytest.mark.slow
async def test_settings_are_saved_and_used_on_the_next_run(store: DrillStore,
                                                           clock: FakeClock) -> None:
    app = make_app(store, clock, items=[SEED_ITEM])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("tab")
        assert isinstance(app.focused, Select) and app.focused.id == "tile_style"
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert app.focused.value == "kanji"  # type: ignore[union-attr]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DrillScreen)
        assert app.settings.tile_style is TileStyle.KANJI
        assert app.screen.query_one(HandView).tile_style is TileStyle.KANJI
    stored = store.load_settings(store.learner("ann").id)
    assert stored.tile_style is TileStyle.KANJI
    again = make_app(store, clock, items=[SEED_ITEM])
    async with again.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, again)
        assert again.settings.tile_style is TileStyle.KANJI
        assert again.screen.query_one(HandView).tile_style is TileStyle.KANJI


@pytest.mark.slow
async def test_what_is_asked_comes_from_the_settings(store: DrillStore,
                                                     clock: FakeClock) -> None:
    learner = store.learner("ann")
    store.save_settings(learner.id, store.load_settings(learner.id).replace(
        ask=["han", "yaku"]))
    app = make_app(store, clock, items=[SEED_ITEM])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        assert app.controller.question.parts == (Part.HAN, Part.YAKU)  # type: ignore[union-attr]
        await answer_with(pilot, app, {Part.HAN: "1", Part.YAKU: "hatsu"})
        assert isinstance(app.screen, ExplanationScreen) and app.screen.marked.correct


@pytest.mark.slow
async def test_fu_is_skipped_on_limit_hands(store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=["limit-haneman"])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        assert app.controller.question.parts == (Part.HAN, Part.PAYMENT)  # type: ignore[union-attr]


@pytest.mark.slow
async def test_the_learner_is_picked_at_start(store: DrillStore, clock: FakeClock) -> None:
    store.learner("ann")
    store.learner("bo")
    app = make_app(store, clock, learner=None, items=[SEED_ITEM])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LearnerScreen)
        await pilot.press("down", "enter")
        await wait_for_question(pilot, app)
        assert app.controller.learner.name == "bo"  # type: ignore[union-attr]
        await answer_with(pilot, app, right_answers(app))
    assert len(history(store, "bo")) == 1 and history(store, "ann") == []


@pytest.mark.slow
async def test_a_new_learner_is_named_at_start(store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, learner=None, items=[SEED_ITEM])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LearnerScreen)
        await type_text(pilot, "Cy")
        await pilot.press("enter")
        await wait_for_question(pilot, app)
        assert app.controller.learner.name == "Cy"  # type: ignore[union-attr]


@pytest.mark.slow
async def test_keys_that_make_no_sense_are_disabled(store: DrillStore,
                                                    clock: FakeClock) -> None:
    app = make_app(store, clock, drill="table")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        screen = app.screen
        assert screen.check_action("end_session", ()) is False
        assert screen.check_action("choose_drill", ()) is True
        await answer_with(pilot, app, right_answers(app))
        await pilot.press("enter")
        await wait_for_question(pilot, app)
        assert screen.check_action("end_session", ()) is True


def test_every_binding_has_an_id_and_a_description() -> None:
    from quiz.app import DrillApp
    from quiz.screens.drill_picker import DrillPicker
    from quiz.screens.help import HelpScreen

    for owner in (DrillApp, DrillScreen, ExplanationScreen, SummaryScreen, SettingsScreen,
                  HelpScreen, LearnerScreen, DrillPicker):
        for binding in owner.BINDINGS:
            assert binding.id and binding.description, (owner, binding)  # type: ignore[union-attr]


@pytest.mark.slow
async def test_help_and_the_command_palette(store: DrillStore, clock: FakeClock) -> None:
    from quiz.screens.help import HelpScreen

    app = make_app(store, clock, items=[SEED_ITEM])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await type_text(pilot, "drill: dora")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_for_question(pilot, app)
        assert app.controller.session.plan.drill is DrillKind.DORA  # type: ignore[union-attr]


@pytest.mark.slow
async def test_an_answer_is_stored_before_the_next_question_is_shown(
        store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, drill="table")
    async with app.run_test(size=SIZE) as pilot:
        for n in range(1, 4):
            await wait_for_question(pilot, app)
            assert len(history(store)) == n - 1
            await answer_with(pilot, app, right_answers(app))
            assert isinstance(app.screen, ExplanationScreen)
            assert len(history(store)) == n
            assert isinstance(app.screen.marked, Marked)
            await pilot.press("enter")


@pytest.mark.slow
async def test_a_missed_hand_becomes_review_cards_and_f5_opens_the_review(
        store: DrillStore, clock: FakeClock) -> None:
    """A wrong answer in the drill feeds spaced repetition; the status line counts what is due."""
    from quiz.screens.review import ReviewScreen
    from quiz.srs import SrsService

    app = make_app(store, clock, items=[SEED_ITEM], settings={"session_length": 5})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, {Part.FU: "100", Part.HAN: "1", Part.PAYMENT: "3200"})
        assert isinstance(app.screen, ExplanationScreen)
        assert app.controller is not None
        learner_id = app.controller.learner.id
        clock.advance(120)  # past the first relearning step
        service = SrsService(store.database, learner_id, clock=clock)
        counts = service.due_counts()
        assert counts.learning >= 1, "the missed hand is due again within minutes"
        cards = service.next_card()
        assert cards is not None
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)


def test_the_drill_app_is_the_host_its_screens_read() -> None:
    """Screens type the app as a DrillHost (never importing it): the app meets it."""
    from quiz.app import create_app
    from quiz.screens.host import DrillHost, host_of

    app = create_app(db_url=":memory:", learner="host", seed=1)
    host: DrillHost = app  # checked by mypy as well
    assert host_of(app) is app and host.has_srs_modes
    assert host_of(object()) is None
