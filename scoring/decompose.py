"""Every reading of a winning hand.

A *decomposition* splits the concealed tiles into sets (sequences and
triplets) and one pair. It is assembled from the per-suit tables of
``scoring.shapes`` (one split per suit, exactly one pair among them), which are
memoised on each suit's counts. A *reading* adds where the winning tile sits,
which fixes the wait (ryanmen, kanchan, penchan, shanpon, tanki).

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
from .shapes import (
    SEQ,
    TRIP,
    SetT,
    Split,
    combinations,
    entries_of,
    global_sets,
    pair_of,
    waits_at,
)
from .tiles import Tile

__all__ = [
    "SEQ",
    "TERMINALS_AND_HONORS",
    "TRIP",
    "Decomposition",
    "SetT",
    "counts_of",
    "decompositions",
    "is_chiitoitsu",
    "is_kokushi",
    "readings",
]

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


def combo_sets(combo: tuple[Split, Split, Split, Split]) -> tuple[SetT, ...]:
    """The sets of a choice of splits, suit by suit."""
    a, b, c, d = combo
    return global_sets(a, 0) + global_sets(b, 1) + global_sets(c, 2) + global_sets(d, 3)


def _combos(counts: Sequence[int], n_sets: int) -> list[tuple[Split, Split, Split, Split]]:
    if sum(counts) != 3 * n_sets + 2 or max(counts) > 255:
        return []  # (a suit's key holds counts up to 255)
    return combinations(*entries_of(tuple(counts)))


@lru_cache(maxsize=4096)
def decompositions(counts: tuple[int, ...], n_sets: int) -> tuple[Decomposition, ...]:
    """Every split of the concealed counts into ``n_sets`` sets and one pair.

    Args:
        counts: 34 tile-kind counts of the concealed tiles, winning tile included.
        n_sets: how many sets the concealed tiles must form (4 minus the melds).
    """
    return tuple(Decomposition(pair_of(c), combo_sets(c)) for c in _combos(counts, n_sets))


def is_chiitoitsu(counts: Sequence[int]) -> bool:
    """Seven different pairs (four of a kind is not two pairs)."""
    return sum(1 for x in counts if x == 2) == 7


def is_kokushi(counts: Sequence[int]) -> bool:
    """Thirteen orphans: every terminal and honour, one of them twice."""
    if sum(counts) != 14 or max(counts) > 4:
        return False
    return all(e.orphans for e in entries_of(tuple(counts)))


@lru_cache(maxsize=4096)
def readings(
    counts: tuple[int, ...], n_sets: int, win: int
) -> tuple[tuple[Decomposition, int, Wait], ...]:
    """Every (decomposition, position of the winning group, wait) for a winning tile.

    The position is an index into ``sets`` or -1 for the pair. Readings that
    would be identical are given once.
    """
    out: list[tuple[Decomposition, int, Wait]] = []
    suit, rank = divmod(win, 9)
    for combo in _combos(counts, n_sets):
        d = Decomposition(pair_of(combo), combo_sets(combo))
        offset = sum(len(s.sets) for s in combo[:suit])
        for w in waits_at(combo[suit], rank):
            out.append((d, -1 if w.pos < 0 else offset + w.pos, w.wait))
    return tuple(out)
