"""Building one candidate hand from a spec: sets, pair, calls, kans, the wait, reds, dora.

:func:`build_problem` assembles a :class:`~data.records.Problem` that follows a
:class:`~data.generate.spec.Spec` with random choices of its own; it is not
scored here (``scoring`` decides whether the candidate is a legal win). A spec
that these choices cannot meet raises :class:`Reject`, and the caller tries
another.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.rules import get_profile
from scoring.tiles import format_tiles, parse_tiles

from ..errors import DataError
from ..records import Problem
from .spec import (
    P_HONOR_PAIR,
    P_RINSHAN_KAN_TSUMO,
    P_SEQ_OVERLAP_KEEP,
    P_SEQ_SAME_KEEP,
    QUAD,
    RED_KEEP,
    SEQ,
    TERMINALS_HONORS,
    TRIP,
    WAIT_WEIGHTS,
    Spec,
    weighted,
)


@dataclass(slots=True)
class _Set:
    kind: int
    first: int
    how: str  # hand, chi, pon, minkan, shouminkan, ankan

    def kinds(self) -> list[int]:
        if self.kind == SEQ:
            return [self.first, self.first + 1, self.first + 2]
        return [self.first] * (4 if self.kind == QUAD else 3)


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


class Reject(DataError):
    """This candidate cannot be assembled; try another (never leaves the generator)."""


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
            raise Reject
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
            raise Reject
    if spec.pair is not None:
        if not b.add_pair(spec.pair):
            raise Reject
    else:
        kinds = spec.pair_kinds or pol.pairs
        for _ in range(12):
            if b.add_pair(_pick_pair(rng, kinds, b)):
                break
        else:
            raise Reject


def _make_kans(rng: random.Random, spec: Spec, b: _Build, open_hand: bool) -> None:
    for _ in range(spec.kans):
        trips = [s for s in b.sets if s.kind == TRIP and s.how in ("hand", "pon")]
        if not trips:
            firsts = [k for k in spec.policy.trips if b.fits((k,) * 4)]
            seqs = [s for s in b.sets if s.kind == SEQ and s.how == "hand"]
            if not firsts or not seqs:
                raise Reject
            victim = rng.choice(seqs)
            b.sets.remove(victim)
            for k in victim.kinds():
                b.used[k] -= 1
            s = _Set(TRIP, rng.choice(firsts), "hand")
            if not b.add_set(s):
                raise Reject
            trips = [s]
        s = rng.choice(trips)
        if not b.fits((s.first,)):
            raise Reject
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
            raise Reject
        return rng.choice(options[spec.wait])
    choices = [(k, w) for k, w in WAIT_WEIGHTS.items() if options[k]]
    if not choices:
        raise Reject
    return rng.choice(options[weighted(rng, choices)])


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
        raise Reject
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
    return format_tiles(parse_tiles("".join(tiles)))


#: The dora indicator that points at each tile kind (its predecessor, wrapping round).
INDICATOR_OF: dict[int, int] = {}
for _k in range(34):
    if _k < 27:
        INDICATOR_OF[_k] = _k - _k % 9 + (_k % 9 - 1) % 9
    elif _k <= 30:
        INDICATOR_OF[_k] = 27 + (_k - 27 - 1) % 4
    else:
        INDICATOR_OF[_k] = 31 + (_k - 31 - 1) % 3


def _pick_indicator(rng: random.Random, b: _Build, held: Sequence[int], hit: bool) -> int:
    if hit:
        kinds = list(dict.fromkeys(held))
        rng.shuffle(kinds)
        for k in kinds:
            ind = INDICATOR_OF[k]
            if b.used[ind] < 4:
                b.used[ind] += 1
                return ind
    weights = [(k, 4 - b.used[k]) for k in range(34) if b.used[k] < 4]
    ind = weighted(rng, weights)
    b.used[ind] += 1
    return int(ind)


def build_problem(rng: random.Random, spec: Spec) -> Problem:
    """Assemble one candidate problem from a spec (not yet scored).

    Raises:
        Reject: when the spec cannot be met with these random choices.
    """

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
