"""The parts the topic recipes are made of: each bends a spec one way.

A recipe (:data:`Recipe`) changes a realistic spec in place: closes the
hand, forces sets, picks the wait, sets flags, raises the dora... The table
of :mod:`data.generate.recipes` names the recipe of every topic, mostly as
one of these parts or a few of them together (:func:`r_many`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .spec import (
    ALL_KINDS,
    ALL_SEQS,
    ANY,
    DRAGONS,
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


def close_hand(spec: Spec) -> None:
    """A closed hand: no called set, no open kan."""
    spec.open_melds = 0
    spec.kan_how = spec.kan_how if spec.kan_how != "minkan" else None


def r_yakuhai(tile_of: Callable[[Spec], int]) -> Recipe:
    """A triplet of the tile ``tile_of(spec)`` (a yakuhai), called or concealed."""
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.forced = [(TRIP, tile_of(spec), rng.choice(("open", "hand")))]
        spec.policy = ANY
        spec.open_melds = max(spec.open_melds, 0)

    return recipe


def seat_tile(spec: Spec) -> int:
    """The seat wind's tile."""
    return 27 + WINDS.index(spec.seat)


def round_tile(spec: Spec) -> int:
    """The round wind's tile."""
    return 27 + WINDS.index(spec.round)


def r_guest(rng: random.Random, spec: Spec) -> None:
    """A pair of a guest wind (neither the seat nor the round wind)."""
    guests = [27 + i for i, w in enumerate(WINDS) if w not in (spec.seat, spec.round)]
    spec.pair = rng.choice(guests)


def r_pinfu(rng: random.Random, spec: Spec) -> None:
    """Pinfu: closed, sequences only, a two-sided wait, a pair that is not valued."""
    close_hand(spec)
    spec.trip_rate = 0.0
    spec.kans = 0
    spec.wait = "ryanmen"
    spec.shape = "standard"
    spec.pair_kinds = tuple(k for k in ALL_KINDS if k not in valued_tiles(spec))


def r_iipeikou(rng: random.Random, spec: Spec) -> None:
    """Two identical concealed sequences, closed."""
    close_hand(spec)
    start = rng.choice(ALL_SEQS)
    spec.forced = [(SEQ, start, "hand"), (SEQ, start, "hand")]
    spec.kans = 0


def r_ryanpeikou(rng: random.Random, spec: Spec) -> None:
    """Two pairs of identical concealed sequences, closed."""
    close_hand(spec)
    a, c = rng.sample(ALL_SEQS, 2)
    spec.forced = [(SEQ, a, "hand"), (SEQ, a, "hand"), (SEQ, c, "hand"), (SEQ, c, "hand")]
    spec.kans = 0


def r_chiitoitsu(rng: random.Random, spec: Spec) -> None:
    """Seven pairs, closed."""
    close_hand(spec)
    spec.shape = "chiitoitsu"
    spec.kans = 0


def r_sanshoku(rng: random.Random, spec: Spec) -> None:
    """The same sequence in all three suits."""
    n = rng.randrange(7)
    spec.forced = [(SEQ, n, "any"), (SEQ, 9 + n, "any"), (SEQ, 18 + n, "any")]


def r_doukou(rng: random.Random, spec: Spec) -> None:
    """The same triplet in all three suits."""
    n = rng.randrange(9)
    spec.forced = [(TRIP, n, "any"), (TRIP, 9 + n, "any"), (TRIP, 18 + n, "any")]


def r_ittsu(rng: random.Random, spec: Spec) -> None:
    """1-2-3, 4-5-6 and 7-8-9 of one suit."""
    s = rng.randrange(3)
    spec.forced = [(SEQ, 9 * s, "any"), (SEQ, 9 * s + 3, "any"), (SEQ, 9 * s + 6, "any")]


def r_toitoi(rng: random.Random, spec: Spec) -> None:
    """Triplets only (a ron hand also calls some)."""
    spec.trip_rate = 1.0
    spec.forced = []
    spec.policy = ANY
    if spec.open_melds == 0 and not spec.tsumo:
        spec.open_melds = rng.choice((1, 2, 3))


def r_sanankou(rng: random.Random, spec: Spec) -> None:
    """Three concealed triplets."""
    picks = rng.sample(ALL_KINDS, 3)
    spec.forced = [(TRIP, k, "hand") for k in picks]
    spec.trip_rate = 0.0
    if not spec.tsumo:
        spec.wait = rng.choice(("ryanmen", "kanchan", "tanki"))
    spec.open_melds = min(spec.open_melds, 1)


def r_suuankou(rng: random.Random, spec: Spec) -> None:
    """Four concealed triplets, won by tsumo on the shanpon wait."""
    close_hand(spec)
    spec.forced = [(TRIP, k, "hand") for k in rng.sample(ALL_KINDS, 4)]
    spec.tsumo = True
    spec.wait = "shanpon"


def r_suuankou_tanki(rng: random.Random, spec: Spec) -> None:
    """Four concealed triplets, won on the pair wait."""
    close_hand(spec)
    spec.forced = [(TRIP, k, "hand") for k in rng.sample(ALL_KINDS, 4)]
    spec.wait = "tanki"


