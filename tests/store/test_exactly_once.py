"""Exactly once across stores and processes: two writers replaying the same journal
at once (two stores in one program, two programs) store each entry once.

Each entry is stored in one transaction whose first write takes the entry's
unique id (``attempts.entry``, ``stored_entries``): the second writer's insert
hits the key, which means "already stored", never a second row or an error.
Run on a SQLite file and on PostgreSQL.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from quiz.settings import Settings
from quiz.store.drill import DrillStore
from quiz.store.entries import Pending, PendingAnswer, PendingSettings
from quiz.store.journal import AnswerJournal, journal_path
from tests.support.databases import POSTGRES, fresh_postgres_database
from tests.support.paths import ROOT

#: Entries in the journal both writers replay.
ENTRIES = 60
#: Concepts some answers missed (each becomes an Again review of its concept card).
CONCEPTS = ("fu:seat_wind_pair", "yaku:riichi", "fu:closed_ron")


@pytest.fixture(params=["sqlite", POSTGRES])
def url(request: pytest.FixtureRequest, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A database with its curated bank (a SQLite file, then PostgreSQL); the journal
    of a server database goes to the test's own data folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if request.param == "sqlite":
        target = f"sqlite:///{tmp_path / 'drill.db'}"
        DrillStore.open(target, generated=0).close()
        yield target
        return
    for target in fresh_postgres_database():
        DrillStore.open(target, generated=0).close()
        yield target


def journal_entries(url: str, count: int = ENTRIES, *, write: bool = True) -> list[Pending]:
    """``count`` answers of a new learner, written to the database's journal file
    (unless ``write`` is false): points-table cells (each reviews its cell's card) and
    answers that missed concepts; every tenth entry is the learner's settings saved."""
    from data.topics import is_topic

    store = DrillStore.open(url, generated=0)
    try:
        learner = store.learner("ann").id
    finally:
        store.close()
    concepts = [c for c in CONCEPTS if is_topic(c)]
    assert concepts, "the vocabulary has none of the test's concepts"
    start = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    entries: list[Pending] = []
    for i in range(count):
        right = i % 3 != 0
        cell = (1 + i % 3, (30, 40)[i % 2], i % 5 == 0, i % 7 == 0)  # never a limit hand
        entries.append(PendingAnswer(
            learner_id=learner, item_id=None, drill="table",
            parts=(("payment", "1000", "1000" if right else "2000", right),),
            seconds=4.0 + i % 9, concepts=() if right else (concepts[i % len(concepts)],),
            session="s1", question={"kind": "table", "n": i},
            answered_at=(start + timedelta(seconds=10 * i)).isoformat(),
            cell=cell, correct=right))
        if i % 10 == 9:
            entries.append(PendingSettings(learner, Settings().replace(
                session_length=(5, 10, 20)[i % 3]).to_dict()))
    path = journal_path(url)
    assert path is not None
    if write:
        AnswerJournal(path).add(entries)
    return entries


def stored(url: str) -> tuple[dict[str, int], list[tuple[int, int, int]]]:
    """Attempts per journal entry, and the (attempt, card, count) of every card that an
    answer reviewed more than once (a second storing of its reviews)."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as conn:
            per_entry = {str(e): int(n) for e, n in conn.execute(text(
                "SELECT entry, count(*) FROM attempts GROUP BY entry"))}
            twice = [(int(a), int(c), int(n)) for a, c, n in conn.execute(text(
                "SELECT attempt_id, card_id, count(*) FROM srs_reviews "
                "GROUP BY attempt_id, card_id HAVING count(*) > 1"))]
            reviewed = int(conn.execute(text(
                "SELECT count(DISTINCT attempt_id) FROM srs_reviews")).scalar_one())
            for entry, in conn.execute(text("SELECT entry FROM stored_entries")):
                per_entry[str(entry)] = per_entry.get(str(entry), 0) + 1
    finally:
        engine.dispose()
    per_entry["reviewed answers"] = reviewed
    return per_entry, twice


def assert_each_stored_once(url: str, entries: list[Pending]) -> None:
    per_entry, twice = stored(url)
    reviewed = per_entry.pop("reviewed answers")
    assert per_entry == {e.entry: 1 for e in entries}
    assert twice == []
    answers = [e for e in entries if isinstance(e, PendingAnswer)]
    assert reviewed == len(answers)  # every answer's cell card was reviewed, once
    path = journal_path(url)
    assert path is not None and AnswerJournal(path).read() == []


@pytest.mark.slow
def test_two_stores_replaying_one_journal_at_once_store_each_entry_once(url: str) -> None:
    entries = journal_entries(url)
    stores: list[DrillStore] = []
    ready = threading.Barrier(2)

    def open_one() -> None:
        ready.wait()
        stores.append(DrillStore.open(url, generated=0))  # each starts replaying at once

    threads = [threading.Thread(target=open_one) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(stores) == 2
    try:
        assert all(s.flush(60) for s in stores)
    finally:
        for s in stores:
            s.close()
    assert_each_stored_once(url, entries)


REPLAY = """
import sys
from quiz.store.drill import DrillStore
store = DrillStore.open(sys.argv[1], generated=0)
ok = store.flush(90)
store.close()
sys.exit(0 if ok else 3)
"""


@pytest.mark.slow
def test_two_programs_replaying_one_journal_at_once_store_each_entry_once(url: str) -> None:
    entries = journal_entries(url)
    programs = [subprocess.Popen([sys.executable, "-c", REPLAY, url], cwd=ROOT,
                                 env=dict(os.environ), stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for _ in range(2)]
    for p in programs:
        _, err = p.communicate(timeout=180)
        assert p.returncode == 0, err
    assert_each_stored_once(url, entries)


def test_a_store_closed_while_its_writer_waits_and_a_new_store_store_each_answer_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer of a closed store still waits on the lock; a new store replays the
    journal; the lock goes: the closed store's writer writes nothing once it holds the
    database (and would find the key taken), the new store stores each answer once."""
    from data.db import engine as db_engine
    from data.db.schema import open_database
    from tests.store.conftest import wait_until, write_locked

    monkeypatch.setattr(db_engine, "SQLITE_BUSY_TIMEOUT_MS", 2000)
    target = f"sqlite:///{tmp_path / 'drill.db'}"
    first = DrillStore.open(target, generated=0)
    entries = journal_entries(target, 6, write=False)
    second = DrillStore(open_database(target))  # its writer starts (and reads the journal) later
    with write_locked(tmp_path / "drill.db") as lock:
        for e in entries:
            first.writer.keep(e)  # in the journal file; the writer waits on the lock
        assert wait_until(lambda: first.writer._in_flight, 5)
        first.close(wait=0)
        second.start_writer()  # replays the same journal, waits on the lock too
        lock.release_after(0.5)
        assert second.flush(30)
    second.close()
    assert first._writer is not None
    first._writer._thread.join(10)  # the closed store's writer is done too
    assert_each_stored_once(target, entries)
