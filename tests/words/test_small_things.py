"""Small things a reader notices: how a line ends, columns that stay in line, a payment
that stays in one piece.

- ``class new``'s line ends as the language ends such a line (``。`` in Japanese,
  nothing in Thai, ``.`` in English, Vietnamese and Ukrainian);
- ``bank list``'s columns are as wide as their widest cell in terminal cells, so
  ``20 фу 15 хан`` or a Japanese payment never pushes the rest of its line;
- a Thai payment (``4000 รอบวง``) is never cut across two lines of the explanation.
"""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from quiz.__main__ import main
from quiz.widgets.explanation import Paragraph
from quiz.words.core import use
from quiz.words.payments import say_payment
from quiz.words.width import display_width, wrap
from tests.support.databases import build_bank

#: How the ``class new`` line ends in each language.
ENDING = {"en": "0:45 per question.", "ja": "。", "vi": ".", "uk": "."}



@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("small") / "bank.db"
    url = f"sqlite:///{path}"
    build_bank(url)
    assert main(["--lang", "en", "--db", url, "bank", "build", "--generated", "0"]) == 0
    use("en")
    return url


@pytest.mark.parametrize("lang", ["en", "ja", "th", "vi", "uk"])
def test_the_class_new_line_ends_as_the_language_ends_it(
    lang: str, bank: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RIICHI_DRILL_TEACHER_PASSWORD", "tile wall 99")
    capsys.readouterr()
    assert main(["--lang", lang, "--db", bank, "class", "new", f"Night {lang}", "--count", "3",
                 "--seed", "1", "--time-per-question", "45"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    if lang == "th":
        assert first.endswith("ข้อละ 0:45"), first  # Thai ends a line with no mark
    else:
        assert first.endswith(ENDING[lang]), first
    if lang == "ja":
        assert "。" in first and not first.endswith(".") and "、1問 0:45" in first, first
        assert "符、翻、支払い" in first, first  # the parts listed as Japanese lists them
    if lang == "uk":
        assert "питає фу, хан, виплата" in first, first  # lowercase inside a sentence


def _columns(line: str, cells: list[str]) -> list[int]:
    """The terminal column where each of ``cells`` starts in ``line`` (searched in order)."""
    found, at = [], 0
    for cell in cells:
        at = line.index(cell, at)
        found.append(display_width(line[:at]))
        at += len(cell)
    return found


@pytest.mark.parametrize("lang", ["en", "ja", "th", "vi", "uk"])
def test_bank_list_columns_stay_in_line(lang: str, bank: str) -> None:
    from data.bank.repository import Bank
    from data.db.schema import open_database
    from quiz.cli import declaration_text
    from quiz.cli.bank import _list_lines, _value_text

    db = open_database(bank)
    try:
        items = Bank(db).find(limit=200)
    finally:
        db.close()
    use(lang)
    lines = _list_lines(items)
    starts = {tuple(_columns(line, [f" d{it.difficulty} ", _value_text(it.fu, it.han, it.yakuman),
                                    declaration_text(it.declaration)]))
              for it, line in zip(items, lines, strict=True)}
    assert len(starts) == 1, (lang, sorted(starts)[:3])
    if lang != "en":  # the kind in the language (it was 'cur', English cut short)
        assert not [line for line in lines if re.search(r" (cur|gen|gam|curated) d\d", line)]
    if lang == "uk":  # the two-digit han of a kazoe hand, in its plural form
        assert any(" 15 ханів" in line for line in lines)  # the plural form 15 takes


PAYMENTS = [{"all": 4000}, {"all": 12000}, {"non_dealer": 2000, "dealer": 3900}, {"ron": 7700}]


@pytest.mark.parametrize("payment", PAYMENTS, ids=lambda p: "-".join(map(str, p.values())))
def test_a_thai_payment_stays_in_one_piece(payment: dict[str, int]) -> None:
    said = say_payment(payment, "th")
    for text in (f"เจ้ามือซึมโม ลูกทุกคนจ่าย {said} แต้ม",
                 f"ลูกจ่าย {said}"):  # a line of plain consonants: no marks at all
        for width in range(display_width(said), 45):
            lines = wrap(text, width)
            assert any(said in line for line in lines), (width, lines)
            rendered = Console(width=width, record=True, color_system=None)
            rendered.print(Paragraph(text))
            assert said in rendered.export_text(), (width, rendered.export_text())


def test_a_number_stays_with_its_word_in_every_wrap() -> None:
    assert wrap("ได้ 30 ฟุ 3 ฮัง", 8) == ["ได้ 30 ฟุ", "3 ฮัง"]
    assert wrap("ได้ 30 ฟุ 3 ฮัง", 6) == ["ได้", "30 ฟุ", "3 ฮัง"]
    # together longer than a whole line: each word on its own, as before
    assert wrap("3900 รอบวง", 5) == ["3900", "รอบวง"]
