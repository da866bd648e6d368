"""The topic vocabulary: what a hand teaches, and what a learner can miss.

One vocabulary serves the whole app. The bank tags every item with the topics
its scored result exercises (:func:`topics_of`); the drill asks for hands by
topic; grading (issue 4) tags the *concepts missed* in an answer with these
same ids, and spaced repetition (issue 5) schedules a card per concept id.

A topic id is ``family:name``, lowercase, stable (never renamed: stored in
the database and in bank files). The families:

``yaku:<name>``
    a yaku by its batch name (``yaku:pinfu``, ``yaku:kokushi_musou_13``), every
    name of ``scoring.YAKU``.
``dora:<name>``
    ``dora:dora``, ``dora:ura_dora``, ``dora:aka_dora`` (counted han), ``dora:kan_dora``
    (more than one indicator to count from), ``dora:wrap`` (an indicator 9, North
    or chun that points at 1, East or haku).
``fu:<item>``
    a fu item: ``fu:closed_ron``, ``fu:tsumo``, ``fu:pinfu_tsumo`` (fixed 20, no
    tsumo fu), ``fu:open_ron_minimum`` (open ron counted as 30), ``fu:chiitoitsu``
    (25, never rounded), ``fu:<open|closed>_<triplet|quad>_<simples|terminals>``,
    ``fu:ron_triplet`` (a triplet completed by ron counts as open),
    ``fu:dragon_pair``, ``fu:seat_wind_pair``, ``fu:round_wind_pair``,
    ``fu:wait`` (2 for kanchan, penchan, tanki), ``fu:rounding`` (raw fu rounded up).
``wait:<kind>``
    the wait of the reading that counts (``wait:ryanmen`` ... ``wait:kokushi_13``),
    and ``wait:several_readings`` (the winning tile completes more than one
    kind of wait, as 23345 on 2 or 5: the reading worth most counts).
``limit:<name>``
    the limit reached (``limit:mangan`` ... ``limit:double_yakuman``) and
    ``limit:mangan_by_fu`` (3 han 70+ fu or 4 han 40+ fu, capped at mangan).
``rule:<switch>``
    a boundary where rule profiles differ: ``rule:kiriage`` (4 han 30 fu, 3 han
    60 fu), ``rule:double_wind_pair`` (4 or 2 fu), ``rule:kazoe`` (13+ han of
    ordinary yaku), ``rule:double_yakuman``, ``rule:yakuman_stacking``,
    ``rule:rinshan_fu``.
``win:<how>``
    ``win:dealer``, ``win:non_dealer``, ``win:ron``, ``win:tsumo``.
``pay:<rule>``
    payment rules: ``pay:dealer_ron`` (6x base), ``pay:non_dealer_ron`` (4x),
    ``pay:dealer_tsumo`` (2x from each), ``pay:non_dealer_tsumo`` (1x / 2x),
    ``pay:tsumo_rounding`` (each share rounded on its own changes the sum),
    ``pay:honba``, ``pay:dealer_tsumo_honba``, ``pay:sticks``.
``hand:<shape>``
    ``hand:open``, ``hand:closed``.
``kan:<kind>``
    ``kan:ankan``, ``kan:minkan``, ``kan:shouminkan``.
``trap:<name>``
    classic mistakes: ``trap:yakuhai_pair_no_pinfu``, ``trap:guest_wind_pair``,
    ``trap:ryanpeikou_not_chiitoitsu``, ``trap:ura_without_riichi``,
    ``trap:kuisagari`` (an open hand's yaku worth one han less),
    ``trap:best_reading`` (another reading of the tiles is worth less).
``settle:<concept>``
    a round's settlement: ``settle:noten`` (noten payments), ``settle:double_ron``,
    ``settle:pao`` (liability), ``settle:honba_sticks`` (honba and riichi sticks at a
    round's end), ``settle:nagashi``, ``settle:chombo``, ``settle:abortive``.
``cell:<han>h<fu>f:<dealer|non_dealer>:<ron|tsumo>``
    a cell of the points table below mangan, e.g. ``cell:3h40f:non_dealer:ron``
    (computed: see :func:`table_cell`; :func:`table_cells` lists every one:
    1-4 han, 20 fu only for tsumo with 2+ han, 25 fu only with 2+ han, 3+ on tsumo).

>>> get_topic("fu:ron_triplet").title
'Triplet completed by ron'
>>> table_cell(3, 40, dealer=False, tsumo=False)
'cell:3h40f:non_dealer:ron'
>>> is_topic("cell:3h40f:non_dealer:ron"), is_topic("cell:3h70f:dealer:ron")
(True, False)
>>> is_topic("yaku:nope"), len(table_cells())
(False, 108)
>>> check_topic("fu:tsumo_fu")
Traceback (most recent call last):
...
data.errors.UnknownTopicError: unknown topic 'fu:tsumo_fu' (did you mean 'fu:tsumo'?)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from scoring import score_hand
from scoring.fu import FuKind
from scoring.hand import MeldKind
from scoring.result import round_up_100
from scoring.tiles import dora_from_indicator
from scoring.traps import Trap, traps_of
from scoring.yaku import DORA_NAMES, YAKU

from .errors import UnknownTopicError

if TYPE_CHECKING:
    from scoring import Result


class Family(StrEnum):
    """The families of topics, valued by their id prefix."""

    YAKU = "yaku"
    DORA = "dora"
    FU = "fu"
    WAIT = "wait"
    LIMIT = "limit"
    RULE = "rule"
    WIN = "win"
    PAY = "pay"
    HAND = "hand"
    KAN = "kan"
    TRAP = "trap"
    CELL = "cell"
    SETTLE = "settle"


@dataclass(frozen=True, slots=True)
class Topic:
    """One topic of the vocabulary.

    Attributes:
        id: the stable id, ``family:name``.
        family: the family.
        title: a short title for lists and menus.
        description: one sentence for a learner.
    """

    id: str
    family: Family
    title: str
    description: str


def _t(id: str, title: str, description: str) -> Topic:
    return Topic(id, Family(id.split(":", 1)[0]), title, description)


_FIXED: tuple[Topic, ...] = (
    # dora
    _t("dora:dora", "Dora", "Each tile the dora indicators point at is one han (not a yaku)."),
    _t("dora:ura_dora", "Ura dora", "After riichi, the tiles under the indicators are dora too."),
    _t("dora:aka_dora", "Red fives", "Each red five is one extra han where the rules use them."),
    _t("dora:kan_dora", "Kan dora", "Every kan turns another indicator: count dora from each."),
    _t(
        "dora:wrap",
        "Indicator wrap-around",
        "An indicator 9 points at 1, North at East, chun at haku.",
    ),
    # fu
    _t("fu:closed_ron", "Closed ron +10", "A closed hand won by ron adds 10 fu (menzen kafu)."),
    _t("fu:tsumo", "Tsumo +2", "A win by self-draw adds 2 fu, except pinfu tsumo."),
    _t(
        "fu:pinfu_tsumo",
        "Pinfu tsumo 20 fu",
        "Pinfu won by tsumo is a fixed 20 fu: the tsumo 2 fu is not added.",
    ),
    _t(
        "fu:open_ron_minimum",
        "Open ron counts 30",
        "An open hand won by ron with nothing above the base is counted as 30 fu.",
    ),
    _t("fu:chiitoitsu", "Chiitoitsu 25 fu", "Seven pairs is always 25 fu and is never rounded."),
    _t("fu:open_triplet_simples", "Open triplet of simples", "An open triplet of 2-8 is 2 fu."),
    _t(
        "fu:closed_triplet_simples",
        "Closed triplet of simples",
        "A concealed triplet of 2-8 is 4 fu.",
    ),
    _t(
        "fu:open_triplet_terminals",
        "Open triplet of terminals/honours",
        "An open triplet of 1, 9 or honours is 4 fu.",
    ),
    _t(
        "fu:closed_triplet_terminals",
        "Closed triplet of terminals/honours",
        "A concealed triplet of 1, 9 or honours is 8 fu.",
    ),
    _t("fu:open_quad_simples", "Open kan of simples", "An open kan of 2-8 is 8 fu."),
    _t("fu:closed_quad_simples", "Closed kan of simples", "A closed kan of 2-8 is 16 fu."),
    _t(
        "fu:open_quad_terminals",
        "Open kan of terminals/honours",
        "An open kan of 1, 9 or honours is 16 fu.",
    ),
    _t(
        "fu:closed_quad_terminals",
        "Closed kan of terminals/honours",
        "A closed kan of 1, 9 or honours is 32 fu.",
    ),
    _t(
        "fu:ron_triplet",
        "Triplet completed by ron",
        "A triplet completed by someone's discard (shanpon ron) counts as open.",
    ),
    _t("fu:dragon_pair", "Dragon pair +2", "A pair of dragons adds 2 fu."),
    _t("fu:seat_wind_pair", "Seat wind pair +2", "A pair of your seat wind adds 2 fu."),
    _t("fu:round_wind_pair", "Round wind pair +2", "A pair of the round wind adds 2 fu."),
    _t("fu:wait", "Single wait +2", "A kanchan, penchan or tanki wait adds 2 fu."),
    _t(
        "fu:rounding",
        "Rounding fu up",
        "The fu total is rounded up to the next 10 (32 -> 40, 102 -> 110).",
    ),
    # waits
    _t("wait:ryanmen", "Ryanmen wait", "A two-sided sequence wait (34 waiting on 2 or 5): 0 fu."),
    _t("wait:kanchan", "Kanchan wait", "A closed wait in the middle (24 waiting on 3): 2 fu."),
    _t("wait:penchan", "Penchan wait", "An edge wait (12 on 3, 89 on 7): 2 fu."),
    _t("wait:shanpon", "Shanpon wait", "Two pairs waiting to become a triplet: 0 fu."),
    _t("wait:tanki", "Tanki wait", "A single tile waiting for its pair: 2 fu."),
    _t("wait:kokushi", "Kokushi wait", "Thirteen orphans waiting on its one missing tile."),
    _t(
        "wait:kokushi_13",
        "Kokushi 13-sided wait",
        "Thirteen orphans holding one of each, waiting on all thirteen.",
    ),
    _t(
        "wait:several_readings",
        "Several readings of the wait",
        "The winning tile completes more than one kind of wait; the reading worth most counts.",
    ),
    # limits
    _t("limit:mangan", "Mangan", "5 han, or less with enough fu: base 2000 (8000 / 12000)."),
    _t("limit:haneman", "Haneman", "6-7 han: base 3000 (12000 / 18000)."),
    _t("limit:baiman", "Baiman", "8-10 han: base 4000 (16000 / 24000)."),
    _t("limit:sanbaiman", "Sanbaiman", "11-12 han: base 6000 (24000 / 36000)."),
    _t("limit:yakuman", "Yakuman", "A yakuman (or 13+ han where counted): base 8000."),
    _t("limit:double_yakuman", "Double yakuman", "Two yakuman's worth: base 16000."),
    _t("limit:triple_yakuman", "Triple yakuman", "Three yakuman's worth: base 24000."),
    _t("limit:quadruple_yakuman", "Quadruple yakuman", "Four yakuman's worth: base 32000."),
    _t("limit:quintuple_yakuman", "Quintuple yakuman", "Five yakuman's worth: base 40000."),
    _t("limit:sextuple_yakuman", "Sextuple yakuman", "Six yakuman's worth: base 48000."),
    _t(
        "limit:mangan_by_fu",
        "Mangan by fu",
        "3 han 70+ fu and 4 han 40+ fu pass base 2000 and are paid as mangan.",
    ),
    # rule boundaries
    _t(
        "rule:kiriage",
        "Kiriage mangan",
        "4 han 30 fu and 3 han 60 fu (base 1920) are mangan only where kiriage is played.",
    ),
    _t(
        "rule:double_wind_pair",
        "Double-wind pair",
        "A pair of the wind that is both seat and round wind: 4 fu, or 2 in some rules.",
    ),
    _t(
        "rule:kazoe",
        "13+ han",
        "13 or more han of ordinary yaku: kazoe yakuman, or sanbaiman in some rules.",
    ),
    _t(
        "rule:double_yakuman",
        "Double yakuman forms",
        "Suuankou tanki, kokushi 13-wait, junsei chuuren and daisuushii: double in some rules.",
    ),
    _t(
        "rule:yakuman_stacking",
        "Yakuman stacking",
        "Two different yakuman in one hand add up in most rules, not in EMA's.",
    ),
    _t(
        "rule:rinshan_fu",
        "Rinshan tsumo fu",
        "A win on the replacement tile gets the 2 tsumo fu in most rules, not in JPML's.",
    ),
    # how it was won
    _t("win:dealer", "Dealer win", "The winner is the dealer (seat East)."),
    _t("win:non_dealer", "Non-dealer win", "The winner is not the dealer."),
    _t("win:ron", "Ron", "Won on another player's discard."),
    _t("win:tsumo", "Tsumo", "Won by self-draw."),
    # payments
    _t(
        "pay:dealer_ron", "Dealer ron", "The discarder pays the dealer 6 x base, rounded up to 100."
    ),
    _t("pay:non_dealer_ron", "Non-dealer ron", "The discarder pays 4 x base, rounded up to 100."),
    _t(
        "pay:dealer_tsumo",
        "Dealer tsumo",
        "Each player pays the dealer 2 x base, rounded up: said as '3900 all'.",
    ),
    _t(
        "pay:non_dealer_tsumo",
        "Non-dealer tsumo",
        "Non-dealers pay 1 x base, the dealer 2 x base, each rounded: said as '2000/3900'.",
    ),
    _t(
        "pay:tsumo_rounding",
        "Tsumo shares rounded one by one",
        "Each tsumo share is rounded up on its own, so the tsumo can total more than the ron.",
    ),
    _t("pay:honba", "Honba", "Each counter adds 300: paid by the discarder, or 100 by each payer."),
    _t(
        "pay:dealer_tsumo_honba",
        "Dealer tsumo with honba",
        "On a dealer tsumo each of the three payers adds 100 per counter.",
    ),
    _t(
        "pay:sticks",
        "Riichi sticks",
        "The winner takes every riichi stick on the table, 1000 each.",
    ),
    # a round's settlement (the settlement drill)
    _t(
        "settle:noten",
        "Noten payments",
        "At an exhaustive draw the noten players pay 3000 in all to the tenpai players.",
    ),
    _t(
        "settle:double_ron",
        "Double ron",
        "Two players ron one discard: the discarder pays each; honba and sticks go to the "
        "winner nearest the discarder's right.",
    ),
    _t(
        "settle:pao",
        "Pao (liability)",
        "The player who fed the last set of a daisangen or daisuushii pays for it: the "
        "whole tsumo, or half the ron.",
    ),
    _t(
        "settle:honba_sticks",
        "Honba and sticks at the round's end",
        "The winner takes the honba and every riichi stick on the table; at a draw they "
        "stay for the next win.",
    ),
    _t(
        "settle:nagashi",
        "Nagashi mangan",
        "Every discard a terminal or honour, none called: paid as a mangan tsumo, no honba.",
    ),
    _t(
        "settle:chombo",
        "Chombo",
        "A false win or another foul ends the round: the offender pays as the rules say (a "
        "mangan to the others, or a penalty off their own score), and this round's riichi "
        "sticks go back to their owners.",
    ),
    _t(
        "settle:abortive",
        "Abortive draw",
        "The round ends at once (nine terminals, four winds, four riichi, four kans): nothing "
        "changes hands, the riichi sticks stay on the table and the next round adds a honba.",
    ),
    # shape
    _t("hand:open", "Open hand", "The hand has called a chi, pon or open kan."),
    _t("hand:closed", "Closed hand", "No open meld (a closed kan keeps the hand closed)."),
    _t("kan:ankan", "Closed kan", "Four tiles declared from the hand: the hand stays closed."),
    _t("kan:minkan", "Open kan", "A kan called on a discard."),
    _t("kan:shouminkan", "Added kan", "A fourth tile added to a pon."),
    # traps
    _t(
        "trap:yakuhai_pair_no_pinfu",
        "A yakuhai pair spoils pinfu",
        "Four sequences and a two-sided wait are not pinfu when the pair is worth fu.",
    ),
    _t(
        "trap:guest_wind_pair",
        "Guest wind pair",
        "A pair of a wind that is neither seat nor round wind is worth no fu.",
    ),
    _t(
        "trap:ryanpeikou_not_chiitoitsu",
        "Ryanpeikou, not chiitoitsu",
        "Two pairs of identical sequences are also seven pairs; ryanpeikou is worth more.",
    ),
    _t(
        "trap:ura_without_riichi",
        "Ura dora only with riichi",
        "Ura dora indicators count only for a winner who declared riichi.",
    ),
    _t(
        "trap:kuisagari",
        "Open hand, one han less",
        "Chanta, junchan, ittsu, sanshoku, honitsu and chinitsu lose a han when open.",
    ),
    _t(
        "trap:best_reading",
        "The best reading counts",
        "The tiles can be read in several ways; the one with the most points is scored.",
    ),
)

_YAKU_TOPICS: tuple[Topic, ...] = tuple(
    Topic(f"yaku:{info.name}", Family.YAKU, info.title, info.description) for info in YAKU.values()
)

#: Every fixed topic by id (``cell:`` topics are computed: see :func:`table_cell`).
TOPICS: dict[str, Topic] = {t.id: t for t in (*_YAKU_TOPICS, *_FIXED)}

#: The topics of who won and how, with the payment that follows: every hand has three.
WIN_TOPICS: tuple[str, ...] = (
    "win:dealer",
    "win:non_dealer",
    "win:ron",
    "win:tsumo",
    "pay:dealer_ron",
    "pay:non_dealer_ron",
    "pay:dealer_tsumo",
    "pay:non_dealer_tsumo",
)

_CELL = re.compile(r"^cell:(\d{1,2})h(\d{2,3})f:(dealer|non_dealer):(ron|tsumo)$")

#: Yakuman that some profiles count double.
DOUBLE_YAKUMAN_FORMS = frozenset(
    ("suuankou_tanki", "kokushi_musou_13", "junsei_chuuren_poutou", "daisuushii")
)

#: The topic of each fu item kind of ``scoring`` (the base has none).
_FU_ITEM_TOPICS: dict[FuKind, str] = {
    FuKind.CLOSED_RON: "fu:closed_ron",
    FuKind.TSUMO: "fu:tsumo",
    FuKind.OPEN_RON_MINIMUM: "fu:open_ron_minimum",
    FuKind.CHIITOITSU: "fu:chiitoitsu",
    FuKind.DRAGON_PAIR: "fu:dragon_pair",
    FuKind.SEAT_WIND_PAIR: "fu:seat_wind_pair",
    FuKind.ROUND_WIND_PAIR: "fu:round_wind_pair",
    FuKind.DOUBLE_WIND_PAIR: "rule:double_wind_pair",
    FuKind.KANCHAN_WAIT: "fu:wait",
    FuKind.PENCHAN_WAIT: "fu:wait",
    FuKind.TANKI_WAIT: "fu:wait",
    **{
        kind: f"fu:{'open' if kind.is_open else 'closed'}_{'quad' if kind.is_quad else 'triplet'}"
        f"_{'terminals' if kind.is_terminal else 'simples'}"
        for kind in FuKind
        if kind.is_set
    },
}

#: The topic of each trap of ``scoring.traps``.
TRAP_TOPICS: dict[Trap, str] = {
    Trap.RON_TRIPLET: "fu:ron_triplet",
    Trap.YAKUHAI_PAIR_NO_PINFU: "trap:yakuhai_pair_no_pinfu",
    Trap.GUEST_WIND_PAIR: "trap:guest_wind_pair",
    Trap.SEVERAL_READINGS: "wait:several_readings",
    Trap.BEST_READING: "trap:best_reading",
    Trap.KUISAGARI: "trap:kuisagari",
    Trap.URA_WITHOUT_RIICHI: "trap:ura_without_riichi",
    Trap.PINFU_TSUMO: "fu:pinfu_tsumo",
    Trap.RINSHAN_FU: "rule:rinshan_fu",
    Trap.RYANPEIKOU_NOT_CHIITOITSU: "trap:ryanpeikou_not_chiitoitsu",
    Trap.FU_ROUNDING: "fu:rounding",
}


def fu_topic(kind: FuKind) -> str | None:
    """The topic id of a fu item kind (None for the base)."""
    return _FU_ITEM_TOPICS.get(kind)


def table_cell(han: int, fu: int, *, dealer: bool, tsumo: bool) -> str:
    """The topic id of a points-table cell (below mangan), e.g. ``cell:2h30f:dealer:tsumo``."""
    return f"cell:{han}h{fu}f:{'dealer' if dealer else 'non_dealer'}:{'tsumo' if tsumo else 'ron'}"


def _valid_cell(topic_id: str) -> bool:
    m = _CELL.match(topic_id)
    if m is None:
        return False
    han, fu, _who, how = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
    if not 1 <= han <= 4 or not (fu == 25 or (fu % 10 == 0 and 20 <= fu <= 110)):
        return False
    if fu << (han + 2) >= 2000:
        return False  # mangan: no longer a cell of the table
    if fu == 20:
        return how == "tsumo" and han >= 2  # pinfu tsumo
    if fu == 25:
        return han >= (3 if how == "tsumo" else 2)  # chiitoitsu
    return True


def table_cells() -> tuple[str, ...]:
    """Every cell of the points tables below mangan (each han, fu, dealer or not, ron or tsumo)."""
    out = []
    for dealer in (False, True):
        for tsumo in (False, True):
            for han in range(1, 5):
                for fu in (20, 25, *range(30, 120, 10)):
                    cell = table_cell(han, fu, dealer=dealer, tsumo=tsumo)
                    if _valid_cell(cell):
                        out.append(cell)
    return tuple(out)


def is_topic(topic_id: str) -> bool:
    """True for an id of the vocabulary (a fixed topic or a cell of the points table)."""
    return topic_id in TOPICS or _valid_cell(topic_id)


def get_topic(topic_id: str) -> Topic:
    """The topic of an id (cells get a generated title).

    Raises:
        UnknownTopicError: for an id outside the vocabulary.
    """
    found = TOPICS.get(topic_id)
    if found is not None:
        return found
    m = _CELL.match(topic_id)
    if m and _valid_cell(topic_id):
        han, fu, who, how = m.groups()
        who_text = "dealer" if who == "dealer" else "non-dealer"
        return Topic(
            topic_id,
            Family.CELL,
            f"{han} han {fu} fu, {who_text} {how}",
            f"The points table: {han} han {fu} fu for a {who_text} {how}.",
        )
    raise UnknownTopicError(_unknown_message(topic_id))


def check_topic(topic_id: str) -> str:
    """Return the id if it is in the vocabulary.

    Raises:
        UnknownTopicError: naming the id and the nearest known one.
    """
    if not is_topic(topic_id):
        raise UnknownTopicError(_unknown_message(topic_id))
    return topic_id


def _unknown_message(topic_id: str) -> str:
    close = difflib.get_close_matches(topic_id, list(TOPICS), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return f"unknown topic '{topic_id}'{hint}"


def family_of(topic_id: str) -> Family:
    """The family of a topic id."""
    return get_topic(topic_id).family


def topics_in(family: Family) -> tuple[str, ...]:
    """The fixed topic ids of one family, in vocabulary order."""
    return tuple(t.id for t in TOPICS.values() if t.family is family)


#: Families of topics no hand exercises: a round's settlement (the settlement drill).
ROUND_FAMILIES = frozenset({Family.SETTLE})


def hand_topics() -> tuple[str, ...]:
    """The fixed topic ids a hand can exercise (the bank and the generator's), in order."""
    return tuple(t.id for t in TOPICS.values() if t.family not in ROUND_FAMILIES)


def sort_topics(topic_ids: Iterable[str]) -> tuple[str, ...]:
    """Topic ids in vocabulary order (cells last, by id)."""
    order = {t: i for i, t in enumerate(TOPICS)}
    return tuple(sorted(set(topic_ids), key=lambda t: (order.get(t, len(order)), t)))


# --------------------------------------------------------------------------- computing


def topics_of(result: Result) -> frozenset[str]:
    """Every topic a scored hand exercises, computed from the result alone.

    Args:
        result: a ``scoring.Result`` (it carries the hand, situation and profile).
    """

    hand, s, rules = result.hand, result.situation, result.profile
    out: set[str] = set()
    yaku_names = {y.name for y in result.yaku}
    closed = hand.is_closed

    for name in yaku_names:
        out.add(f"dora:{name}" if name in DORA_NAMES else f"yaku:{name}")
    for item in result.fu_items:
        topic = fu_topic(item.kind)
        if topic is not None:
            out.add(topic)
    out.add(f"wait:{result.wait.value}")
    out.add("hand:closed" if closed else "hand:open")
    out.add("win:dealer" if result.dealer else "win:non_dealer")
    out.add("win:tsumo" if result.tsumo else "win:ron")
    who = "dealer" if result.dealer else "non_dealer"
    out.add(f"pay:{who}_{'tsumo' if result.tsumo else 'ron'}")
    for meld in hand.melds:
        if meld.kind in (MeldKind.ANKAN, MeldKind.MINKAN, MeldKind.SHOUMINKAN):
            out.add(f"kan:{meld.kind.value}")
    out.update(TRAP_TOPICS[t] for t in traps_of(result).traps)

    # dora
    counted = list(s.dora if rules.kan_dora else s.dora[:1])
    if s.in_riichi and rules.ura_dora:
        counted += list(s.ura if rules.kan_dora else s.ura[:1])
    if len(s.dora) > 1 and rules.kan_dora:
        out.add("dora:kan_dora")
    held = {t.index for t in hand.all_tiles()}
    for ind in counted:
        if (ind.is_terminal or ind.index in (30, 33)) and dora_from_indicator(ind).index in held:
            out.add("dora:wrap")
            break

    # limits and boundaries
    if result.limit is not None:
        out.add(f"limit:{result.limit.value}")
    yakuman_names = {y.name for y in result.yaku if y.han >= 13 and result.yakuman}
    if result.yakuman:
        if len(yakuman_names) > 1 or (not rules.yakuman_stacking and _stacks(result)):
            out.add("rule:yakuman_stacking")
        if yakuman_names & DOUBLE_YAKUMAN_FORMS:
            out.add("rule:double_yakuman")
    else:
        raw_base = result.fu << (result.han + 2) if result.han < 13 else 0
        if result.han >= 13:
            out.add("rule:kazoe")
        elif result.han < 5 and raw_base == 1920:
            out.add("rule:kiriage")
        elif result.han < 5 and raw_base >= 2000:
            out.add("limit:mangan_by_fu")
        if result.limit is None:
            out.add(table_cell(result.han, result.fu, dealer=result.dealer, tsumo=result.tsumo))

    # payments
    if result.honba:
        out.add("pay:honba")
        if result.dealer and result.tsumo:
            out.add("pay:dealer_tsumo_honba")
    if result.sticks:
        out.add("pay:sticks")
    if result.tsumo:
        whole = round_up_100(result.base * (6 if result.dealer else 4))
        if result.payment.total_paid != whole:
            out.add("pay:tsumo_rounding")
    return frozenset(out)


def _stacks(result: Result) -> bool:
    """True when the hand holds several yakuman that its profile does not add up."""

    again = score_hand(result.hand, result.situation, result.profile.derive(yakuman_stacking=True))
    return sum(1 for y in again.yaku if y.han >= 13) > 1
