"""Reading a payment as it is said at a table, in any of our languages: the one reader.

A payment is declared the same way in every language's clubs: one number for a
ron, the non-dealers' share and the dealer's share for a non-dealer's tsumo, and
one share "from everyone" for the dealer's tsumo. Only the words differ, and a
learner may type any of them whatever language the app speaks:

>>> parse_payment("7,700", dealer=False, tsumo=False)
Payment(shape=<PayShape.RON: 'ron'>, first=7700, second=None)
>>> str(parse_payment("２０００ー３９００", dealer=False, tsumo=True))
'2000/3900'
>>> str(parse_payment("3900オール", dealer=True, tsumo=True))
'3900 all'
>>> str(parse_payment("คนละ ๓๙๐๐ แต้ม", dealer=True, tsumo=True))
'3900 all'
>>> str(parse_payment("по 1 300 з кожного", dealer=True, tsumo=True))
'1300 all'
>>> parse_payment("lots", dealer=False, tsumo=False).wording.kind
'pay_unreadable'

:func:`canonical_payment` is the reading's one normalisation (Thai digits, ``12.000``,
``12 000``, ``1万2000``, ``7,7 тис.``, ``2000 і 3900``...), into ``N``, ``A/B`` or
``N all``; :func:`parse_payment` turns that into a :class:`scoring.Payment` of the
win's shape, or a :class:`~.answers.Hint` saying what to type. How a payment is
*said* is :func:`quiz.words.payments.say_payment`.

Sources for each language's words: Japanese, seed ``002`` (「2000/4000」,
「4000オール」, written ``2000・3900`` on clubs' score sheets); Thai, seed ``000``
(``3900 รอบวง``, ``คนละ 800 แต้ม``); Vietnamese, seed ``001`` (``mỗi nhà trả``;
``điểm``); Ukrainian, seed ``003`` (``кожен опонент ... повинен заплатити``; ``очок``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from data.records import Part
from scoring.result import Payment, PayShape

from .answers import Hint
from .wording import Term, Wording

__all__ = ["NOTEN_WORDS", "NOTHING_WORDS", "PAYMENT_WORDS", "NotenSaying", "NotenWords",
           "PaymentWords", "canonical_payment", "parse_noten", "parse_payment",
           "reads_as_nothing", "split_reversed"]


@dataclass(frozen=True, slots=True)
class PaymentWords:
    """The words one language types around the numbers of a payment.

    Attributes:
        all_words: "from everyone" (before or after the number).
        and_words: between the two shares of a split.
        units: points, after a number.
    """

    all_words: tuple[str, ...]
    and_words: tuple[str, ...] = ()
    units: tuple[str, ...] = ()


#: Each language's payment words; every language's are read, whatever the app speaks.
PAYMENT_WORDS: Mapping[str, PaymentWords] = {
    "en": PaymentWords(("all", "each", "from each", "from everyone"), ("and", "to"),
                       ("points", "point", "pts", "pt")),
    "ja": PaymentWords(("オール", "おーる", "ずつ"), ("と",), ("点",)),
    "th": PaymentWords(("รอบวง", "จากทุกคน", "ทุกคน", "คนละ"), ("กับ", "และ"), ("แต้ม",)),
    "vi": PaymentWords(("mỗi nhà", "mỗi người", "tất cả"), ("và",), ("điểm",)),
    "uk": PaymentWords(("з кожного", "з усіх", "кожен", "кожному", "всі", "усі", "по"),
                       ("і", "й", "та"), ("очок", "очки", "очко", "балів", "бали")),
}

_THAI_DIGITS = str.maketrans("๐๑๒๓๔๕๖๗๘๙", "0123456789")


def _words(kind: str) -> list[str]:
    found = {w for words in PAYMENT_WORDS.values() for w in getattr(words, kind)}
    return sorted(found, key=len, reverse=True)


def _alternation(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in words)


#: "from everyone": whole words in alphabets with spaces, as they come in Japanese and Thai.
_ALL = re.compile(
    rf"(?:(?<![^\W\d_])(?:{_alternation(_words('all_words'))})(?![^\W\d_])"
    r"|オール|おーる|ずつ|รอบวง|จากทุกคน|ทุกคน|คนละ)"
)
_UNITS = re.compile(rf"(?<=\d)\s*(?:{_alternation(_words('units'))})\.?")
_AND = re.compile(rf"(?<=\d)\s*(?:{_alternation(_words('and_words'))})\s*(?=\d)")
_MAN = re.compile(r"(\d+)\s*万\s*(\d*)")
_KILO = re.compile(r"(\d+)(?:[.,](\d+))?\s*(?:k|тис\.?|тисяч[іа]?|nghìn|ngàn|พัน|千)(?![^\W\d_])")
_GROUPED = re.compile(r"(?<![\d.,'’])(\d{1,3})((?:[.,'’]\d{3})+)(?![\d.,'’])")
_SPACED = re.compile(r"(?<!\d)(\d{1,2}) (\d{3})(?!\d)")
_SEPARATOR = re.compile(r"(?<=\d)\s*(?:/|・|-|–|—|ー|−|\\|、|\||;|,|\s)\s*(?=\d)")
_SPLIT = re.compile(r"(\d+)/(\d+)")


def _kilo(m: re.Match[str]) -> str:
    whole, part = m.group(1), m.group(2) or ""
    return str(int(whole) * 1000 + (int((part + "000")[:3]) if part else 0))


def _man(m: re.Match[str]) -> str:
    return str(int(m.group(1)) * 10000 + (int(m.group(2)) if m.group(2) else 0))


def canonical_payment(text: str) -> str:
    """A payment typed in any of our languages as ``N``, ``A/B`` or ``N all``.

    Text that is not a payment comes back cleaned (NFKC, lower case, words for
    points and "from everyone" read) for :func:`parse_payment` to explain.

    >>> canonical_payment("12.000 điểm"), canonical_payment("2000点・3900点")
    ('12000', '2000/3900')
    >>> canonical_payment("7.7k"), canonical_payment("1万2000"), canonical_payment("7'700")
    ('7700', '12000', '7700')
    """
    s = unicodedata.normalize("NFKC", text).translate(_THAI_DIGITS).strip().lower()
    is_all = bool(_ALL.search(s))
    if is_all:
        s = _ALL.sub(" ", s)
    s = _UNITS.sub("", s)
    s = _MAN.sub(_man, s)
    s = _KILO.sub(_kilo, s)
    s = _GROUPED.sub(lambda m: m.group(1) + re.sub(r"[.,'’]", "", m.group(2)), s)
    s = " ".join(s.split())
    s = _SPACED.sub(r"\1\2", s)
    s = _AND.sub("/", s)
    s = _SEPARATOR.sub("/", s)
    return f"{s} all".strip() if is_all else s


def _pay_example(dealer: bool, tsumo: bool) -> Wording:
    """An example payment of this shape, said as at the table in the learner's language."""
    kind, payment = {
        (False, False): ("pay_example_ron", "7700"),
        (True, False): ("pay_example_dealer_ron", "11600"),
        (False, True): ("pay_example_split", "2000/3900"),
        (True, True): ("pay_example_all", "3900 all"),
    }[(dealer, tsumo)]
    return Wording.of(kind, payment=Term("payment", payment))


