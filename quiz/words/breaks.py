"""Where a line may break, by each language's rules: the one place these rules live.

Every wrapping path of the app (:func:`quiz.words.width.wrap`, and through it
the worked explanation, the marks, the summary, the question's situation, and
every text of :class:`quiz.widgets.wrapped.WrappedStatic`: the prompts, the
verdicts, the review's texts, the statistics' summary) asks this module; a new
rule is added here, not in a widget.

- **Japanese (kinsoku)**: a line never starts with a small kana, the long
  vowel mark ``ー``, a closing bracket or ``、。・：；！？`` (:data:`NO_LINE_START`),
  and never ends with an opening bracket (:data:`NO_LINE_END`). A number is
  never split from its unit or from ``オール`` (:data:`CJK_NUMBER_UNIT`):
  ``4000オール``, ``0枚``, ``+10符``, ``2本場`` stay whole, and so does a katakana
  word that fits a line (``ロン``, ``ルール``: :data:`KATAKANA`).
- **Thai** writes no spaces between words; the catalog puts a space between
  phrases, where a line breaks first; a phrase wider than the line breaks
  between its words, found in the project's word list (:mod:`quiz.words.thai`),
  never between letters that belong together (``ยาคุแ|ละ``); and a number stays
  with the unit said after it (``4000 รอบวง``, ``30 ฟุ``).
- **Every language**: a number stays with its unit word after a space (``30 fu``,
  ``30 фу``, ``4 хани``, ``1000 điểm``: :data:`UNIT_WORDS`), so a narrow column
  never leaves ``tối thiểu 30`` on one line and ``fu`` on the next.

>>> CJK_NUMBER_UNIT.findall("親は4000オール、手牌に0枚、30符、門前ロン+10符、ほか2件")
['4000オール', '0枚', '30符', '+10符', '2件']
>>> is_unit_word("fu"), is_unit_word("ханів"), is_unit_word("รอบวง"), is_unit_word("hand")
(True, True, True, False)
"""

from __future__ import annotations

import re

__all__ = ["CJK_NUMBER_UNIT", "KATAKANA", "NO_LINE_END", "NO_LINE_START", "NUMBER", "UNIT_STARTS",
           "UNIT_WORDS", "is_unit_word"]

#: Characters a Japanese line may not start with: they stay with the character before.
NO_LINE_START = frozenset(
    "、。，．・：；？！ー－〜～…‥"  # punctuation and the long vowel mark
    "）」』】〕〉》］｝"  # closing brackets
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"  # small kana
    "ゝゞヽヾ々"  # iteration marks
    ":;,.!?)]}%"  # Latin punctuation after a Japanese word (``ツモ: 3850``)
)

#: The letters of a katakana word (and its long vowel mark): a word a line does not split
#: when it fits (``天鳳ルー｜ル`` and ``親のロ｜ン`` read badly).
KATAKANA = frozenset(chr(c) for c in range(0x30A1, 0x30FB)) | frozenset("ーヽヾ")

#: Characters a Japanese line may not end with: they stay with the character after.
NO_LINE_END = frozenset("（「『【〔〈《［｛")

#: The units a Japanese number is written against, longest first (``4000オール``).
_CJK_UNITS = ("オール", "本場", "種類", "枚", "点", "符", "翻", "飜", "本", "回", "問", "秒",
              "分", "日", "倍", "人", "家", "個", "種", "つ", "割", "件", "週", "％")

#: A number as a payment or a count is written (``4000``, ``2000/3900``, ``2000・3900``, ``1,5``,
#: ``+16``, ``6-7``).
NUMBER = re.compile(r"[(\[]?[+\u2212-]?\d[\d/・.,\u2013-]*")

#: A number with the Japanese unit written against it: one piece a line never splits.
CJK_NUMBER_UNIT = re.compile(r"[+＋]?[0-9０-９][0-9０-９/・.,]*(?:" + "|".join(_CJK_UNITS) + ")")

#: Words said after a number (and a space) that belong to it: a payment's "from
#: everyone", points, fu, han, honba and sticks, in each language.
UNIT_WORDS = frozenset({
    # Thai (and the classifiers said after a count: ``2 ส่วน``, ``3 ข้อ``, ``5 ใบ``)
    "รอบวง", "แต้ม", "ฟุ", "ฮัง", "ไม้", "ฮั้ง", "ฮอนบะ", "ส่วน", "ข้อ", "ใบ", "ตัว", "อัน",
    "รายการ", "คอลัมน์", "ครั้ง", "วัน", "วินาที", "วิ", "นาที", "ชั่วโมง", "สัปดาห์", "คน", "ชุด",
    # English and the Latin-script terms Vietnamese uses, and Vietnamese counted nouns
    "fu", "han", "honba", "points", "point", "all", "điểm", "câu", "phần", "thẻ", "quân",
    "lần", "gậy", "giây", "phút", "ngày", "tuần", "giờ",
    # Ukrainian (фу is indeclinable; хан and очко in their three forms)
    "фу", "хан", "хани", "ханів", "очко", "очки", "очок", "лічильник", "лічильники",
    "лічильників",
})

#: Words that start a Thai phrase with a unit said after a number (``1 เท่าจากลูกมือ``:
#: "1 times from each non-dealer"): the number stays with the phrase.
UNIT_STARTS = ("เท่า",)


def is_unit_word(word: str) -> bool:
    """Whether ``word`` (trailing punctuation aside) is a unit that stays with a number."""
    unit = word.rstrip(".,;:)")
    return unit in UNIT_WORDS or unit.startswith(UNIT_STARTS)
