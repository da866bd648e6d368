"""The settlement drill in the app at 80x24: the round on screen, a right and a wrong answer."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static

from quiz.drills import DrillKind
from quiz.grading import Part
from quiz.screens.explanation import ExplanationScreen
from quiz.store.drill import DrillStore
from quiz.widgets.explanation import ExplanationView
from quiz.widgets.hand import HandView
from quiz.widgets.marks import MarksView
from quiz.widgets.situation import SituationPanel
from quiz.words.sentences import reason_of
from tests.support.clock import FakeClock
from tests.support.pilot import answer_with, make_app, right_answers, wait_for_question

SIZE = (80, 24)


def _wrong(expected: tuple[int, ...]) -> str:
    """An answer off by 1000 on East and South (still summing to zero)."""
    e, s, w, n = expected
    return f"{e + 1000:+d} {s - 1000:+d} {w:+d} {n:+d}"


@pytest.mark.slow
async def test_settle_a_round_right_then_wrong(store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, drill="settle", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        q = app.controller.question  # type: ignore[union-attr]
        assert q is not None and q.drill is DrillKind.SETTLE and q.round is not None
        assert not app.screen.query_one(HandView).display
        shown = str(app.screen.query_one(SituationPanel).render())
        assert "East" in shown and "honba" in shown and "(dealer)" in shown
        assert all(len(line) <= 80 for line in shown.splitlines())
        await answer_with(pilot, app, right_answers(app))
        assert isinstance(app.screen, ExplanationScreen)
        assert app.screen.marked.correct
        steps = app.screen.query_one(ExplanationView).steps
        assert any("East South West North" in s.text for s in steps)
        await pilot.press("enter")
        await wait_for_question(pilot, app)
        key = app.controller.question.key  # type: ignore[union-attr]
        assert key.settle is not None
        await answer_with(pilot, app, {Part.SETTLEMENT: _wrong(key.settle.expected)})
        assert isinstance(app.screen, ExplanationScreen)
        marked = app.screen.marked
        assert not marked.correct and reason_of(marked)
        marks = str(app.screen.query_one(MarksView).render())
        assert "✗" in marks and "✓" in marks, "each seat is marked on its own"
    rows = store.history(store.learner("ann").id)
    assert [r.drill for r in rows] == ["settle", "settle"]
    assert sorted(r.correct for r in rows) == [False, True]
    wrong = next(r for r in rows if not r.correct)
    assert wrong.item_id is None and wrong.question["kind"] == "round"  # type: ignore[index]
    assert wrong.concepts_missed and all(c.startswith("settle:") for c in wrong.concepts_missed)
    # spaced repetition sees them: each concept missed is a card, due again soon
    from data.srs import cards as srs_cards
    from data.srs.records import CardKind

    found = srs_cards.find_cards(store.database, store.learner("ann").id, CardKind.CONCEPT,
                                 wrong.concepts_missed)
    assert set(found) == set(wrong.concepts_missed)


@pytest.mark.slow
async def test_an_unreadable_settlement_gets_a_hint(store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, drill="settle", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, {Part.SETTLEMENT: "+1500 -1500"})
        assert not isinstance(app.screen, ExplanationScreen)
        hints = app.screen.query_one("#hints", Static)
        assert "four in all" in str(hints.render())


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ja", "th", "vi", "uk"])
async def test_the_round_fits_80_columns_in_each_language(store: DrillStore, clock: FakeClock,
                                                         lang: str) -> None:
    from quiz.widgets.answer_form import field_label
    from quiz.words.width import display_width

    app = make_app(store, clock, drill="settle", seed=3, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        q = app.controller.question  # type: ignore[union-attr]
        assert q is not None and q.round is not None
        panel = app.screen.query_one(SituationPanel)
        lines = str(panel.render()).splitlines()
        assert len(lines) == 6  # what ended, the table, then a line a seat
        assert all(display_width(line) <= 78 for line in lines), lines
        assert panel.region.height == 6, "nothing wraps at 80 columns"
        prompt = str(app.screen.query_one("#prompt", Static).render())
        label = field_label(Part.SETTLEMENT)
        if lang == "en":
            assert prompt.startswith("Settle the round") and label == "Settlement"
        else:
            assert "Settle the round" not in prompt and label != "Settlement"
            assert "dealer" not in " ".join(lines)
        field = app.screen.query_one("#answer-settlement")
        assert field.region.bottom <= SIZE[1] - 1, "the answer field is on screen"
        await answer_with(pilot, app, right_answers(app))
        assert isinstance(app.screen, ExplanationScreen) and app.screen.marked.correct


@pytest.mark.slow
async def test_a_settlement_session_ends_with_its_summary(store: DrillStore,
                                                          clock: FakeClock) -> None:
    from quiz.screens.summary import SummaryScreen

    app = make_app(store, clock, drill="settle", seed=5, settings={"session_length": 2})
    async with app.run_test(size=SIZE) as pilot:
        for n in range(2):
            await wait_for_question(pilot, app)
            key = app.controller.question.key  # type: ignore[union-attr]
            assert key.settle is not None
            await answer_with(pilot, app, {Part.SETTLEMENT: _wrong(key.settle.expected)}
                              if n == 0 else right_answers(app))
            assert isinstance(app.screen, ExplanationScreen)
            await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        s = app.screen.summary
        assert (s.answered, s.right) == (2, 1)
        assert [(t.name, t.right, t.total) for t in s.parts] == [("Settlement", 1, 2)]
        assert s.next and s.next[0].drill is DrillKind.SETTLE


def _mleague_rounds() -> list[Any]:
    """A chombo by a non-dealer with a riichi stick down, then four riichi drawn (M.League
    rules have both)."""
    from data.generate.rounds import RoundSpec
    from scoring.rules import AbortiveDraw
    from scoring.settle import RoundEnd, RoundEndKind, Table

    chombo = RoundSpec("chombo", RoundEnd(RoundEndKind.CHOMBO, offender=2),
                       Table(dealer=0, honba=1, sticks=1, riichi=frozenset({1})), "mleague")
    abortive = RoundSpec("abortive", RoundEnd(RoundEndKind.ABORTIVE_DRAW,
                                              abortive=AbortiveDraw.FOUR_RIICHI),
                         Table(dealer=3, honba=2, riichi=frozenset(range(4))), "mleague")
    return [chombo, abortive]


@pytest.mark.slow
async def test_the_screen_asks_a_chombo_then_an_abortive_draw(store: DrillStore,
                                                              clock: FakeClock) -> None:
    app = make_app(store, clock, drill="settle", rounds=_mleague_rounds())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        shown = str(app.screen.query_one(SituationPanel).render())
        assert shown.startswith("Chombo") and "West: committed a chombo" in shown
        key = app.controller.question.key  # type: ignore[union-attr]
        assert key.settle is not None
        # West pays as a mangan tsumo the other way round; South's riichi stick comes back
        assert key.settle.expected == (4000, 3000, -8000, 2000)
        # paid ron-style: a whole mangan to each player
        await answer_with(pilot, app, {Part.SETTLEMENT: "+8000 +9000 -24000 +8000"})
        assert isinstance(app.screen, ExplanationScreen)
        marked = app.screen.marked
        assert not marked.correct
        assert "mangan tsumo the other way round" in reason_of(marked)
        steps = " ".join(s.text for s in app.screen.query_one(ExplanationView).steps)
        assert "West committed a chombo and pays East 4000." in steps
        assert "South's riichi stick of this round goes back to them: 1000." in steps
        await pilot.press("enter")
        await wait_for_question(pilot, app)
        shown = str(app.screen.query_one(SituationPanel).render())
        assert shown.startswith("Abortive draw: suucha riichi")
        assert all(len(line) <= 80 for line in shown.splitlines())
        await answer_with(pilot, app, {Part.SETTLEMENT: "nothing changes hands"})
        assert isinstance(app.screen, ExplanationScreen)
        assert app.screen.marked.correct
        steps = " ".join(s.text for s in app.screen.query_one(ExplanationView).steps)
        assert "nothing changes hands, and the next round adds a honba" in steps
        assert "The 4 riichi sticks stay on the table" in steps
    rows = store.history(store.learner("ann").id)
    ends = {r.question["end"]: r for r in rows}  # type: ignore[index]
    assert sorted(ends) == ["abortive_draw", "chombo"]
    assert not ends["chombo"].correct and ends["abortive_draw"].correct
    assert "settle:chombo" in ends["chombo"].concepts_missed


@pytest.mark.slow
async def test_an_abortive_draw_answered_with_noten_payments_is_marked(
        store: DrillStore, clock: FakeClock) -> None:
    from data.generate.rounds import RoundSpec
    from scoring.rules import AbortiveDraw
    from scoring.settle import RoundEnd, RoundEndKind, Table

    kans = RoundSpec("abortive", RoundEnd(RoundEndKind.ABORTIVE_DRAW,
                                          abortive=AbortiveDraw.FOUR_KANS),
                     Table(dealer=0, riichi=frozenset({0})), "tenhou")
    app = make_app(store, clock, drill="settle", rounds=[kans])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, {Part.SETTLEMENT: "3000 from noten"})
        # not an exhaustive draw: a noten saying is no answer here
        assert not isinstance(app.screen, ExplanationScreen)
        app.screen.query_one("#answer-settlement").value = ""  # type: ignore[attr-defined]
        await answer_with(pilot, app, {Part.SETTLEMENT: "+3000 -1000 -1000 -1000"})
        assert isinstance(app.screen, ExplanationScreen)
        assert "abortive draw ends the round at once" in reason_of(app.screen.marked)
