"""``riichi-drill class ...``: the teacher's commands and their one-line errors.

Each bad input (a wrong teacher password, a student name already taken, a
set file with unknown items, a database that cannot be reached) ends with one
line ``riichi-drill: ...`` on standard error, exit status 2, and nothing changed.
"""

from __future__ import annotations

import csv
import json
import tempfile
from pathlib import Path

import pytest

from data.classroom import Classroom, PartResult, open_classroom
from quiz.__main__ import main
from quiz.cli.classroom import parse_duration
from tests.support.databases import table_counts

_FOLDER = Path(tempfile.mkdtemp(prefix="riichi-pw-"))
#: Files holding the teacher's password (never on the command line) and a wrong one.
PW = str(_FOLDER / "pw")
NOPE = str(_FOLDER / "nope")
OTHER = str(_FOLDER / "other")
Path(OTHER).write_text("other club pw\n", "utf-8")
Path(PW).write_text("tile wall 99\n", "utf-8")
Path(NOPE).write_text("nope\n", "utf-8")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("riichi-drill: ")
    return lines[0]


@pytest.fixture
def url(make_classroom) -> str:  # type: ignore[no-untyped-def]
    c: Classroom = make_classroom()
    return c.db.engine.url.render_as_string(hide_password=False)


def test_new_list_results_export_import_delete(
    url: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "--db", url, "class", "new", "Club 1", "--count", "4",
                         "--seed", "12", "--ask", "fu,han,payment", "--time-per-question",
                         "1:30", "--explain", "during", "--password-file", PW)
    assert code == 0, err
    assert out.startswith("Practice set 'Club 1': 4 questions (drawn with seed 12), tenhou rules, "
                          "asks fu, han, payment; explanations during; 1:30 per question.")
    code, out, _ = run(capsys, "class", "list", "--db", url)  # --db after the sub-command
    assert code == 0 and out.startswith("Club 1") and "4 questions" in out

    c = open_classroom(url)
    try:
        questions = c.questions("Club 1")
        ann = c.join("Club 1", "Ann")
        ann_code = ann.code or ""
        for pos in range(2):
            c.record_answer(ann.enrolment_id, pos, [PartResult("fu", "20", "30", False)],
                            concepts=["fu:closed_ron"], seconds=9.0)
    finally:
        c.close()

    csv_path = tmp_path / "results.csv"
    code, out, err = run(capsys, "--db", url, "class", "results", "Club 1", "--password-file", PW,
                         "--csv", str(csv_path))
    assert code == 0, err
    assert "Class score 0% · 0 of 4 questions fully right (2 not answered yet)" in out
    assert "Ann" in out and "2/4" in out
    assert "1. Closed ron +10: missed 2 times by 1 student" in out
    assert f"go over question 1 ({questions[0].item.uid}, missed by 1): " in out
    assert all(len(line) <= 80 for line in out.splitlines()), out
    assert "fu 20 ✗ (30)" in out
    rows = list(csv.DictReader(csv_path.open(encoding="utf-8")))
    assert [r["question"] for r in rows] == ["1", "2"] and rows[0]["student"] == "Ann"

    # a student's own results, with the code and no password
    code, out, _ = run(capsys, "--db", url, "class", "results", "Club 1", "--student", "Ann",
                       "--code", ann_code)
    assert code == 0 and "Ann: 0 of 4 questions fully right" in out

    path = tmp_path / "club1.json"
    code, out, err = run(capsys, "--db", url, "class", "export", "Club 1", str(path),
                         "--password-file", PW)
    assert code == 0, err
    assert json.loads(path.read_text("utf-8"))["name"] == "Club 1"
    code, out, err = run(capsys, "--db", url, "class", "import", str(path), "--name", "Club 2",
                         "--password-file", OTHER)
    assert code == 0, err
    assert out.strip() == f"Imported practice set 'Club 2' (4 questions) from {path}"
    code, out, err = run(capsys, "--db", url, "class", "delete", "Club 2", "--password-file", OTHER)
    assert code == 0 and out.strip() == "Deleted practice set 'Club 2'"


