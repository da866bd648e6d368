"""``stored_entries`` does not grow for ever, and forgetting an id never lets its entry be
stored twice.

The ids of journal entries that leave no row of their own (settings saved, a rating
changed) are forgotten :data:`FORGET_STORED_AFTER` after they were stored, by the answer
writer's thread when it is idle; an entry kept longer than :data:`ENTRY_LIFE` ago is
refused (with its reason) instead of stored, so a journal replayed after its id was
forgotten cannot store it a second time.
"""

from __future__ import annotations

import contextlib
import threading
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from data.db.schema import open_database
from data.learners import (
    ENTRY_LIFE,
    FORGET_STORED_AFTER,
    AlreadyStoredError,
    StaleEntryError,
    StoredEntries,
)
from quiz.settings import Settings
from quiz.store.drill import DrillStore
from quiz.store.entries import PendingRating, PendingSettings, Refused
from tests.store.conftest import wait_until
from tests.support.clock import FakeClock

NOW = datetime(2026, 12, 2, 5, 0, tzinfo=UTC)
DAY = timedelta(days=1)


HOUR = timedelta(hours=1)
#: One database for the property's examples (each uses an entry of its own).
_DB = open_database(":memory:")


def _claim(db: object, entry: str, stored: datetime, kept: datetime | None = None) -> None:
    StoredEntries(db, clock=lambda: stored).claim(entry, kept_at=kept or stored)  # type: ignore[arg-type]


def test_ids_stored_long_ago_are_forgotten_and_recent_ones_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(StoredEntries, "FORGET_BATCH", 2)  # several short transactions
    db = open_database(tmp_path / "d.db")
    try:
        old = [uuid.uuid4().hex for _ in range(5)]
        recent = [uuid.uuid4().hex for _ in range(2)]
        for i, e in enumerate(old):
            _claim(db, e, NOW - FORGET_STORED_AFTER - DAY * (i + 1))
        for e in recent:
            _claim(db, e, NOW - FORGET_STORED_AFTER + DAY)
        entries = StoredEntries(db, clock=lambda: NOW)
        assert entries.count() == 7
        assert entries.forget() == 5
        assert entries.count() == 2
        assert not any(entries.exists(e) for e in old)
        assert all(entries.exists(e) for e in recent)
        assert entries.forget() == 0
        # a stop asked between batches ends the work early
        for e in old:
            _claim(db, e, NOW - FORGET_STORED_AFTER - DAY)
        assert entries.forget(stop=lambda: True) == 0 and entries.count() == 7
    finally:
        db.close()


def test_an_entry_kept_longer_than_its_life_is_refused_with_its_reason() -> None:
    db = open_database(":memory:")
    entries = StoredEntries(db, clock=lambda: NOW)
    with pytest.raises(StaleEntryError) as refused:
        entries.claim("a" * 32, kept_at=NOW - ENTRY_LIFE - DAY)
    assert f"kept {ENTRY_LIFE.days + 1} days ago" in str(refused.value)
    assert "not stored" in str(refused.value)
    assert entries.count() == 0
    entries.claim("b" * 32, kept_at=NOW - ENTRY_LIFE + DAY)  # within its life: stored
    with pytest.raises(AlreadyStoredError):
        entries.claim("b" * 32, kept_at=NOW - ENTRY_LIFE + DAY)
    assert entries.count() == 1


