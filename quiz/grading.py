"""Checking an answer: lenient parsing, a mark per part, and the likely mistake.

Pure: no Textual, no database. The drill builds an :class:`AnswerKey` for a
question (from a scored hand, or from a points-table cell); :func:`grade`
reads what the learner typed for each asked :class:`Part` and returns either
:class:`Hints` (a part could not be read: the learner gets a hint and no
mark) or a :class:`Marked` answer: each part right or wrong, the most likely
reasons for the wrong parts, and the concepts missed (topic ids of
:mod:`data.topics`).

Payments are read as they are said at the table:

>>> parse_payment("7,700", dealer=False, tsumo=False)
Shares(shape=<PayShape.RON: 'ron'>, first=7700, second=None)
>>> str(parse_payment("２０００ー３９００", dealer=False, tsumo=True))
'2000/3900'
>>> str(parse_payment("3900オール", dealer=True, tsumo=True))
'3900 all'
>>> parse_payment("lots", dealer=False, tsumo=False).message
"write the payment as it is said at the table: '7700' for a ron"

Each likely mistake is found by re-deriving the value that mistake gives and
comparing it with the answer. Forgetting the 10 fu of a closed ron on the
seeds' 1m-triplet hand gives 100 fu, not 110:

>>> from scoring import parse_record, score
>>> key = AnswerKey.from_result(score(parse_record({"hand": "111m678s22z", "win": "1m",
...     "melds": ["ankan 1111p", "ankan 6666z"], "seat": "S", "round": "S"})),
...     (Part.FU, Part.PAYMENT))
>>> marked = grade(key, {Part.FU: "100", Part.PAYMENT: "3200"})
>>> [m.correct for m in marked.marks], marked.reason
([False, False], 'forgot the 10 fu for a closed hand won by ron (menzen kafu)')
>>> marked.concepts
('fu:closed_ron',)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from data.topics import is_topic, sort_topics, table_cell
from scoring.decompose import counts_of, decompositions, is_chiitoitsu, is_kokushi, readings
from scoring.evaluate import base_points
from scoring.points import round_up_100
from scoring.result import GroupKind, Limit, ReadingKind, Wait
from scoring.rules import TENHOU, RuleProfile
from scoring.tiles import TILES, Tile, dora_from_indicator, format_tiles, parse_tiles
from scoring.yaku import DORA_NAMES, YAKU

if TYPE_CHECKING:
    from scoring import Result

__all__ = [
    "DONT_KNOW",
    "UNKNOWN",
    "AnswerKey",
    "Diagnosis",
    "Hint",
    "Hints",
    "Marked",
    "Part",
    "PartMark",
    "PayShape",
    "Shares",
    "grade",
    "parse_count",
    "parse_han",
    "parse_payment",
    "parse_tile_list",
    "parse_wait",
    "parse_yaku",
    "shares_for",
    "winning_tiles",
]


class Part(StrEnum):
    """A part of an answer, valued by the name stored with each attempt."""

    FU = "fu"
    HAN = "han"
    YAKU = "yaku"
    PAYMENT = "payment"
    DORA = "dora"
    DORA_HAN = "dora_han"
    WAITS = "waits"
    WAIT = "wait"

    @property
    def label(self) -> str:
        """A short label for forms and summaries."""
        return _PART_LABELS[self]


_PART_LABELS: dict[Part, str] = {
    Part.FU: "Fu",
    Part.HAN: "Han",
    Part.YAKU: "Yaku",
    Part.PAYMENT: "Payment",
    Part.DORA: "Dora tiles",
    Part.DORA_HAN: "Dora han",
    Part.WAITS: "Winning tiles",
    Part.WAIT: "Wait",
}


# --------------------------------------------------------------------------- payments


class PayShape(StrEnum):
    """How a payment is said: one number (ron), two shares, or one share from all."""

    RON = "ron"
    SPLIT = "split"
    ALL = "all"


@dataclass(frozen=True, slots=True)
class Shares:
    """A payment as said at the table.

    Attributes:
        shape: ron (one payer), split (a non-dealer's tsumo) or all (a dealer's tsumo).
        first: the ron amount, each non-dealer's share, or each payer's share.
        second: the dealer's share of a split, else None.
    """

    shape: PayShape
    first: int
    second: int | None = None

    def __str__(self) -> str:
        if self.shape is PayShape.RON:
            return str(self.first)
        if self.shape is PayShape.ALL:
            return f"{self.first} all"
        return f"{self.first}/{self.second}"

    @property
    def total(self) -> int:
        """Everything the payers pay together."""
        if self.shape is PayShape.RON:
            return self.first
        if self.shape is PayShape.ALL:
            return 3 * self.first
        return 2 * self.first + (self.second or 0)

    def plus(self, per_payer: int, ron_bonus: int) -> Shares:
        """The same payment with a bonus added (per payer on tsumo, once on ron)."""
        if self.shape is PayShape.RON:
            return Shares(self.shape, self.first + ron_bonus)
        second = None if self.second is None else self.second + per_payer
        return Shares(self.shape, self.first + per_payer, second)


def _no_rounding(points: int) -> int:
    return points


def shares_for(
    base: int,
    *,
    dealer: bool,
    tsumo: bool,
    honba: int = 0,
    honba_ron: int = 300,
    rounding: Callable[[int], int] = round_up_100,
) -> Shares:
    """What each payer pays for a hand of these base points, honba included.

    >>> str(shares_for(1920, dealer=False, tsumo=True, honba=1))
    '2100/4000'
    >>> str(shares_for(320, dealer=True, tsumo=False))
    '2000'
    """
    if not tsumo:
        shares = Shares(PayShape.RON, rounding(base * (6 if dealer else 4)))
    elif dealer:
        shares = Shares(PayShape.ALL, rounding(base * 2))
    else:
        shares = Shares(PayShape.SPLIT, rounding(base), rounding(base * 2))
    return shares.plus(honba * (honba_ron // 3), honba * honba_ron)


@dataclass(frozen=True, slots=True)
class Hint:
    """A part that could not be read: what to type instead (no mark is given)."""

    part: Part
    message: str


_PAY_EXAMPLE = {
    (False, False): "'7700' for a ron",
    (True, False): "'11600' for the dealer's ron",
    (False, True): "the non-dealers' share, then the dealer's: '2000/3900'",
    (True, True): "each player's share: '3900 all'",
}
_ALL_WORDS = re.compile(r"\s*(?:all|each|オール|おーる|ｵｰﾙ|ずつ)\s*$")
_THOUSANDS = re.compile(r"(?<=\d)[,'’](?=\d{3}(?!\d))")
_SPACED_THOUSANDS = re.compile(r"(?<![\d])(\d{1,2}) (\d{3})(?![\d])")
_KILO = re.compile(r"(\d+(?:\.\d+)?)\s*k\b")
_SPLIT = re.compile(r"^(\d+)\s*(?:/|-|–|—|ー|−|・|\\|,|、|\s|to)\s*(\d+)$")
_UNIT_WORDS = re.compile(r"\s*(?:点|pts?|points?)\s*$")


def _normal(text: str) -> str:
    """NFKC (full-width digits and signs to ASCII), lower case, outer spaces dropped."""
    return unicodedata.normalize("NFKC", text).strip().lower()


def _kilo(m: re.Match[str]) -> str:
    return str(round(float(m.group(1)) * 1000))


def parse_payment(text: str, *, dealer: bool, tsumo: bool) -> Shares | Hint:
    """Read a payment typed as it is said at the table.

    Accepts ``7700``, ``7,700``, ``7 700``, ``7.7k``, ``2000/3900``, ``2000-3900``,
    ``2000 3900``, ``3900 all``, ``3900オール`` and full-width digits. For a
    non-dealer's tsumo the two shares may come in either order (the dealer's
    is the larger). For a dealer's tsumo a single number is each player's share.

    Returns:
        the payment, or a :class:`Hint` when the text is not a payment of the
        shape this win is paid in (a ron is one number; a non-dealer's tsumo
        two shares).
    """
    example = _PAY_EXAMPLE[(dealer, tsumo)]
    hint = Hint(Part.PAYMENT, f"write the payment as it is said at the table: {example}")
    s = _normal(text)
    if not s:
        return Hint(Part.PAYMENT, f"type the payment: {example}")
    s = _UNIT_WORDS.sub("", s)
    s = _KILO.sub(_kilo, s)
    s = _THOUSANDS.sub("", s)
    s = _SPACED_THOUSANDS.sub(r"\1\2", s)
    is_all = bool(_ALL_WORDS.search(s))
    if is_all:
        s = _ALL_WORDS.sub("", s)
    single = re.fullmatch(r"\d+", s)
    split = _SPLIT.fullmatch(s) if not single else None
    if single:
        value = int(s)
        if value <= 0:
            return hint
        if is_all:
            if not tsumo:
                return Hint(Part.PAYMENT, f"this is a ron: one player pays, so say one number, "
                                          f"e.g. {_PAY_EXAMPLE[(dealer, False)]}")
            return Shares(PayShape.ALL, value)
        if tsumo and dealer:
            return Shares(PayShape.ALL, value)
        if tsumo:
            return Hint(Part.PAYMENT, "a non-dealer's tsumo is paid by three players: give the "
                                      "non-dealers' share and the dealer's, e.g. '2000/3900'")
        return Shares(PayShape.RON, value)
    if split and not is_all:
        a, b = int(split.group(1)), int(split.group(2))
        if a <= 0 or b <= 0:
            return hint
        if not tsumo:
            return Hint(Part.PAYMENT, "this is a ron: only the discarder pays, so say one "
                                      f"number, e.g. {_PAY_EXAMPLE[(dealer, False)]}")
        return Shares(PayShape.SPLIT, min(a, b), max(a, b))
    return hint


def _split_reversed(text: str) -> bool:
    """True when a split payment was typed with the dealer's (larger) share first."""
    s = _THOUSANDS.sub("", _normal(text))
    m = _SPLIT.fullmatch(_UNIT_WORDS.sub("", s))
    return m is not None and int(m.group(1)) > int(m.group(2))


