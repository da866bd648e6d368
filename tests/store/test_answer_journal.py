"""Answers survive a stumbling database: kept in memory, then in the journal
file, and stored in order, exactly once, when the database answers again."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from data.db import engine as db_engine
from quiz.controller import DrillController
from quiz.grading import Marked, Part
from quiz.store.drill import DrillStore
from quiz.store.entries import PendingAnswer
from quiz.store.journal import AnswerJournal, journal_path
from tests.store.conftest import wait_until, write_locked
from tests.support.clock import FakeClock
from tests.support.pilot import SEED_ITEM

ITEMS = [SEED_ITEM, "seed002-tsumo-2000-3900", SEED_ITEM, "seed002-tsumo-2000-3900"]


@pytest.fixture(autouse=True)
def short_busy_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """A locked database gives up after 0.3 s instead of 10 (the tests stay short)."""
    monkeypatch.setattr(db_engine, "SQLITE_BUSY_TIMEOUT_MS", 300)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    DrillStore.open(str(tmp_path / "drill.db"), generated=0).close()
    return tmp_path / "drill.db"


@pytest.fixture
def store(path: Path) -> Iterator[DrillStore]:
    s = DrillStore.open(str(path), clock=FakeClock(), generated=0)
    yield s
    s.close(wait=0)


def controller(store: DrillStore) -> DrillController:
    learner = store.learner("ann")
    c = DrillController(store, learner, store.load_settings(learner.id), clock=store.clock,
                        rng=random.Random(1), items=ITEMS)
    c.start()
    return c


def answer(c: DrillController, clock: FakeClock, *, right: bool = True) -> Marked:
    q = c.next_question()
    assert q is not None
    clock.advance(7)
    given = {p: q.key.expected_text(p) for p in q.key.parts}
    if not right:
        given = {**given, Part.FU: str(q.key.fu + 10)} if Part.FU in given else {
            p: "1" for p in q.key.parts}
    marked = c.submit(given)
    assert isinstance(marked, Marked)
    return marked


def attempts(path: Path) -> list[tuple[str, int, str]]:
    """(session, attempt count per answered_at) rows straight from the file."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(
            "SELECT answered_at, count(*), group_concat(correct) FROM attempts "
            "GROUP BY answered_at ORDER BY id").fetchall()
    finally:
        conn.close()


def test_an_answer_is_stored_at_once_when_the_database_answers(store: DrillStore,
                                                               path: Path) -> None:
    c = controller(store)
    answer(c, store.clock)  # type: ignore[arg-type]
    assert len(attempts(path)) == 1
    assert store.status.waiting == 0 and store.status.state is None
    assert not journal_path(f"sqlite:///{path}").exists()  # type: ignore[union-attr]


def test_answers_wait_while_locked_and_are_stored_in_order_once(store: DrillStore,
                                                                path: Path) -> None:
    c = controller(store)
    clock: FakeClock = store.clock  # type: ignore[assignment]
    seen: list[str | None] = []
    store.listen(lambda s: seen.append(s.state))
    with write_locked(path):
        start = time.monotonic()
        marks = [answer(c, clock, right=i % 2 == 0) for i in range(3)]
        assert time.monotonic() - start < 3 * 2.0 + 3  # never longer than the wait per answer
        assert store.status.waiting == 3 and store.status.state == "busy"
        assert "busy" in store.status.message and "3 answers kept safe" in store.status.message
        assert attempts(path) == []
        journal = journal_path(f"sqlite:///{path}")
        assert journal is not None and len(AnswerJournal(journal).read()) == 3
        assert all(a.attempt_id is None for a in c.session.answered)  # type: ignore[union-attr]
    assert store.flush(10)
    rows = attempts(path)
    assert [n for _, n, _ in rows] == [1, 1, 1]
    assert [r[2] for r in rows] == ["1" if m.correct else "0" for m in marks]
    assert rows == sorted(rows)  # stored in the order given
    assert seen[0] == "busy" and seen[-1] is None
    assert not journal.exists()


@pytest.mark.slow
def test_answers_left_in_the_journal_are_stored_at_the_next_start(path: Path) -> None:
    clock = FakeClock()
    first = DrillStore.open(str(path), clock=clock, generated=0)
    c = controller(first)
    with write_locked(path):
        answer(c, clock)
        answer(c, clock)
        # the app ends (or is killed) while the database is still locked
        state = first.close(wait=0)
        assert state is not None and state.waiting == 2
        note = first.waiting_note()
        assert note is not None and "2 answers could not be stored yet" in note
        assert ".pending-answers.jsonl" in note
    assert attempts(path) == []
    second = DrillStore.open(str(path), clock=clock, generated=0)
    assert second.flush(10)
    second.close()
    assert [n for _, n, _ in attempts(path)] == [1, 1]
    # a third start has nothing left to store
    third = DrillStore.open(str(path), clock=clock, generated=0)
    assert third.flush(1)
    third.close()
    assert [n for _, n, _ in attempts(path)] == [1, 1]


