"""Where a Thai line may break: between words, found in the project's own word list.

Thai writes no spaces between words: a phrase is one run of letters, and a
line that must break inside it breaks between two words (``ลองตรวจ|ยาคุ|และ|โดร่า``),
never between the letters of one (``ยาคุแ|ละ``). The catalog puts a space
between phrases; inside a phrase, :func:`segment` finds the words.

- **The words** are ``locales/th/words.txt`` (one word a line, sorted: our own
  list, covering every Thai text the app shows; ``scripts/thai_words.py`` names the
  runs of a catalog it does not cover). It is read once, the first time a run is
  segmented (a line wider than its column), not when the app starts.
- **Maximal matching**: of the ways to cut a run into words of the list, the one
  with the fewest letters left unknown, then the fewest words (the longest matches).
- **Letters that belong together** (Thai character clusters, :func:`clusters`) are
  the fallback where a run holds a word the list does not know (a name, a new
  message): a line never breaks after a leading vowel ``เ แ โ ใ ไ``, before a
  following vowel, ``ะ า ำ ๆ ฯ``, a tone mark or any other combining mark, before a
  silent consonant (``ต์``), nor inside a vowel written around its consonant
  (``เปิด``, ``เป็น``, ``เมื่อ``, ``เรียน``, ``ตัว``, ``เธอ``).

>>> segment("ลองตรวจยาคุและโดร่า")
['ลอง', 'ตรวจ', 'ยาคุ', 'และ', 'โดร่า']
>>> clusters("เปิดตัวเมื่อ")
['เปิด', 'ตัว', 'เมื่อ']
>>> pieces("ตรวจ(ยาคุ)และ")
['ตรวจ', '(ยาคุ)', 'และ']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = ["COMBINING", "FOLLOWING", "LEADING", "THAI_RUN", "WORDS_FILE", "Segment",
           "break_allowed", "clusters", "has_thai", "pieces", "segment", "segments", "words"]

#: The word list: one word a line, sorted (``scripts/thai_words.py`` checks a catalog
#: against it).
WORDS_FILE = Path(__file__).resolve().parent / "locales" / "th" / "words.txt"

#: Vowels written before their consonant: a line never ends with one.
LEADING = frozenset("เแโใไ")
#: Vowels and signs written after their consonant (and the repeat and abbreviation
#: marks): a line never starts with one.
FOLLOWING = frozenset("ะาำๅๆฯ")
#: Marks written above or below a consonant (vowels, tone marks, ``็ ์ ํ``).
COMBINING = frozenset(chr(c) for c in (0x0E31, *range(0x0E34, 0x0E3B), *range(0x0E47, 0x0E4F)))
#: The repetition and abbreviation signs: never a word, never unknown.
_SIGNS = "\u0e46\u0e2f"
_TONES = frozenset("\u0e48\u0e49\u0e4a\u0e4b\u0e47")  # ่ ้ ๊ ๋ and ็
_THANTHAKHAT = "\u0e4c"  # ์ : the consonant it sits on is silent
_CONSONANTS = frozenset(chr(c) for c in range(0x0E01, 0x0E2F))
_OPENING = frozenset("([{“‘")
_CLOSING = frozenset(")]}”’")
#: A run of Thai letters (the block's letters, vowels and marks; not its digits).
THAI_RUN = re.compile("[\u0e01-\u0e4e]+")


def has_thai(text: str) -> bool:
    """Whether ``text`` holds a Thai letter."""
    return THAI_RUN.search(text) is not None


def _marks_after(text: str, i: int) -> str:
    """The combining marks right after ``text[i]``."""
    j = i + 1
    while j < len(text) and text[j] in COMBINING:
        j += 1
    return text[i + 1:j]


def _in_split_vowel(text: str, i: int) -> bool:
    """Whether ``text[i]`` (a consonant) ends a vowel written around the syllable's
    first consonant: ``เปิด``, ``เป็น``, ``เมื่อ``, ``เรียน``, ``เธอ``, ``เลย``, ``ตัว``, ``กัน``."""
    j = i - 1
    while j >= 0 and text[j] in _TONES:
        j -= 1
    if j < 0:
        return False
    if text[j] in "\u0e31\u0e37":  # ั ื: a vowel that always has a consonant after it
        return True
    vowel = text[j] if text[j] in "\u0e34\u0e35\u0e47" else ""  # ิ ี ็ (with เ or แ)
    k = j - 1 if vowel else j
    initial = 0
    while k >= 0 and text[k] in _CONSONANTS and initial < 2:
        k, initial = k - 1, initial + 1
    if not initial or k < 0 or text[k] not in "เแ" or (text[k] == "แ" and vowel != "\u0e47"):
        return False
    if vowel:
        return vowel != "\u0e35" or text[i] == "ย"  # เ-ีย
    return text[i] in "อย" and j == i - 1 - sum(ch in _TONES for ch in text[j + 1:i])


def _parts(text: str, i: int) -> bool:
    """Whether two words may meet between ``text[i - 1]`` and ``text[i]``: never after a
    leading vowel, nor before a following vowel or a mark (the list's words are trusted
    over the finer cluster rules of :func:`break_allowed`)."""
    return not (text[i - 1] in LEADING or text[i] in FOLLOWING or text[i] in COMBINING)


def break_allowed(text: str, i: int) -> bool:
    """Whether a line may break between ``text[i - 1]`` and ``text[i]`` by the cluster
    rules alone (inside a word of the list it never does).

    >>> [i for i in range(1, 5) if break_allowed("โดร่า", i)]
    [2]
    """
    if i <= 0 or i >= len(text):
        return True
    if not _parts(text, i):
        return False
    ch = text[i]
    if ch in _CONSONANTS:
        if _THANTHAKHAT in _marks_after(text, i):
            return False  # a silent consonant stays with its syllable: ฟอนต์
        nxt = i + 1 + len(_marks_after(text, i))
        if (nxt < len(text) and text[nxt] in _CONSONANTS and not _marks_after(text, i)
                and _THANTHAKHAT in _marks_after(text, nxt)):
            return False  # two silent consonants: ศาสตร์
        if _in_split_vowel(text, i):
            return False
    return True


def clusters(text: str) -> list[str]:
    """``text`` in Thai character clusters: letters a line never parts.

    >>> clusters("และโดร่า")
    ['และ', 'โด', 'ร่า']
    """
    out: list[str] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or break_allowed(text, i):
            out.append(text[start:i])
            start = i
    return out


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of a Thai run: a word of the list, or a cluster the list does not know."""

    text: str
    known: bool