# --------------------------------------------------------------------------- other parts


_YAKUMAN_WORDS = re.compile(
    r"^(?:(?P<n>\d+)\s*x?\s*|(?P<word>single|double|triple|quadruple|ダブル|トリプル)\s*)?"
    r"(?:yakuman|役満|ym)$"
)
_MULTIPLIER_WORDS = {"single": 1, "double": 2, "triple": 3, "quadruple": 4, "ダブル": 2,
                     "トリプル": 3}


def parse_count(text: str, part: Part, *, units: Iterable[str] = ()) -> int | Hint:
    """Read a whole number such as fu (``30``, ``30 fu``, ``３０符``) or a dora count.

    """
    s = _normal(text)
    for unit in sorted(units, key=len, reverse=True):
        if s.endswith(unit):
            s = s[: -len(unit)].strip()
            break
    if re.fullmatch(r"\d{1,4}", s):
        return int(s)
    what = {Part.FU: "the fu", Part.DORA_HAN: "how many han of dora"}.get(part, part.label)
    example = {Part.FU: "30"}.get(part, "2")
    if not s:
        return Hint(part, f"type {what} as a number, e.g. {example} (or ? if you do not know)")
    return Hint(part, f"type {what} as a number, e.g. {example}, not '{text.strip()}'")


FU_UNITS = ("fu", "符", "ふ")
HAN_UNITS = ("han", "飜", "翻", "ハン", "はん")


def parse_han(text: str) -> tuple[int, int] | Hint:
    """Read han as ``(han, yakuman multiplier)``: ``3``, ``3 han``, ``3飜``, ``yakuman``.

    >>> parse_han("3飜"), parse_han("double yakuman"), parse_han("役満")
    ((3, 0), (0, 2), (0, 1))
    """
    s = _normal(text)
    m = _YAKUMAN_WORDS.fullmatch(s)
    if m:
        if m.group("n"):
            return (0, int(m.group("n")))
        return (0, _MULTIPLIER_WORDS.get(m.group("word") or "single", 1))
    n = parse_count(text, Part.HAN, units=HAN_UNITS)
    if isinstance(n, Hint):
        return Hint(Part.HAN, n.message.replace("Han", "the han").replace(", e.g. 2",
                                                                          ", e.g. 3 (or yakuman)"))
    return (n, 0)


