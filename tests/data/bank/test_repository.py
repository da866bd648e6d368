"""The repository on SQLite in memory and on a file: bank, learners, settings, attempts."""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from data.bank.build import ensure_bank
from data.bank.items import prepare_item, read_problem
from data.bank.repository import Bank
from data.db.database import Database
from data.errors import (
    AnswerMismatchError,
    DuplicateItemError,
    LearnerError,
    NotFoundError,
    UnknownTopicError,
)
from data.generate import HandGenerator
from data.learners import Attempts, Learners, SettingsStore
from data.records import BankItem, ItemKind, ItemSummary, PartResult
from scoring import explain
from tests.support.clock import FakeClock


def _item(uid: str = "t-1", **changes: object) -> object:
    record = {"hand": "234567m34p456s22z5p", "win": "5p", "seat": "S", "riichi": True}
    record.update(changes)
    problem = read_problem(record, origin="test", item=uid)
    return prepare_item(
        problem,
        uid=uid,
        origin="test",
        kind=ItemKind.CURATED,
        focus=["yaku:riichi"],
        note="a note",
        source="test",
    )


def test_add_get_find_and_count(database: Database, clock: FakeClock) -> None:
    bank = Bank(database, clock=clock)
    report = bank.add([_item("t-1"), _item("t-2", seat="W", round="W")], origin="test")
    assert (report.added, report.updated, report.unchanged) == (2, 0, 0)
    item = bank.get("t-1")
    assert isinstance(item, BankItem)
    assert item.answer.fu == 40 and item.answer.declaration == "1300"
    assert item.focus == ("yaku:riichi",)
    assert "fu:seat_wind_pair" in item.topics and "yaku:riichi" in item.topics
    assert item.result.fu == 40 and explain(item.result)
    assert bank.get(item.id).uid == "t-1"
    with pytest.raises(FrozenInstanceError):
        item.uid = "x"  # type: ignore[misc]
    assert bank.count() == 2
    assert bank.count(topic="fu:seat_wind_pair") == 1
    assert bank.count(topic="fu:round_wind_pair") == 0
    assert bank.count(kind="curated") == 2 and bank.count(kind=ItemKind.GENERATED) == 0
    found = bank.find(topic="yaku:riichi", limit=1)
    assert len(found) == 1 and isinstance(found[0], ItemSummary)
    assert found[0].uid == "t-1" and found[0].declaration == "1300"
    assert [s.uid for s in bank.find(offset=1)] == ["t-2"]
    with pytest.raises(NotFoundError, match="no bank item 'nope'"):
        bank.get("nope")
    with pytest.raises(UnknownTopicError):
        bank.count(topic="fu:nope")


def test_adding_again_is_idempotent_and_updates_notes(database: Database) -> None:
    bank = Bank(database)
    bank.add([_item("t-1")], origin="test")
    again = bank.add([_item("t-1")], origin="test")
    assert (again.added, again.updated, again.unchanged) == (0, 0, 1)
    changed = prepare_item(
        _item("t-1").problem,
        uid="t-1",
        origin="test",  # type: ignore[attr-defined]
        kind=ItemKind.CURATED,
        note="a better note",
    )
    report = bank.add([changed], origin="test")
    assert report.updated == 1
    assert bank.get("t-1").note == "a better note"


def test_a_changed_hand_under_an_old_id_is_refused(database: Database) -> None:
    bank = Bank(database)
    bank.add([_item("t-1")], origin="test")
    with pytest.raises(DuplicateItemError, match=r"'t-1'.*different hand"):
        bank.add([_item("t-2"), _item("t-1", seat="W")], origin="file.jsonl")
    assert bank.count() == 1  # the whole batch was refused
    report = bank.add([_item("t-1", seat="W")], origin="curated", update=True)
    assert report.updated == 1 and bank.get("t-1").problem.seat == "W"


def test_stored_answers_are_checked_when_read(database: Database) -> None:
    from sqlalchemy import update

    from data.models.core import BankItem as Row

    bank = Bank(database)
    bank.add([_item("t-1"), _item("t-2", seat="W")], origin="test")
    with database.transaction() as s:
        row = s.query(Row).filter_by(uid="t-1").one()
        answer = dict(row.answer)
        answer["fu"] = 30
        s.execute(update(Row).where(Row.uid == "t-1").values(answer=answer))
    with pytest.raises(AnswerMismatchError, match=r"database: item 't-1'.*fu 30 stored, 40 scored"):
        bank.get("t-1")
    # a drill never stops on a bad row: it is skipped and reported
    rng = random.Random(1)
    for _ in range(5):
        drawn = bank.draw(rng)
        assert drawn is not None and drawn.uid == "t-2"
    assert bank.refused and "t-1" in bank.refused[0]
    assert [p for p in bank.verify() if "t-1" in p]


