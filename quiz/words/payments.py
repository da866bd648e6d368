"""Payments as they are said at a table, in each language, and read back.

A payment is declared the same way in every language's clubs: one number for
a ron, the non-dealers' share and the dealer's share for a non-dealer's tsumo,
and one share "from everyone" for the dealer's tsumo. Only the words differ:

>>> [say_payment({"all": 3900}, code) for code in ("en", "ja", "th", "vi", "uk")]
['3900 all', '3900オール', '3900 รอบวง', '3900 mỗi nhà', '3900 з кожного']
>>> say_payment({"non_dealer": 2000, "dealer": 3900}, "ja")
'2000・3900'

:func:`normalise_payment` turns what a learner types in any of these languages
(Thai digits, ``12.000``, ``12 000``, ``1万2000``, ``7,7 тис.``, ``คนละ 3900``,
``по 3900 з кожного``, ``2000 і 3900``...) into the plain forms the lenient
parser of :mod:`quiz.grading` reads (``7700``, ``2000/3900``, ``3900 all``):

>>> normalise_payment("คนละ ๓๙๐๐ แต้ม"), normalise_payment("12.000 điểm")
('3900 all', '12000')
>>> normalise_payment("2000点・3900点"), normalise_payment("по 1 300 з кожного")
('2000/3900', '1300 all')

Text that is not a payment comes back cleaned but otherwise as typed, so the
parser can give its hint.

Sources for each language's forms: Japanese, seed ``002`` (「2000/4000」,
「4000オール」, spoken with a pause, written ``2000・3900`` in clubs' score
sheets); Thai, seed ``000`` (``3900 รอบวง``, ``คนละ 800 แต้ม``, the shares
in the table as non-dealer first, then dealer); Vietnamese, seed ``001``
(``mỗi nhà trả``: each house pays; ``điểm``); Ukrainian, seed ``003``
(``кожен опонент ... повинен заплатити``; ``очок``). ``docs/glossary/``
lists them with the other terms.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from scoring.result import Payment

from ..grading import Answer, Part
from .core import active_language

__all__ = ["TABLE_FORMS", "TableForms", "normalise_payment", "say_payment", "with_table_payment"]


@dataclass(frozen=True, slots=True)
class TableForms:
    """How one language says a payment at the table.

    Attributes:
        ron: the ron amount, e.g. ``%(points)d``.
        split: a non-dealer's tsumo, non-dealers' share first: ``%(non_dealer)d/%(dealer)d``.
        all: a dealer's tsumo, each player's share: ``%(each)d all``.
        all_words: words typed for "from everyone" (before or after the number).
        and_words: words typed between the two shares of a split.
        units: words for points typed after a number.
    """

    ron: str
    split: str
    all: str
    all_words: tuple[str, ...]
    and_words: tuple[str, ...] = ()
    units: tuple[str, ...] = ()


#: Each language's table forms (English is the parser's own).
TABLE_FORMS: Mapping[str, TableForms] = {
    "en": TableForms(
        "%(points)d", "%(non_dealer)d/%(dealer)d", "%(each)d all",
        ("all", "each", "from each", "from everyone"), ("and", "to"),
        ("points", "point", "pts", "pt"),
    ),
    "ja": TableForms(
        "%(points)d", "%(non_dealer)d・%(dealer)d", "%(each)dオール",
        ("オール", "おーる", "ずつ", "all"), ("と",), ("点",),
    ),
    "th": TableForms(
        "%(points)d", "%(non_dealer)d/%(dealer)d", "%(each)d รอบวง",
        ("รอบวง", "จากทุกคน", "ทุกคน", "คนละ", "all"), ("กับ", "และ"), ("แต้ม",),
    ),
    "vi": TableForms(
        "%(points)d", "%(non_dealer)d/%(dealer)d", "%(each)d mỗi nhà",
        ("mỗi nhà", "mỗi người", "tất cả", "all"), ("và",), ("điểm",),
    ),
    "uk": TableForms(
        "%(points)d", "%(non_dealer)d/%(dealer)d", "%(each)d з кожного",
        ("з кожного", "з усіх", "кожен", "кожному", "всі", "усі", "по", "all"),
        ("і", "й", "та"), ("очок", "очки", "очко", "балів", "бали"),
    ),
}


def _record(payment: Mapping[str, int] | Payment) -> dict[str, int]:
    return dict(payment) if isinstance(payment, Mapping) else payment.to_record()


def say_payment(payment: Mapping[str, int] | Payment, language: str | None = None) -> str:
    """A payment as it is said at the table in ``language`` (default: the active one).

    Args:
        payment: a batch-format payment (``{"ron": 7700}``, ``{"all": 3900}``,
            ``{"non_dealer": 2000, "dealer": 3900}``), or a :class:`scoring.Payment`.
        language: a language code; one we have no forms for is said in English.
    """
    forms = TABLE_FORMS.get(language or active_language(), TABLE_FORMS["en"])
    record = _record(payment)
    if "ron" in record:
        return forms.ron % {"points": record["ron"]}
    if "all" in record:
        return forms.all % {"each": record["all"]}
    return forms.split % {"non_dealer": record["non_dealer"], "dealer": record["dealer"]}


# --------------------------------------------------------------------------- reading

_THAI_DIGITS = str.maketrans("๐๑๒๓๔๕๖๗๘๙", "0123456789")


def _words(kind: str) -> list[str]:
    found = {w for forms in TABLE_FORMS.values() for w in getattr(forms, kind)}
    return sorted(found, key=len, reverse=True)


def _alternation(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in words)


def _bounded(words: list[str]) -> re.Pattern[str]:
    """Words as whole words for alphabets with spaces; as they come for ja and th."""
    return re.compile(rf"(?:(?<![^\W\d_])(?:{_alternation(words)})(?![^\W\d_])|オール|おーる)")


_ALL = _bounded(_words("all_words"))
_THAI_ALL = re.compile("รอบวง|จากทุกคน|ทุกคน|คนละ")
_UNITS = re.compile(rf"(?<=\d)\s*(?:{_alternation(_words('units'))})\.?")
_AND = re.compile(rf"(?<=\d)\s*(?:{_alternation(_words('and_words'))})\s*(?=\d)")
_MAN = re.compile(r"(\d+)\s*万\s*(\d*)")
_KILO = re.compile(r"(\d+)(?:[.,](\d+))?\s*(?:k|тис\.?|тисяч[іа]?|nghìn|ngàn|พัน|千)(?![^\W\d_])")
_GROUPED = re.compile(r"(?<![\d.,])(\d{1,3})((?:[.,]\d{3})+)(?![\d.,])")
_SPACED = re.compile(r"(?<!\d)(\d{1,2}) (\d{3})(?!\d)")
_SEPARATOR = re.compile(r"(?<=\d)\s*(?:/|・|-|–|—|ー|−|\\|、|\||;|\s)\s*(?=\d)")


def _kilo(m: re.Match[str]) -> str:
    whole, part = m.group(1), m.group(2) or ""
    return str(int(whole) * 1000 + (int((part + "000")[:3]) if part else 0))


def _man(m: re.Match[str]) -> str:
    return str(int(m.group(1)) * 10000 + (int(m.group(2)) if m.group(2) else 0))


def normalise_payment(text: str) -> str:
    """A payment typed in any of our languages, in the form the grader's parser reads.

    The result is ``N`` (a ron, or a dealer's tsumo share said as one number),
    ``A/B`` (two shares) or ``N all``; text that is not a payment is returned
    cleaned (NFKC, lower case) for the parser to explain.
    """
    s = unicodedata.normalize("NFKC", text).translate(_THAI_DIGITS).strip().lower()
    is_all = False
    if _ALL.search(s) or _THAI_ALL.search(s):
        is_all = True
        s = _THAI_ALL.sub(" ", _ALL.sub(" ", s))
    s = _UNITS.sub("", s)
    s = _MAN.sub(_man, s)
    s = _KILO.sub(_kilo, s)
    s = _GROUPED.sub(lambda m: m.group(1) + re.sub(r"[.,]", "", m.group(2)), s)
    s = " ".join(s.split())
    s = _SPACED.sub(r"\1\2", s)
    s = _AND.sub("/", s)
    s = _SEPARATOR.sub("/", s)
    if is_all and re.fullmatch(r"\d+", s):
        return f"{s} all"
    if is_all:
        return f"{s} all".strip()
    return s


def with_table_payment(answers: Mapping[Part, Answer]) -> dict[Part, Answer]:
    """The answers with a typed payment read as said at a table in any of our languages.

    ``2000・3900``, ``3900 รอบวง``, ``2000 và 3900``, ``по 1300 з кожного`` become
    the forms the grader's parser reads (:func:`quiz.words.payments.normalise_payment`).
    """
    out = dict(answers)
    typed = out.get(Part.PAYMENT)
    if isinstance(typed, str):
        out[Part.PAYMENT] = normalise_payment(typed)
    return out
