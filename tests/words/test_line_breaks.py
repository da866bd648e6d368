"""Lines break by each language's rules (issue 24, part 3), at every width.

- Japanese (kinsoku): no line starts with a small kana, ``ー``, a closing bracket
  or ``。、``; none ends with an opening bracket; a number is never parted from
  its unit or from ``オール`` (``親4000オー｜ル`` and ``手牌に0｜枚`` were seen).
- Thai breaks only at the catalog's spaces, never inside a letter with its
  marks, and keeps a number with its unit.
- Every language keeps a number with its unit word (``tối thiểu 30 | fu`` was seen).

The texts are the worked explanations of the curated examples in each language
(every sentence of the explanation and the memory tips), wrapped at several widths.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quiz.drills import DrillKind, TableCell, build_question, question_for_cell
from quiz.store.drill import DrillStore
from quiz.words.breaks import CJK_NUMBER_UNIT, NO_LINE_END, NO_LINE_START, UNIT_WORDS
from quiz.words.core import use
from quiz.words.explanation import explanation_lines
from quiz.words.width import display_width, wrap
from tests.support.clock import FakeClock

WIDTHS = (8, 11, 16, 23, 30, 41, 57, 78)
#: The widths from which every unbreakable piece of the texts fits a line: the widest
#: is 16 cells (``「1300オール」。``); a narrower line must cut a piece somewhere.
WHOLE_WIDTHS = tuple(w for w in WIDTHS if w >= 16)
ITEMS = ("pay-dealer-tsumo-mangan", "seed000-honba-dealer-ron", "seed002-tsumo-2000-3900",
         "trap-red-five-is-also-dora", "trap-ura-needs-riichi", "limit-haneman",
         "fu-everything-counts", "wait-23345-on-4", "seed000-saki-110fu")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use("en")


@cache
def explanation_texts(lang: str) -> tuple[str, ...]:
    """Every sentence of the worked explanations of some curated hands and table cells."""
    store = DrillStore.open(":memory:", clock=FakeClock(), generated=0)
    try:
        items = [store.item(uid) for uid in ITEMS]
    finally:
        store.close()
    use(lang)
    texts = []
    for item in items:
        q = build_question(DrillKind.WHOLE, item, number=1)
        texts += [line.text for line in explanation_lines(q)]
    for cell in (TableCell(30, 4, True, True), TableCell(40, 3, False, True),
                 TableCell(50, 2, True, False), TableCell(30, 4, True, True, honba=2),
                 TableCell(40, 2, True, True)):
        texts += [line.text for line in explanation_lines(question_for_cell(cell, number=1))]
    return tuple(t for t in texts if t)


def japanese_faults(lines: list[str], text: str, width: int) -> list[str]:
    """What breaks the Japanese rules in ``text`` wrapped into ``lines``."""
    faults = []
    for i, line in enumerate(lines):
        if i and line and line[0] in NO_LINE_START:
            faults.append(f"line starts with {line[0]!r}: {line!r}")
        if i < len(lines) - 1 and line and line[-1] in NO_LINE_END:
            faults.append(f"line ends with {line[-1]!r}: {line!r}")
    for m in CJK_NUMBER_UNIT.finditer(text):
        if display_width(m.group()) <= width and not any(m.group() in line for line in lines):
            faults.append(f"{m.group()!r} parted: {lines!r}")
    return faults


@pytest.mark.parametrize("width", WIDTHS)
def test_japanese_lines_break_by_kinsoku_and_keep_numbers_with_units(width: int) -> None:
    faults = []
    for text in explanation_texts("ja"):
        lines = wrap(text, width)
        assert all(display_width(line) <= width for line in lines), (width, lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        if width in WHOLE_WIDTHS:
            faults += japanese_faults(lines, text, width)
    assert faults == []


def _number_unit_pairs(text: str) -> list[str]:
    """``30 fu``, ``4000 รอบวง``: a number and the unit word after it."""
    return [m.group() for m in re.finditer(r"(?<!\S)[(\[]?[+-]?\d[\d/.,\u2013-]* (\S+)", text)
            if m.group(1).rstrip(".,;:)") in UNIT_WORDS]


@pytest.mark.parametrize("lang", ["th", "vi", "uk", "en"])
@pytest.mark.parametrize("width", WIDTHS)
def test_a_number_stays_with_its_unit(lang: str, width: int) -> None:
    faults = []
    for text in explanation_texts(lang):
        lines = wrap(text, width)
        for pair in _number_unit_pairs(text):
            if display_width(pair) <= width and not any(pair in line for line in lines):
                faults.append((pair, lines))
    assert faults == []


@pytest.mark.parametrize("width", WIDTHS)
def test_thai_breaks_only_between_words(width: int) -> None:
    for text in explanation_texts("th"):
        words = text.split()
        for line in wrap(text, width):
            for word in line.split():
                if display_width(word) <= width:
                    # a word that fits a line is never cut: every piece is a whole word
                    assert word in words or any(word in w for w in words if
                                                display_width(w) > width), (word, line)


#: Japanese words and numbers with their units, and what may follow each.
_JA_WORDS = ["親は", "4000オール", "手牌に", "0枚", "ツモ", "30符", "2本場", "3翻", "ドラ",
             "受け取る", "チャンタ", "ロン"]
_JA_AFTER = ["", "、", "。", "」", "ー", "ッ", "）", ": "]
_JA_BEFORE = ["", "「", "（"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_JA_BEFORE), st.sampled_from(_JA_WORDS),
                          st.sampled_from(_JA_AFTER)), min_size=1, max_size=25),
       st.integers(min_value=16, max_value=60))
def test_any_japanese_text_keeps_kinsoku(pieces: list[tuple[str, str, str]], width: int) -> None:
    text = "".join("".join(p) for p in pieces)
    lines = wrap(text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(display_width(line) <= width for line in lines)
    assert japanese_faults(lines, text, width) == []


def test_the_faults_seen_are_gone() -> None:
    assert wrap("親は各自から4000オールを受け取る", 12) == [
        "親は各自から", "4000オールを", "受け取る"]
    assert "0枚）" in wrap("裏ドラ: 手牌になし（表示牌E → ドラS（手牌に0枚））", 30)[-1]
    assert wrap("Ron với bài mở: tối thiểu 30 fu", 20) == ["Ron với bài mở: tối", "thiểu 30 fu"]
    assert wrap("ลูกทุกคนจ่าย 4000 รอบวง", 17) == ["ลูกทุกคนจ่าย", "4000 รอบวง"]
    # a katakana word and a signed count stay whole (``天鳳ルー|ル``, ``門前ロン+|10符``)
    assert wrap("ドラ表示牌: 東 · 天鳳ルール", 26) == ["ドラ表示牌: 東 · 天鳳", "ルール"]
    assert wrap("練習すること: 断幺九、門前ロン+10符", 30) == [
        "練習すること: 断幺九、門前ロン", "+10符"]
    assert wrap("ほか2件", 6) == ["ほか", "2件"]
