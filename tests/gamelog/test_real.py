"""The real logs of ``../shared/logs``: every win imported as the oracle and the server say."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from data.bank.items import read_problem
from data.bank.repository import Bank
from data.db.database import Database
from data.gamelog.detect import read_log
from data.gamelog.importer import Outcome, import_logs
from tests.support.oracles.compare import differences
from tests.support.oracles.real_games import oracle_by_id


def _index(logs: Path) -> list[dict[str, object]]:
    return list(json.loads((logs / "index.json").read_text(encoding="utf-8")))


@pytest.mark.slow
def test_every_mjlog_win_imports_as_its_oracle_record(logs: Path, database: Database) -> None:
    oracle = oracle_by_id()  # skips without the oracle
    summary = import_logs(database, [logs / "mjlog"])
    assert [f.outcome for f in summary.files] == [Outcome.IMPORTED] * 12
    assert summary.imported == 80 and summary.refused_wins == 0
    wanted = [w for e in _index(logs) if str(e["file"]).startswith("mjlog/") for w in e["wins"]]  # type: ignore[attr-defined]
    assert len(wanted) == 80
    bank = Bank(database)
    assert sorted(s.uid for s in bank.find(kind="game", limit=None)) == sorted(wanted)
    for uid in wanted:
        row = oracle[uid]
        item = bank.get(uid)
        theirs = read_problem(
            {k: v for k, v in row["input"].items() if k != "id"}, origin="oracle", item=uid
        )
        assert item.problem == theirs, uid
        ours = item.answer.to_record(uid)
        assert differences(ours, row["expected"]) == [], (uid, ours, row["expected"])


def test_the_same_game_from_mjlog_and_tenhou6_gives_the_same_wins(logs: Path) -> None:
    pairs = [
        (e["file"], e["same_game_as"])
        for e in _index(logs)
        if str(e["file"]).startswith("mjlog/") and "same_game_as" in e
    ]
    assert len(pairs) == 3
    for mjlog_name, tenhou6_name in pairs:
        a_path, b_path = logs / str(mjlog_name), logs / str(tenhou6_name)
        a = read_log(a_path.read_bytes(), origin="a", name=a_path.name)
        b = read_log(b_path.read_bytes(), origin="b", name=b_path.name)
        assert [(w.label, w.who, w.source, w.problem) for w in a.wins] == [
            (w.label, w.who, w.source, w.problem) for w in b.wins
        ]
        if a.game.startswith("seed-"):  # the mjlog names no game: its id comes from the seed
            assert b.game == "2015010313gm-0009-0000-21763319"
        else:
            assert [a.win_id(w) for w in a.wins] == [b.win_id(w) for w in b.wins]


def test_a_game_in_both_formats_is_stored_once(logs: Path, database: Database) -> None:
    first = import_logs(database, [logs / "mjlog" / "2019123123gm-00a9-0000-f4386d0e.xml"])
    second = import_logs(database, [logs / "tenhou6" / "2019123123gm-00a9-0000-f4386d0e.json"])
    assert first.imported == 11
    assert second.imported == 0 and second.skipped == 11
    assert Bank(database).count(kind="game") == 11


def test_tenhou6_mjai_and_mahjong_soul_logs_import_checked(logs: Path, database: Database) -> None:
    summary = import_logs(database, [logs / "tenhou6", logs / "mjai"])
    by_name = {f.origin: f for f in summary.files}
    assert summary.refused_wins == 0
    assert by_name["suukantsu_1.json"].added == 3
    assert by_name["126_204_0_mjai.jsonl"].added == 9
    assert by_name["tenhou_4p_ranked_excerpt.jsonl"].added == 1
    soul = by_name["tensoul_with_same_nicknames.json"]
    assert soul.added == 4
    bank = Bank(database)
    soul_items = [s for s in bank.find(kind="game", limit=None) if s.uid.startswith("240122-")]
    assert {s.problem.rules for s in soul_items} == {"mahjongsoul"}
    chankan = [s for s in bank.find(kind="game", limit=None) if s.problem.chankan]
    assert len(chankan) == 2  # chankan.json and double_kakan_then_chankan.json
    suukantsu = [s for s in bank.find(kind="game", limit=None) if s.uid.startswith("2020020316gm")]
    assert [(s.uid[-7:], s.yakuman) for s in suukantsu] == [
        ("E1-0/w1", 0), ("E2-0/w3", 1), ("E2-0/w0", 0),
    ]  # fmt: skip


def test_double_ron_only_the_first_winner_takes_honba_and_sticks(logs: Path) -> None:
    game = read_log(
        (logs / "tenhou6" / "suukantsu_1.json").read_bytes(), origin="s", name="suukantsu_1.json"
    )
    first, second = [w for w in game.wins if w.label == "E2-0"]
    assert first.problem["sticks"] == 1 and second.problem["sticks"] == 0
    assert (first.who, second.who) == (3, 0)


def test_situations_of_notable_wins(logs: Path) -> None:
    def wins(path: str) -> dict[str, dict[str, object]]:
        game = read_log((logs / path).read_bytes(), origin=path, name=Path(path).name)
        return {game.win_id(w): w.problem for w in game.wins}

    g = wins("mjlog/2014123118gm-0029-0000-4700b218&tw=0.mjlog")
    s11 = g["2014123118gm-0029-0000-4700b218/S1-1/w3"]
    assert s11["rinshan"] is True and "shouminkan 6666z" in s11["melds"]  # type: ignore[operator]
    d = wins("mjlog/2020010114gm-00a9-0000-d589e878.txt")
    assert d["2020010114gm-00a9-0000-d589e878/S3-0/w2"]["rinshan"] is True
    y = wins("mjlog/2010112211gm-00a9-0000-56a320b2&tw=1.mjlog")
    melds = y["2010112211gm-00a9-0000-56a320b2/E2-2/w2"]["melds"]
    assert any(str(m).startswith("ankan") for m in melds)  # type: ignore[attr-defined]
