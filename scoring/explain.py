"""The worked explanation, as data: the steps a teacher would write.

``explain(result)`` gives the steps of a scored hand, each a small frozen value
holding tiles, numbers and kinds, never a sentence: the app turns them into
the learner's language and tile style (``quiz.words.explanation``). ``render_text``
is the library's own plain English rendering, in MPSZ notation, for
``python -m scoring explain`` and ``bank show``.

>>> from scoring import parse_record, score
>>> r = score(parse_record({"hand": "234567m34p456s22z5p", "win": "5p", "seat": "S",
...                         "round": "E", "riichi": True}))
>>> [s.kind.value for s in explain(r)][:4]
['reading', 'fu', 'fu', 'fu']
>>> print(render_text(r).splitlines()[4])
Fu: 32, rounded up to 40.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from .result import (
    Alternative,
    FuItem,
    Limit,
    Payment,
    PayShape,
    Reading,
    ReadingKind,
    Result,
    YakuHan,
)
from .tiles import Tile, dora_from_indicator, format_tiles
from .yaku import YAKU

__all__ = [
    "BaseStep",
    "BonusStep",
    "DoraStep",
    "FuItemStep",
    "FuTotal",
    "FuTotalStep",
    "HanTotalStep",
    "IndicatorDora",
    "LimitHow",
    "LimitStep",
    "PaymentStep",
    "ReadingStep",
    "Step",
    "StepKind",
    "TotalStep",
    "UraNotCountedStep",
    "YakuStep",
    "explain",
    "render_step",
    "render_text",
    "step_value",
]


class StepKind(StrEnum):
    """What a step of the explanation is about (the app groups steps by it)."""

    READING = "reading"
    FU = "fu"
    FU_TOTAL = "fu_total"
    YAKU = "yaku"
    DORA = "dora"
    HAN_TOTAL = "han_total"
    BASE = "base"
    LIMIT = "limit"
    PAYMENT = "payment"
    BONUS = "bonus"
    TOTAL = "total"


@dataclass(frozen=True, slots=True)
class ReadingStep:
    """The chosen reading, the winning tile, and the other readings worth no more."""

    kind: ClassVar[StepKind] = StepKind.READING
    reading: Reading
    win: Tile
    alternatives: tuple[Alternative, ...] = ()

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles to point at: the winning tile."""
        return (self.win,)


@dataclass(frozen=True, slots=True)
class FuItemStep:
    """One fu item (its kind, fu, tiles and whether a ron opened its triplet)."""

    kind: ClassVar[StepKind] = StepKind.FU
    item: FuItem

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles the item counts."""
        return self.item.tiles


class FuTotal(StrEnum):
    """How the fu total is reached."""

    YAKUMAN_SHAPE = "yakuman_shape"  # thirteen orphans: fu do not matter
    CHIITOITSU = "chiitoitsu"  # 25, not rounded
    PINFU_TSUMO = "pinfu_tsumo"  # 20, the tsumo fu not counted
    EXACT = "exact"  # already a multiple of 10
    ROUNDED = "rounded"  # rounded up to the next 10


@dataclass(frozen=True, slots=True)
class FuTotalStep:
    """The fu total: the raw count and the rounded fu."""

    kind: ClassVar[StepKind] = StepKind.FU_TOTAL
    how: FuTotal
    raw: int
    fu: int
    tiles: ClassVar[tuple[Tile, ...]] = ()


@dataclass(frozen=True, slots=True)
class YakuStep:
    """A yaku and its han (a yakuman: its multiplier)."""

    kind: ClassVar[StepKind] = StepKind.YAKU
    name: str
    han: int
    yakuman: int = 0
    tiles: ClassVar[tuple[Tile, ...]] = ()


@dataclass(frozen=True, slots=True)
class IndicatorDora:
    """One indicator, the dora it points at, and how many of that tile the hand holds."""

    indicator: Tile
    dora: Tile
    held: int


@dataclass(frozen=True, slots=True)
class DoraStep:
    """Dora, ura dora (each indicator and its dora) or red fives, with their han."""

    kind: ClassVar[StepKind] = StepKind.DORA
    name: str  # dora, ura_dora or aka_dora
    han: int
    indicators: tuple[IndicatorDora, ...] = ()
    reds: tuple[Tile, ...] = ()

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The dora tiles, or the red fives."""
        return self.reds or tuple(i.dora for i in self.indicators)


@dataclass(frozen=True, slots=True)
class UraNotCountedStep:
    """Ura indicators are on the table, but the hand is not in riichi."""

    kind: ClassVar[StepKind] = StepKind.DORA
    tiles: ClassVar[tuple[Tile, ...]] = ()


