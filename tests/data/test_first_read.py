"""The start's first read (:mod:`data.first_read`): what the store would read, with sqlite3
alone, or None (the normal path) for anything unusual."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from data.bank.repository import Bank
from data.db.schema import MIGRATIONS_DIR, alembic_config, open_database, read_scripts
from data.errors import UnknownTopicError
from data.first_read import FirstRead, ReadOnlyBank, StoreNotOpenError, first_read, sqlite_file
from data.learners import Learners, SettingsStore


@pytest.fixture(scope="module")
def bank_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database file: the curated bank, 40 generated hands, learner ann with settings."""
    from data.bank.build import ensure_bank

    path = tmp_path_factory.mktemp("first-read") / "drill.db"
    database = open_database(path)
    try:
        ensure_bank(database, 40)
        ann = Learners(database).get_or_create("ann")
        SettingsStore(database).update(ann.id, {"profile": "wrc", "tile_style": "kanji",
                                                "ask": ["fu", "payment"], "difficulty": 2})
    finally:
        database.close()
    return path


@pytest.fixture
def read(bank_file: Path) -> Iterator[FirstRead]:
    found = first_read(str(bank_file), "ann")
    assert found is not None
    yield found
    found.bank.close()


def test_the_first_read_finds_the_learner_and_settings_the_store_finds(
        read: FirstRead, bank_file: Path) -> None:
    database = open_database(bank_file)
    try:
        assert read.learner == Learners(database).get("ann")
        assert dict(read.stored_settings) == SettingsStore(database).all(read.learner.id)
    finally:
        database.close()


FILTERS = [
    {},
    {"rules": "wrc"},
    {"rules": "tenhou", "difficulty": 2},
    {"difficulty": 5},
    {"topic": "yaku:riichi"},
    {"topic": "fu:open_ron_minimum", "rules": "wrc"},
    {"topic": "yaku:riichi", "rules": "tenhou", "difficulty": 1},
    {"rules": "no-such-profile"},
]


@pytest.mark.parametrize("filters", FILTERS, ids=lambda f: ",".join(map(str, f.values())) or "all")
def test_the_first_read_selects_what_the_bank_selects(read: FirstRead, bank_file: Path,
                                                      filters: dict[str, object]) -> None:
    database = open_database(bank_file)
    try:
        bank = Bank(database)
        assert read.bank.ids(**filters) == bank.ids(**filters)  # type: ignore[arg-type]
        assert read.bank.count(**filters) == bank.count(**filters)  # type: ignore[arg-type]
        for seed in range(3):
            exclude = set(bank.ids()[:: seed + 2])
            assert read.bank.draw(random.Random(seed), exclude=exclude, **filters) == bank.draw(  # type: ignore[arg-type]
                random.Random(seed), exclude=exclude, **filters)  # type: ignore[arg-type]
    finally:
        database.close()


def test_an_item_read_is_re_scored_and_equal_to_the_stored_one(read: FirstRead,
                                                                bank_file: Path) -> None:
    database = open_database(bank_file)
    try:
        bank = Bank(database)
        for item_id in bank.ids()[::7]:
            assert read.bank.get(item_id) == bank.get(item_id)
    finally:
        database.close()
    with pytest.raises(StoreNotOpenError):
        read.bank.get(10**9)
    with pytest.raises(UnknownTopicError):
        read.bank.ids(topic="no:such_topic")


def test_an_item_whose_stored_answer_is_wrong_is_skipped_as_the_bank_skips_it(
        tmp_path: Path, bank_file: Path) -> None:
    path = tmp_path / "bad.db"
    path.write_bytes(bank_file.read_bytes())
    with sqlite3.connect(path) as c:
        c.execute("UPDATE bank_items SET answer = json_set(answer, '$.fu', 999)")
    found = first_read(str(path), "ann")
    assert found is not None
    try:
        assert found.bank.draw(random.Random(1)) is None
        assert len(found.bank.refused) == 20 and "disagrees with scoring" in found.bank.refused[0]
    finally:
        found.bank.close()


def test_a_closed_bank_refuses_to_draw(read: FirstRead) -> None:
    read.bank.close()
    with pytest.raises(StoreNotOpenError):
        read.bank.draw(random.Random(1))


