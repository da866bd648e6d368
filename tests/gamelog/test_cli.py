"""The commands: ``bank import-log``, the drill's ``--player`` and ``--from-log``, ``class new``."""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

import pytest

from data.db.schema import open_database
from data.gamelog.wins import Role, player_wins
from quiz.__main__ import build_parser, main
from quiz.launch import log_items
from tests.gamelog.conftest import table_counts

GAME = "2014123118gm-0029-0000-4700b218"
MJLOG = f"mjlog/{GAME}&tw=0.mjlog"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_import_log_reports_every_file_and_the_totals(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "cli.db")
    code, out, _ = run(capsys, "bank", "import-log", str(logs / "mjlog"), str(logs / "refuse"),
                       "--db", db)  # fmt: skip
    lines = out.splitlines()
    assert code == 1  # two files refused
    assert f"{GAME}&tw=0.mjlog: game {GAME}: 13 wins imported" in lines
    assert "25.txt: refused: not a game server's log" in out
    assert "refused: a 3-player game (sanma)" in out
    assert lines[-1].startswith("80 wins imported, 0 already in the bank, 0 refused")
    code, out, _ = run(capsys, "--db", db, "bank", "import-log", str(logs / "mjlog"))
    assert code == 0 and "80 wins" not in out and out.count("already imported on") == 12
    code, out, _ = run(capsys, "--db", db, "bank", "list", "--kind", "game", "--limit", "1")
    assert "80 items" in out


def test_import_log_reads_standard_input(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = (logs / "tenhou6" / "suukantsu_1.json").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, _ = run(capsys, "bank", "import-log", "-", "--db", str(tmp_path / "s.db"))
    assert code == 0
    assert out.splitlines()[0] == "-: game 2020020316gm-0001-0000-7b22ddf5: 3 wins imported"


def test_an_unknown_profile_is_one_line(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "bank", "import-log", str(logs / "mjai"), "--rules", "nope",
                       "--db", str(tmp_path / "x.db"))  # fmt: skip
    assert code == 2 and err.strip().startswith("riichi-drill: unknown rule profile 'nope'")


def test_the_drill_draws_one_players_hands(logs: Path, tmp_path: Path) -> None:
    db_path = str(tmp_path / "p.db")
    assert main(["--db", db_path, "bank", "import-log", str(logs / MJLOG)]) == 0
    database = open_database(db_path)
    try:
        won = player_wins(database, "あずれ＠羽生オタ", Role.WON)
        paid = player_wins(database, "あずれ＠羽生オタ", Role.PAID)
        both = player_wins(database, "あずれ＠羽生オタ")
    finally:
        database.close()
    assert won and paid and set(both) == set(won) | set(paid)
    assert all(uid.startswith(GAME) and uid.endswith("/w2") for uid in won)
    parser = build_parser()
    args = parser.parse_args(["--db", db_path, "--player", "あずれ＠羽生オタ",
                              "--player-role", "won"])  # fmt: skip
    assert sorted(log_items(args) or []) == sorted(won)
    args = parser.parse_args(["--db", db_path, "--from-log", f"{GAME}&tw=0.mjlog"])
    in_order = log_items(args)
    assert in_order is not None and len(in_order) == 13 and in_order[0] == f"{GAME}/E1-0/w0"
    assert log_items(argparse.Namespace(player=None, from_log=None)) is None


def test_the_drill_says_when_no_hand_matches(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = str(tmp_path / "n.db")
    assert main(["--db", db_path, "bank", "import-log", str(logs / MJLOG)]) == 0
    capsys.readouterr()
    code, _, err = run(capsys, "--db", db_path, "--player", "nobody")
    assert code == 2 and "no imported hand won or dealt into by a player named 'nobody'" in err
    code, _, err = run(capsys, "--db", db_path, "--from-log", "other.mjlog")
    assert code == 2 and "no imported game log 'other.mjlog'" in err


def test_class_new_from_log_asks_the_game_in_order(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RIICHI_DRILL_TEACHER_PASSWORD", "tile wall 99")
    db_path = str(tmp_path / "c.db")
    code, out, _ = run(capsys, "class", "new", "Club", "--from-log", str(logs / MJLOG),
                       "--db", db_path)  # fmt: skip
    assert code == 0 and "13 wins imported" in out and "13 questions" in out
    from data.classroom import open_classroom

    classroom = open_classroom(db_path)
    try:
        uids = [q.item.uid for q in classroom.questions("Club")]
    finally:
        classroom.close()
    assert uids[0] == f"{GAME}/E1-0/w0" and uids[-1] == f"{GAME}/S3-2/w2" and len(uids) == 13
    database = open_database(db_path)
    before = table_counts(database)
    database.close()
    code, _, err = run(capsys, "class", "new", "Bad", "--from-log",
                       str(logs / "refuse" / "25.txt"), "--db", db_path)  # fmt: skip
    assert code == 2 and "25.txt: refused: not a game server's log" in err
    database = open_database(db_path)
    assert table_counts(database) == before
    database.close()
