"""The lines of ``bank import-log``: the same English as the import's own report,
and in the learner's language otherwise."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from data.gamelog.importer import FileReport, ImportSummary, Outcome
from quiz.cli.bank import _log_file_line, _log_summary_line
from quiz.i18n import use

REPORTS = (
    FileReport("a.mjlog", Outcome.IMPORTED, "2020-x", added=13),
    FileReport("b.mjlog", Outcome.IMPORTED, "2020-y", added=1, present=2),
    FileReport("c.json", Outcome.IMPORTED, "2020-z", added=0, present=0,
               disagreements=("g/E1-0/w2: ours 3900, the server 5200",)),
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
