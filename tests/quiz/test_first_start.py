"""The first question before the store is open (:mod:`data.first_read` in the app).

On an ordinary start the question comes from the first read and the store opens
behind it; nothing may differ for the learner but the speed: the same questions
for a seed, the same marks, the same stored rows, once each.
"""

from __future__ import annotations

import os
import pty
import random
import signal
import sqlite3
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from quiz.app import MODULES_AT_FIRST_QUESTION, DrillApp, create_app
from quiz.controller import DrillController
from quiz.grading import Marked
from quiz.screens.drill import DrillScreen
from quiz.screens.explanation import ExplanationScreen
from quiz.screens.learners import LearnerScreen
from quiz.store.drill import DrillStore
from tests.support.clock import FakeClock
from tests.support.paths import ROOT
from tests.support.pilot import burst, wait_for_question

SIZE = (80, 24)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database file with the curated bank and the learner ann (built once)."""
    path = tmp_path_factory.mktemp("first-start") / "template.db"
    store = DrillStore.open(str(path), generated=0)
    try:
        store.learner("ann")
    finally:
        store.close()
    return path


@pytest.fixture
def db(template: Path, tmp_path: Path) -> Path:
    """A fresh copy of the template for one test."""
    path = tmp_path / "drill.db"
    path.write_bytes(template.read_bytes())
    return path


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The store opens only once the test sets this event (the first open; later ones
    at once). Set at the end whatever happens, so no thread is left waiting."""
    event = threading.Event()
    real_open = DrillStore.open
    calls: list[int] = []

    def slow_open(*args: Any, **kwargs: Any) -> DrillStore:
        calls.append(1)
        if len(calls) == 1:
            event.wait(30)
        return real_open(*args, **kwargs)

    monkeypatch.setattr(DrillStore, "open", slow_open)
    yield event
    event.set()


def attempts(db: Path) -> list[tuple[Any, ...]]:
    """The stored answers: (id, item id, drill, correct, session), oldest first."""
    with sqlite3.connect(db) as c:
        return c.execute("SELECT id, item_id, drill, correct, session FROM attempts "
                         "ORDER BY id").fetchall()


def typed_answer(app: DrillApp) -> str:
    """The right answer to the question on screen, every field followed by Enter."""
    q = app.controller.question  # type: ignore[union-attr]
    assert q is not None
    return "".join((q.key.expected_text(p) if p in q.parts else "-") + "⏎" for p in q.fields)


async def until(pilot: Any, ready: Callable[[], bool], what: str) -> None:
    for _ in range(1000):
        if ready():
            await pilot.pause()
            return
        await pilot.pause(0.02)
    raise AssertionError(f"{what} never happened")


