"""The payment of a hand as said at the table (``Payment``): the one payment model.

Apart from the result objects (``scoring.result``) so that the batch interface,
which settles from base points and never builds a result, does without them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["PayShape", "Payment", "round_up_100"]


class PayShape(StrEnum):
    """How a payment is said: one number (ron), two shares, or one share from all."""

    RON = "ron"
    SPLIT = "split"
    ALL = "all"


def round_up_100(points: int) -> int:
    """Round up to the next multiple of 100 (1920 -> 2000, 2000 -> 2000)."""
    return -(-points // 100) * 100


def _whole(text: str) -> int:
    """A positive whole number written in ASCII digits only."""
    if not (text.isascii() and text.isdecimal()) or int(text) <= 0:
        raise ValueError(text)
    return int(text)


@dataclass(frozen=True, slots=True)
class Payment:
    """What each payer hands over, as said at the table.

    Attributes:
        shape: ron (the discarder pays), split (a non-dealer's tsumo: each
            non-dealer and the dealer pay) or all (a dealer's tsumo: each pays the same).
        first: the ron amount, each non-dealer's share of a split, or each player's share.
        second: the dealer's share of a split, else None.

    >>> Payment.of_base(1920, dealer=False, tsumo=True).declaration()
    '2000/3900'
    >>> str(Payment.of_base(1920, dealer=True, tsumo=True, honba=2))
    '4100 all'
    >>> Payment.of_base(320, dealer=False, tsumo=False).to_record()
    {'ron': 1300}
    """

    shape: PayShape
    first: int
    second: int | None = None

    @classmethod
    def of_base(
        cls,
        base: int,
        *,
        dealer: bool,
        tsumo: bool,
        honba: int = 0,
        honba_ron: int = 300,
        rounded: bool = True,
    ) -> Payment:
        """What each payer pays for a hand of these base points, honba included.

        Each share is rounded up to 100 on its own (``rounded=False`` leaves it as
        multiplied, to show what forgetting the rounding gives).
        """
        r = round_up_100 if rounded else int
        if not tsumo:
            paid = cls(PayShape.RON, r(base * (6 if dealer else 4)))
        elif dealer:
            paid = cls(PayShape.ALL, r(base * 2))
        else:
            paid = cls(PayShape.SPLIT, r(base), r(base * 2))
        return paid.with_honba(honba, honba_ron) if honba else paid

    @classmethod
    def from_record(cls, shape: Mapping[str, int | None]) -> Payment:
        """Read the batch-format payment object (``{"ron": N}``, ``{"all": N}``...)."""
        ron, each = shape.get("ron"), shape.get("all")
        if ron is not None:
            return cls(PayShape.RON, ron)
        if each is not None:
            return cls(PayShape.ALL, each)
        non_dealer, dealer = shape.get("non_dealer"), shape.get("dealer")
        if non_dealer is None or dealer is None:
            raise ValueError(f"not a payment: {dict(shape)!r}")
        return cls(PayShape.SPLIT, non_dealer, dealer)

    @classmethod
    def from_declaration(cls, text: str) -> Payment:
        """Read back what :meth:`declaration` wrote: ``7700``, ``2000/3900`` or ``3900 all``.

        Only that exact form (what a learner types is read by the app's lenient reader).

        >>> Payment.from_declaration("2000/3900").to_record()
        {'dealer': 3900, 'non_dealer': 2000}
        >>> Payment.from_declaration("3900 all") == Payment(PayShape.ALL, 3900)
        True
        >>> Payment.from_declaration("lots")
        Traceback (most recent call last):
        ...
        ValueError: not a payment declaration: 'lots'
        """
        first, sep, second = text.partition("/")
        try:
            if sep:
                return cls(PayShape.SPLIT, _whole(first), _whole(second))
            if text.endswith(" all"):
                return cls(PayShape.ALL, _whole(text[:-4]))
            return cls(PayShape.RON, _whole(text))
        except ValueError:
            raise ValueError(f"not a payment declaration: {text!r}") from None

    @property
    def ron(self) -> int | None:
        """What the discarder pays (a ron), else None."""
        return self.first if self.shape is PayShape.RON else None

    @property
    def all(self) -> int | None:
        """What each player pays on the dealer's tsumo, else None."""
        return self.first if self.shape is PayShape.ALL else None

    @property
    def non_dealer(self) -> int | None:
        """What each non-dealer pays on a non-dealer's tsumo, else None."""
        return self.first if self.shape is PayShape.SPLIT else None

    @property
    def dealer(self) -> int | None:
        """What the dealer pays on a non-dealer's tsumo, else None."""
        return self.second if self.shape is PayShape.SPLIT else None

    def to_record(self) -> dict[str, int]:
        """The batch-format payment object."""
        if self.shape is PayShape.RON:
            return {"ron": self.first}
        if self.shape is PayShape.ALL:
            return {"all": self.first}
        assert self.second is not None
        return {"dealer": self.second, "non_dealer": self.first}

    def declaration(self) -> str:
        """What the winner says at the table: ``7700``, ``2000/3900`` or ``3900 all``."""
        if self.shape is PayShape.RON:
            return str(self.first)
        if self.shape is PayShape.ALL:
            return f"{self.first} all"
        return f"{self.first}/{self.second}"

    def __str__(self) -> str:
        return self.declaration()

    @property
    def total_paid(self) -> int:
        """Everything the payers pay together (without riichi sticks)."""
        if self.shape is PayShape.RON:
            return self.first
        if self.shape is PayShape.ALL:
            return 3 * self.first
        return 2 * self.first + (self.second or 0)

    def plus(self, per_payer: int, ron_bonus: int) -> Payment:
        """The same payment with a bonus added (to each share on tsumo, once on ron)."""
        if self.shape is PayShape.RON:
            return Payment(self.shape, self.first + ron_bonus)
        second = None if self.second is None else self.second + per_payer
        return Payment(self.shape, self.first + per_payer, second)

    def with_honba(self, honba: int, honba_ron: int = 300) -> Payment:
        """What each payer hands over with the counters: ``honba_ron`` each on ron, a third
        of it from each payer on tsumo."""
        return self.plus(honba * (honba_ron // 3), honba * honba_ron)
