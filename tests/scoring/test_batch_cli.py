"""``python -m scoring``: JSON lines in, JSON lines out, errors as lines, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.support.paths import ROOT

EXAMPLE = ('{"id":1,"hand":"234567m34p456s22z5p","win":"5p","tsumo":false,"round":"E",'
           '"seat":"S","riichi":true,"rules":"tenhou"}')
EXPECTED = ('{"id":1,"fu":40,"fu_items":[{"item":"base","fu":20},{"item":"closed ron","fu":10},'
            '{"item":"pair of seat wind","fu":2}],"han":1,"yakuman":0,"yaku":[{"name":"riichi",'
            '"han":1}],"limit":null,"base":320,"payment":{"ron":1300},"total":1300,'
            '"declaration":"1300"}')


def run(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scoring", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_example_of_the_spec_exactly() -> None:
    proc = run(EXAMPLE + "\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == EXPECTED + "\n"


def test_bad_lines_give_error_lines_and_the_batch_goes_on() -> None:
    lines = [
        EXAMPLE,
        '{"id":"x","hand":"123m","win":"1m"}',
        '{"id":[1,2],"hand":"234567m34p456s22z5p","win":"5p","seat":"S"}',
        "[1, 2, 3]",
        EXAMPLE.replace('"id":1', '"id":"last"'),
    ]
    proc = run("\n".join(lines) + "\n")
    assert proc.returncode == 0
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [o.get("id") for o in out] == [1, "x", [1, 2], None, "last"]
    assert "needs 14 concealed tiles" in out[1]["error"]
    assert "has no yaku" in out[2]["error"]
    assert "must be a JSON object" in out[3]["error"]
    assert out[4]["total"] == 1300
    assert proc.stderr == ""


def test_a_line_that_is_not_json_sets_exit_status_2() -> None:
    proc = run(EXAMPLE + "\n{not json\n" + EXAMPLE + "\n")
    assert proc.returncode == 2
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 3
    assert out[1]["id"] is None and "line 2 is not JSON" in out[1]["error"]
    assert out[2]["fu"] == 40


def test_explain_command_prints_the_worked_steps() -> None:
    proc = run("", "explain", "234567m34p456s22z5p", "--win", "5p", "--ron", "--seat", "S",
               "--riichi")
    assert proc.returncode == 0, proc.stderr
    assert "pair of seat wind 22z: +2 fu" in proc.stdout
    assert "Fu: 32, rounded up to 40." in proc.stdout
    assert "Base points = 40 x 2^(2+1) = 320." in proc.stdout
    assert 'say "1300"' in proc.stdout


def test_explain_bad_hand_is_one_line() -> None:
    proc = run("", "explain", "234567m34p456s22z", "--win", "5p")
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "needs 14 concealed tiles" in proc.stderr


def test_profiles_command_lists_switches() -> None:
    proc = run("", "profiles")
    assert proc.returncode == 0
    for name in ("tenhou", "mahjongsoul", "ema", "wrc", "mleague", "jpml_a"):
        assert f"{name}:" in proc.stdout
    assert "kiriage = True" in proc.stdout and "double_wind_pair_fu = 2" in proc.stdout


def test_a_line_without_round_or_seat_is_refused_with_a_sentence() -> None:
    hand = '"hand":"234567m34p456s22z5p","win":"5p","riichi":true'
    lines = [f'{{"id":1,{hand},"seat":"S"}}', f'{{"id":2,{hand},"round":"E"}}',
             f'{{"id":3,{hand}}}', f'{{"id":4,{hand},"round":"E","seat":"S"}}']
    proc = run("\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert out[0] == {"id": 1, "error": "'round' is missing: give the round wind, E, S, W or N"}
    assert out[1]["error"].startswith("'seat' is missing")
    assert out[2]["error"].startswith("'round' and 'seat' are missing")
    assert out[3]["declaration"] == "1300"


def test_an_error_quotes_only_a_short_piece_of_a_long_input() -> None:
    lines = [json.dumps({"id": 1, "hand": "1m" * 2500, "win": "1m", "round": "E", "seat": "E"}),
             json.dumps({"id": 2, "hand": "1x" * 2500, "win": "1m", "round": "E", "seat": "E"}),
             json.dumps({"id": 3, "hand": "123m", "win": "1m", "round": "E", "seat": "E",
                         "melds": ["pon " + "7z" * 300]})]
    proc = run("\n".join(lines) + "\n")
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 3
    for line in out:
        assert len(line["error"]) < 200, line
        assert "characters)" in line["error"]
    assert "needs 14 concealed tiles" in out[0]["error"]
    assert "unknown character 'x'" in out[1]["error"]


def test_a_line_nested_too_deeply_is_an_error_line_not_a_traceback() -> None:
    proc = run("[" * 200_000 + "\n" + EXAMPLE + "\n")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert first == {"id": None, "error": "line 1 is nested too deeply to read"}
    assert second["id"] == 1 and second["total"] == 1300  # the batch goes on


def test_a_missing_field_is_said_whole() -> None:
    proc = run('{"id":3,"hand":"123m456p789s1122z","round":"E","seat":"E"}\n')
    assert json.loads(proc.stdout) == {
        "id": 3, "error": "'win' is missing: give the winning tile, e.g. '5p'"}