def _yaku_lookup() -> dict[str, str]:
    table: dict[str, str] = {}
    for name, info in YAKU.items():
        for key in (name, info.title, name.replace("_", " ")):
            table[_normal(key).replace("yakuhai: ", "")] = name
            table[_normal(key)] = name
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
        key = _normal(word)
        if not key:
            continue
        name = _YAKU_LOOKUP.get(key) or _YAKU_LOOKUP.get(key.replace("yakuhai: ", ""))
        if name is None:
            unknown.append(word.strip())
        else:
            out.add(name)
    if unknown:
        return Hint(Part.YAKU, f"unknown yaku '{unknown[0]}': pick from the list")
    if not out:
        return Hint(Part.YAKU, "pick at least one yaku from the list (space marks one, "
                               "? if you do not know)")
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

    >>> format_tiles(parse_tile_list("25m, E wh", Part.WAITS))
    '25m15z'
    """
    s = _normal(text)
    if not s:
        return Hint(part, "type tiles in MPSZ notation, e.g. '25m' or '6p E'")
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
            return Hint(part, f"cannot read '{token}' as tiles: use MPSZ like '25m' or '6p E'")
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


def parse_wait(text: str) -> Wait | Hint:
    """Read a wait kind: a name (``kanchan``), an English word (``edge``) or its initial.

    >>> parse_wait("Edge"), parse_wait("tan")
    (<Wait.PENCHAN: 'penchan'>, <Wait.TANKI: 'tanki'>)
    """
    s = _normal(text)
    if s in _WAIT_WORDS:
        return _WAIT_WORDS[s]
    hits = {w for word, w in _WAIT_WORDS.items() if len(s) >= 2 and word.startswith(s)}
    if len(hits) == 1:
        return hits.pop()
    return Hint(Part.WAIT, "type the wait: ryanmen, kanchan, penchan, shanpon or tanki "
                           "(r, k, p, s, t)")


# --------------------------------------------------------------------------- hand facts


def winning_tiles(concealed: Iterable[Tile], n_melds: int) -> tuple[Tile, ...]:
    """The tile kinds that complete a waiting hand (shape only, yaku aside).

    Kinds the hand already holds four of are left out (they cannot be drawn).

    >>> format_tiles(winning_tiles(parse_tiles("23m456p789s111z55s"), 0))
    '14m'
    """
    base = list(counts_of(concealed))
    n_sets = 4 - n_melds
    out = []
    for i in range(34):
        if base[i] >= 4:
            continue
        base[i] += 1
        counts = tuple(base)
        if decompositions(counts, n_sets) or (
            n_melds == 0 and (is_chiitoitsu(counts) or is_kokushi(counts))
        ):
            out.append(TILES[i])
        base[i] -= 1
    return tuple(out)


def _fu_topic(name: str) -> str | None:
    """The topic id of a fu item of ``scoring`` (None for the base)."""
    fixed = {
        "closed ron": "fu:closed_ron", "tsumo": "fu:tsumo",
        "open ron minimum": "fu:open_ron_minimum", "chiitoitsu": "fu:chiitoitsu",
        "pair of dragons": "fu:dragon_pair", "pair of seat wind": "fu:seat_wind_pair",
        "pair of round wind": "fu:round_wind_pair",
        "pair of seat and round wind": "rule:double_wind_pair",
        "kanchan wait": "fu:wait", "penchan wait": "fu:wait", "tanki wait": "fu:wait",
    }
    if name in fixed:
        return fixed[name]
    m = re.fullmatch(r"(open|closed) (triplet|quad) of (simples|terminals/honours)", name)
    if m:
        group = "simples" if m.group(3) == "simples" else "terminals"
        return f"fu:{m.group(1)}_{m.group(2)}_{group}"
    return None


def _yaku_topic(name: str) -> str:
    return f"dora:{name}" if name in DORA_NAMES else f"yaku:{name}"


def _yaku_title(name: str) -> str:
    if name in YAKU:
        return YAKU[name].title
    return {"dora": "dora", "ura_dora": "ura dora", "aka_dora": "red fives"}.get(name, name)


# --------------------------------------------------------------------------- the key


@dataclass(frozen=True)
class AnswerKey:
    """What is asked in one question and every value the grading needs.

    Build it with :meth:`from_result` (a hand) or :meth:`from_cell` (a
    points-table question). ``result`` is None for a table question.
    """

    parts: tuple[Part, ...]
    fu: int
    raw_fu: int
    han: int
    yakuman: int
    dealer: bool
    tsumo: bool
    honba: int
    profile: RuleProfile
    payment: Shares
    base: int
    limit: str | None = None
    yaku: frozenset[str] = frozenset()
    dora: tuple[Tile, ...] = ()
    dora_han: int = 0
    waits: tuple[Tile, ...] = ()
    wait: Wait | None = None
    possible_waits: frozenset[Wait] = frozenset()
    result: Result | None = field(default=None, repr=False, compare=False)

    @classmethod
    def from_result(cls, result: Result, parts: Iterable[Part]) -> AnswerKey:
        """The key of a scored hand, for the parts asked."""
        s, hand = result.situation, result.hand
        rules = result.profile
        counted = [*s.dora] if rules.kan_dora else [*s.dora[:1]]
        dora_han = sum(y.han for y in result.yaku if y.name in ("dora", "aka_dora"))
        possible: frozenset[Wait] = frozenset()
        waits: tuple[Tile, ...] = ()
        if result.reading.kind is ReadingKind.STANDARD:
            n_sets = 4 - len(hand.melds)
            possible = frozenset(w for _, _, w in readings(counts_of(hand.concealed), n_sets,
                                                           hand.win.index))
        before = list(hand.concealed)
        before.remove(hand.win)
        waits = winning_tiles(before, len(hand.melds))
        return cls(
            parts=tuple(parts),
            fu=result.fu,
            raw_fu=result.raw_fu,
            han=result.han,
            yakuman=result.yakuman,
            dealer=result.dealer,
            tsumo=result.tsumo,
            honba=result.honba,
            profile=rules,
            payment=shares_for(result.base, dealer=result.dealer, tsumo=result.tsumo,
                               honba=result.honba, honba_ron=rules.honba_ron),
            base=result.base,
            limit=result.limit.value if result.limit else None,
            yaku=frozenset(y.name for y in result.yaku if y.name not in DORA_NAMES),
            dora=tuple(dora_from_indicator(t) for t in counted),
            dora_han=dora_han,
            waits=waits,
            wait=result.wait,
            possible_waits=possible,
            result=result,
        )

    @classmethod
    def from_cell(cls, fu: int, han: int, *, dealer: bool, tsumo: bool, honba: int = 0,
                  profile: RuleProfile = TENHOU) -> AnswerKey:
        """The key of a points-table question: the payment for this fu and han."""
        base, limit = base_points(han, fu, 0, profile)
        return cls(
            parts=(Part.PAYMENT,),
            fu=fu,
            raw_fu=fu,
            han=han,
            yakuman=0,
            dealer=dealer,
            tsumo=tsumo,
            honba=honba,
            profile=profile,
            payment=shares_for(base, dealer=dealer, tsumo=tsumo, honba=honba,
                               honba_ron=profile.honba_ron),
            base=base,
            limit=limit.value if limit else None,
        )

    @property
    def fu_matters(self) -> bool:
        """False when the han alone fix the value (5+ han or a yakuman)."""
        return not self.yakuman and self.han < 5

    def expected_text(self, part: Part) -> str:
        """The right answer to a part, as shown and stored."""
        if part is Part.FU:
            return str(self.fu)
        if part is Part.HAN:
            return _han_text(self.han, self.yakuman)
        if part is Part.YAKU:
            return ", ".join(sorted(self.yaku))
        if part is Part.PAYMENT:
            return str(self.payment)
        if part is Part.DORA:
            return " ".join(str(t) for t in self.dora)
        if part is Part.DORA_HAN:
            return str(self.dora_han)
        if part is Part.WAITS:
            return format_tiles(self.waits)
        if part is Part.WAIT:
            return self.wait.value if self.wait else ""
        raise ValueError(f"unknown part {part!r}")

    def shares(self, fu: int, han: int, *, dealer: bool | None = None, honba: int | None = None,
               rounding: Callable[[int], int] = round_up_100, yakuman: int | None = None,
               profile: RuleProfile | None = None) -> Shares:
        """The payment this key's win would get with other numbers (to re-derive mistakes)."""
        base, _ = base_points(han, fu, self.yakuman if yakuman is None else yakuman,
                              profile or self.profile)
        return shares_for(base, dealer=self.dealer if dealer is None else dealer,
                          tsumo=self.tsumo, honba=self.honba if honba is None else honba,
                          honba_ron=self.profile.honba_ron, rounding=rounding)


