"""Reading what the learner typed: each part of an answer, leniently.

Pure: no Textual, no database, no words of a language but the field's own
(English, romaji, kanji): the learner's language's names of the waits and of a
yakuman come in as :class:`LocalWords`, given by the caller
(:func:`quiz.words.terms.local_words`). Payments are read by :mod:`.payments`.

>>> parse_wait("Edge"), parse_han("3飜")
(<Wait.PENCHAN: 'penchan'>, (3, 0))
>>> parse_wait("закрите", LocalWords(waits={"закрите очікування": Wait.KANCHAN}))
<Wait.KANCHAN: 'kanchan'>
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from data.records import Part
from scoring.result import Wait
from scoring.tiles import TILES, Tile, parse_tiles
from scoring.yaku import YAKU

from .wording import Term, Wording

#: What :mod:`quiz.grading` hands on: the parts, the answer types and the readers
#: (the units and text helpers stay inside the package).
__all__ = [
    "DONT_KNOW",
    "NO_LOCAL_WORDS",
    "UNKNOWN",
    "Answer",
    "Hint",
    "LocalWords",
    "Part",
    "parse_count",
    "parse_han",
    "parse_tile_list",
    "parse_wait",
    "parse_yaku",
    "part_label",
]


_PART_LABELS: dict[Part, str] = {
    Part.FU: "Fu",
    Part.HAN: "Han",
    Part.YAKU: "Yaku",
    Part.PAYMENT: "Payment",
    Part.DORA: "Dora tiles",
    Part.DORA_HAN: "Dora han",
    Part.WAITS: "Winning tiles",
    Part.WAIT: "Wait",
    Part.SETTLEMENT: "Settlement",
}


def part_label(part: Part) -> str:
    """A part's short label for forms and summaries (English; screens translate it)."""
    return _PART_LABELS[part]



@dataclass(frozen=True, slots=True)
class Hint:
    """A part that could not be read: what to type instead (no mark is given).

    ``wording`` is the hint as data; :func:`quiz.words.sentences.say` says it in the
    learner's language.
    """

    part: Part
    wording: Wording


@dataclass(frozen=True, slots=True)
class LocalWords:
    """The learner's language's words an answer may use beside the field's own.

    Attributes:
        waits: a wait's name, normalised (:func:`normal`), to the wait.
        yakuman: a word for a yakuman limit, normalised, to its multiplier.
    """

    waits: Mapping[str, Wait] = field(default_factory=lambda: MappingProxyType({}))
    yakuman: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


#: No words but the field's own (English, romaji, kanji).
NO_LOCAL_WORDS = LocalWords()

#: The yakuman limits by multiplier, for the words of :class:`LocalWords`.
LIMIT_MULTIPLIERS: Mapping[str, int] = MappingProxyType({
    "yakuman": 1, "double_yakuman": 2, "triple_yakuman": 3, "quadruple_yakuman": 4,
    "quintuple_yakuman": 5, "sextuple_yakuman": 6})


def normal(text: str) -> str:
    """NFKC (full-width digits and signs to ASCII), lower case, outer spaces dropped."""
    return unicodedata.normalize("NFKC", text).strip().lower()


# --------------------------------------------------------------------------- other parts


_YAKUMAN_WORDS = re.compile(
    r"^(?:(?P<n>\d+)\s*x?\s*|(?P<word>single|double|triple|quadruple|ダブル|トリプル)\s*)?"
    r"(?:yakuman|役満|ym)$"
)
_MULTIPLIER_WORDS = {"single": 1, "double": 2, "triple": 3, "quadruple": 4, "ダブル": 2,
                     "トリプル": 3}


def parse_count(text: str, part: Part, *, units: Iterable[str] = ()) -> int | Hint:
    """Read a whole number such as fu (``30``, ``30 fu``, ``３０符``), han or a dora count.

    The hint names the part (``fu``, ``han``, ``dora_han``: one sentence each).
    """
    s = normal(text)
    for unit in sorted(units, key=len, reverse=True):
        if s.endswith(unit):
            s = s[: -len(unit)].strip()
            break
    if re.fullmatch(r"\d{1,4}", s):
        return int(s)
    if not s:
        return Hint(part, Wording.of(f"{part.value}_empty"))
    return Hint(part, Wording.of(f"{part.value}_unreadable", typed=Term("text", text.strip())))


FU_UNITS = ("fu", "符", "ふ")
HAN_UNITS = ("han", "飜", "翻", "ハン", "はん")


def parse_han(text: str, local: LocalWords = NO_LOCAL_WORDS) -> tuple[int, int] | Hint:
    """Read han as ``(han, yakuman multiplier)``: ``3``, ``3 han``, ``3飜``, ``yakuman``.

    >>> parse_han("3飜"), parse_han("double yakuman"), parse_han("役満")
    ((3, 0), (0, 2), (0, 1))
    """
    s = normal(text)
    m = _YAKUMAN_WORDS.fullmatch(s)
    if m:
        if m.group("n"):
            return (0, int(m.group("n")))
        return (0, _MULTIPLIER_WORDS.get(m.group("word") or "single", 1))
    multiplier = local.yakuman.get(s)
    if multiplier:
        return (0, multiplier)
    n = parse_count(text, Part.HAN, units=HAN_UNITS)
    if isinstance(n, Hint):
        return n
    return (n, 0)


