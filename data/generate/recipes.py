"""The recipes by topic: how a spec is bent so that a hand exercises a topic.

Every topic id of :mod:`data.topics` has a recipe (:data:`RECIPES`, or a
recipe built for a cell of the points table), made of the parts of
:mod:`data.generate.recipe_parts`. A recipe changes a realistic spec in
place; the generator then builds and scores candidates until one really
exercises the topic. :func:`rarity` says which of several topics leads,
:func:`harder` makes a spec harder for difficulty 4 and 5.
"""

from __future__ import annotations

import random

from ..errors import UnknownTopicError
from ..topics import Family, check_topic, family_of, get_topic
from .recipe_parts import (
    Recipe,
    close_hand,
    r_chiitoitsu,
    r_daisangen,
    r_daisuushii,
    r_dealer,
    r_dora,
    r_doukou,
    r_flag,
    r_guest,
    r_high_fu,
    r_honba,
    r_iipeikou,
    r_ittsu,
    r_kan,
    r_kans,
    r_kazoe,
    r_kiriage,
    r_kuisagari,
    r_limit,
    r_many,
    r_multi_yakuman,
    r_open,
    r_pair,
    r_pinfu,
    r_policy,
    r_ron_triplet,
    r_ryanpeikou,
    r_sanankou,
    r_sanshoku,
    r_several_readings,
    r_shape,
    r_shousangen,
    r_shousuushii,
    r_stacking,
    r_sticks,
    r_suuankou,
    r_suuankou_tanki,
    r_toitoi,
    r_trip,
    r_tsumo,
    r_ura_trap,
    r_wait,
    r_yakuhai,
    r_yakuhai_pair_no_pinfu,
    round_tile,
    seat_tile,
)
from .spec import (
    ALL_KINDS,
    CHANTA,
    CHINROUTOU,
    HONROUTOU,
    JUNCHAN,
    RYUUIISOU,
    TANYAO,
    TERMINALS_HONORS,
    TRIP,
    TSUUIISOU,
    Spec,
    one_suit,
    valued_tiles,
)


def r_yakuman_pick(rng: random.Random, spec: Spec) -> None:
    """One of the common yakuman, by its own recipe."""
    name = rng.choice(("daisangen", "suuankou", "kokushi_musou", "tsuuiisou", "shousuushii"))
    RECIPES[f"yaku:{name}"](rng, spec)


def r_double_yakuman(rng: random.Random, spec: Spec) -> None:
    """One of the double yakuman, by its own recipe, under rules that count it double."""
    name = rng.choice(("suuankou_tanki", "kokushi_musou_13", "junsei_chuuren_poutou", "daisuushii"))
    RECIPES[f"yaku:{name}"](rng, spec)
    spec.rules = rng.choice(("mahjongsoul", "tenhou"))


