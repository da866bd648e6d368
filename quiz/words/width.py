"""How wide text is on a terminal, and padding, cutting and wrapping by that width.

``len()`` counts code points, but a terminal counts cells: a CJK character
takes two cells, and Thai vowel signs above and below the line and tone marks
take none (they sit on the consonant before them). Columns built with
``len()`` drift as soon as a Japanese or Thai word is in them; these helpers
count cells the way Textual (Rich) does, and never cut between a letter and
its marks or through a double-width character.

>>> display_width("Pinfu"), display_width("平和"), display_width("พินฟุ")
(5, 4, 3)
>>> pad("平和", 6) + "|", pad("พินฟุ", 6, "right") + "|"
('平和  |', '   พินฟุ|')
>>> cut("断幺九 (タンヤオ)", 7)
'断幺九…'
>>> wrap("Закрита рука зі зносу отримує десять фу", 16)
['Закрита рука зі', 'зносу отримує', 'десять фу']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache
from typing import Literal

from . import thai
from .breaks import CJK_NUMBER_UNIT, KATAKANA, NO_LINE_END, NO_LINE_START, NUMBER, is_unit_word

__all__ = ["NO_BREAK", "cell_clusters", "char_width", "cut", "display_width",
           "has_glued_unit", "join_wide_lines", "pad", "space_latin_words", "wrap"]

Align = Literal["left", "right", "center"]
ELLIPSIS = "…"
#: A space a line never breaks at (``5\u00a0Dora``: a key stays with its name).
NO_BREAK = "\u00a0"
#: Where :func:`wrap` may break a line: any run of white space but a no-break space.
_BREAK = re.compile(f"[^\\S{NO_BREAK}\u202f]+")


@lru_cache(maxsize=4096)
def char_width(ch: str) -> int:
    """Cells one code point takes: 0 (marks, joiners, controls), 1, or 2 (wide, full-width)."""
    o = ord(ch)
    if 0x20 <= o < 0x7F:
        return 1
    if o < 0x20 or 0x7F <= o < 0xA0:
        return 0
    category = unicodedata.category(ch)
    if category in ("Mn", "Me", "Cf") or 0x1160 <= o <= 0x11FF:
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    """Cells ``text`` takes on a terminal (one line)."""
    if text.isascii():
        return len(text)
    return sum(char_width(ch) for ch in text)


def cell_clusters(text: str) -> Iterator[str]:
    """The text in pieces that must stay whole: a character with the marks that follow it."""
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or char_width(text[i]) != 0:
            if i > start:
                yield text[start:i]
            start = i


def _letters(text: str, width: int | None = None, words: bool = False) -> Iterator[str]:
    """The text in pieces no line parts: :func:`cell_clusters`, and in Thai the letters
    that belong together (:func:`quiz.words.thai.clusters`: ``แ`` stays with ``ละ``),
    unless they are wider than ``width`` (letters no Thai word puts together); with
    ``words``, Thai words whole where they fit (a Thai word beside a long name).

    >>> list(_letters("แและโดร่า")), list(_letters("ของ%(who)s", 8, words=True))
    (['แและ', 'โด', 'ร่า'], ['ของ', '%', '(', 'w', 'h', 'o', ')', 's'])
    """
    if not thai.has_thai(text):
        yield from cell_clusters(text)
        return
    if words:
        at = 0
        for m in thai.THAI_RUN.finditer(text):
            yield from cell_clusters(text[at:m.start()])
            for word in thai.segment(m.group()):
                if width is not None and display_width(word) > width:
                    yield from _letters(word, width)
                else:
                    yield word
            at = m.end()
        yield from cell_clusters(text[at:])
        return
    held, at = "", 0
    for cluster in [*cell_clusters(text), ""]:
        if held and (not cluster or thai.break_allowed(text, at)):
            if width is not None and display_width(held) > width:
                yield from cell_clusters(held)
            else:
                yield held
            held = ""
        held += cluster
        at += len(cluster)


def cut(text: str, width: int, ellipsis: str = ELLIPSIS) -> str:
    """``text`` made to fit ``width`` cells, ending in ``ellipsis`` when something was cut.

    A cluster is never split (nor Thai letters that belong together: ``แ…`` never
    ends a cut), and a double-width character that would not fit whole is left
    out (the result may then be one cell narrower than ``width``).

    >>> cut("ยาคุและโดร่า", 6)
    'ยาคุ…'
    """
    if display_width(text) <= width:
        return text
    room = width - display_width(ellipsis)
    if room < 0:
        return ""
    out: list[str] = []
    used = 0
    for cluster in _letters(text):
        w = display_width(cluster)
        if used + w > room:
            break
        out.append(cluster)
        used += w
    return "".join(out).rstrip() + ellipsis


def pad(text: str, width: int, align: Align = "left", ellipsis: str = ELLIPSIS) -> str:
    """``text`` in exactly ``width`` cells: cut if too wide, then padded with spaces."""
    text = cut(text, width, ellipsis)
    gap = max(0, width - display_width(text))
    if align == "right":
        return " " * gap + text
    if align == "center":
        left = gap // 2
        return " " * left + text + " " * (gap - left)
    return text + " " * gap


def _atoms(word: str) -> list[str]:
    """The word in pieces no line splits: a number with its Japanese unit (``4000オール``),
    else a character with its marks."""
    atoms: list[str] = []
    at = 0
    for m in CJK_NUMBER_UNIT.finditer(word):
        atoms.extend(cell_clusters(word[at:m.start()]))
        atoms.append(m.group())
        at = m.end()
    atoms.extend(cell_clusters(word[at:]))
    return atoms


def _units(word: str, katakana: bool = True) -> list[str]:
    """A word's unbreakable units: the whole word, or each wide character on its own.

    A line may break between two units. Japanese breaks between characters, by
    the rules of :mod:`quiz.words.breaks`: what may not start a line is kept with
    the unit before it, what may not end one with the unit after it, and a
    number with its unit is one unit, and so is a katakana word (unless ``katakana`` is
    false: a run of katakana wider than a line is broken by the other rules).

    >>> _units("親は4000オール。")
    ['親', 'は', '4000オール。']
    >>> _units("（手牌に0枚）")
    ['（手', '牌', 'に', '0枚）']
    >>> _units("親のロンなら天鳳ルール")
    ['親', 'の', 'ロン', 'な', 'ら', '天', '鳳', 'ルール']
    """
    units: list[str] = []
    run = ""
    held = ""  # an opening bracket waiting for what follows it
    for atom in _atoms(word):
        if atom[0] in NO_LINE_START and (run or units) and not held:
            if run:
                run += atom
            else:
                units[-1] += atom
        elif atom[0] in NO_LINE_END or (held and atom[0] in NO_LINE_START):
            if run:
                units.append(run)
                run = ""
            held += atom
        elif (katakana and atom in KATAKANA and units and not run and not held
              and all(ch in KATAKANA for ch in units[-1])):  # a katakana word stays whole
            units[-1] += atom
        elif display_width(atom) >= 2:
            if run:
                units.append(run)
                run = ""
            units.append(held + atom)
            held = ""
        else:
            run += held + atom
            held = ""
    if run:
        units.append(run)
    if held:
        if units:
            units[-1] += held
        else:
            units.append(held)
    return units


def _split(unit: str) -> list[str]:
    """A unit wider than a line in the pieces a line may break between: a katakana run
    by the other Japanese rules, a Thai phrase between its words (:func:`quiz.words.thai.pieces`:
    ``ลองตรวจ|ยาคุ|และ|โดร่า``, never ``ยาคุแ|ละ``).

    >>> _split("ลองตรวจยาคุและโดร่า")
    ['ลอง', 'ตรวจ', 'ยาคุ', 'และ', 'โดร่า']
    """
    units = _units(unit, katakana=False)
    if not thai.has_thai(unit):
        return units
    return [piece for part in units for piece in thai.pieces(part)]


def _words(paragraph: str) -> list[str]:
    """The paragraph's words, a number kept with its unit after it (``4000 รอบวง``, ``30 fu``).

    A payment and its word, or a count and its unit, are read as one: a line
    never ends between them (:func:`quiz.words.breaks.is_unit_word`). A number
    before any other word is a word of its own (``คนละ 2000 เจ้ามือ...``: the
    number ends its phrase).
    """
    out: list[str] = []
    for word in filter(None, _BREAK.split(paragraph)):
        if out and is_unit_word(word) and NUMBER.fullmatch(out[-1]) is not None:
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def has_glued_unit(text: str) -> bool:
    """Whether ``text`` holds a number with its unit after a space (``30 fu``): a wrapper
    that breaks at every space (Rich) would part them; :func:`wrap` does not.

    >>> has_glued_unit("tối thiểu 30 fu"), has_glued_unit("Fu: 30.")
    (True, False)
    """
    return any(" " in word for word in _words(text))


def wrap(text: str, width: int) -> list[str]:
    """Lines of at most ``width`` cells, broken at spaces and between CJK characters.

    A Thai phrase (written without spaces) longer than a whole line is broken
    between its words (:mod:`quiz.words.thai`), a word longer than a whole line
    (a long Ukrainian compound, a name) between clusters, never inside one;
    Japanese breaks by its rules (kinsoku: :mod:`quiz.words.breaks`); a number
    stays on the line of its unit (``4000 รอบวง``, ``30 fu``, ``4000オール``); a
    line never breaks at a no-break space:

    >>> wrap("ลูกทุกคนจ่าย 4000 รอบวง", 17)
    ['ลูกทุกคนจ่าย', '4000 รอบวง']
    >>> wrap("เมื่อสึโมะได้ 1 เท่าจากลูกมือ", 16)
    ['เมื่อสึโมะได้', '1 เท่าจากลูกมือ']
    >>> wrap("ฮังรวมไม่ถูก: ลองตรวจยาคุและโดร่าแต่ละตัวด้านล่าง", 16)
    ['ฮังรวมไม่ถูก: ลอง', 'ตรวจยาคุและโดร่า', 'แต่ละตัวด้านล่าง']
    >>> wrap("4 Bảng điểm · 5\u00a0Dora", 16)
    ['4 Bảng điểm ·', '5\xa0Dora']
    >>> wrap("tối thiểu 30 fu", 12)
    ['tối thiểu', '30 fu']
    >>> wrap("親のツモ: 各自4000オール", 21)
    ['親のツモ: 各自', '4000オール']
    """
    if width <= 0:
        raise ValueError("width must be positive")
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, used = "", 0
        words: list[str] = []
        for word in _words(paragraph):  # a glued pair longer than a line: word by word
            glued_too_long = " " in word and display_width(word) > width
            if glued_too_long and display_width(thai.pieces(word)[0]) <= width:
                glued_too_long = False  # the number with the phrase's first Thai word
            words.extend(word.split(" ") if glued_too_long else [word])
        for word in words:
            units = []
            for unit in _units(word):  # a run wider than a line: by the other rules
                units.extend(_split(unit) if display_width(unit) > width else [unit])
            for i, unit in enumerate(units):
                space = 1 if (i == 0 and line) else 0
                w = display_width(unit)
                if used + space + w <= width:
                    line, used = line + " " * space + unit, used + space + w
                    continue
                if w <= width or width - used - space < 1:
                    if line:
                        lines.append(line)
                    line, used, space = "", 0, 0
                    if w <= width:
                        line, used = unit, w
                        continue
                line, used = line + " " * space, used + space
                for cluster in _letters(unit, width, words=True):
                    cw = display_width(cluster)
                    if used + cw > width and line.strip():
                        lines.append(line)
                        line, used = "", 0
                    line, used = line + cluster, used + cw
        lines.append(line)
    return lines


_WIDE = "\u2e80-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
#: A line break inside a paragraph between two wide (CJK) characters.
_WIDE_BREAK = re.compile(f"(?<=[{_WIDE}])\n(?=[{_WIDE}])")


def join_wide_lines(text: str) -> str:
    r"""Markdown text whose paragraphs' line breaks between CJK characters are taken out.

    Markdown reads a line break inside a paragraph as a space; Japanese has no
    spaces between words, so a translation wrapped in its catalog would show
    stray spaces and break its lines only there. Joined, the paragraph wraps
    at the width of the screen. List items and other lines that do not start
    with a CJK character are left as they are.

    >>> join_wide_lines("欄で\n送信します。\n- `30`\nEnter\n押す")
    '欄で送信します。\n- `30`\nEnter\n押す'
    """
    return _WIDE_BREAK.sub("", text)


#: A Latin word (perhaps in Markdown's ``**`` or backquotes) after a CJK character or
#: punctuation mark, or before a kana or kanji (not before punctuation, which stays
#: with the word before it).
_LATIN_AFTER_WIDE = re.compile(f"([{_WIDE}])(?=[*_`]*[A-Za-z])")
_LATIN_BEFORE_WIDE = re.compile("([A-Za-z][*_`]*)(?=[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff])")


def space_latin_words(text: str) -> str:
    """CJK text with a space on each side of a Latin word written against it.

    A terminal wraps text at spaces and folds a run longer than the line
    wherever it ends: a Japanese sentence has no spaces, so a Latin word at its
    end (``次へ。Enter``) was folded in the middle (``Ente`` / ``r``). Spaced,
    the word wraps whole, and the Japanese around it is folded between
    characters, as Japanese may be.

    >>> space_latin_words("同じ文字でさらに次へ。Enterで次へ。Tab、Esc で戻る")
    '同じ文字でさらに次へ。 Enter で次へ。 Tab、 Esc で戻る'
    >>> space_latin_words("次へ。**Enter**で次へ")
    '次へ。 **Enter** で次へ'
    """
    return _LATIN_BEFORE_WIDE.sub(r"\1 ", _LATIN_AFTER_WIDE.sub(r"\1 ", text))
