"""No database wait on the screen's thread (Textual Pilot).

With the SQLite file locked by another connection (``BEGIN EXCLUSIVE``), or a
database slow to answer a read: saving the settings (F2) applies them at once
and stores them when the database answers; switching learner (F4) and opening
the review or statistics screens never hold the screen: it says it waits for
the database, and keys (Esc, Ctrl+Q) keep working.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Select

from quiz.app import DrillApp, create_app
from quiz.screens.drill import DrillScreen
from quiz.screens.help import HelpScreen
from quiz.screens.learners import LearnerScreen
from quiz.screens.settings import SettingsScreen
from quiz.store.drill import DrillStore
from quiz.words.tilefaces import TileStyle
from tests.store.test_stumbling_app import SIZE, notices, wait_for
from tests.support.pilot import wait_for_question

WAITING = "Waiting for the database"


class ExclusiveLock:
    """Another connection holding ``BEGIN EXCLUSIVE`` on a SQLite file until released."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.conn.execute("BEGIN EXCLUSIVE")
        self._done = threading.Event()

    def release(self) -> None:
        if not self._done.is_set():
            self._done.set()
            self.conn.execute("ROLLBACK")
            self.conn.close()

    def release_after(self, seconds: float) -> None:
        timer = threading.Timer(seconds, self.release)
        timer.daemon = True
        timer.start()


@pytest.fixture
def path(tmp_path: Path) -> Path:
    store = DrillStore.open(str(tmp_path / "drill.db"), generated=0)
    store.learner("ann")
    store.learner("bea")
    store.close()
    return tmp_path / "drill.db"


@pytest.fixture
def locker(path: Path) -> Iterator[list[ExclusiveLock]]:
    """Locks taken by the test (``ExclusiveLock(path)``), released at the end at the latest."""
    held: list[ExclusiveLock] = []
    yield held
    for lock in held:
        lock.release()


def stored_setting(path: Path, learner: str, key: str) -> Any:
    conn = sqlite3.connect(path)
    try:
        row = conn.execute(
            "SELECT s.value FROM learner_settings s JOIN learners l ON l.id = s.learner_id "
            "WHERE l.name = ? AND s.key = ?", (learner, key)).fetchone()
    finally:
        conn.close()
    return None if row is None else json.loads(row[0])


class Gate:
    """A read of the data layer that does not answer until the test opens the gate (a
    database slow to answer, for as long as the test needs: no clock is read)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *targets: tuple[type, str]) -> None:
        self.opened = threading.Event()
        #: Set when a held read came back (the gate opened, or the safety bound passed).
        self.returned = threading.Event()
        for cls, name in targets:
            self._hold(monkeypatch, cls, name)

    def _hold(self, monkeypatch: pytest.MonkeyPatch, cls: type, name: str) -> None:
        original = getattr(cls, name)

        def held(this: Any, *args: Any, **kwargs: Any) -> Any:
            self.opened.wait(SAFETY)
            try:
                return original(this, *args, **kwargs)
            finally:
                self.returned.set()

        monkeypatch.setattr(cls, name, held)

    def open(self) -> None:
        self.opened.set()


#: How long a held read waits at most (a test that forgets to open its gate still ends).
SAFETY = 30.0
#: How long a test waits for the screen to show something (generous: these machines are
#: shared; what the tests prove is the order of events, not their speed).
PATIENCE = 15.0


async def started(pilot: Any, app: DrillApp) -> None:
    notices(app)
    await wait_for_question(pilot, app)


@pytest.mark.slow
async def test_settings_saved_while_the_database_is_locked_apply_at_once(
        path: Path, locker: list[ExclusiveLock]) -> None:
    app = create_app(path, learner="ann", seed=3, generated=0)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot, app)
        lock = ExclusiveLock(path)
        locker.append(lock)
        await pilot.press("f2")
        assert await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen), 3)
        app.screen.query_one("#tile_style", Select).value = TileStyle.KANJI.value
        await pilot.press("escape")  # saves, the lock still held
        assert await wait_for(pilot, lambda: isinstance(app.screen, DrillScreen), PATIENCE)
        assert app.settings.tile_style is TileStyle.KANJI  # applied at once
        # the screen says the settings wait, and keys still work
        assert await wait_for(pilot, lambda: any("new settings apply now" in n
                                                 for n in notices(app)), PATIENCE)
        await pilot.press("f1")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), PATIENCE)
        await pilot.press("escape")
        assert stored_setting(path, "ann", "tile_style") is None  # not stored yet
        lock.release()
        assert app.store is not None
        assert await wait_for(pilot, lambda: not app.store.waiting_settings(), 20)
        assert app.error is None
    assert stored_setting(path, "ann", "tile_style") == TileStyle.KANJI.value


@pytest.mark.slow
async def test_a_new_learner_while_the_database_is_locked_never_holds_the_screen(
        path: Path, locker: list[ExclusiveLock]) -> None:
    app = create_app(path, learner="ann", seed=3, generated=0)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot, app)
        lock = ExclusiveLock(path)
        locker.append(lock)
        await pilot.press("f4")
        assert await wait_for(pilot, lambda: isinstance(app.screen, LearnerScreen), 5)
        app.screen.query_one(Input).value = "cid"
        app.screen.query_one(Input).focus()
        await pilot.press("enter")  # creating "cid" waits for the lock
        assert await wait_for(pilot, lambda: any(WAITING in n for n in notices(app)), PATIENCE)
        await pilot.press("f1")  # keys work meanwhile
        assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), PATIENCE)
        assert app.learner_name == "ann"  # all of it while the lock was held
        lock.release()  # the store goes on waiting for the lock, within its bound
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: app.learner_name == "cid", 10)
        assert app.error is None


@pytest.mark.slow
async def test_switching_learner_on_a_slow_database_keeps_the_keys(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from data.learners import Learners, SettingsStore

    app = create_app(path, learner="ann", seed=3, generated=0)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot, app)
        names = Gate(monkeypatch, (Learners, "all"))
        await pilot.press("f4")  # the names do not come until the gate opens
        assert await wait_for(pilot, lambda: any(WAITING in n for n in notices(app)), PATIENCE)
        assert not names.returned.is_set()  # said while the read was still held
        names.open()
        assert await wait_for(pilot, lambda: isinstance(app.screen, LearnerScreen), PATIENCE)
        settings = Gate(monkeypatch, (SettingsStore, "all"))
        await pilot.press("down", "enter")  # bea; her settings held
        await pilot.press("f1")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), PATIENCE)
        assert not settings.returned.is_set() and app.learner_name == "ann"
        settings.open()
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: app.learner_name == "bea", PATIENCE)
        assert app.error is None


@pytest.mark.slow
async def test_ctrl_q_ends_the_app_while_a_learner_is_read(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from data.learners import Learners

    app = create_app(path, learner="ann", seed=3, generated=0)
    gate = Gate(monkeypatch, (Learners, "all"))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await started(pilot, app)
            await pilot.press("f4")
            assert await wait_for(pilot, lambda: any(WAITING in n for n in notices(app)),
                                  PATIENCE)
            await pilot.press("ctrl+q")
            assert await wait_for(pilot, lambda: app._exit, PATIENCE)
        # the app ended without waiting for the read it had asked for
        assert not gate.returned.is_set()
    finally:
        gate.open()


@pytest.mark.slow
async def test_the_review_and_statistics_context_reads_nothing(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The review and statistics screens are given the settings read with the learner:
    building their context never waits for the database (here: any read fails)."""
    from data.learners import SettingsStore

    app = create_app(path, learner="ann", seed=3, generated=0)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot, app)
        await app.apply_settings(app.settings.replace(**{"srs.desired_retention": 0.8}))

        def no_read(*_: Any) -> Any:
            raise AssertionError("the review context read the database")

        monkeypatch.setattr(SettingsStore, "all", no_read)
        context = app.review_context()
        assert context.settings.desired_retention == pytest.approx(0.8)
        assert context.learner_name == "ann"