@dataclass(frozen=True, slots=True)
class HanTotalStep:
    """The han total."""

    kind: ClassVar[StepKind] = StepKind.HAN_TOTAL
    han: int
    tiles: ClassVar[tuple[Tile, ...]] = ()


@dataclass(frozen=True, slots=True)
class BaseStep:
    """Base points below the limits: fu x 2^(2+han)."""

    kind: ClassVar[StepKind] = StepKind.BASE
    fu: int
    han: int
    base: int
    tiles: ClassVar[tuple[Tile, ...]] = ()


class LimitHow(StrEnum):
    """How the base points reach a limit."""

    YAKUMAN = "yakuman"  # one or more yakuman: 8000 each
    KIRIAGE = "kiriage"  # 1920 rounded up to mangan under the rules
    CAPPED = "capped"  # fu x 2^(2+han) over 2000: mangan
    KAZOE = "kazoe"  # 13 han or more counted as yakuman
    SANBAIMAN_CAP = "sanbaiman_cap"  # 13 han or more, no kazoe yakuman: sanbaiman
    BY_HAN = "by_han"  # 5 han or more: the limit of the han


@dataclass(frozen=True, slots=True)
class LimitStep:
    """Base points set by a limit."""

    kind: ClassVar[StepKind] = StepKind.LIMIT
    how: LimitHow
    limit: Limit
    fu: int
    han: int
    yakuman: int
    raw: int  # fu x 2^(2+han) where the fu still count, else 0
    base: int
    rules: str
    tiles: ClassVar[tuple[Tile, ...]] = ()


@dataclass(frozen=True, slots=True)
class PaymentStep:
    """Each share: its multiple of the base points and what it rounds up to."""

    kind: ClassVar[StepKind] = StepKind.PAYMENT
    payment: Payment
    base: int
    dealer: bool
    tiles: ClassVar[tuple[Tile, ...]] = ()

    @property
    def multiplier(self) -> int:
        """The first share's multiple of the base points (ron 4 or 6; tsumo 1 or 2)."""
        if self.payment.shape is PayShape.RON:
            return 6 if self.dealer else 4
        return 2 if self.dealer else 1

    @property
    def unrounded(self) -> int:
        """The first share before rounding."""
        return self.multiplier * self.base


@dataclass(frozen=True, slots=True)
class BonusStep:
    """Honba counters (``honba`` > 0) or riichi sticks (``sticks`` > 0) on the table."""

    kind: ClassVar[StepKind] = StepKind.BONUS
    honba: int
    sticks: int
    tsumo: bool
    per_payer: int  # a counter from each payer (tsumo) or from the discarder (ron)
    bonus: int  # what it adds in all
    tiles: ClassVar[tuple[Tile, ...]] = ()


@dataclass(frozen=True, slots=True)
class TotalStep:
    """What the winner receives in all."""

    kind: ClassVar[StepKind] = StepKind.TOTAL
    total: int
    tiles: ClassVar[tuple[Tile, ...]] = ()


Step = (
    ReadingStep
    | FuItemStep
    | FuTotalStep
    | YakuStep
    | DoraStep
    | UraNotCountedStep
    | HanTotalStep
    | BaseStep
    | LimitStep
    | PaymentStep
    | BonusStep
    | TotalStep
)


# --------------------------------------------------------------------------- building


def _indicators(indicators: tuple[Tile, ...], held: list[int]) -> tuple[IndicatorDora, ...]:
    out = []
    for ind in indicators:
        d = dora_from_indicator(ind)
        out.append(IndicatorDora(ind, d, held[d.index]))
    return tuple(out)


def _fu_total(result: Result) -> FuTotalStep:
    r = result.reading
    if r.kind is ReadingKind.KOKUSHI:
        return FuTotalStep(FuTotal.YAKUMAN_SHAPE, 0, 0)
    if r.kind is ReadingKind.CHIITOITSU:
        return FuTotalStep(FuTotal.CHIITOITSU, 25, 25)
    if result.tsumo and any(y.name == "pinfu" for y in result.yaku):
        return FuTotalStep(FuTotal.PINFU_TSUMO, 20, 20)
    how = FuTotal.EXACT if result.raw_fu == result.fu else FuTotal.ROUNDED
    return FuTotalStep(how, result.raw_fu, result.fu)