def _han_text(han: int, yakuman: int) -> str:
    if yakuman:
        return "yakuman" if yakuman == 1 else f"{yakuman}x yakuman"
    return str(han)


# --------------------------------------------------------------------------- marks


@dataclass(frozen=True, slots=True)
class PartMark:
    """One part of an answer, marked.

    Attributes:
        part: which part.
        given: what the learner gave, normalised (``2000/3900``, ``30``).
        expected: the right answer.
        correct: whether it was right.
        note: a remark that is not a mark (e.g. the order of a split payment).
    """

    part: Part
    given: str
    expected: str
    correct: bool
    note: str = ""


@dataclass(frozen=True, slots=True)
class Diagnosis:
    """A likely reason for wrong parts, with the concepts it shows were missed.

    ``alternatives`` are other mistakes that give the same answer (e.g. on
    102 fu, forgetting any small item still rounds to 100): they are
    mentioned, but only the most likely one tags concepts.
    """

    code: str
    text: str
    parts: tuple[Part, ...]
    concepts: tuple[str, ...]
    alternatives: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Marked:
    """A graded answer: the marks, the likely reasons, and the concepts missed."""

    marks: tuple[PartMark, ...]
    diagnoses: tuple[Diagnosis, ...] = ()
    concepts: tuple[str, ...] = ()

    @property
    def correct(self) -> bool:
        """Every part right."""
        return all(m.correct for m in self.marks)

    @property
    def reason(self) -> str | None:
        """The most likely reason for the first wrong part, or None when all is right."""
        return self.diagnoses[0].text if self.diagnoses else None

    def mark(self, part: Part) -> PartMark | None:
        """The mark of one part, if it was asked."""
        return next((m for m in self.marks if m.part is part), None)

    @property
    def score(self) -> tuple[int, int]:
        """(parts right, parts asked)."""
        return sum(1 for m in self.marks if m.correct), len(self.marks)


@dataclass(frozen=True, slots=True)
class Hints:
    """The answer could not be read: one hint per unreadable part, and no mark."""

    hints: tuple[Hint, ...]

    def for_part(self, part: Part) -> str | None:
        """The hint for a part, if it has one."""
        return next((h.message for h in self.hints if h.part is part), None)


Answer = str | Iterable[str]

#: What a learner types for "I don't know": the part is marked wrong, with no hint.
DONT_KNOW = frozenset(("?", "??", "idk", "pass", "dunno", "わからない", "？"))


class _Unknown:
    """The value of a part the learner said they do not know."""

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = _Unknown()


def _read(key: AnswerKey, part: Part, raw: Answer) -> Any:
    text = raw if isinstance(raw, str) else ""
    if part is Part.FU:
        return parse_count(text, part, units=FU_UNITS)
    if part is Part.HAN:
        return parse_han(text)
    if part is Part.YAKU:
        return parse_yaku(raw)
    if part is Part.PAYMENT:
        return parse_payment(text, dealer=key.dealer, tsumo=key.tsumo)
    if part is Part.DORA_HAN:
        return parse_count(text, part, units=HAN_UNITS)
    if part in (Part.DORA, Part.WAITS):
        return parse_tile_list(text, part)
    if part is Part.WAIT:
        return parse_wait(text)
    raise ValueError(f"unknown part {part!r}")


def _expected_value(key: AnswerKey, part: Part) -> Any:
    return {
        Part.FU: key.fu,
        Part.HAN: (key.han, key.yakuman),
        Part.YAKU: key.yaku,
        Part.PAYMENT: key.payment,
        Part.DORA: _tile_bag(key.dora),
        Part.DORA_HAN: key.dora_han,
        Part.WAITS: frozenset(t.index for t in key.waits),
        Part.WAIT: key.wait,
    }[part]


def _tile_bag(tiles: Iterable[Tile]) -> tuple[int, ...]:
    return tuple(sorted(t.index for t in tiles))


def _normalise_value(key: AnswerKey, part: Part, value: Any) -> Any:
    if part is Part.DORA:
        return _tile_bag(value)
    if part is Part.WAITS:
        return frozenset(t.index for t in value)
    if part is Part.HAN and key.yakuman and value[1] == 0 and value[0] == 13 * key.yakuman:
        return (0, key.yakuman)
    return value


def _given_text(part: Part, value: Any) -> str:
    if value is UNKNOWN:
        return "?"
    if part is Part.HAN:
        return _han_text(*value)
    if part is Part.YAKU:
        return ", ".join(sorted(value))
    if part in (Part.FU, Part.DORA_HAN):
        return str(value)
    if part is Part.DORA:
        return " ".join(str(TILES[i]) for i in value)
    if part is Part.WAITS:
        return format_tiles(TILES[i] for i in sorted(value))
    if part is Part.WAIT:
        return str(value.value)
    return str(value)


def grade(key: AnswerKey, answers: Mapping[Part, Answer]) -> Marked | Hints:
    """Mark an answer part by part, and find the likely reasons for wrong parts.

    Args:
        key: the question's answer key.
        answers: what the learner gave for each asked part: text, or for the
            yaku the names picked from the list.

    Returns:
        :class:`Hints` when some part could not be read (nothing is marked),
        else the :class:`Marked` answer.
    """
    values: dict[Part, Any] = {}
    hints: list[Hint] = []
    for part in key.parts:
        raw = answers.get(part, "")
        if isinstance(raw, str) and _normal(raw) in DONT_KNOW:
            values[part] = UNKNOWN
            continue
        read = _read(key, part, raw)
        if isinstance(read, Hint):
            hints.append(read)
        else:
            values[part] = _normalise_value(key, part, read)
    if hints:
        return Hints(tuple(hints))
    marks = []
    for part in key.parts:
        value = values[part]
        note = ""
        typed = answers.get(part)
        if part is Part.PAYMENT and isinstance(typed, str) and _split_reversed(typed):
            note = "at the table the non-dealers' share is said first, then the dealer's"
        marks.append(PartMark(part, _given_text(part, value), key.expected_text(part),
                              value == _expected_value(key, part), note))
    diagnoses = diagnose(key, values, tuple(marks))
    concepts = sort_topics(c for d in diagnoses for c in d.concepts if is_topic(c))
    return Marked(tuple(marks), diagnoses, concepts)


