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
from scoring.tiles import Tile, dora_from_indicator
from scoring.yaku import DORA_NAMES, YAKU

from .answer_key import AnswerKey, tile_bag
from .answers import Part
from .marks import Wording

__all__ = [
    "Mistake",
    "dora_mistakes",
    "fu_mistakes",
    "han_mistakes",
    "mistakes_for",
    "pay_topic",
    "payment_mistakes",
    "yaku_title",
    "yaku_topic",
]


def yaku_topic(name: str) -> str:
    """The topic id of a yaku or dora name."""
    return f"dora:{name}" if name in DORA_NAMES else f"yaku:{name}"


def yaku_title(name: str) -> str:
    """A yaku or dora name as a learner reads it."""
    if name in YAKU:
        return YAKU[name].title
    return {"dora": "dora", "ura_dora": "ura dora", "aka_dora": "red fives"}.get(name, name)


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

    @property
    def text(self) -> str:
        """The mistake in words, tiles in MPSZ."""
        return self.wording.render()


def _mistake(key: AnswerKey, code: str, text: str, concepts: Iterable[str], *,
             tiles: tuple[tuple[Tile, ...], ...] = (), fu: int | None = None,
             han: int | None = None, payment: Payment | None = None,
             missed_yaku: str | None = None, **other: Any) -> Mistake:
    """A mistake predicting fu/han (and the payment they lead to) or other parts.

    ``text`` holds ``{0}``, ``{1}``... where the groups of ``tiles`` go.
    """
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
    return Mistake(code, Wording(text, tiles), tuple(concepts), tuple(predicts.items()),
                   missed_yaku)


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
        out.append(_mistake(key, "rounded_chiitoitsu",
                            "rounded chiitoitsu's 25 fu up to 30: seven pairs are always 25 fu, "
                            "never rounded", ("fu:chiitoitsu",), fu=30))
        out.append(_mistake(key, "chiitoitsu_fu_50",
                            "counted chiitoitsu as 50 fu: it is 25 fu (some old tables "
                            "count 50 fu 1 han, which gives the same points)",
                            ("fu:chiitoitsu",), fu=50))
        return out
    if r.reading.kind is not ReadingKind.STANDARD:
        return out
    if pinfu and r.tsumo:
        out.append(_mistake(key, "pinfu_tsumo_fu",
                            "counted the 2 tsumo fu on a pinfu tsumo: pinfu tsumo is a fixed "
                            "20 fu", ("fu:pinfu_tsumo",), fu=30))
    traps = key.traps
    assert traps is not None
    for g in traps.ron_triplets:
        value = 4 if g.tiles[0].is_terminal_or_honor else 2
        out.append(_mistake(
            key, "ron_triplet_closed",
            "counted the {0} triplet as closed, but it was completed "
            f"by ron, so it counts as open ({value} fu, not {2 * value})",
            ("fu:ron_triplet",), tiles=(g.tiles,), fu=_round10(key.raw_fu + value)))
        concealed = sum(1 for i in r.fu_items if i.kind.is_set and not i.kind.is_open)
        if concealed == 2 and "sanankou" not in key.yaku:
            out.append(_mistake(
                key, "ron_triplet_sanankou",
                "counted sanankou, but the {0} triplet was completed "
                "by ron, so it is not concealed", ("fu:ron_triplet", "yaku:sanankou"),
                tiles=(g.tiles,), han=key.han + 2, fu=_round10(key.raw_fu + value)))
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
        tiles: tuple[tuple[Tile, ...], ...] = ()
        if item.kind is FuKind.CLOSED_RON:
            text = "forgot the 10 fu for a closed hand won by ron (menzen kafu)"
            code = "forgot_closed_ron"
        elif item.kind is FuKind.TSUMO:
            text = "forgot the 2 fu for a win by tsumo"
            code = "forgot_tsumo_fu"
        elif item.kind.is_wait:
            text = f"forgot the 2 fu for the {item.kind.label}"
            code = "forgot_wait_fu"
        else:
            text = f"did not count the {item.kind.label}" + (" {0}" if item.tiles else "") \
                + f" ({item.fu} fu)"
            tiles = (item.tiles,) if item.tiles else ()
            code = "forgot_fu_item"
        out.append(_mistake(key, code, text, [topic] if topic else [], tiles=tiles, fu=fu))
    if not rules_added:
        out.extend(_rule_fu_mistakes(key, kinds))
    if r.wait in (Wait.RYANMEN, Wait.SHANPON) and len(key.possible_waits) <= 1:
        out.append(_mistake(key, "wait_fu_on_open_wait",
                            f"counted 2 fu for the wait, but a {r.wait.value} wait is worth "
                            "no fu", ("fu:wait", f"wait:{r.wait.value}"),
                            fu=_round10(key.raw_fu + 2)))
    if len(key.possible_waits) > 1 and r.wait.fu == 0 and not pinfu:
        out.append(_mistake(key, "wait_reading_fu",
                            f"counted 2 fu for a single wait, but the {r.wait.value} reading "
                            "is the one that counts", ("wait:several_readings",),
                            fu=_round10(key.raw_fu + 2)))
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
                f"counted the double-wind pair as {other} fu; under {key.profile.name} rules "
                f"it is {item.fu}", ("rule:double_wind_pair",),
                fu=_round10(key.raw_fu - item.fu + other)))
    # the raw fu of the chosen reading, or of another reading worth the same fu
    raws = [key.raw_fu] + [a.raw_fu for a in r.alternatives
                           if a.fu == key.fu and a.han == key.han and not a.yakuman]
    for raw in dict.fromkeys(raws):
        if raw % 10 and raw != key.fu:
            out.append(_mistake(key, "no_round_fu",
                                f"did not round the fu up: {raw} is counted as {key.fu}",
                                ("fu:rounding",), fu=raw,
                                payment=None if not key.fu_matters else
                                key.payment_for(raw, key.han)))
    if FuKind.OPEN_RON_MINIMUM in kinds:
        out.append(_mistake(key, "open_ron_minimum",
                            "an open hand won by ron with no other fu is counted as 30, not 20",
                            ("fu:open_ron_minimum",), fu=20))
    if not r.hand.is_closed and not r.tsumo and FuKind.OPEN_RON_MINIMUM not in kinds:
        out.append(_mistake(key, "closed_ron_on_open_hand",
                            "added 10 fu for a closed ron, but the hand is open",
                            ("fu:closed_ron", "hand:open"), fu=_round10(key.raw_fu + 10)))
    return out