def r_kans(n: int) -> Recipe:
    """``n`` kans (3: sankantsu, 4: suukantsu)."""
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.forced = [(TRIP, k, "hand") for k in rng.sample(ALL_KINDS, n)]
        spec.kans = n
        spec.trip_rate = 0.0
        spec.policy = ANY
        if n == 4:
            spec.wait = "tanki"

    return recipe


def r_kan(how: str, group: tuple[int, ...]) -> Recipe:
    """One kan of a tile of ``group``, made ``how`` (ankan, minkan, shouminkan)."""
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


def r_shousangen(rng: random.Random, spec: Spec) -> None:
    """Two dragon triplets and the third dragon as the pair."""
    a, c, p = rng.sample(DRAGONS, 3)
    spec.forced = [(TRIP, a, "any"), (TRIP, c, "any")]
    spec.pair = p


def r_daisangen(rng: random.Random, spec: Spec) -> None:
    """Three dragon triplets."""
    spec.forced = [(TRIP, d, "any") for d in DRAGONS]


def r_policy(
    policy: Policy | Callable[[random.Random], Policy],
    trip_rate: float | None = None,
    closed: bool = False,
) -> Recipe:
    """Only tiles of a policy (a fixed one, or one drawn), maybe closed."""
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.policy = policy(rng) if callable(policy) else policy
        spec.forced = []
        spec.pair = None
        spec.pair_kinds = None
        if trip_rate is not None:
            spec.trip_rate = trip_rate
        if closed:
            close_hand(spec)

    return recipe


def r_shousuushii(rng: random.Random, spec: Spec) -> None:
    """Three wind triplets and the fourth wind as the pair."""
    winds = list(WIND_TILES)
    rng.shuffle(winds)
    spec.forced = [(TRIP, w, "any") for w in winds[:3]]
    spec.pair = winds[3]


def r_daisuushii(rng: random.Random, spec: Spec) -> None:
    """Four wind triplets."""
    spec.forced = [(TRIP, w, "any") for w in WIND_TILES]


def r_shape(shape: str) -> Recipe:
    """A special closed shape: kokushi, kokushi_13, chuuren or junsei."""
    def recipe(rng: random.Random, spec: Spec) -> None:
        close_hand(spec)
        spec.shape = shape
        spec.kans = 0

    return recipe


def r_flag(flag: str) -> Recipe:
    """A situational yaku: riichi, ippatsu, menzen tsumo, rinshan, haitei, tenhou..."""
    def recipe(rng: random.Random, spec: Spec) -> None:
        if flag in ("riichi", "ippatsu", "double_riichi"):
            close_hand(spec)
            spec.riichi = True
            spec.ura = True
            spec.sticks = max(spec.sticks, 1)
            if flag != "riichi":
                spec.flags.add(flag)
        elif flag == "menzen_tsumo":
            close_hand(spec)
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
            close_hand(spec)
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


def r_dealer(dealer: bool) -> Recipe:
    """The winner is the dealer, or not."""
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.seat = "E" if dealer else rng.choice("SWN")

    return recipe


def r_tsumo(tsumo: bool) -> Recipe:
    """Won by tsumo, or by ron (flags that need the other way are dropped)."""
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.tsumo = tsumo
        spec.flags -= {"haitei", "houtei", "chankan", "rinshan"}

    return recipe


def r_open(open_hand: bool) -> Recipe:
    """An open hand (with a yaku to stand on), or a closed one."""
    def recipe(rng: random.Random, spec: Spec) -> None:
        if open_hand:
            spec.open_melds = max(1, spec.open_melds)
            spec.riichi = False
            spec.ura = False
            spec.flags -= {"ippatsu", "double_riichi"}
            if not spec.forced and spec.policy is ANY:
                open_style(rng, spec, rng.choice(("yakuhai", "tanyao")))
        else:
            close_hand(spec)

    return recipe


def r_many(*recipes: Recipe) -> Recipe:
    """Several recipes applied in turn."""
    def recipe(rng: random.Random, spec: Spec) -> None:
        for r in recipes:
            r(rng, spec)

    return recipe


def r_wait(wait: str) -> Recipe:
    """The winning tile completes this wait."""
    def recipe(rng: random.Random, spec: Spec) -> None:
        spec.shape = "standard"
        spec.wait = wait
        if wait == "shanpon":
            spec.trip_rate = max(spec.trip_rate, 0.35)

    return recipe


def r_several_readings(rng: random.Random, spec: Spec) -> None:
    """Two touching concealed sequences: a hand that can be read several ways."""
    s = rng.randrange(3)
    n = rng.randrange(5)
    a = 9 * s + n
    spec.forced = [(SEQ, a, "hand"), (SEQ, a + rng.choice((1, 2, 3)), "hand")]
    spec.shape = "standard"
    spec.wait = None


