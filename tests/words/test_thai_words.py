"""Thai breaks between words: the word list covers every Thai text, and lines keep words whole.

Thai writes no spaces inside a phrase; a phrase wider than its column broke between
letters (``ลองตรวจยาคุแ|ละโดร่า`` at 40 columns: a leading vowel parted from its
consonant). The line breaker now cuts a phrase into the words of
``quiz/words/locales/th/words.txt`` (``quiz/words/thai.py``), and these tests hold it
to that over every Thai text the app shows:

- every Thai ``msgstr`` of every catalog cuts into words of the list (a new message
  whose words are missing fails here, naming the run: ``scripts/thai_words.py`` proposes
  the words);
- at 40, 30, 24 and 16 columns no line of any of them breaks inside a word, and no
  line is wider than its column;
- whatever the text, cutting into words gives the text back, and no break ever falls
  after a leading vowel or before a vowel, a tone mark or another mark written on the
  letter before it.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import pairwise

import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

from quiz.words import thai
from quiz.words.core import LOCALES
from quiz.words.width import display_width, wrap

WIDTHS = (40, 30, 24, 16)
#: A run of Thai letters (not digits).
RUN = re.compile("[\u0e01-\u0e4e]+")
#: The longest run of letters the list may not know (a two-letter interjection, a
#: letter used as a symbol).
UNKNOWN_ALLOWED = 2


@cache
def thai_messages() -> tuple[tuple[str, str], ...]:
    """(where, text) for every translated string of every Thai catalog (each plural form)."""
    found = []
    for path in sorted((LOCALES / "th" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if not message.id:
                continue
            msgid = message.id[0] if isinstance(message.id, tuple) else message.id
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [(f"{path.name} {msgid[:40]!r}", s) for s in strings if s]
    return tuple(found)


def unknown_runs(run: str) -> list[str]:
    """The stretches of ``run`` that are not words of the list."""
    out, held = [], ""
    for piece in thai.segments(run):
        if piece.known:
            if held:
                out.append(held)
            held = ""
        else:
            held += piece.text
    return [*out, held] if held else out


def word_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, word) of each Thai word of ``text``, counted in its letters without
    white space (as the lines of a wrapped text hold them)."""
    flat_at = [0] * (len(text) + 1)
    for i, ch in enumerate(text):
        flat_at[i + 1] = flat_at[i] + (0 if ch.isspace() else 1)
    spans = []
    for m in RUN.finditer(text):
        at = m.start()
        for word in thai.segment(m.group()):
            spans.append((flat_at[at], flat_at[at + len(word)], word))
            at += len(word)
    return spans


def thai_faults(lines: list[str], text: str, width: int) -> list[str]:
    """Where the lines of ``text`` break inside a Thai word that fits the line."""
    faults = []
    ends, at = [], 0
    for line in lines:
        at += len(re.sub(r"\s", "", line))
        ends.append(at)
    for n, end in enumerate(ends[:-1]):
        for start, stop, word in word_spans(text):
            if start < end < stop and display_width(word) <= width:
                faults.append(f"{word!r} broken: {lines[n]!r} | {lines[n + 1]!r}")
    return faults


def test_the_catalogs_have_thai_texts() -> None:
    assert len(thai_messages()) > 1000
    assert any("ลองตรวจยาคุและโดร่า" in text for _, text in thai_messages())


def test_every_thai_text_cuts_into_words_of_the_list() -> None:
    missing = {}
    for where, text in thai_messages():
        for run in RUN.findall(text):
            unknown = [u for u in unknown_runs(run) if len(u) > UNKNOWN_ALLOWED]
            if unknown:
                missing.setdefault(where, []).append(f"{run} (not in the list: {unknown})")
    assert missing == {}, (
        "Thai words missing from quiz/words/locales/th/words.txt: run "
        "`python scripts/thai_words.py --propose`, check the words, add them with --add", missing)


def test_a_message_with_a_word_the_list_lacks_is_named() -> None:
    # a name written in Thai: what the test above would name for a translator to add
    assert unknown_runs("ยาคุของนัมบะซัง") == ["นัมบะซัง"]
    assert [u for run in RUN.findall("หลาย ๆ") for u in unknown_runs(run)] == []


def test_the_game_terms_are_whole_words() -> None:
    for term in ("ยาคุ", "โดร่า", "ริจจิ", "สึโมะ", "ล่ง", "ฮัง", "ฟุ", "เจ้ามือ", "ลูกมือ",
                 "มังกัง", "ฮาเนะมัง", "ยาคุมัง", "คั่ง", "โดร่าแดง", "ยาคุไฮ", "ไม้ฮอนบะ"):
        assert thai.segment(term) == [term]
    assert thai.segment("ลองตรวจยาคุและโดร่าแต่ละตัวด้านล่าง") == [
        "ลอง", "ตรวจ", "ยาคุ", "และ", "โดร่า", "แต่ละ", "ตัว", "ด้านล่าง"]
    # a word never spans two: ลม|แขก, not เป็นลม|แขก ("to faint")
    assert thai.segment("เป็นลมแขก") == ["เป็น", "ลมแขก"]


