"""``riichi-drill review --export-csv``: a learner's history as CSV, and one-line errors."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from data.db.schema import open_database
from data.learners import Learners
from data.records import PartResult
from quiz.__main__ import main
from quiz.cli.review import CSV_COLUMNS
from quiz.srs import SrsService, SrsSettings
from tests.support.clock import FakeClock
from tests.support.fake_hands import FakeHands, add_fake_items


@pytest.fixture
def history_db(tmp_path: Path) -> Path:
    """A database file where Ann answered three hands (one wrong) and missed a table cell."""
    path = tmp_path / "drill.db"
    db = open_database(path)
    try:
        ann = Learners(db).get_or_create("Ann").id
        add_fake_items(db, [("fu:closed_ron",), ("yaku:pinfu",), ("yaku:tanyao",)])
        clock = FakeClock()
        svc = SrsService(db, ann, clock=clock, settings=SrsSettings(fuzz=False),
                         hands=FakeHands(db))  # fmt: skip
        for ok in (False, True, True):
            q = svc.next_question()
            assert q is not None
            parts = [PartResult("fu", "30" if ok else "40", "30", ok),
                     PartResult("han", "1", "1", True),
                     PartResult("payment", "1000", "1000", True)]  # fmt: skip
            svc.answer(q, correct=ok, seconds=12.5, parts=parts,
                       concepts=() if ok else ["fu:closed_ron"])  # fmt: skip
            clock.advance(seconds=30)
        from data.srs.records import Cell

        svc.record_drill_answer(cell=Cell(3, 40, dealer=False, tsumo=False), correct=False,
                                seconds=9.0)  # fmt: skip
    finally:
        db.close()
    return path


def _read(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_export_writes_every_answer_and_review(
    history_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ann.csv"
    assert main(["--db", str(history_db), "review", "--export-csv", str(out),
                 "--learner", "Ann"]) == 0  # fmt: skip
    assert "wrote 5 lines of Ann's history" in capsys.readouterr().err
    with open(out, encoding="utf-8") as f:
        assert next(csv.reader(f)) == list(CSV_COLUMNS)
    rows = _read(out)
    sources = [r["source"] for r in rows]
    # three answers with their reviews; the concept noted missed; the table cell
    assert sources.count("answer+review") == 3 and sources.count("review") == 2
    first = rows[0]
    assert first["time_utc"] == "2026-05-11T09:00:00Z" and first["item"] == "f-00000"
    assert (first["fu_given"], first["fu_expected"], first["fu_correct"]) == ("40", "30", "0")
    assert first["concepts_missed"] == "fu:closed_ron"
    assert (first["card_kind"], first["rating"], first["rating_name"]) == ("hand", "1", "again")
    assert first["interval_days"] == f"{round(1 / 1440, 6):g}"  # one minute
    cell = next(r for r in rows if r["card_kind"] == "cell")
    assert cell["card_subject"] == "cell:3h40f:non_dealer:ron" and cell["correct"] == "0"
    assert cell["seconds"] == "9.000"
    right = [r for r in rows if r["source"] == "answer+review" and r["correct"] == "1"]
    assert len(right) == 2 and all(r["rating_name"] == "good" for r in right)


def test_export_to_standard_output_with_the_global_learner_option(
    history_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--db", str(history_db), "--learner", "Ann", "review",
                 "--export-csv", "-"]) == 0  # fmt: skip
    text = capsys.readouterr().out
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 5 and rows[0]["drill"] == "review"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--learner", "Bob"], "no learner named 'Bob' (learners: Ann, Cy)"),
        ([], "there are several learners (Ann, Cy): say which with --learner NAME"),
    ],
)
def test_export_names_the_learner_problem(history_db: Path, tmp_path: Path, args: list[str],
                                          message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    db = open_database(history_db)
    Learners(db).get_or_create("Cy")
    db.close()
    code = main(["--db", str(history_db), "review", "--export-csv",
                 str(tmp_path / "x.csv"), *args])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2 and err == f"riichi-drill: {message}\n"
    assert not (tmp_path / "x.csv").exists()


def test_export_refuses_a_missing_database_and_a_missing_folder(
    history_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nope.db"
    assert main(["--db", str(missing), "review", "--export-csv", "-"]) == 2
    assert capsys.readouterr().err == f"riichi-drill: no database at '{missing}'\n"
    assert not missing.exists(), "no empty database is made by mistake"
    out = tmp_path / "no-such-folder" / "x.csv"
    assert main(["review", "--db", str(history_db), "--export-csv", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"riichi-drill: cannot write '{out}': the folder ")
    assert err.count("\n") == 1


def test_export_of_a_learner_with_no_history_is_just_the_header(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.db"
    db = open_database(path)
    Learners(db).get_or_create("Ann")
    db.close()
    assert main(["--db", str(path), "review", "--export-csv", "-"]) == 0
    assert capsys.readouterr().out.splitlines() == [",".join(CSV_COLUMNS)]