def _stored_as_entry(path: Path, *, old_version: bool = False) -> PendingAnswer:
    """The journal entry of the one stored answer (as a replay would bring it back).

    ``old_version``: the answer was stored by a version that kept no entry id.
    """
    conn = sqlite3.connect(path)
    learner, session, answered_at, drill, seconds, entry = conn.execute(
        "SELECT learner_id, session, answered_at, drill, seconds, entry FROM attempts").fetchone()
    if old_version:
        conn.execute("UPDATE attempts SET entry = NULL")
        conn.commit()
    conn.close()
    from datetime import UTC, datetime

    when = datetime.fromisoformat(answered_at)
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    assert entry is not None and len(entry) == 32
    return PendingAnswer(learner_id=learner, item_id=None, drill=drill,
                         parts=(("fu", "30", "30", True),), seconds=seconds, concepts=(),
                         session=session, question=None, answered_at=when.isoformat(),
                         entry=entry if not old_version else "0" * 32)


@pytest.mark.parametrize("old_version", [False, True], ids=["same-entry", "stored-without-id"])
def test_a_replayed_entry_is_never_stored_twice(store: DrillStore, path: Path,
                                                old_version: bool) -> None:
    """A crash between the commit and the journal's note: the replay writes nothing
    (found by its entry id, or, stored by a version without ids, by learner, session,
    drill and time)."""
    c = controller(store)
    answer(c, store.clock)  # type: ignore[arg-type]
    entry = _stored_as_entry(path, old_version=old_version)
    journal = journal_path(f"sqlite:///{path}")
    assert journal is not None
    AnswerJournal(journal).add([entry, entry])  # twice, as a double replay would
    store.close(wait=0)
    again = DrillStore.open(str(path), generated=0)
    assert again.flush(10)
    again.close()
    assert [n for _, n, _ in attempts(path)] == [1]
    assert not journal.exists()


def test_a_journal_line_cut_short_by_a_kill_does_not_stop_the_rest(tmp_path: Path) -> None:
    journal = AnswerJournal(tmp_path / "j.jsonl")
    a = PendingAnswer(learner_id=1, item_id=None, drill="table", parts=(("fu", "1", "2", False),),
                      seconds=1.0, concepts=(), session="s", question=None,
                      answered_at="2025-06-01T12:00:00+00:00")
    journal.add([a])
    with (tmp_path / "j.jsonl").open("a") as f:
        f.write(a.to_json()[:30])  # the kill came mid-line
    assert [x.entry for x in journal.read()] == [a.entry]
    journal.done(a.entry)
    assert not (tmp_path / "j.jsonl").exists()
    assert json.loads(a.to_json())["entry"] == a.entry


def test_two_programs_sharing_one_journal_lose_no_entry_and_never_fail(tmp_path: Path) -> None:
    """One program stores its answers (each ``done`` may remove an empty journal) while
    another keeps adding: no entry still waiting is ever lost, and no read fails on a
    journal removed under it."""
    import os
    import subprocess
    import sys

    path = tmp_path / "j.jsonl"
    program = """
import sys
from quiz.store.entries import PendingAnswer
from quiz.store.journal import AnswerJournal
journal, role = AnswerJournal(__import__("pathlib").Path(sys.argv[1])), sys.argv[2]
for i in range(400) if role == "store" else range(1000, 1400):
    journal.add([PendingAnswer(learner_id=1, item_id=None, drill="table",
                               parts=(("fu", "1", "2", False),), seconds=1.0, concepts=(),
                               session="s", question=None,
                               answered_at="2025-06-01T12:00:00+00:00", entry=f"k{i}")])
    if role == "store":
        journal.done(f"k{i}")
"""
    root = Path(__file__).resolve().parents[2]
    programs = [subprocess.Popen([sys.executable, "-c", program, str(path), role], cwd=root,
                                 env=dict(os.environ), stderr=subprocess.PIPE, text=True)
                for role in ("store", "keep")]
    for p in programs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    assert sorted(int(a.entry[1:]) for a in AnswerJournal(path).read()) == list(
        range(1000, 1400))


