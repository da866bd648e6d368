"""Bad bank files: each refused with a message naming the file, the item and the problem,
and a refused import leaves the database as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from data.bank.curated import load_curated, load_file
from data.bank.repository import Bank
from data.db.database import Database
from data.errors import (
    AnswerMismatchError,
    DuplicateItemError,
    ItemError,
    ItemFormatError,
    ItemTopicError,
    UnknownProfileError,
)
from data.generate import HandGenerator


def _good_lines(n: int = 3) -> list[dict[str, Any]]:
    return [g.prepared().to_line() for g in HandGenerator(seed=99).hands(n)]


def _write(path: Path, lines: list[Any]) -> Path:
    with path.open("w", encoding="utf-8") as f:
        for line in lines:
            f.write((line if isinstance(line, str) else json.dumps(line)) + "\n")
    return path


def _snapshot(database: Database) -> list[tuple[str, str, int]]:
    return [(s.uid, s.declaration, s.difficulty) for s in Bank(database).find()]


def _bad_wrong_answer(lines: list[dict[str, Any]]) -> tuple[list[Any], str, type, str]:
    lines[1]["answer"]["total"] += 100
    return lines, lines[1]["id"], AnswerMismatchError, "stored answer disagrees with scoring: total"


def _bad_malformed_hand(lines: list[dict[str, Any]]) -> tuple[list[Any], str, type, str]:
    lines[1]["hand"] = lines[1]["hand"] + "8z"
    return lines, lines[1]["id"], ItemFormatError, "malformed hand"


def _bad_incomplete_hand(lines: list[dict[str, Any]]) -> tuple[list[Any], str, type, str]:
    lines[1].update(hand="123456789m1234z5p", win="5p", melds=[])
    return lines, lines[1]["id"], ItemFormatError, "cannot be scored: '123456789m5p1234z'"


def _bad_duplicate_id(lines: list[dict[str, Any]]) -> tuple[list[Any], str, type, str]:
    lines[2]["id"] = lines[0]["id"]
    return lines, lines[0]["id"], DuplicateItemError, "already used on line 1"


def _bad_unknown_profile(lines: list[dict[str, Any]]) -> tuple[list[Any], str, type, str]:
    lines[1]["rules"] = "house"
    return lines, lines[1]["id"], UnknownProfileError, "unknown rule profile 'house'"


def _bad_truncated_line(lines: list[dict[str, Any]]) -> tuple[list[Any], str, type, str]:
    text = json.dumps(lines[2])
    return [*lines[:2], text[: len(text) // 2]], lines[2]["id"], ItemFormatError, "not valid JSON"


def _bad_unknown_field(lines: list[dict[str, Any]]) -> tuple[list[Any], str, type, str]:
    lines[1]["riichii"] = True
    return lines, lines[1]["id"], ItemFormatError, "unknown field 'riichii'"


def _bad_unknown_topic(lines: list[dict[str, Any]]) -> tuple[list[Any], str, type, str]:
    lines[1]["focus"] = ["yaku:nope"]
    return lines, lines[1]["id"], ItemTopicError, "unknown topic 'yaku:nope'"


CASES = {
    "wrong answer": _bad_wrong_answer,
    "malformed hand": _bad_malformed_hand,
    "incomplete hand": _bad_incomplete_hand,
    "duplicate id": _bad_duplicate_id,
    "unknown profile": _bad_unknown_profile,
    "truncated line": _bad_truncated_line,
    "unknown field": _bad_unknown_field,
    "unknown topic": _bad_unknown_topic,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_import_is_refused_and_changes_nothing(
    case: str, database: Database, tmp_path: Path
) -> None:
    bank = Bank(database)
    bank.generate(5, seed=1)
    before = _snapshot(database)
    lines, uid, error, problem = CASES[case](_good_lines())
    path = _write(tmp_path / "bad.jsonl", lines)
    with pytest.raises(error) as info:
        bank.import_file(path)
    message = str(info.value)
    assert message.startswith("bad.jsonl line "), message
    assert f"item '{uid}'" in message
    assert problem in message
    assert "\n" not in message
    assert _snapshot(database) == before


def test_the_cli_prints_one_line_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from quiz.__main__ import main

    lines, uid, _error, _problem = _bad_wrong_answer(_good_lines())
    path = _write(tmp_path / "bad.jsonl", lines)
    db = tmp_path / "cli.db"
    assert main(["--db", str(db), "bank", "import", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("riichi-drill: bad.jsonl line 2: item ")
    assert uid in err and "total" in err and len(err.splitlines()) == 1


def test_a_later_bad_line_refuses_the_earlier_good_ones(database: Database, tmp_path: Path) -> None:
    lines = _good_lines(4)
    lines[3]["answer"]["fu"] = 999
    path = _write(tmp_path / "half.jsonl", lines)
    with pytest.raises(AnswerMismatchError, match=r"half\.jsonl line 4"):
        Bank(database).import_file(path)
    assert Bank(database).count() == 0


# --------------------------------------------------------------------------- curated files

_GOOD_TOML = """
topic = "test"
title = "Test file"