def test_bad_input_is_one_line_and_changes_nothing(
    url: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("RIICHI_DRILL_TEACHER_PASSWORD", raising=False)
    assert run(capsys, "--db", url, "class", "new", "S", "--count", "3",
               "--password-file", PW)[0] == 0
    c = open_classroom(url)
    try:
        c.join("S", "Ann")
        before = table_counts(c)

        checks = [
            (("class", "results", "S", "--password-file", NOPE),
             "riichi-drill: wrong teacher password for practice set 'S'"),
            (("class", "export", "S", str(tmp_path / "x.json"), "--password-file", NOPE),
             "riichi-drill: wrong teacher password for practice set 'S'"),
            (("class", "delete", "S", "--password-file", NOPE),
             "riichi-drill: wrong teacher password for practice set 'S'"),
            (("class", "new", "S", "--count", "2", "--password-file", PW),
             "riichi-drill: a practice set named 'S' already exists"),
            (("class", "join", "S", "--student", "Ann"),
             "riichi-drill: student name 'Ann' is already taken in practice set 'S'; "
             "to resume, give the code you were shown when you joined"),
            (("class", "join", "S", "--student", "Ann", "--code", "99999-99999"),
             "riichi-drill: student name 'Ann' is already taken in practice set 'S' "
             "(wrong code to resume)"),
            (("class", "join", "Nope", "--student", "Bo"),
             "riichi-drill: no practice set named 'Nope'"),
            (("class", "new", "T", "--items", "g-nope", "--password-file", PW),
             "riichi-drill: the bank has no item 'g-nope'"),
            (("class", "results", "S", "--student", "Ann", "--code", "0000"),
             "riichi-drill: no student 'Ann' with that code in practice set 'S'"),
            (("class", "results", "S"),
             "riichi-drill: the teacher password is needed: set "
             "RIICHI_DRILL_TEACHER_PASSWORD or give --password-file"),
            (("class", "results", "S", "--password-file", str(tmp_path / "none")),
             f"riichi-drill: cannot read the password file '{tmp_path / 'none'}': "
             "No such file or directory"),
        ]
        for argv, message in checks:
            code, _, err = run(capsys, "--db", url, *argv)
            assert code == 2, argv
            assert one_line_error(err) == message
        assert c.export_set("S", "tile wall 99", tmp_path / "s.json") == 3
        doc = json.loads((tmp_path / "s.json").read_text("utf-8"))
        doc["items"][0]["id"] = "g-unknown-here"
        (tmp_path / "s.json").write_text(json.dumps(doc), "utf-8")
        code, _, err = run(capsys, "--db", url, "class", "import", str(tmp_path / "s.json"),
                           "--name", "U", "--password-file", PW)
        assert code == 2
        assert one_line_error(err) == (
            f"riichi-drill: set file '{tmp_path / 's.json'}': this bank has no item "
            "'g-unknown-here'; nothing was imported")
        assert table_counts(c) == before
    finally:
        c.close()


@pytest.mark.parametrize(
    ("db", "message"),
    [
        ("postgresql://riichi@127.0.0.1:1/nope",
         "riichi-drill: cannot open the database 'postgresql+psycopg://riichi@127.0.0.1:1/nope"),
        ("postgresql://riichi:secret@nohost.invalid/db",
         "riichi-drill: cannot open the database 'postgresql+psycopg://riichi:***@nohost.invalid"
         "/db"),
        ("{tmp}/no/such/folder/x.db",
         "riichi-drill: cannot create the database '{tmp}/no/such/folder/x.db': its folder "
         "does not exist"),
    ],
)
@pytest.mark.parametrize("command", [("class", "list"), ("class", "join", "S", "--student", "A"),
                                     ("serve", "--port", "8999")])
def test_a_database_that_cannot_be_reached(
    db: str, message: str, command: tuple[str, ...], capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    code, out, err = run(capsys, "--db", db.format(tmp=tmp_path), *command)
    assert code == 2 and out == ""
    assert one_line_error(err).startswith(message.format(tmp=tmp_path))
    assert not (tmp_path / "no").exists()


def test_argument_errors() -> None:
    assert [parse_duration(t) for t in ("45", "2m", "1:05", "1h2m3s")] == [45, 120, 65, 3723]
    for bad in ("", "soon", "0", "1:75"):
        with pytest.raises(ValueError, match="time"):
            parse_duration(bad)
