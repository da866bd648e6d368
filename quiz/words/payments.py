"""Payments as they are said at a table, in each language.

A payment is declared the same way in every language's clubs: one number for
a ron, the non-dealers' share and the dealer's share for a non-dealer's tsumo,
and one share "from everyone" for the dealer's tsumo. Only the words differ:

>>> [say_payment({"all": 3900}, code) for code in ("en", "ja", "th", "vi", "uk")]
['3900 all', '3900オール', '3900 รอบวง', '3900 mỗi nhà', '3900 з кожного']
>>> say_payment({"non_dealer": 2000, "dealer": 3900}, "ja")
'2000・3900'

Reading a payment back, in any of these forms, is :mod:`quiz.grading.payments`
(the one reader); this module only says one. ``docs/glossary/`` lists the forms
with the other terms.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.result import Payment

from .core import active_language

__all__ = ["TABLE_FORMS", "TableForms", "say_noten", "say_nothing", "say_payment"]


@dataclass(frozen=True, slots=True)
class TableForms:
    """How one language says a payment at the table.

    Attributes:
        ron: the ron amount, e.g. ``%(points)d``.
        split: a non-dealer's tsumo, non-dealers' share first: ``%(non_dealer)d/%(dealer)d``.
        all: a dealer's tsumo, each player's share: ``%(each)d all``.
        noten_each: noten payments, what each of several noten players pays:
            ``%(points)d each from noten``.
        noten_one: noten payments by one noten player: ``%(points)d from noten``.
        nothing: a round end where no points change hands (an abortive draw).
    """

    ron: str
    split: str
    all: str
    noten_each: str = "%(points)d each from noten"
    noten_one: str = "%(points)d from noten"
    nothing: str = "nothing changes hands"


#: Each language's table forms.
TABLE_FORMS: Mapping[str, TableForms] = {
    "en": TableForms("%(points)d", "%(non_dealer)d/%(dealer)d", "%(each)d all"),
    "ja": TableForms("%(points)d", "%(non_dealer)d・%(dealer)d", "%(each)dオール",
                     "ノーテン罰符%(points)d点ずつ", "ノーテン罰符%(points)d点", "点数移動なし"),
    "th": TableForms("%(points)d", "%(non_dealer)d/%(dealer)d", "%(each)d รอบวง",
                     "โนเทนจ่ายคนละ %(points)d", "โนเทนจ่าย %(points)d", "ไม่มีใครจ่าย"),
    "vi": TableForms("%(points)d", "%(non_dealer)d/%(dealer)d", "%(each)d mỗi nhà",
                     "phạt noten %(points)d mỗi nhà", "phạt noten %(points)d",
                     "không ai trả điểm"),
    "uk": TableForms("%(points)d", "%(non_dealer)d/%(dealer)d", "%(each)d з кожного",
                     "за нотен по %(points)d", "за нотен %(points)d", "ніхто не платить"),
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


def say_noten(paid: int, noten: int, language: str | None = None) -> str:
    """Noten payments as said at the table: what each of the ``noten`` players pays.

    >>> say_noten(1500, 2, "en"), say_noten(3000, 1, "ja")
    ('1500 each from noten', 'ノーテン罰符3000点')
    """
    forms = TABLE_FORMS.get(language or active_language(), TABLE_FORMS["en"])
    return (forms.noten_each if noten > 1 else forms.noten_one) % {"points": paid}


def say_nothing(language: str | None = None) -> str:
    """A round end where no points change hands, as said at the table.

    >>> say_nothing("en"), say_nothing("ja")
    ('nothing changes hands', '点数移動なし')
    """
    return TABLE_FORMS.get(language or active_language(), TABLE_FORMS["en"]).nothing