def _yaku_lookup() -> dict[str, str]:
    table: dict[str, str] = {}
    for name, info in YAKU.items():
        for key in (name, info.title, name.replace("_", " ")):
            table[normal(key).replace("yakuhai: ", "")] = name
            table[normal(key)] = name
    return table


_YAKU_LOOKUP = _yaku_lookup()


def parse_yaku(answer: str | Iterable[str]) -> frozenset[str] | Hint:
    """Read yaku: a collection of batch names (from the pick list) or comma-separated text.

    >>> sorted(parse_yaku("Riichi, pinfu, menzen tsumo"))
    ['menzen_tsumo', 'pinfu', 'riichi']
    """
    words = answer.split(",") if isinstance(answer, str) else list(answer)
    out: set[str] = set()
    unknown = []
    for word in words:
        key = normal(word)
        if not key:
            continue
        name = _YAKU_LOOKUP.get(key) or _YAKU_LOOKUP.get(key.replace("yakuhai: ", ""))
        if name is None:
            unknown.append(word.strip())
        else:
            out.add(name)
    if unknown:
        return Hint(Part.YAKU, Wording.of("yaku_unknown", typed=Term("text", unknown[0])))
    if not out:
        return Hint(Part.YAKU, Wording.of("yaku_none"))
    return frozenset(out)


_TILE_WORDS: dict[str, int] = {}
for _i, _words in enumerate((
    ("e", "east", "東", "ton"), ("s", "south", "南", "nan"), ("w", "west", "西", "sha"),
    ("n", "north", "北", "pei"), ("wh", "white", "haku", "白", "p"),
    ("gr", "green", "hatsu", "發", "発", "f"), ("rd", "red", "chun", "中", "c"),
)):
    for _w in _words:
        _TILE_WORDS[_w] = 27 + _i


def parse_tile_list(text: str, part: Part) -> tuple[Tile, ...] | Hint:
    """Read tiles: MPSZ (``6p``, ``25m``), or honour names (``E``, ``Wh``, ``chun``, ``中``).

    >>> from scoring.tiles import format_tiles
    >>> format_tiles(parse_tile_list("25m, E wh", Part.WAITS))
    '25m15z'
    """
    s = normal(text)
    if not s:
        return Hint(part, Wording.of("tiles_empty"))
    tiles: list[Tile] = []
    for token in re.split(r"[\s,、/]+", s):
        if not token:
            continue
        if token in _TILE_WORDS:
            tiles.append(TILES[_TILE_WORDS[token]])
            continue
        try:
            tiles.extend(parse_tiles(token))
        except ValueError:
            return Hint(part, Wording.of("tiles_unreadable", typed=Term("text", token)))
    return tuple(tiles)


_WAIT_WORDS: dict[str, Wait] = {}
for _wait, _words in (
    (Wait.RYANMEN, ("ryanmen", "two-sided", "two sided", "open", "両面", "りゃんめん", "r")),
    (Wait.KANCHAN, ("kanchan", "closed", "middle", "inside", "嵌張", "カンチャン", "k")),
    (Wait.PENCHAN, ("penchan", "edge", "辺張", "ペンチャン", "p")),
    (Wait.SHANPON, ("shanpon", "double pair", "dual pair", "双碰", "シャンポン", "s")),
    (Wait.TANKI, ("tanki", "single", "pair wait", "pair", "単騎", "タンキ", "t")),
    (Wait.KOKUSHI, ("kokushi", "kokushi single", "13 orphans")),
    (Wait.KOKUSHI_13, ("kokushi_13", "kokushi 13", "13-sided", "13 sided", "thirteen")),
):
    for _w in _words:
        _WAIT_WORDS[_w] = _wait


def parse_wait(text: str, local: LocalWords = NO_LOCAL_WORDS) -> Wait | Hint:
    """Read a wait kind: a name (``kanchan``), an English word (``edge``) or its initial,
    or the wait's name in the learner's language (or the start of it: ``закрите``).

    >>> parse_wait("Edge"), parse_wait("tan")
    (<Wait.PENCHAN: 'penchan'>, <Wait.TANKI: 'tanki'>)
    """
    s = normal(text)
    if s in _WAIT_WORDS:
        return _WAIT_WORDS[s]
    hits = {w for word, w in _WAIT_WORDS.items() if len(s) >= 2 and word.startswith(s)}
    if len(hits) == 1:
        return hits.pop()
    if s in local.waits:
        return local.waits[s]
    hits = {w for word, w in local.waits.items() if len(s) >= 2 and word.startswith(s)}
    if len(hits) == 1:
        return hits.pop()
    return Hint(Part.WAIT, Wording.of("wait_unreadable"))



Answer = str | Iterable[str]

#: What a learner types for "I don't know": the part is marked wrong, with no hint.
DONT_KNOW = frozenset(("?", "??", "idk", "pass", "dunno", "わからない", "？"))


class _Unknown:
    """The value of a part the learner said they do not know."""

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = _Unknown()

