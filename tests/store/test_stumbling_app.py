"""The drill app while its database stumbles (Textual Pilot).

A SQLite file another connection keeps locked for 15 s, and a PostgreSQL
server of the test's own stopped mid-session and started again: the app
keeps running, says the database is busy or away and that the answers are
safe, lets the learner go on with questions already loaded, and stores every
answer typed exactly once when the database answers again.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from quiz.app import DrillApp, create_app
from quiz.screens.explanation import ExplanationScreen
from quiz.store.drill import DrillStore
from tests.store.conftest import OwnPostgres, WriteLock
from tests.support.pilot import SEED_ITEM, answer_with, right_answers, wait_for_question

SIZE = (80, 24)


def notices(app: DrillApp) -> list[str]:
    """Every notification the app has shown (expired ones too)."""
    if not hasattr(app, "shown"):
        shown: list[str] = []
        notify = app.notify

        def recording(message: str, **kwargs: Any) -> None:
            shown.append(message)
            notify(message, **kwargs)

        app.notify = recording  # type: ignore[method-assign]
        app.shown = shown  # type: ignore[attr-defined]
    return app.shown  # type: ignore[attr-defined, no-any-return]


async def answer_one(pilot: Any, app: DrillApp) -> float:
    """Answer the question on screen right; seconds from submitting to the explanation."""
    await wait_for_question(pilot, app)
    drawn = len(app.explanation_times)
    await answer_with(pilot, app, right_answers(app))
    for _ in range(400):
        if isinstance(app.screen, ExplanationScreen):
            break
        await pilot.pause(0.01)
    assert isinstance(app.screen, ExplanationScreen)
    for _ in range(100):
        if len(app.explanation_times) > drawn:
            break
        await pilot.pause(0.01)
    took = app.explanation_times[-1]
    await pilot.press("enter")
    return took


async def wait_for(pilot: Any, predicate: Any, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        await pilot.pause(0.1)
    return False


@pytest.mark.slow
async def test_a_database_locked_for_15_seconds_costs_no_answer(tmp_path: Path) -> None:
    path = tmp_path / "drill.db"
    DrillStore.open(str(path), generated=0).close()
    items = [SEED_ITEM, "seed002-tsumo-2000-3900"] * 3
    app = create_app(path, learner="ann", items=items, seed=1, generated=0,
                     settings={"drill": "whole"})
    async with app.run_test(size=SIZE) as pilot:
        notices(app)
        await answer_one(pilot, app)
        lock = WriteLock(path)
        lock.release_after(15)
        locked_at = time.monotonic()
        # two answers (typing one takes 3-4 s on a loaded machine): both while locked
        took = [await answer_one(pilot, app) for _ in range(2)]
        assert all(t < 3.5 for t in took), took  # the screen never waits for the lock
        assert time.monotonic() - locked_at < 15  # both typed while it was locked
        # the explanations came at once (each answer journalled first); once an answer
        # has waited ANSWER_WAIT, the screen says it is safe though the database has not
        # answered; then why
        assert await wait_for(pilot, lambda: any(
            "has not answered yet" in n and "kept safe" in n for n in notices(app)), 5)
        assert await wait_for(pilot, lambda: any("busy" in n for n in notices(app)), 15)
        message = next(n for n in notices(app) if "busy" in n)
        assert "kept safe" in message and "keep answering" in message
        assert app.store is not None and app.store.status.waiting >= 1
        await wait_for_question(pilot, app)  # the app is still running, a question up
        assert await wait_for(pilot, lambda: app.store.status.waiting == 0, 25)
        assert await wait_for(pilot, lambda: any("answers again" in n for n in notices(app)), 5)
    rows = sqlite3.connect(path).execute(
        "SELECT answered_at, count(*) FROM attempts GROUP BY answered_at ORDER BY id").fetchall()
    assert [n for _, n in rows] == [1, 1, 1]
    assert app.error is None


@pytest.mark.slow
async def test_a_postgres_server_stopped_mid_session_costs_no_answer(
        own_postgres: OwnPostgres) -> None:
    app = create_app(own_postgres.url, learner="ann", seed=5, generated=0,
                     settings={"drill": "fu"})
    async with app.run_test(size=SIZE) as pilot:
        notices(app)
        await answer_one(pilot, app)
        store = app.store
        assert store is not None
        assert await wait_for(pilot, lambda: len(store.draws._reserve) >= 3, 30)
        own_postgres.stop()
        took = [await answer_one(pilot, app) for _ in range(3)]
        assert all(t < 3.5 for t in took), took
        assert store.status.waiting == 3 and store.status.state == "away"
        assert await wait_for(pilot, lambda: any("cannot be reached" in n
                                                 for n in notices(app)), 5)
        await wait_for_question(pilot, app)  # a question drawn ahead is on screen
        own_postgres.start()
        assert await wait_for(pilot, lambda: store.status.waiting == 0, 30)
        assert app.error is None
        from sqlalchemy import text

        with store.database.engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT answered_at, count(*) FROM attempts GROUP BY answered_at")).fetchall()
    assert len(rows) == 4 and all(n == 1 for _, n in rows)
