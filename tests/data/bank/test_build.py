"""``bank build``: generated hands in batches, a bound on how many, new hands each run."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from data.bank.items import PreparedItem
from data.bank.repository import Bank
from data.db.database import Database
from data.db.schema import open_database
from data.errors import GeneratorError
from data.generate import MAX_GENERATED, generate_into
from quiz.__main__ import main

ROOT = Path(__file__).resolve().parents[3]


def _generated_uids(database: Database) -> set[str]:
    return {i.uid for i in Bank(database).find(kind="generated")}


def test_hands_are_stored_batch_by_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    import data.generate.hands as hands

    monkeypatch.setattr(hands, "GENERATE_BATCH", 10)
    batches: list[int] = []

    def store(items: Sequence[PreparedItem]) -> tuple[int, int]:
        batches.append(len(items))
        return len(items), len(items)

    assert generate_into(store, 35, seed=3) == 35
    assert batches == [10, 10, 10, 5]


def test_batches_store_the_same_hands_as_one_transaction(monkeypatch: pytest.MonkeyPatch) -> None:
    import data.generate.hands as hands

    whole = open_database(":memory:")
    Bank(whole).generate(12, seed=9)
    assert Bank(whole).generate(30, seed=9) == 30  # the 12 it holds are replaced by new ones
    monkeypatch.setattr(hands, "GENERATE_BATCH", 4)
    batched = open_database(":memory:")
    Bank(batched).generate(12, seed=9)
    assert Bank(batched).generate(30, seed=9) == 30
    assert _generated_uids(whole) == _generated_uids(batched)
    assert len(_generated_uids(whole)) == 42


def test_without_a_seed_each_call_adds_new_hands() -> None:
    db = open_database(":memory:")
    bank = Bank(db)
    assert bank.generate(15) == 15
    assert bank.generate(15) == 15
    assert bank.count(kind="generated") == 30
    seeds = {i.source.split(",")[0] for i in bank.find(kind="generated")}
    assert len(seeds) == 2, seeds


def test_more_than_the_bound_is_refused_before_anything_is_made(tmp_path: Path) -> None:
    db = open_database(tmp_path / "bank.db")
    with pytest.raises(GeneratorError, match=f"at most {MAX_GENERATED:,} generated hands"):
        Bank(db).generate(MAX_GENERATED + 1, seed=1)
    assert Bank(db).count() == 0
    db.close()


def test_bank_build_beyond_the_bound_is_one_line_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bank.db"
    assert main(["--db", str(path), "bank", "build", "--generated", "100000000"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "at most 100,000 generated hands" in err and "100,000,000" in err
    assert not path.exists()


@pytest.mark.slow
def test_bank_build_prints_its_seed_and_a_seed_makes_the_same_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "a.db", tmp_path / "b.db"
    assert main(["--db", str(first), "bank", "build", "--generated", "8"]) == 0
    out = capsys.readouterr().out
    seed = out.split("(seed ")[1].split(")")[0]
    assert main(["--db", str(second), "bank", "build", "--generated", "8", "--seed", seed]) == 0
    a, b = open_database(first), open_database(second)
    try:
        assert _generated_uids(a) == _generated_uids(b) and len(_generated_uids(a)) == 8
    finally:
        a.close()
        b.close()


@pytest.mark.slow
def test_two_builds_at_once_both_add_new_hands(tmp_path: Path) -> None:
    path = tmp_path / "bank.db"
    open_database(path).close()
    command = [sys.executable, "-m", "quiz", "--db", str(path), "bank", "build", "--generated"]
    runs = [
        subprocess.Popen([*command, "40"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outs = [r.communicate(timeout=300)[0] for r in runs]
    assert [r.returncode for r in runs] == [0, 0], outs
    assert all("generated: 40 added" in out for out in outs), outs
    db = open_database(path)
    try:
        assert Bank(db).count(kind="generated") == 80
    finally:
        db.close()
