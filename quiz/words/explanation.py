"""The worked explanation in words, as the learner reads it, in the learner's language.

``scoring.explain`` gives the steps as data (tiles, numbers, kinds); this
module turns them, and the drill's own steps (the waits, the dora indicators,
the points table and its memory tricks, the curated example's teaching note),
into lines of text in the active language, drawing every tile with the
learner's tile formatter. Every sentence is a message of the catalogs (context
``explain``); the field's words come from :mod:`quiz.words.terms`, a yaku's
description from :mod:`quiz.words.topics`, a payment as said at the table from
:mod:`quiz.words.payments`. ``scoring.explain.render_step`` stays the library's
own English for ``python -m scoring explain``; the app does not use it.

>>> from scoring import parse_record, score
>>> from quiz.drills import DrillKind, Question
>>> from quiz.grading import AnswerKey, Part
>>> from quiz.words.core import use
>>> use("en")
>>> r = score(parse_record({"hand": "234567m34p456s22z5p", "win": "5p", "seat": "S",
...                         "round": "E", "riichi": True}))
>>> q = Question(DrillKind.WHOLE, 1, AnswerKey.from_result(r, (Part.PAYMENT,)), (Part.PAYMENT,),
...              result=r)
>>> [line.text for line in explanation_lines(q) if line.kind == "payment"]
['Non-dealer ron: 4 x 320 = 1280, rounded up to 1300: say "1300".']
>>> use("ja")
>>> [line.text for line in explanation_lines(q) if line.kind == "payment"]
['子のロン: 4 × 320 = 1280、100点単位に切り上げて1300:「1300」と申告します。']
>>> use("en")
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scoring.explain import (
    BaseStep,
    BonusStep,
    DoraStep,
    FuItemStep,
    FuTotal,
    FuTotalStep,
    HanTotalStep,
    IndicatorDora,
    LimitHow,
    LimitStep,
    PaymentStep,
    ReadingStep,
    Step,
    UraNotCountedStep,
    YakuStep,
    explain,
    step_value,
)
from scoring.fu import FuKind
from scoring.result import (
    Alternative,
    FuItem,
    GroupKind,
    Limit,
    Payment,
    PayShape,
    Reading,
    ReadingKind,
    Result,
)
from scoring.tiles import Tile, dora_from_indicator, format_tiles

from ..drills import DrillKind, table_tricks
from ..grading import Part
from ..grading.marks import TileText
from .core import npgettext, pgettext
from .data_texts import note_text
from .payments import say_payment
from .terms import (
    fu_count,
    fu_item_name,
    han_count,
    honba_count,
    honour_name,
    limit_name,
    rules_name,
    stick_count,
    tile_name,
    wait_name,
    yaku_title,
)
from .topics import topic_description

if TYPE_CHECKING:
    from ..drills import Question

__all__ = [
    "ExplanationLine",
    "explanation_lines",
    "fu_reason",
    "payment_words",
    "reading_words",
    "section_title",
    "step_line",
    "wait_on",
]


@dataclass(frozen=True, slots=True)
class ExplanationLine:
    """One line of the explanation as the learner reads it.

    Attributes:
        kind: what it is about (``reading``, ``fu``, ``payment``... and the drill's own
            ``waits``, ``indicator``, ``trick``, ``note``): the screen groups lines by it.
        text: the line in words, tiles in the learner's style.
        tiles: the tiles it points at.
        value: the number it arrives at, where there is one.
        detail: the part of :attr:`text` the screen shows on a line of its own
            (why the reading was chosen over the others), "" where none.
    """

    kind: str
    text: str
    tiles: tuple[Tile, ...] = ()
    value: int | None = None
    detail: str = ""


def section_title(kind: str) -> str:
    """The heading the screen shows above the lines of a kind (in the active language)."""
    if kind == "waits":
        return pgettext("explain", "Waits")
    if kind == "indicator":
        return pgettext("explain", "Dora")
    if kind == "reading":
        return pgettext("explain", "Reading")
    if kind in ("fu", "fu_total"):
        return pgettext("explain", "Fu")
    if kind in ("yaku", "dora", "han_total"):
        return pgettext("explain", "Han")
    if kind in ("base", "limit", "payment", "bonus", "total"):
        return pgettext("explain", "Points")
    if kind == "trick":
        return pgettext("explain", "Memory tricks")
    if kind == "note":
        return pgettext("explain", "Teaching note")
    if kind == "settle":
        return pgettext("explain", "Settlement")
    return ""


# --------------------------------------------------------------------------- scoring's steps


def _tile_words(tile: Tile) -> str:
    """A tile named in words (``East``, ``東``), for a sentence about a pair."""
    if tile.is_honor:
        return honour_name(tile.index)
    return tile_name(tile.number, tile.suit.value, tile.red)


def reading_words(reading: Reading, tiles: TileText = format_tiles) -> str:
    """A reading in words: ``123m 456p ... + pair 55p, ryanmen wait completing 789s``."""
    wait = wait_name(reading.wait.value)
    if reading.kind is ReadingKind.KOKUSHI:
        return pgettext("explain", "thirteen orphans, %(wait)s") % {"wait": wait}
    sets = " ".join(tiles(g.tiles) for g in reading.groups if g.kind is not GroupKind.PAIR)
    pairs = " ".join(tiles(g.tiles) for g in reading.groups if g.kind is GroupKind.PAIR)
    won = next((g for g in reading.groups if g.has_win), None)
    words = {"sets": sets, "pairs": pairs, "wait": wait,
             "group": tiles(won.tiles) if won is not None else ""}
    if reading.kind is ReadingKind.CHIITOITSU:
        if won is None:
            return pgettext("explain", "seven pairs %(pairs)s, %(wait)s") % words
        return pgettext("explain", "seven pairs %(pairs)s, %(wait)s completing %(group)s") % words
    if won is None:
        return pgettext("explain", "%(sets)s + pair %(pairs)s, %(wait)s") % words
    return pgettext("explain", "%(sets)s + pair %(pairs)s, %(wait)s completing %(group)s") % words


def wait_on(wait: str, tile: str) -> str:
    """``ryanmen wait on 5p``: the wait of the reading and its winning tile."""
    return pgettext("explain", "%(wait)s on %(tile)s") % {"wait": wait_name(wait), "tile": tile}


def _yakuman_amount(n: int) -> str:
    return pgettext("explain", "%(n)dx yakuman") % {"n": n}


def _alternative_words(a: Alternative, tiles: TileText) -> str:
    if a.yakuman:
        value = _yakuman_amount(a.yakuman)
    else:
        value = pgettext("explain", "%(han)s %(fu)s") % {"han": han_count(a.han),
                                                        "fu": fu_count(a.fu)}
    return pgettext("explain", "%(reading)s: %(value)s, base %(base)d") % {
        "reading": reading_words(a.reading, tiles), "value": value, "base": a.base}


def _fixed_reasons() -> dict[FuKind, str]:
    """Why each fu kind that does not depend on its tiles counts (looked up per language)."""
    return {
        FuKind.BASE: pgettext("explain", "every winning hand starts with 20 fu (fuutei)"),
        FuKind.CLOSED_RON: pgettext("explain", "a closed hand won by ron adds 10 (menzen kafu)"),
        FuKind.TSUMO: pgettext("explain", "a win by self-draw adds 2 (not for pinfu tsumo)"),
        FuKind.OPEN_RON_MINIMUM: pgettext(
            "explain", "an open hand won by ron with no other fu is counted as 30 fu"),
        FuKind.CHIITOITSU: pgettext(
            "explain", "seven pairs are always 25 fu: nothing is added and nothing is rounded"),
        FuKind.KANCHAN_WAIT: pgettext(
            "explain",
            "the winning tile filled the middle of a sequence: a single-tile wait adds 2"),
        FuKind.PENCHAN_WAIT: pgettext(
            "explain",
            "the winning tile completed 12-3 or 7-89 from the edge: a single-tile wait adds 2"),
        FuKind.TANKI_WAIT: pgettext(
            "explain", "the winning tile completed the pair: a single-tile wait adds 2"),
    }


def fu_reason(item: FuItem) -> str:
    """Why a fu item counts, in a sentence for the learner (empty where its name says it)."""
    fixed = _fixed_reasons().get(item.kind)
    if fixed is not None:
        return fixed
    tile = item.tiles[0] if item.tiles else None
    name = _tile_words(tile) if tile is not None else ""
    if item.kind is FuKind.DOUBLE_WIND_PAIR:
        return pgettext("explain", "a pair of %(tile)s, both seat and round wind") % {
            "tile": name}
    if item.kind.is_pair:
        return pgettext("explain", "a pair of %(tile)s adds 2 (a yakuhai pair)") % {"tile": name}
    if item.by_ron:
        if item.kind.is_quad:
            text = pgettext("explain",
                            "completed by ron, so it counts as open (open quad: %(fu)s)")
        else:
            text = pgettext("explain",
                            "completed by ron, so it counts as open (open triplet: %(fu)s)")
        return text % {"fu": fu_count(item.fu)}
    return ""


def _indicators(indicators: tuple[IndicatorDora, ...], tiles: TileText) -> str:
    return "; ".join(
        pgettext("explain", "indicator %(indicator)s -> dora %(dora)s (held %(n)d)")
        % {"indicator": tiles((i.indicator,)), "dora": tiles((i.dora,)), "n": i.held}
        for i in indicators
    )


def _share(multiple: int, base: int, paid: int) -> str:
    """``4 x 320 = 1280, rounded up to 1300``; no rounding said where there was none."""
    worked = (pgettext("explain", "%(multiple)d x %(base)d = %(product)d") % {
        "multiple": multiple, "base": base, "product": multiple * base}
        if multiple != 1 else f"{base}")
    if multiple * base == paid:
        return worked
    return pgettext("explain", "%(worked)s, rounded up to %(paid)d") % {
        "worked": worked, "paid": paid}


def payment_words(payment: Payment, base: int, *, dealer: bool) -> str:
    """Each share worked out from the base points, and what the winner says."""
    said = say_payment(payment)
    if payment.shape is PayShape.RON:
        share = _share(6 if dealer else 4, base, payment.first)
        if dealer:
            text = pgettext("explain", 'Dealer ron: %(share)s: say "%(said)s".')
        else:
            text = pgettext("explain", 'Non-dealer ron: %(share)s: say "%(said)s".')
        return text % {"share": share, "said": said}
    if payment.shape is PayShape.ALL:
        return pgettext("explain", 'Dealer tsumo: each player pays %(share)s: say "%(said)s".') % {
            "share": _share(2, base, payment.first), "said": said}
    assert payment.second is not None
    words = {"dealer": _share(2, base, payment.second), "each": _share(1, base, payment.first),
             "said": said}
    if payment.first != base or payment.second != 2 * base:
        return pgettext(
            "explain", 'Non-dealer tsumo: the dealer pays %(dealer)s; each non-dealer pays '
            '%(each)s: say "%(said)s" (each share rounded on its own).') % words
    return pgettext(
        "explain", 'Non-dealer tsumo: the dealer pays %(dealer)s; each non-dealer pays '
        '%(each)s: say "%(said)s".') % words


def _honba(step: BonusStep) -> str:
    words = {"honba": honba_count(step.honba), "bonus": step.bonus, "per": step.per_payer,
             "each": step.honba * step.per_payer}
    if not step.tsumo:
        if step.honba > 1:
            return pgettext("explain", "%(honba)s: +%(bonus)d (%(per)d a counter, paid by the "
                            "discarder alone).") % words
        return pgettext("explain", "%(honba)s: +%(bonus)d (paid by the discarder alone).") % words
    return pgettext("explain", "%(honba)s: +%(each)d from each of the three payers (%(per)d a "
                    "counter), +%(bonus)d in all.") % words


def _sticks(step: BonusStep) -> str:
    return pgettext("explain", "%(sticks)s on the table: +%(bonus)d.") % {
        "sticks": stick_count(step.sticks), "bonus": step.bonus}


def _fu_total(step: FuTotalStep) -> str:
    if step.how is FuTotal.YAKUMAN_SHAPE:
        return pgettext("explain", "Thirteen orphans is a yakuman: fu do not matter.")
    if step.how is FuTotal.CHIITOITSU:
        return pgettext("explain", "Fu: 25 (chiitoitsu, not rounded).")
    if step.how is FuTotal.PINFU_TSUMO:
        return pgettext("explain", "Fu: 20 (pinfu tsumo: the 2 tsumo fu are not counted, and "
                        "20 is not rounded).")
    if step.how is FuTotal.EXACT:
        return pgettext("explain", "Fu: %(raw)d, already a multiple of 10.") % {"raw": step.raw}
    return pgettext("explain", "Fu: %(raw)d, rounded up to %(fu)d.") % {
        "raw": step.raw, "fu": step.fu}


def _yaku(step: YakuStep) -> str:
    amount = _yakuman_amount(step.yakuman) if step.yakuman else han_count(step.han)
    if step.name == "renhou" and step.han == 5:
        why = pgettext("explain", "renhou is valued as mangan under these rules")
    else:
        why = topic_description(f"yaku:{step.name}")
    words = {"yaku": yaku_title(step.name), "amount": amount, "why": why}
    if why:
        return pgettext("explain", "%(yaku)s: %(amount)s (%(why)s)") % words
    return pgettext("explain", "%(yaku)s: %(amount)s") % words


def _spans() -> dict[Limit, str]:
    return {
        Limit.MANGAN: han_count(5),
        Limit.HANEMAN: pgettext("explain", "6-7 han"),
        Limit.BAIMAN: pgettext("explain", "8-10 han"),
        Limit.SANBAIMAN: pgettext("explain", "11-12 han"),
    }


def _limit(step: LimitStep) -> str:
    words = {"fu": step.fu, "han": step.han, "raw": step.raw, "base": step.base,
             "n": step.yakuman, "rules": rules_name(step.rules),
             "limit": limit_name(step.limit.value)}
    if step.how is LimitHow.YAKUMAN:
        return pgettext("explain", "%(n)dx yakuman: base %(base)d (8000 per yakuman).") % words
    if step.how is LimitHow.KIRIAGE:
        return pgettext("explain", "%(fu)d x 2^(2+%(han)d) = %(raw)d, rounded up to mangan by "
                        "kiriage mangan (%(rules)s rules): base 2000.") % words
    if step.how is LimitHow.CAPPED:
        return pgettext("explain", "%(fu)d x 2^(2+%(han)d) = %(raw)d, more than 2000: capped at "
                        "mangan, base 2000.") % words
    if step.how is LimitHow.KAZOE:
        return pgettext("explain", "%(han)s: counted (kazoe) yakuman, base 8000.") % {
            **words, "han": han_count(step.han)}
    if step.how is LimitHow.SANBAIMAN_CAP:
        return pgettext("explain", "%(han)s: sanbaiman under %(rules)s rules (no kazoe "
                        "yakuman), base 6000.") % {**words, "han": han_count(step.han)}
    words["span"] = _spans()[step.limit]
    words["han"] = han_count(step.han)
    return pgettext("explain", "%(han)s: %(limit)s (%(span)s), base %(base)d; fu do not "
                    "matter.") % words


def step_line(step: Step, tiles: TileText = format_tiles) -> ExplanationLine:
    """One step of ``scoring.explain`` as a line of words in the active language."""
    kind = step.kind.value
    value = step_value(step)
    if isinstance(step, ReadingStep):
        text = pgettext("explain", "Reading: %(reading)s (won on %(tile)s).") % {
            "reading": reading_words(step.reading, tiles), "tile": tiles((step.win,))}
        detail = ""
        if step.alternatives:
            detail = pgettext("explain", "Chosen because no other reading is worth more; also "
                              "possible: %(readings)s.") % {
                "readings": "; ".join(_alternative_words(a, tiles) for a in step.alternatives)}
            text += " " + detail
        return ExplanationLine(kind, text, step.tiles, None, detail)
    if isinstance(step, FuItemStep):
        item = step.item
        label = fu_item_name(item.kind.value) + (f" {tiles(item.tiles)}" if item.tiles else "")
        why = fu_reason(item)
        words = {"item": label, "fu": fu_count(item.fu), "why": why}
        if why:
            text = pgettext("explain", "%(item)s: +%(fu)s (%(why)s)") % words
        else:
            text = pgettext("explain", "%(item)s: +%(fu)s") % words
        return ExplanationLine(kind, text, item.tiles, item.fu)
    if isinstance(step, DoraStep):
        if step.name == "aka_dora":
            text = pgettext("explain", "red fives: +%(han)s (%(tiles)s)") % {
                "han": han_count(step.han), "tiles": tiles(step.reds)}
        else:
            words = {"han": han_count(step.han), "indicators": _indicators(step.indicators, tiles)}
            if step.name == "ura_dora":
                text = pgettext("explain", "ura dora: +%(han)s (%(indicators)s)") % words
            else:
                text = pgettext("explain", "dora: +%(han)s (%(indicators)s)") % words
        return ExplanationLine(kind, text, step.tiles, step.han)
    if isinstance(step, PaymentStep):
        text = payment_words(step.payment, step.base, dealer=step.dealer)
        return ExplanationLine(kind, text, (), value)
    if isinstance(step, BonusStep):
        return ExplanationLine(kind, _sticks(step) if step.sticks else _honba(step), (), value)
    if isinstance(step, FuTotalStep):
        return ExplanationLine(kind, _fu_total(step), (), value)
    if isinstance(step, YakuStep):
        return ExplanationLine(kind, _yaku(step), (), value)
    if isinstance(step, UraNotCountedStep):
        return ExplanationLine(kind, pgettext(
            "explain", "Ura dora count only for a riichi hand: not counted here."), (), value)
    if isinstance(step, HanTotalStep):
        return ExplanationLine(kind, pgettext("explain", "Han: %(n)d.") % {"n": step.han}, (),
                               value)
    if isinstance(step, LimitStep):
        return ExplanationLine(kind, _limit(step), (), value)
    if isinstance(step, BaseStep):
        return ExplanationLine(kind, _base_words(step.fu, step.han, step.base), (), value)
    return ExplanationLine(kind, pgettext("explain", "The winner receives %(total)d in all.")
                           % {"total": step.total}, (), value)


def _base_words(fu: int, han: int, base: int) -> str:
    return pgettext("explain", "Base points = %(fu)d x 2^(2+%(han)d) = %(base)d.") % {
        "fu": fu, "han": han, "base": base}


def _ura_without_dora(r: Result, tiles: TileText) -> ExplanationLine | None:
    """A riichi hand's ura indicators that give no dora: said, so the learner sees them counted."""
    s = r.situation
    if not s.ura or not s.in_riichi or r.yakuman or any(y.name == "ura_dora" for y in r.yaku):
        return None
    shown = s.ura if r.profile.kan_dora else s.ura[:1]
    held = [0] * 34
    for t in r.hand.all_tiles():
        held[t.index] += 1
    indicators = tuple(IndicatorDora(i, dora_from_indicator(i), held[dora_from_indicator(i).index])
                       for i in shown)
    text = pgettext("explain", "ura dora: none in the hand (%(indicators)s)") % {
        "indicators": _indicators(indicators, tiles)}
    return ExplanationLine("dora", text, tuple(i.dora for i in indicators), 0)


