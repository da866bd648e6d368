"""The first two phases of scoring a win (``scoring.evaluate``), the same in every reading.

Phase 1, the melds: closed or not, kans, the melds' sets as bit masks, their fu items,
the red fives of the whole hand (``MeldPhase``). Phase 2, the dora: dora, ura dora and
red fives as listed and counted (``DoraPhase``). Also the fixed fu items every reading
draws from (base, closed ron, tsumo, waits, valued pairs).
"""

from __future__ import annotations

from typing import NamedTuple

from .facts import DOUBLE_RIICHI, RIICHI, MeldFacts
from .fu import FuKind
from .kinds import Wait
from .rules import RuleProfile
from .shapes import FuTuple
from .tiles import TILES, dora_from_indicator
from .yaku import ORDER

__all__ = ["DoraPhase", "MeldPhase", "dora_phase", "meld_phase"]

#: The dora each indicator kind points at.
DORA_OF: tuple[int, ...] = tuple(dora_from_indicator(TILES[i]).index for i in range(34))

#: A yaku while evaluating: (its place in the listing order, name, han).
Yaku3 = tuple[int, str, int]
O_DORA = ORDER["dora"]
O_URA = ORDER["ura_dora"]
O_AKA = ORDER["aka_dora"]
_new = tuple.__new__

BASE_ITEM = FuTuple(FuKind.BASE, 20, -1, 0)
CLOSED_RON_ITEM = FuTuple(FuKind.CLOSED_RON, 10, -1, 0)
TSUMO_ITEM = FuTuple(FuKind.TSUMO, 2, -1, 0)
OPEN_RON_ITEM = FuTuple(FuKind.OPEN_RON_MINIMUM, 10, -1, 0)
CHIITOITSU_ITEMS: tuple[FuTuple, ...] = (FuTuple(FuKind.CHIITOITSU, 25, -1, 0),)
HEAD: tuple[FuTuple, ...] = (BASE_ITEM,)
HEAD_CLOSED_RON: tuple[FuTuple, ...] = (BASE_ITEM, CLOSED_RON_ITEM)
HEAD_TSUMO: tuple[FuTuple, ...] = (BASE_ITEM, TSUMO_ITEM)
TAIL_OPEN_RON: tuple[FuTuple, ...] = (OPEN_RON_ITEM,)
_WAIT_FU: dict[Wait, FuKind] = {
    Wait.KANCHAN: FuKind.KANCHAN_WAIT,
    Wait.PENCHAN: FuKind.PENCHAN_WAIT,
    Wait.TANKI: FuKind.TANKI_WAIT,
}
#: For each winning tile, the fu item of each wait worth 2 fu.
WAIT_ITEMS: tuple[dict[Wait, tuple[FuTuple, ...]], ...] = tuple(
    {wait: (FuTuple(name, 2, win, 0),) for wait, name in _WAIT_FU.items()} for win in range(34)
)


def _pair_items(kind: FuKind, fu: int) -> tuple[tuple[FuTuple, ...], ...]:
    """For each honour, the fu item of a pair of it of this kind (indexed from 27)."""
    return tuple((FuTuple(kind, fu, i, 2),) for i in range(27, 34))


#: The fu item of a valued pair, by kind, for each honour (index - 27).
DRAGON_PAIR = _pair_items(FuKind.DRAGON_PAIR, 2)
SEAT_PAIR = _pair_items(FuKind.SEAT_WIND_PAIR, 2)
ROUND_PAIR = _pair_items(FuKind.ROUND_WIND_PAIR, 2)
DOUBLE_PAIR = {fu: _pair_items(FuKind.DOUBLE_WIND_PAIR, fu) for fu in (2, 4)}


class MeldPhase(NamedTuple):
    """What the melds add to every reading (phase 1)."""

    closed: int  # 1 while no meld is open
    kans: int
    ankans: int
    seqs: int  # bit mask of the chis' first tiles
    trips: int  # bit mask of the pons' and kans' tiles
    flags: int  # INNER_FLAG when a meld holds no terminal or honour
    present: int  # bit mask of the tile kinds in the melds
    n_seqs: int
    n_trips: int
    fu: int
    items: tuple[FuTuple, ...]
    aka: int  # red fives in the whole hand