def r_ron_triplet(rng: random.Random, spec: Spec) -> None:
    """A triplet completed by ron (counted as open for fu)."""
    spec.tsumo = False
    spec.wait = "shanpon"
    spec.trip_rate = max(spec.trip_rate, 0.3)
    spec.flags -= {"haitei", "rinshan"}


def r_trip(open_state: bool, quad: bool, terminals: bool) -> Recipe:
    """A triplet or quad, open or closed, of simples or of terminals and honours."""
    group = TERMINALS_HONORS if terminals else SIMPLES

    def recipe(rng: random.Random, spec: Spec) -> None:
        tile = rng.choice(group)
        spec.shape = "standard"
        if quad:
            spec.forced = [(TRIP, tile, "hand")]
            spec.kans = 1
            spec.kan_how = rng.choice(("minkan", "shouminkan")) if open_state else "ankan"
            if open_state and spec.open_melds == 0:
                r_open(True)(rng, spec)
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


def r_pair(kind: str) -> Recipe:
    """A valued pair: a dragon, the seat wind, the round wind, or both winds at once."""
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


def r_limit(han_boost: int) -> Recipe:
    """Enough han for a limit hand about ``han_boost`` han above the usual."""
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
            close_hand(spec)
            spec.riichi = True
            spec.ura = True
            spec.sticks = max(spec.sticks, 1)
        spec.indicators = max(spec.indicators, 1 + (han_boost >= 6))
        spec.dora_hits = min(spec.indicators, rng.randint(0, max(1, han_boost // 3)))
        spec.red = 2.0

    return recipe


def r_high_fu(rng: random.Random, spec: Spec) -> None:
    """Closed, terminal or honour triplets, a closed wait: fu high enough for mangan."""
    close_hand(spec)
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


def r_kiriage(rng: random.Random, spec: Spec) -> None:
    """Around 4 han 30 fu / 3 han 60 fu, under rules with and without kiriage mangan."""
    if rng.random() < 0.5:
        close_hand(spec)
        spec.tsumo = True
        spec.riichi = rng.random() < 0.7
    spec.dora_hits = rng.randint(1, 2)
    spec.indicators = max(spec.indicators, spec.dora_hits)
    spec.red = 2.0
    spec.rules = rng.choice(("tenhou", "wrc", "mleague", "tenhou"))


def r_kazoe(rng: random.Random, spec: Spec) -> None:
    """Thirteen han or more without a yakuman, under rules with and without kazoe."""
    close_hand(spec)
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


def r_stacking(rng: random.Random, spec: Spec) -> None:
    """Two yakuman in one hand, under rules that stack them or not."""
    if rng.random() < 0.5:
        # tsuuiisou with daisangen or a wind yakuman
        r_policy(TSUUIISOU, 1.0)(rng, spec)
        spec.forced = [(TRIP, d, "any") for d in rng.sample(DRAGONS, 3)][: rng.choice((2, 3))]
    else:
        r_suuankou(rng, spec)
        spec.forced = [(TRIP, d, "hand") for d in DRAGONS] + [
            (TRIP, rng.choice(ALL_KINDS[:27]), "hand")
        ]
    spec.rules = rng.choice(("tenhou", "mahjongsoul", "wrc", "ema"))


def r_yakuhai_pair_no_pinfu(rng: random.Random, spec: Spec) -> None:
    """A pinfu shape whose pair is valued, so it is not pinfu."""
    close_hand(spec)
    spec.trip_rate = 0.0
    spec.wait = "ryanmen"
    spec.kans = 0
    spec.shape = "standard"
    spec.pair = rng.choice(valued_tiles(spec))
    spec.riichi = True
    spec.ura = True


def r_ura_trap(rng: random.Random, spec: Spec) -> None:
    """Ura indicators without riichi (they must not count)."""
    spec.riichi = False
    spec.flags -= {"ippatsu", "double_riichi"}
    spec.ura = True


def r_kuisagari(rng: random.Random, spec: Spec) -> None:
    """An open hand with a yaku worth one han less open."""
    r_open(True)(rng, spec)
    style = rng.choice(("honitsu", "chanta", "ittsu", "sanshoku"))
    spec.forced = []
    spec.policy = ANY
    open_style(rng, spec, style)


def r_dora(kind: str) -> Recipe:
    """Dora of a kind: ``dora``, ``ura_dora``, ``aka_dora``, ``kan_dora`` or ``wrap``."""
    def recipe(rng: random.Random, spec: Spec) -> None:
        if kind == "dora":
            spec.dora_hits = 1
        elif kind == "ura_dora":
            close_hand(spec)
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


def r_honba(rng: random.Random, spec: Spec) -> None:
    """One to five honba."""
    spec.honba = rng.randint(1, 5)


def r_sticks(rng: random.Random, spec: Spec) -> None:
    """Riichi sticks on the table."""
    spec.sticks = max(spec.sticks, rng.randint(1, 3))


def r_multi_yakuman(multiple: int) -> Recipe:
    """Tsuuiisou with other yakuman: ``multiple`` yakuman in one hand."""
    def recipe(rng: random.Random, spec: Spec) -> None:
        close_hand(spec)
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