@pytest.fixture
def pg_drill(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A PostgreSQL database with its curated bank and two learners, ann and bea."""
    from tests.support.databases import fresh_postgres_database

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for url in fresh_postgres_database():
        store = DrillStore.open(url, generated=0)
        store.learner("ann")
        store.learner("bea")
        store.close()
        yield url


@pytest.mark.slow
@pytest.mark.postgres
async def test_switching_learner_with_the_learners_table_locked_on_postgres(
        pg_drill: str) -> None:
    """A real lock that blocks reads (PostgreSQL ``LOCK TABLE ... ACCESS EXCLUSIVE``):
    F4 says it waits, keys work, the switch is given up after the bound with one
    line, and the next F4 works once the lock is gone."""
    from sqlalchemy import create_engine, text

    holder = create_engine(pg_drill.replace("postgresql://", "postgresql+psycopg://"))
    app = create_app(pg_drill, learner="ann", seed=3, generated=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await started(pilot, app)
            with holder.connect() as conn:
                conn.execute(text("LOCK TABLE learners IN ACCESS EXCLUSIVE MODE"))
                await pilot.press("f4")
                assert await wait_for(pilot, lambda: any(WAITING in n for n in notices(app)),
                                      PATIENCE)
                await pilot.press("f1")  # keys work meanwhile
                assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), 10)
                await pilot.press("escape")
                assert await wait_for(pilot, lambda: any(
                    "learner was not changed" in n for n in notices(app)), 10)
                conn.rollback()  # the lock goes
            assert app.store is not None
            assert await wait_for(pilot, lambda: not app.store.reads_stalled, 10)
            await pilot.press("f4")
            assert await wait_for(pilot, lambda: isinstance(app.screen, LearnerScreen), 8)
            assert app.error is None
    finally:
        holder.dispose()


async def test_keys_work_while_the_learner_named_at_the_start_is_read(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--learner`` on the normal start (no first read): the learner is read off the
    screen's thread, so F1 opens the help while that read has not come back."""
    import quiz.opening

    monkeypatch.setattr(quiz.opening, "first_read", lambda *args, **kwargs: None)
    gate = Gate(monkeypatch, (DrillStore, "learner"))
    app = create_app(path, learner="ann", seed=3, generated=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await wait_for(pilot, lambda: app.store is not None, 20)
            await pilot.press("f1")
            assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), 10)
            assert app.controller is None, "the learner's read has not come back"
            gate.open()
            await pilot.press("escape")
            await wait_for_question(pilot, app)
            assert app.learner_name == "ann" and app.error is None
    finally:
        gate.open()