def test_the_only_learner_is_found_without_a_name(tmp_path: Path) -> None:
    path = tmp_path / "one.db"
    database = open_database(path)
    try:
        Learners(database).get_or_create("Bo")
    finally:
        database.close()
    found = first_read(str(path), None)
    assert found is not None and found.learner.name == "Bo"
    found.bank.close()
    assert first_read(f"sqlite:///{path}", "  Bo ") is not None  # a URL and a name as typed


def test_the_head_is_the_alembic_head() -> None:
    """The first read accepts only a database at the migrations' head: the same head
    Alembic finds (so a new migration makes older files take the normal path)."""
    from alembic.script import ScriptDirectory

    alembic_heads = set(ScriptDirectory.from_config(alembic_config(MIGRATIONS_DIR)).get_heads())
    assert set(read_scripts(MIGRATIONS_DIR).heads) == alembic_heads


# -- anything unusual: None, and the app takes the normal path


def copy_of(bank_file: Path, tmp_path: Path) -> Path:
    path = tmp_path / "copy.db"
    path.write_bytes(bank_file.read_bytes())
    return path


def test_targets_that_are_not_a_plain_sqlite_file(tmp_path: Path) -> None:
    for target in (":memory:", "sqlite://", "postgresql://u@h/db", "mysql://h/db",
                   f"sqlite:///{tmp_path}/x.db?mode=ro", "  ", f"sqlite+pysqlite:///{tmp_path}/x"):
        assert sqlite_file(target) is None, target
        assert first_read(target, "ann") is None, target
    assert sqlite_file(str(tmp_path / "x.db")) == (tmp_path / "x.db").resolve()
    assert first_read(str(tmp_path / "missing.db"), "ann") is None
    assert not (tmp_path / "missing.db").exists(), "the first read never creates a file"


def test_a_schema_not_at_the_head_takes_the_normal_path(bank_file: Path, tmp_path: Path) -> None:
    path = copy_of(bank_file, tmp_path)
    with sqlite3.connect(path) as c:
        c.execute("UPDATE alembic_version SET version_num = '0001_initial'")
    assert first_read(str(path), "ann") is None
    with sqlite3.connect(path) as c:
        head = sorted(read_scripts().heads)[0]
        c.execute("UPDATE alembic_version SET version_num = ?", (head,))
        c.execute("INSERT INTO alembic_version VALUES ('0001_initial')")
    assert first_read(str(path), "ann") is None, "two revision rows"
    with sqlite3.connect(path) as c:
        c.execute("DROP TABLE alembic_version")
    assert first_read(str(path), "ann") is None


def test_a_file_that_is_not_a_database_takes_the_normal_path(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("not a database")
    assert first_read(str(path), "ann") is None


def test_learners_not_found_or_not_chosen_take_the_normal_path(bank_file: Path,
                                                               tmp_path: Path) -> None:
    assert first_read(str(bank_file), "nobody") is None
    path = copy_of(bank_file, tmp_path)
    database = open_database(path)
    try:
        Learners(database).get_or_create("Bo")
    finally:
        database.close()
    assert first_read(str(path), None) is None, "two learners and no --learner"
    found = first_read(str(path), "Bo")
    assert found is not None and found.learner.name == "Bo"
    found.bank.close()


def test_a_locked_database_takes_the_normal_path(bank_file: Path, tmp_path: Path) -> None:
    path = copy_of(bank_file, tmp_path)
    holder = sqlite3.connect(path)
    try:
        holder.execute("PRAGMA locking_mode=EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("UPDATE learners SET name = name")
        assert first_read(str(path), "ann", busy_seconds=0.05) is None
    finally:
        holder.rollback()
        holder.close()
    found = first_read(str(path), "ann")
    assert found is not None
    found.bank.close()


def test_a_bank_on_a_closed_connection_is_not_used(tmp_path: Path) -> None:
    connection = sqlite3.connect(":memory:")
    bank = ReadOnlyBank(connection)
    with pytest.raises(StoreNotOpenError):
        bank.count()  # no tables: the first read stops, the store is needed
    bank.close()
    bank.close()  # twice is fine
