"""Tenpai: the tiles that would complete a hand, for the noten payments of a draw.

>>> from scoring.tiles import parse_tiles
>>> [str(t) for t in waits(parse_tiles("123m456p789s1122z"), melds=0)]
['1z', '2z']
>>> is_tenpai(parse_tiles("1111m234p567s789s"), melds=0)  # only 1m completes it: all held
False
>>> is_tenpai(parse_tiles("1m"), melds=4, held=parse_tiles("1m111m"))
False
"""

from __future__ import annotations

from collections.abc import Sequence

from .decompose import counts_of, decompositions, is_chiitoitsu, is_kokushi
from .tiles import TILES, Tile

__all__ = ["is_tenpai", "waits"]


def _complete(counts: list[int], n_sets: int) -> bool:
    if decompositions(tuple(counts), n_sets):
        return True
    return n_sets == 4 and (is_chiitoitsu(counts) or is_kokushi(counts))


_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _candidates(counts: list[int], n_sets: int) -> list[int]:
    """The tile kinds that can complete the hand: a held kind or a number within two of
    one in its suit (every other kind stays a lone tile), and for thirteen orphans held
    only of terminals and honours, every terminal and honour."""
    near: set[int] = set()
    for kind, n in enumerate(counts):
        if not n:
            continue
        near.add(kind)
        if kind < 27:
            low = kind - kind % 9
            near.update(k for k in range(max(low, kind - 2), min(low + 8, kind + 2) + 1))
    if n_sets == 4 and all(counts[k] == 0 for k in range(34) if k not in _ORPHANS):
        near.update(_ORPHANS)
    return sorted(near)


def waits(concealed: Sequence[Tile], melds: int) -> tuple[Tile, ...]:
    """The tile kinds that complete the concealed tiles (13 - 3 x melds of them).

    Args:
        concealed: the concealed tiles.
        melds: how many melds (calls and kans) the hand has.
    """
    n_sets = 4 - melds
    if len(concealed) != 3 * n_sets + 1:
        return ()
    counts = list(counts_of(concealed))
    out: list[Tile] = []
    for kind in _candidates(counts, n_sets):
        if counts[kind] >= 4:
            continue
        counts[kind] += 1
        if _complete(counts, n_sets):
            out.append(TILES[kind])
        counts[kind] -= 1
    return tuple(out)


def is_tenpai(concealed: Sequence[Tile], melds: int, held: Sequence[Tile] = ()) -> bool:
    """Whether the hand is tenpai at a draw: it waits on a tile it does not hold all
    four of (``held``: every tile of the hand, melds included; the concealed tiles
    when not given)."""
    own = counts_of(held or concealed)
    return any(own[t.index] < 4 for t in waits(concealed, melds))