RECIPES: dict[str, Recipe] = {
    # yaku
    "yaku:riichi": r_flag("riichi"),
    "yaku:double_riichi": r_flag("double_riichi"),
    "yaku:ippatsu": r_flag("ippatsu"),
    "yaku:menzen_tsumo": r_flag("menzen_tsumo"),
    "yaku:pinfu": r_pinfu,
    "yaku:tanyao": r_policy(TANYAO),
    "yaku:iipeikou": r_iipeikou,
    "yaku:haku": r_yakuhai(lambda s: 31),
    "yaku:hatsu": r_yakuhai(lambda s: 32),
    "yaku:chun": r_yakuhai(lambda s: 33),
    "yaku:seat_wind": r_yakuhai(seat_tile),
    "yaku:round_wind": r_yakuhai(round_tile),
    "yaku:chankan": r_flag("chankan"),
    "yaku:rinshan_kaihou": r_flag("rinshan"),
    "yaku:haitei": r_flag("haitei"),
    "yaku:houtei": r_flag("houtei"),
    "yaku:chiitoitsu": r_chiitoitsu,
    "yaku:chanta": r_policy(CHANTA, 0.25),
    "yaku:ittsu": r_ittsu,
    "yaku:sanshoku_doujun": r_sanshoku,
    "yaku:sanshoku_doukou": r_doukou,
    "yaku:sankantsu": r_kans(3),
    "yaku:toitoi": r_toitoi,
    "yaku:sanankou": r_sanankou,
    "yaku:shousangen": r_shousangen,
    "yaku:honroutou": r_policy(HONROUTOU, 1.0),
    "yaku:ryanpeikou": r_ryanpeikou,
    "yaku:junchan": r_policy(JUNCHAN, 0.2),
    "yaku:honitsu": r_policy(lambda rng: one_suit(rng.randrange(3), True), 0.3),
    "yaku:chinitsu": r_policy(lambda rng: one_suit(rng.randrange(3), False), 0.2),
    "yaku:renhou": r_flag("renhou"),
    "yaku:tenhou": r_flag("tenhou"),
    "yaku:chiihou": r_flag("chiihou"),
    "yaku:daisangen": r_daisangen,
    "yaku:suuankou": r_suuankou,
    "yaku:suuankou_tanki": r_suuankou_tanki,
    "yaku:tsuuiisou": r_policy(TSUUIISOU, 1.0),
    "yaku:ryuuiisou": r_policy(RYUUIISOU, 0.6),
    "yaku:chinroutou": r_policy(CHINROUTOU, 1.0),
    "yaku:chuuren_poutou": r_shape("chuuren"),
    "yaku:junsei_chuuren_poutou": r_shape("junsei"),
    "yaku:kokushi_musou": r_shape("kokushi"),
    "yaku:kokushi_musou_13": r_shape("kokushi_13"),
    "yaku:daisuushii": r_daisuushii,
    "yaku:shousuushii": r_shousuushii,
    "yaku:suukantsu": r_kans(4),
    # dora
    "dora:dora": r_dora("dora"),
    "dora:ura_dora": r_dora("ura_dora"),
    "dora:aka_dora": r_dora("aka_dora"),
    "dora:kan_dora": r_dora("kan_dora"),
    "dora:wrap": r_dora("wrap"),
    # fu
    "fu:closed_ron": r_many(r_open(False), r_tsumo(False)),
    "fu:tsumo": r_tsumo(True),
    "fu:pinfu_tsumo": r_many(r_pinfu, r_tsumo(True)),
    "fu:open_ron_minimum": r_many(
        r_open(True), r_policy(TANYAO, 0.0), r_tsumo(False), r_wait("ryanmen")
    ),
    "fu:chiitoitsu": r_chiitoitsu,
    "fu:open_triplet_simples": r_trip(True, False, False),
    "fu:closed_triplet_simples": r_trip(False, False, False),
    "fu:open_triplet_terminals": r_trip(True, False, True),
    "fu:closed_triplet_terminals": r_trip(False, False, True),
    "fu:open_quad_simples": r_trip(True, True, False),
    "fu:closed_quad_simples": r_trip(False, True, False),
    "fu:open_quad_terminals": r_trip(True, True, True),
    "fu:closed_quad_terminals": r_trip(False, True, True),
    "fu:ron_triplet": r_ron_triplet,
    "fu:dragon_pair": r_pair("dragon"),
    "fu:seat_wind_pair": r_pair("seat"),
    "fu:round_wind_pair": r_pair("round"),
    "fu:wait": lambda rng, spec: r_wait(rng.choice(("kanchan", "penchan", "tanki")))(rng, spec),
    "fu:rounding": r_tsumo(True),
    # waits
    "wait:ryanmen": r_wait("ryanmen"),
    "wait:kanchan": r_wait("kanchan"),
    "wait:penchan": r_wait("penchan"),
    "wait:shanpon": r_wait("shanpon"),
    "wait:tanki": r_wait("tanki"),
    "wait:kokushi": r_shape("kokushi"),
    "wait:kokushi_13": r_shape("kokushi_13"),
    "wait:several_readings": r_several_readings,
    # limits
    "limit:mangan": r_limit(3),
    "limit:haneman": r_limit(5),
    "limit:baiman": r_limit(7),
    "limit:sanbaiman": r_limit(9),
    "limit:yakuman": r_yakuman_pick,
    "limit:double_yakuman": r_double_yakuman,
    "limit:triple_yakuman": r_multi_yakuman(3),
    "limit:quadruple_yakuman": r_multi_yakuman(4),
    "limit:quintuple_yakuman": r_multi_yakuman(5),
    "limit:sextuple_yakuman": r_multi_yakuman(6),
    "limit:mangan_by_fu": r_high_fu,
    # rules
    "rule:kiriage": r_kiriage,
    "rule:double_wind_pair": r_pair("both"),
    "rule:kazoe": r_kazoe,
    "rule:double_yakuman": r_double_yakuman,
    "rule:yakuman_stacking": r_stacking,
    "rule:rinshan_fu": r_many(r_flag("rinshan"), r_wait("kanchan")),
    # how it was won, payments
    "win:dealer": r_dealer(True),
    "win:non_dealer": r_dealer(False),
    "win:ron": r_tsumo(False),
    "win:tsumo": r_tsumo(True),
    "pay:dealer_ron": r_many(r_dealer(True), r_tsumo(False)),
    "pay:non_dealer_ron": r_many(r_dealer(False), r_tsumo(False)),
    "pay:dealer_tsumo": r_many(r_dealer(True), r_tsumo(True)),
    "pay:non_dealer_tsumo": r_many(r_dealer(False), r_tsumo(True)),
    "pay:tsumo_rounding": r_tsumo(True),
    "pay:honba": r_honba,
    "pay:dealer_tsumo_honba": r_many(r_dealer(True), r_tsumo(True), r_honba),
    "pay:sticks": r_sticks,
    # shape
    "hand:open": r_open(True),
    "hand:closed": r_open(False),
    "kan:ankan": r_kan("ankan", ALL_KINDS),
    "kan:minkan": r_kan("minkan", ALL_KINDS),
    "kan:shouminkan": r_kan("shouminkan", ALL_KINDS),
    # traps
    "trap:yakuhai_pair_no_pinfu": r_yakuhai_pair_no_pinfu,
    "trap:guest_wind_pair": r_guest,
    "trap:ryanpeikou_not_chiitoitsu": r_ryanpeikou,
    "trap:ura_without_riichi": r_ura_trap,
    "trap:kuisagari": r_kuisagari,
    "trap:best_reading": r_several_readings,
}