def test_the_word_list_is_sorted_and_holds_only_thai_words() -> None:
    lines = thai.WORDS_FILE.read_text(encoding="utf-8").splitlines()
    listed = [line for line in lines if line and not line.startswith("#")]
    assert listed == sorted(set(listed)), "sorted, each word once (scripts/thai_words.py --add)"
    bad = [w for w in listed if not RUN.fullmatch(w) or w[-1] in thai.LEADING
           or w[0] in thai.FOLLOWING | thai.COMBINING]
    assert bad == []


def test_the_word_list_holds_no_spelling_the_glossary_refuses() -> None:
    """A spelling the glossary refuses (จินอิตสึ for ชินอิตสึ) has no place in the list: a
    catalog that took it up again would then cut into words without a complaint."""
    from tests.words.glossary_terms import concepts, faults_in

    listed = [line for line in thai.WORDS_FILE.read_text(encoding="utf-8").splitlines()
              if line and not line.startswith("#")]
    refused = [str(fault) for concept in concepts("th") for word in listed
               for fault in faults_in(word, "words.txt", concept, None)]
    assert refused == []


@pytest.mark.parametrize("width", WIDTHS)
def test_no_thai_line_breaks_inside_a_word(width: int) -> None:
    faults, wide = [], []
    for where, text in thai_messages():
        lines = wrap(text, width)
        wide += [(where, line) for line in lines if display_width(line) > width]
        faults += [f"{where}: {fault}" for fault in thai_faults(lines, text, width)]
    assert wide == []
    assert faults == []


def test_a_phrase_wider_than_the_column_breaks_between_words() -> None:
    text = "ฮังรวมไม่ถูก: ลองตรวจยาคุและโดร่าแต่ละตัวด้านล่าง"
    assert wrap(text, 16) == ["ฮังรวมไม่ถูก: ลอง", "ตรวจยาคุและโดร่า", "แต่ละตัวด้านล่าง"]
    assert wrap(text, 12) == ["ฮังรวมไม่ถูก:", "ลองตรวจยาคุ", "และโดร่าแต่ละ", "ตัวด้านล่าง"]
    # a name the list does not know breaks between letters that belong together
    assert wrap("เซิร์ฟเวอร์ของนัมบะเปลี่ยนแปลง", 9) == ["เซิร์ฟเวอร์", "ของนัมบะ",
                                                       "เปลี่ยนแปลง"]
    # a number stays with the unit said after it, and with the first word of its phrase
    assert wrap("เมื่อสึโมะได้ 1 เท่าจากลูกมือ", 8) == ["เมื่อสึโมะ", "ได้ 1 เท่า", "จากลูกมือ"]
    assert wrap("เมื่อสึโมะได้ 1 เท่าจากลูกมือ", 10) == ["เมื่อสึโมะได้", "1 เท่าจาก", "ลูกมือ"]


_CONSONANTS = "กขคฆงจฉชซญดตถทธนบปผพฟภมยรลวศษสหอฮ"
_SYLLABLE = st.builds(
    lambda lead, first, vowel, tone, final: lead + first + vowel + tone + final,
    st.sampled_from(["", "", "เ", "แ", "โ", "ใ", "ไ"]), st.sampled_from(_CONSONANTS),
    st.sampled_from(["", "ั", "ิ", "ี", "ึ", "ื", "ุ", "ู", "า", "ะ", "ำ", "็"]),
    st.sampled_from(["", "", "่", "้", "๊", "๋", "์"]),
    st.sampled_from(["", "", "น", "ง", "ม", "ก", "ด", "บ", "ย", "ว", "อ"]))
#: Thai-looking phrases: words of the list and made-up syllables (names, new words).
_PHRASE = st.lists(st.one_of(st.sampled_from(sorted(thai.words())), _SYLLABLE),
                   min_size=1, max_size=12).map("".join)
#: Any run of Thai letters and marks, however ill-formed.
_LETTERS = st.text(alphabet=st.characters(min_codepoint=0x0E01, max_codepoint=0x0E4E),
                   min_size=1, max_size=30)


def _cuts(pieces: list[str]) -> list[int]:
    at, out = 0, []
    for piece in pieces[:-1]:
        at += len(piece)
        out.append(at)
    return out


def _rule_breaking_cuts(text: str, cuts: list[int]) -> list[int]:
    return [i for i in cuts if text[i - 1] in thai.LEADING
            or text[i] in thai.COMBINING | thai.FOLLOWING]


@settings(max_examples=300, deadline=None)
@given(st.one_of(_PHRASE, _LETTERS))
def test_segmenting_gives_the_text_back_and_never_parts_letters(text: str) -> None:
    for pieces in (thai.segment(text), thai.clusters(text)):
        assert "".join(pieces) == text
        assert all(pieces)
        assert _rule_breaking_cuts(text, _cuts(pieces)) == []


@settings(max_examples=200, deadline=None)
@given(st.lists(_PHRASE, min_size=1, max_size=4).map(" ".join), st.integers(6, 40))
def test_wrapped_thai_never_parts_letters(text: str, width: int) -> None:
    lines = wrap(text, width)
    assert all(display_width(line) <= width for line in lines), lines
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for before, after in pairwise(lines):
        assert not (before and before[-1] in thai.LEADING), (before, after)
        assert not (after and after[0] in thai.COMBINING | thai.FOLLOWING), (before, after)
