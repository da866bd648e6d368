"""JSON lines: an export imported into a new database gives the same bank."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from data.bank.build import ensure_bank
from data.bank.exchange import read_file
from data.bank.repository import Bank
from data.db.database import Database
from data.db.schema import open_database
from quiz.__main__ import main


def _bank_content(database: Database) -> list[tuple]:
    bank = Bank(database)
    out = []
    for s in bank.find():
        item = bank.get(s.uid)
        out.append(
            (
                item.uid,
                item.kind,
                item.problem,
                item.answer,
                item.topics,
                item.focus,
                item.difficulty,
                item.source,
                item.note,
            )
        )
    return out


@pytest.mark.slow
def test_export_then_import_gives_the_same_bank(tmp_path: Path) -> None:
    first = open_database(tmp_path / "a.db")
    second = open_database(tmp_path / "b.db")
    try:
        ensure_bank(first, generated=40)
        Bank(first).generate(5, seed=3, topic="yaku:sankantsu")
        out = tmp_path / "bank.jsonl"
        n = Bank(first).export_file(out)
        assert n == Bank(first).count()
        report = Bank(second).import_file(out)
        assert report.added == n and report.updated == report.unchanged == 0
        assert _bank_content(second) == _bank_content(first)
        again = Bank(second).import_file(out)
        assert again.unchanged == n and again.added == 0
    finally:
        first.close()
        second.close()


def test_export_lines_are_batch_input_plus_answer(tmp_path: Path, database: Database) -> None:
    ensure_bank(database, generated=5)
    out = tmp_path / "bank.jsonl"
    Bank(database).export_file(out)
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    line = next(x for x in lines if x["id"] == "seed000-saki-110fu")
    assert line["hand"] == "111m678s22z" and line["melds"] == ["ankan 1111p", "ankan 6666z"]
    assert line["answer"]["fu"] == 110 and line["answer"]["payment"] == {"ron": 3600}
    assert line["answer"]["id"] == "seed000-saki-110fu"
    assert line["kind"] == "curated" and "fu:ron_triplet" in line["topics"]
    assert "110" in line["note"]
    # the problem fields alone score with the batch interface
    from scoring import score_record

    fields = {
        k: v
        for k, v in line.items()
        if k not in ("answer", "topics", "focus", "kind", "difficulty", "source", "note")
    }
    assert score_record(fields) == line["answer"]
    assert len(read_file(out)) == len(lines)


@pytest.mark.slow
def test_cli_export_then_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b, out = tmp_path / "a.db", tmp_path / "b.db", tmp_path / "out.jsonl"
    assert main(["--db", str(a), "bank", "build", "--generated", "12"]) == 0
    assert main(["bank", "export", str(out), "--db", str(a)]) == 0
    assert main(["bank", "import", str(out), "--db", str(b)]) == 0
    captured = capsys.readouterr().out
    assert "items written to" in captured and "added" in captured
    da, db_ = open_database(a), open_database(b)
    try:
        assert _bank_content(da) == _bank_content(db_)
    finally:
        da.close()
        db_.close()