def parse_payment(text: str, *, dealer: bool, tsumo: bool) -> Payment | Hint:
    """Read a payment typed as it is said at the table, in any of our languages.

    Accepts ``7700``, ``7,700``, ``7 700``, ``7.7k``, ``2000/3900``, ``2000-3900``,
    ``2000 3900``, ``3900 all``, ``3900オール``, ``2000・3900``, ``3900 รอบวง``,
    ``2000 và 3900``, ``по 1300 з кожного`` and full-width or Thai digits. For a
    non-dealer's tsumo the two shares may come in either order (the dealer's is
    the larger). For a dealer's tsumo a single number is each player's share.

    Returns:
        the payment, or a :class:`~.answers.Hint` when the text is not a payment of
        the shape this win is paid in (a ron is one number; a non-dealer's tsumo
        two shares).
    """
    example = _pay_example(dealer, tsumo)
    hint = Hint(Part.PAYMENT, Wording.of("pay_unreadable", example=example))
    s = canonical_payment(text)
    if not s:
        return Hint(Part.PAYMENT, Wording.of("pay_empty", example=example))
    is_all = s.endswith(" all") or s == "all"
    if is_all:
        s = s.removesuffix("all").strip()
    split = _SPLIT.fullmatch(s)
    if s.isdecimal() and s.isascii():
        value = int(s)
        if value <= 0:
            return hint
        if is_all and not tsumo:
            return Hint(Part.PAYMENT, Wording.of("pay_ron_all",
                                                 example=_pay_example(dealer, False)))
        if tsumo and dealer:
            return Payment(PayShape.ALL, value)
        if tsumo:  # a non-dealer's tsumo, said as one number (with "all" or without)
            return Hint(Part.PAYMENT, Wording.of("pay_tsumo_single",
                                                 payment=Term("payment", "2000/3900")))
        return Payment(PayShape.RON, value)
    if split and not is_all:
        a, b = int(split.group(1)), int(split.group(2))
        if a <= 0 or b <= 0:
            return hint
        if not tsumo:
            return Hint(Part.PAYMENT, Wording.of("pay_ron_split",
                                                 example=_pay_example(dealer, False)))
        return Payment(PayShape.SPLIT, min(a, b), max(a, b))
    return hint


