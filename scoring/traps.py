"""What a scored hand can teach: its waits and the traps it sets, computed once.

The topics of a hand (``data.topics``) and the mistakes the grading looks for
(``quiz.mistakes``) both start from here, so a trap is defined in one place.

>>> from scoring import parse_record, score
>>> r = score(parse_record({"hand": "234567m34p456s22z5p", "win": "5p", "seat": "S",
...                         "round": "E", "riichi": True}))
>>> t = traps_of(r)
>>> [str(x) for x in t.waiting_tiles], sorted(w.value for w in t.possible_waits)
(['2p', '5p'], ['ryanmen'])
>>> sorted(x.value for x in t.traps)
['fu_rounding', 'yakuhai_pair_no_pinfu']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .decompose import counts_of, decompositions, is_chiitoitsu, is_kokushi, readings
from .hand import Hand
from .result import Group, GroupKind, ReadingKind, Result, Wait
from .tiles import TILES, Tile, dora_from_indicator

__all__ = ["KUISAGARI", "Trap", "Traps", "possible_waits", "traps_of", "winning_tiles"]

#: The yaku that lose a han when the hand is open.
KUISAGARI = frozenset(("chanta", "junchan", "ittsu", "sanshoku_doujun", "honitsu", "chinitsu"))


class Trap(StrEnum):
    """A point of the hand where learners commonly go wrong."""

    RON_TRIPLET = "ron_triplet"  # a triplet completed by ron counts as open
    YAKUHAI_PAIR_NO_PINFU = "yakuhai_pair_no_pinfu"  # a valued pair spoils pinfu
    GUEST_WIND_PAIR = "guest_wind_pair"  # a pair of a wind that is not valued: no fu
    SEVERAL_READINGS = "several_readings"  # the winning tile reads as several waits
    BEST_READING = "best_reading"  # another reading is worth something else
    KUISAGARI = "kuisagari"  # an open hand's yaku worth a han less
    URA_WITHOUT_RIICHI = "ura_without_riichi"  # ura indicators shown, no riichi
    PINFU_TSUMO = "pinfu_tsumo"  # pinfu tsumo: the tsumo fu are not counted
    RINSHAN_FU = "rinshan_fu"  # a rinshan win is a tsumo for fu
    RYANPEIKOU_NOT_CHIITOITSU = "ryanpeikou_not_chiitoitsu"
    FU_ROUNDING = "fu_rounding"  # the raw fu is not a multiple of 10


@dataclass(frozen=True, slots=True)
class Traps:
    """The waits of a scored hand and the traps it sets.

    Attributes:
        traps: the traps present.
        waiting_tiles: before the win, the tile kinds that complete the hand.
        possible_waits: the waits the winning tile can be read as (standard shapes).
        ron_triplets: triplets the winning tile completed by ron (they count as open).
        spoiling_pair: the valued pair that keeps a closed four-sequence ryanmen hand
            from pinfu, or None.
        kuisagari: the yaku worth a han less because the hand is open.
        ura_without_riichi: the ura dora the hand would hold if they counted (no riichi).
        kan_dora_extra: the dora from the indicators after the first (0 with one indicator).
    """

    traps: frozenset[Trap]
    waiting_tiles: tuple[Tile, ...]
    possible_waits: frozenset[Wait]
    ron_triplets: tuple[Group, ...] = ()
    spoiling_pair: Group | None = None
    kuisagari: tuple[str, ...] = ()
    ura_without_riichi: int = 0
    kan_dora_extra: int = 0

    def __contains__(self, trap: object) -> bool:
        return trap in self.traps


def winning_tiles(concealed: Iterable[Tile], n_melds: int) -> tuple[Tile, ...]:
    """The tile kinds that complete a waiting hand (shape only, yaku aside).

    Kinds the hand already holds four of are left out (they cannot be drawn).

    >>> from scoring.tiles import format_tiles, parse_tiles
    >>> format_tiles(winning_tiles(parse_tiles("23m456p789s111z55s"), 0))
    '14m'
    """
    base = list(counts_of(concealed))
    n_sets = 4 - n_melds
    out = []
    for i in range(34):
        if base[i] >= 4:
            continue
        base[i] += 1
        counts = tuple(base)
        if decompositions(counts, n_sets) or (
            n_melds == 0 and (is_chiitoitsu(counts) or is_kokushi(counts))
        ):
            out.append(TILES[i])
        base[i] -= 1
    return tuple(out)


def possible_waits(hand: Hand) -> frozenset[Wait]:
    """The waits the winning tile can be read as in four sets and a pair."""
    n_sets = 4 - len(hand.melds)
    return frozenset(w for _, _, w in readings(counts_of(hand.concealed), n_sets, hand.win.index))


def _held(result: Result) -> list[int]:
    held = [0] * 34
    for t in result.hand.all_tiles():
        held[t.index] += 1
    return held


def traps_of(result: Result) -> Traps:
    """The waits and traps of a scored hand."""
    hand, s, rules = result.hand, result.situation, result.profile
    yaku = {y.name for y in result.yaku}
    found: set[Trap] = set()
    before = list(hand.concealed)
    before.remove(hand.win)
    waiting = winning_tiles(before, len(hand.melds))
    reading = result.reading
    waits: frozenset[Wait] = frozenset()
    ron_triplets: tuple[Group, ...] = ()
    spoiling: Group | None = None
    if reading.kind is ReadingKind.STANDARD:
        waits = possible_waits(hand)
        if len(waits) > 1:
            found.add(Trap.SEVERAL_READINGS)
        if result.tsumo and "pinfu" in yaku:
            found.add(Trap.PINFU_TSUMO)
        if result.raw_fu % 10:
            found.add(Trap.FU_ROUNDING)
        ron_triplets = tuple(
            g
            for g in reading.groups
            if g.kind is GroupKind.TRIPLET and g.has_win and not g.melded and not g.concealed
        )
        if ron_triplets:
            found.add(Trap.RON_TRIPLET)
        pair = next((g for g in reading.groups if g.kind is GroupKind.PAIR), None)
        seqs = sum(1 for g in reading.groups if g.kind is GroupKind.SEQUENCE)
        if pair is not None:
            tile = pair.tiles[0]
            valued = tile.is_dragon or tile.index in (
                s.seat_wind.tile.index,
                s.round_wind.tile.index,
            )
            if tile.is_wind and not valued:
                found.add(Trap.GUEST_WIND_PAIR)
            if (
                valued
                and hand.is_closed
                and not hand.melds
                and seqs == 4
                and result.wait is Wait.RYANMEN
                and "pinfu" not in yaku
            ):
                found.add(Trap.YAKUHAI_PAIR_NO_PINFU)
                spoiling = pair
        if s.rinshan and result.tsumo and "pinfu" not in yaku:
            found.add(Trap.RINSHAN_FU)
    kuisagari = () if hand.is_closed else tuple(sorted(yaku & KUISAGARI))
    if kuisagari:
        found.add(Trap.KUISAGARI)
    if "ryanpeikou" in yaku:
        found.add(Trap.RYANPEIKOU_NOT_CHIITOITSU)
    if any(
        a.base != result.base or (not a.yakuman and (a.han, a.fu) != (result.han, result.fu))
        for a in result.alternatives
    ):
        found.add(Trap.BEST_READING)
    held = _held(result)
    ura = 0
    if s.ura and not s.in_riichi:
        found.add(Trap.URA_WITHOUT_RIICHI)
        ura = sum(held[dora_from_indicator(t).index] for t in s.ura)
    extra = 0
    if len(s.dora) > 1 and rules.kan_dora:
        extra = sum(held[dora_from_indicator(t).index] for t in s.dora[1:])
    return Traps(
        frozenset(found), waiting, waits, ron_triplets, spoiling, kuisagari, ura, extra
    )