[[item]]
id = "t-one"
hand = "234567m34p456s22z5p"
win = "5p"
riichi = true
seat = "S"
topics = ["fu:seat_wind_pair"]
note = "A seat-wind pair is 2 fu: 20 + 10 + 2 = 32, rounded to 40."
answer = { fu = 40, han = 1, yaku = { riichi = 1 }, declaration = "1300", total = 1300 }
"""


def _toml(tmp_path: Path, text: str, name: str = "test.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "error", "problem"),
    [
        (("fu = 40", "fu = 30"), AnswerMismatchError, "fu 30 stored, 40 scored"),
        (
            ('declaration = "1300"', 'declaration = "1000"'),
            AnswerMismatchError,
            "declaration '1000' stored, '1300' scored",
        ),
        (
            ('hand = "234567m34p456s22z5p"', 'hand = "234567m34p456s22x5p"'),
            ItemFormatError,
            "malformed hand",
        ),
        (
            ('seat = "S"', 'seat = "S"\nrules = "club"'),
            UnknownProfileError,
            "unknown rule profile 'club'",
        ),
        (
            ('"fu:seat_wind_pair"', '"fu:round_wind_pair"'),
            ItemTopicError,
            "does not exercise its topic 'fu:round_wind_pair'",
        ),
        (('note = "A seat', 'nothing = "A seat'), ItemFormatError, "unknown field 'nothing'"),
        (
            ("riichi = true", "riichi = true\nippatsu = 3"),
            ItemFormatError,
            "'ippatsu' must be true or false",
        ),
    ],
)
def test_a_bad_curated_item_is_refused(
    tmp_path: Path, change: tuple[str, str], error: type, problem: str
) -> None:
    path = _toml(tmp_path, _GOOD_TOML.replace(*change))
    with pytest.raises(error) as info:
        load_file(path)
    assert str(info.value).startswith("test.toml: item 't-one': ")
    assert problem in str(info.value)


def test_curated_duplicates_bad_toml_and_missing_notes(tmp_path: Path) -> None:
    assert [i.uid for i in load_file(_toml(tmp_path, _GOOD_TOML))] == ["t-one"]
    twice = _GOOD_TOML + _GOOD_TOML[_GOOD_TOML.index("[[item]]") :]
    with pytest.raises(DuplicateItemError, match=r"test\.toml: item 't-one': the id is used twice"):
        load_file(_toml(tmp_path, twice))
    folder = tmp_path / "two"
    folder.mkdir()
    _toml(folder, _GOOD_TOML, "a.toml")
    _toml(folder, _GOOD_TOML, "b.toml")
    with pytest.raises(
        DuplicateItemError, match=r"b\.toml: item 't-one': .*already used in a\.toml"
    ):
        load_curated(folder)
    with pytest.raises(ItemFormatError, match=r"test\.toml: not valid TOML"):
        load_file(_toml(tmp_path, _GOOD_TOML + "\n[[item]\n"))
    no_note = _GOOD_TOML.replace(
        'note = "A seat-wind pair is 2 fu: 20 + 10 + 2 = 32, rounded to 40."\n', ""
    )
    with pytest.raises(ItemFormatError, match="needs a teaching 'note'"):
        load_file(_toml(tmp_path, no_note))


def test_item_errors_share_one_root() -> None:
    from data.errors import DataError

    for cls in (
        AnswerMismatchError,
        DuplicateItemError,
        ItemFormatError,
        UnknownProfileError,
        ItemTopicError,
    ):
        assert issubclass(cls, ItemError) and issubclass(cls, DataError)


# --------------------------------------------------------------------------- the command line
#
# Each bad input to a ``bank`` command: one line naming the problem, status 2,
# no traceback, no raw escape byte, no long input echoed whole, and the
# database exactly as it was.


def _file_state(path: Path) -> list[Any]:
    """Every row of every table of a SQLite file (what 'unchanged' means)."""
    import sqlite3

    conn = sqlite3.connect(path)
    try:
        names = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        return [(n, sorted(map(repr, conn.execute(f'SELECT * FROM "{n}"')))) for n in names]
    finally:
        conn.close()


@pytest.fixture(scope="module")
def cli_bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small bank on a file (curated items, 5 generated, one item whose id is '5')."""
    from quiz.__main__ import main

    folder = tmp_path_factory.mktemp("cli")
    db = folder / "bank.db"
    assert main(["--db", str(db), "bank", "build", "--generated", "5", "--seed", "3"]) == 0
    line = _good_lines(1)[0]
    line["id"] = line["answer"]["id"] = "5"
    five = _write(folder / "five.jsonl", [line])
    assert main(["--db", str(db), "bank", "import", str(five)]) == 0
    return db


def _escape_id() -> str:
    return json.dumps({"id": "\x1b[31mred\x1b]0;title\x07" + "a" * 10_000, "hand": "5"})


def _long_hand() -> str:
    line = _good_lines(1)[0]
    line["hand"] = "\x1b[2J" + "1" * 10_000 + "m"
    return json.dumps(line)


