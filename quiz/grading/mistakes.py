"""The catalogue of common mistakes: for each, the values it would lead to.

Each likely mistake is found by re-deriving the value that mistake gives and
comparing it with the answer (``quiz.grading.diagnosis``). A mistake's words
keep its tiles apart (:class:`~quiz.grading.marks.Wording`), so that each
screen draws them in the learner's tile style.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from data.topics import fu_topic, table_cell
from scoring.fu import FuKind
from scoring.result import Payment, PayShape, ReadingKind, Wait, round_up_100
from scoring.tiles import dora_from_indicator
from scoring.yaku import DORA_NAMES

from .answer_key import AnswerKey, tile_bag
from .answers import Part
from .wording import Count, Term, Tiles, Wording

__all__ = [
    "Mistake",
    "dora_mistakes",
    "fu_mistakes",
    "han_mistakes",
    "mistakes_for",
    "pay_topic",
    "payment_mistakes",
    "rounding_slip",
    "yaku_topic",
]


def yaku_topic(name: str) -> str:
    """The topic id of a yaku or dora name."""
    return f"dora:{name}" if name in DORA_NAMES else f"yaku:{name}"


@dataclass(frozen=True, slots=True)
class Mistake:
    """A common mistake and the values it leads to on each part it changes.

    ``missed_yaku`` names the yaku the mistake says was left out (it cannot be the
    reason when the learner marked that yaku).
    """

    code: str
    wording: Wording
    concepts: tuple[str, ...]
    predicts: tuple[tuple[Part, Any], ...]
    missed_yaku: str | None = None



def _mistake(key: AnswerKey, code: str, wording: Wording, concepts: Iterable[str], *,
             fu: int | None = None, han: int | None = None, payment: Payment | None = None,
             missed_yaku: str | None = None, **other: Any) -> Mistake:
    """A mistake predicting fu/han (and the payment they lead to) or other parts."""
    predicts: dict[Part, Any] = {}
    if fu is not None and fu != key.fu:
        predicts[Part.FU] = fu
    if han is not None and han != key.han:
        predicts[Part.HAN] = (han, 0)
    if payment is None and (Part.FU in predicts or Part.HAN in predicts) and not key.yakuman:
        payment = key.payment_for(fu if fu is not None else key.fu,
                                  han if han is not None else key.han)
    if payment is not None and payment != key.payment:
        predicts[Part.PAYMENT] = payment
    for name, value in other.items():
        predicts[Part(name)] = value
    return Mistake(code, wording, tuple(concepts), tuple(predicts.items()), missed_yaku)


def _round10(fu: int) -> int:
    return -(-fu // 10) * 10


def pay_topic(key: AnswerKey) -> str:
    return f"pay:{'dealer' if key.dealer else 'non_dealer'}_{'tsumo' if key.tsumo else 'ron'}"


def fu_mistakes(key: AnswerKey) -> list[Mistake]:
    """Mistakes in counting the fu of a hand, each with the fu it gives."""
    r = key.result
    if r is None or key.yakuman:
        return []
    out: list[Mistake] = []
    closed = r.hand.is_closed
    kinds = {item.kind for item in r.fu_items}
    pinfu = "pinfu" in key.yaku
    if r.reading.kind is ReadingKind.CHIITOITSU:
        out.append(_mistake(key, "rounded_chiitoitsu", Wording.of("rounded_chiitoitsu"),
                            ("fu:chiitoitsu",), fu=30))
        out.append(_mistake(key, "chiitoitsu_fu_50", Wording.of("chiitoitsu_fu_50"),
                            ("fu:chiitoitsu",), fu=50))
        return out
    if r.reading.kind is not ReadingKind.STANDARD:
        return out
    if pinfu and r.tsumo:
        out.append(_mistake(key, "pinfu_tsumo_fu", Wording.of("pinfu_tsumo_fu"),
                            ("fu:pinfu_tsumo",), fu=30))
    traps = key.traps
    assert traps is not None
    for g in traps.ron_triplets:
        value = 4 if g.tiles[0].is_terminal_or_honor else 2
        out.append(_mistake(
            key, "ron_triplet_closed",
            Wording.of("ron_triplet_closed", tiles=Tiles(g.tiles), open=Count("fu", value),
                       closed=2 * value),
            ("fu:ron_triplet",), fu=_round10(key.raw_fu + value)))
        concealed = sum(1 for i in r.fu_items if i.kind.is_set and not i.kind.is_open)
        if concealed == 2 and "sanankou" not in key.yaku:
            out.append(_mistake(
                key, "ron_triplet_sanankou",
                Wording.of("ron_triplet_sanankou", tiles=Tiles(g.tiles)),
                ("fu:ron_triplet", "yaku:sanankou"), han=key.han + 2,
                fu=_round10(key.raw_fu + value)))
    forgotten = [i for i in r.fu_items if i.kind not in
                 (FuKind.BASE, FuKind.OPEN_RON_MINIMUM, FuKind.CHIITOITSU)]
    # the most common slip first, then the rule nuances, then the other items
    forgotten.sort(key=lambda i: i.kind is not FuKind.CLOSED_RON)
    rules_added = False
    for item in forgotten:
        if not rules_added and item.kind is not FuKind.CLOSED_RON:
            out.extend(_rule_fu_mistakes(key, kinds))
            rules_added = True
        fu = _round10(key.raw_fu - item.fu)
        if not closed and not r.tsumo and fu < 30:
            fu = 30
        topic = fu_topic(item.kind)
        if item.kind is FuKind.CLOSED_RON:
            code = "forgot_closed_ron"
            wording = Wording.of(code)
        elif item.kind is FuKind.TSUMO:
            code = "forgot_tsumo_fu"
            wording = Wording.of(code)
        elif item.kind.is_wait:
            code = "forgot_wait_fu"
            wording = Wording.of(code, wait=Term("fu_item", item.kind.label))
        else:
            code = "forgot_fu_item"
            named = Term("fu_item", item.kind.label)
            wording = (Wording.of("forgot_fu_item_tiles", item=named, tiles=Tiles(item.tiles),
                                  fu=Count("fu", item.fu)) if item.tiles
                       else Wording.of(code, item=named, fu=Count("fu", item.fu)))
        out.append(_mistake(key, code, wording, [topic] if topic else [], fu=fu))
    if not rules_added:
        out.extend(_rule_fu_mistakes(key, kinds))
    if r.wait in (Wait.RYANMEN, Wait.SHANPON) and len(key.possible_waits) <= 1:
        out.append(_mistake(key, "wait_fu_on_open_wait",
                            Wording.of("wait_fu_on_open_wait", wait=Term("wait", r.wait.value)),
                            ("fu:wait", f"wait:{r.wait.value}"), fu=_round10(key.raw_fu + 2)))
    if len(key.possible_waits) > 1 and r.wait.fu == 0 and not pinfu:
        out.append(_mistake(key, "wait_reading_fu",
                            Wording.of("wait_reading_fu", wait=Term("wait", r.wait.value)),
                            ("wait:several_readings",), fu=_round10(key.raw_fu + 2)))
    return out


def _rule_fu_mistakes(key: AnswerKey, kinds: set[FuKind]) -> list[Mistake]:
    """Fu mistakes about rules rather than forgotten items: double wind, rounding, minimums."""
    r = key.result
    assert r is not None
    out: list[Mistake] = []
    for item in r.fu_items:
        if item.kind is FuKind.DOUBLE_WIND_PAIR:
            other = 6 - item.fu
            out.append(_mistake(
                key, "double_wind_pair",
                Wording.of("double_wind_pair", other=Count("fu", other),
                           rules=Term("rules", key.profile.name), fu=item.fu),
                ("rule:double_wind_pair",),
                fu=_round10(key.raw_fu - item.fu + other)))
    # the raw fu of the chosen reading, or of another reading worth the same fu
    raws = [key.raw_fu] + [a.raw_fu for a in r.alternatives
                           if a.fu == key.fu and a.han == key.han and not a.yakuman]
    for raw in dict.fromkeys(raws):
        if raw % 10 and raw != key.fu:
            out.append(_mistake(key, "no_round_fu",
                                Wording.of("no_round_fu", raw=raw, fu=key.fu),
                                ("fu:rounding",), fu=raw,
                                payment=None if not key.fu_matters else
                                key.payment_for(raw, key.han)))
    if FuKind.OPEN_RON_MINIMUM in kinds:
        out.append(_mistake(key, "open_ron_minimum", Wording.of("open_ron_minimum"),
                            ("fu:open_ron_minimum",), fu=20))
    if not r.hand.is_closed and not r.tsumo and FuKind.OPEN_RON_MINIMUM not in kinds:
        out.append(_mistake(key, "closed_ron_on_open_hand", Wording.of("closed_ron_on_open_hand"),
                            ("fu:closed_ron", "hand:open"), fu=_round10(key.raw_fu + 10)))
    return out


def rounding_slip(key: AnswerKey, given: object) -> Mistake | None:
    """The rounding left out, read from the fu the learner gave, when nothing else names it.

    A fu total that is not a multiple of ten and that rounding up (or, for an open
    hand won by ron, the minimum of 30 it meets on the way) turns into the right fu
    is the unrounded total: the learner added the items and stopped there, whatever
    reading or item the sum came from. An open ron of 22 (20 and one 2-fu item)
    answered ``22`` is the classic case; its payment is the one of the unrounded fu.

    >>> from scoring import parse_record, score
    >>> from quiz.grading.answers import Part
    >>> key = AnswerKey.from_result(score(parse_record({"hand": "234m456s678p22s",
    ...     "melds": ["pon 555p"], "win": "4m", "round": "E", "seat": "S"})), (Part.FU,))
    >>> rounding_slip(key, 22).code, rounding_slip(key, 30), rounding_slip(key, 34)
    ('no_round_fu', None, None)
    """
    r = key.result
    if (r is None or key.yakuman or r.reading.kind is not ReadingKind.STANDARD
            or not isinstance(given, int) or isinstance(given, bool)
            or given <= 20 or not given % 10 or given == key.fu):
        return None
    rounded = _round10(given)
    if not r.hand.is_closed and not r.tsumo:
        rounded = max(rounded, 30)
    if rounded != key.fu:
        return None
    minimum = any(i.kind is FuKind.OPEN_RON_MINIMUM for i in r.fu_items)
    concepts = ("fu:rounding", "fu:open_ron_minimum") if minimum else ("fu:rounding",)
    return _mistake(key, "no_round_fu", Wording.of("no_round_fu", raw=given, fu=key.fu),
                    concepts, fu=given,
                    payment=None if not key.fu_matters else key.payment_for(given, key.han))


def han_mistakes(key: AnswerKey) -> list[Mistake]:
    """Mistakes in counting the han of a hand, each with the han it gives."""
    r = key.result
    if r is None or key.yakuman:
        return []
    out: list[Mistake] = []
    traps = key.traps
    assert traps is not None
    for y in r.yaku:
        if y.name in DORA_NAMES:
            wording = Wording.of(f"missed_{y.name}", han=Count("han", y.han))
        else:
            wording = Wording.of("missed_yaku", yaku=Term("yaku", y.name),
                                 han=Count("han", y.han))
        out.append(_mistake(key, "missed_yaku", wording, (yaku_topic(y.name),),
                            han=key.han - y.han,
                            missed_yaku=None if y.name in DORA_NAMES else y.name))
        if y.name in DORA_NAMES and y.han >= 2:
            out.append(_mistake(key, "missed_one_dora",
                                Wording.of("missed_one_" + y.name),
                                (yaku_topic(y.name),), han=key.han - 1))
    for name in traps.kuisagari:
        out.append(_mistake(
            key, "kuisagari", Wording.of("kuisagari", yaku=Term("yaku", name)),
            ("trap:kuisagari", f"yaku:{name}"), han=key.han + 1))
    if traps.ura_without_riichi:
        out.append(_mistake(key, "ura_without_riichi", Wording.of("ura_without_riichi"),
                            ("trap:ura_without_riichi",), han=key.han + traps.ura_without_riichi))
    for missed, wording in _missed_indicators(key):
        out.append(_mistake(key, "missed_indicator", wording, ("dora:kan_dora",),
                            han=key.han - missed))
    pair = traps.spoiling_pair
    if pair is not None:
        pinfu_fu = 20 if r.tsumo else 30
        out.append(_mistake(
            key, "yakuhai_pair_pinfu", Wording.of("yakuhai_pair_pinfu", tiles=Tiles(pair.tiles)),
            ("trap:yakuhai_pair_no_pinfu", "yaku:pinfu"), han=key.han + 1, fu=pinfu_fu))
    return out


def _missed_indicators(key: AnswerKey) -> list[tuple[int, Wording]]:
    """Dora missed by leaving out some of several indicators: (han missed, words).

    Every proper subset of the indicators is tried (leaving them all out is
    "did not count the dora"); the first indicator alone is the classic slip of
    forgetting the kan indicators.
    """
    r = key.result
    assert r is not None
    indicators = r.situation.dora if key.profile.kan_dora else r.situation.dora[:1]
    if len(indicators) < 2:
        return []
    held = [0] * 34
    for t in r.hand.all_tiles():
        held[t.index] += 1
    gives = [held[dora_from_indicator(t).index] for t in indicators]
    total = sum(gives)
    out: list[tuple[int, Wording]] = []
    seen: set[int] = set()
    kan = tuple(indicators[1:])
    kan_missed = sum(gives[1:])
    if kan_missed and kan_missed != total:
        out.append((kan_missed, Wording.of("kan_indicator", tiles=Tiles(kan))))
        seen.add(kan_missed)
    for size in range(1, len(indicators)):
        for chosen in combinations(range(len(indicators)), size):
            missed = sum(gives[i] for i in chosen)
            if not missed or missed == total or missed in seen:
                continue
            seen.add(missed)
            tiles = tuple(indicators[i] for i in chosen)
            dora = tuple(dora_from_indicator(t) for t in tiles)
            out.append((missed, Wording.of("missed_indicator", dora=Tiles(dora),
                                           indicator=Tiles(tiles), han=Count("han", missed))))
    return out


def payment_mistakes(key: AnswerKey) -> list[Mistake]:
    """Mistakes in turning fu and han into the payment, each with the payment it gives."""
    out: list[Mistake] = []
    pay = pay_topic(key)
    fu, han = key.fu, key.han
    who = "dealer" if key.dealer else "non_dealer"
    out.append(_mistake(key, "dealer_multiplier", Wording.of(f"dealer_multiplier_{who}"),
                        (f"win:{who}", pay),
                        payment=key.payment_for(fu, han, dealer=not key.dealer)))
    out.append(_mistake(key, "no_round_payment", Wording.of("no_round_payment"), (pay,),
                        payment=key.payment_for(fu, han, rounded=False)))
    if key.tsumo:
        whole = round_up_100(key.base * (6 if key.dealer else 4))
        bonus = key.honba * (key.profile.honba_ron // 3)
        variants: list[Payment] = []
        if key.dealer:
            for each in (whole // 3, -(-whole // 3), round_up_100(-(-whole // 3))):
                variants.append(Payment(PayShape.ALL, each + bonus))
        else:
            quarter, half = -(-whole // 4), -(-whole // 2)
            for a, b in ((quarter, half), (round_up_100(quarter), round_up_100(half))):
                variants.append(Payment(PayShape.SPLIT, a + bonus, b + bonus))
        for v in variants:
            out.append(_mistake(
                key, "rounded_tsumo_total",
                Wording.of("rounded_tsumo_total", total=whole,
                           payment=Term("payment", str(key.payment))),
                ("pay:tsumo_rounding",), payment=v))
        if key.dealer:
            for total in dict.fromkeys((key.payment.total_paid, whole + 3 * bonus, whole)):
                out.append(_mistake(
                    key, "gave_total",
                    Wording.of("gave_total", total=total,
                               payment=Term("payment", str(key.payment))),
                    (pay,), payment=Payment(PayShape.ALL, total)))
    if key.honba:
        topics = ["pay:honba"] + (["pay:dealer_tsumo_honba"] if key.dealer and key.tsumo else [])
        how = "tsumo" if key.tsumo else "ron"
        out.append(_mistake(key, "forgot_honba",
                            Wording.of(f"forgot_honba_{how}", honba=Count("honba", key.honba)),
                            topics, payment=key.payment_for(fu, han, honba=0)))
        wrong = key.payment_for(fu, han, honba=0)
        if key.tsumo:
            wrong = wrong.plus(key.honba * key.profile.honba_ron, 0)
        else:
            wrong = wrong.plus(0, key.honba * (key.profile.honba_ron // 3))
        out.append(_mistake(key, "honba_size", Wording.of(f"honba_size_{how}"), topics,
                            payment=wrong))
    if not key.yakuman and han < 5:
        raw = fu << (han + 2)
        if raw == 1920 and not key.profile.kiriage:
            out.append(_mistake(
                key, "kiriage",
                Wording.of("kiriage_not_played", han=Count("han", han), fu=Count("fu", fu),
                           rules=Term("rules", key.profile.name)), ("rule:kiriage",),
                payment=key.payment_for(fu, han, profile=key.profile.derive(kiriage=True))))
        elif raw == 1920 and key.profile.kiriage:
            out.append(_mistake(
                key, "kiriage",
                Wording.of("kiriage_played", han=Count("han", han), fu=Count("fu", fu),
                           rules=Term("rules", key.profile.name)), ("rule:kiriage",),
                payment=key.payment_for(fu, han, profile=key.profile.derive(kiriage=False))))
        elif raw > 2000:
            uncapped = Payment.of_base(raw, dealer=key.dealer, tsumo=key.tsumo, honba=key.honba,
                                       honba_ron=key.profile.honba_ron)
            out.append(_mistake(key, "not_capped",
                                Wording.of("not_capped", fu=Count("fu", fu), han=Count("han", han),
                                           base=raw),
                                ("limit:mangan_by_fu",),
                                payment=uncapped))
    if key.result is None and not key.yakuman:
        cell = ([table_cell(han, fu, dealer=key.dealer, tsumo=key.tsumo)]
                if key.limit is None else [])
        for other_fu in (fu - 10, fu + 10):
            if 20 <= other_fu <= 110:
                out.append(_mistake(key, "table_row",
                                    Wording.of("table_row", fu=Count("fu", other_fu)), cell,
                                    payment=key.payment_for(other_fu, han)))
        for other_han in (han - 1, han + 1):
            if other_han >= 1:
                out.append(_mistake(key, "table_column",
                                    Wording.of("table_column", han=Count("han", other_han)),
                                    cell, payment=key.payment_for(fu, other_han)))
    return out


def dora_mistakes(key: AnswerKey) -> list[Mistake]:
    """Mistakes in reading dora from their indicators and counting them."""
    r = key.result
    if r is None:
        return []
    out: list[Mistake] = []
    s = r.situation
    indicators = s.dora if key.profile.kan_dora else s.dora[:1]
    wrap = any(t.is_terminal or t.index in (30, 33) for t in indicators)
    topics = ("dora:dora", "dora:wrap") if wrap else ("dora:dora",)
    out.append(_mistake(key, "indicator_is_dora", Wording.of("indicator_is_dora"),
                        topics, dora=tile_bag(indicators)))
    backwards = []
    across = []
    for t in indicators:
        i = t.index
        if i < 27:
            backwards.append(i - i % 9 + (i % 9 - 1) % 9)
        elif i <= 30:
            backwards.append(27 + (i - 27 - 1) % 4)
        else:
            backwards.append(31 + (i - 31 - 1) % 3)
        across.append((i + 1) % 34)
    out.append(_mistake(key, "dora_backwards", Wording.of("dora_backwards"), topics,
                        dora=tuple(sorted(backwards))))
    out.append(_mistake(key, "dora_no_wrap", Wording.of("dora_no_wrap"), ("dora:wrap",),
                        dora=tuple(sorted(across))))
    held = [0] * 34
    for t in r.hand.all_tiles():
        held[t.index] += 1
    aka = sum(y.han for y in r.yaku if y.name == "aka_dora")
    if aka:
        out.append(_mistake(key, "forgot_red_fives", Wording.of("forgot_red_fives"),
                            ("dora:aka_dora",), dora_han=key.dora_han - aka))
    traps = key.traps
    assert traps is not None
    if traps.ura_without_riichi:
        out.append(_mistake(key, "ura_without_riichi", Wording.of("ura_without_riichi"),
                            ("trap:ura_without_riichi",),
                            dora_han=key.dora_han + traps.ura_without_riichi))
    for missed, wording in _missed_indicators(key):
        out.append(_mistake(key, "missed_indicator", wording, ("dora:kan_dora",),
                            dora_han=key.dora_han - missed))
    counted_indicator = sum(held[t.index] for t in indicators) + aka
    out.append(_mistake(key, "counted_indicator", Wording.of("counted_indicator"),
                        topics, dora_han=counted_indicator))
    return out


def mistakes_for(key: AnswerKey) -> list[Mistake]:
    """Every common mistake that would change an asked part of this question."""
    if key.settle is not None:
        from .settle import settle_mistakes

        return [Mistake(code, wording, concepts, ((Part.SETTLEMENT, values),))
                for code, wording, concepts, values in settle_mistakes(key.settle)]
    found = [*fu_mistakes(key), *han_mistakes(key), *payment_mistakes(key),
             *dora_mistakes(key)]
    asked = set(key.parts)
    out = []
    for m in found:
        predicts = tuple((p, v) for p, v in m.predicts if p in asked
                         and v != key.expected_value(p))
        if predicts:
            out.append(Mistake(m.code, m.wording, m.concepts, predicts, m.missed_yaku))
    return out