def _cell_recipe(topic: str) -> Recipe:
    info = get_topic(topic)
    han_fu, who, how = info.id.split(":")[1:]
    han = int(han_fu.split("h")[0])
    fu = int(han_fu.split("h")[1][:-1])

    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.seat = "E" if who == "dealer" else rng.choice("SWN")
        spec.tsumo = how == "tsumo"
        spec.flags -= {"haitei", "houtei", "chankan", "rinshan"}
        if fu == 25:
            r_chiitoitsu(rng, spec)
        elif fu == 20:
            r_pinfu(rng, spec)
        elif fu >= 50:
            close_hand(spec)
            kans = 2 if fu >= 90 else rng.choice((0, 1)) if fu <= 60 else rng.choice((1, 2))
            plain = tuple(k for k in TERMINALS_HONORS if k not in valued_tiles(spec))
            spec.forced = [(TRIP, k, "hand") for k in rng.sample(plain, kans + 1)]
            spec.kans = kans
            spec.kan_how = "ankan"
            spec.trip_rate = 0.2
            spec.wait = rng.choice(("kanchan", "penchan", "tanki", "shanpon", None))
            spec.riichi = rng.random() < 0.6
            spec.ura = spec.riichi
        if han <= 2:
            spec.indicators = 1
            spec.dora_hits = 0
            spec.red = 0.3
            spec.flags -= {"ippatsu", "double_riichi"}
        elif rng.random() < 0.5:
            spec.dora_hits = 1

    return recipe


def recipe_for(topic: str) -> Recipe:
    """The recipe that biases a spec towards a topic.

    Raises:
        UnknownTopicError: for an id outside the vocabulary.
    """
    check_topic(topic)
    if family_of(topic) is Family.SETTLE:
        raise UnknownTopicError(f"'{topic}' is a round's settlement: no hand exercises it")
    if family_of(topic) is Family.CELL:
        return _cell_recipe(topic)
    try:
        return RECIPES[topic]
    except KeyError:  # pragma: no cover - the test checks every topic has a recipe
        raise UnknownTopicError(f"the generator has no recipe for topic '{topic}'") from None


def harder(rng: random.Random, spec: Spec) -> None:
    """Make a standard spec harder: honba, a kan, more triplets, another indicator."""
    if spec.shape != "standard":
        return
    spec.honba = max(spec.honba, rng.randint(1, 3))
    if rng.random() < 0.5:
        spec.kans = max(spec.kans, 1)
    if rng.random() < 0.5:
        spec.trip_rate = max(spec.trip_rate, 0.4)
    spec.indicators += rng.random() < 0.3


_RARITY_ORDER = (
    Family.CELL,
    Family.LIMIT,
    Family.RULE,
    Family.TRAP,
    Family.YAKU,
    Family.KAN,
    Family.WAIT,
    Family.FU,
    Family.DORA,
    Family.PAY,
    Family.WIN,
    Family.HAND,
    Family.SETTLE,
)
_COMMON_YAKU = frozenset(("yaku:riichi", "yaku:tanyao", "yaku:menzen_tsumo", "yaku:pinfu"))


def rarity(topic: str) -> tuple[int, int]:
    """A sort key: rarer topics first (their recipe leads when several are asked for)."""
    fam = family_of(topic)
    special = 0 if topic.startswith("yaku:") and topic not in _COMMON_YAKU else 1
    if fam is Family.YAKU:
        from scoring.yaku import YAKU

        if YAKU[topic.split(":", 1)[1]].yakuman:
            return (0, 0)
    return (_RARITY_ORDER.index(fam), special)
