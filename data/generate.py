"""A seeded generator of practice hands that look like real play.

The generator only *builds candidates*: four sets and a pair (or seven pairs,
thirteen orphans, nine gates) with melds, a winning tile and a situation.
``scoring`` decides whether a candidate is a legal win and what it is worth;
candidates it refuses (most often: no yaku) are dropped, as real hands without
a yaku are never won. What each hand teaches is computed from the scored
result (:func:`data.topics.topics_of`).

Plain hands follow the shape of real Tenhou wins (7,972 wins of real games:
about 47% open, 40% tsumo, 40% riichi, 43% with a red five, 4% with a kan;
fu 30 for 58%, 40 for 27%, 20 for 9%, 25 for 3%), with realistic winds,
honba, riichi sticks, dora and situational flags. A hand can also be asked
for a topic (any id of :mod:`data.topics`: a yaku, a fu item, a wait, a limit,
a rule boundary, ``pay:dealer_tsumo_honba``...) and a difficulty, and a
*sibling* of a hand can be made: a different hand exercising the same topics.

>>> g = HandGenerator(seed=1)
>>> a = g.hand()
>>> a.problem == HandGenerator(seed=1).hand().problem
True
>>> "yaku:sankantsu" in g.for_topic("yaku:sankantsu").topics
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .errors import GeneratorError, UnknownTopicError
from .items import PreparedItem, prepare_item, problem_uid
from .records import ItemKind, Problem
from .topics import Family, check_topic, family_of, get_topic

if TYPE_CHECKING:
    from scoring import Result

SEQ, TRIP, QUAD = 0, 1, 2
WINDS = "ESWN"
DRAGONS = (31, 32, 33)
WIND_TILES = (27, 28, 29, 30)
HONORS = tuple(range(27, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_HONORS = TERMINALS + HONORS
SIMPLES = tuple(i for i in range(27) if i % 9 not in (0, 8))
GREEN = (19, 20, 21, 23, 25, 32)
ALL_KINDS = tuple(range(34))
ALL_SEQS = tuple(9 * s + n for s in range(3) for n in range(7))

# --------------------------------------------------------------------------- realistic rates
# From 7,972 wins of real Tenhou games (see the module docstring).
P_OPEN = 0.462
P_RIICHI_CLOSED = 0.75
P_TSUMO_CLOSED = 0.45
P_TSUMO_OPEN = 0.35
P_CHIITOITSU_CLOSED = 0.045
P_KAN = 0.045
P_SANSHOKU_CLOSED = 0.05
P_ITTSU_CLOSED = 0.012
P_SEQ_OVERLAP_KEEP = 0.22
P_SEQ_SAME_KEEP = 0.3
P_HONOR_PAIR = 0.13
P_OTHER_KAN_DORA = 0.033
P_IPPATSU = 0.18
P_DOUBLE_RIICHI = 0.005
P_HAITEI = 0.012
P_HOUTEI = 0.011
P_RINSHAN_KAN_TSUMO = 0.3
P_CHANKAN = 0.0015
P_DORA_BIAS = 0.17
RED_KEEP = 1.25
ROUND_WEIGHTS = (("E", 0.566), ("S", 0.427), ("W", 0.007))
SEAT_WEIGHTS = (("E", 0.278), ("S", 0.247), ("W", 0.247), ("N", 0.228))
HONBA_WEIGHTS = ((0, 0.634), (1, 0.232), (2, 0.086), (3, 0.031), (4, 0.011), (5, 0.004), (6, 0.002))
OTHER_STICKS = ((0, 0.68), (1, 0.26), (2, 0.055), (3, 0.005))
OPEN_MELDS = ((1, 0.54), (2, 0.36), (3, 0.095), (4, 0.005))
OPEN_STYLES = (
    ("yakuhai", 0.55),
    ("tanyao", 0.31),
    ("honitsu", 0.08),
    ("toitoi", 0.03),
    ("chanta", 0.01),
    ("ittsu", 0.01),
    ("sanshoku", 0.01),
)
WAIT_WEIGHTS = {"ryanmen": 0.56, "kanchan": 0.17, "penchan": 0.05, "shanpon": 0.5, "tanki": 0.06}


def _weighted(rng: random.Random, pairs: Sequence[tuple[Any, float]]) -> Any:
    x = rng.random() * sum(w for _, w in pairs)
    for value, w in pairs:
        x -= w
        if x <= 0:
            return value
    return pairs[-1][0]


# --------------------------------------------------------------------------- tile policies


@dataclass(frozen=True, slots=True)
class Policy:
    """Which tiles a hand may be built from: sequence starts, triplet and pair kinds."""

    seqs: tuple[int, ...]
    trips: tuple[int, ...]
    pairs: tuple[int, ...]


def _suit(s: int) -> tuple[int, ...]:
    return tuple(range(9 * s, 9 * s + 9))


ANY = Policy(ALL_SEQS, ALL_KINDS, ALL_KINDS)
TANYAO = Policy(tuple(x for x in ALL_SEQS if x % 9 in range(1, 6)), SIMPLES, SIMPLES)
CHANTA = Policy(tuple(x for x in ALL_SEQS if x % 9 in (0, 6)), TERMINALS_HONORS, TERMINALS_HONORS)
JUNCHAN = Policy(CHANTA.seqs, TERMINALS, TERMINALS)
HONROUTOU = Policy((), TERMINALS_HONORS, TERMINALS_HONORS)
CHINROUTOU = Policy((), TERMINALS, TERMINALS)
TSUUIISOU = Policy((), HONORS, HONORS)
RYUUIISOU = Policy((19,), GREEN, GREEN)


def one_suit(s: int, honors: bool) -> Policy:
    """Tiles of one suit (and the honours, for honitsu)."""
    kinds = _suit(s) + (HONORS if honors else ())
    return Policy(tuple(9 * s + n for n in range(7)), kinds, kinds)


# --------------------------------------------------------------------------- specs


@dataclass(slots=True)
class Spec:
    """What one candidate hand should look like; the builder fills in the rest.

    Attributes:
        open_melds: how many sets are called (chi, pon or an open kan).
        tsumo, riichi, seat, round: the situation.
        shape: ``standard``, ``chiitoitsu``, ``kokushi``, ``kokushi_13``,
            ``chuuren`` or ``junsei``.
        policy: which tiles the sets and the pair may use.
        trip_rate: chance that a free set is a triplet rather than a sequence.
        forced: sets that must be there: (kind, first tile, how) where how is
            ``hand`` (concealed), ``open`` (called), ``ankan``, ``minkan``,
            ``shouminkan`` or ``any``.
        pair: the pair's tile kind, or None for any.
        pair_kinds: allowed pair kinds when ``pair`` is None (default: the policy's).
        wait: the wait the winning tile should complete, or None for realistic odds.
        kans: how many free triplets to turn into kans.
        flags: situational flags to set (``ippatsu``, ``haitei``...).
        honba, sticks: counters and riichi sticks.
        indicators: how many dora indicators (kans in the hand add one each).
        dora_hits: dora indicators that must point at a tile in the hand.
        ura: give ura indicators (also without riichi, for the trap).
        red: chance multiplier for red fives (0 for none, 9 for always).
        rules: the rule profile.
    """

    open_melds: int = 0
    tsumo: bool = False
    riichi: bool = False
    seat: str = "S"
    round: str = "E"
    shape: str = "standard"
    policy: Policy = ANY
    trip_rate: float = 0.12
    forced: list[tuple[int, int, str]] = field(default_factory=list)
    pair: int | None = None
    pair_kinds: tuple[int, ...] | None = None
    wait: str | None = None
    kans: int = 0
    kan_how: str | None = None
    flags: set[str] = field(default_factory=set)
    honba: int = 0
    sticks: int = 0
    indicators: int = 1
    dora_hits: int = 0
    ura: bool = False
    red: float = 1.0
    rules: str = "tenhou"


def realistic_spec(rng: random.Random, rules: str = "tenhou") -> Spec:
    """A spec drawn with the odds of real play."""
    spec = Spec(rules=rules)
    spec.round = _weighted(rng, ROUND_WEIGHTS)
    spec.seat = _weighted(rng, SEAT_WEIGHTS)
    spec.honba = _weighted(rng, HONBA_WEIGHTS)
    if rng.random() < P_OPEN:
        spec.open_melds = _weighted(rng, OPEN_MELDS)
        spec.tsumo = rng.random() < P_TSUMO_OPEN
        spec.trip_rate = 0.2
        style = _weighted(rng, OPEN_STYLES)
        _open_style(rng, spec, style)
    else:
        spec.riichi = rng.random() < P_RIICHI_CLOSED
        spec.tsumo = rng.random() < P_TSUMO_CLOSED
        spec.trip_rate = 0.1
        if rng.random() < P_CHIITOITSU_CLOSED:
            spec.shape = "chiitoitsu"
        elif rng.random() < P_SANSHOKU_CLOSED:
            _open_style(rng, spec, "sanshoku")
        elif rng.random() < P_ITTSU_CLOSED:
            _open_style(rng, spec, "ittsu")
        elif not spec.riichi and not spec.tsumo and rng.random() < 0.5:
            # a closed hand without riichi is usually kept for a cheap sure yaku
            if rng.random() < 0.55:
                spec.policy = TANYAO
            else:
                spec.trip_rate = 0.0
                spec.wait = "ryanmen"
        if spec.riichi:
            if rng.random() < P_IPPATSU:
                spec.flags.add("ippatsu")
            if rng.random() < P_DOUBLE_RIICHI:
                spec.flags.add("double_riichi")
    spec.sticks = int(spec.riichi) + _weighted(rng, OTHER_STICKS)
    if spec.shape == "standard" and rng.random() < P_KAN:
        spec.kans = 1
    if rng.random() < P_OTHER_KAN_DORA:
        spec.indicators += 1
    if rng.random() < P_DORA_BIAS:
        spec.dora_hits = 1
    spec.ura = spec.riichi
    if spec.tsumo:
        if rng.random() < P_HAITEI:
            spec.flags.add("haitei")
    elif rng.random() < P_HOUTEI:
        spec.flags.add("houtei")
    elif rng.random() < P_CHANKAN:
        spec.flags.add("chankan")
        spec.wait = "ryanmen"
    return spec


def _valued_tiles(spec: Spec) -> tuple[int, ...]:
    return (*DRAGONS, 27 + WINDS.index(spec.seat), 27 + WINDS.index(spec.round))


def _open_style(rng: random.Random, spec: Spec, style: str) -> None:
    if style == "yakuhai":
        if rng.random() < 0.6:
            tile = rng.choice(DRAGONS)
        else:
            tile = 27 + WINDS.index(rng.choice((spec.seat, spec.round)))
        spec.forced.append((TRIP, tile, "open" if rng.random() < 0.75 else "hand"))
    elif style == "tanyao":
        spec.policy = TANYAO
    elif style == "honitsu":
        spec.policy = one_suit(rng.randrange(3), True)
        spec.trip_rate = 0.4
        if rng.random() < 0.5:
            spec.pair_kinds = HONORS
        else:
            spec.forced.append((TRIP, rng.choice(HONORS), "any"))
    elif style == "toitoi":
        spec.trip_rate = 1.0
        spec.open_melds = max(spec.open_melds, 2)
    elif style == "chanta":
        spec.policy = CHANTA
    elif style == "ittsu":
        s = rng.randrange(3)
        spec.forced += [(SEQ, 9 * s, "any"), (SEQ, 9 * s + 3, "any"), (SEQ, 9 * s + 6, "any")]
    elif style == "sanshoku":
        n = rng.randrange(7)
        spec.forced += [(SEQ, n, "any"), (SEQ, 9 + n, "any"), (SEQ, 18 + n, "any")]


# --------------------------------------------------------------------------- building


@dataclass(slots=True)
class _Set:
    kind: int
    first: int
    how: str  # hand, chi, pon, minkan, shouminkan, ankan

    def kinds(self) -> list[int]:
        if self.kind == SEQ:
            return [self.first, self.first + 1, self.first + 2]
        return [self.first] * (4 if self.kind == QUAD else 3)

    @property
    def melded(self) -> bool:
        return self.how != "hand"


class _Build:
    """Tiles in use while one candidate is assembled (at most four of a kind)."""

    def __init__(self) -> None:
        self.used = [0] * 34
        self.sets: list[_Set] = []
        self.pair: int | None = None
        self.extra: list[int] = []  # kokushi / chuuren concealed tiles

    def fits(self, kinds: Iterable[int]) -> bool:
        need = [0] * 34
        for k in kinds:
            need[k] += 1
            if self.used[k] + need[k] > 4:
                return False
        return True

    def take(self, kinds: Iterable[int]) -> None:
        for k in kinds:
            self.used[k] += 1

    def add_set(self, s: _Set) -> bool:
        kinds = s.kinds()
        if not self.fits(kinds):
            return False
        self.take(kinds)
        self.sets.append(s)
        return True

    def add_pair(self, kind: int) -> bool:
        if not self.fits((kind, kind)):
            return False
        self.take((kind, kind))
        self.pair = kind
        return True


class _Reject(Exception):
    """This candidate cannot be assembled; try another."""


def _keep_set(rng: random.Random, b: _Build, s: _Set) -> bool:
    """Real hands hold fewer touching or identical sets than random draws.

    A set whose tiles touch another concealed set of the same suit (and so
    could be read another way) is kept only now and then.
    """
    if s.first >= 27:
        return True
    lo, hi = s.first, s.first + (2 if s.kind == SEQ else 0)
    for other in b.sets:
        if other.first // 9 != s.first // 9 or other.first >= 27:
            continue
        if other.kind == SEQ and s.kind == SEQ and other.first == s.first:
            return rng.random() < P_SEQ_SAME_KEEP
        olo, ohi = other.first, other.first + (2 if other.kind == SEQ else 0)
        if lo <= ohi + 1 and olo <= hi + 1:
            return rng.random() < P_SEQ_OVERLAP_KEEP
    return True


def _pick_pair(rng: random.Random, kinds: Sequence[int], b: _Build) -> int:
    honors = [k for k in kinds if k >= 27]
    suited = [k for k in kinds if k < 27]
    if honors and (not suited or rng.random() < P_HONOR_PAIR):
        return rng.choice(honors)
    for _ in range(4):
        k = rng.choice(suited)
        if _keep_set(rng, b, _Set(TRIP, k, "hand")):
            return k
    return k


def _build_sets(rng: random.Random, spec: Spec, b: _Build) -> None:
    for kind, first, how in spec.forced:
        if how == "any":
            how = "hand"
        elif how == "open":
            how = "chi" if kind == SEQ else "pon"
        if not b.add_set(_Set(kind, first, how)):
            raise _Reject
    pol = spec.policy
    while len(b.sets) < 4:
        for _ in range(12):
            trip = rng.random() < spec.trip_rate if pol.seqs else True
            if trip and not pol.trips:
                trip = False
            s = (
                _Set(TRIP, rng.choice(pol.trips), "hand")
                if trip
                else _Set(SEQ, rng.choice(pol.seqs), "hand")
            )
            if not _keep_set(rng, b, s):
                continue
            if b.add_set(s):
                break
        else:
            raise _Reject
    if spec.pair is not None:
        if not b.add_pair(spec.pair):
            raise _Reject
    else:
        kinds = spec.pair_kinds or pol.pairs
        for _ in range(12):
            if b.add_pair(_pick_pair(rng, kinds, b)):
                break
        else:
            raise _Reject


def _make_kans(rng: random.Random, spec: Spec, b: _Build, open_hand: bool) -> None:
    for _ in range(spec.kans):
        trips = [s for s in b.sets if s.kind == TRIP and s.how in ("hand", "pon")]
        if not trips:
            firsts = [k for k in spec.policy.trips if b.fits((k,) * 4)]
            seqs = [s for s in b.sets if s.kind == SEQ and s.how == "hand"]
            if not firsts or not seqs:
                raise _Reject
            victim = rng.choice(seqs)
            b.sets.remove(victim)
            for k in victim.kinds():
                b.used[k] -= 1
            s = _Set(TRIP, rng.choice(firsts), "hand")
            if not b.add_set(s):
                raise _Reject
            trips = [s]
        s = rng.choice(trips)
        if not b.fits((s.first,)):
            raise _Reject
        b.take((s.first,))
        s.kind = QUAD
        if spec.kan_how:
            s.how = spec.kan_how
        elif open_hand or s.how == "pon":
            s.how = "shouminkan" if rng.random() < 0.85 else "minkan"
        else:
            s.how = "ankan"


def _open_sets(rng: random.Random, spec: Spec, b: _Build) -> None:
    need = spec.open_melds - sum(
        1 for s in b.sets if s.how in ("chi", "pon", "minkan", "shouminkan")
    )
    free = [s for s in b.sets if s.how == "hand"]
    rng.shuffle(free)
    # calls are mostly pons: prefer triplets
    if rng.random() < 0.7:
        free.sort(key=lambda s: 0 if s.kind == TRIP else 1)
    for s in free:
        if need <= 0:
            break
        if (
            s.kind == SEQ
            and rng.random() < 0.25
            and any(x.kind == TRIP and x.how == "hand" for x in free)
        ):
            continue
        s.how = "chi" if s.kind == SEQ else "pon"
        need -= 1
    if need > 0:
        for s in free:
            if need <= 0:
                break
            if s.how == "hand":
                s.how = "chi" if s.kind == SEQ else "pon"
                need -= 1


def _choose_win(rng: random.Random, spec: Spec, b: _Build) -> int:
    """The winning tile's kind, from a concealed set or the pair, for the wanted wait."""
    options: dict[str, list[int]] = {k: [] for k in WAIT_WEIGHTS}
    for s in b.sets:
        if s.how != "hand":
            continue
        if s.kind == TRIP:
            options["shanpon"].append(s.first)
            continue
        number = s.first % 9 + 1
        options["kanchan"].append(s.first + 1)
        if number == 7:
            options["penchan"].append(s.first)
            options["ryanmen"].append(s.first + 2)
        elif number == 1:
            options["penchan"].append(s.first + 2)
            options["ryanmen"].append(s.first)
        else:
            options["ryanmen"] += [s.first, s.first + 2]
    if b.pair is not None:
        options["tanki"].append(b.pair)
    if spec.wait is not None:
        if not options.get(spec.wait):
            raise _Reject
        return rng.choice(options[spec.wait])
    choices = [(k, w) for k, w in WAIT_WEIGHTS.items() if options[k]]
    if not choices:
        raise _Reject
    return rng.choice(options[_weighted(rng, choices)])


def _special_shape(rng: random.Random, spec: Spec, b: _Build) -> int:
    """Kokushi, chuuren or chiitoitsu tiles into ``b.extra``; returns the winning kind."""
    if spec.shape.startswith("kokushi"):
        double = rng.choice(TERMINALS_HONORS)
        b.extra = [*TERMINALS_HONORS, double]
        b.take(b.extra)
        if spec.shape == "kokushi_13":
            return double
        return rng.choice([k for k in TERMINALS_HONORS if k != double])
    if spec.shape in ("chuuren", "junsei"):
        s = rng.randrange(3)
        base = [9 * s] * 3 + [9 * s + n for n in range(1, 8)] + [9 * s + 8] * 3
        extra = 9 * s + rng.randrange(9)
        b.extra = [*base, extra]
        b.take(b.extra)
        if spec.shape == "junsei":
            return extra
        others = sorted({k for k in base if k != extra})
        return rng.choice(others)
    # chiitoitsu
    kinds = list(spec.policy.pairs)
    rng.shuffle(kinds)
    chosen: list[int] = [spec.pair] if spec.pair is not None else []
    for k in kinds:
        if len(chosen) == 7:
            break
        if k not in chosen:
            chosen.append(k)
    if len(chosen) < 7:
        raise _Reject
    for k in chosen:
        b.extra += [k, k]
    b.take(b.extra)
    return rng.choice(chosen)


def _tiles_text(kinds: Sequence[int], red: set[int] | None = None) -> list[str]:
    out = []
    for i, k in enumerate(kinds):
        suit = "mpsz"[k // 9]
        n = k % 9 + 1
        out.append(f"{0 if red and i in red else n}{suit}")
    return out


def _fmt(tiles: Sequence[str]) -> str:
    from scoring.tiles import format_tiles, parse_tiles

    return format_tiles(parse_tiles("".join(tiles)))


_INDICATOR_OF: dict[int, int] = {}
for _k in range(34):
    if _k < 27:
        _INDICATOR_OF[_k] = _k - _k % 9 + (_k % 9 - 1) % 9
    elif _k <= 30:
        _INDICATOR_OF[_k] = 27 + (_k - 27 - 1) % 4
    else:
        _INDICATOR_OF[_k] = 31 + (_k - 31 - 1) % 3


def _pick_indicator(rng: random.Random, b: _Build, held: Sequence[int], hit: bool) -> int:
    if hit:
        kinds = list(dict.fromkeys(held))
        rng.shuffle(kinds)
        for k in kinds:
            ind = _INDICATOR_OF[k]
            if b.used[ind] < 4:
                b.used[ind] += 1
                return ind
    weights = [(k, 4 - b.used[k]) for k in range(34) if b.used[k] < 4]
    ind = _weighted(rng, weights)
    b.used[ind] += 1
    return int(ind)


def build_problem(rng: random.Random, spec: Spec) -> Problem:
    """Assemble one candidate problem from a spec (not yet scored).

    Raises:
        _Reject: when the spec cannot be met with these random choices.
    """
    from scoring.rules import get_profile

    b = _Build()
    open_hand = spec.open_melds > 0
    if spec.shape != "standard":
        win = _special_shape(rng, spec, b)
    else:
        _build_sets(rng, spec, b)
        if open_hand:
            _open_sets(rng, spec, b)
        if spec.kans:
            _make_kans(rng, spec, b, open_hand)
        win = _choose_win(rng, spec, b)

    # concealed tiles and melds, then red fives
    concealed: list[int] = list(b.extra)
    melds: list[tuple[str, list[int]]] = []
    for s in b.sets:
        if s.how == "hand":
            concealed += s.kinds()
        else:
            melds.append((s.how, s.kinds()))
    if b.pair is not None:
        concealed += [b.pair, b.pair]
    profile = get_profile(spec.rules)
    red_conc: set[int] = set()
    red_meld: dict[int, set[int]] = {}
    win_red = False
    if profile.red_fives and spec.red > 0:
        for five in (4, 13, 22):
            places = [("c", i) for i, k in enumerate(concealed) if k == five]
            for mi, (_how, kinds) in enumerate(melds):
                places += [("m", mi * 10 + j) for j, k in enumerate(kinds) if k == five]
            if not places:
                continue
            chance = 1.0 if len(places) == 4 else min(1.0, len(places) / 4 * RED_KEEP * spec.red)
            if rng.random() < chance:
                where, pos = rng.choice(places)
                if where == "c":
                    red_conc.add(pos)
                    if five == win and rng.random() < 1 / sum(1 for k in concealed if k == five):
                        win_red = True
                else:
                    red_meld.setdefault(pos // 10, set()).add(pos % 10)
        # the winning tile can only be red if a red copy is in the hand
        if win_red and not any(concealed[i] == win for i in red_conc):
            win_red = False

    hand_text = _fmt(_tiles_text(concealed, red_conc))
    win_text = f"{0 if win_red else win % 9 + 1}{'mpsz'[win // 9]}"
    meld_texts = [
        f"{how} {_fmt(_tiles_text(kinds, red_meld.get(mi)))}"
        for mi, (how, kinds) in enumerate(melds)
    ]

    held = concealed + [k for _h, kinds in melds for k in kinds]
    kans = sum(1 for s in b.sets if s.kind == QUAD)
    n_ind = spec.indicators + kans
    dora = [_pick_indicator(rng, b, held, i < spec.dora_hits) for i in range(n_ind)]
    ura = [_pick_indicator(rng, b, held, False) for _ in range(n_ind)] if spec.ura else []

    flags = set(spec.flags)
    if spec.riichi and "double_riichi" not in flags:
        flags.add("riichi")
    if "rinshan" not in flags and kans and spec.tsumo and rng.random() < P_RINSHAN_KAN_TSUMO:
        flags.add("rinshan")
    if "rinshan" in flags:
        flags.discard("ippatsu")
        flags.discard("haitei")
    return Problem(
        hand=hand_text,
        win=win_text,
        melds=tuple(meld_texts),
        tsumo=spec.tsumo,
        round=spec.round,
        seat=spec.seat,
        dora="".join(_tiles_text(dora)),
        ura="".join(_tiles_text(ura)),
        honba=spec.honba,
        sticks=spec.sticks,
        rules=spec.rules,
        **{f: True for f in flags},
    )


# --------------------------------------------------------------------------- topic recipes

Recipe = Callable[[random.Random, Spec], None]


def _closed(spec: Spec) -> None:
    spec.open_melds = 0
    spec.kan_how = spec.kan_how if spec.kan_how != "minkan" else None


def _set_wind(spec: Spec, seat: str | None = None, round: str | None = None) -> None:
    if seat:
        spec.seat = seat
    if round:
        spec.round = round


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
    spec.pair_kinds = tuple(k for k in ALL_KINDS if k not in _valued_tiles(spec))


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
                _open_style(rng, spec, rng.choice(("yakuhai", "tanyao")))
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
    spec.pair = rng.choice(_valued_tiles(spec))
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
    _open_style(rng, spec, style)


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
            plain = tuple(k for k in TERMINALS_HONORS if k not in _valued_tiles(spec))
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


# --------------------------------------------------------------------------- the generator


@dataclass(frozen=True, slots=True)
class Generated:
    """A generated hand that scoring accepted.

    Attributes:
        problem: the hand and situation.
        result: the scoring result.
        topics: every topic it exercises.
        focus: the topics it was made for (or its notable topics for a plain hand).
        difficulty: 1 to 5.
        source: how it was made (generator, seed, topic).
    """

    problem: Problem
    result: Result
    topics: frozenset[str]
    focus: tuple[str, ...]
    difficulty: int
    source: str

    def prepared(self) -> PreparedItem:
        """The item ready to store in the bank."""
        return prepare_item(
            self.problem,
            uid=problem_uid(self.problem),
            origin="generator",
            kind=ItemKind.GENERATED,
            focus=self.focus,
            difficulty=self.difficulty,
            source=self.source,
            result=self.result,
        )


#: Topics that say little about a hand on their own (left out of a plain hand's focus).
_PLAIN = frozenset(
    (
        "fu:closed_ron",
        "fu:tsumo",
        "fu:rounding",
        "hand:open",
        "hand:closed",
        "win:dealer",
        "win:non_dealer",
        "win:ron",
        "win:tsumo",
        "pay:dealer_ron",
        "pay:non_dealer_ron",
        "pay:dealer_tsumo",
        "pay:non_dealer_tsumo",
        "wait:ryanmen",
    )
)


def notable_topics(topics: Iterable[str]) -> tuple[str, ...]:
    """The topics worth naming as what a hand teaches (yaku, fu details, traps...)."""
    from .topics import sort_topics

    return sort_topics(
        t for t in topics if t not in _PLAIN and not t.startswith(("cell:", "dora:"))
    )


class HandGenerator:
    """Makes practice hands: realistic ones, ones for a topic, and siblings.

    Args:
        seed: the random seed (the same seed gives the same hands).
        rules: the default rule profile (a topic may need another, e.g. renhou).
        max_tries: candidates tried for one hand before giving up.
    """

    def __init__(self, seed: int | None = 0, *, rules: str = "tenhou", max_tries: int = 4000):
        from scoring.rules import get_profile

        get_profile(rules)
        self.seed = seed
        self.rules = rules
        self.rng = random.Random(seed)
        self.max_tries = max_tries
        self.tried = 0

    # -- scoring candidates

    def _score(self, problem: Problem) -> Result | None:
        from scoring import parse_record, score
        from scoring.errors import ScoringError

        self.tried += 1
        try:
            return score(parse_record(problem.to_record()))
        except ScoringError:
            return None

    def _candidate(self, spec_of: Callable[[random.Random], Spec]) -> tuple[Problem, Result]:
        for _ in range(self.max_tries):
            spec = spec_of(self.rng)
            try:
                problem = build_problem(self.rng, spec)
            except _Reject:
                continue
            result = self._score(problem)
            if result is not None:
                return problem, result
        raise GeneratorError("could not build a legal hand")  # pragma: no cover

    def _make(
        self, problem: Problem, result: Result, focus: tuple[str, ...] | None, source: str
    ) -> Generated:
        from .items import difficulty_of
        from .topics import topics_of

        topics = topics_of(result)
        return Generated(
            problem,
            result,
            topics,
            focus if focus is not None else notable_topics(topics),
            difficulty_of(result, topics),
            source,
        )

    # -- public

    def hand(self, *, difficulty: int | None = None) -> Generated:
        """One hand with the odds of real play (optionally of a given difficulty).

        Raises:
            GeneratorError: when no hand of that difficulty was found in time.
        """
        for _ in range(self.max_tries):
            problem, result = self._candidate(lambda rng: realistic_spec(rng, self.rules))
            made = self._make(problem, result, None, f"generator seed {self.seed}")
            if difficulty is None or made.difficulty == difficulty:
                return made
        raise GeneratorError(f"no hand of difficulty {difficulty} found in {self.max_tries} tries")

    def hands(self, count: int) -> Iterator[Generated]:
        """``count`` realistic hands."""
        for _ in range(count):
            yield self.hand()

    def for_topic(self, topic: str, *, difficulty: int | None = None) -> Generated:
        """A hand that exercises a topic (and has the difficulty, when given).

        Raises:
            UnknownTopicError: for an id outside the vocabulary.
            GeneratorError: when no such hand was found in ``max_tries`` candidates.
        """
        return self.for_topics((topic,), difficulty=difficulty)

    def for_topics(
        self, topics: Sequence[str], *, difficulty: int | None = None, max_tries: int | None = None
    ) -> Generated:
        """A hand that exercises every one of several topics.

        The recipe of the rarest topic shapes the candidates; each is scored and
        kept only when its computed topics include all of them.

        Raises:
            UnknownTopicError: for an id outside the vocabulary.
            GeneratorError: when no such hand was found in time.
        """
        wanted = tuple(dict.fromkeys(check_topic(t) for t in topics))
        if not wanted:
            return self.hand(difficulty=difficulty)
        ordered = sorted(wanted, key=_rarity)
        recipes = [recipe_for(t) for t in ordered]
        lead = recipes[0]
        budget = max_tries or self.max_tries
        rules = self.rules

        def spec_of(rng: random.Random) -> Spec:
            spec = realistic_spec(rng, rules)
            # apply the secondary recipes first, the rarest last (it wins conflicts)
            for r in reversed(recipes[1:]):
                if rng.random() < 0.8:
                    r(rng, spec)
            lead(rng, spec)
            if difficulty is not None and difficulty >= 4 and rng.random() < 0.5:
                _harder(rng, spec)
            return spec

        for _ in range(budget):
            spec = spec_of(self.rng)
            try:
                problem = build_problem(self.rng, spec)
            except _Reject:
                continue
            result = self._score(problem)
            if result is None:
                continue
            made = self._make(
                problem, result, wanted, f"generator seed {self.seed}, topic {', '.join(wanted)}"
            )
            if not set(wanted) <= made.topics:
                continue
            if difficulty is not None and made.difficulty != difficulty:
                continue
            return made
        what = " and ".join(wanted) + (f" at difficulty {difficulty}" if difficulty else "")
        raise GeneratorError(f"could not make a hand for {what} in {budget} tries")

    def sibling(
        self, problem: Problem, concepts: Iterable[str], *, fresh_tries: int = 150
    ) -> Generated:
        """A different hand that exercises the same concepts, under the same rules.

        First a fresh hand is tried (built for the concepts); failing that, the
        hand is transformed (suits swapped, numbers mirrored, dragons swapped,
        counters changed) until its tiles differ and it still exercises every
        concept.

        Raises:
            GeneratorError: when no sibling was found.
        """
        wanted = tuple(dict.fromkeys(check_topic(t) for t in concepts))
        original = self._score(problem)
        if original is None:
            raise GeneratorError("the original hand cannot be scored, so it has no sibling")
        saved = self.rules
        self.rules = problem.rules
        try:
            made = self.for_topics(wanted, max_tries=fresh_tries) if wanted else self.hand()
            if made.problem.hand != problem.hand and made.problem.rules == problem.rules:
                return replace(made, source=f"sibling ({made.source})")
        except GeneratorError:
            pass
        finally:
            self.rules = saved
        for _ in range(200):
            candidate = transform_problem(problem, self.rng)
            if candidate.hand == problem.hand and candidate.melds == problem.melds:
                continue
            result = self._score(candidate)
            if result is None:
                continue
            made = self._make(candidate, result, wanted, "sibling (transformed)")
            if set(wanted) <= made.topics:
                return made
        raise GeneratorError(f"could not make a sibling for {', '.join(wanted) or 'the hand'}")


def _harder(rng: random.Random, spec: Spec) -> None:
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


def _rarity(topic: str) -> tuple[int, int]:
    fam = family_of(topic)
    special = 0 if topic.startswith("yaku:") and topic not in _COMMON_YAKU else 1
    if fam is Family.YAKU:
        from scoring.yaku import YAKU

        if YAKU[topic.split(":", 1)[1]].yakuman:
            return (0, 0)
    return (_RARITY_ORDER.index(fam), special)


# --------------------------------------------------------------------------- siblings by transform


def _map_kind(k: int, suits: Sequence[int], mirror: bool, dragons: Sequence[int]) -> int:
    if k < 27:
        s, n = divmod(k, 9)
        return 9 * suits[s] + (8 - n if mirror else n)
    if k >= 31:
        return 31 + dragons[k - 31]
    return k


def transform_problem(problem: Problem, rng: random.Random) -> Problem:
    """The same hand with suits permuted, numbers maybe mirrored, dragons permuted.

    Dora indicators are moved so that they point at the transformed dora; the
    counters change a little (staying zero when zero).
    """
    from scoring.tiles import Tile, dora_from_indicator, format_tiles, parse_tiles

    suits = [0, 1, 2]
    rng.shuffle(suits)
    dragons = [0, 1, 2]
    rng.shuffle(dragons)
    mirror = rng.random() < 0.5

    def tile(t: Tile) -> Tile:
        return Tile(_map_kind(t.index, suits, mirror, dragons), t.red)

    def tiles(text: str, sort: bool = True) -> str:
        return format_tiles((tile(t) for t in parse_tiles(text)), sort=sort)

    def indicators(text: str) -> str:
        out = []
        for ind in parse_tiles(text):
            dora = dora_from_indicator(ind)
            out.append(Tile(_INDICATOR_OF[_map_kind(dora.index, suits, mirror, dragons)]))
        return format_tiles(out, sort=False)

    melds = tuple(f"{m.split()[0]} {tiles(m.split()[1])}" for m in problem.melds)
    honba = problem.honba and max(1, problem.honba + rng.choice((-1, 0, 1)))
    sticks = problem.sticks and max(
        int(problem.riichi or problem.double_riichi) or 1, problem.sticks + rng.choice((-1, 0, 1))
    )
    return replace(
        problem,
        hand=tiles(problem.hand),
        win=tiles(problem.win),
        melds=melds,
        dora=indicators(problem.dora),
        ura=indicators(problem.ura),
        honba=honba,
        sticks=sticks,
    )


def generate(
    count: int,
    *,
    seed: int = 0,
    topic: str | None = None,
    difficulty: int | None = None,
    rules: str = "tenhou",
    progress: Callable[[int, int], None] | None = None,
) -> list[Generated]:
    """``count`` hands: realistic, or for a topic and difficulty.

    Args:
        count: how many hands.
        seed: the random seed.
        topic: a topic id every hand must exercise.
        difficulty: 1-5, the difficulty every hand must have.
        rules: the rule profile.
        progress: called as ``progress(done, count)`` now and then.
    """
    gen = HandGenerator(seed, rules=rules)
    out: list[Generated] = []
    step = max(1, count // 100)
    for i in range(count):
        if topic is not None:
            out.append(gen.for_topic(topic, difficulty=difficulty))
        else:
            out.append(gen.hand(difficulty=difficulty))
        if progress is not None and ((i + 1) % step == 0 or i + 1 == count):
            progress(i + 1, count)
    return out
