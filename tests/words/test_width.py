"""Display width: Thai marks take no cell, CJK takes two, long words are cut between
clusters; columns padded with these helpers line up in every language."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from quiz.words.width import cell_clusters, cut, display_width, pad, wrap
from tests.support.paths import SEEDS

SAMPLES = {
    "thai tone marks": ("ไม้ริจจิที่ค้างอยู่", 11),
    "thai above and below vowels": ("พินฟุ", 3),
    "thai sara am": ("คำนวณ", 5),
    "kanji": ("断幺九", 6),
    "katakana with full-width digits": ("３９００オール", 14),
    "vietnamese stacked accents": ("Tiếng Việt", 10),
    "vietnamese decomposed": ("Tie\u0302\u0301ng", 5),
    "ukrainian": ("Найдорожча", 10),
    "ascii": ("2000/3900", 9),
}


@pytest.mark.parametrize("name", SAMPLES)
def test_width_of_each_script(name: str) -> None:
    text, cells = SAMPLES[name]
    assert display_width(text) == cells
    assert cell_len(text) == cells  # what Textual will draw


def test_seeds_measure_as_textual_draws_them() -> None:
    seeds = sorted(SEEDS.glob("*.txt"))
    if not seeds:
        pytest.skip("../shared/seeds is not here")
    for path in seeds:
        for line in path.read_text(encoding="utf-8").splitlines():
            assert display_width(line) == cell_len(line), (path.name, line)


def test_a_column_lines_up_in_every_language() -> None:
    rows = [("Riichi", "1"), ("立直", "1"), ("ริจจิ", "1"), ("Ріічі", "1"), ("Tiếng Việt", "2"),
            ("ยาคุไฮ ลมประจำรอบ", "1"), ("Якухай вітер раунду", "1"), ("国士無双十三面待ち", "13")]
    lines = [pad(name, 14) + " " + pad(han, 3, "right") for name, han in rows]
    assert {cell_len(line) for line in lines} == {18}
    assert {cell_len(line[: len(line) - 3]) for line in lines} == {15}


def test_cut_keeps_marks_with_their_letter() -> None:
    # and the vowel after them: ``ค้|า`` would part a syllable (Thai character clusters)
    assert cut("ที่ค้างอยู่", 3) == "ที่…"
    assert cut("ที่ค้างอยู่", 4) == "ที่ค้า…"
    assert cut("แต่ละตัว", 2) == "…"  # never ``แ…``
    assert cut("ที่ค้างอยู่", 20) == "ที่ค้างอยู่"
    for width in range(1, 12):
        cut_text = cut("ไม้ริจจิที่ค้างอยู่", width)
        assert display_width(cut_text) <= width
        assert not cut_text or display_width(cut_text[0]) == 1  # starts on a letter


def test_cut_never_halves_a_wide_character() -> None:
    assert cut("断幺九", 4) == "断…"
    assert pad("断幺九", 4) == "断… "
    assert display_width(pad("断幺九", 4)) == 4


def test_wrap_long_ukrainian_words_and_thai_runs() -> None:
    lines = wrap("Відповідальність за правильний підрахунок", 12)
    assert lines == ["Відповідальн", "ість за", "правильний", "підрахунок"]
    thai = wrap("ในกรณีที่สึโมะจะได้เพิ่มอีก 2 ฟุ", 10)
    assert all(display_width(line) <= 10 for line in thai)
    assert "".join(thai).replace(" ", "") == "ในกรณีที่สึโมะจะได้เพิ่มอีก2ฟุ"


def test_wrap_japanese_keeps_punctuation_off_the_line_start() -> None:
    lines = wrap("ツモアガリは、各プレイヤーから受け取る点数を申告します。", 12)
    assert all(display_width(line) <= 12 for line in lines)
    assert not any(line[0] in "、。" for line in lines)
    assert "".join(lines) == "ツモアガリは、各プレイヤーから受け取る点数を申告します。"


_text = st.text(
    alphabet=st.sampled_from(list("aZ9 断幺九ー、。ไม้ริจจิที่ค้างอยู่ФїЄщ\u0301")), max_size=40
)


@given(_text, st.integers(min_value=1, max_value=30))
def test_pad_is_always_exactly_the_width(text: str, width: int) -> None:
    assert display_width(pad(text, width)) == width
    assert display_width(pad(text, width, "right")) == width
    assert display_width(pad(text, width, "center")) == width


@given(_text, st.integers(min_value=2, max_value=30))
def test_wrap_fits_and_loses_nothing(text: str, width: int) -> None:
    lines = wrap(text, width)
    assert all(display_width(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == "".join(text.split())


@given(_text)
def test_clusters_put_the_text_back_together(text: str) -> None:
    assert "".join(cell_clusters(text)) == text
    assert display_width(text) == cell_len(text)
