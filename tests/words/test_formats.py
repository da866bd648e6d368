"""Numbers, percentages, durations and dates in each language's style (Babel, loaded late)."""

from __future__ import annotations

from datetime import date

import pytest

from quiz.words.core import (
    LANGUAGES,
    format_date,
    format_decimal,
    format_duration,
    format_number,
    format_percent,
    language_choices,
    use,
)


@pytest.mark.parametrize(
    ("code", "number", "decimal"),
    [
        ("en", "12,000", "1.5"),
        ("ja", "12,000", "1.5"),
        ("th", "12,000", "1.5"),
        ("vi", "12.000", "1,5"),
        ("uk", "12\u00a0000", "1,5"),
    ],
)
def test_numbers_in_each_language(code: str, number: str, decimal: str) -> None:
    assert format_number(12000, code) == number
    assert format_decimal(1.5, 1, code) == decimal


def test_the_active_language_is_the_default() -> None:
    use("vi")
    assert format_number(12000) == "12.000"
    assert format_percent(0.85) == "85%"


@pytest.mark.parametrize(
    ("code", "minutes"),
    [("en", "3 minutes"), ("ja", "3 分"), ("th", "3 นาที"), ("vi", "3 phút"),
     ("uk", "3 хвилини")],
)
def test_durations_in_words(code: str, minutes: str) -> None:
    assert format_duration(180, code) == minutes


def test_dates_follow_the_language() -> None:
    day = date(2026, 12, 1)
    said = {code: format_date(day, code) for code in LANGUAGES}
    assert said["ja"] == "2026/12/01"
    assert said["en"] == "Dec 1, 2026"
    assert len(set(said.values())) == len(LANGUAGES)


def test_language_choices_name_each_language_in_itself() -> None:
    assert language_choices()[:5] == [("en", "English"), ("ja", "日本語"), ("th", "ไทย"),
                                  ("vi", "Tiếng Việt"), ("uk", "Українська")]
