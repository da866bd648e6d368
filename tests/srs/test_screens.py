"""Pilot tests: the review mode, its rating keys, the leech list and the statistics screen."""

from __future__ import annotations

import math
from datetime import timedelta
from typing import Any

import pytest
from textual.app import App
from textual.screen import Screen

from data.bank.repository import Bank
from data.db.database import Database
from data.srs import cards as srs_cards
from data.srs import repository as repo
from data.srs.history import history
from data.srs.records import CardKind, CardState
from quiz.grading import Part
from quiz.screens.leeches import LeechScreen
from quiz.screens.review import ReviewScreen
from quiz.screens.stats import StatsScreen
from quiz.srs import QuestionKind, Rating, ReviewContext, SrsSettings
from quiz.widgets.charts import Chart
from quiz.widgets.rating_bar import RatingBar
from tests.support.clock import FakeClock
from tests.support.fake_hands import FakeHands, add_fake_items
from tests.support.pilot import screen_text


class ScreenApp(App[None]):
    """A bare app that shows one screen."""

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


def context(db: Database, learner_id: int, clock: FakeClock, *, fake: bool = False,
            **kw: Any) -> ReviewContext:  # fmt: skip
    """A context on the test database (placeholder hands when ``fake``)."""
    return ReviewContext(db, learner_id, "Ann", clock=clock,
                         settings=SrsSettings(fuzz=False, **kw), seed=1,
                         hands=FakeHands(db) if fake else None)  # fmt: skip


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def type_answer(pilot: Any, screen: ReviewScreen, *, right: bool) -> None:
    """Type every part of the question on screen (right, or off by a little) and submit."""
    q = screen.question
    assert q is not None
    wrong = next(p for p in (Part.FU, Part.HAN, Part.PAYMENT) if p in q.parts)
    for part in q.fields:
        # a field shown but not marked (the fu of a limit hand): "-", it does not matter
        text = q.key.expected_text(part) if part in q.parts else "-"
        if not right and part is wrong:
            head, _, rest = text.partition("/") if "/" in text else text.partition(" ")
            sep = "/" if "/" in text else " "
            step = {Part.FU: 10, Part.HAN: 1, Part.PAYMENT: 100}[part]
            text = str(int(head) + step) + (sep + rest if rest else "")
        for ch in text:
            await pilot.press("space" if ch == " " else ch)
        await pilot.press("enter")
    await settle(pilot)


def rating_bindings(screen: Screen[Any]) -> dict[str, bool]:
    """Whether each rating key is enabled, as the footer shows it."""
    return {k: b.enabled for k, b in screen.active_bindings.items() if k in "1234"}


