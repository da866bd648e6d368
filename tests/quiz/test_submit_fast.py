"""From an answer to its explanation without waiting (issue 10, speed).

The drill keeps each marked answer in the journal file before its explanation
is drawn, draws the explanation, and only then lets the writer store it (the
writer would share the interpreter with the drawing); the worked explanation
is rendered while the question is answered, once, and not again after the
answer. What the learner sees and what is stored stay the same: every answer
is stored exactly once, with keys typed one by one or sent in one burst.
"""

from __future__ import annotations

import gc
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import quiz.store.drill
from quiz.app import DrillApp, create_app
from quiz.controller import DrillController
from quiz.drills import DrillKind
from quiz.grading import Marked
from quiz.screens.explanation import ExplanationScreen
from quiz.screens.host import AnswerSubmitted, ExplanationDrawn
from quiz.settings import Settings
from quiz.store.drill import DrillStore
from quiz.store.journal import AnswerJournal, journal_path
from quiz.widgets.explanation import ExplanationView, RenderedOnce
from tests.store.conftest import WriteLock
from tests.support.clock import FakeClock
from tests.support.pilot import SEED_ITEM, answer_with, burst, right_answers, wait_for_question

SIZE = (80, 24)
ITEMS = [SEED_ITEM, "seed002-tsumo-2000-3900"] * 3


def stored(path: Path) -> int:
    """Answers the database holds (read directly: no second writer)."""
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT count(*) FROM attempts").fetchone()[0])
    finally:
        conn.close()


def journalled(path: Path) -> int:
    """Answers waiting in the database's journal file."""
    return len(AnswerJournal(journal_path(f"sqlite:///{path}")).read())


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "drill.db"
    DrillStore.open(str(path), generated=0).close()
    return path


class Watch:
    """What happened, in order: each explanation drawn (and what was stored or
    journalled then), each answer the writer stored, each render of an explanation."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
        self.path = path
        self.events: list[str] = []
        #: At each explanation drawn: (answers stored, answers journalled).
        self.at_drawn: list[tuple[int, int]] = []
        #: Renders of an explanation between an answer submitted and its explanation drawn.
        self.renders_after_submit: list[int] = []
        self._renders: int | None = None
        write = DrillStore._write_entry
        submitted = DrillApp.on_answer_submitted
        drawn = DrillApp.on_explanation_drawn
        lines = RenderedOnce.render_strips

        def writing(store: DrillStore, entry: Any) -> object:
            self.events.append("write")
            return write(store, entry)

        def on_submit(app: DrillApp, message: AnswerSubmitted) -> None:
            self._renders = 0
            submitted(app, message)

        def on_drawn(app: DrillApp, message: ExplanationDrawn) -> None:
            self.events.append("drawn")
            self.at_drawn.append((stored(self.path), journalled(self.path)))
            if self._renders is not None:
                self.renders_after_submit.append(self._renders)
                self._renders = None
            drawn(app, message)

        def rendering(visual: RenderedOnce, *args: Any) -> Any:
            before = visual.renders
            result = lines(visual, *args)
            if self._renders is not None:
                self._renders += visual.renders - before
            return result

        monkeypatch.setattr(DrillStore, "_write_entry", writing)
        monkeypatch.setattr(DrillApp, "on_answer_submitted", on_submit)
        monkeypatch.setattr(DrillApp, "on_explanation_drawn", on_drawn)
        monkeypatch.setattr(RenderedOnce, "render_strips", rendering)
        # the writer waits for the drawing however slow the machine: only release() starts it
        monkeypatch.setattr(quiz.store.drill, "DRAW_HOLD", 60.0)

    def each_write_after_its_drawing(self) -> bool:
        """The k-th write comes after the k-th explanation drawn, for every k."""
        drawn = [i for i, e in enumerate(self.events) if e == "drawn"]
        writes = [i for i, e in enumerate(self.events) if e == "write"]
        return len(writes) == len(drawn) and all(w > d for d, w in zip(drawn, writes, strict=True))


async def until(pilot: Any, ready: Any, what: str, tries: int = 1500) -> None:
    for _ in range(tries):
        if ready():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"{what} never came")


async def explanation_up(pilot: Any, app: DrillApp, answered: int) -> None:
    await until(pilot, lambda: isinstance(app.screen, ExplanationScreen)
                and len(app.explanation_times) >= answered, "the explanation")


async def test_keys_one_by_one_the_explanation_is_drawn_before_the_answer_is_written(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    watch = Watch(monkeypatch, db)
    app = create_app(db, learner="ann", items=ITEMS, seed=1, generated=0,
                     settings={"drill": "whole", "session_length": 0})
    async with app.run_test(size=SIZE) as pilot:
        for n in range(1, 4):
            await wait_for_question(pilot, app)
            await pilot.pause(0.05)  # the learner reads the hand: the explanation is rendered
            values = right_answers(app) if n % 2 else {p: "?" for p in right_answers(app)}
            await answer_with(pilot, app, values)
            await explanation_up(pilot, app, n)
            assert app.store is not None and app.store.flush(10)
            assert stored(db) == n
            marked = app.controller.last  # type: ignore[union-attr]
            assert isinstance(marked, Marked) and marked.correct is bool(n % 2)
            assert app.focused is app.screen.query_one("#explanation-body")
            await pilot.press("enter")
    # drawn first, stored after: at each drawing the answer was in the journal, not the database
    assert watch.at_drawn == [(0, 1), (1, 1), (2, 1)]
    assert watch.each_write_after_its_drawing()
    # rendered while the question was answered: not once more after the answer
    # (the first explanation builds its screen: measured before and after its scroll bar)
    assert len(watch.renders_after_submit) == 3 and watch.renders_after_submit[0] <= 2
    assert watch.renders_after_submit[1:] == [0, 0]
    assert stored(db) == 3 and journalled(db) == 0


async def test_keys_in_one_burst_every_answer_is_stored_once_after_its_drawing(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    watch = Watch(monkeypatch, db)
    app = create_app(db, learner="ann", items=ITEMS, seed=1, generated=0,
                     settings={"drill": "whole", "session_length": 0})
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, "?⏎?⏎?⏎")
        await explanation_up(pilot, app, 1)
        for n in range(2, 5):  # on to the next question and its whole answer, at once
            await burst(pilot, app, "⏎?⏎?⏎?⏎")
            await explanation_up(pilot, app, n)
        assert app.store is not None and app.store.flush(10)
        answered = app.controller.session.answered  # type: ignore[union-attr]
        assert len(answered) == 4 and not any(a.marked.correct for a in answered)
        assert app.focused is app.screen.query_one("#explanation-body")
    assert watch.events.count("drawn") == 4
    assert watch.each_write_after_its_drawing()
    assert all(journal >= 1 for _stored, journal in watch.at_drawn)
    # an explanation is rendered at most once, whether or not its question was on screen long
    # (the first builds its screen: measured before and after its scroll bar)
    first, *rest = watch.renders_after_submit
    assert first <= 2 and len(rest) == 3 and all(n <= 1 for n in rest), watch.renders_after_submit
    assert stored(db) == 4 and journalled(db) == 0


def test_a_kept_answer_returns_at_once_and_says_when_the_database_is_slow(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A locked database: submit returns at once, the answer is in the journal, the
    state turns ``slow`` after the wait; once the lock goes it is stored, once."""
    import time

    wait = 3.0  # a submit that waited for the lock would take at least this long
    monkeypatch.setattr(quiz.store.drill, "ANSWER_WAIT", wait)
    store = DrillStore.open(str(db), generated=0)
    heard: list[str | None] = []
    store.writer.listen(lambda state: heard.append(state.state))
    try:
        c = DrillController(store, store.learner("ann"), Settings(), clock=store.clock,
                            rng=random.Random(3))
        c.start(DrillKind.TABLE)  # saves the drill kind: stored before the lock is taken
        assert store.flush(15)
        q = c.next_question()
        assert q is not None
        lock = WriteLock(db)
        try:
            start = time.monotonic()
            with store.answers_in_background():
                marked = c.submit({p: "?" for p in q.fields})
            store.release_writer()
            assert time.monotonic() - start < wait  # the lock is not waited for
            assert isinstance(marked, Marked) and not marked.correct
            assert journalled(db) == 1 and store.status.waiting == 1
            deadline = time.monotonic() + wait + 10
            while "slow" not in heard and time.monotonic() < deadline:
                time.sleep(0.02)
            assert "slow" in heard
        finally:
            lock.release()
        assert store.flush(15)
    finally:
        store.close()
    assert stored(db) == 1 and journalled(db) == 0


