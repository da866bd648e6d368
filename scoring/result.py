"""What scoring a hand returns: fu items, yaku, limit, payments and the reading.

These are plain frozen values. ``Result.to_record()`` gives the batch output
format of ``python -m scoring``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .fu import FuKind
from .hand import Hand, Situation
from .kinds import GroupKind, Limit, ReadingKind, Wait
from .payment import Payment, PayShape
from .payment import round_up_100 as round_up_100  # (a helper of the library, as before)
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
