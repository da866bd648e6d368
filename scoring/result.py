"""What scoring a hand returns: fu items, yaku, limit, payments and the reading.

These are plain frozen values. ``Result.to_record()`` gives the batch output
format of ``python -m scoring``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .hand import Hand, Situation
from .rules import RuleProfile
from .tiles import Tile, format_tiles


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
class FuItem:
    """One line of the fu count.

    Attributes:
        name: short name, e.g. ``closed ron`` or ``closed triplet of terminals/honours``.
        fu: the fu it adds.
        tiles: the tiles it counts (empty for base, tsumo, closed ron).
        reason: why it counts, in a sentence for a learner.
    """

    name: str
    fu: int
    tiles: tuple[Tile, ...] = ()
    reason: str = ""


@dataclass(frozen=True, slots=True)
class YakuHan:
    """A yaku (or dora) and the han it is worth in this hand.

    Yakuman list 13 han per yakuman multiplier.
    """

    name: str
    han: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Payment:
    """What the payers pay, without honba and sticks.

    Exactly one shape is set: ``ron``; or ``dealer`` and ``non_dealer`` for a
    non-dealer's tsumo; or ``all`` for the dealer's tsumo.
    """

    ron: int | None = None
    dealer: int | None = None
    non_dealer: int | None = None
    all: int | None = None

    def to_record(self) -> dict[str, int]:
        """The batch-format payment object."""
        if self.ron is not None:
            return {"ron": self.ron}
        if self.all is not None:
            return {"all": self.all}
        assert self.dealer is not None and self.non_dealer is not None
        return {"dealer": self.dealer, "non_dealer": self.non_dealer}

    def declaration(self) -> str:
        """What the winner says at the table: ``7700``, ``2000/3900`` or ``3900 all``."""
        return declare(self.to_record())

    @property
    def hand_value(self) -> int:
        """What the winner receives for the hand alone (no honba, no sticks)."""
        return hand_value(self.to_record())


def declare(shape: dict[str, int]) -> str:
    """The table declaration of a batch-format payment object.

    >>> declare({"ron": 7700}), declare({"all": 3900})
    ('7700', '3900 all')
    >>> declare({"dealer": 3900, "non_dealer": 2000})
    '2000/3900'
    """
    if "ron" in shape:
        return str(shape["ron"])
    if "all" in shape:
        return f"{shape['all']} all"
    return f"{shape['non_dealer']}/{shape['dealer']}"


def hand_value(shape: dict[str, int]) -> int:
    """What the winner receives for a batch-format payment object (no honba, no sticks)."""
    if "ron" in shape:
        return shape["ron"]
    if "all" in shape:
        return 3 * shape["all"]
    return shape["dealer"] + 2 * shape["non_dealer"]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a worked explanation.

    Attributes:
        kind: what the step is about: ``reading``, ``fu``, ``fu_total``, ``yaku``,
            ``dora``, ``han_total``, ``base``, ``limit``, ``payment``, ``bonus``, ``total``.
        text: the step as a teacher would write it.
        tiles: tiles the step points at (for the app to highlight).
        value: the number the step arrives at, where there is one.
    """

    kind: str
    text: str
    tiles: tuple[Tile, ...] = ()
    value: int | None = None


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
        alternatives: other readings considered, each with its han, fu and points.
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
    alternatives: tuple[str, ...] = ()

    @property
    def steps(self) -> tuple[Step, ...]:
        """The worked explanation, step by step (built on demand)."""
        from .explain import explain_steps

        return explain_steps(self)

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