def _yaku_step(y: YakuHan, result: Result, held: list[int]) -> YakuStep | DoraStep:
    s, rules = result.situation, result.profile
    if y.name == "dora":
        shown = s.dora if rules.kan_dora else s.dora[:1]
        return DoraStep(y.name, y.han, _indicators(shown, held))
    if y.name == "ura_dora":
        shown = s.ura if rules.kan_dora else s.ura[:1]
        return DoraStep(y.name, y.han, _indicators(shown, held))
    if y.name == "aka_dora":
        return DoraStep(y.name, y.han, reds=tuple(t for t in result.hand.all_tiles() if t.red))
    return YakuStep(y.name, y.han, y.han // 13 if result.yakuman else 0)


def _limit(result: Result) -> LimitStep:
    limit = result.limit
    assert limit is not None
    han, fu = result.han, result.fu
    raw = fu << (han + 2) if han < 5 and not result.yakuman else 0
    rules = result.profile
    if result.yakuman:
        how = LimitHow.YAKUMAN
    elif limit is Limit.MANGAN and han < 5:
        how = LimitHow.KIRIAGE if raw == 1920 and rules.kiriage else LimitHow.CAPPED
    elif limit is Limit.YAKUMAN:
        how = LimitHow.KAZOE
    elif limit is Limit.SANBAIMAN and han >= 13:
        how = LimitHow.SANBAIMAN_CAP
    else:
        how = LimitHow.BY_HAN
    return LimitStep(how, limit, fu, han, result.yakuman, raw, result.base, rules.name)


def explain(result: Result) -> tuple[Step, ...]:
    """The worked explanation of a result, step by step, as data."""
    s = result.situation
    steps: list[Step] = [ReadingStep(result.reading, result.hand.win, result.alternatives)]
    if result.reading.kind is not ReadingKind.KOKUSHI:
        steps.extend(FuItemStep(item) for item in result.fu_items)
    steps.append(_fu_total(result))
    held = [0] * 34
    for t in result.hand.all_tiles():
        held[t.index] += 1
    steps.extend(_yaku_step(y, result, held) for y in result.yaku)
    if not result.yakuman:
        if s.ura and not s.in_riichi:
            steps.append(UraNotCountedStep())
        steps.append(HanTotalStep(result.han))
    if result.limit is None:
        steps.append(BaseStep(result.fu, result.han, result.base))
    else:
        steps.append(_limit(result))
    steps.append(PaymentStep(result.payment, result.base, result.dealer))
    honba_ron = result.profile.honba_ron
    if result.honba:
        per = honba_ron // 3 if result.tsumo else honba_ron
        bonus = result.honba * per * (3 if result.tsumo else 1)
        steps.append(BonusStep(result.honba, 0, result.tsumo, per, bonus))
    if result.sticks:
        steps.append(BonusStep(0, result.sticks, result.tsumo, 0, 1000 * result.sticks))
    steps.append(TotalStep(result.total))
    return tuple(steps)


def step_value(step: Step) -> int | None:
    """The number a step arrives at, where there is one (fu, han, base, points)."""
    if isinstance(step, FuItemStep):
        return step.item.fu
    if isinstance(step, FuTotalStep):
        return step.fu
    if isinstance(step, YakuStep | DoraStep | HanTotalStep):
        return step.han
    if isinstance(step, UraNotCountedStep):
        return 0
    if isinstance(step, BaseStep | LimitStep):
        return step.base
    if isinstance(step, PaymentStep):
        return step.payment.total_paid
    if isinstance(step, BonusStep):
        return step.bonus
    if isinstance(step, TotalStep):
        return step.total
    return None


# --------------------------------------------------------------------------- plain text


def _indicator_text(step: DoraStep) -> str:
    return "; ".join(
        f"indicator {i.indicator} -> dora {i.dora} (held {i.held})" for i in step.indicators
    )


def _limit_text(step: LimitStep) -> str:
    """How a limit hand's base points come about, in a sentence."""
    head = f"{step.fu} x 2^(2+{step.han}) = {step.raw}"
    if step.how is LimitHow.YAKUMAN:
        return f"{step.yakuman}x yakuman: base {step.base} (8000 per yakuman)."
    if step.how is LimitHow.KIRIAGE:
        return f"{head}, rounded up to mangan by kiriage mangan ({step.rules} rules): base 2000."
    if step.how is LimitHow.CAPPED:
        return f"{head}, more than 2000: capped at mangan, base 2000."
    if step.how is LimitHow.KAZOE:
        return f"{step.han} han: counted (kazoe) yakuman, base 8000."
    if step.how is LimitHow.SANBAIMAN_CAP:
        return f"{step.han} han: sanbaiman under {step.rules} rules (no kazoe yakuman), base 6000."
    span = {
        Limit.MANGAN: "5 han",
        Limit.HANEMAN: "6-7 han",
        Limit.BAIMAN: "8-10 han",
        Limit.SANBAIMAN: "11-12 han",
    }[step.limit]
    return f"{step.han} han: {step.limit.value} ({span}), base {step.base}; fu do not matter."


def _payment_text(step: PaymentStep) -> str:
    p, b = step.payment, step.base
    if p.shape is PayShape.RON:
        who = "Dealer" if step.dealer else "Non-dealer"
        return (
            f"{who} ron: {step.multiplier} x {b} = {step.unrounded}, rounded up to "
            f'{p.first}: say "{p.declaration()}".'
        )
    if p.shape is PayShape.ALL:
        return (
            f"Dealer tsumo: each player pays 2 x {b} = {2 * b}, "
            f'rounded up to {p.first}: say "{p.declaration()}".'
        )
    return (
        f"Non-dealer tsumo: the dealer pays 2 x {b} = {2 * b}, "
        f"rounded up to {p.second}; each non-dealer pays {b}, "
        f"rounded up to {p.first}: say "
        f'"{p.declaration()}" (each share rounded on its own).'
    )


def _fu_total_text(step: FuTotalStep) -> str:
    """The fu total and how it was rounded, in a sentence."""
    return {
        FuTotal.YAKUMAN_SHAPE: "Thirteen orphans is a yakuman: fu do not matter.",
        FuTotal.CHIITOITSU: "Fu: 25 (chiitoitsu, not rounded).",
        FuTotal.PINFU_TSUMO: "Fu: 20 (pinfu tsumo: the 2 tsumo fu are not counted, "
        "and 20 is not rounded).",
        FuTotal.EXACT: f"Fu: {step.raw}, already a multiple of 10.",
        FuTotal.ROUNDED: f"Fu: {step.raw}, rounded up to {step.fu}.",
    }[step.how]


def _yaku_text(step: YakuStep) -> str:
    """A yaku, its han (or yakuman) and what it is for."""
    info = YAKU.get(step.name)
    title = info.title if info else step.name
    amount = f"{step.yakuman}x yakuman" if step.yakuman else f"{step.han} han"
    why = info.description if info else ""
    if step.name == "renhou" and step.han == 5:
        why = "renhou is valued as mangan under these rules"
    return f"{title}: {amount} ({why})" if why else f"{title}: {amount}"


def _sticks_text(step: BonusStep) -> str:
    """The riichi sticks on the table going to the winner."""
    plural = "s" if step.sticks > 1 else ""
    return f"{step.sticks} riichi stick{plural} on the table: +{step.bonus}."


def render_step(step: Step) -> str:
    """One step in plain English with MPSZ tiles (the library's own wording)."""
    if isinstance(step, ReadingStep):
        text = f"Reading: {step.reading.describe()} (won on {step.win})."
        if step.alternatives:
            text += (
                " Chosen because no other reading is worth more; also possible: "
                + "; ".join(a.describe() for a in step.alternatives)
                + "."
            )
        return text
    if isinstance(step, FuItemStep):
        item = step.item
        label = item.name + (f" {format_tiles(item.tiles)}" if item.tiles else "")
        return f"{label}: +{item.fu} fu ({item.reason})"
    if isinstance(step, FuTotalStep):
        return _fu_total_text(step)
    if isinstance(step, DoraStep):
        if step.name == "aka_dora":
            return f"red fives: +{step.han} han ({format_tiles(step.reds)})"
        what = "ura dora" if step.name == "ura_dora" else "dora"
        return f"{what}: +{step.han} han ({_indicator_text(step)})"
    if isinstance(step, YakuStep):
        return _yaku_text(step)
    if isinstance(step, UraNotCountedStep):
        return "Ura dora count only for a riichi hand: not counted here."
    if isinstance(step, HanTotalStep):
        return f"Han: {step.han}."
    if isinstance(step, BaseStep):
        return f"Base points = {step.fu} x 2^(2+{step.han}) = {step.base}."
    if isinstance(step, LimitStep):
        return _limit_text(step)
    if isinstance(step, PaymentStep):
        return _payment_text(step)
    if isinstance(step, BonusStep):
        if step.sticks:
            return _sticks_text(step)
        if not step.tsumo:
            return (
                f"{step.honba} honba: +{step.bonus} "
                f"({step.per_payer} each, paid by the discarder)."
            )
        return (
            f"{step.honba} honba: +{step.honba * step.per_payer} from each "
            f"of the three payers ({step.per_payer} each), +{step.bonus} in all."
        )
    return f"The winner receives {step.total} in all."


def render_text(result: Result) -> str:
    """The explanation as plain English text, one step a line."""
    lines = []
    for step in explain(result):
        indent = "  " if step.kind in (StepKind.FU, StepKind.YAKU, StepKind.DORA) else ""
        lines.append(indent + render_step(step))
    return "\n".join(lines)