@dataclass(frozen=True, slots=True)
class _Lexicon:
    words: frozenset[str]
    prefixes: frozenset[str]


@cache
def _lexicon() -> _Lexicon:
    """The word list, read once (the first time a run is segmented)."""
    listed = [w.strip() for w in WORDS_FILE.read_text(encoding="utf-8").splitlines()]
    found = frozenset(w for w in listed if w and not w.startswith("#"))
    return _Lexicon(found, frozenset(w[:n] for w in found for n in range(1, len(w))))


def words() -> frozenset[str]:
    """The words of the list."""
    return _lexicon().words


@cache
def segments(run: str) -> tuple[Segment, ...]:
    """A run of Thai letters cut into words of the list, by maximal matching.

    Of every cut, the one with the fewest letters outside the list, then the fewest
    pieces; a letter outside the list goes in a cluster of its own (:func:`clusters`).

    >>> [(s.text, s.known) for s in segments("ยาคุของนัมบะ")]
    [('ยาคุ', True), ('ของ', True), ('นัม', False), ('บะ', False)]
    >>> [(s.text, s.known) for s in segments("ๆ")]
    [('ๆ', True)]
    """
    lexicon = _lexicon()
    n = len(run)
    cluster_end = [0] * (n + 1)
    end = n
    for i in range(n, -1, -1):  # the end of the cluster that starts at i
        cluster_end[i] = end
        if i < n and break_allowed(run, i):
            end = i
    # best[i]: (unknown letters, pieces, the previous cut, whether run[cut:i] is a word)
    best: list[tuple[int, int, int, bool] | None] = [None] * (n + 1)
    best[0] = (0, 0, 0, True)
    for start in range(n):
        here = best[start]
        if here is None:
            continue
        unknown, count = here[0], here[1]
        stop = cluster_end[start] if start < n else n
        if run[start:stop].strip(_SIGNS):
            steps = [(stop, unknown + stop - start, False)]
        else:  # ๆ or ฯ after a space: a sign, not a word
            steps = [(stop, unknown, True)]
        for k in range(start + 1, n + 1):
            piece = run[start:k]
            if piece in lexicon.words and (k == n or _parts(run, k)):
                steps.append((k, unknown, True))
            if piece not in lexicon.prefixes:
                break
        for k, cost, known in steps:
            old = best[k]
            new = (cost, count + 1, start, known)
            if old is None or new[:2] < old[:2] or (new[:2] == old[:2] and start > old[2]):
                best[k] = new  # a tie goes to the longer words first: บอก|ว่า, not บอ|กว่า
    out: list[Segment] = []
    at = n
    while at > 0:
        step = best[at]
        assert step is not None  # a cluster always reaches the next one
        out.append(Segment(run[step[2]:at], step[3]))
        at = step[2]
    return tuple(reversed(out))


def segment(run: str) -> list[str]:
    """The words of a Thai run (see :func:`segments`)."""
    return [s.text for s in segments(run)]


def pieces(word: str) -> list[str]:
    """A word between spaces in the pieces a line may break between: the Thai words of
    its Thai runs; whatever is not Thai stays with the word beside it (``(ยาคุ)``).

    >>> pieces("โดร่า2ใบ"), pieces("ฮังของยาคุ:")
    (['โดร่า2ใบ'], ['ฮัง', 'ของ', 'ยาคุ:'])
    """
    if not has_thai(word):
        return [word]
    out: list[str] = []
    at = 0
    for m in THAI_RUN.finditer(word):
        lead = word[at:m.start()]  # punctuation, a digit: no break beside it (ฮัง:, 2ใบ)
        found = segment(m.group())
        if out and lead[:1] in _OPENING:  # a break before a bracket: ตรวจ|(ยาคุ)
            out.append(lead + found[0])
        elif out and lead[-1:] in _CLOSING:  # and after one: (ยาคุ)|และ
            out[-1] += lead
            out.append(found[0])
        elif out:
            out[-1] += lead + found[0]
        else:
            out.append(lead + found[0])
        out.extend(found[1:])
        at = m.end()
    if at < len(word):
        if out:
            out[-1] += word[at:]
        else:
            out.append(word[at:])
    return out