def _hours(days: int) -> st.SearchStrategy[int]:
    """Hours from 0 to ``days`` days, often right at the life and the horizon."""
    edges = [0, ENTRY_LIFE // HOUR, FORGET_STORED_AFTER // HOUR,
             (FORGET_STORED_AFTER - ENTRY_LIFE) // HOUR]
    return st.one_of(st.integers(min_value=0, max_value=days * 24),
                     st.sampled_from([e + d for e in edges for d in (-1, 0, 1) if e + d >= 0]))


#: How far a clock is off, in hours: at most 15 days (any two at most 30 days apart).
_SKEW = st.one_of(st.integers(min_value=-15 * 24, max_value=15 * 24),
                  st.sampled_from([-15 * 24, 15 * 24]))


@settings(max_examples=300, deadline=None)
@given(stored_after=_hours(ENTRY_LIFE.days), forgotten_after=_hours(200),
       replayed_after=_hours(60), keeper=_SKEW, storer=_SKEW, forgetter=_SKEW,
       replayer=_SKEW)
def test_forgetting_never_lets_an_entry_be_stored_twice(
        stored_after: int, forgotten_after: int, replayed_after: int, keeper: int,
        storer: int, forgetter: int, replayer: int) -> None:
    """An entry stored, its id forgotten whenever the horizon allows, the entry replayed
    any time after: by four clocks up to 30 days apart, it is stored at most once."""
    kept = NOW  # the real time the entry was kept (each clock reads real time + skew)
    entry = uuid.uuid4().hex
    stored = forgot = 0
    when = kept + HOUR * stored_after
    for _ in range(2):  # stored, then replayed at once
        with contextlib.suppress(StaleEntryError, AlreadyStoredError):
            _claim(_DB, entry, when + HOUR * storer, kept + HOUR * keeper)
            stored += 1
    when += HOUR * forgotten_after
    clock = when + HOUR * forgetter
    forgot = StoredEntries(_DB, clock=lambda: clock).forget()
    when += HOUR * replayed_after
    with contextlib.suppress(StaleEntryError, AlreadyStoredError):
        _claim(_DB, entry, when + HOUR * replayer, kept + HOUR * keeper)
        stored += 1
    assert stored <= 1, f"stored twice (forgot {forgot} ids)"


def test_the_writer_forgets_old_ids_on_its_own_thread_when_idle(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import quiz.store.journal as journal

    monkeypatch.setattr(journal, "TIDY_AFTER", 0.3)
    path = tmp_path / "d.db"
    db = open_database(path)
    for _ in range(4):
        _claim(db, uuid.uuid4().hex, NOW - FORGET_STORED_AFTER - DAY)
    _claim(db, uuid.uuid4().hex, NOW - DAY)
    db.close()
    threads: list[str] = []
    forget = StoredEntries.forget

    def watched(self: StoredEntries, **kw: object) -> int:
        threads.append(threading.current_thread().name)
        return forget(self, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(StoredEntries, "forget", watched)
    store = DrillStore.open(path, clock=lambda: NOW, generated=0)
    try:
        entries = StoredEntries(store.database, clock=lambda: NOW)
        assert entries.count() == 5  # not at start-up: only once the writer is idle a while
        assert wait_until(lambda: entries.count() == 1, 10)
        assert threads == ["answer-writer"]
    finally:
        store.close()


def test_settings_replayed_after_their_id_was_forgotten_are_refused_not_stored_again(
        tmp_path: Path) -> None:
    """Settings saved and stored, then newer ones; 100 days on, the first settings' id is
    forgotten and a journal still holding their line is replayed: they are refused
    (the newer settings stay), and the journal empties."""
    path = tmp_path / "d.db"
    clock = FakeClock(NOW - 100 * DAY)
    store = DrillStore.open(path, clock=clock, generated=0)
    try:
        ann = store.learner("ann")
        first = store.save_settings(ann.id, Settings(session_length=5))
        assert store.flush(10)
        clock.set(NOW - 99 * DAY)
        store.save_settings(ann.id, Settings(session_length=7))
        assert store.flush(10)
        assert StoredEntries(store.database).count() == 2
    finally:
        store.close()
    # the first line comes back (a journal copied back, a second program's leftover)
    journal = Path(str(path) + ".pending-answers.jsonl")
    journal.write_text(first.to_json() + "\n", encoding="utf-8")
    clock.set(NOW)
    store = DrillStore.open(path, clock=clock, generated=0)
    try:
        assert store.forget_stored_entries() == 2  # both ids are past the horizon
        assert StoredEntries(store.database).count() == 0
        store.start_writer()
        assert store.flush(10)
        assert store.load_settings(ann.id).session_length == 7  # the newer settings stay
        assert [r.entry for r in store.refused] == [first.entry]
        assert "kept 100 days ago" in store.refused[0].reason
        assert StoredEntries(store.database).count() == 0  # nothing stored
    finally:
        store.close()
    assert not journal.exists()  # the refused entry left the journal


def test_a_rating_kept_too_long_is_refused_and_leaves_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "d.db"
    store = DrillStore.open(path, clock=lambda: NOW, generated=0)
    try:
        ann = store.learner("ann")
        rating = PendingRating(review="r" * 32, learner_id=ann.id, session="s",
                               answered_at=(NOW - ENTRY_LIFE - DAY).isoformat(), rating=3,
                               schedule={})
        result = store.keep(rating, wait=10)
        assert isinstance(result, Refused) and result.entry == rating.entry
        assert "days an entry may wait" in result.reason
        assert store.writer.journal.read() == []
        assert StoredEntries(store.database).count() == 0
    finally:
        store.close()


def test_settings_lines_keep_their_time_and_old_lines_read_as_of_unknown_age() -> None:
    saved = PendingSettings(1, {"session_length": 5}, kept_at=NOW.isoformat())
    import json

    again = PendingSettings.from_json(json.loads(saved.to_json()))
    assert again == saved and again.kept == NOW
    legacy = json.loads(saved.to_json())
    del legacy["kept_at"]
    assert PendingSettings.from_json(legacy).kept is None


def test_at_the_horizon_clocks_30_days_apart_still_cannot_store_an_entry_twice() -> None:
    """The worst case the margin is for: the entry kept by a clock 15 days ahead and stored
    at once by one 15 days behind; its id forgotten as early as a clock 15 days ahead can,
    and the entry replayed at that moment by a clock 15 days behind. Refused."""
    db = open_database(":memory:")
    skew = timedelta(days=15)
    entry = uuid.uuid4().hex
    _claim(db, entry, NOW - skew, NOW + skew)
    # the earliest real time at which the id is forgotten by a clock 15 days ahead
    forget_at = NOW - skew + FORGET_STORED_AFTER - skew + timedelta(microseconds=1)
    assert StoredEntries(db, clock=lambda: forget_at + skew).forget() == 1
    with pytest.raises(StaleEntryError):
        _claim(db, entry, forget_at - skew, NOW + skew)


def test_an_in_memory_store_never_tidies_on_a_second_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Its one shared connection is used on one thread only: the writer leaves it alone."""
    import time

    import quiz.store.journal as journal

    monkeypatch.setattr(journal, "TIDY_AFTER", 0.1)
    store = DrillStore.open(":memory:", clock=lambda: NOW, generated=0)
    try:
        _claim(store.database, uuid.uuid4().hex, NOW - FORGET_STORED_AFTER - DAY)
        store.start_writer()
        time.sleep(0.6)
        assert StoredEntries(store.database, clock=lambda: NOW).count() == 1
        assert store.forget_stored_entries() == 1  # asked on its own thread, it does
    finally:
        store.close()
