"""A teacher's set made from a lesson (``class new --lesson``) and each student's place."""

from __future__ import annotations

from pathlib import Path

import pytest

from data.classroom import PartResult, open_classroom
from quiz.__main__ import main
from tests.support.databases import build_bank

pytestmark = pytest.mark.slow


def test_a_lesson_set_asks_its_parts_and_the_results_show_each_students_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    build_bank(url)
    pw = tmp_path / "pw"
    pw.write_text("tile wall 99\n", "utf-8")
    code = main(["--db", url, "class", "new", "Fu sets", "--lesson", "fu-sets", "--count", "12",
                 "--seed", "3", "--password-file", str(pw)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "asks fu;" in out and "fu:open_triplet_simples" in out
    c = open_classroom(url)
    try:
        record = c.get_set("Fu sets")
        assert record.options.parts == ("fu",) and record.selection["lesson"] == "fu-sets"
        ann, bob = c.join("Fu sets", "Ann"), c.join("Fu sets", "Bob")
        for pos in range(10):
            c.record_answer(ann.enrolment_id, pos, [PartResult("fu", "40", "40", True)],
                            seconds=9.0)
        for pos, right in enumerate((True, False, True, False)):
            c.record_answer(bob.enrolment_id, pos,
                            [PartResult("fu", "40" if right else "30", "40", right)],
                            concepts=() if right else ["fu:open_triplet_simples"], seconds=20.0)
    finally:
        c.close()
    code = main(["--db", url, "class", "results", "Fu sets", "--password-file", str(pw)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Place on the path: lesson 3 · Fu: triplets and quads (the gate: 9 of 10 right, " \
           "median within 35 s)" in " ".join(out.split())  # wrapped at 80 columns
    lines = out.splitlines()
    assert any(line.startswith("  Ann") and "mastered · 10 of the last 10 right, median 9 s"
               in line for line in lines), out
    assert any(line.startswith("  Bob") and "in progress · 2 of the last 4 right, median 20 s"
               in line for line in lines), out


def test_an_unknown_lesson_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pw = tmp_path / "pw"
    pw.write_text("tile wall 99\n", "utf-8")
    code = main(["--db", f"sqlite:///{tmp_path / 'x.db'}", "class", "new", "X", "--lesson",
                 "nope", "--password-file", str(pw)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and err[0].startswith("riichi-drill: no lesson 'nope'")