def test_draw_by_topic_and_difficulty(database: Database) -> None:
    bank = Bank(database)
    ensure_bank(database, generated=60)
    rng = random.Random(3)
    item = bank.draw(rng, topic="yaku:chiitoitsu")
    assert item is not None and "yaku:chiitoitsu" in item.topics
    d = bank.find(limit=1)[0].difficulty
    assert all(bank.draw(rng, difficulty=d).difficulty == d for _ in range(3))  # type: ignore[union-attr]
    assert bank.draw(rng, topic="limit:sextuple_yakuman") is None
    everything = set(bank.ids())
    assert bank.draw(rng, exclude=everything) is None


def test_stats_count_by_topic_profile_and_limit(database: Database) -> None:
    bank = Bank(database)
    ensure_bank(database, generated=40)
    stats = bank.stats()
    assert stats.total == bank.count()
    assert dict(stats.by_kind)["generated"] == 40
    assert sum(n for _, n in stats.by_profile) == stats.total
    assert sum(n for _, n in stats.by_limit) == stats.total
    assert dict(stats.by_profile)["wrc"] == bank.count(rules="wrc")
    topics = dict(stats.by_topic)
    assert topics["yaku:riichi"] == bank.count(topic="yaku:riichi")
    assert dict(stats.by_limit)["none"] == stats.total - sum(
        n for name, n in stats.by_limit if name != "none"
    )


def test_ensure_bank_builds_once_and_tops_up(database: Database) -> None:
    first = ensure_bank(database, generated=30)
    assert first.curated.added >= 80 and first.generated_added == 30
    again = ensure_bank(database, generated=30)
    assert again.curated.added == 0 and again.generated_added == 0
    more = ensure_bank(database, generated=45)
    assert more.generated_added == 15
    assert Bank(database).count(kind="generated") == 45


def test_generate_and_siblings_are_stored(database: Database) -> None:
    bank = Bank(database)
    assert bank.generate(5, seed=7, topic="yaku:toitoi") == 5
    assert bank.count(topic="yaku:toitoi") == 5
    item = bank.find(topic="yaku:toitoi", limit=1)[0]
    full = bank.get(item.uid)
    sib = bank.sibling(full, seed=3)
    assert sib.id > 0 and sib.kind is ItemKind.GENERATED
    assert set(full.focus) <= set(sib.topics)
    assert sib.problem.hand != full.problem.hand
    assert sib.source == f"sibling of {full.uid}"


# --------------------------------------------------------------------------- learners


def test_learners(database: Database, clock: FakeClock) -> None:
    learners = Learners(database, clock=clock)
    ann = learners.create("  Ann  Lee ")
    assert ann.name == "Ann Lee" and ann.created_at == clock.now
    assert learners.get("Ann Lee") == ann
    assert learners.get_or_create("Ann Lee") == ann
    ben = learners.get_or_create("Ben")
    assert [x.name for x in learners.all()] == ["Ann Lee", "Ben"]
    assert learners.by_id(ben.id) == ben
    with pytest.raises(LearnerError, match="already a learner called 'Ben'"):
        learners.create("Ben")
    with pytest.raises(LearnerError, match="cannot be empty"):
        learners.create("   ")
    with pytest.raises(LearnerError, match="longer than 64"):
        learners.create("x" * 65)
    with pytest.raises(NotFoundError, match="no learner called 'Zed'"):
        learners.get("Zed")


def test_settings_per_learner(database: Database) -> None:
    learners = Learners(database)
    ann, ben = learners.create("Ann"), learners.create("Ben")
    settings = SettingsStore(database)
    settings.set(ann.id, "profile", "wrc")
    settings.update(ann.id, {"ask": ["fu", "payment"], "length": 20})
    settings.set(ben.id, "profile", "tenhou")
    settings.set(ann.id, "profile", "ema")
    assert settings.all(ann.id) == {"profile": "ema", "ask": ["fu", "payment"], "length": 20}
    assert settings.get(ben.id, "profile") == "tenhou"
    assert settings.get(ben.id, "missing", 5) == 5
    settings.delete(ann.id, "length")
    assert "length" not in settings.all(ann.id)
    with pytest.raises(LearnerError, match="JSON value"):
        settings.set(ann.id, "bad", object())
    with pytest.raises(NotFoundError):
        settings.set(999, "profile", "x")


# --------------------------------------------------------------------------- attempts


def _parts(fu_ok: bool) -> list[PartResult]:
    return [
        PartResult("fu", "40" if fu_ok else "30", "40", fu_ok),
        PartResult("han", "1", "1", True),
        PartResult("payment", "1300", "1300", True),
    ]


