"""Bad input: one clear line, nothing half-done, the other files go on."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from data.bank.repository import Bank
from data.db.database import Database
from data.gamelog.importer import Outcome, import_log, import_logs
from tests.gamelog.conftest import table_counts

PAO = "mjlog/pao_tsumo.xml"


def _refused_alone(database: Database, data: bytes, origin: str = "x.log") -> str:
    before = table_counts(database)
    report = import_log(database, data, origin=origin, name=origin)
    assert report.outcome is Outcome.REFUSED
    assert table_counts(database) == before
    assert "\n" not in report.reason and report.reason.startswith(f"{origin}: refused: ")
    return report.reason


def test_a_three_player_game_is_refused(logs: Path, database: Database) -> None:
    path = logs / "refuse" / "2020010120gm-00b9-0000-8da0e6cb.txt"
    reason = _refused_alone(database, path.read_bytes(), path.name)
    assert "3-player" in reason


def test_a_simulator_log_is_refused(logs: Path, database: Database) -> None:
    path = logs / "refuse" / "25.txt"
    reason = _refused_alone(database, path.read_bytes(), path.name)
    assert "not a game server's log" in reason and "13" in reason


def test_a_simulated_seed_is_refused_even_with_whole_hands(logs: Path, database: Database) -> None:
    text = (logs / PAO).read_text(encoding="utf-8")
    faked = re.sub(r'<SHUFFLE\s+seed="[^"]*"', '<SHUFFLE seed="0.25"', text)
    assert "bot" in _refused_alone(database, faked.encode())


def test_a_truncated_file_is_refused(logs: Path, database: Database) -> None:
    for name in (PAO, "tenhou6/pao_tsumo.json", "mjai/tenhou_4p_ranked_excerpt.jsonl"):
        data = (logs / name).read_bytes()
        reason = _refused_alone(database, data[: len(data) * 2 // 3])
        assert "truncated" in reason or "malformed" in reason, reason
    gz = gzip.compress((logs / PAO).read_bytes())
    assert "gzip" in _refused_alone(database, gz[: len(gz) // 2])


def test_a_malformed_play_is_refused(logs: Path, database: Database) -> None:
    text = (logs / PAO).read_text(encoding="utf-8")
    broken = text.replace("<D", "<E", 1)  # the dealer's first discard made by seat 1
    reason = _refused_alone(database, broken.encode())
    assert "cannot be followed" in reason or "not the one its play gives" in reason


def test_an_unknown_format_is_refused(database: Database) -> None:
    for data in (b"hello", b'{"a": 1}', b"\x00\x01\x02\xff", b'[1, 2, 3]'):
        assert "not a game log" in _refused_alone(database, data)


def test_a_disagreeing_win_is_reported_and_not_imported(logs: Path, database: Database) -> None:
    text = (logs / PAO).read_text(encoding="utf-8")
    # the first win (a 30 fu 4 han dealer tsumo paid 11700) is said to have paid 12000
    changed = text.replace('ten="30,11700,0"', 'ten="30,12000,0"')
    assert changed != text
    report = import_log(database, changed.encode(), origin="pao.xml", name="pao.xml")
    assert report.outcome is Outcome.IMPORTED and report.added == 1
    (win,) = report.disagreements
    line = win.english()
    assert line.startswith("seed-425cc21ca851d4c5/E1-0/w0: ")
    assert "12000" in line and "11700" in line
    assert Bank(database).count(kind="game") == 1


def test_importing_twice_adds_nothing(logs: Path, database: Database) -> None:
    first = import_logs(database, [logs / "mjlog"])
    before = table_counts(database)
    again = import_logs(database, [logs / "mjlog"])
    assert table_counts(database) == before
    assert first.imported == 80 and again.imported == 0
    assert {f.outcome for f in again.files} == {Outcome.ALREADY}
    assert "already imported" in again.files[0].line()


def test_gzip_and_any_file_name(logs: Path, database: Database) -> None:
    data = gzip.compress((logs / PAO).read_bytes())
    report = import_log(database, data, origin="download.bin", name="download.bin")
    assert report.outcome is Outcome.IMPORTED and report.added == 2


def test_other_files_go_on_after_a_refusal(logs: Path, database: Database, tmp_path: Path) -> None:
    bad = tmp_path / "bad.mjlog"
    bad.write_bytes(b"<mjloggm ver='2.3'>")
    summary = import_logs(database, [bad, logs / PAO, logs / "refuse"])
    assert [f.outcome for f in summary.files] == [
        Outcome.REFUSED, Outcome.IMPORTED, Outcome.REFUSED, Outcome.REFUSED,
    ]  # fmt: skip
    assert summary.imported == 2
    assert "2 wins imported" in summary.line() and "3 refused" in summary.line()


def test_three_player_games_in_the_other_formats_are_refused(
    logs: Path, database: Database
) -> None:
    import json

    game = json.loads((logs / "tenhou6" / "chankan.json").read_text(encoding="utf-8"))
    game["name"] = game["name"][:3]
    assert "3-player" in _refused_alone(database, json.dumps(game).encode())
    lines = (logs / "mjai" / "tenhou_4p_ranked_excerpt.jsonl").read_text(encoding="utf-8")
    first, rest = lines.split("\n", 1)
    start = json.loads(first)
    start["names"] = start["names"][:3]
    assert "3-player" in _refused_alone(database, (json.dumps(start) + "\n" + rest).encode())