def han_mistakes(key: AnswerKey) -> list[Mistake]:
    """Mistakes in counting the han of a hand, each with the han it gives."""
    r = key.result
    if r is None or key.yakuman:
        return []
    out: list[Mistake] = []
    traps = key.traps
    assert traps is not None
    for y in r.yaku:
        title = yaku_title(y.name)
        if y.name in DORA_NAMES:
            text = f"did not count the {title} ({y.han} han)"
        else:
            text = f"missed {title} ({y.han} han)"
        out.append(_mistake(key, "missed_yaku", text, (yaku_topic(y.name),),
                            han=key.han - y.han,
                            missed_yaku=None if y.name in DORA_NAMES else y.name))
        if y.name in DORA_NAMES and y.han >= 2:
            out.append(_mistake(key, "missed_one_dora", f"missed one of the {title}",
                                (yaku_topic(y.name),), han=key.han - 1))
    for name in traps.kuisagari:
        info = YAKU[name]
        out.append(_mistake(
            key, "kuisagari",
            f"counted {info.title} at its closed value; open it is worth one han less",
            ("trap:kuisagari", f"yaku:{name}"), han=key.han + 1))
    if traps.ura_without_riichi:
        out.append(_mistake(key, "ura_without_riichi",
                            "counted ura dora, but ura dora count only after riichi",
                            ("trap:ura_without_riichi",), han=key.han + traps.ura_without_riichi))
    for missed, text, tiles in _missed_indicators(key):
        out.append(_mistake(key, "missed_indicator", text, ("dora:kan_dora",), tiles=tiles,
                            han=key.han - missed))
    pair = traps.spoiling_pair
    if pair is not None:
        pinfu_fu = 20 if r.tsumo else 30
        out.append(_mistake(
            key, "yakuhai_pair_pinfu",
            "counted pinfu, but the pair {0} is worth fu, so the hand "
            "is not pinfu", ("trap:yakuhai_pair_no_pinfu", "yaku:pinfu"), tiles=(pair.tiles,),
            han=key.han + 1, fu=pinfu_fu))
    return out