def _scoring_lines(r: Result, tiles: TileText) -> list[ExplanationLine]:
    """Scoring's steps in words, with the ura indicators that gave nothing said before the han."""
    out = [step_line(step, tiles) for step in explain(r)]
    ura = _ura_without_dora(r, tiles)
    if ura is not None:
        at = next(i for i, line in enumerate(out) if line.kind in ("han_total", "base", "limit"))
        out.insert(at, ura)
    return out


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
            pgettext("explain", "Indicator %(indicator)s -> dora %(dora)s: the hand holds %(n)d.")
            % {"indicator": tiles((ind,)), "dora": tiles((d,)), "n": held[d.index]},
            (d,), held[d.index]))
    reds = tuple(t for t in r.hand.all_tiles() if t.red)
    if reds:
        out.append(ExplanationLine(
            "indicator", pgettext("explain", "Red fives: %(n)d (%(tiles)s), one han each.")
            % {"n": len(reds), "tiles": tiles(reds)}, reds, len(reds)))
    total = sum(y.han for y in r.yaku if y.name in ("dora", "aka_dora"))
    out.append(ExplanationLine(
        "indicator", pgettext("explain", "Dora han (without ura dora): %(n)d.") % {"n": total},
        (), total))
    return out


def _table_lines(question: Question) -> list[ExplanationLine]:
    cell = question.cell
    assert cell is not None
    key = question.key
    rules = key.profile
    out: list[ExplanationLine] = []
    raw = cell.fu << (cell.han + 2)
    words = {"fu": cell.fu, "han": cell.han, "raw": raw, "base": key.base,
             "limit": limit_name(key.limit or "")}
    if key.limit is None:
        out.append(ExplanationLine("base", _base_words(cell.fu, cell.han, raw), (), key.base))
    elif cell.han < 5:
        out.append(ExplanationLine("limit", pgettext(
            "explain", "%(fu)d x 2^(2+%(han)d) = %(raw)d: %(limit)s (base %(base)d).") % words,
            (), key.base))
    else:
        out.append(ExplanationLine("limit", pgettext(
            "explain", "%(han)s: %(limit)s (base %(base)d); the fu do not matter.") % {
                **words, "han": han_count(cell.han)},
            (), key.base))
    plain = Payment.of_base(key.base, dealer=cell.dealer, tsumo=cell.tsumo)
    out.append(ExplanationLine("payment", payment_words(plain, key.base, dealer=cell.dealer),
                               (), plain.total_paid))
    if cell.honba:
        said = {"honba": honba_count(cell.honba), "said": say_payment(key.payment)}
        if cell.tsumo:
            per = rules.honba_ron // 3
            out.append(ExplanationLine("bonus", pgettext(
                "explain", '%(honba)s: +%(each)d on each share: "%(said)s".')
                % {**said, "each": cell.honba * per}, (), cell.honba * per * 3))
        else:
            bonus = cell.honba * rules.honba_ron
            out.append(ExplanationLine("bonus", pgettext(
                "explain", '%(honba)s: +%(bonus)d from the discarder alone: "%(said)s".')
                % {**said, "bonus": bonus}, (), bonus))
    for trick in table_tricks(cell.fu, cell.han, dealer=cell.dealer, tsumo=cell.tsumo,
                              profile=rules):
        out.append(ExplanationLine("trick", trick))
    return out


