"""Seeded random generator of legal winning hands, as batch INPUT records.

Used by the differential test and the benchmark. Every record is a hand that
could happen at a real table under Tenhou's rules:

- four groups and a pair (open and closed, chi/pon and all three kan kinds),
  seven pairs, thirteen orphans (also the 13-sided wait) and nine gates (also
  the 9-sided wait), built from weighted "themes" so that most yaku occur;
- red fives (at most one per suit; four fives of a suit always include the red
  one) and never more than four copies of a tile counting the hand, the melds and
  the dora and ura indicators;
- one to five dora indicators (one more for each kan), ura indicators with
  riichi (and now and then without, where they must not count);
- situational flags only where they can happen: riichi, double riichi and
  ippatsu only closed (closed kans allowed), ippatsu only with riichi and never
  with rinshan, rinshan only on tsumo with a kan and never with haitei, chankan
  only on ron of a tile the hand holds once, haitei only tsumo, houtei only ron,
  tenhou / chiihou / renhou only on the first turn of a closed, meld-free hand
  without riichi, for the dealer / non-dealer as the rules say;
- every hand has at least one yaku besides dora: candidates are scored with the
  ``mahjong`` library (renhou is not a yaku on Tenhou) and rejected otherwise.

The same seed always gives the same records.

>>> records = generate_records(seed=7, count=3)
>>> records == generate_records(seed=7, count=3)
True
>>> sorted(records[0])[:4]
['chankan', 'chiihou', 'dora', 'double_riichi']
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tests.support.oracles.mahjong_lib import OracleError, score_with_mahjong

__all__ = [
    "DIFFERENTIAL_COUNT",
    "DIFFERENTIAL_SEED",
    "generate_records",
    "generate_scored",
    "iter_scored",
]

# The hands of the differential test and of ``bench/scoring.py``: the same seed and count.
DIFFERENTIAL_SEED = 20240601
DIFFERENTIAL_COUNT = 6000

WIND_LETTERS = ("E", "S", "W", "N")
DRAGONS = (31, 32, 33)
WINDS = (27, 28, 29, 30)
TERMINALS = (0, 8, 9, 17, 18, 26)
HONOURS = tuple(range(27, 34))
SIMPLES = tuple(k for k in range(27) if k % 9 not in (0, 8))
ORPHANS = TERMINALS + HONOURS
GREEN = (19, 20, 21, 23, 25, 32)  # 2 3 4 6 8 souzu and hatsu
FIVES = (4, 13, 22)

SEQ, TRIP, QUAD = "seq", "trip", "quad"


def _suit_kinds(suit: int) -> tuple[int, ...]:
    return tuple(range(suit * 9, suit * 9 + 9))


def _is_valued(kind: int, seat: int, rnd: int) -> bool:
    return kind in DRAGONS or kind == 27 + seat or kind == 27 + rnd


@dataclass
class _Group:
    shape: str  # seq / trip / quad
    kind: int  # the lowest tile
    meld: str | None = None  # chi pon minkan shouminkan ankan, or None (concealed)

    def kinds(self) -> list[int]:
        if self.shape == SEQ:
            return [self.kind, self.kind + 1, self.kind + 2]
        return [self.kind] * (4 if self.shape == QUAD else 3)


@dataclass
class _Build:
    rng: random.Random
    seat: int
    rnd: int
    counts: list[int] = field(default_factory=lambda: [0] * 34)
    groups: list[_Group] = field(default_factory=list)
    pair: int | None = None
    closed_only: bool = False
    p_open: float = 0.45

    # -- adding groups -------------------------------------------------------------
    def can_seq(self, k: int) -> bool:
        return k < 27 and k % 9 <= 6 and all(self.counts[k + i] < 4 for i in range(3))

    def add_seq(self, k: int) -> None:
        for i in range(3):
            self.counts[k + i] += 1
        self.groups.append(_Group(SEQ, k))

    def can_trip(self, k: int) -> bool:
        return self.counts[k] <= 1

    def add_trip(self, k: int) -> None:
        self.counts[k] += 3
        self.groups.append(_Group(TRIP, k))

    def can_pair(self, k: int) -> bool:
        return self.counts[k] <= 2

    def add_pair(self, k: int) -> None:
        self.counts[k] += 2
        self.pair = k

    def random_group(self, allowed: tuple[int, ...], p_seq: float) -> bool:
        """Add one random group made of allowed kinds; False when none fits."""
        allowed_set = set(allowed)
        seqs = [
            k
            for k in allowed
            if k < 27 and k % 9 <= 6 and k + 1 in allowed_set and k + 2 in allowed_set
            and self.can_seq(k)
        ]
        trips = [k for k in allowed if self.can_trip(k)]
        if seqs and (not trips or self.rng.random() < p_seq):
            self.add_seq(self.rng.choice(seqs))
            return True
        if trips:
            self.add_trip(self.rng.choice(trips))
            return True
        return False

    def fill(
        self, allowed: tuple[int, ...], p_seq: float, pair_from: tuple[int, ...] | None = None
    ) -> bool:
        """Complete the hand to four groups and a pair from allowed kinds."""
        while len(self.groups) < 4:
            if not self.random_group(allowed, p_seq):
                return False
        if self.pair is None:
            choices = [k for k in (pair_from or allowed) if self.can_pair(k)]
            if not choices:
                return False
            self.add_pair(self.rng.choice(choices))
        return True


# -- themes: each builds four groups and a pair -----------------------------------------

Theme = Callable[[_Build], bool]


def _t_free(b: _Build) -> bool:
    return b.fill(tuple(range(34)), 0.65)


def _t_tanyao(b: _Build) -> bool:
    return b.fill(SIMPLES, 0.7)


def _t_pinfu(b: _Build) -> bool:
    b.closed_only = True
    pairs = tuple(k for k in range(34) if not _is_valued(k, b.seat, b.rnd))
    pool = SIMPLES if b.rng.random() < 0.4 else tuple(range(27))
    return b.fill(pool, 1.0, pair_from=pairs)


def _t_yakuhai(b: _Build) -> bool:
    valued = sorted({*DRAGONS, 27 + b.seat, 27 + b.rnd})
    b.add_trip(b.rng.choice(valued))
    if b.rng.random() < 0.2:
        extra = [k for k in valued if b.can_trip(k)]
        if extra:
            b.add_trip(b.rng.choice(extra))
    return b.fill(tuple(range(34)), 0.6)


def _t_honitsu(b: _Build) -> bool:
    suit = b.rng.randrange(3)
    pool = _suit_kinds(suit) + HONOURS
    if not b.random_group(HONOURS, 0.0):
        return False
    return b.fill(pool, 0.6)


def _t_chinitsu(b: _Build) -> bool:
    return b.fill(_suit_kinds(b.rng.randrange(3)), 0.65)


def _outside(allow_honours: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    starts = tuple(s * 9 + n for s in range(3) for n in (0, 6))
    ends = TERMINALS + (HONOURS if allow_honours else ())
    return starts, ends


def _t_chanta(b: _Build, honours: bool = True) -> bool:
    starts, ends = _outside(honours)
    if honours and not b.random_group(HONOURS, 0.0):
        return False
    seq_added = False
    while len(b.groups) < 4:
        if (not seq_added or b.rng.random() < 0.6) and any(b.can_seq(k) for k in starts):
            b.add_seq(b.rng.choice([k for k in starts if b.can_seq(k)]))
            seq_added = True
        else:
            trips = [k for k in ends if b.can_trip(k)]
            if not trips:
                return False
            b.add_trip(b.rng.choice(trips))
    pairs = [k for k in ends if b.can_pair(k)]
    if not pairs:
        return False
    b.add_pair(b.rng.choice(pairs))
    return True


def _t_junchan(b: _Build) -> bool:
    return _t_chanta(b, honours=False)


def _t_toitoi(b: _Build) -> bool:
    b.p_open = 0.75  # mostly open, or nearly every toitoi would be a suuankou
    pool = tuple(range(34)) if b.rng.random() < 0.7 else SIMPLES
    return b.fill(pool, 0.0)


def _t_ittsu(b: _Build) -> bool:
    suit = b.rng.randrange(3)
    for n in (0, 3, 6):
        b.add_seq(suit * 9 + n)
    pool = _suit_kinds(suit) if b.rng.random() < 0.3 else tuple(range(34))
    return b.fill(pool, 0.5)


def _t_sanshoku(b: _Build) -> bool:
    n = b.rng.randrange(7)
    for suit in range(3):
        b.add_seq(suit * 9 + n)
    return b.fill(tuple(range(34)), 0.6)


def _t_doukou(b: _Build) -> bool:
    n = b.rng.randrange(9)
    for suit in range(3):
        b.add_trip(suit * 9 + n)
    return b.fill(tuple(range(34)), 0.5)


def _t_peikou(b: _Build) -> bool:
    b.closed_only = b.rng.random() < 0.85
    times = 2 if b.rng.random() < 0.3 else 1
    for _ in range(times):
        starts = [
            k for k in range(27) if k % 9 <= 6 and all(b.counts[k + i] <= 2 for i in range(3))
        ]
        k = b.rng.choice(starts)
        b.add_seq(k)
        b.add_seq(k)
    return b.fill(tuple(range(34)), 0.7)


def _t_anko(b: _Build) -> bool:
    b.closed_only = True
    n = 4 if b.rng.random() < 0.2 else 3
    for _ in range(n):
        if not b.random_group(tuple(range(34)), 0.0):
            return False
    return b.fill(tuple(range(34)), 0.7)


def _t_kans(b: _Build) -> bool:
    n = 4 if b.rng.random() < 0.3 else 3
    for _ in range(n):
        if not b.random_group(tuple(range(34)), 0.0):
            return False
    for g in b.groups:
        g.shape = QUAD
        b.counts[g.kind] += 1
    return b.fill(tuple(range(34)), 0.7)


def _t_window(b: _Build) -> bool:
    """Three groups and often the pair from five neighbouring tiles of one suit.

    Such hands read several ways (111222333 as triplets or runs, 2233445 as
    ryanmen or kanchan...), which exercises the choice of the best reading.
    """
    start = b.rng.randrange(3) * 9 + b.rng.randrange(5)
    window = tuple(range(start, start + 5))
    for _ in range(3):
        if not b.random_group(window, 0.5):
            return False
    if b.rng.random() < 0.5:
        pairs = [k for k in window if b.can_pair(k)]
        if pairs:
            b.add_pair(b.rng.choice(pairs))
    return b.fill(tuple(range(34)), 0.6)


def _t_sangen(b: _Build) -> bool:
    dragons = list(DRAGONS)
    b.rng.shuffle(dragons)
    b.add_trip(dragons[0])
    b.add_trip(dragons[1])
    if b.rng.random() < 0.4:
        b.add_trip(dragons[2])
    else:
        b.add_pair(dragons[2])
    return b.fill(tuple(range(34)), 0.6)


def _t_suushii(b: _Build) -> bool:
    winds = list(WINDS)
    b.rng.shuffle(winds)
    for w in winds[:3]:
        b.add_trip(w)
    if b.rng.random() < 0.35:
        b.add_trip(winds[3])
    else:
        b.add_pair(winds[3])
    return b.fill(tuple(range(34)), 0.5)


def _t_honroutou(b: _Build) -> bool:
    return b.fill(ORPHANS, 0.0)


def _t_chinroutou(b: _Build) -> bool:
    return b.fill(TERMINALS, 0.0)


def _t_tsuuiisou(b: _Build) -> bool:
    return b.fill(HONOURS, 0.0)


def _t_ryuuiisou(b: _Build) -> bool:
    return b.fill(GREEN, 0.4)


STANDARD_THEMES: dict[str, tuple[float, Theme]] = {
    "free": (14, _t_free),
    "tanyao": (10, _t_tanyao),
    "pinfu": (10, _t_pinfu),
    "yakuhai": (12, _t_yakuhai),
    "honitsu": (8, _t_honitsu),
    "chinitsu": (4, _t_chinitsu),
    "chanta": (4, _t_chanta),
    "junchan": (3, _t_junchan),
    "toitoi": (5, _t_toitoi),
    "ittsu": (5, _t_ittsu),
    "sanshoku": (5, _t_sanshoku),
    "doukou": (1.5, _t_doukou),
    "peikou": (5, _t_peikou),
    "anko": (4, _t_anko),
    "kans": (2.5, _t_kans),
    "window": (8, _t_window),
    "sangen": (2.5, _t_sangen),
    "suushii": (0.8, _t_suushii),
    "honroutou": (1.5, _t_honroutou),
    "chinroutou": (0.5, _t_chinroutou),
    "tsuuiisou": (0.4, _t_tsuuiisou),
    "ryuuiisou": (0.7, _t_ryuuiisou),
}
SPECIAL_WEIGHTS = {"chiitoitsu": 7.0, "kokushi": 1.6, "chuuren": 1.3}


# -- the tiles of a candidate ---------------------------------------------------------


@dataclass
class _Candidate:
    concealed: list[int]  # kinds
    melds: list[_Group]
    counts: list[int]
    closed: bool  # no open meld (closed kans allowed)
    win_choices: list[int]  # indexes into concealed


def _standard(b: _Build, rng: random.Random) -> _Candidate:
    # upgrade some triplets to quads
    for g in b.groups:
        if g.shape == TRIP and b.counts[g.kind] == 3 and rng.random() < 0.1:
            g.shape = QUAD
            b.counts[g.kind] = 4
    open_hand = not b.closed_only and rng.random() < b.p_open
    for g in b.groups:
        if g.shape == QUAD:
            kinds = ["ankan"] if not open_hand else ["ankan", "minkan", "shouminkan"]
            g.meld = rng.choice(kinds)
        elif open_hand and rng.random() < 0.55:
            g.meld = "chi" if g.shape == SEQ else "pon"
    if open_hand and not any(g.meld in ("chi", "pon", "minkan", "shouminkan") for g in b.groups):
        options = [g for g in b.groups if g.meld is None]
        if not options:
            open_hand = False
        else:
            g = rng.choice(options)
            g.meld = "chi" if g.shape == SEQ else "pon"
    concealed: list[int] = []
    for g in b.groups:
        if g.meld is None:
            concealed.extend(g.kinds())
    assert b.pair is not None
    concealed.extend([b.pair, b.pair])
    melds = [g for g in b.groups if g.meld is not None]
    closed = all(g.meld == "ankan" for g in melds)
    return _Candidate(concealed, melds, b.counts, closed, list(range(len(concealed))))


def _chiitoitsu(rng: random.Random) -> _Candidate:
    style = rng.choice(
        ["free", "free", "free", "tanyao", "tanyao", "honitsu", "honitsu", "honroutou", "chinitsu",
         "tsuuiisou"]
    )
    suit = rng.randrange(3)
    pool: tuple[int, ...] = {
        "free": tuple(range(34)),
        "tanyao": SIMPLES,
        "honitsu": _suit_kinds(suit) + HONOURS,
        "honroutou": ORPHANS,
        "chinitsu": _suit_kinds(suit),
        "tsuuiisou": HONOURS,
    }[style]
    kinds = sorted(rng.sample(pool, 7))
    counts = [0] * 34
    concealed: list[int] = []
    for k in kinds:
        counts[k] += 2
        concealed += [k, k]
    return _Candidate(concealed, [], counts, True, list(range(14)))


def _kokushi(rng: random.Random) -> _Candidate:
    pair = rng.choice(ORPHANS)
    concealed = sorted([*ORPHANS, pair])
    counts = [0] * 34
    for k in concealed:
        counts[k] += 1
    if rng.random() < 0.35:  # 13-sided wait: the win is the pair tile
        choices = [i for i, k in enumerate(concealed) if k == pair]
    else:
        choices = [i for i, k in enumerate(concealed) if k != pair]
    return _Candidate(concealed, [], counts, True, choices)


def _chuuren(rng: random.Random) -> _Candidate:
    suit = rng.randrange(3)
    base = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    extra = rng.randrange(9)
    concealed = sorted(suit * 9 + n for n in [*base, extra])
    counts = [0] * 34
    for k in concealed:
        counts[k] += 1
    if rng.random() < 0.4:  # 9-sided wait: the win is the extra tile
        choices = [i for i, k in enumerate(concealed) if k == suit * 9 + extra]
    else:
        choices = [i for i, k in enumerate(concealed) if k != suit * 9 + extra]
    return _Candidate(concealed, [], counts, True, choices)


# -- notation ---------------------------------------------------------------------------


def _fmt(tiles: list[tuple[int, bool]], shuffle: random.Random | None = None) -> str:
    """MPSZ for (kind, red) tiles: grouped by suit, or (with ``shuffle``) in a random order."""
    if shuffle is not None:
        order = list(tiles)
        shuffle.shuffle(order)
        text = ""
        for kind, red in order:
            one = _one(kind, red)
            # neighbours of the same suit share the letter: 1m2m -> 12m
            text = text[:-1] + one if text and text[-1] == one[-1] else text + one
        return text
    parts = []
    for suit, letter in enumerate("mpsz"):
        chosen = sorted(t for t in tiles if min(t[0] // 9, 3) == suit)
        digits = "".join(_one(kind, red)[0] for kind, red in chosen)
        if digits:
            parts.append(digits + letter)
    return "".join(parts)


def _one(kind: int, red: bool) -> str:
    if kind >= 27:
        return f"{kind - 26}z"
    return f"{0 if red else kind % 9 + 1}{'mps'[kind // 9]}"


def _suited(tiles: list[tuple[int, bool]]) -> list[tuple[int, bool]]:
    return [(k, r) for k, r in tiles if k < 27] + [(k, r) for k, r in tiles if k >= 27]


# -- one record ---------------------------------------------------------------------------


def _candidate(rng: random.Random, seat: int, rnd: int) -> tuple[str, _Candidate] | None:
    names = [*STANDARD_THEMES, *SPECIAL_WEIGHTS]
    weights = [w for w, _ in STANDARD_THEMES.values()] + list(SPECIAL_WEIGHTS.values())
    theme = rng.choices(names, weights)[0]
    if theme == "chiitoitsu":
        return theme, _chiitoitsu(rng)
    if theme == "kokushi":
        return theme, _kokushi(rng)
    if theme == "chuuren":
        return theme, _chuuren(rng)
    b = _Build(rng, seat, rnd)
    if not STANDARD_THEMES[theme][1](b) or len(b.groups) != 4 or b.pair is None:
        return None
    if max(b.counts) > 4:
        return None
    return theme, _standard(b, rng)


def _record(rng: random.Random, ident: str) -> dict[str, Any] | None:
    rnd = rng.choices(range(4), [45, 35, 12, 8])[0]
    seat = rng.randrange(4)
    made = _candidate(rng, seat, rnd)
    if made is None:
        return None
    _theme, c = made
    dealer = seat == 0
    counts = list(c.counts)

    # red fives: four fives of a suit must include the red one; otherwise now and then
    red_at: dict[int, tuple[str, int]] = {}  # five kind -> ("hand", index) / ("meld", meld index)
    for five in FIVES:
        spots = [("hand", i) for i, k in enumerate(c.concealed) if k == five]
        for mi, g in enumerate(c.melds):
            if five in g.kinds():
                spots.append(("meld", mi))
        if not spots:
            continue
        if counts[five] == 4 or rng.random() < 0.35:
            red_at[five] = rng.choice(spots)
    hand_tiles = [
        (k, red_at.get(k) == ("hand", i)) for i, k in enumerate(c.concealed)
    ]
    meld_texts = []
    for mi, g in enumerate(c.melds):
        tiles = [(k, False) for k in g.kinds()]
        for five, spot in red_at.items():
            if spot == ("meld", mi):
                idx = next(j for j, (k, _) in enumerate(tiles) if k == five)
                tiles[idx] = (five, True)
        meld_texts.append(f"{g.meld} {_fmt(tiles)}")

    # the winning tile and the way it came
    win_index = rng.choice(c.win_choices)
    win_kind, win_red = hand_tiles[win_index]
    tsumo = rng.random() < 0.45
    own_kans = sum(1 for g in c.melds if g.shape == QUAD)
    flags: dict[str, bool] = {}
    blessing = not c.melds and rng.random() < 0.05
    if blessing:
        if dealer and tsumo:
            flags["tenhou"] = True
        elif not dealer and tsumo:
            flags["chiihou"] = True
        elif not dealer:
            flags["renhou"] = True
        else:
            blessing = False
    if not blessing:
        if c.closed and rng.random() < 0.45:
            if rng.random() < 0.1:
                flags["double_riichi"] = True
                if rng.random() < 0.5:
                    flags["riichi"] = True
            else:
                flags["riichi"] = True
            if rng.random() < 0.25:
                flags["ippatsu"] = True
        if tsumo and own_kans and not flags.get("ippatsu") and rng.random() < 0.3:
            flags["rinshan"] = True
        if tsumo and not flags.get("rinshan") and rng.random() < 0.05:
            flags["haitei"] = True
        # chankan: the robbed tile is the fourth copy of a kind whose other three are in
        # another player's pon, so this hand holds it once and nothing else shows it.
        if not tsumo and counts[win_kind] == 1 and rng.random() < 0.1:
            flags["chankan"] = True
        if not tsumo and not flags.get("chankan") and rng.random() < 0.05:
            flags["houtei"] = True

    # dora and ura indicators from the copies left (chankan's tile has none left)
    left_plain = [4 - n for n in counts]
    left_red = [0] * 34
    for five in FIVES:
        used_red = five in red_at
        plain_used = counts[five] - (1 if used_red else 0)
        left_plain[five] = 3 - plain_used
        left_red[five] = 0 if used_red else 1
    if flags.get("chankan"):
        left_plain[win_kind] = 0
        left_red[win_kind] = 0

    def indicator() -> tuple[int, bool] | None:
        kinds = [k for k in range(34) if left_plain[k] + left_red[k] > 0]
        if not kinds:
            return None
        k = rng.choice(kinds)
        if left_red[k] and (not left_plain[k] or rng.random() < 0.25):
            left_red[k] -= 1
            return (k, True)
        left_plain[k] -= 1
        return (k, False)

    n_dora = min(5, 1 + own_kans + (1 if rng.random() < 0.12 else 0))
    dora = [t for t in (indicator() for _ in range(n_dora)) if t]
    riichi = flags.get("riichi") or flags.get("double_riichi")
    ura: list[tuple[int, bool]] = []
    if riichi or rng.random() < 0.08:
        ura = [t for t in (indicator() for _ in range(len(dora))) if t]

    shuffle = rng if rng.random() < 0.1 else None
    record: dict[str, Any] = {
        "id": ident,
        "hand": _fmt(_suited(hand_tiles), shuffle),
        "win": _one(win_kind, win_red),
        "melds": meld_texts,
        "tsumo": tsumo,
        "round": WIND_LETTERS[rnd],
        "seat": WIND_LETTERS[seat],
    }
    for name in (
        "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
        "tenhou", "chiihou", "renhou",
    ):
        record[name] = bool(flags.get(name))
    record["dora"] = _fmt(dora)
    record["ura"] = _fmt(ura)
    record["honba"] = rng.choices(range(6), [60, 18, 10, 6, 4, 2])[0]
    record["sticks"] = rng.choices(range(4), [55, 30, 10, 5])[0]
    record["rules"] = "tenhou"
    return record


def iter_scored(seed: int) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Endless (record, library answer) pairs for a seed; hands without a yaku are skipped."""
    rng = random.Random(seed)
    n = 0
    while True:
        record = _record(rng, f"gen-{seed}-{n}")
        if record is None:
            continue
        try:
            answer = score_with_mahjong(record)
        except OracleError:
            continue  # no yaku (dora are not yaku), or not a hand the library accepts
        n += 1
        yield record, answer


def generate_scored(seed: int, count: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """``count`` legal winning hands with at least one yaku, each with the library's answer."""
    out = []
    for pair in iter_scored(seed):
        out.append(pair)
        if len(out) == count:
            break
    return out


def generate_records(seed: int, count: int) -> list[dict[str, Any]]:
    """``count`` legal winning hands with at least one yaku, as batch INPUT records."""
    return [record for record, _ in generate_scored(seed, count)]


def main(argv: list[str] | None = None) -> int:
    """Print generated records as JSON lines.

    ``python -m tests.support.handgen --seed 1 --count 5``
    """
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=10)
    args = parser.parse_args(argv)
    for record in generate_records(args.seed, args.count):
        sys.stdout.write(json.dumps(record) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
