"""A PostgreSQL server that stops answering mid-session (Textual Pilot).

The app talks to the test server through a proxy the test controls; the
proxy goes silent (every connection stays open, no byte passes), then
answers again. The screen never freezes: questions drawn ahead go on, then
a plain waiting state; keys keep working; Ctrl+Q ends the app; and every
answer typed is stored exactly once when the server answers again.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from quiz.app import create_app
from quiz.screens.drill import DrillScreen
from quiz.screens.help import HelpScreen
from quiz.store.draws import BankDraws
from quiz.store.drill import DrillStore
from tests.store.conftest import PausableProxy
from tests.store.test_stumbling_app import SIZE, answer_one, notices, wait_for
from tests.support.databases import fresh_postgres_database

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data folder (where a server database's journal file goes), the test's own."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def proxied(data_home: Path) -> Iterator[tuple[str, PausableProxy]]:
    """A fresh database with its curated bank, and its URL through a proxy that can go silent."""
    for url in fresh_postgres_database():
        DrillStore.open(url, generated=0).close()
        real = make_url(url)
        assert real.host is not None and real.port is not None
        proxy = PausableProxy(real.host, real.port)
        try:
            yield (real.set(host="127.0.0.1", port=proxy.port)
                   .render_as_string(hide_password=False), proxy)
        finally:
            proxy.close()


def stored_answers(url: str) -> list[int]:
    """How many times each answer (by its time) is stored, oldest first."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT answered_at, count(*) FROM attempts "
                                     "GROUP BY answered_at ORDER BY answered_at")).fetchall()
    finally:
        engine.dispose()
    return [int(n) for _, n in rows]


def waiting_text(app: object) -> str:
    screen = app.drill_screen  # type: ignore[attr-defined]
    assert screen is not None
    return str(screen.query_one("#loading").render())


async def test_a_silent_server_mid_drill_never_freezes_the_screen(
        proxied: tuple[str, PausableProxy], monkeypatch: pytest.MonkeyPatch) -> None:
    url, proxy = proxied
    monkeypatch.setattr(BankDraws, "RESERVE", 4)  # four questions drawn ahead, not twelve
    app = create_app(url, learner="ann", seed=5, generated=0,
                     settings={"drill": "fu", "session_length": 0})
    answered = 0
    async with app.run_test(size=SIZE) as pilot:
        notices(app)
        await answer_one(pilot, app)
        answered += 1
        store = app.store
        assert store is not None
        assert await wait_for(pilot, lambda: len(store.draws._reserve) >= 3, 30)
        drawn_ahead = len(store.draws._reserve)
        proxy.pause()
        # the questions drawn ahead go on; each comes up within a few seconds, not 60
        for _ in range(drawn_ahead):
            start = time.monotonic()
            await answer_one(pilot, app)
            answered += 1
            screen = app.screen
            assert isinstance(screen, DrillScreen)
            assert await wait_for(pilot, lambda s=screen: app.controller is not None and (
                app.controller.question is not None or s._waiting_for_database), 10)
            assert time.monotonic() - start < 12
            if screen._waiting_for_database:
                break
        assert any("not answering" in n and "safe" in n for n in notices(app)), notices(app)
        # nothing drawn ahead is left: the screen says so plainly, and keys still work
        assert await wait_for(pilot, lambda: "no question drawn ahead" in waiting_text(app), 20)
        assert store.status.waiting >= 1  # answers typed while silent are kept
        await pilot.press("f1")
        assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), 3)
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: isinstance(app.screen, DrillScreen), 3)
        # the server answers again: the questions come back, every answer is stored
        proxy.resume()
        assert await wait_for(pilot, lambda: app.controller is not None
                              and app.controller.question is not None, 30)
        await answer_one(pilot, app)
        answered += 1
        assert await wait_for(pilot, lambda: store.status.waiting == 0, 30)
        assert await wait_for(pilot, lambda: any("answers again" in n for n in notices(app)), 5)
        assert app.error is None
    assert stored_answers(url) == [1] * answered


async def test_ctrl_q_ends_the_app_while_the_server_is_silent(
        proxied: tuple[str, PausableProxy]) -> None:
    url, proxy = proxied
    app = create_app(url, learner="ann", seed=7, generated=0, settings={"drill": "fu"})
    start = 0.0
    async with app.run_test(size=SIZE) as pilot:
        await answer_one(pilot, app)
        proxy.pause()
        await answer_one(pilot, app)  # kept: the server does not answer
        start = time.monotonic()
        await pilot.press("ctrl+q")
        assert await wait_for(pilot, lambda: app._exit, 5)
    assert time.monotonic() - start < 15
    # the answer given while silent is in the journal; the next start stores it, once
    proxy.resume()
    again = DrillStore.open(url, generated=0)
    try:
        assert again.flush(30)
    finally:
        again.close()
    assert stored_answers(url) == [1, 1]


async def test_the_drill_goes_on_within_seconds_though_the_stuck_connection_never_answers(
        proxied: tuple[str, PausableProxy], monkeypatch: pytest.MonkeyPatch) -> None:
    """The server goes silent mid-drill, then answers new connections only: the stuck
    connection is given up (never answered, never closed by the server), the drill goes
    on within seconds, and every answer is stored once."""
    url, proxy = proxied
    monkeypatch.setattr(BankDraws, "RESERVE", 2)  # two questions drawn ahead
    app = create_app(url, learner="ann", seed=11, generated=0,
                     settings={"drill": "fu", "session_length": 0})
    answered = 0
    async with app.run_test(size=SIZE) as pilot:
        notices(app)
        await answer_one(pilot, app)
        answered += 1
        store = app.store
        assert store is not None
        assert await wait_for(pilot, lambda: len(store.draws._reserve) >= 2, 30)
        proxy.pause()
        # answer until a read is given up and nothing drawn ahead is left
        for _ in range(4):
            await answer_one(pilot, app)
            answered += 1
            screen = app.screen
            assert isinstance(screen, DrillScreen)
            assert await wait_for(pilot, lambda s=screen: app.controller is not None and (
                app.controller.question is not None or s._waiting_for_database), 10)
            if screen._waiting_for_database:
                break
        assert store.reads_stalled and store.status.waiting >= 1
        resumed = time.monotonic()
        proxy.resume(new_only=True)  # what is stuck stays silent for ever
        assert await wait_for(pilot, lambda: app.controller is not None
                              and app.controller.question is not None, 15)
        assert time.monotonic() - resumed < 15
        await answer_one(pilot, app)
        answered += 1
        assert await wait_for(pilot, lambda: store.status.waiting == 0, 30)
        assert app.error is None
    assert stored_answers(url) == [1] * answered
