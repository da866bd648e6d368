"""The round ends of imported games as settlement questions (``--from-log FILE``)."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

import pytest

from data.gamelog.rounds import file_rounds
from quiz.drills import question_for_round
from quiz.grading import Marked, Part, grade
from quiz.launch import log_rounds
from tests.support.paths import SETTLE, need


def _logs(n: int) -> list[Path]:
    return sorted(need(SETTLE, "the shared games to settle").glob("*.xml"))[:n]


def test_a_game_gives_its_draws_and_double_rons_settled_as_the_server_did() -> None:
    from data.gamelog.detect import read_log

    rounds = file_rounds(_logs(12))
    kinds = Counter(r.kind for r in rounds)
    assert kinds["draw"] >= 10 and kinds["double_ron"] >= 1
    for spec in rounds:
        assert spec.source.endswith(tuple(f"-{n}" for n in range(20)))
        q = question_for_round(spec, number=1)
        right = grade(q.key, {Part.SETTLEMENT: q.key.expected_text(Part.SETTLEMENT)})
        assert isinstance(right, Marked) and right.correct
    # each answer is the change the log itself recorded for that round
    path = _logs(1)[0]
    game = read_log(path.read_bytes(), origin=str(path), name=path.name)
    assert game.ends is not None
    logged = {r.label: r.drawn.deltas for r in game.ends.rounds
              if r.drawn is not None and r.drawn.deltas is not None}
    mine = [s for s in file_rounds([path]) if s.kind == "draw"]
    assert mine
    for spec in mine:
        label = spec.source.split()[-1]
        assert tuple(logged[label]) == spec.settle().deltas


def test_from_log_with_a_file_gives_its_rounds(tmp_path: Path) -> None:
    path = _logs(1)[0]
    assert log_rounds(argparse.Namespace(from_log=str(path)))
    db = str(tmp_path / "drill.db")
    assert log_rounds(argparse.Namespace(from_log="some-game-id", db=db)) == []
    bad = tmp_path / "bad.xml"
    bad.write_text("<mjloggm>nope")
    from data.errors import DataError

    with pytest.raises(DataError, match=r"bad\.xml"):
        log_rounds(argparse.Namespace(from_log=str(bad)))


def test_an_imported_game_keeps_its_round_ends_for_the_drill(tmp_path: Path) -> None:
    from data.db.schema import open_database
    from data.gamelog.importer import import_logs
    from data.gamelog.wins import import_rounds

    path = _logs(1)[0]
    db = str(tmp_path / "drill.db")
    database = open_database(db)
    try:
        import_logs(database, [path])
        stored = import_rounds(database, path.name)
    finally:
        database.close()
    assert stored == file_rounds([path])
    assert log_rounds(argparse.Namespace(from_log=path.name, db=db)) == stored