async def test_a_prepared_explanation_is_shown_without_rendering_it_again(
        store: DrillStore, clock: FakeClock) -> None:
    """prepare() renders it; show() of that question draws those lines; a question in
    another language, or another question, is rendered again."""
    from textual.app import App, ComposeResult

    from quiz.words.core import use

    c = DrillController(store, store.learner("ann"), Settings(), clock=clock,
                        rng=random.Random(3))
    c.start(DrillKind.WHOLE)
    first, second = c.next_question(), c.next_question()
    assert first is not None and second is not None and first is not second

    class Host(App[None]):
        CSS = "Screen { overflow-y: scroll; }"  # one width whatever the length

        def compose(self) -> ComposeResult:
            yield ExplanationView()

    async with Host().run_test(size=SIZE) as pilot:
        view = pilot.app.query_one(ExplanationView)
        view.show(first)
        await pilot.pause()
        view.prepare(second)
        prepared = view._rendered
        assert prepared is not None and prepared.renders == 1
        view.show(second)
        await pilot.pause()
        assert view._rendered is prepared and prepared.renders == 1
        assert view.question is second and view.size.height == len(prepared.lines_at(
            view.size.width))
        use("ja")
        try:
            view.show(second)
            await pilot.pause()
            assert view._rendered is not prepared and view._rendered is not None
            assert view._rendered.renders == 1
        finally:
            use("en")


def test_settling_after_start_freezes_once_and_raises_the_thresholds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from quiz import gc_tuning

    before = gc.get_threshold()
    monkeypatch.setattr(gc_tuning, "_settled", False)
    try:
        assert gc_tuning.settle_after_start() is True
        assert gc.get_threshold() == gc_tuning.THRESHOLDS
        assert gc.get_freeze_count() > 0
        assert gc_tuning.settle_after_start() is False
    finally:
        gc.set_threshold(*before)