def split_reversed(text: str) -> bool:
    """True when a split payment was typed with the dealer's (larger) share first.

    >>> split_reversed("3900/2000"), split_reversed("2000・3900")
    (True, False)
    """
    m = _SPLIT.fullmatch(canonical_payment(text))
    return m is not None and int(m.group(1)) > int(m.group(2))


# --- noten payments and "nothing changes hands" ------------------------------------------


@dataclass(frozen=True, slots=True)
class NotenWords:
    """The words one language says noten payments with (besides "each" and the units).

    Attributes:
        noten: the noten payments, or "from the noten players".
        tenpai: "to the tenpai players" (the number is what each tenpai player receives).
        filler: words around the number that say nothing more (from, pays, the...).
    """

    noten: tuple[str, ...]
    tenpai: tuple[str, ...]
    filler: tuple[str, ...] = ()


#: Each language's words for noten payments (seeds: vi ``phạt noten``, ja ``ノー聴罰符``).
NOTEN_WORDS: Mapping[str, NotenWords] = {
    "en": NotenWords(("noten payments", "noten payment", "noten players", "noten player",
                      "noten"),
                     ("tenpai players", "tenpai player", "tenpai"),
                     ("from", "to", "the", "each", "pays", "pay", "paid", "receives", "gets",
                      "by")),
    "ja": NotenWords(("ノーテン罰符", "ノー聴罰符", "不聴罰符", "罰符", "ノーテン", "不聴"),
                     ("テンパイ", "聴牌"),
                     ("から", "が", "に", "へ", "は", "の", "支払い", "払い", "受け取り",
                      "各")),
    "th": NotenWords(("การจ่ายโนเทน", "จ่ายโนเทน", "โนเทน"), ("เทนปาย",),
                     ("จ่าย", "ให้", "จาก", "ได้", "รับ", "ผู้เล่น")),
    "vi": NotenWords(("phạt noten", "noten"), ("tenpai",),
                     ("trả", "cho", "từ", "nhận", "người", "nhà", "phạt")),
    "uk": NotenWords(("виплати за нотен", "виплата за нотен", "нотен"), ("темпай",),
                     ("за", "з", "від", "до", "платить", "платять", "отримує", "отримують",
                      "гравців", "гравцю", "гравець")),
}

