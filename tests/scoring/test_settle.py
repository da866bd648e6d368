"""Settling a round's end: the golden cases of every profile, the batch form, the teacher's
command, and the refusals.

``tests/golden/settlements.jsonl`` holds one case a line: its batch input, what the
settlement must give, and the source of that answer (rules.md, a real log, a published
example, or the profile's stated choice).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring.errors import SettlementError
from scoring.rules import PROFILES, AbortiveDraw
from scoring.settle import (
    RoundEnd,
    RoundEndKind,
    SettleStepKind,
    Table,
    WinShare,
    render_settlement,
    settle_round,
)
from scoring.settle_batch import settle_line, settle_record

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "settlements.jsonl"
CASES = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines() if line]


def test_the_golden_cases_cover_every_profile_and_kind() -> None:
    for profile in PROFILES:
        kinds = {c["input"]["round_end"] for c in CASES if c["input"]["rules"] == profile}
        assert kinds == {k.value for k in RoundEndKind}, profile
    assert all(c["source"].strip() for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["case"] for c in CASES])
def test_golden_settlement(case: dict[str, Any]) -> None:
    out = settle_line(case["input"])
    expect = case["expect"]
    if "error" in expect:
        assert expect["error"] and expect["error"] in out.get("error", ""), out
        return
    assert "error" not in out, out
    for key, value in expect.items():
        assert out[key] == value, (key, out)
    # what a settlement always keeps: points are conserved, sticks counted
    table_sticks = case["input"].get("sticks", 0)
    assert sum(out["net"]) + 1000 * (out["sticks_left"] - table_sticks) + out["removed"] == 0


def test_a_multiple_ron_is_recorded_win_by_win() -> None:
    out = settle_record({"round_end": "win", "dealer": 0, "honba": 2, "sticks": 1,
                         "riichi": [2], "wins": [{"who": 2, "from": 3, "base": 320},
                                                 {"who": 0, "from": 3, "base": 2000}]})
    assert out["wins"] == [{"who": 0, "deltas": [14600, 0, 0, -12600]},
                           {"who": 2, "deltas": [0, 0, 1300, -1300]}]


def test_the_settlement_says_each_step() -> None:
    s = settle_round(RoundEnd(RoundEndKind.WIN, (WinShare(2, 8000, None, 1, pao=3),)),
                     Table(dealer=0, honba=1, riichi=frozenset({3})))
    assert [step.kind for step in s.steps] == [SettleStepKind.STICK_DOWN, SettleStepKind.PAO,
                                               SettleStepKind.HONBA, SettleStepKind.STICKS]
    text = render_settlement(s)
    assert "North (seat 3) is liable (pao) and pays West (seat 2) 32000" in text
    assert "North (seat 3) pays West (seat 2) 300 for 1 counter (honba)." in text
    assert "West (seat 2): +33300" in text
    assert "North (seat 3): -32300 (and 1000 put down as a riichi stick)" in text


def test_the_noten_split_is_explained() -> None:
    s = settle_round(RoundEnd(RoundEndKind.EXHAUSTIVE_DRAW, tenpai=frozenset({1})),
                     Table(dealer=0, sticks=2))
    text = render_settlement(s)
    assert "1 player tenpai, 3 noten: the 3000 noten payment is split, each noten player " \
           "paying 1000 and each tenpai player receiving 3000." in text
    assert "The 2 riichi sticks stay on the table for the next win." in text


@pytest.mark.parametrize(("record", "says"), [
    ({"round_end": "draw"}, "'round_end' must be one of win, exhaustive_draw"),
    ({"round_end": "win"}, "a win needs at least one winner"),
    ({"round_end": "win", "wins": [{"who": 4, "base": 320}]}, "'who' must be a seat 0-3"),
    ({"round_end": "win", "wins": [{"who": 1, "from": 2, "base": 0}]}, "'base' points"),
    ({"round_end": "win", "wins": [{"who": 1, "from": 2, "base": 320},
                                   {"who": 3, "from": 0, "base": 320}]},
     "several winners must all ron the same discard"),
    ({"round_end": "win", "wins": [{"who": 1, "base": 320}, {"who": 3, "base": 320}]},
     "several winners must all ron the same discard"),
    ({"round_end": "exhaustive_draw", "tenpai": [1, 1]}, "'tenpai' names a seat twice"),
    ({"round_end": "abortive_draw"}, "an abortive draw needs its kind"),
    ({"round_end": "abortive_draw", "abortive": "nine"}, "'abortive' must be one of"),
    ({"round_end": "nagashi"}, "a nagashi mangan needs the seat"),
    ({"round_end": "win", "honba": -1, "wins": [{"who": 1, "base": 320}]},
     "'honba' must be a count"),
    ({"round_end": "win", "wins": [{"who": 1, "base": 320, "pao": 2}]},
     "pao needs a yakuman hand"),
    ({"round_end": "win", "dealer": 0, "wins": [{"who": 1, "from": 2, "hand": {
        "hand": "234567m34p456s22z5p", "win": "5p", "round": "E", "seat": "W"}}]},
     "with the dealer at seat 0 it is S"),
    ({"round_end": "win", "rules": "nope", "wins": [{"who": 1, "base": 320}]},
     "unknown rule profile 'nope'"),
])
def test_a_round_end_that_cannot_be_settled_gets_one_sentence(
        record: dict[str, Any], says: str) -> None:
    out = settle_line({"id": 9, **record})
    assert out["id"] == 9 and says in out["error"], out


def test_settle_round_refuses_what_the_profile_lacks() -> None:
    with pytest.raises(SettlementError, match="no abortive draw kyuushu_kyuuhai"):
        settle_round(RoundEnd(RoundEndKind.ABORTIVE_DRAW,
                              abortive=AbortiveDraw.NINE_TERMINALS), Table(0), PROFILES["wrc"])


def _run(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scoring", *args], input=stdin, text=True,
                          capture_output=True, cwd=ROOT, timeout=60)


def test_the_batch_settles_round_end_lines_among_hands() -> None:
    lines = [
        '{"id":1,"round_end":"exhaustive_draw","dealer":0,"sticks":1,"riichi":[3],'
        '"tenpai":[0,3]}',
        '{"id":2,"hand":"234567m34p456s22z5p","win":"5p","round":"E","seat":"S",'
        '"riichi":true}',
        '{"id":3,"round_end":"nagashi","rules":"wrc","nagashi":[1]}',
    ]
    proc = _run("\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert out[0] == (
        '{"id":1,"round_end":"exhaustive_draw","deltas":[1500,-1500,-1500,1500],'
        '"deposits":[0,0,0,1000],"net":[1500,-1500,-1500,500],"sticks_left":2,"removed":0,'
        '"wins":[],"steps":[{"step":"stick_down","payer":3,"points":1000,"count":1},'
        '{"step":"noten","payer":1,"receiver":0,"points":750},'
        '{"step":"noten","payer":1,"receiver":3,"points":750},'
        '{"step":"noten","payer":2,"receiver":0,"points":750},'
        '{"step":"noten","payer":2,"receiver":3,"points":750},'
        '{"step":"sticks_stay","count":2}]}')
    assert json.loads(out[1])["declaration"] == "1300"
    assert json.loads(out[2]) == {"id": 3, "error": "the wrc rules have no nagashi mangan"}


def test_the_teachers_command_prints_the_settlement() -> None:
    proc = _run("", "settle", '{"round_end":"win","dealer":0,"honba":1,"sticks":1,'
                '"wins":[{"who":1,"from":3,"base":2000},{"who":2,"from":3,"base":320}]}',
                "--rules", "wrc")
    assert proc.returncode == 0, proc.stderr
    assert "South (seat 1) could also ron" not in proc.stdout
    assert "West (seat 2) could also ron, but only the winner nearest North (seat 3)'s " \
           "right is paid (head bump)." in proc.stdout
    assert "South (seat 1): +9300" in proc.stdout
    bad = _run("", "settle", '{"round_end":"chombo","offender":1}')
    assert bad.returncode == 2 and bad.stderr == (
        "python -m scoring settle: the tenhou rules have no chombo\n")
    worse = _run("", "settle", "{nope")
    assert worse.returncode == 2 and "is not JSON" in worse.stderr
    assert "Traceback" not in worse.stderr


def test_the_documented_examples_are_what_the_commands_print() -> None:
    doc = (ROOT / "docs" / "scoring-io.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Round ends"):]
    line_in, line_out = section.split("### Example\n\n```\n", 1)[1].split("\n")[:2]
    proc = _run(line_in + "\n")
    assert proc.stdout == line_out + "\n"
    block = section.split("$ python -m scoring settle '", 1)[1].split("\n```", 1)[0]
    argument, printed = block.split("'\n", 1)
    assert _run("", "settle", argument).stdout == printed + "\n"
