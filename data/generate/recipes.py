"""The recipes by topic: how a spec is bent so that a hand exercises a topic.

Every topic id of :mod:`data.topics` has a recipe (:data:`RECIPES`, or a
recipe built for a cell of the points table). A recipe changes a realistic
spec in place; the generator then builds and scores candidates until one
really exercises the topic. :func:`rarity` says which of several topics
leads, :func:`harder` makes a spec harder for difficulty 4 and 5.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..errors import UnknownTopicError
from ..topics import Family, check_topic, family_of, get_topic
from .spec import (
    ALL_KINDS,
    ALL_SEQS,
    ANY,
    CHANTA,
    CHINROUTOU,
    DRAGONS,
    HONROUTOU,
    JUNCHAN,
    RYUUIISOU,
    SEQ,
    SIMPLES,
    TANYAO,
    TERMINALS_HONORS,
    TRIP,
    TSUUIISOU,
    WIND_TILES,
    WINDS,
    Policy,
    Spec,
    one_suit,
    open_style,
    valued_tiles,
)

#: A recipe: changes a spec in place so that its hands lean towards a topic.
Recipe = Callable[[random.Random, Spec], None]


def _closed(spec: Spec) -> None:
    spec.open_melds = 0
    spec.kan_how = spec.kan_how if spec.kan_how != "minkan" else None


def _yakuhai(tile_of: Callable[[Spec], int]) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.forced = [(TRIP, tile_of(spec), rng.choice(("open", "hand")))]
        spec.policy = ANY
        spec.open_melds = max(spec.open_melds, 0)

    return recipe


def _seat_tile(spec: Spec) -> int:
    return 27 + WINDS.index(spec.seat)


def _round_tile(spec: Spec) -> int:
    return 27 + WINDS.index(spec.round)


def _r_guest(rng: random.Random, spec: Spec) -> None:
    guests = [27 + i for i, w in enumerate(WINDS) if w not in (spec.seat, spec.round)]
    spec.pair = rng.choice(guests)


def _r_pinfu(rng: random.Random, spec: Spec) -> None:
    _closed(spec)
    spec.trip_rate = 0.0
    spec.kans = 0
    spec.wait = "ryanmen"
    spec.shape = "standard"
    spec.pair_kinds = tuple(k for k in ALL_KINDS if k not in valued_tiles(spec))


def _r_iipeikou(rng: random.Random, spec: Spec) -> None:
    _closed(spec)
    start = rng.choice(ALL_SEQS)
    spec.forced = [(SEQ, start, "hand"), (SEQ, start, "hand")]
    spec.kans = 0


def _r_ryanpeikou(rng: random.Random, spec: Spec) -> None:
    _closed(spec)
    a, c = rng.sample(ALL_SEQS, 2)
    spec.forced = [(SEQ, a, "hand"), (SEQ, a, "hand"), (SEQ, c, "hand"), (SEQ, c, "hand")]
    spec.kans = 0


def _r_chiitoitsu(rng: random.Random, spec: Spec) -> None:
    _closed(spec)
    spec.shape = "chiitoitsu"
    spec.kans = 0


def _r_sanshoku(rng: random.Random, spec: Spec) -> None:
    n = rng.randrange(7)
    spec.forced = [(SEQ, n, "any"), (SEQ, 9 + n, "any"), (SEQ, 18 + n, "any")]


def _r_doukou(rng: random.Random, spec: Spec) -> None:
    n = rng.randrange(9)
    spec.forced = [(TRIP, n, "any"), (TRIP, 9 + n, "any"), (TRIP, 18 + n, "any")]


def _r_ittsu(rng: random.Random, spec: Spec) -> None:
    s = rng.randrange(3)
    spec.forced = [(SEQ, 9 * s, "any"), (SEQ, 9 * s + 3, "any"), (SEQ, 9 * s + 6, "any")]


def _r_toitoi(rng: random.Random, spec: Spec) -> None:
    spec.trip_rate = 1.0
    spec.forced = []
    spec.policy = ANY
    if spec.open_melds == 0 and not spec.tsumo:
        spec.open_melds = rng.choice((1, 2, 3))


def _r_sanankou(rng: random.Random, spec: Spec) -> None:
    picks = rng.sample(ALL_KINDS, 3)
    spec.forced = [(TRIP, k, "hand") for k in picks]
    spec.trip_rate = 0.0
    if not spec.tsumo:
        spec.wait = rng.choice(("ryanmen", "kanchan", "tanki"))
    spec.open_melds = min(spec.open_melds, 1)


def _r_suuankou(rng: random.Random, spec: Spec) -> None:
    _closed(spec)
    spec.forced = [(TRIP, k, "hand") for k in rng.sample(ALL_KINDS, 4)]
    spec.tsumo = True
    spec.wait = "shanpon"


def _r_suuankou_tanki(rng: random.Random, spec: Spec) -> None:
    _closed(spec)
    spec.forced = [(TRIP, k, "hand") for k in rng.sample(ALL_KINDS, 4)]
    spec.wait = "tanki"


def _r_kans(n: int) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.forced = [(TRIP, k, "hand") for k in rng.sample(ALL_KINDS, n)]
        spec.kans = n
        spec.trip_rate = 0.0
        spec.policy = ANY
        if n == 4:
            spec.wait = "tanki"

    return recipe


def _r_kan(how: str, group: tuple[int, ...]) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.forced = [(TRIP, rng.choice(group), "hand")]
        spec.kans = 1
        spec.kan_how = how
        if how == "ankan":
            spec.open_melds = 0
        elif spec.open_melds == 0:
            spec.open_melds = 1
            spec.riichi = False
            spec.flags -= {"ippatsu", "double_riichi"}

    return recipe


def _r_shousangen(rng: random.Random, spec: Spec) -> None:
    a, c, p = rng.sample(DRAGONS, 3)
    spec.forced = [(TRIP, a, "any"), (TRIP, c, "any")]
    spec.pair = p


def _r_daisangen(rng: random.Random, spec: Spec) -> None:
    spec.forced = [(TRIP, d, "any") for d in DRAGONS]


def _r_policy(
    policy: Policy | Callable[[random.Random], Policy],
    trip_rate: float | None = None,
    closed: bool = False,
) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.policy = policy(rng) if callable(policy) else policy
        spec.forced = []
        spec.pair = None
        spec.pair_kinds = None
        if trip_rate is not None:
            spec.trip_rate = trip_rate
        if closed:
            _closed(spec)

    return recipe


def _r_shousuushii(rng: random.Random, spec: Spec) -> None:
    winds = list(WIND_TILES)
    rng.shuffle(winds)
    spec.forced = [(TRIP, w, "any") for w in winds[:3]]
    spec.pair = winds[3]


def _r_daisuushii(rng: random.Random, spec: Spec) -> None:
    spec.forced = [(TRIP, w, "any") for w in WIND_TILES]


def _r_shape(shape: str) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        _closed(spec)
        spec.shape = shape
        spec.kans = 0

    return recipe


def _r_flag(flag: str) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        if flag in ("riichi", "ippatsu", "double_riichi"):
            _closed(spec)
            spec.riichi = True
            spec.ura = True
            spec.sticks = max(spec.sticks, 1)
            if flag != "riichi":
                spec.flags.add(flag)
        elif flag == "menzen_tsumo":
            _closed(spec)
            spec.tsumo = True
        elif flag == "rinshan":
            spec.tsumo = True
            spec.kans = max(spec.kans, 1)
            spec.flags.add("rinshan")
            spec.flags -= {"ippatsu", "haitei"}
            if not spec.forced:
                spec.forced = [(TRIP, rng.choice(ALL_KINDS), "hand")]
        elif flag == "haitei":
            spec.tsumo = True
            spec.flags.add("haitei")
        elif flag in ("houtei", "chankan"):
            spec.tsumo = False
            spec.flags.add(flag)
            if flag == "chankan":
                spec.wait = rng.choice(("ryanmen", "kanchan"))
        elif flag in ("tenhou", "chiihou", "renhou"):
            _closed(spec)
            spec.riichi = False
            spec.ura = False
            spec.flags = {flag}
            spec.kans = 0
            spec.forced = []
            if flag == "tenhou":
                spec.seat, spec.tsumo = "E", True
            else:
                spec.seat = rng.choice("SWN")
                spec.tsumo = flag == "chiihou"
            if flag == "renhou":
                spec.rules = rng.choice(("wrc", "ema"))

    return recipe


def _r_dealer(dealer: bool) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.seat = "E" if dealer else rng.choice("SWN")

    return recipe


def _r_tsumo(tsumo: bool) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.tsumo = tsumo
        spec.flags -= {"haitei", "houtei", "chankan", "rinshan"}

    return recipe


def _r_open(open_hand: bool) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        if open_hand:
            spec.open_melds = max(1, spec.open_melds)
            spec.riichi = False
            spec.ura = False
            spec.flags -= {"ippatsu", "double_riichi"}
            if not spec.forced and spec.policy is ANY:
                open_style(rng, spec, rng.choice(("yakuhai", "tanyao")))
        else:
            _closed(spec)

    return recipe


def _r_many(*recipes: Recipe) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        for r in recipes:
            r(rng, spec)

    return recipe


def _r_wait(wait: str) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.shape = "standard"
        spec.wait = wait
        if wait == "shanpon":
            spec.trip_rate = max(spec.trip_rate, 0.35)

    return recipe


def _r_several_readings(rng: random.Random, spec: Spec) -> None:
    s = rng.randrange(3)
    n = rng.randrange(5)
    a = 9 * s + n
    spec.forced = [(SEQ, a, "hand"), (SEQ, a + rng.choice((1, 2, 3)), "hand")]
    spec.shape = "standard"
    spec.wait = None


def _r_ron_triplet(rng: random.Random, spec: Spec) -> None:
    spec.tsumo = False
    spec.wait = "shanpon"
    spec.trip_rate = max(spec.trip_rate, 0.3)
    spec.flags -= {"haitei", "rinshan"}


def _r_trip(open_state: bool, quad: bool, terminals: bool) -> Recipe:
    group = TERMINALS_HONORS if terminals else SIMPLES

    def recipe(rng: random.Random, spec: Spec) -> None:
        tile = rng.choice(group)
        spec.shape = "standard"
        if quad:
            spec.forced = [(TRIP, tile, "hand")]
            spec.kans = 1
            spec.kan_how = rng.choice(("minkan", "shouminkan")) if open_state else "ankan"
            if open_state and spec.open_melds == 0:
                _r_open(True)(rng, spec)
        elif open_state:
            spec.forced = [(TRIP, tile, "open")]
            spec.open_melds = max(1, spec.open_melds)
            spec.riichi = False
            spec.ura = False
            spec.flags -= {"ippatsu", "double_riichi"}
        else:
            spec.forced = [(TRIP, tile, "hand")]
            if spec.wait == "shanpon" and not spec.tsumo:
                spec.wait = None

    return recipe


def _r_pair(kind: str) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.shape = "standard"
        if kind == "dragon":
            spec.pair = rng.choice(DRAGONS)
        elif kind == "seat":
            spec.round = rng.choice("ES")
            spec.seat = rng.choice([w for w in WINDS if w != spec.round])
            spec.pair = 27 + WINDS.index(spec.seat)
        elif kind == "round":
            spec.round = rng.choice("ES")
            spec.seat = rng.choice([w for w in WINDS if w != spec.round])
            spec.pair = 27 + WINDS.index(spec.round)
        else:  # both
            spec.round = rng.choice("ES")
            spec.seat = spec.round
            spec.pair = 27 + WINDS.index(spec.seat)
        spec.policy = ANY

    return recipe


def _r_limit(han_boost: int) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        choice = rng.random()
        if han_boost >= 6 and choice < 0.6:
            spec.policy = one_suit(rng.randrange(3), han_boost < 8 and rng.random() < 0.5)
            spec.forced = []
            spec.trip_rate = 0.2
        elif han_boost >= 3 and choice < 0.35:
            spec.policy = one_suit(rng.randrange(3), True)
            spec.forced = []
        if rng.random() < 0.7:
            _closed(spec)
            spec.riichi = True
            spec.ura = True
            spec.sticks = max(spec.sticks, 1)
        spec.indicators = max(spec.indicators, 1 + (han_boost >= 6))
        spec.dora_hits = min(spec.indicators, rng.randint(0, max(1, han_boost // 3)))
        spec.red = 2.0

    return recipe


def _r_high_fu(rng: random.Random, spec: Spec) -> None:
    _closed(spec)
    spec.tsumo = False
    spec.forced = [(TRIP, rng.choice(TERMINALS_HONORS), "hand")]
    if rng.random() < 0.5:
        spec.kans = 1
        spec.kan_how = "ankan"
    spec.wait = rng.choice(("kanchan", "penchan", "tanki"))
    spec.trip_rate = 0.3
    spec.riichi = rng.random() < 0.5
    spec.dora_hits = rng.randint(0, 2)
    spec.indicators = max(spec.indicators, spec.dora_hits)


def _r_kiriage(rng: random.Random, spec: Spec) -> None:
    if rng.random() < 0.5:
        _closed(spec)
        spec.tsumo = True
        spec.riichi = rng.random() < 0.7
    spec.dora_hits = rng.randint(1, 2)
    spec.indicators = max(spec.indicators, spec.dora_hits)
    spec.red = 2.0
    spec.rules = rng.choice(("tenhou", "wrc", "mleague", "tenhou"))


def _r_kazoe(rng: random.Random, spec: Spec) -> None:
    _closed(spec)
    spec.policy = one_suit(rng.randrange(3), False)
    spec.forced = []
    spec.trip_rate = 0.15
    spec.riichi = True
    spec.ura = True
    spec.tsumo = rng.random() < 0.7
    spec.indicators = 2
    spec.dora_hits = 2
    spec.red = 9.0
    spec.rules = rng.choice(("tenhou", "ema", "mahjongsoul"))


def _r_yakuman_pick(rng: random.Random, spec: Spec) -> None:
    name = rng.choice(("daisangen", "suuankou", "kokushi_musou", "tsuuiisou", "shousuushii"))
    RECIPES[f"yaku:{name}"](rng, spec)


def _r_double_yakuman(rng: random.Random, spec: Spec) -> None:
    name = rng.choice(("suuankou_tanki", "kokushi_musou_13", "junsei_chuuren_poutou", "daisuushii"))
    RECIPES[f"yaku:{name}"](rng, spec)
    spec.rules = rng.choice(("mahjongsoul", "tenhou"))


def _r_stacking(rng: random.Random, spec: Spec) -> None:
    if rng.random() < 0.5:
        # tsuuiisou with daisangen or a wind yakuman
        _r_policy(TSUUIISOU, 1.0)(rng, spec)
        spec.forced = [(TRIP, d, "any") for d in rng.sample(DRAGONS, 3)][: rng.choice((2, 3))]
    else:
        _r_suuankou(rng, spec)
        spec.forced = [(TRIP, d, "hand") for d in DRAGONS] + [
            (TRIP, rng.choice(ALL_KINDS[:27]), "hand")
        ]
    spec.rules = rng.choice(("tenhou", "mahjongsoul", "wrc", "ema"))


def _r_yakuhai_pair_no_pinfu(rng: random.Random, spec: Spec) -> None:
    _closed(spec)
    spec.trip_rate = 0.0
    spec.wait = "ryanmen"
    spec.kans = 0
    spec.shape = "standard"
    spec.pair = rng.choice(valued_tiles(spec))
    spec.riichi = True
    spec.ura = True


def _r_ura_trap(rng: random.Random, spec: Spec) -> None:
    spec.riichi = False
    spec.flags -= {"ippatsu", "double_riichi"}
    spec.ura = True


def _r_kuisagari(rng: random.Random, spec: Spec) -> None:
    _r_open(True)(rng, spec)
    style = rng.choice(("honitsu", "chanta", "ittsu", "sanshoku"))
    spec.forced = []
    spec.policy = ANY
    open_style(rng, spec, style)


def _r_dora(kind: str) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        if kind == "dora":
            spec.dora_hits = 1
        elif kind == "ura_dora":
            _closed(spec)
            spec.riichi = True
            spec.ura = True
            spec.sticks = max(1, spec.sticks)
            spec.indicators = max(spec.indicators, 2)
        elif kind == "aka_dora":
            spec.red = 9.0
            spec.policy = TANYAO if rng.random() < 0.5 else ANY
            spec.rules = "tenhou" if spec.rules in ("ema", "wrc", "jpml_a") else spec.rules
        elif kind == "kan_dora":
            spec.indicators = max(2, spec.indicators)
            spec.dora_hits = 2
        elif kind == "wrap":
            spec.forced = spec.forced or [(TRIP, rng.choice((0, 9, 18, 27, 31)), "any")]
            spec.dora_hits = 1

    return recipe


def _r_honba(rng: random.Random, spec: Spec) -> None:
    spec.honba = rng.randint(1, 5)


def _r_sticks(rng: random.Random, spec: Spec) -> None:
    spec.sticks = max(spec.sticks, rng.randint(1, 3))


def _r_multi_yakuman(multiple: int) -> Recipe:
    def recipe(rng: random.Random, spec: Spec) -> None:
        _closed(spec)
        spec.policy = TSUUIISOU
        spec.riichi = False
        spec.ura = False
        spec.flags = set()
        spec.tsumo = True
        if multiple == 3:
            spec.rules = "tenhou"
            spec.forced = [(TRIP, d, "hand") for d in DRAGONS]
            spec.wait = "shanpon"
        else:
            spec.rules = "mahjongsoul"
            spec.forced = [(TRIP, w, "hand") for w in WIND_TILES]
            spec.pair_kinds = DRAGONS
            spec.wait = "shanpon" if multiple == 4 else "tanki"
            if multiple == 6:
                spec.kans = 4
                spec.kan_how = "ankan"

    return recipe


RECIPES: dict[str, Recipe] = {
    # yaku
    "yaku:riichi": _r_flag("riichi"),
    "yaku:double_riichi": _r_flag("double_riichi"),
    "yaku:ippatsu": _r_flag("ippatsu"),
    "yaku:menzen_tsumo": _r_flag("menzen_tsumo"),
    "yaku:pinfu": _r_pinfu,
    "yaku:tanyao": _r_policy(TANYAO),
    "yaku:iipeikou": _r_iipeikou,
    "yaku:haku": _yakuhai(lambda s: 31),
    "yaku:hatsu": _yakuhai(lambda s: 32),
    "yaku:chun": _yakuhai(lambda s: 33),
    "yaku:seat_wind": _yakuhai(_seat_tile),
    "yaku:round_wind": _yakuhai(_round_tile),
    "yaku:chankan": _r_flag("chankan"),
    "yaku:rinshan_kaihou": _r_flag("rinshan"),
    "yaku:haitei": _r_flag("haitei"),
    "yaku:houtei": _r_flag("houtei"),
    "yaku:chiitoitsu": _r_chiitoitsu,
    "yaku:chanta": _r_policy(CHANTA, 0.25),
    "yaku:ittsu": _r_ittsu,
    "yaku:sanshoku_doujun": _r_sanshoku,
    "yaku:sanshoku_doukou": _r_doukou,
    "yaku:sankantsu": _r_kans(3),
    "yaku:toitoi": _r_toitoi,
    "yaku:sanankou": _r_sanankou,
    "yaku:shousangen": _r_shousangen,
    "yaku:honroutou": _r_policy(HONROUTOU, 1.0),
    "yaku:ryanpeikou": _r_ryanpeikou,
    "yaku:junchan": _r_policy(JUNCHAN, 0.2),
    "yaku:honitsu": _r_policy(lambda rng: one_suit(rng.randrange(3), True), 0.3),
    "yaku:chinitsu": _r_policy(lambda rng: one_suit(rng.randrange(3), False), 0.2),
    "yaku:renhou": _r_flag("renhou"),
    "yaku:tenhou": _r_flag("tenhou"),
    "yaku:chiihou": _r_flag("chiihou"),
    "yaku:daisangen": _r_daisangen,
    "yaku:suuankou": _r_suuankou,
    "yaku:suuankou_tanki": _r_suuankou_tanki,
    "yaku:tsuuiisou": _r_policy(TSUUIISOU, 1.0),
    "yaku:ryuuiisou": _r_policy(RYUUIISOU, 0.6),
    "yaku:chinroutou": _r_policy(CHINROUTOU, 1.0),
    "yaku:chuuren_poutou": _r_shape("chuuren"),
    "yaku:junsei_chuuren_poutou": _r_shape("junsei"),
    "yaku:kokushi_musou": _r_shape("kokushi"),
    "yaku:kokushi_musou_13": _r_shape("kokushi_13"),
    "yaku:daisuushii": _r_daisuushii,
    "yaku:shousuushii": _r_shousuushii,
    "yaku:suukantsu": _r_kans(4),
    # dora
    "dora:dora": _r_dora("dora"),
    "dora:ura_dora": _r_dora("ura_dora"),
    "dora:aka_dora": _r_dora("aka_dora"),
    "dora:kan_dora": _r_dora("kan_dora"),
    "dora:wrap": _r_dora("wrap"),
    # fu
    "fu:closed_ron": _r_many(_r_open(False), _r_tsumo(False)),
    "fu:tsumo": _r_tsumo(True),
    "fu:pinfu_tsumo": _r_many(_r_pinfu, _r_tsumo(True)),
    "fu:open_ron_minimum": _r_many(
        _r_open(True), _r_policy(TANYAO, 0.0), _r_tsumo(False), _r_wait("ryanmen")
    ),
    "fu:chiitoitsu": _r_chiitoitsu,
    "fu:open_triplet_simples": _r_trip(True, False, False),
    "fu:closed_triplet_simples": _r_trip(False, False, False),
    "fu:open_triplet_terminals": _r_trip(True, False, True),
    "fu:closed_triplet_terminals": _r_trip(False, False, True),
    "fu:open_quad_simples": _r_trip(True, True, False),
    "fu:closed_quad_simples": _r_trip(False, True, False),
    "fu:open_quad_terminals": _r_trip(True, True, True),
    "fu:closed_quad_terminals": _r_trip(False, True, True),
    "fu:ron_triplet": _r_ron_triplet,
    "fu:dragon_pair": _r_pair("dragon"),
    "fu:seat_wind_pair": _r_pair("seat"),
    "fu:round_wind_pair": _r_pair("round"),
    "fu:wait": lambda rng, spec: _r_wait(rng.choice(("kanchan", "penchan", "tanki")))(rng, spec),
    "fu:rounding": _r_tsumo(True),
    # waits
    "wait:ryanmen": _r_wait("ryanmen"),
    "wait:kanchan": _r_wait("kanchan"),
    "wait:penchan": _r_wait("penchan"),
    "wait:shanpon": _r_wait("shanpon"),
    "wait:tanki": _r_wait("tanki"),
    "wait:kokushi": _r_shape("kokushi"),
    "wait:kokushi_13": _r_shape("kokushi_13"),
    "wait:several_readings": _r_several_readings,
    # limits
    "limit:mangan": _r_limit(3),
    "limit:haneman": _r_limit(5),
    "limit:baiman": _r_limit(7),
    "limit:sanbaiman": _r_limit(9),
    "limit:yakuman": _r_yakuman_pick,
    "limit:double_yakuman": _r_double_yakuman,
    "limit:triple_yakuman": _r_multi_yakuman(3),
    "limit:quadruple_yakuman": _r_multi_yakuman(4),
    "limit:quintuple_yakuman": _r_multi_yakuman(5),
    "limit:sextuple_yakuman": _r_multi_yakuman(6),
    "limit:mangan_by_fu": _r_high_fu,
    # rules
    "rule:kiriage": _r_kiriage,
    "rule:double_wind_pair": _r_pair("both"),
    "rule:kazoe": _r_kazoe,
    "rule:double_yakuman": _r_double_yakuman,
    "rule:yakuman_stacking": _r_stacking,
    "rule:rinshan_fu": _r_many(_r_flag("rinshan"), _r_wait("kanchan")),
    # how it was won, payments
    "win:dealer": _r_dealer(True),
    "win:non_dealer": _r_dealer(False),
    "win:ron": _r_tsumo(False),
    "win:tsumo": _r_tsumo(True),
    "pay:dealer_ron": _r_many(_r_dealer(True), _r_tsumo(False)),
    "pay:non_dealer_ron": _r_many(_r_dealer(False), _r_tsumo(False)),
    "pay:dealer_tsumo": _r_many(_r_dealer(True), _r_tsumo(True)),
    "pay:non_dealer_tsumo": _r_many(_r_dealer(False), _r_tsumo(True)),
    "pay:tsumo_rounding": _r_tsumo(True),
    "pay:honba": _r_honba,
    "pay:dealer_tsumo_honba": _r_many(_r_dealer(True), _r_tsumo(True), _r_honba),
    "pay:sticks": _r_sticks,
    # shape
    "hand:open": _r_open(True),
    "hand:closed": _r_open(False),
    "kan:ankan": _r_kan("ankan", ALL_KINDS),
    "kan:minkan": _r_kan("minkan", ALL_KINDS),
    "kan:shouminkan": _r_kan("shouminkan", ALL_KINDS),
    # traps
    "trap:yakuhai_pair_no_pinfu": _r_yakuhai_pair_no_pinfu,
    "trap:guest_wind_pair": _r_guest,
    "trap:ryanpeikou_not_chiitoitsu": _r_ryanpeikou,
    "trap:ura_without_riichi": _r_ura_trap,
    "trap:kuisagari": _r_kuisagari,
    "trap:best_reading": _r_several_readings,
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
            _r_chiitoitsu(rng, spec)
        elif fu == 20:
            _r_pinfu(rng, spec)
        elif fu >= 50:
            _closed(spec)
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