@pytest.mark.slow
async def test_an_answer_burst_before_the_store_is_open_is_marked_and_stored_once(
        db: Path, gate: threading.Event) -> None:
    app = create_app(db, learner="ann", clock=FakeClock(), seed=3, generated=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        c = app.controller
        assert c is not None and app.store is None and c.store is None, "came before the store"
        question = c.question
        assert question is not None and question.item is not None
        await burst(pilot, app, typed_answer(app))
        await until(pilot, lambda: isinstance(app.screen, ExplanationScreen), "the explanation")
        assert app.screen.marked.correct  # type: ignore[attr-defined]
        assert attempts(db) == [], "nothing stored before the store is open"
        assert c.unstored == 1
        gate.set()
        await until(pilot, lambda: app.store is not None and c.store is app.store, "the store")
        assert app.store is not None and app.store.flush(5.0)
        rows = attempts(db)
        assert len(rows) == 1, "stored exactly once"
        _, item_id, drill, correct, session = rows[0]
        assert (item_id, drill, correct) == (question.item.id, question.drill.value, 1)
        assert c.session is not None and session == c.session.id
        assert c.unstored == 0
        await until(pilot, lambda: c.due_label is not None, "the header's due count")
        # on to the next question, drawn from the store now; asked ones stay asked
        await burst(pilot, app, "⏎")
        await until(pilot, lambda: isinstance(app.screen, DrillScreen)
                    and c.question is not None, "the next question")
        assert c.question is not None and c.question.item is not None
        assert c.question.item.id != question.item.id
    assert len(attempts(db)) == 1


@pytest.mark.slow
async def test_quitting_before_the_store_is_open_keeps_the_answer(
        db: Path, gate: threading.Event) -> None:
    app = create_app(db, learner="ann", clock=FakeClock(), seed=4, generated=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, typed_answer(app))
        await until(pilot, lambda: isinstance(app.screen, ExplanationScreen), "the explanation")
        assert app.store is None
        await pilot.press("ctrl+q")  # works while the store is still opening
    assert app.error is None
    rows = attempts(db)
    assert len(rows) == 1 and rows[0][3] == 1


@pytest.mark.slow
async def test_before_the_store_is_open_settings_wait_and_review_says_so(
        db: Path, gate: threading.Event) -> None:
    app = create_app(db, learner="ann", clock=FakeClock(), seed=5, generated=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        c = app.controller
        assert c is not None and app.store is None
        assert not app.check_action("switch_mode", ("review",)), "F5 waits for the store"
        await app.switch_mode("review")  # as the command palette asks for it
        await pilot.pause()
        assert isinstance(app.screen, DrillScreen), "no review without the store"
        assert any("still opening" in n.message for n in app._notifications)
        await app.set_setting("tile_style", "kanji")
        assert c.settings.tile_style.value == "kanji" and c.unstored == 1
        gate.set()
        await until(pilot, lambda: c.store is not None, "the store")
        assert c.unstored == 0
        assert app.store is not None
        assert app.store.load_settings(c.learner.id).tile_style.value == "kanji"
        assert app.check_action("switch_mode", ("review",))


def detached(db: Path) -> DrillController:
    """A controller on the first read of ``db`` (learner ann), before the store is open,
    with the store's journal, as the app makes it."""
    from data.db.url import resolve_url
    from data.first_read import first_read
    from quiz.controller import FirstDraws
    from quiz.settings import Settings
    from quiz.store.journal import AnswerJournal, journal_path

    first = first_read(str(db), "ann")
    assert first is not None
    return DrillController(None, first.learner, Settings.from_dict(dict(first.stored_settings)),
                           clock=FakeClock(), rng=random.Random(2), draws=FirstDraws(first.bank),
                           journal=AnswerJournal(journal_path(resolve_url(str(db)))))


def answer_one(c: DrillController) -> None:
    c.start()
    q = c.next_question()
    assert q is not None
    assert isinstance(c.submit({p: "?" for p in q.fields}), Marked)


@pytest.mark.parametrize("when", ["killed", "opened after", "opened before"])
def test_an_answer_before_the_store_is_stored_once_whatever_happens(db: Path,
                                                                     when: str) -> None:
    """Killed before the store opened (the next start stores it from the journal), or the
    store opened after the answer (its writer took it from the journal) or before it:
    stored exactly once."""
    c = detached(db)
    store = DrillStore.open(str(db), generated=0) if when == "opened before" else None
    answer_one(c)
    assert c.unstored == 1
    if store is None:
        store = DrillStore.open(str(db), generated=0)  # "killed": the next start
    if when != "killed":
        c.attach(store)
    assert store.flush(5.0)
    store.close()
    assert len(attempts(db)) == 1
    assert not Path(f"{db}.pending-answers.jsonl").exists(), "nothing left in the journal"


async def first_questions(db: Path, *, fast: bool, monkeypatch: pytest.MonkeyPatch,
                          count: int = 3) -> list[str]:
    """The items of the first questions asked with seed 11 (answered with ``?``)."""
    opened = threading.Event()
    real_open = DrillStore.open
    if fast:  # the store opens once the first question was seen before it
        def slow_open(*args: Any, **kwargs: Any) -> DrillStore:
            opened.wait(30)
            return real_open(*args, **kwargs)

        monkeypatch.setattr(DrillStore, "open", slow_open)
    else:
        import quiz.opening

        monkeypatch.setattr(quiz.opening, "first_read", lambda *a, **k: None)
    app = create_app(db, learner="ann", clock=FakeClock(), seed=11, generated=0)
    asked: list[str] = []
    try:
        await ask(app, asked, fast=fast, opened=opened, count=count)
    finally:
        opened.set()
    monkeypatch.undo()
    return asked


async def ask(app: DrillApp, asked: list[str], *, fast: bool, opened: threading.Event,
              count: int) -> None:
    """Note each question's item and answer it with ``?``."""
    async with app.run_test(size=SIZE) as pilot:
        for n in range(count):
            await wait_for_question(pilot, app)
            c = app.controller
            assert c is not None and c.question is not None and c.question.item is not None
            if n == 0:
                assert (c.store is None) is fast, "the fast path is taken exactly when asked"
                opened.set()
                await until(pilot, lambda c=c: c.store is not None, "the store")  # type: ignore[misc]
            asked.append(c.question.item.uid)
            await burst(pilot, app, "?⏎" * len(c.question.fields))
            await until(pilot, lambda: isinstance(app.screen, ExplanationScreen), "marks")
            await burst(pilot, app, "⏎")


@pytest.mark.slow
async def test_a_seed_asks_the_same_questions_with_and_without_the_first_read(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = await first_questions(db, fast=True, monkeypatch=monkeypatch)
    normal = await first_questions(db, fast=False, monkeypatch=monkeypatch)
    assert fast == normal and len(set(fast)) == 3


@pytest.mark.slow
async def test_two_learners_and_no_name_ask_who_drills(db: Path) -> None:
    store = DrillStore.open(str(db), generated=0)
    store.learner("bo")
    store.close()
    app = create_app(db, clock=FakeClock(), seed=1, generated=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LearnerScreen), "the learner screen")
        assert app.controller is None


@pytest.mark.slow
async def test_a_served_tab_asks_who_drills_even_with_one_learner(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIICHI_DRILL_SERVED", "1")
    app = create_app(db, clock=FakeClock(), seed=1, generated=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LearnerScreen), "the learner screen")
        assert app.controller is None


@pytest.mark.slow
async def test_a_new_learner_and_a_fixed_list_take_the_normal_path(db: Path) -> None:
    for kwargs in ({"learner": "cy"}, {"learner": "ann", "items": ["seed000-saki-110fu"]}):
        app = create_app(db, clock=FakeClock(), seed=1, generated=0, **kwargs)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for_question(pilot, app)
            assert app.store is not None and app.controller is not None
            assert app.controller.store is app.store


@pytest.mark.slow
def test_sqlalchemy_is_not_imported_when_the_first_question_is_drawn(db: Path,
                                                                    tmp_path: Path) -> None:
    """A real start in a terminal: the modules imported when the first question is shown."""
    import fcntl
    import termios

    modules = tmp_path / "modules.txt"
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT),
           MODULES_AT_FIRST_QUESTION: str(modules)}
    proc = subprocess.Popen([sys.executable, "-m", "quiz", "--db", str(db), "--learner", "ann"],
                            stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT,
                            start_new_session=True)
    os.close(slave)

    def drain() -> None:
        while True:
            try:
                if not os.read(master, 65536):
                    return
            except OSError:
                return

    threading.Thread(target=drain, daemon=True).start()
    try:
        deadline = time.monotonic() + 60
        while not modules.exists() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        os.close(master)
    assert modules.exists(), "the first question did not come from the first read"
    from tests.test_layers import START_PATH

    ours = {m for m in modules.read_text().split() if m.split(".")[0] in ("data", "quiz")}
    assert ours <= START_PATH, f"on the start path, not in START_PATH: {ours - START_PATH}"
    imported = {m.split(".")[0] for m in modules.read_text().split()}
    assert "textual" in imported and "scoring" in imported
    heavy = imported & {"sqlalchemy", "alembic", "fsrs", "plotext", "babel", "psycopg"}
    assert not heavy, f"imported before the first question: {sorted(heavy)}"


