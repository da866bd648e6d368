"""The drill app asks the wins of an imported game and shows where each came from."""

from __future__ import annotations

from pathlib import Path

from data.gamelog.importer import import_logs
from quiz.store.drill import DrillStore
from tests.support.clock import FakeClock
from tests.support.pilot import make_app, wait_for_question

GAME = "2014123118gm-0029-0000-4700b218"


async def test_the_drill_shows_the_game_round_winner_and_payer(logs: Path) -> None:
    clock = FakeClock()
    store = DrillStore.open(":memory:", clock=clock, generated=0)
    try:
        summary = import_logs(store.database, [logs / "mjlog" / f"{GAME}&tw=0.mjlog"])
        assert summary.imported == 13
        app = make_app(store, clock, items=[f"{GAME}/S3-1/w2"])
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_question(pilot, app)
            prompt = str(app.screen.query_one("#prompt").render())
            assert f"game {GAME} S3-1: あずれ＠羽生オタ won from 波乗り籠球人" in prompt
    finally:
        store.close()