class DoraPhase(NamedTuple):
    """The dora of the hand, the same in every reading (phase 2)."""

    yaku: tuple[Yaku3, ...]  # dora, ura dora and red fives as listed
    han: int  # all of them
    dora_han: int  # from the indicators (for the "dora are not yaku" message)
    aka_han: int


def _no_melds(aka: int) -> MeldPhase:
    return MeldPhase(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, (), aka)


#: The meld phase of a hand without melds, by its number of red fives.
NO_MELDS: tuple[MeldPhase, ...] = tuple(_no_melds(aka) for aka in range(13))


def meld_phase(melds: tuple[MeldFacts, ...], reds: tuple[int, int, int]) -> MeldPhase:
    """Phase 1: what the melds add (closed or not, kans, sets, fu items, red fives)."""
    aka = reds[0] + reds[1] + reds[2]
    if not melds:
        return NO_MELDS[aka] if aka < len(NO_MELDS) else _no_melds(aka)
    closed = 1
    kans = ankans = seqs = trips = flags = present = n_seqs = n_trips = fu = 0
    items: tuple[FuTuple, ...] = ()
    for m in melds:
        present |= m.present
        flags |= m.flags
        if m.red_count:
            aka += m.red_count
        if m.is_open:
            closed = 0
        if m.is_kan:
            kans += 1
            if not m.is_open:
                ankans += 1
        item = m.trip_item
        if item is None:
            seqs |= m.seqs
            n_seqs += 1
        else:
            trips |= m.trips
            n_trips += 1
            fu += item.fu
            items += (item,)
    return _new(
        MeldPhase,
        (closed, kans, ankans, seqs, trips, flags, present, n_seqs, n_trips, fu, items, aka),
    )


#: The dora phase of a hand with no indicators and no red fives.
NO_DORA = DoraPhase((), 0, 0, 0)

#: Dora phases already built, by their han (dora << 16 | ura << 8 | red fives): a
#: handful of values, shared by every hand that counts the same dora.
_DORA_PHASES: dict[int, DoraPhase] = {}


def dora_phase(
    dora_ind: tuple[int, ...],
    ura_ind: tuple[int, ...],
    fl: int,
    rules: RuleProfile,
    full: bytes,
    aka: int,
) -> DoraPhase:
    """Phase 2: dora from the indicators, ura dora (riichi only) and red fives.

    Called only when there is something to count (else the phase is ``NO_DORA``).
    """
    dora_han = ura_han = 0
    if dora_ind:  # one indicator (most hands) is one lookup
        if len(dora_ind) == 1 or not rules.kan_dora:
            dora_han = full[DORA_OF[dora_ind[0]]]
        else:
            dora_han = sum(map(full.__getitem__, map(DORA_OF.__getitem__, dora_ind)))
    if ura_ind and fl & (RIICHI | DOUBLE_RIICHI) and rules.ura_dora:
        if len(ura_ind) == 1 or not rules.kan_dora:
            ura_han = full[DORA_OF[ura_ind[0]]]
        else:
            ura_han = sum(map(full.__getitem__, map(DORA_OF.__getitem__, ura_ind)))
    aka_han = aka if rules.red_fives else 0
    key = dora_han << 16 | ura_han << 8 | aka_han
    dp = _DORA_PHASES.get(key)
    if dp is None:
        dora_yaku: tuple[Yaku3, ...] = ()
        if dora_han:
            dora_yaku += ((O_DORA, "dora", dora_han),)
        if ura_han:
            dora_yaku += ((O_URA, "ura_dora", ura_han),)
        if aka_han:
            dora_yaku += ((O_AKA, "aka_dora", aka_han),)
        dp = _DORA_PHASES[key] = _new(
            DoraPhase, (dora_yaku, dora_han + ura_han + aka_han, dora_han, aka_han))
    return dp
