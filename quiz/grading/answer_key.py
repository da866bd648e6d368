"""The answer key of a question: every value the grading needs, from a scored hand
or from a cell of the points table."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scoring.points import base_points
from scoring.result import Payment, PayShape, ReadingKind, Wait
from scoring.rules import TENHOU, RuleProfile
from scoring.tiles import Tile, dora_from_indicator, format_tiles
from scoring.traps import Traps, traps_of
from scoring.yaku import DORA_NAMES

from .answers import Part

if TYPE_CHECKING:
    from data.generate.rounds import RoundSpec
    from scoring import Result

    from .settle import SettleKey

__all__ = ["AnswerKey", "han_text", "tile_bag"]


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
    payment: Payment
    base: int
    limit: str | None = None
    yaku: frozenset[str] = frozenset()
    dora: tuple[Tile, ...] = ()
    dora_han: int = 0
    waits: tuple[Tile, ...] = ()
    wait: Wait | None = None
    possible_waits: frozenset[Wait] = frozenset()
    result: Result | None = field(default=None, repr=False, compare=False)
    traps: Traps | None = field(default=None, repr=False, compare=False)
    settle: SettleKey | None = None

    @classmethod
    def from_result(cls, result: Result, parts: Iterable[Part]) -> AnswerKey:
        """The key of a scored hand, for the parts asked."""
        s = result.situation
        rules = result.profile
        counted = [*s.dora] if rules.kan_dora else [*s.dora[:1]]
        dora_han = sum(y.han for y in result.yaku if y.name in ("dora", "aka_dora"))
        traps = traps_of(result)
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
            payment=Payment.of_base(result.base, dealer=result.dealer, tsumo=result.tsumo,
                                    honba=result.honba, honba_ron=rules.honba_ron),
            base=result.base,
            limit=result.limit.value if result.limit else None,
            yaku=frozenset(y.name for y in result.yaku if y.name not in DORA_NAMES),
            dora=tuple(dora_from_indicator(t) for t in counted),
            dora_han=dora_han,
            waits=traps.waiting_tiles,
            wait=result.wait,
            possible_waits=traps.possible_waits if result.reading.kind is ReadingKind.STANDARD
            else frozenset(),
            result=result,
            traps=traps,
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
            payment=Payment.of_base(base, dealer=dealer, tsumo=tsumo, honba=honba,
                                    honba_ron=profile.honba_ron),
            base=base,
            limit=limit.value if limit else None,
        )

    @classmethod
    def from_round(cls, spec: RoundSpec) -> AnswerKey:
        """The key of a round end to settle: each seat's change (the settlement drill)."""

        from .settle import SettleKey

        return cls(parts=(Part.SETTLEMENT,), fu=0, raw_fu=0, han=0, yakuman=0,
                   dealer=False, tsumo=False, honba=spec.table.honba, profile=spec.profile,
                   payment=Payment(PayShape.RON, 0), base=0, settle=SettleKey.of(spec))

    @property
    def fu_matters(self) -> bool:
        """False when the han alone fix the value (5+ han or a yakuman)."""
        return not self.yakuman and self.han < 5

    def expected_text(self, part: Part) -> str:
        """The right answer to a part, as shown and stored."""
        if part is Part.FU:
            return str(self.fu)
        if part is Part.HAN:
            return han_text(self.han, self.yakuman)
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
        if part is Part.SETTLEMENT and self.settle is not None:
            from .settle import format_settlement

            return format_settlement(self.settle.expected)
        raise ValueError(f"unknown part {part!r}")

    def payment_for(self, fu: int, han: int, *, dealer: bool | None = None,
                    honba: int | None = None, rounded: bool = True, yakuman: int | None = None,
                    profile: RuleProfile | None = None) -> Payment:
        """The payment this key's win would get with other numbers (to re-derive mistakes)."""
        base, _ = base_points(han, fu, self.yakuman if yakuman is None else yakuman,
                              profile or self.profile)
        return Payment.of_base(base, dealer=self.dealer if dealer is None else dealer,
                               tsumo=self.tsumo, honba=self.honba if honba is None else honba,
                               honba_ron=self.profile.honba_ron, rounded=rounded)

    def expected_value(self, part: Part) -> Any:
        """The right answer to a part, as the grading compares it."""
        if part is Part.SETTLEMENT:
            return self.settle.expected if self.settle is not None else None
        return {
            Part.FU: self.fu,
            Part.HAN: (self.han, self.yakuman),
            Part.YAKU: self.yaku,
            Part.PAYMENT: self.payment,
            Part.DORA: tile_bag(self.dora),
            Part.DORA_HAN: self.dora_han,
            Part.WAITS: frozenset(t.index for t in self.waits),
            Part.WAIT: self.wait,
        }[part]


def han_text(han: int, yakuman: int) -> str:
    """Han as shown: ``3``, ``yakuman``, ``2x yakuman``."""
    if yakuman:
        return "yakuman" if yakuman == 1 else f"{yakuman}x yakuman"
    return str(han)


def tile_bag(tiles: Iterable[Tile]) -> tuple[int, ...]:
    """Tiles as a sorted bag of kinds (how dora answers are compared)."""
    return tuple(sorted(t.index for t in tiles))
