"""Bad bank files: each refused with a message naming the file, the item and the problem,
and a refused import leaves the database as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from data.curated import load_curated, load_file
from data.db import Database
from data.errors import (
    AnswerMismatchError,
    DuplicateItemError,
    ItemError,
    ItemFormatError,
    ItemTopicError,
    UnknownProfileError,
)
from data.generate import HandGenerator
from data.repository import Bank


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
