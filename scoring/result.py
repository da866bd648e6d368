"""What scoring a hand returns: fu items, yaku, limit, payments and the reading.

These are plain frozen values. ``Result.to_record()`` gives the batch output
format of ``python -m scoring``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .fu import FuKind
from .hand import Hand, Situation
from .rules import RuleProfile
from .tiles import Tile, format_tiles

#: What ``scoring`` hands on from here (round_up_100 stays a helper of the library).
__all__ = [
    "Alternative",
    "FuItem",
    "Group",
    "GroupKind",
    "Limit",
    "PayShape",
    "Payment",
    "Reading",
    "ReadingKind",
    "Result",
    "Wait",
    "YakuHan",
]


class GroupKind(StrEnum):
    """The kind of one group in a reading."""

    SEQUENCE = "sequence"
    TRIPLET = "triplet"
    QUAD = "quad"
    PAIR = "pair"


class Wait(StrEnum):
    """How the winning tile completed the hand."""

    RYANMEN = "ryanmen"
    KANCHAN = "kanchan"
    PENCHAN = "penchan"
    SHANPON = "shanpon"
    TANKI = "tanki"
    KOKUSHI = "kokushi"
    KOKUSHI_13 = "kokushi_13"

    @property
    def fu(self) -> int:
        """Fu for this wait: 2 for kanchan, penchan and tanki, else 0."""
        return 2 if self in (Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI) else 0


class ReadingKind(StrEnum):
    """The shape of a winning hand."""

    STANDARD = "standard"
    CHIITOITSU = "chiitoitsu"
    KOKUSHI = "kokushi"


class Limit(StrEnum):
    """Named limits of the hand's value."""

    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"
    DOUBLE_YAKUMAN = "double_yakuman"
    TRIPLE_YAKUMAN = "triple_yakuman"
    QUADRUPLE_YAKUMAN = "quadruple_yakuman"
    QUINTUPLE_YAKUMAN = "quintuple_yakuman"
    SEXTUPLE_YAKUMAN = "sextuple_yakuman"

    @classmethod
    def of_yakuman(cls, multiplier: int) -> Limit:
        """The limit name for a yakuman multiplier (1 -> yakuman, 2 -> double...)."""
        names = [
            cls.YAKUMAN,
            cls.DOUBLE_YAKUMAN,
            cls.TRIPLE_YAKUMAN,
            cls.QUADRUPLE_YAKUMAN,
            cls.QUINTUPLE_YAKUMAN,
            cls.SEXTUPLE_YAKUMAN,
        ]
        return names[min(multiplier, 6) - 1]


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a reading: a sequence, triplet, quad or the pair.

    Attributes:
        kind: sequence, triplet, quad or pair.
        tiles: the tiles, red fives as held.
        concealed: formed from the wall (a closed kan, or a triplet not completed by ron).
        melded: it is a called or declared meld rather than part of the concealed tiles.
        has_win: the winning tile completed this group.
    """

    kind: GroupKind
    tiles: tuple[Tile, ...]
    concealed: bool
    melded: bool = False
    has_win: bool = False

    @property
    def first(self) -> int:
        """Index of the lowest tile kind."""
        return min(t.index for t in self.tiles)

    def __str__(self) -> str:
        return format_tiles(self.tiles)


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the winning hand, with the wait the winning tile completed."""

    kind: ReadingKind
    groups: tuple[Group, ...]
    wait: Wait

    def describe(self) -> str:
        """The reading in words, e.g. ``123m 456p 789s 111z + pair 55p, ryanmen wait on 789s``."""
        wait = self.wait.value.replace("_", " ")
        if self.kind is ReadingKind.KOKUSHI:
            return f"thirteen orphans, {wait} wait"
        sets = " ".join(str(g) for g in self.groups if g.kind is not GroupKind.PAIR)
        pairs = " ".join(str(g) for g in self.groups if g.kind is GroupKind.PAIR)
        won = next((g for g in self.groups if g.has_win), None)
        where = f" completing {won}" if won is not None else ""
        if self.kind is ReadingKind.CHIITOITSU:
            return f"seven pairs {pairs}, {wait} wait{where}"
        return f"{sets} + pair {pairs}, {wait} wait{where}"


