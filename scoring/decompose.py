"""Every reading of a winning hand.

A *decomposition* splits the concealed tiles into sets (sequences and
triplets) and one pair. It depends only on the tile counts, so it is memoised
on the 34-count shape. A *reading* adds where the winning tile sits, which
fixes the wait (ryanmen, kanchan, penchan, shanpon, tanki).

>>> from scoring.tiles import parse_tiles
>>> counts = counts_of(parse_tiles("123345m456p789s11z"))
>>> [(d.pair, d.sets) for d in decompositions(counts, 4)]
[(27, ((0, 0), (2, 0), (12, 0), (24, 0)))]

The winning 3m can complete 12-3 (a penchan) or 3-45 (a ryanmen):

>>> sorted(w.value for _, _, w in readings(counts, 4, 2))
['penchan', 'ryanmen']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .result import Wait
from .tiles import Tile

#: A set in a decomposition: (first tile index, 0 for a sequence or 1 for a triplet).
SetT = tuple[int, int]
SEQ = 0
TRIP = 1

TERMINALS_AND_HONORS: tuple[int, ...] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@dataclass(frozen=True, slots=True)
class Decomposition:
    """Concealed tiles split into sets and one pair (tile indices, no red)."""

    pair: int
    sets: tuple[SetT, ...]


def counts_of(tiles: Iterable[Tile]) -> tuple[int, ...]:
    """The 34 counts of tile kinds (red fives count as fives)."""
    c = [0] * 34
    for t in tiles:
        c[t.index] += 1
    return tuple(c)


@lru_cache(maxsize=4096)
def _suit_splits(counts: tuple[int, ...], honor: bool) -> tuple[tuple[int, tuple[SetT, ...]], ...]:
    """All ways to split one suit's counts into sets and at most one pair.

    Returns (local pair index or -1, sets with local indices) tuples.
    """
    out: list[tuple[int, tuple[SetT, ...]]] = []
    c = list(counts)
    n = len(c)

    def walk(start: int, pair: int, sets: list[SetT]) -> None:
        i = start
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            out.append((pair, tuple(sets)))
            return
        if c[i] >= 3:
            c[i] -= 3
            sets.append((i, TRIP))
            walk(i, pair, sets)
            sets.pop()
            c[i] += 3
        if not honor and i + 2 < n and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            sets.append((i, SEQ))
            walk(i, pair, sets)
            sets.pop()
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
        if pair < 0 and c[i] >= 2:
            c[i] -= 2
            walk(i, i, sets)
            c[i] += 2

    walk(0, -1, [])
    return tuple(out)


@lru_cache(maxsize=65536)
def decompositions(counts: tuple[int, ...], n_sets: int) -> tuple[Decomposition, ...]:
    """Every split of the concealed counts into ``n_sets`` sets and one pair.

    Args:
        counts: 34 tile-kind counts of the concealed tiles, winning tile included.
        n_sets: how many sets the concealed tiles must form (4 minus the melds).
    """
    if sum(counts) != 3 * n_sets + 2:
        return ()
    per_suit: list[tuple[tuple[int, tuple[SetT, ...]], ...]] = []
    for s in range(4):
        part = counts[9 * s : 9 * s + (9 if s < 3 else 7)]
        if not any(part):
            per_suit.append(((-1, ()),))
            continue
        splits = _suit_splits(part, s == 3)
        if not splits:
            return ()
        per_suit.append(splits)
    result: list[Decomposition] = []
    for a in per_suit[0]:
        for b in per_suit[1]:
            for c in per_suit[2]:
                for d in per_suit[3]:
                    pairs = [(s * 9 + p) for s, (p, _) in enumerate((a, b, c, d)) if p >= 0]
                    if len(pairs) != 1:
                        continue
                    sets = tuple(
                        (s * 9 + i, k) for s, (_, ss) in enumerate((a, b, c, d)) for i, k in ss
                    )
                    result.append(Decomposition(pairs[0], sets))
    return tuple(result)


def is_chiitoitsu(counts: Sequence[int]) -> bool:
    """Seven different pairs (four of a kind is not two pairs)."""
    return sum(1 for x in counts if x == 2) == 7


def is_kokushi(counts: Sequence[int]) -> bool:
    """Thirteen orphans: every terminal and honour, one of them twice."""
    if sum(counts) != 14:
        return False
    return (
        all(counts[i] >= 1 for i in TERMINALS_AND_HONORS)
        and sum(counts[i] for i in TERMINALS_AND_HONORS) == 14
    )


@lru_cache(maxsize=65536)
def readings(
    counts: tuple[int, ...], n_sets: int, win: int
) -> tuple[tuple[Decomposition, int, Wait], ...]:
    """Every (decomposition, position of the winning group, wait) for a winning tile.

    The position is an index into ``sets`` or -1 for the pair. Readings that
    would be identical are given once.
    """
    out: list[tuple[Decomposition, int, Wait]] = []
    for d in decompositions(counts, n_sets):
        seen: set[tuple[int, int, Wait]] = set()
        if d.pair == win:
            out.append((d, -1, Wait.TANKI))
        for pos, (first, kind) in enumerate(d.sets):
            if kind == TRIP:
                if first != win:
                    continue
                wait = Wait.SHANPON
            else:
                offset = win - first
                if not 0 <= offset <= 2:
                    continue
                number = first % 9 + 1
                if offset == 1:
                    wait = Wait.KANCHAN
                elif (offset == 0 and number == 7) or (offset == 2 and number == 1):
                    wait = Wait.PENCHAN
                else:
                    wait = Wait.RYANMEN
            key = (first, kind, wait)
            if key in seen:
                continue
            seen.add(key)
            out.append((d, pos, wait))
    return tuple(out)
