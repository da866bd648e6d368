"""The worked explanation in words, as the learner reads it.

``scoring.explain`` gives the steps as data (tiles, numbers, kinds); this
module turns them, and the drill's own steps (the waits, the dora indicators,
the points table and its memory tricks), into lines of text, drawing every
tile with the learner's tile formatter. It is the place to translate. The
steps that hold no tiles (fu total, yaku, han, base, limit, sticks, total)
read in English as ``scoring.explain.render_step`` words them, so the
library's plain text and the app say them alike; a translation words them
here, in :func:`step_line`.

>>> from scoring import parse_record, score
>>> from quiz.drills import DrillKind, Question
>>> from quiz.grading import AnswerKey, Part
>>> r = score(parse_record({"hand": "234567m34p456s22z5p", "win": "5p", "seat": "S",
...                         "round": "E", "riichi": True}))
>>> q = Question(DrillKind.WHOLE, 1, AnswerKey.from_result(r, (Part.PAYMENT,)), (Part.PAYMENT,),
...              result=r)
>>> [line.text for line in explanation_lines(q) if line.kind == "payment"]
['Non-dealer ron: 4 x 320 = 1280, rounded up to 1300: say "1300".']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scoring.explain import (
    BonusStep,
    DoraStep,
    FuItemStep,
    PaymentStep,
    ReadingStep,
    Step,
    explain,
    render_step,
    step_value,
)
from scoring.fu import FuKind
from scoring.result import (
    Alternative,
    FuItem,
    GroupKind,
    Payment,
    PayShape,
    Reading,
    ReadingKind,
    Result,
)
from scoring.tiles import Tile, dora_from_indicator, format_tiles

from .grading.marks import TileText

if TYPE_CHECKING:
    from .drills import Question

__all__ = ["ExplanationLine", "explanation_lines", "fu_reason", "reading_words", "step_line"]


@dataclass(frozen=True, slots=True)
class ExplanationLine:
    """One line of the explanation as the learner reads it.

    Attributes:
        kind: what it is about (``reading``, ``fu``, ``payment``... and the drill's own
            ``waits``, ``indicator``, ``trick``): the screen groups lines by it.
        text: the line in words, tiles in the learner's style.
        tiles: the tiles it points at.
        value: the number it arrives at, where there is one.
    """

    kind: str
    text: str
    tiles: tuple[Tile, ...] = ()
    value: int | None = None


# --------------------------------------------------------------------------- scoring's steps


def reading_words(reading: Reading, tiles: TileText = format_tiles) -> str:
    """A reading in words: ``123m 456p ... + pair 55p, ryanmen wait completing 789s``."""
    wait = reading.wait.value.replace("_", " ")
    if reading.kind is ReadingKind.KOKUSHI:
        return f"thirteen orphans, {wait} wait"
    sets = " ".join(tiles(g.tiles) for g in reading.groups if g.kind is not GroupKind.PAIR)
    pairs = " ".join(tiles(g.tiles) for g in reading.groups if g.kind is GroupKind.PAIR)
    won = next((g for g in reading.groups if g.has_win), None)
    where = f" completing {tiles(won.tiles)}" if won is not None else ""
    if reading.kind is ReadingKind.CHIITOITSU:
        return f"seven pairs {pairs}, {wait} wait{where}"
    return f"{sets} + pair {pairs}, {wait} wait{where}"


def _alternative_words(a: Alternative, tiles: TileText) -> str:
    value = f"{a.yakuman}x yakuman" if a.yakuman else f"{a.han} han {a.fu} fu"
    return f"{reading_words(a.reading, tiles)}: {value}, base {a.base}"


_WAIT_REASONS: dict[FuKind, str] = {
    FuKind.KANCHAN_WAIT: "the winning tile filled the middle of a sequence",
    FuKind.PENCHAN_WAIT: "the winning tile completed 12-3 or 7-89 from the edge",
    FuKind.TANKI_WAIT: "the winning tile completed the pair",
}
_FIXED_REASONS: dict[FuKind, str] = {
    FuKind.BASE: "every winning hand starts with 20 fu (fuutei)",
    FuKind.CLOSED_RON: "a closed hand won by ron adds 10 (menzen kafu)",
    FuKind.TSUMO: "a win by self-draw adds 2 (not for pinfu tsumo)",
    FuKind.OPEN_RON_MINIMUM: "an open hand won by ron with no other fu is counted as 30 fu",
    FuKind.CHIITOITSU: "seven pairs are always 25 fu: nothing is added and nothing is rounded",
}


def fu_reason(item: FuItem) -> str:
    """Why a fu item counts, in a sentence for the learner (empty where its name says it)."""
    if item.kind in _FIXED_REASONS:
        return _FIXED_REASONS[item.kind]
    if item.kind.is_wait:
        return f"{_WAIT_REASONS[item.kind]}: a single-tile wait adds 2"
    tile = item.tiles[0] if item.tiles else None
    name = tile.name() if tile is not None else ""
    if item.kind is FuKind.DOUBLE_WIND_PAIR:
        return f"a pair of {name}, both seat and round wind"
    if item.kind.is_pair:
        return f"a pair of {name} adds 2 (a yakuhai pair)"
    if item.by_ron:
        what = "quad" if item.kind.is_quad else "triplet"
        return f"completed by ron, so it counts as open (open {what}: {item.fu} fu)"
    return ""


def _indicators(step: DoraStep, tiles: TileText) -> str:
    return "; ".join(
        f"indicator {tiles((i.indicator,))} -> dora {tiles((i.dora,))} (held {i.held})"
        for i in step.indicators
    )


def _share(multiple: int, base: int, paid: int) -> str:
    """``4 x 320 = 1280, rounded up to 1300``; no rounding said where there was none."""
    worked = f"{multiple} x {base} = {multiple * base}" if multiple != 1 else f"{base}"
    if multiple * base == paid:
        return worked
    return f"{worked}, rounded up to {paid}"


def payment_words(payment: Payment, base: int, *, dealer: bool) -> str:
    """Each share worked out from the base points, and what the winner says."""
    said = f'say "{payment.declaration()}"'
    if payment.shape is PayShape.RON:
        who = "Dealer" if dealer else "Non-dealer"
        return f"{who} ron: {_share(6 if dealer else 4, base, payment.first)}: {said}."
    if payment.shape is PayShape.ALL:
        return f"Dealer tsumo: each player pays {_share(2, base, payment.first)}: {said}."
    assert payment.second is not None
    rounded = payment.first != base or payment.second != 2 * base
    return (
        f"Non-dealer tsumo: the dealer pays {_share(2, base, payment.second)}; "
        f"each non-dealer pays {_share(1, base, payment.first)}: {said}"
        + (" (each share rounded on its own)." if rounded else ".")
    )


def _honba(step: BonusStep) -> str:
    if not step.tsumo:
        counters = f"{step.per_payer} a counter, " if step.honba > 1 else ""
        return f"{step.honba} honba: +{step.bonus} ({counters}paid by the discarder alone)."
    return (
        f"{step.honba} honba: +{step.honba * step.per_payer} from each "
        f"of the three payers ({step.per_payer} a counter), +{step.bonus} in all."
    )


def step_line(step: Step, tiles: TileText = format_tiles) -> ExplanationLine:
    """One step of ``scoring.explain`` as a line of words."""
    kind = step.kind.value
    if isinstance(step, ReadingStep):
        text = f"Reading: {reading_words(step.reading, tiles)} (won on {tiles((step.win,))})."
        if step.alternatives:
            text += (
                " Chosen because no other reading is worth more; also possible: "
                + "; ".join(_alternative_words(a, tiles) for a in step.alternatives)
                + "."
            )
        return ExplanationLine(kind, text, step.tiles)
    if isinstance(step, FuItemStep):
        item = step.item
        label = item.kind.label + (f" {tiles(item.tiles)}" if item.tiles else "")
        why = fu_reason(item)
        text = f"{label}: +{item.fu} fu" + (f" ({why})" if why else "")
        return ExplanationLine(kind, text, item.tiles, item.fu)
    if isinstance(step, DoraStep):
        if step.name == "aka_dora":
            text = f"red fives: +{step.han} han ({tiles(step.reds)})"
        else:
            what = "ura dora" if step.name == "ura_dora" else "dora"
            text = f"{what}: +{step.han} han ({_indicators(step, tiles)})"
        return ExplanationLine(kind, text, step.tiles, step.han)
    if isinstance(step, PaymentStep):
        text = payment_words(step.payment, step.base, dealer=step.dealer)
        return ExplanationLine(kind, text, (), step.payment.total_paid)
    if isinstance(step, BonusStep) and not step.sticks:
        return ExplanationLine(kind, _honba(step), (), step.bonus)
    # the other steps hold no tiles and read alike everywhere: scoring's own sentence
    return ExplanationLine(kind, render_step(step), (), step_value(step))


# --------------------------------------------------------------------------- the drill's steps


def _dora_lines(r: Result, tiles: TileText) -> list[ExplanationLine]:
    s = r.situation
    held = [0] * 34
    for t in r.hand.all_tiles():
        held[t.index] += 1
    out = []
    counted = s.dora if r.profile.kan_dora else s.dora[:1]
    for ind in counted:
        d = dora_from_indicator(ind)
        out.append(ExplanationLine(
            "indicator",
            f"Indicator {tiles((ind,))} -> dora {tiles((d,))}: the hand holds {held[d.index]}.",
            (d,), held[d.index]))
    reds = tuple(t for t in r.hand.all_tiles() if t.red)
    if reds:
        out.append(ExplanationLine("indicator",
                                   f"Red fives: {len(reds)} ({tiles(reds)}), one han each.",
                                   reds, len(reds)))
    total = sum(y.han for y in r.yaku if y.name in ("dora", "aka_dora"))
    out.append(ExplanationLine("indicator", f"Dora han (without ura dora): {total}.", (), total))
    return out


def _table_lines(question: Question) -> list[ExplanationLine]:
    from .drills import table_tricks

    cell = question.cell
    assert cell is not None
    key = question.key
    rules = key.profile
    out: list[ExplanationLine] = []
    raw = cell.fu << (cell.han + 2)
    if key.limit is None:
        out.append(ExplanationLine(
            "base", f"Base points = {cell.fu} x 2^(2+{cell.han}) = {raw}.", (), key.base))
    elif cell.han < 5:
        out.append(ExplanationLine(
            "limit", f"{cell.fu} x 2^(2+{cell.han}) = {raw}: mangan (base {key.base}).", (),
            key.base))
    else:
        out.append(ExplanationLine(
            "limit", f"{cell.han} han: {key.limit} (base {key.base}); the fu do not matter.",
            (), key.base))
    plain = Payment.of_base(key.base, dealer=cell.dealer, tsumo=cell.tsumo)
    out.append(ExplanationLine("payment", payment_words(plain, key.base, dealer=cell.dealer),
                               (), plain.total_paid))
    if cell.honba:
        if cell.tsumo:
            per = rules.honba_ron // 3
            out.append(ExplanationLine(
                "bonus", f"{cell.honba} honba: +{cell.honba * per} on each share: "
                f"\"{key.payment}\".", (), cell.honba * per * 3))
        else:
            bonus = cell.honba * rules.honba_ron
            out.append(ExplanationLine(
                "bonus", f"{cell.honba} honba: +{bonus} from the discarder alone: "
                f"\"{key.payment}\".", (), bonus))
    for trick in table_tricks(cell.fu, cell.han, dealer=cell.dealer, tsumo=cell.tsumo,
                              profile=rules):
        out.append(ExplanationLine("trick", trick))
    return out


def explanation_lines(question: Question,
                      tiles: TileText = format_tiles) -> tuple[ExplanationLine, ...]:
    """The worked explanation of a question: the drill's own lines, then the scoring's."""
    from .drills import DrillKind
    from .grading import Part

    if question.cell is not None:
        return tuple(_table_lines(question))
    r = question.result
    assert r is not None
    out: list[ExplanationLine] = []
    if question.drill is DrillKind.DORA:
        out.extend(_dora_lines(r, tiles))
    if question.drill is DrillKind.WAIT:
        key = question.key
        out.append(ExplanationLine(
            "waits", f"Before the win the hand waits on {tiles(key.waits)}: each of these "
            "tiles completes four sets and a pair (or seven pairs).", key.waits))
        if len(key.possible_waits) > 1:
            kinds = ", ".join(sorted(w.value for w in key.possible_waits))
            out.append(ExplanationLine(
                "waits", f"{tiles((r.hand.win,))} can be read as {kinds}; the reading worth "
                f"most counts: {r.wait.value}.", (r.hand.win,)))
    out.extend(step_line(step, tiles) for step in explain(r))
    if r.honba and Part.PAYMENT in question.parts:
        out.append(ExplanationLine(
            "total", f"With the {r.honba} honba, say \"{question.key.payment}\" "
            "(what each payer hands over).", (), None))
    return tuple(out)