def _wait_lines(question: Question, r: Result, tiles: TileText) -> list[ExplanationLine]:
    key = question.key
    out = [ExplanationLine("waits", pgettext(
        "explain", "Before the win the hand waits on %(tiles)s: each of these tiles completes "
        "four sets and a pair (or seven pairs).") % {"tiles": tiles(key.waits)}, key.waits)]
    if len(key.possible_waits) > 1:
        kinds = ", ".join(wait_name(w.value) for w in sorted(key.possible_waits))
        out.append(ExplanationLine("waits", pgettext(
            "explain", "%(tile)s can be read as %(kinds)s; the reading worth most counts: "
            "%(wait)s.") % {"tile": tiles((r.hand.win,)), "kinds": kinds,
                            "wait": wait_name(r.wait.value)}, (r.hand.win,)))
    return out


def explanation_lines(question: Question,
                      tiles: TileText = format_tiles) -> tuple[ExplanationLine, ...]:
    """The worked explanation of a question: the drill's own lines, then the scoring's.

    A curated example ends with its teaching note.
    """

    if question.cell is not None:
        return tuple(_table_lines(question))
    if question.round is not None:
        from .settle import settle_lines

        return tuple(ExplanationLine("settle", text) for text in settle_lines(question.round))
    r = question.result
    assert r is not None
    out: list[ExplanationLine] = []
    if question.drill is DrillKind.DORA:
        out.extend(_dora_lines(r, tiles))
    if question.drill is DrillKind.WAIT:
        out.extend(_wait_lines(question, r, tiles))
    out.extend(_scoring_lines(r, tiles))
    if r.honba and Part.PAYMENT in question.parts:
        n = r.honba
        if question.key.payment.shape is PayShape.RON:
            said = npgettext("explain", 'With %(n)d honba, say "%(said)s" (what the discarder '
                             'pays).', 'With %(n)d honba, say "%(said)s" (what the discarder '
                             'pays).', n)
        else:
            said = npgettext(
                "explain", 'With %(n)d honba, say "%(said)s" (what each payer hands over).',
                'With %(n)d honba, say "%(said)s" (what each payer hands over).', n)
        out.append(ExplanationLine("total", said % {
            "n": n, "said": say_payment(question.key.payment)}, (), None))
    item = question.item
    if item is not None and item.note:
        out.append(ExplanationLine("note", note_text(item.uid, item.note)))
    return tuple(out)
