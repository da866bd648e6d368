"""What a practice hand is asked to look like: tile groups, the odds of real play, the spec.

A :class:`Spec` says what one candidate hand should look like (open or
closed, which tiles, forced sets, the wait, the situation...); the builder
(:mod:`data.generate.build`) fills in the rest. :func:`realistic_spec` draws a
spec with the odds of 7,972 real Tenhou wins; the topic recipes
(:mod:`data.generate.recipes`) bend a spec towards a topic.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

# Set kinds, and tile kinds by index (0-8 man, 9-17 pin, 18-26 sou, 27-30 winds, 31-33 dragons).
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


def weighted(rng: random.Random, pairs: Sequence[tuple[Any, float]]) -> Any:
    """One value of ``(value, weight)`` pairs, drawn by weight."""
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
    spec.round = weighted(rng, ROUND_WEIGHTS)
    spec.seat = weighted(rng, SEAT_WEIGHTS)
    spec.honba = weighted(rng, HONBA_WEIGHTS)
    if rng.random() < P_OPEN:
        spec.open_melds = weighted(rng, OPEN_MELDS)
        spec.tsumo = rng.random() < P_TSUMO_OPEN
        spec.trip_rate = 0.2
        style = weighted(rng, OPEN_STYLES)
        open_style(rng, spec, style)
    else:
        spec.riichi = rng.random() < P_RIICHI_CLOSED
        spec.tsumo = rng.random() < P_TSUMO_CLOSED
        spec.trip_rate = 0.1
        if rng.random() < P_CHIITOITSU_CLOSED:
            spec.shape = "chiitoitsu"
        elif rng.random() < P_SANSHOKU_CLOSED:
            open_style(rng, spec, "sanshoku")
        elif rng.random() < P_ITTSU_CLOSED:
            open_style(rng, spec, "ittsu")
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
    spec.sticks = int(spec.riichi) + weighted(rng, OTHER_STICKS)
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


def valued_tiles(spec: Spec) -> tuple[int, ...]:
    """The tiles whose triplet is a yaku for this seat and round (dragons, seat, round wind)."""
    return (*DRAGONS, 27 + WINDS.index(spec.seat), 27 + WINDS.index(spec.round))


def open_style(rng: random.Random, spec: Spec, style: str) -> None:
    """Bend a spec towards the yaku an open hand is built for (``yakuhai``, ``tanyao``...)."""
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
