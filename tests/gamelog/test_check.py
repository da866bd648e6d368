"""Whole games replayed and every round end settled: ``riichi-drill log check``, and the same
check in ``bank import-log``.

``../shared/logs/settle/`` holds 169 real Tenhou games with every kind of round end and
``index.json``, what the server recorded for each; ``mjlog``, ``tenhou6`` and ``mjai`` hold
the other real logs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from data.gamelog.detect import read_log
from data.gamelog.game import GameLog
from data.gamelog.settling import check_game_ends
from quiz.__main__ import main


def _read(path: Path) -> GameLog:
    """A log read as the readers read it (a 2009 mjlog's seed on its INIT tags included)."""
    return read_log(path.read_bytes(), origin=path.name, name=path.name)


def _index(logs: Path) -> dict[str, list[dict[str, Any]]]:
    index: dict[str, list[dict[str, Any]]] = json.loads(
        (logs / "settle" / "index.json").read_text(encoding="utf-8"))
    return index


@pytest.mark.slow
def test_every_round_end_of_the_settle_games_agrees_with_the_server(logs: Path) -> None:
    index = _index(logs)
    assert len(index) == 169
    agree: dict[str, int] = {}
    total: dict[str, int] = {}
    surprises: list[str] = []
    for name, recorded in sorted(index.items()):
        checked = check_game_ends(_read(logs / "settle" / name))
        assert len(checked.ends) == len(recorded), name
        for ours, theirs in zip(checked.ends, recorded, strict=True):
            assert (ours.seq, ours.label) == (theirs["seq"], theirs["round"]), name
            total[theirs["kind"]] = total.get(theirs["kind"], 0) + 1
            same = (ours.agrees and ours.kind.value == theirs["kind"]
                    and list(ours.ours or ()) == theirs["deltas"]
                    and list(ours.log or ()) == theirs["deltas"])
            if same:
                agree[theirs["kind"]] = agree.get(theirs["kind"], 0) + 1
            else:
                surprises.append(f"{name} {ours.record(checked.game)}")
        if checked.final_agrees is not True:
            surprises.append(f"{name}: final scores {checked.final_ours} / {checked.final_log}")
    assert not surprises, surprises
    assert sum(total.values()) == 1891
    assert total == {"win": 1513, "abortive_draw": 80, "exhaustive_draw": 295, "nagashi": 3}
    assert sum(agree.values()) == 1891  # every round end, and every game's final scores
    assert agree["nagashi"] == 3 and agree["abortive_draw"] == 80
    assert agree["exhaustive_draw"] == 295


@pytest.mark.parametrize("folder", ["mjlog", "tenhou6", "mjai"])
def test_every_round_end_of_the_other_logs_agrees(logs: Path, folder: str) -> None:
    files = sorted(p for p in (logs / folder).iterdir() if p.is_file())
    assert files
    for path in files:
        checked = check_game_ends(read_log(path.read_bytes(), origin=path.name, name=path.name))
        assert checked.ends and all(e.agrees for e in checked.ends), (path.name, [
            e.record(checked.game) for e in checked.disagreeing])
        assert checked.final_agrees is not False, (path.name, checked.final_ours)
        if folder == "mjlog":
            assert checked.final_agrees is True


def test_the_replay_finds_what_the_server_found(logs: Path) -> None:
    """Tenpai from our own replay (the hands the server showed agree), nagashi from the
    discards, the sticks from REACH step 2."""
    game = _read(logs / "settle" / "107.xml")
    assert game.ends is not None
    first = game.ends.rounds[0]
    assert first.drawn is not None and first.drawn.kind.value == "nagashi"
    assert first.nagashi == {1}
    draws = [r for g in ("000.xml", "001.xml", "002.xml")
             for r in _read(logs / "settle" / g).ends.rounds  # type: ignore[union-attr]
             if r.drawn is not None and r.drawn.kind.value == "exhaustive_draw"]
    assert draws and all(r.tenpai == r.drawn.shown for r in draws)  # type: ignore[union-attr]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_log_check_prints_each_round_end_then_a_line_per_file(
    logs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    index = _index(logs)
    files = ["107.xml", "083.xml", "027.xml", "052.xml"]  # nagashi, pao, ron3, reach4
    code, lines, err = _run(capsys, "log", "check", *(str(logs / "settle" / f) for f in files))
    assert code == 0 and not err
    records = [json.loads(line) for line in lines if line.startswith("{")]
    summaries = [line for line in lines if not line.startswith("{")]
    want = [(f, e) for f in files for e in index[f]]
    assert len(records) == len(want)
    for got, (_, theirs) in zip(records, want, strict=True):
        assert list(got) == ["game", "seq", "round", "kind", "deltas", "log", "agree"]
        assert (got["seq"], got["round"], got["kind"], got["deltas"], got["log"],
                got["agree"]) == (theirs["seq"], theirs["round"], theirs["kind"],
                                  theirs["deltas"], theirs["deltas"], True)
    n = len(index["107.xml"])
    assert summaries[0] == (f"107.xml: game {records[0]['game']}: {n} of {n} round ends "
                            "agree with the log; the final scores agree")
    assert len(summaries) == 4


def test_log_check_says_what_disagrees_and_fails(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tampered = tmp_path / "tampered.xml"
    tampered.write_text(_tamper_draw((logs / "settle" / "000.xml").read_text()))
    code, lines, _ = _run(capsys, "log", "check", str(tampered), str(logs / "refuse"))
    assert code == 1
    bad = [json.loads(line) for line in lines if line.startswith("{")
           and not json.loads(line)["agree"]]
    assert [b["round"] for b in bad] == ["E3-6"]
    assert bad[0]["why"].startswith("score changes: the log says [-1000, 3000, -1000, -1000]")
    assert any("refused: not a game server's log" in line for line in lines)
    assert any("a 3-player game (sanma)" in line for line in lines)
    assert any("10 of 11 round ends agree with the log; the final scores agree" in line
               for line in lines)


def _tamper_draw(text: str) -> str:
    """000.xml with its one exhaustive draw recorded as if only seat 1 were tenpai."""
    m = re.search(r'<RYUUKYOKU ba="[^"]*" sc="([^"]*)"', text)
    assert m is not None
    sc = [int(v) for v in m.group(1).split(",")]
    assert sc[1::2] == [-15, 15, 15, -15]
    sc[1::2] = [-10, 30, -10, -10]
    return text.replace(m.group(1), ",".join(map(str, sc)), 1)


def test_log_check_speaks_the_learners_language(
    logs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, _ = _run(capsys, "--lang", "ja", "log", "check", str(logs / "settle" / "107.xml"))
    assert code == 0
    assert lines[-1].endswith("局の終わりのうち" + lines[-1].split("局の終わりのうち")[1])
    assert "牌譜と一致；最終得点も一致" in lines[-1]
    code, lines, err = _run(capsys, "--lang", "uk", "log", "check", "x", "--rules", "nope")
    assert code == 2 and err.count("\n") == 1 and "nope" in err and "Traceback" not in err


def test_import_log_reports_a_round_end_settled_otherwise(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tampered = tmp_path / "tampered.xml"
    tampered.write_text(_tamper_draw((logs / "settle" / "000.xml").read_text()))
    code, lines, _ = _run(capsys, "bank", "import-log", str(tampered),
                          "--db", str(tmp_path / "i.db"))
    assert code == 1
    assert lines[0].endswith("8 wins imported, 1 round end settled otherwise than the log")
    assert lines[1].startswith("  settled otherwise ") and "/E3-6/draw: score changes: " \
        "the log says [-1000, 3000, -1000, -1000], ours [-1500, 1500, 1500, -1500]" in lines[1]
    # the final scores are the log's own: ours follow from our settlements, which still agree
    assert len(lines) == 3
    assert lines[-1].endswith("; 1 round end settled otherwise than the log")


@pytest.mark.parametrize("lang", ["ja", "th", "vi", "uk"])
@pytest.mark.parametrize("argv", [["log", "--help"], ["log", "check", "--help"]])
def test_log_help_is_in_the_language_and_fits_80_columns(
    lang: str, argv: list[str], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from quiz.words.width import display_width
    from tests.words.english_left import english_left

    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit) as done:
        main(["--lang", lang, *argv])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert english_left(out) == [], out
    assert max(display_width(line) for line in out.splitlines()) <= 80, out


def _demo_round() -> list[Any]:
    from data.gamelog import situation as play

    return [play.StartRound(0, 1, 2, ("1z",), play._demo_hands(), dealer=0),
            play.Draw(0, "9p"), play.Discard(0, "9p"),
            play.Draw(1, "1z"), play.Riichi(1), play.Discard(1, "1z")]


def test_a_riichi_discard_ronned_puts_no_stick_down() -> None:
    """A log that says nothing of the sticks (tenhou.net/6): the replay puts one down for a
    riichi whose discard is not ronned, and none for one that is."""
    from data.gamelog import ends
    from data.gamelog import situation as play
    from scoring.settle import RoundEndKind

    ronned = ends.round_ends([*_demo_round(), play.Win(0, 1, play.Recorded())], "x")
    assert ronned.rounds[0].deposits == frozenset() and ronned.rounds[0].sticks == 2
    drawn = ends.round_ends([*_demo_round(), play.Draw(2, "9s"), ends.Drawn(
        RoundEndKind.EXHAUSTIVE_DRAW)], "x")
    record = drawn.rounds[0]
    assert record.deposits == {1} and record.label == "E1-1"
    # seat 0 waits on 1z and 5z; seat 1's 222333444p6666s waits only on the 6s it holds all
    # four of (not tenpai); seat 2 holds 14 tiles. Seats 0 and 1 discarded only 9p and 1z.
    assert record.tenpai == {0} and record.nagashi == {0, 1}


def test_the_readers_name_each_kind_of_draw() -> None:
    from data.gamelog import ends
    from scoring.rules import AbortiveDraw
    from scoring.settle import RoundEndKind

    mj = ends.mjlog_end_events("RYUUKYOKU", {"type": "nm", "sc": "250,-40,250,80,250,-20,250,-20",
                                             "hai1": "1,2"})
    assert mj == [ends.Drawn(RoundEndKind.NAGASHI, None, (-4000, 8000, -2000, -2000),
                             frozenset({1}))]
    assert ends.mjlog_end_events("RYUUKYOKU", {"type": "kan4", "sc": "1,0,1,0,1,0,1,0"}) == [
        ends.Drawn(RoundEndKind.ABORTIVE_DRAW, AbortiveDraw.FOUR_KANS, (0, 0, 0, 0))]
    assert ends.mjlog_end_events("REACH", {"who": "2", "step": "2"}) == [ends.StickDown(2)]
    assert ends.mjlog_end_events("REACH", {"who": "2", "step": "1"}) == []
    final = ends.mjlog_end_events("AGARI", {"owari": "383,18.3,143,-25.7,-28,-52.8,502,60.2"})
    assert final == [ends.GameEnd((38300, 14300, -2800, 50200))]
    assert ends.mjlog_end_events("AGARI", {"owari": ",,,"}) == [ends.GameEnd(None)]
    assert ends.tenhou6_drawn(["流し満貫", [-2000, 8000, -2000, -4000]]) == ends.Drawn(
        RoundEndKind.NAGASHI, None, (-2000, 8000, -2000, -4000))
    assert ends.tenhou6_drawn(["九種九牌"]) == ends.Drawn(
        RoundEndKind.ABORTIVE_DRAW, AbortiveDraw.NINE_TERMINALS, None)
    assert ends.tenhou6_drawn(["全員不聴", [0, 0, 0, 0]]) == ends.Drawn(
        RoundEndKind.EXHAUSTIVE_DRAW, None, (0, 0, 0, 0))
    assert ends.tenhou6_drawn(["和了", [0, 0, 0, 0], [0, 0, 0, ""]]) is None
    assert ends.mjai_end_events({"type": "ryukyoku", "reason": "kyushukyuhai",
                                 "deltas": [0, 0, 0, 0]}) == [ends.Drawn(
        RoundEndKind.ABORTIVE_DRAW, AbortiveDraw.NINE_TERMINALS, (0, 0, 0, 0))]
    assert ends.mjai_end_events({"type": "reach_accepted", "actor": 3}) == [ends.StickDown(3)]