@pytest.mark.slow
async def test_rating_keys_are_enabled_only_after_the_answer_is_shown(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    Bank(db).generate(6, seed=4)
    screen = ReviewScreen(context(db, learner_id, clock))
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen.question is not None and screen.srs_question is not None
        assert screen.srs_question.kind is QuestionKind.NEW
        assert screen.check_action("rate", (1,)) is None
        app.screen.set_focus(None)  # away from the answer fields
        await pilot.press("3")
        assert screen.review is None, "a rating key does nothing before the answer"
        assert not any(rating_bindings(app.screen).values())
        assert not screen.query_one(RatingBar).display
        screen.query_one(f"#answer-{screen.question.fields[0].value}").focus()
        clock.advance(seconds=20)
        await type_answer(pilot, screen, right=True)
        assert screen.review is not None and screen.marked is not None and screen.marked.correct
        assert screen.check_action("rate", (1,)) is True
        assert all(rating_bindings(app.screen).values())
        bar = screen.query_one(RatingBar)
        assert bar.display
        # each button shows the interval its rating schedules
        review = screen.review
        assert bar.labels() == [o.label for o in review.options]
        assert review.rating is Rating.Good and bar.proposed == 3
        text = screen_text(app)
        assert "Right" in text and "3 Good 2 d" in text
        assert "1 Again 1 min" in text, "an interval never reads as a tile (1m)"
        # 4 overrides the proposed Good: the card gets exactly the interval shown
        easy = review.option(Rating.Easy).interval
        await pilot.press("4")
        await settle(pilot)
        card = srs_cards.get_card(db, review.card.id)
        assert card is not None and card.due - clock.now == easy
        (log,) = repo.reviews_of_card(db, card.id)
        assert (log.rating, log.auto_rating) == (4, 3)
        # and the next question is on screen, its keys disabled again
        assert screen.answered == 1 and screen.review is None and screen.question is not None
        assert not any(rating_bindings(app.screen).values())


@pytest.mark.slow
async def test_a_missed_hand_in_the_review_mode_comes_back(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    Bank(db).generate(4, seed=5)
    screen = ReviewScreen(context(db, learner_id, clock, new_per_day=1))
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = screen.srs_question
        assert first is not None and first.item is not None
        await type_answer(pilot, screen, right=False)
        assert screen.review is not None and screen.review.rating is Rating.Again
        assert "Not quite" in screen_text(app)
        await pilot.press("n")  # keep the proposed Again
        await settle(pilot)
        # the concepts missed come too (a fresh hand each): answer them right
        for _ in range(4):
            again = screen.srs_question
            assert again is not None
            if again.kind is QuestionKind.MISSED:
                break
            assert again.kind is QuestionKind.CONCEPT
            await type_answer(pilot, screen, right=True)
            await pilot.press("n")
            await settle(pilot)
        assert again.item is not None and again.item.uid == first.item.uid
        assert again.card is not None and again.card.due <= clock.now + timedelta(minutes=10)
        assert "A hand you missed" in screen_text(app)
        # the answer was stored as an attempt, linked to its review
        rows = list(history(db, learner_id))
        assert rows[0].source == "answer+review" and rows[0].rating == 1


@pytest.mark.slow
async def test_nothing_due_says_so_and_refresh_finds_what_came_due(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    Bank(db).generate(1, seed=8)
    screen = ReviewScreen(context(db, learner_id, clock, new_per_day=1))
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = screen.srs_question
        assert first is not None and first.item is not None
        await type_answer(pilot, screen, right=True)
        await pilot.press("n")
        await settle(pilot)
        text = screen_text(app)
        assert "Nothing to review now" in text and "1 reviewed this time" in text
        assert screen.check_action("reload", ()) is True
        clock.advance(days=3)
        await pilot.press("r")
        await settle(pilot)
        q = screen.srs_question
        assert q is not None and q.kind is QuestionKind.SIBLING
        assert q.item is not None and q.item.uid != first.item.uid
        assert "A sibling of a hand you answered before" in screen_text(app)


@pytest.mark.slow
async def test_the_leech_list_shows_each_leech_with_its_concept(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    add_fake_items(db, [("fu:ron_triplet",)] * 3)
    ctx = context(db, learner_id, clock, fake=True, new_per_day=0)
    svc = ctx.service()
    for _ in range(8):
        svc.record_drill_answer(correct=False, seconds=20, concepts=["fu:ron_triplet"])
        clock.advance(minutes=2)
    screen = StatsScreen(ctx)
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LeechScreen)
        text = screen_text(app)
        assert "Leeches (1)" in text and "Triplet completed by ron" in text and "8" in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


@pytest.mark.slow
async def test_the_statistics_screen_draws_the_learners_progress(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    add_fake_items(db, [("fu:closed_ron",), ("yaku:pinfu",)] * 20)
    ctx = context(db, learner_id, clock, fake=True)
    svc = ctx.service()
    from data.records import PartResult

    # three days of answers: a new closed-ron hand is always missed, everything else right
    for day in range(3):
        for _ in range(6):
            q = svc.next_question()
            assert q is not None and q.item is not None
            ok = "yaku:pinfu" in q.item.topics or q.kind is not QuestionKind.NEW
            parts = [PartResult("fu", "30" if ok else "40", "30", ok),
                     PartResult("payment", "1000", "1000", True)]  # fmt: skip
            svc.answer(q, correct=ok, seconds=20 + day, parts=parts,
                       concepts=() if ok else ["fu:closed_ron"])  # fmt: skip
            clock.advance(minutes=3)
        clock.advance(days=1)
    screen = StatsScreen(ctx)
    app = ScreenApp(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        progress = screen.progress
        assert progress is not None and progress.answers == 18
        data = screen.data
        accuracy = [v for v in data["accuracy"].series[0][1] if not math.isnan(v)]
        assert len(accuracy) == 3 and len(data["accuracy"].labels) == 30
        assert dict(zip(data["parts"].labels, data["parts"].series[0][1], strict=True)) == {
            "Fu": 100 * progress.parts[0].accuracy, "Payment": 100.0}
        assert data["concepts"].labels[0] == "Closed ron +10"
        assert data["concepts"].series[0][1][0] < 100.0
        concepts = dict(zip(data["concepts"].labels, data["concepts"].series[0][1], strict=True))
        assert concepts["Pinfu"] == 100.0
        assert data["forecast"].labels[0] == "today" and len(data["forecast"].labels) == 10
        assert sum(data["forecast"].series[0][1]) == sum(progress.forecast) >= 1
        assert progress.day_streak == 3 and progress.best_day_streak == 3  # up to yesterday
        # every chart is drawn with its data, not only a table
        for chart in screen.query(Chart):
            assert chart.data is not None
        summary = screen_text(app)
        assert "18 answers" in summary and "best 3" in summary
        # the other tabs: right arrow, or their number
        tabs = screen.query_one("#stats-tabs")
        await pilot.press("right")
        await pilot.pause()
        assert tabs.active == "tab-concepts"  # type: ignore[attr-defined]
        await pilot.press("4")
        await pilot.pause()
        assert tabs.active == "tab-pace"  # type: ignore[attr-defined]
        assert "Seconds per question each day" in screen_text(app)


@pytest.mark.slow
async def test_the_review_and_stats_modes_run_inside_the_drill_app(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    from quiz.cli.review import review_app
    from quiz.store.drill import DrillStore

    Bank(db).generate(6, seed=6)
    app = review_app(store=DrillStore(db, clock), learner="Ann", clock=clock, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        screen = app.screen
        assert screen.context is not None and screen.context.learner_id == learner_id
        assert screen.question is not None
        await type_answer(pilot, screen, right=False)
        assert screen.review is not None
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.progress is not None and app.screen.progress.answers == 1
        hand_cards = [c for c in repo.all_cards(db, learner_id) if c.kind is CardKind.HAND]
        assert hand_cards and hand_cards[0].state is CardState.LEARNING
        # another learner: the review mode shows their queue
        bo = app.store.learner("Bo")
        await app.use_learner(bo)
        await app.switch_mode("review")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen) and app.screen.context is not None
        assert app.screen.context.learner_id == bo.id and app.screen.answered == 0


@pytest.mark.slow
async def test_the_app_gives_the_review_screen_its_context(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    """The review and statistics screens get their context from the app (never look for it):
    the learner's stored settings, and a new context when the settings or the learner change."""
    from data.learners import SettingsStore
    from quiz.cli.review import review_app
    from quiz.store.drill import DrillStore
    from quiz.words.tilefaces import TileStyle

    Bank(db).generate(6, seed=6)
    SettingsStore(db).update(learner_id, {"srs.new_per_day": 2, "tile_style": "kanji"})
    app = review_app(store=DrillStore(db, clock), learner="Ann", clock=clock, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.context == app.review_context()
        assert screen.context.settings.new_per_day == 2 and screen.context.tile_style == "kanji"
        assert screen.tile_style is TileStyle.KANJI
        question = screen.srs_question
        # new settings: the same question stays, drawn with the new context
        assert app.controller is not None
        await app.apply_settings(app.controller.settings.replace(tile_style=TileStyle.GLYPH))
        await settle(pilot)
        assert screen.context.tile_style == "glyph" and screen.srs_question is question
        # the statistics screen gets the same context
        await app.switch_mode("stats")
        await settle(pilot)
        stats = app.screen
        assert isinstance(stats, StatsScreen) and stats.context == screen.context
        # another learner: both screens are given theirs
        bo = app.store.learner("Bo")
        await app.use_learner(bo)
        await settle(pilot)
        assert stats.context.learner_id == bo.id and stats.context.learner_name == "Bo"
        assert stats.progress is not None and stats.progress.answers == 0
        assert screen.context.learner_id == bo.id and screen.answered == 0


@pytest.mark.slow
async def test_every_bar_is_labelled_in_the_order_its_title_says_and_today_is_inside(
    db: Database, learner_id: int, clock: FakeClock
) -> None:
    """At 80x24: each bar of each chart has its label on screen; the worst concept is on top;
    the forecast starts today; today's point is inside the axes and labelled."""
    from data.records import PartResult
    from quiz.widgets.charts import BarChart, LineChart

    topics = ("fu:closed_ron", "yaku:pinfu", "pay:honba", "fu:ron_triplet")
    add_fake_items(db, [(t,) for t in topics] * 10)
    ctx = context(db, learner_id, clock, fake=True)
    svc = ctx.service()
    accuracy = {"fu:closed_ron": 0, "fu:ron_triplet": 1, "pay:honba": 2, "yaku:pinfu": 3}
    for day in range(3):
        for i in range(12):
            q = svc.next_question()
            assert q is not None and q.item is not None
            topic = q.item.topics[0]
            ok = i % 4 < accuracy[topic]
            parts = [PartResult("fu", "30", "30", ok), PartResult("han", "1", "1", True),
                     PartResult("payment", "1000", "1000", i % 2 == 0)]  # fmt: skip
            svc.answer(q, correct=ok, seconds=20, parts=parts, concepts=() if ok else [topic])
            clock.advance(minutes=3)
        if day < 2:
            clock.advance(days=1)
    screen = StatsScreen(ctx)
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        concepts = screen.data["concepts"]
        values = concepts.series[0][1]
        assert list(values) == sorted(values), "worst first, as the title says"
        for tab, chart_ids in (("1", ("parts",)), ("2", ("concepts",)), ("3", ("forecast",))):
            await pilot.press(tab)
            await settle(pilot)
            text = screen_text(app)
            for chart_id in chart_ids:
                chart = screen.query_one(f"#{chart_id}-chart", BarChart)
                assert chart.data is not None
                for label in chart.data.labels:
                    assert label in text, (chart_id, label, text)
        # the worst concept is drawn above the others
        await pilot.press("2")
        await settle(pilot)
        lines = screen_text(app).splitlines()
        rows = [next(n for n, line in enumerate(lines) if line.strip().startswith(label))
                for label in concepts.labels]  # fmt: skip
        assert rows == sorted(rows), "the first (worst) concept is on top"
        # the forecast starts with today, the days before the weeks
        assert screen.data["forecast"].labels[:2] == ("today", "+1")
        # the day charts end today, labelled, with today's point inside the axes
        await pilot.press("1")
        await settle(pilot)
        line = screen.query_one("#accuracy-chart", LineChart)
        assert line.data is not None and line.data.labels[-1] == "today"
        assert "today" in screen_text(app)
        today = line.data.series[0][1][-1]
        assert today == today, "today has answers"  # not NaN
        assert line.x_range[1] > len(line.data.labels) - 1, "the axis runs past today's point"


@pytest.mark.slow
@pytest.mark.parametrize("width", [40, 30, 80])
async def test_every_rating_button_is_on_screen_in_a_narrow_terminal(
    db: Database, learner_id: int, clock: FakeClock, width: int
) -> None:
    """On a phone's narrow terminal the four ratings go two a row (or one), each whole
    and on screen; the screen widened again, they are one row."""
    Bank(db).generate(6, seed=4)
    screen = ReviewScreen(context(db, learner_id, clock))
    app = ScreenApp(screen)
    async with app.run_test(size=(width, 40)) as pilot:
        await settle(pilot)
        assert screen.question is not None
        screen.query_one(f"#answer-{screen.question.fields[0].value}").focus()
        await type_answer(pilot, screen, right=True)
        bar = screen.query_one(RatingBar)
        assert bar.display
        await settle(pilot)
        for n in range(1, 5):
            region = screen.query_one(f"#rate-{n}").region
            assert region.width >= len(bar.labels()[n - 1]) and region.right <= width, (
                n, region)
            assert region.height >= 1 and region.y < 40
        rows = {screen.query_one(f"#rate-{n}").region.y for n in range(1, 5)}
        assert len(rows) == (1 if width >= 80 else 2 if width >= 34 else 4)
        await pilot.resize_terminal(100, 40)
        await settle(pilot)
        assert len({screen.query_one(f"#rate-{n}").region.y for n in range(1, 5)}) == 1