@dataclass(frozen=True, slots=True)
class Alternative:
    """Another reading of the same tiles, with what it would be worth.

    Attributes:
        reading: the reading (its groups and wait).
        fu: its rounded fu.
        han: its han (0 for a yakuman).
        yakuman: its yakuman multiplier.
        base: its base points.
        raw_fu: its fu before rounding.
    """

    reading: Reading
    fu: int
    han: int
    yakuman: int
    base: int
    raw_fu: int = 0

    @property
    def wait(self) -> Wait:
        """The wait of this reading."""
        return self.reading.wait

    def describe(self) -> str:
        """The reading and its value in words (the library's own text)."""
        value = f"{self.yakuman}x yakuman" if self.yakuman else f"{self.han} han {self.fu} fu"
        return f"{self.reading.describe()}: {value}, base {self.base}"


@dataclass(frozen=True, slots=True)
class FuItem:
    """One line of the fu count.

    Attributes:
        kind: what it counts (its value is the item's id in the batch output).
        fu: the fu it adds.
        tiles: the tiles it counts (empty for base, tsumo, closed ron).
        reason: why it counts, in a sentence (English, for the library's own text).
        by_ron: a triplet that counts as open because the winning tile completed it by ron.
    """

    kind: FuKind
    fu: int
    tiles: tuple[Tile, ...] = ()
    reason: str = ""
    by_ron: bool = False

    @property
    def name(self) -> str:
        """The item's id as the batch writes it (``closed ron``)."""
        return self.kind.value


@dataclass(frozen=True, slots=True)
class YakuHan:
    """A yaku (or dora) and the han it is worth in this hand.

    Yakuman list 13 han per yakuman multiplier.
    """

    name: str
    han: int
    reason: str = ""


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


@dataclass(frozen=True, slots=True)
class Result:
    """The scored hand.

    Attributes:
        fu: rounded fu (25 for chiitoitsu; also given for limit hands).
        raw_fu: fu before rounding.
        fu_items: every item of the fu count.
        han: total han, dora included (0 for a yakuman hand).
        yakuman: yakuman multiplier (0 when none; a counted yakuman is 0).
        yaku: the yaku and dora with their han.
        limit: the named limit, or None below mangan.
        base: base points after limits.
        payment: what each payer pays, without honba and sticks.
        honba: counters on the table.
        sticks: riichi sticks on the table.
        total: what the winner receives in all.
        dealer: the winner is the dealer.
        tsumo: won by self-draw.
        reading: the reading that scored highest.
        rules: the rule profile's name.
        hand: the hand that was scored.
        situation: its situation.
        profile: the rule profile it was scored under.
        alternatives: the other readings of the tiles, each with its han, fu and points
            (worth no more than the chosen one).
    """

    fu: int
    raw_fu: int
    fu_items: tuple[FuItem, ...]
    han: int
    yakuman: int
    yaku: tuple[YakuHan, ...]
    limit: Limit | None
    base: int
    payment: Payment
    honba: int
    sticks: int
    total: int
    dealer: bool
    tsumo: bool
    reading: Reading
    rules: str
    hand: Hand
    situation: Situation
    profile: RuleProfile
    alternatives: tuple[Alternative, ...] = ()

    @property
    def declaration(self) -> str:
        """What the winner says at the table (without honba)."""
        return self.payment.declaration()

    @property
    def wait(self) -> Wait:
        """The wait of the chosen reading."""
        return self.reading.wait

    def to_record(self, id: Any = None) -> dict[str, Any]:
        """The batch output object of ``python -m scoring``."""
        return {
            "id": id,
            "fu": self.fu,
            "fu_items": [{"item": i.name, "fu": i.fu} for i in self.fu_items],
            "han": self.han,
            "yakuman": self.yakuman,
            "yaku": [{"name": y.name, "han": y.han} for y in self.yaku],
            "limit": self.limit.value if self.limit else None,
            "base": self.base,
            "payment": self.payment.to_record(),
            "total": self.total,
            "declaration": self.declaration,
        }
