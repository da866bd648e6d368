"""An error nobody foresaw ends the app with one clear line, status not 0,
and the answers typed are kept."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from quiz.app import create_app
from quiz.store.drill import DrillStore
from quiz.store.journal import AnswerJournal, journal_path
from tests.support.pilot import (
    SEED_ITEM,
    answer_with,
    right_answers,
    type_text,
    wait_for_question,
)


def count_attempts(path: Path) -> int:
    return int(sqlite3.connect(path).execute("SELECT count(*) FROM attempts").fetchone()[0])


@pytest.mark.slow
async def test_a_bug_after_the_answer_ends_the_app_with_one_line(tmp_path: Path) -> None:
    def broken() -> None:
        raise KeyError("nobody foresaw this")

    path = tmp_path / "drill.db"
    DrillStore.open(str(path), generated=0).close()
    app = create_app(path, learner="ann", items=[SEED_ITEM], generated=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, right_answers(app))
        app.call_later(broken)  # a bug in whatever runs next
        for _ in range(100):
            if app.error is not None:
                break
            await asyncio.sleep(0.05)
    assert app.return_value == 2
    assert app.error is not None and "\n" not in app.error
    assert "KeyError" in app.error
    assert app.error_details is not None and "nobody foresaw this" in app.error_details
    assert count_attempts(path) == 1  # the answer typed is kept


@pytest.mark.slow
async def test_an_answer_the_store_cannot_write_is_kept_and_the_app_ends(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from data.learners import Attempts

    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise ValueError("a bug in storing")

    path = tmp_path / "drill.db"
    DrillStore.open(str(path), generated=0).close()
    app = create_app(path, learner="ann", items=[SEED_ITEM], generated=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_question(pilot, app)
        monkeypatch.setattr(Attempts, "record", broken)
        answers = right_answers(app)
        assert app.controller is not None and app.controller.question is not None
        for part in app.controller.question.parts:  # typed, the last Enter submits
            await type_text(pilot, answers[part])
            await app._press_keys(["enter"])  # (no waiting for a screen that is closing)
        for _ in range(100):
            if app.error is not None:
                break
            await asyncio.sleep(0.05)
    assert app.return_value == 2
    assert app.error is not None and "a bug in storing" in app.error
    assert "kept" in app.error
    journal = journal_path(f"sqlite:///{path}")
    assert journal is not None and len(AnswerJournal(journal).read()) == 1
    monkeypatch.undo()
    again = DrillStore.open(str(path), generated=0)
    assert again.flush(10)
    again.close()
    assert count_attempts(path) == 1