def _missed_indicators(key: AnswerKey) -> list[tuple[int, str, tuple[tuple[Tile, ...], ...]]]:
    """Dora missed by leaving out some of several indicators: (han missed, words, tiles).

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
    out: list[tuple[int, str, tuple[tuple[Tile, ...], ...]]] = []
    seen: set[int] = set()
    kan = tuple(indicators[1:])
    kan_missed = sum(gives[1:])
    if kan_missed and kan_missed != total:
        out.append((kan_missed, "counted dora from the first indicator only: the kan "
                    "indicator {0} counts too", (kan,)))
        seen.add(kan_missed)
    for size in range(1, len(indicators)):
        for chosen in combinations(range(len(indicators)), size):
            missed = sum(gives[i] for i in chosen)
            if not missed or missed == total or missed in seen:
                continue
            seen.add(missed)
            tiles = tuple(indicators[i] for i in chosen)
            dora = tuple(dora_from_indicator(t) for t in tiles)
            out.append((missed, "did not count the dora {1} of the indicator {0} "
                        f"({missed} han)", (tiles, dora)))
    return out


def payment_mistakes(key: AnswerKey) -> list[Mistake]:
    """Mistakes in turning fu and han into the payment, each with the payment it gives."""
    out: list[Mistake] = []
    pay = pay_topic(key)
    fu, han = key.fu, key.han
    if key.dealer:
        text = ("used the non-dealer's multiplier: the dealer gets 6 x base on ron, "
                "2 x base from each player on tsumo")
    else:
        text = ("used the dealer's multiplier: a non-dealer gets 4 x base on ron; on tsumo "
                "1 x base from each non-dealer and 2 x from the dealer")
    dealer_topic = "win:dealer" if key.dealer else "win:non_dealer"
    out.append(_mistake(key, "dealer_multiplier", text, (dealer_topic, pay),
                        payment=key.payment_for(fu, han, dealer=not key.dealer)))
    out.append(_mistake(key, "no_round_payment",
                        "did not round the payment up to the next 100", (pay,),
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
                f"rounded the total ({whole}) and split it; each share is rounded up on its "
                f"own: {key.payment}", ("pay:tsumo_rounding",), payment=v))
        if key.dealer:
            for total in dict.fromkeys((key.payment.total_paid, whole + 3 * bonus, whole)):
                out.append(_mistake(
                    key, "gave_total",
                    f"gave the total ({total}); at the table each payer's share is said: "
                    f"'{key.payment}'", (pay,), payment=Payment(PayShape.ALL, total)))
    if key.honba:
        topics = ["pay:honba"] + (["pay:dealer_tsumo_honba"] if key.dealer and key.tsumo else [])
        per = ("+300 per counter from the discarder" if not key.tsumo
               else "+100 per counter from each payer")
        out.append(_mistake(key, "forgot_honba",
                            f"forgot the {key.honba} honba: {per}", topics,
                            payment=key.payment_for(fu, han, honba=0)))
        wrong = key.payment_for(fu, han, honba=0)
        if key.tsumo:
            wrong = wrong.plus(key.honba * key.profile.honba_ron, 0)
            text = "added 300 per honba to each share: on tsumo each payer adds 100 per counter"
        else:
            wrong = wrong.plus(0, key.honba * (key.profile.honba_ron // 3))
            text = "added 100 per honba: on ron the discarder pays 300 per counter"
        out.append(_mistake(key, "honba_size", text, topics, payment=wrong))
    if not key.yakuman and han < 5:
        raw = fu << (han + 2)
        if raw == 1920 and not key.profile.kiriage:
            out.append(_mistake(
                key, "kiriage",
                f"paid {han} han {fu} fu as mangan: kiriage mangan is not played under "
                f"{key.profile.name} rules", ("rule:kiriage",),
                payment=key.payment_for(fu, han, profile=key.profile.derive(kiriage=True))))
        elif raw == 1920 and key.profile.kiriage:
            out.append(_mistake(
                key, "kiriage",
                f"under {key.profile.name} rules {han} han {fu} fu is rounded up to mangan "
                "(kiriage mangan)", ("rule:kiriage",),
                payment=key.payment_for(fu, han, profile=key.profile.derive(kiriage=False))))
        elif raw > 2000:
            uncapped = Payment.of_base(raw, dealer=key.dealer, tsumo=key.tsumo, honba=key.honba,
                                       honba_ron=key.profile.honba_ron)
            out.append(_mistake(key, "not_capped",
                                f"did not cap at mangan: {fu} fu {han} han is {raw} base "
                                "points, more than 2000", ("limit:mangan_by_fu",),
                                payment=uncapped))
    if key.result is None and not key.yakuman:
        cell = ([table_cell(han, fu, dealer=key.dealer, tsumo=key.tsumo)]
                if key.limit is None else [])
        for other_fu in (fu - 10, fu + 10):
            if 20 <= other_fu <= 110:
                out.append(_mistake(key, "table_row", f"read the {other_fu} fu row of the table",
                                    cell, payment=key.payment_for(other_fu, han)))
        for other_han in (han - 1, han + 1):
            if other_han >= 1:
                out.append(_mistake(key, "table_column",
                                    f"read the {other_han} han column of the table",
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
    out.append(_mistake(key, "indicator_is_dora",
                        "named the indicators themselves: the dora is the next tile",
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
    out.append(_mistake(key, "dora_backwards",
                        "went the wrong way: the dora is the tile after the indicator "
                        "(1 to 2, East to South, haku to hatsu to chun)", topics,
                        dora=tuple(sorted(backwards))))
    out.append(_mistake(key, "dora_no_wrap",
                        "did not wrap round: 9 points at 1 of the same suit, North at East, "
                        "chun at haku", ("dora:wrap",), dora=tuple(sorted(across))))
    held = [0] * 34
    for t in r.hand.all_tiles():
        held[t.index] += 1
    aka = sum(y.han for y in r.yaku if y.name == "aka_dora")
    if aka:
        out.append(_mistake(key, "forgot_red_fives", "did not count the red fives (one han each)",
                            ("dora:aka_dora",), dora_han=key.dora_han - aka))
    traps = key.traps
    assert traps is not None
    if traps.ura_without_riichi:
        out.append(_mistake(key, "ura_without_riichi",
                            "counted ura dora, but ura dora count only after riichi",
                            ("trap:ura_without_riichi",),
                            dora_han=key.dora_han + traps.ura_without_riichi))
    for missed, text, tiles in _missed_indicators(key):
        out.append(_mistake(key, "missed_indicator", text, ("dora:kan_dora",), tiles=tiles,
                            dora_han=key.dora_han - missed))
    counted_indicator = sum(held[t.index] for t in indicators) + aka
    out.append(_mistake(key, "counted_indicator",
                        "counted the indicator tile itself; the dora is the tile after it",
                        topics, dora_han=counted_indicator))
    return out


def mistakes_for(key: AnswerKey) -> list[Mistake]:
    """Every common mistake that would change an asked part of this question."""
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