@pytest.mark.parametrize("argv", [[], ["--db", "x.db"], ["--db=bank", "--learner", "ann",
                                  "--lang", "ja"], ["--player", "p", "--player-role", "won"]])
def test_a_plain_start_reads_its_options_as_the_whole_parser_does(argv: list[str]) -> None:
    from quiz.__main__ import _plain_start, build_parser

    plain = _plain_start(argv)
    assert plain is not None
    whole = vars(build_parser().parse_args(argv))
    assert whole.pop("command") is None and vars(plain) == whole


@pytest.mark.parametrize("argv", [["bank", "build"], ["--help"], ["--db", "x", "review"],
                                  ["--nope"], ["-h"]])
def test_sub_commands_and_help_are_read_by_the_whole_parser(argv: list[str]) -> None:
    from quiz.__main__ import _plain_start

    assert _plain_start(argv) is None


@pytest.mark.slow
async def test_the_review_keeps_the_learners_own_settings_after_a_first_read(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A learner's stored spaced-repetition settings reach review and statistics when
    the first question came from the first read (not the defaults)."""
    store = DrillStore.open(str(db), generated=0)
    try:
        ann = store.learner("ann")
        store.settings_store.update(ann.id, {"srs.desired_retention": 0.8,
                                             "srs.new_per_day": 7})
    finally:
        store.close()
    opened = threading.Event()
    real_open = DrillStore.open

    def held_open(*args: Any, **kwargs: Any) -> DrillStore:
        opened.wait(30)
        return real_open(*args, **kwargs)

    monkeypatch.setattr(DrillStore, "open", held_open)
    app = create_app(db, learner="ann", clock=FakeClock(), seed=3, generated=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        assert app.store is None, "the question came from the first read"
        opened.set()
        await until(pilot, lambda: app.store is not None, "the store")
        context = app.review_context()
        assert (context.settings.desired_retention, context.settings.new_per_day) == (0.8, 7)