@pytest.mark.slow
def test_questions_go_on_from_those_drawn_ahead_while_the_database_is_away(
        tmp_path: Path) -> None:
    """Bank questions come from the items drawn ahead when the bank cannot be read."""
    path = tmp_path / "drill.db"
    store = DrillStore.open(str(path), generated=0)
    learner = store.learner("ann")
    c = DrillController(store, learner, store.load_settings(learner.id), clock=store.clock,
                        rng=random.Random(3))
    c.start()
    assert c.next_question() is not None
    assert wait_until(lambda: len(store.draws._reserve) >= store.draws.RESERVE, 30)
    store.database.engine.dispose()
    path.rename(tmp_path / "gone.db")  # the file is away: nothing can be read
    (tmp_path / "drill.db").mkdir()  # and cannot be made again
    for _ in range(3):
        c.question = None
        c.session.current = None  # type: ignore[union-attr]
        assert c.next_question() is not None
    store.close(wait=0)


def test_settings_saved_wait_in_the_journal_and_are_stored_at_the_next_start(
        path: Path) -> None:
    """Settings saved while the database is locked apply at once on screen, wait in the
    journal file, and the next start stores them (once)."""
    from quiz.store.entries import PendingSettings
    from quiz.words.tilefaces import TileStyle

    first = DrillStore.open(str(path), generated=0)
    ann = first.learner("ann")
    new = first.load_settings(ann.id).replace(tile_style=TileStyle.KANJI.value)
    with write_locked(path):
        start = time.monotonic()
        entry = first.save_settings(ann.id, new)
        # never waits for the database (a wait would last the 10 s busy timeout)
        assert time.monotonic() - start < 5
        assert first.waiting_settings(ann.id) == [entry]
        assert first.stored_settings(ann.id)["tile_style"] == "kanji"  # as saved
        first.close(wait=0)
    journal = journal_path(f"sqlite:///{path}")
    assert journal is not None
    kept = AnswerJournal(journal).read()
    assert kept == [entry] and isinstance(kept[0], PendingSettings)
    second = DrillStore.open(str(path), generated=0)
    assert second.flush(10)
    assert second.settings_store.all(ann.id)["tile_style"] == "kanji"
    second.close()
    assert not journal.exists()


def test_settings_read_while_the_writer_stores_them_are_the_new_ones(
        store: DrillStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page that reads the settings just as the writer stores a save shows the save:
    the database was read before the save landed and the writer's queue after it, so a
    read that took either alone showed the old settings (the web's language changed
    twice once came back in the first language)."""
    from quiz.words.tilefaces import TileStyle

    ann = store.learner("ann")
    store.save_settings(ann.id, store.load_settings(ann.id).replace(
        tile_style=TileStyle.KANJI.value))
    assert store.flush(10)
    read = store.settings_store.all
    first = [True]

    def read_then_let_the_writer_store(learner_id: int) -> dict[str, Any]:
        stored = read(learner_id)  # the old settings...
        if first[0]:
            first[0] = False
            assert store.flush(10)  # ...and the save is stored before the read returns
        return stored

    store.save_settings(ann.id, store.load_settings(ann.id).replace(
        tile_style=TileStyle.GLYPH.value))
    monkeypatch.setattr(store.settings_store, "all", read_then_let_the_writer_store)
    assert store.stored_settings(ann.id)["tile_style"] == TileStyle.GLYPH.value
    assert store.load_settings(ann.id).tile_style is TileStyle.GLYPH


def test_every_journal_entry_round_trips_and_names_its_own_store_method() -> None:
    """Each entry kind reads back from its journal line and is stored by its own sink
    method (no one asks an entry what it is)."""
    from quiz.store.entries import (
        ENTRY_KINDS,
        PendingAnswer,
        PendingRating,
        PendingReview,
        PendingSettings,
        entry_from_json,
    )

    made = [
        PendingAnswer(1, 2, "whole", (("fu", "30", "40", False),), 3.0, ("fu:closed_ron",),
                      "s", None, "2026-12-03T08:00:00+00:00"),
        PendingReview(1, "due", 4, 2, None, (("fu", "40", "40", True),), 2.0, (), True, 3, 3,
                      "r", "2026-12-03T08:01:00+00:00"),
        PendingRating("e1", 1, "r", "2026-12-03T08:01:00+00:00", 2, {"due": "x"}),
        PendingSettings(1, {"lang": "ja"}),
    ]
    called: list[str] = []

    class Sink:
        def __getattr__(self, name: str) -> Any:
            return lambda entry: called.append(f"{name}:{type(entry).__name__}")

    for entry in made:
        back = entry_from_json(json.loads(entry.to_json()))
        assert back == entry
        entry.store(Sink())  # type: ignore[arg-type]
    assert called == ["store_answer:PendingAnswer", "store_review:PendingReview",
                      "store_rating:PendingRating", "store_settings:PendingSettings"]
    assert set(ENTRY_KINDS) == {"add", "review", "rate", "settings"}
    assert entry_from_json({"op": "done", "entry": "x"}) is None
