"""The lines of ``bank import-log``: the same English as the import's own report,
and in the learner's language otherwise."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from data.gamelog.check import LogDifference, Measure
from data.gamelog.importer import FileReport, ImportSummary, Outcome, RefusedWin
from quiz.cli.bank_logs import _log_file_line, _log_summary_line
from quiz.words.core import use

REPORTS = (
    FileReport("a.mjlog", Outcome.IMPORTED, "2020-x", added=13),
    FileReport("b.mjlog", Outcome.IMPORTED, "2020-y", added=1, present=2),
    FileReport("c.json", Outcome.IMPORTED, "2020-z", added=0, present=0,
               disagreements=(RefusedWin("g/E1-0/w2", (
                   LogDifference(Measure.POINTS, "5200", "3900"),
                   LogDifference(Measure.FU, "40", "30"))),)),
)
ALREADY = FileReport("d.mjlog", Outcome.ALREADY, reason="already imported on 2026-12-01")
SUMMARY = ImportSummary((*REPORTS, ALREADY))


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use("en")


def test_the_english_lines_are_the_reports_own() -> None:
    use("en")
    for r in SUMMARY.files:
        assert _log_file_line(r) == r.line()
    assert _log_summary_line(SUMMARY) == SUMMARY.line()
    one = ImportSummary((REPORTS[1],))
    assert _log_summary_line(one) == one.line()  # "1 win", "1 file"


@pytest.mark.parametrize("lang", ["ja", "th", "uk"])
def test_the_lines_speak_the_language(lang: str) -> None:
    use(lang)
    text = "\n".join([_log_file_line(r) for r in REPORTS] + [_log_summary_line(SUMMARY)])
    english = {w for w in re.findall(r"[A-Za-z]{4,}", text)} - {"mjlog", "json", "ours",
                                                                  "server"}
    assert not english, (lang, english, text)
    assert "13" in text and "2020-x" in text


def _refused_by_scoring() -> RefusedWin:
    from scoring import ScoringError, parse_record, score

    try:
        score(parse_record({"hand": "1111m", "win": "1m", "round": "E", "seat": "E"}))
    except ScoringError as e:
        return RefusedWin("g/S2-1/w0", refusal=e)
    raise AssertionError("scoring took a hand of five 1m")


@pytest.mark.parametrize("lang", ["en", "ja", "th", "vi", "uk"])
def test_each_refused_win_is_said_with_its_reason(lang: str) -> None:
    from quiz.cli.bank_logs import _refused_win_line

    use(lang)
    wins = (REPORTS[2].disagreements[0], _refused_by_scoring())
    lines = [_refused_win_line(w) for w in wins]
    if lang == "en":
        assert lines == [w.english() for w in wins]
        assert lines[0] == ("g/E1-0/w2: points: the log says 5200, ours 3900; "
                            "fu: the log says 40, ours 30")
        return
    for line, win in zip(lines, wins, strict=True):
        assert line.startswith(win.uid + ": ")
        english = set(re.findall(r"[A-Za-z]{4,}", line)) - {"ours"}
        assert not english, (lang, line)
    assert "5200" in lines[0] and "3900" in lines[0] and "40" in lines[0]
    assert "1m" in lines[1]  # scoring's detail, in the language, quoting the tile
