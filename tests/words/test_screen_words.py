"""Words the screens show that came from English-only places: the review queue's and the
cards' counts, the rule profiles' titles, the help's Japanese paragraphs and the
statistics charts' CJK labels."""

from __future__ import annotations

import re

import pytest

from quiz.srs.rules import DueCounts
from quiz.srs.stats import CardsByState
from quiz.words.core import LANGUAGES, SOURCE_LANGUAGE, use
from quiz.words.srs import cards_text, due_counts_text
from quiz.words.terms import profile_title
from quiz.words.width import display_width, join_wide_lines
from scoring.rules import PROFILES
from tests.words.english_left import english_left

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
COUNTS = [DueCounts(34, 1, 5), DueCounts(0, 0, 3), DueCounts(1, 0, 0), DueCounts(2, 3, 0)]
CARDS = [CardsByState(36, 4, 1), CardsByState(0, 0, 0), CardsByState(1, 0, 0)]



def test_the_counts_in_english_are_the_queues_own() -> None:
    use("en")
    assert [due_counts_text(c) for c in COUNTS] == [str(c) for c in COUNTS]
    assert [cards_text(c) for c in CARDS] == [str(c) for c in CARDS]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_counts_speak_the_language(lang: str) -> None:
    use(lang)
    for counts in COUNTS:
        said = due_counts_text(counts)
        assert english_left(said) == [], said
        assert str(counts.new) in said and (not counts.due or str(counts.learning) in said)
    for cards in CARDS:
        said = cards_text(cards)
        assert english_left(said) == [], said
        assert not cards.total or str(cards.total) in said


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_rule_profile_has_a_title(lang: str) -> None:
    use(lang)
    for name, profile in PROFILES.items():
        english = profile.description.split(":")[0]
        title = profile_title(name, english)
        assert title and (lang != "ja" or title != english), (name, title)
    use("en")
    assert profile_title("tenhou", "Tenhou online rules") == "Tenhou online rules"


def test_the_japanese_help_has_no_line_break_between_characters() -> None:
    from quiz.screens.help import help_text

    use("ja")
    text = help_text()
    wide = "\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef"
    assert not re.search(f"[{wide}]\n[{wide}]", text)
    assert "最後の欄で送信します" in text  # a paragraph the catalog wraps mid-sentence
    use("en")
    assert help_text() == join_wide_lines(help_text())  # English is as it was


def test_a_chart_label_takes_its_screen_width_in_the_grid() -> None:
    from quiz.widgets.charts import placeholder

    for label in ("符", "支払い", "正答 %", "Мініпойнти", "แต้มที่จ่าย"):
        shown = placeholder(0, label)
        assert len(shown) == display_width(shown) == display_width(label)