# --------------------------------------------------------------------------- mistakes


@dataclass(frozen=True, slots=True)
class Mistake:
    """A common mistake and the values it leads to (None: that part is unaffected)."""

    code: str
    text: str
    concepts: tuple[str, ...]
    predicts: tuple[tuple[Part, Any], ...]


def _mistake(key: AnswerKey, code: str, text: str, concepts: Iterable[str], *,
             fu: int | None = None, han: int | None = None, payment: Shares | None = None,
             **other: Any) -> Mistake:
    """A mistake predicting fu/han (and the payment they lead to) or other parts."""
    predicts: dict[Part, Any] = {}
    if fu is not None and fu != key.fu:
        predicts[Part.FU] = fu
    if han is not None and han != key.han:
        predicts[Part.HAN] = (han, 0)
    if payment is None and (Part.FU in predicts or Part.HAN in predicts) and not key.yakuman:
        payment = key.shares(fu if fu is not None else key.fu, han if han is not None else key.han)
    if payment is not None and payment != key.payment:
        predicts[Part.PAYMENT] = payment
    for name, value in other.items():
        predicts[Part(name)] = value
    return Mistake(code, text, tuple(concepts), tuple(predicts.items()))


def _round10(fu: int) -> int:
    return -(-fu // 10) * 10


def _pay_topic(key: AnswerKey) -> str:
    return f"pay:{'dealer' if key.dealer else 'non_dealer'}_{'tsumo' if key.tsumo else 'ron'}"


def fu_mistakes(key: AnswerKey) -> list[Mistake]:
    """Mistakes in counting the fu of a hand, each with the fu it gives."""
    r = key.result
    if r is None or key.yakuman:
        return []
    out: list[Mistake] = []
    closed = r.hand.is_closed
    names = {item.name for item in r.fu_items}
    pinfu = "pinfu" in key.yaku
    if r.reading.kind is ReadingKind.CHIITOITSU:
        out.append(_mistake(key, "rounded_chiitoitsu",
                            "rounded chiitoitsu's 25 fu up to 30: seven pairs are always 25 fu, "
                            "never rounded", ("fu:chiitoitsu",), fu=30))
        out.append(_mistake(key, "chiitoitsu_fu_50",
                            "counted chiitoitsu as 50 fu: it is 25 fu (some old tables "
                            "count 50 fu 1 han, which gives the same points)",
                            ("fu:chiitoitsu",), fu=50))
        return out
    if r.reading.kind is not ReadingKind.STANDARD:
        return out
    if pinfu and r.tsumo:
        out.append(_mistake(key, "pinfu_tsumo_fu",
                            "counted the 2 tsumo fu on a pinfu tsumo: pinfu tsumo is a fixed "
                            "20 fu", ("fu:pinfu_tsumo",), fu=30))
    for g in r.reading.groups:
        if g.kind is GroupKind.TRIPLET and g.has_win and not g.melded and not g.concealed:
            value = 4 if g.tiles[0].is_terminal_or_honor else 2
            out.append(_mistake(
                key, "ron_triplet_closed",
                f"counted the {format_tiles(g.tiles)} triplet as closed, but it was completed "
                f"by ron, so it counts as open ({value} fu, not {2 * value})",
                ("fu:ron_triplet",), fu=_round10(key.raw_fu + value)))
            concealed = sum(1 for x in r.reading.groups
                            if x.kind in (GroupKind.TRIPLET, GroupKind.QUAD) and x.concealed)
            if concealed == 2 and "sanankou" not in key.yaku:
                out.append(_mistake(
                    key, "ron_triplet_sanankou",
                    f"counted sanankou, but the {format_tiles(g.tiles)} triplet was completed "
                    "by ron, so it is not concealed", ("fu:ron_triplet", "yaku:sanankou"),
                    han=key.han + 2, fu=_round10(key.raw_fu + value)))
    forgotten = [i for i in r.fu_items
                 if i.name not in ("base", "open ron minimum", "chiitoitsu")]
    # the most common slip first, then the rule nuances, then the other items
    forgotten.sort(key=lambda i: i.name != "closed ron")
    rules_added = False
    for item in forgotten:
        if not rules_added and item.name != "closed ron":
            out.extend(_rule_fu_mistakes(key, names))
            rules_added = True
        fu = _round10(key.raw_fu - item.fu)
        if not closed and not r.tsumo and fu < 30:
            fu = 30
        topic = _fu_topic(item.name)
        tiles = f" {format_tiles(item.tiles)}" if item.tiles else ""
        if item.name == "closed ron":
            text = "forgot the 10 fu for a closed hand won by ron (menzen kafu)"
            code = "forgot_closed_ron"
        elif item.name == "tsumo":
            text = "forgot the 2 fu for a win by tsumo"
            code = "forgot_tsumo_fu"
        elif item.name.endswith("wait"):
            text = f"forgot the 2 fu for the {item.name}"
            code = "forgot_wait_fu"
        else:
            text = f"did not count the {item.name}{tiles} ({item.fu} fu)"
            code = "forgot_fu_item"
        out.append(_mistake(key, code, text, [topic] if topic else [], fu=fu))
    if not rules_added:
        out.extend(_rule_fu_mistakes(key, names))
    if r.wait in (Wait.RYANMEN, Wait.SHANPON) and len(key.possible_waits) <= 1:
        out.append(_mistake(key, "wait_fu_on_open_wait",
                            f"counted 2 fu for the wait, but a {r.wait.value} wait is worth "
                            "no fu", ("fu:wait", f"wait:{r.wait.value}"),
                            fu=_round10(key.raw_fu + 2)))
    if len(key.possible_waits) > 1 and r.wait.fu == 0 and not pinfu:
        out.append(_mistake(key, "wait_reading_fu",
                            f"counted 2 fu for a single wait, but the {r.wait.value} reading "
                            "is the one that counts", ("wait:several_readings",),
                            fu=_round10(key.raw_fu + 2)))
    return out


def _rule_fu_mistakes(key: AnswerKey, names: set[str]) -> list[Mistake]:
    """Fu mistakes about rules rather than forgotten items: double wind, rounding, minimums."""
    r = key.result
    assert r is not None
    out: list[Mistake] = []
    for item in r.fu_items:
        if item.name == "pair of seat and round wind":
            other = 6 - item.fu
            out.append(_mistake(
                key, "double_wind_pair",
                f"counted the double-wind pair as {other} fu; under {key.profile.name} rules "
                f"it is {item.fu}", ("rule:double_wind_pair",),
                fu=_round10(key.raw_fu - item.fu + other)))
    if key.raw_fu % 10 and key.raw_fu != key.fu:
        out.append(_mistake(key, "no_round_fu",
                            f"did not round the fu up: {key.raw_fu} is counted as {key.fu}",
                            ("fu:rounding",), fu=key.raw_fu,
                            payment=None if not key.fu_matters else
                            key.shares(key.raw_fu, key.han)))
    if "open ron minimum" in names:
        out.append(_mistake(key, "open_ron_minimum",
                            "an open hand won by ron with no other fu is counted as 30, not 20",
                            ("fu:open_ron_minimum",), fu=20))
    if not r.hand.is_closed and not r.tsumo and "open ron minimum" not in names:
        out.append(_mistake(key, "closed_ron_on_open_hand",
                            "added 10 fu for a closed ron, but the hand is open",
                            ("fu:closed_ron", "hand:open"), fu=_round10(key.raw_fu + 10)))
    return out


def han_mistakes(key: AnswerKey) -> list[Mistake]:
    """Mistakes in counting the han of a hand, each with the han it gives."""
    r = key.result
    if r is None or key.yakuman:
        return []
    out: list[Mistake] = []
    for y in r.yaku:
        title = _yaku_title(y.name)
        if y.name in DORA_NAMES:
            text = f"did not count the {title} ({y.han} han)"
        else:
            text = f"missed {title} ({y.han} han)"
        out.append(_mistake(key, "missed_yaku", text, (_yaku_topic(y.name),),
                            han=key.han - y.han))
        if y.name in DORA_NAMES and y.han >= 2:
            out.append(_mistake(key, "missed_one_dora", f"missed one of the {title}",
                                (_yaku_topic(y.name),), han=key.han - 1))
    s = r.situation
    if not r.hand.is_closed:
        for y in r.yaku:
            info = YAKU.get(y.name)
            if info and info.open_han is not None and info.open_han < info.closed_han:
                out.append(_mistake(
                    key, "kuisagari",
                    f"counted {info.title} at its closed value; open it is worth one han less",
                    ("trap:kuisagari", f"yaku:{y.name}"), han=key.han + 1))
    held = [0] * 34
    for t in r.hand.all_tiles():
        held[t.index] += 1
    if s.ura and not s.in_riichi:
        n = sum(held[dora_from_indicator(t).index] for t in s.ura)
        if n:
            out.append(_mistake(key, "ura_without_riichi",
                                "counted ura dora, but ura dora count only after riichi",
                                ("trap:ura_without_riichi",), han=key.han + n))
    if len(s.dora) > 1 and key.profile.kan_dora:
        first_only = held[dora_from_indicator(s.dora[0]).index]
        every = sum(held[dora_from_indicator(t).index] for t in s.dora)
        if every != first_only:
            out.append(_mistake(key, "kan_dora",
                                "counted dora from the first indicator only: every kan "
                                "indicator counts too", ("dora:kan_dora",),
                                han=key.han - (every - first_only)))
    pair = next((g for g in r.reading.groups if g.kind is GroupKind.PAIR), None)
    seqs = sum(1 for g in r.reading.groups if g.kind is GroupKind.SEQUENCE)
    if (pair is not None and r.reading.kind is ReadingKind.STANDARD and r.hand.is_closed
            and not r.hand.melds and seqs == 4 and r.wait is Wait.RYANMEN
            and "pinfu" not in key.yaku):
        pinfu_fu = 20 if r.tsumo else 30
        out.append(_mistake(
            key, "yakuhai_pair_pinfu",
            f"counted pinfu, but the pair {format_tiles(pair.tiles)} is worth fu, so the hand "
            "is not pinfu", ("trap:yakuhai_pair_no_pinfu", "yaku:pinfu"),
            han=key.han + 1, fu=pinfu_fu))
    return out


def payment_mistakes(key: AnswerKey) -> list[Mistake]:
    """Mistakes in turning fu and han into the payment, each with the payment it gives."""
    out: list[Mistake] = []
    pay = _pay_topic(key)
    fu, han = key.fu, key.han
    if key.dealer:
        text = ("used the non-dealer's multiplier: the dealer gets 6 x base on ron, "
                "2 x base from each player on tsumo")
    else:
        text = ("used the dealer's multiplier: a non-dealer gets 4 x base on ron; on tsumo "
                "1 x base from each non-dealer and 2 x from the dealer")
    dealer_topic = "win:dealer" if key.dealer else "win:non_dealer"
    out.append(_mistake(key, "dealer_multiplier", text, (dealer_topic, pay),
                        payment=key.shares(fu, han, dealer=not key.dealer)))
    out.append(_mistake(key, "no_round_payment",
                        "did not round the payment up to the next 100", (pay,),
                        payment=key.shares(fu, han, rounding=_no_rounding)))
    if key.tsumo:
        whole = round_up_100(key.base * (6 if key.dealer else 4))
        bonus = key.honba * (key.profile.honba_ron // 3)
        variants: list[Shares] = []
        if key.dealer:
            for each in (whole // 3, -(-whole // 3), round_up_100(-(-whole // 3))):
                variants.append(Shares(PayShape.ALL, each + bonus))
        else:
            quarter, half = -(-whole // 4), -(-whole // 2)
            for a, b in ((quarter, half), (round_up_100(quarter), round_up_100(half))):
                variants.append(Shares(PayShape.SPLIT, a + bonus, b + bonus))
        for v in variants:
            out.append(_mistake(
                key, "rounded_tsumo_total",
                f"rounded the total ({whole}) and split it; each share is rounded up on its "
                f"own: {key.payment}", ("pay:tsumo_rounding",), payment=v))
        if key.dealer:
            for total in {key.payment.total, whole + 3 * bonus, whole}:
                out.append(_mistake(
                    key, "gave_total",
                    f"gave the total ({total}); at the table each payer's share is said: "
                    f"'{key.payment}'", (pay,), payment=Shares(PayShape.ALL, total)))
    if key.honba:
        topics = ["pay:honba"] + (["pay:dealer_tsumo_honba"] if key.dealer and key.tsumo else [])
        per = ("+300 per counter from the discarder" if not key.tsumo
               else "+100 per counter from each payer")
        out.append(_mistake(key, "forgot_honba",
                            f"forgot the {key.honba} honba: {per}", topics,
                            payment=key.shares(fu, han, honba=0)))
        wrong = key.shares(fu, han, honba=0)
        if key.tsumo:
            wrong = wrong.plus(key.honba * key.profile.honba_ron, 0)
            text = "added 300 per honba to each share: on tsumo each payer adds 100 per counter"
        else:
            wrong = wrong.plus(0, key.honba * (key.profile.honba_ron // 3))
            text = "added 100 per honba: on ron the discarder pays 300 per counter"
        out.append(_mistake(key, "honba_size", text, topics, payment=wrong))
    if not key.yakuman and han < 5:
        raw = fu << (han + 2)
        if raw == 1920 and not key.profile.kiriage:
            out.append(_mistake(
                key, "kiriage",
                f"paid {han} han {fu} fu as mangan: kiriage mangan is not played under "
                f"{key.profile.name} rules", ("rule:kiriage",),
                payment=key.shares(fu, han, profile=key.profile.derive(kiriage=True))))
        elif raw == 1920 and key.profile.kiriage:
            out.append(_mistake(
                key, "kiriage",
                f"under {key.profile.name} rules {han} han {fu} fu is rounded up to mangan "
                "(kiriage mangan)", ("rule:kiriage",),
                payment=key.shares(fu, han, profile=key.profile.derive(kiriage=False))))
        elif raw > 2000:
            uncapped = shares_for(raw, dealer=key.dealer, tsumo=key.tsumo, honba=key.honba,
                                  honba_ron=key.profile.honba_ron)
            out.append(_mistake(key, "not_capped",
                                f"did not cap at mangan: {fu} fu {han} han is {raw} base "
                                "points, more than 2000", ("limit:mangan_by_fu",),
                                payment=uncapped))
    if key.result is None and not key.yakuman:
        cell = ([table_cell(han, fu, dealer=key.dealer, tsumo=key.tsumo)]
                if key.limit is None else [])
        for other_fu in (fu - 10, fu + 10):
            if 20 <= other_fu <= 110:
                out.append(_mistake(key, "table_row", f"read the {other_fu} fu row of the table",
                                    cell, payment=key.shares(other_fu, han)))
        for other_han in (han - 1, han + 1):
            if other_han >= 1:
                out.append(_mistake(key, "table_column",
                                    f"read the {other_han} han column of the table",
                                    cell, payment=key.shares(fu, other_han)))
    return out


def dora_mistakes(key: AnswerKey) -> list[Mistake]:
    """Mistakes in reading dora from their indicators and counting them."""
    r = key.result
    if r is None:
        return []
    out: list[Mistake] = []
    s = r.situation
    indicators = s.dora if key.profile.kan_dora else s.dora[:1]
    wrap = any(t.is_terminal or t.index in (30, 33) for t in indicators)
    topics = ("dora:dora", "dora:wrap") if wrap else ("dora:dora",)
    out.append(_mistake(key, "indicator_is_dora",
                        "named the indicators themselves: the dora is the next tile",
                        topics, dora=_tile_bag(indicators)))
    backwards = []
    across = []
    for t in indicators:
        i = t.index
        if i < 27:
            backwards.append(i - i % 9 + (i % 9 - 1) % 9)
        elif i <= 30:
            backwards.append(27 + (i - 27 - 1) % 4)
        else:
            backwards.append(31 + (i - 31 - 1) % 3)
        across.append((i + 1) % 34)
    out.append(_mistake(key, "dora_backwards",
                        "went the wrong way: the dora is the tile after the indicator "
                        "(1 to 2, East to South, haku to hatsu to chun)", topics,
                        dora=tuple(sorted(backwards))))
    out.append(_mistake(key, "dora_no_wrap",
                        "did not wrap round: 9 points at 1 of the same suit, North at East, "
                        "chun at haku", ("dora:wrap",), dora=tuple(sorted(across))))
    held = [0] * 34
    for t in r.hand.all_tiles():
        held[t.index] += 1
    aka = sum(y.han for y in r.yaku if y.name == "aka_dora")
    if aka:
        out.append(_mistake(key, "forgot_red_fives", "did not count the red fives (one han each)",
                            ("dora:aka_dora",), dora_han=key.dora_han - aka))
    if s.ura and not s.in_riichi:
        n = sum(held[dora_from_indicator(t).index] for t in s.ura)
        if n:
            out.append(_mistake(key, "ura_without_riichi",
                                "counted ura dora, but ura dora count only after riichi",
                                ("trap:ura_without_riichi",), dora_han=key.dora_han + n))
    if len(indicators) > 1:
        first = held[dora_from_indicator(indicators[0]).index]
        every = sum(held[dora_from_indicator(t).index] for t in indicators)
        if first != every:
            out.append(_mistake(key, "kan_dora",
                                "counted dora from the first indicator only: every kan "
                                "indicator counts too", ("dora:kan_dora",),
                                dora_han=key.dora_han - (every - first)))
    counted_indicator = sum(held[t.index] for t in indicators) + aka
    out.append(_mistake(key, "counted_indicator",
                        "counted the indicator tile itself; the dora is the tile after it",
                        topics, dora_han=counted_indicator))
    return out


def mistakes_for(key: AnswerKey) -> list[Mistake]:
    """Every common mistake that would change an asked part of this question."""
    found = [*fu_mistakes(key), *han_mistakes(key), *payment_mistakes(key),
             *dora_mistakes(key)]
    asked = set(key.parts)
    out = []
    for m in found:
        predicts = tuple((p, v) for p, v in m.predicts if p in asked
                         and v != _expected_value(key, p))
        if predicts:
            out.append(Mistake(m.code, m.text, m.concepts, predicts))
    return out


def _set_diagnoses(key: AnswerKey, values: Mapping[Part, Any],
                   wrong: set[Part]) -> list[Diagnosis]:
    """Exact reasons for set-valued parts: which yaku, tiles or wait were missed."""
    out: list[Diagnosis] = []
    if Part.YAKU in wrong:
        given = values[Part.YAKU]
        missed = sorted(key.yaku - given)
        extra = sorted(given - key.yaku)
        bits = []
        if missed:
            bits.append("missed " + ", ".join(_yaku_title(n) for n in missed))
        if extra:
            bits.append(", ".join(_yaku_title(n) for n in extra)
                        + (" is" if len(extra) == 1 else " are") + " not in this hand")
        topics = [f"yaku:{n}" for n in (*missed, *extra)]
        if any(n in YAKU and YAKU[n].open_han is None for n in extra) and key.result is not None \
                and not key.result.hand.is_closed:
            topics.append("hand:open")
        out.append(Diagnosis("yaku_sets", "; ".join(bits), (Part.YAKU,), tuple(topics)))
    if Part.WAITS in wrong:
        given = values[Part.WAITS]
        want = frozenset(t.index for t in key.waits)
        missed = sorted(want - given)
        extra = sorted(given - want)
        bits = []
        if missed:
            bits.append("missed " + format_tiles(TILES[i] for i in missed))
        if extra:
            bits.append(format_tiles(TILES[i] for i in extra) + " do not complete the hand")
        topics = [f"wait:{key.wait.value}"] if key.wait else []
        if len(key.possible_waits) > 1:
            topics.append("wait:several_readings")
        out.append(Diagnosis("waits_sets", "; ".join(bits), (Part.WAITS,), tuple(topics)))
    if Part.WAIT in wrong and key.wait is not None:
        given = values[Part.WAIT]
        if given in key.possible_waits:
            text = (f"{given.value} is one reading, but the {key.wait.value} reading is worth "
                    "more, and the reading worth most counts")
            wait_topics: tuple[str, ...] = ("wait:several_readings", f"wait:{key.wait.value}")
        else:
            fu = "2 fu" if key.wait.fu else "no fu"
            text = f"the winning tile completes a {key.wait.value} wait ({fu})"
            wait_topics = (f"wait:{key.wait.value}",)
        out.append(Diagnosis("wait_kind", text, (Part.WAIT,), wait_topics))
    return out


def _fallback(key: AnswerKey, part: Part) -> Diagnosis:
    """A reason for a wrong part that no common mistake explains."""
    r = key.result
    if part is Part.FU:
        topics = [t for t in (_fu_topic(i.name) for i in r.fu_items) if t] if r else []
        if r is not None and r.raw_fu % 10:
            topics.append("fu:rounding")
        return Diagnosis("fu_total", "the fu total is off: compare each fu item below",
                         (part,), tuple(topics))
    if part is Part.HAN:
        topics = [_yaku_topic(y.name) for y in r.yaku] if r else []
        return Diagnosis("han_total", "the han total is off: check each yaku and dora below",
                         (part,), tuple(topics))
    if part is Part.PAYMENT:
        topics = [_pay_topic(key)]
        if key.limit is None and not key.yakuman:
            topics.append(table_cell(key.han, key.fu, dealer=key.dealer, tsumo=key.tsumo))
        else:
            topics.append(f"limit:{key.limit}")
        return Diagnosis("payment_total", "the payment is off: follow the formula below",
                         (part,), tuple(topics))
    if part is Part.DORA:
        return Diagnosis("dora_tiles", "the dora is the tile after each indicator",
                         (part,), ("dora:dora",))
    if part in (Part.WAITS, Part.WAIT):
        topics = [f"wait:{key.wait.value}"] if key.wait else []
        if len(key.possible_waits) > 1:
            topics.append("wait:several_readings")
        what = "winning tiles" if part is Part.WAITS else "wait"
        return Diagnosis(f"{part.value}_total", f"the {what} is off: see the reading below",
                         (part,), tuple(topics))
    topics = ["dora:dora"]
    if r is not None:
        if any(y.name == "aka_dora" for y in r.yaku):
            topics.append("dora:aka_dora")
        if len(r.situation.dora) > 1 and key.profile.kan_dora:
            topics.append("dora:kan_dora")
    return Diagnosis(f"{part.value}_total", "the dora han are off: count each indicator's "
                     "dora and the red fives", (part,), tuple(topics))


def diagnose(key: AnswerKey, values: Mapping[Part, Any],
             marks: tuple[PartMark, ...]) -> tuple[Diagnosis, ...]:
    """The likely reasons for the wrong parts, most likely first.

    Each candidate mistake predicts values for some parts; it explains a wrong
    part when its prediction equals what the learner gave. Mistakes that
    explain more wrong parts (and contradict fewer right ones) win; what no
    mistake explains gets a general reason naming the concepts involved.
    """
    wrong = {m.part for m in marks if not m.correct}
    if not wrong:
        return ()
    known = {p: v for p, v in values.items() if v is not UNKNOWN}
    out = _set_diagnoses(key, known, wrong - {p for p, v in values.items() if v is UNKNOWN})
    explained = {p for d in out for p in d.parts}
    candidates = mistakes_for(key)
    order = {p: i for i, p in enumerate(key.parts)}
    while True:
        open_parts = wrong - explained
        if not open_parts:
            break
        best: tuple[tuple[int, int, int], Mistake, set[Part]] | None = None
        for rank, m in enumerate(candidates):
            hits = {p for p, v in m.predicts if p in open_parts and values.get(p) == v}
            if not hits:
                continue
            clashes = sum(1 for p, v in m.predicts if p not in wrong and values.get(p) != v)
            score = (len(hits), -clashes, -rank)
            if best is None or score > best[0]:
                best = (score, m, hits)
        if best is None:
            break
        top, m, hits = best
        ties = []
        for other in candidates:
            if other is m or (other.code == m.code and other.text == m.text):
                continue
            o_hits = {p for p, v in other.predicts if p in open_parts and values.get(p) == v}
            o_clash = sum(1 for p, v in other.predicts if p not in wrong and values.get(p) != v)
            if (len(o_hits), -o_clash) == top[:2] and other.text not in ties:
                ties.append(other.text)
        out.append(Diagnosis(m.code, m.text, tuple(sorted(hits, key=order.__getitem__)),
                             m.concepts, tuple(ties[:2])))
        explained |= hits
        candidates.remove(m)
    for part in sorted(wrong - explained, key=order.__getitem__):
        reason = _fallback(key, part)
        if values.get(part) is UNKNOWN:
            reason = Diagnosis("dont_know", f"you did not know the {part.label.lower()}: see how "
                                            "it is worked out below", reason.parts,
                               reason.concepts)
        out.append(reason)
    out.sort(key=lambda d: min(order[p] for p in d.parts))
    unknown = [d for d in out if d.code == "dont_know"]
    if len(unknown) > 1:
        parts = tuple(p for d in unknown for p in d.parts)
        names = [p.label.lower() for p in parts]
        said = ", ".join(names[:-1]) + " and " + names[-1]
        merged = Diagnosis("dont_know", f"you did not know the {said}: see how they are "
                                        "worked out below", parts,
                           tuple(dict.fromkeys(c for d in unknown for c in d.concepts)))
        first = out.index(unknown[0])
        out = [d for d in out if d.code != "dont_know"]
        out.insert(min(first, len(out)), merged)
    return tuple(out)


# --------------------------------------------------------------------------- limits


def limit_text(limit: str | None) -> str:
    """A limit name as a learner reads it (``double_yakuman`` -> ``double yakuman``)."""
    return "" if limit is None else Limit(limit).value.replace("_", " ")