def _huge_number() -> str:
    text = json.dumps(_good_lines(1)[0])
    return text.replace('"honba": 0', '"honba": ' + "9" * 5000, 1)


#: (name, arguments after 'bank', the file to import or None, a piece of the message)
BAD_CLI = [
    ("nested JSON", ["import", "FILE"], "[" * 200_000, "nested more than 16 deep"),
    ("5,000-digit number", ["import", "FILE"], _huge_number(),
     "a number with 5000 digits (at most 18"),
    ("escape bytes in an id", ["import", "FILE"], _escape_id(), "\\x1b[31mred\\x1b]0;title"),
    ("a 10,000-tile hand", ["import", "FILE"], _long_hand(), "malformed hand '\\x1b[2J111"),
    ("not UTF-8", ["import", "FILE"], b"\xff\xfe{}".decode("latin-1"), "not valid JSON"),
    ("no such file", ["import", "/nonexistent/x.jsonl"], None, "no such file"),
    ("limit too large", ["list", "--limit", str(10**20)], None,
     f"argument --limit: {10**20} is too large"),
    ("offset too large", ["list", "--offset", str(10**20)], None,
     f"argument --offset: {10**20} is too large"),
    ("negative limit", ["list", "--limit", "-3"], None, "argument --limit: -3 is negative"),
    ("limit not a number", ["list", "--limit", "x" * 5000], None, "is not a whole number"),
    ("unknown profile", ["list", "--profile", "nosuch"], None, "unknown rule profile 'nosuch'"),
    ("unknown topic", ["list", "--topic", "yaku:nope"], None, "yaku:nope"),
    ("show a huge number", ["show", str(10**20)], None, f"no bank item '{10**20}'"),
    ("show a huge row", ["show", f"#{10**20}"], None, "is not a stored item number"),
    ("show a long id", ["show", "x" * 10_000], None, "no bank item 'xxxx"),
    ("show escape bytes", ["show", "\x1b[2Jx"], None, "no bank item '\\x1b[2Jx'"),
    ("show a missing id", ["show", "6"], None, "no bank item '6'"),
    ("empty --db", ["list", "--db", ""], None, "the database is empty text"),
    ("read-only database", ["import", "FILE", "--db", "READONLY"], "GOOD", "read-only"),
]


@pytest.mark.parametrize(("args", "content", "expected"), [c[1:] for c in BAD_CLI],
                         ids=[c[0] for c in BAD_CLI])
def test_every_bad_bank_input_gets_one_line(
    cli_bank: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    args: list[str], content: str | None, expected: str,
) -> None:
    from quiz.__main__ import main

    if content == "GOOD":
        line = _good_lines(7)[6]
        line["id"] = line["answer"]["id"] = "brand-new"
        content = json.dumps(line)
    path = tmp_path / "in.jsonl"
    if content is not None:
        path.write_text(content + "\n", encoding="utf-8")
    args = [str(path) if a == "FILE" else a for a in args]
    args = [f"sqlite:///file:{cli_bank}?mode=ro&uri=true" if a == "READONLY" else a
            for a in args]
    before = _file_state(cli_bank)
    capsys.readouterr()
    try:
        status = main(["--db", str(cli_bank), "bank", *args])
    except SystemExit as e:  # argparse refuses its own arguments this way
        status = e.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    message = err.strip().splitlines()[-1] if err.strip() else ""
    assert status == 2, (out, err)
    assert expected in message, message
    assert "Traceback" not in err
    assert "\x1b" not in err and "\x07" not in err
    assert len(message) <= 400
    assert len(err.strip().splitlines()) == 1, err
    assert _file_state(cli_bank) == before


def test_show_5_is_the_item_whose_id_is_5(cli_bank: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from quiz.__main__ import main

    assert main(["--db", str(cli_bank), "bank", "show", "5"]) == 0
    assert capsys.readouterr().out.startswith("5  (")
    assert main(["--db", str(cli_bank), "bank", "show", "#5"]) == 0
    assert not capsys.readouterr().out.startswith("5  (")  # the fifth stored row


def test_two_rows_in_the_schema_version_table_are_named(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    import sqlite3

    from quiz.__main__ import main

    db = tmp_path / "two.db"
    open_database_file = main(["--db", str(db), "bank", "stats"])
    assert open_database_file == 0
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO alembic_version VALUES ('0001_initial')")
    conn.commit()
    conn.close()
    before = _file_state(db)
    capsys.readouterr()
    assert main(["--db", str(db), "bank", "list"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "'alembic_version') holds 2 rows (0001_initial, " in err
    assert _file_state(db) == before


@pytest.mark.slow
def test_a_reader_that_goes_away_ends_the_output_quietly(cli_bank: Path) -> None:
    import os
    import subprocess
    import sys

    from tests.support.paths import ROOT

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        f"'{sys.executable}' -m quiz --db '{cli_bank}' bank export - | head -1; "
        "exit ${PIPESTATUS[0]}", shell=True, executable="/bin/bash", capture_output=True,
        text=True, env=env, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.count("\n") == 1