def test_attempts_are_stored_with_parts_concepts_and_utc_times(
    database: Database, clock: FakeClock
) -> None:
    bank = Bank(database)
    bank.add([_item("t-1")], origin="test")
    item = bank.get("t-1")
    ann = Learners(database).create("Ann")
    attempts = Attempts(database, clock=clock)
    a1 = attempts.record(
        ann.id,
        item_id=item.id,
        drill="whole",
        parts=_parts(False),
        concepts_missed=["fu:seat_wind_pair", "fu:closed_ron"],
        seconds=14.2,
        session="s1",
    )
    clock.advance(minutes=1)
    a2 = attempts.record(
        ann.id, item_id=item.id, drill="whole", parts=_parts(True), seconds=6.0, session="s1"
    )
    clock.advance(minutes=1)
    a3 = attempts.record(
        ann.id,
        item_id=None,
        drill="table",
        question={"cell": "3h40f"},
        parts=[PartResult("payment", "5200", "5200", True)],
        seconds=2.5,
    )
    assert not a1.correct and a2.correct and a3.correct
    assert a1.concepts_missed == ("fu:closed_ron", "fu:seat_wind_pair")
    assert a1.item_uid == "t-1" and a3.item_uid is None
    history = attempts.history(ann.id)
    assert [a.id for a in history] == [a3.id, a2.id, a1.id]
    assert history[2] == a1
    assert history[2].answered_at.tzinfo is not None
    assert [p.part for p in history[2].parts] == ["fu", "han", "payment"]
    assert attempts.history(ann.id, session="s1", limit=1)[0].id == a2.id
    assert attempts.count(ann.id) == 3 and attempts.count(ann.id, session="s1") == 2
    acc = {p.name: (p.right, p.total) for p in attempts.part_accuracy(ann.id)}
    assert acc == {"fu": (1, 2), "han": (2, 2), "payment": (3, 3)}
    assert attempts.concept_misses(ann.id) == [("fu:closed_ron", 1), ("fu:seat_wind_pair", 1)]
    assert attempts.concept_misses(ann.id, since=clock.now) == []


def test_bad_attempts_are_refused(database: Database) -> None:
    ann = Learners(database).create("Ann")
    attempts = Attempts(database)
    with pytest.raises(UnknownTopicError, match="fu:nope"):
        attempts.record(
            ann.id,
            item_id=None,
            drill="fu",
            parts=_parts(True),
            seconds=1,
            concepts_missed=["fu:nope"],
        )
    with pytest.raises(LearnerError, match="at least one part"):
        attempts.record(ann.id, item_id=None, drill="fu", parts=[], seconds=1)
    with pytest.raises(LearnerError, match="twice"):
        attempts.record(ann.id, item_id=None, drill="fu", parts=_parts(True) * 2, seconds=1)
    with pytest.raises(NotFoundError, match="no bank item"):
        attempts.record(ann.id, item_id=12345, drill="fu", parts=_parts(True), seconds=1)
    with pytest.raises(NotFoundError, match="no learner"):
        attempts.record(999, item_id=None, drill="fu", parts=_parts(True), seconds=1)
    assert attempts.count(ann.id) == 0


def test_items_with_history_cannot_be_deleted(database: Database) -> None:
    from sqlalchemy import delete
    from sqlalchemy.exc import IntegrityError

    from data.models.core import BankItem as Row

    bank = Bank(database)
    bank.add([_item("t-1")], origin="test")
    ann = Learners(database).create("Ann")
    Attempts(database).record(
        ann.id, item_id=bank.get("t-1").id, drill="whole", parts=_parts(True), seconds=1
    )
    with pytest.raises(IntegrityError), database.transaction() as s:
        s.execute(delete(Row).where(Row.uid == "t-1"))
    assert bank.count() == 1


def test_generated_items_of_a_seed_are_reproducible() -> None:
    a = [g.problem for g in HandGenerator(11).hands(20)]
    b = [g.problem for g in HandGenerator(11).hands(20)]
    c = [g.problem for g in HandGenerator(12).hands(20)]
    assert a == b and a != c


@pytest.mark.slow
def test_concurrent_writers_on_one_sqlite_file_wait_for_each_other(tmp_path: Path) -> None:
    """Several processes' connections (threads here) fill a new bank and record answers."""
    import threading

    from data.db.schema import open_database

    path = tmp_path / "shared.db"
    open_database(path).close()
    errors: list[str] = []

    def student(n: int) -> None:
        try:
            db = open_database(path)
            try:
                ensure_bank(db, generated=60)
                me = Learners(db).get_or_create(f"student {n}")
                item = Bank(db).find(limit=1)[0]
                for _ in range(10):
                    Attempts(db).record(
                        me.id, item_id=item.id, drill="whole", parts=_parts(True), seconds=1
                    )
            finally:
                db.close()
        except Exception as e:
            errors.append(repr(e))

    threads = [threading.Thread(target=student, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    db = open_database(path)
    try:
        assert Bank(db).count(kind="generated") == 60
        assert len(Learners(db).all()) == 6
        assert sum(Attempts(db).count(x.id) for x in Learners(db).all()) == 60
    finally:
        db.close()