#: How each language says that no points change hands (an abortive draw, a draw with
#: everyone tenpai or no one): read whole, punctuation aside.
NOTHING_WORDS: Mapping[str, tuple[str, ...]] = {
    "en": ("nothing", "nothing changes hands", "nothing is paid", "no one pays",
           "nobody pays", "no payment", "no payments", "none", "no change", "no changes"),
    "ja": ("なし", "無し", "点数移動なし", "点棒移動なし", "移動なし", "支払いなし",
           "誰も払わない"),
    "th": ("ไม่มีใครจ่าย", "ไม่มีการจ่าย", "ไม่จ่าย", "ไม่มี"),
    "vi": ("không ai trả điểm", "không ai trả", "không trả", "không có gì", "không"),
    "uk": ("ніхто не платить", "нічого", "без виплат", "ніхто нічого не платить"),
}


@dataclass(frozen=True, slots=True)
class NotenSaying:
    """Noten payments as said: ``points`` each noten player pays (``to_tenpai``: each
    tenpai player receives)."""

    points: int
    to_tenpai: bool = False


def _clean(text: str) -> str:
    s = unicodedata.normalize("NFKC", text).translate(_THAI_DIGITS).strip().lower()
    return " ".join(re.sub(r"[.!。！、,:;：「」\"'()（）]+(?!\d)", " ", s).split())


_NOTHING = frozenset(_clean(w) for words in NOTHING_WORDS.values() for w in words)


def reads_as_nothing(text: str) -> bool:
    """True when the text says that no points change hands, in any of our languages.

    >>> reads_as_nothing("Nothing changes hands."), reads_as_nothing("なし")
    (True, True)
    >>> reads_as_nothing("nothing 1000")
    False
    """
    return _clean(text) in _NOTHING


def _noten_words(kind: str) -> list[str]:
    found = {w for words in NOTEN_WORDS.values() for w in getattr(words, kind)}
    return sorted(found, key=len, reverse=True)


def _word_pattern(words: list[str]) -> re.Pattern[str]:
    """Whole words where words are spaced; anywhere in Japanese and Thai."""
    spaced = [w for w in words if re.search(r"[a-zа-яіїєґ\u00c0-\u024f\u1e00-\u1eff]", w)]
    unspaced = [w for w in words if w not in spaced]
    parts = []
    if spaced:
        parts.append(rf"(?<![^\W\d_])(?:{_alternation(spaced)})(?![^\W\d_])")
    if unspaced:
        parts.append(_alternation(unspaced))
    return re.compile("|".join(parts))


_NOTEN = _word_pattern(_noten_words("noten"))
_TENPAI = _word_pattern(_noten_words("tenpai"))
_FILLER = _word_pattern(_noten_words("filler"))


def parse_noten(text: str) -> NotenSaying | None:
    """Noten payments said as at the table, in any of our languages, or None.

    The number is what each noten player pays ("1500 each from noten", "3000 from
    noten", ``ノーテン罰符1500点ずつ``, ``phạt noten 1000 mỗi nhà``); with a word for the
    tenpai players and none for the noten ones ("1000 each to tenpai"), what each tenpai
    player receives. A bare number is not a saying (it is one seat's change).

    >>> parse_noten("1500 each from noten")
    NotenSaying(points=1500, to_tenpai=False)
    >>> parse_noten("ノーテン罰符1,000点ずつ"), parse_noten("1000 each to tenpai").to_tenpai
    (NotenSaying(points=1000, to_tenpai=False), True)
    >>> parse_noten("1500") is None, parse_noten("+1500 -1500 +1500 -1500") is None
    (True, True)
    """
    s = _clean(text)
    noten, tenpai = bool(_NOTEN.search(s)), bool(_TENPAI.search(s))
    each = bool(_ALL.search(s))
    if not (noten or tenpai or each):
        return None
    s = _FILLER.sub(" ", _ALL.sub(" ", _TENPAI.sub(" ", _NOTEN.sub(" ", s))))
    rest = canonical_payment(s)
    if not (rest.isdecimal() and rest.isascii()) or int(rest) <= 0:
        return None
    return NotenSaying(int(rest), to_tenpai=tenpai and not noten)
