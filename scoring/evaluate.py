"""Yaku, fu and points for every reading; the reading worth the most wins.

This is the one place where the rules of yaku and fu are written down. It
works on the compact form of a win (``scoring.facts``) and the per-suit tables
(``scoring.shapes``): the hand-level yaku are bit tests on the mask of tile
kinds present, the set-level ones (ittsu, sanshoku, chanta, peikou, yakuhai...)
bit tests on the masks of sequences and triplets, so a reading costs a few
dozen operations. A reading's yaku are a set of bits (a bit a name, in listing
order); their han and listing are looked up once per distinct set. The object
API calls ``evaluate_facts`` (every reading, for the explanation's "why this
reading"); the batch interface calls ``best_reading``, which builds the result
of a reading only when it beats the best so far.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import IncompleteHandError, NoYakuError, Reason
from .facts import (
    CHANKAN,
    CHIIHOU,
    DOUBLE_RIICHI,
    HAITEI,
    HOUTEI,
    IPPATSU,
    RENHOU,
    RIICHI,
    RINSHAN,
    TENHOU,
    TSUMO,
    Facts,
    MeldFacts,
    SetTuple,
    concealed_tiles,
)
from .fu import FuKind
from .memo import Memo
from .result import Limit, ReadingKind, Wait
from .rules import Kazoe, Renhou, RuleProfile
from .shapes import (
    INNER_FLAG,
    OPEN_TRIP_ITEMS,
    FuTuple,
    Split,
    WaitReading,
    combinations,
    waits_at,
)
from .tiles import TILES, dora_from_indicator, format_tiles
from .validate import Checked
from .yaku import ORDER, YAKU

__all__ = [
    "Outcome",
    "SetTuple",
    "base_points",
    "evaluate_facts",
]

#: The dora each indicator kind points at.
DORA_OF: tuple[int, ...] = tuple(dora_from_indicator(TILES[i]).index for i in range(34))


def _mask(indices: tuple[int, ...] | range) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


TH_MASK = _mask((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
TERMINAL_MASK = _mask((0, 8, 9, 17, 18, 26))
HONOR_MASK = _mask(range(27, 34))
SUITED_MASK = _mask(range(27))
GREEN_MASK = _mask((19, 20, 21, 23, 25, 32))
WIND_MASK = _mask(range(27, 31))
#: The suited tiles present are all of one suit: any non-empty subset of one suit's mask.
_ONE_SUIT = frozenset(m << (9 * s) for s in range(3) for m in range(1, 512))
NOT_TH = ((1 << 34) - 1) & ~TH_MASK
#: 123, 456 and 789 of one suit, as sequence bits from the suit's first tile.
ITTSU_BITS = 0b1001001
#: For each mask of a suit's sequences (a bit a first rank), whether it holds the three.
_ITTSU = bytes(1 if m & ITTSU_BITS == ITTSU_BITS else 0 for m in range(512))
#: A suit's counts of 1112345678999 (the nine gates before the ninth tile).
JUNSEI = bytes((3, 1, 1, 1, 1, 1, 1, 1, 3))

#: A yaku while evaluating: (its place in the listing order, name, han).
Yaku3 = tuple[int, str, int]


def _y(name: str) -> Yaku3:
    """A yaku with its han from the table (closed han: the same open where it counts)."""
    return (ORDER[name], name, YAKU[name].closed_han)


#: Renhou valued as mangan (where the rules say so): its 5 han.
Y_RENHOU_MANGAN = _y("renhou")
O_DORA = ORDER["dora"]
O_URA = ORDER["ura_dora"]
O_AKA = ORDER["aka_dora"]

BASE_ITEM = FuTuple(FuKind.BASE, 20, -1, 0)
CLOSED_RON_ITEM = FuTuple(FuKind.CLOSED_RON, 10, -1, 0)
TSUMO_ITEM = FuTuple(FuKind.TSUMO, 2, -1, 0)
OPEN_RON_ITEM = FuTuple(FuKind.OPEN_RON_MINIMUM, 10, -1, 0)
CHIITOITSU_ITEMS: tuple[FuTuple, ...] = (FuTuple(FuKind.CHIITOITSU, 25, -1, 0),)
_HEAD: tuple[FuTuple, ...] = (BASE_ITEM,)
_HEAD_CLOSED_RON: tuple[FuTuple, ...] = (BASE_ITEM, CLOSED_RON_ITEM)
_HEAD_TSUMO: tuple[FuTuple, ...] = (BASE_ITEM, TSUMO_ITEM)
_TAIL_OPEN_RON: tuple[FuTuple, ...] = (OPEN_RON_ITEM,)
_WAIT_FU: dict[Wait, FuKind] = {
    Wait.KANCHAN: FuKind.KANCHAN_WAIT,
    Wait.PENCHAN: FuKind.PENCHAN_WAIT,
    Wait.TANKI: FuKind.TANKI_WAIT,
}
#: For each winning tile, the fu item of each wait worth 2 fu.
_WAIT_ITEMS: tuple[dict[Wait, tuple[FuTuple, ...]], ...] = tuple(
    {wait: (FuTuple(name, 2, win, 0),) for wait, name in _WAIT_FU.items()} for win in range(34)
)


def _pair_items(kind: FuKind, fu: int) -> tuple[tuple[FuTuple, ...], ...]:
    """For each honour, the fu item of a pair of it of this kind (indexed from 27)."""
    return tuple((FuTuple(kind, fu, i, 2),) for i in range(27, 34))


#: The fu item of a valued pair, by kind, for each honour (index - 27).
_DRAGON_PAIR = _pair_items(FuKind.DRAGON_PAIR, 2)
_SEAT_PAIR = _pair_items(FuKind.SEAT_WIND_PAIR, 2)
_ROUND_PAIR = _pair_items(FuKind.ROUND_WIND_PAIR, 2)
_DOUBLE_PAIR = {fu: _pair_items(FuKind.DOUBLE_WIND_PAIR, fu) for fu in (2, 4)}
RYANMEN = Wait.RYANMEN
SHANPON = Wait.SHANPON
TANKI = Wait.TANKI
STANDARD = ReadingKind.STANDARD
CHIITOITSU = ReadingKind.CHIITOITSU
KOKUSHI = ReadingKind.KOKUSHI
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_new = tuple.__new__

_YAKUMAN_LIMITS: tuple[Limit, ...] = (
    Limit.YAKUMAN,
    Limit.DOUBLE_YAKUMAN,
    Limit.TRIPLE_YAKUMAN,
    Limit.QUADRUPLE_YAKUMAN,
    Limit.QUINTUPLE_YAKUMAN,
    Limit.SEXTUPLE_YAKUMAN,
)


class Outcome(NamedTuple):
    """One scored reading, in plain values (the core's answer).

    Attributes:
        key: (yakuman, base, han, fu): the reading worth the most has the largest key.
        kind: standard, seven pairs or thirteen orphans.
        combo: the split of each suit (standard readings; empty otherwise).
        waiting: where the winning tile sits in the split of its suit (standard only).
        wait: the wait.
        pair: the pair's tile index.
        yaku: (order, name, han) of each yaku and dora, in the order they are listed.
        yakuman: the yakuman multiplier (0 when none).
        han: total han, dora included (0 for yakuman).
        fu: rounded fu.
        raw_fu: fu before rounding.
        items: the fu items.
        base: base points.
        limit: the named limit or None.
    """

    key: tuple[int, int, int, int]
    kind: ReadingKind
    combo: tuple[Split, ...]
    waiting: WaitReading | None
    wait: Wait
    pair: int
    yaku: tuple[Yaku3, ...]
    yakuman: int
    han: int
    fu: int
    raw_fu: int
    items: tuple[FuTuple, ...]
    base: int
    limit: Limit | None


def base_points(han: int, fu: int, yakuman: int, rules: RuleProfile) -> tuple[int, Limit | None]:
    """Base points and the limit for a hand's han and fu.

    >>> from scoring.rules import TENHOU, WRC
    >>> base_points(1, 110, 0, TENHOU)
    (880, None)
    >>> base_points(4, 30, 0, TENHOU), base_points(4, 30, 0, WRC)
    ((1920, None), (2000, <Limit.MANGAN: 'mangan'>))
    >>> base_points(13, 30, 0, TENHOU), base_points(13, 30, 0, WRC)
    ((8000, <Limit.YAKUMAN: 'yakuman'>), (6000, <Limit.SANBAIMAN: 'sanbaiman'>))
    """
    if yakuman:
        return 8000 * yakuman, _YAKUMAN_LIMITS[min(yakuman, 6) - 1]
    if han < 5:
        base = fu << (han + 2)
        if base >= 2000 or (base == 1920 and rules.kiriage):
            return 2000, Limit.MANGAN
        return base, None
    if han >= 13:
        if rules.kazoe is Kazoe.YAKUMAN:
            return 8000, Limit.YAKUMAN
        return 6000, Limit.SANBAIMAN
    if han >= 11:
        return 6000, Limit.SANBAIMAN
    if han >= 8:
        return 4000, Limit.BAIMAN
    if han >= 6:
        return 3000, Limit.HANEMAN
    return 2000, Limit.MANGAN



# --- yaku as bits -------------------------------------------------------------
#
# While the readings are compared, the yaku of a reading are a set of bits, a bit
# a name at its place in the listing order (``ORDER``); the han and the listing of
# a set are looked up once per distinct set (``YAKU_SETS``). Ordinary yaku and
# yakuman are kept apart: a reading with a yakuman is scored on its yakuman only.

NAMES: tuple[str, ...] = tuple(ORDER)
BIT: dict[str, int] = {name: 1 << i for name, i in ORDER.items()}
B_RIICHI, B_DOUBLE_RIICHI, B_IPPATSU = BIT["riichi"], BIT["double_riichi"], BIT["ippatsu"]
B_TSUMO, B_PINFU, B_TANYAO, B_IIPEIKOU = (
    BIT["menzen_tsumo"],
    BIT["pinfu"],
    BIT["tanyao"],
    BIT["iipeikou"],
)
B_HAKU, B_HATSU, B_CHUN = BIT["haku"], BIT["hatsu"], BIT["chun"]
B_SEAT, B_ROUND = BIT["seat_wind"], BIT["round_wind"]
B_CHIITOITSU, B_CHANTA, B_ITTSU = BIT["chiitoitsu"], BIT["chanta"], BIT["ittsu"]
B_SANSHOKU, B_DOUKOU, B_SANKANTSU = (
    BIT["sanshoku_doujun"],
    BIT["sanshoku_doukou"],
    BIT["sankantsu"],
)
B_TOITOI, B_SANANKOU, B_SHOUSANGEN = BIT["toitoi"], BIT["sanankou"], BIT["shousangen"]
B_HONROUTOU, B_RYANPEIKOU, B_JUNCHAN = BIT["honroutou"], BIT["ryanpeikou"], BIT["junchan"]
B_HONITSU, B_CHINITSU = BIT["honitsu"], BIT["chinitsu"]
# yakuman
B_TENHOU, B_CHIIHOU, B_RENHOU = BIT["tenhou"], BIT["chiihou"], BIT["renhou"]
B_DAISANGEN, B_SUUANKOU, B_SUUANKOU_TANKI = (
    BIT["daisangen"],
    BIT["suuankou"],
    BIT["suuankou_tanki"],
)
B_TSUUIISOU, B_RYUUIISOU, B_CHINROUTOU = BIT["tsuuiisou"], BIT["ryuuiisou"], BIT["chinroutou"]
B_CHUUREN, B_JUNSEI = BIT["chuuren_poutou"], BIT["junsei_chuuren_poutou"]
B_KOKUSHI, B_KOKUSHI_13 = BIT["kokushi_musou"], BIT["kokushi_musou_13"]
B_DAISUUSHII, B_SHOUSUUSHII, B_SUUKANTSU = (
    BIT["daisuushii"],
    BIT["shousuushii"],
    BIT["suukantsu"],
)
#: The yakuman a seven-pairs or thirteen-orphans hand keeps from the hand-level ones.
_CHIITOI_YAKUMAN_BITS = B_TENHOU | B_CHIIHOU | B_RENHOU | B_TSUUIISOU
_KOKUSHI_YAKUMAN_BITS = B_TENHOU | B_CHIIHOU | B_RENHOU
#: Without stacking, the yakuman kept is the one worth most, the first of these on a tie.
_YAKUMAN_PRIORITY: tuple[str, ...] = (
    "kokushi_musou_13",
    "kokushi_musou",
    "tenhou",
    "chiihou",
    "renhou",
    "daisangen",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "daisuushii",
    "shousuushii",
    "suukantsu",
    "junsei_chuuren_poutou",
    "chuuren_poutou",
    "suuankou_tanki",
    "suuankou",
)


def _flag_yaku(flags: int) -> int:
    """The yaku bits of the situation flags (riichi, ippatsu, chankan, rinshan, haitei...)."""
    bits = 0
    if flags & DOUBLE_RIICHI:
        bits |= B_DOUBLE_RIICHI
    elif flags & RIICHI:
        bits |= B_RIICHI
    for flag, bit in (
        (IPPATSU, B_IPPATSU),
        (CHANKAN, BIT["chankan"]),
        (RINSHAN, BIT["rinshan_kaihou"]),
        (HAITEI, BIT["haitei"]),
        (HOUTEI, BIT["houtei"]),
    ):
        if flags & flag:
            bits |= bit
    return bits


#: The yaku bits of the flags RIICHI to HOUTEI, indexed by ``flags >> 1 & 127``.
_FLAG_YAKU: tuple[int, ...] = tuple(_flag_yaku(v << 1) for v in range(128))


def _yaku_set(key: int) -> tuple[int, tuple[Yaku3, ...]]:
    """The han and the listing of a set of ordinary yaku; ``key`` is ``bits << 1 | closed``."""
    closed = key & 1
    bits = key >> 1
    han = 0
    out: list[Yaku3] = []
    while bits:
        low = bits & -bits
        i = low.bit_length() - 1
        info = YAKU[NAMES[i]]
        h = info.closed_han if closed or info.open_han is None else info.open_han
        han += h
        out.append((i, info.name, h))
        bits ^= low
    return han, tuple(out)


def _yakuman_set(key: int) -> tuple[int, tuple[Yaku3, ...]]:
    """The multiplier and listing of a set of yakuman.

    ``key`` is ``bits << 2 | double_yakuman << 1 | yakuman_stacking``.
    """
    double, stacking = key & 2, key & 1
    found: list[tuple[str, int]] = []
    for name in _YAKUMAN_PRIORITY:
        if key >> 2 & BIT[name]:
            found.append((name, (YAKU[name].yakuman or 1) if double else 1))
    if not stacking and len(found) > 1:
        found = [max(found, key=lambda y: y[1])]
    listing = sorted((ORDER[name], name, 13 * m) for name, m in found)
    return sum(m for _, m in found), tuple(listing)


#: ``bits << 1 | closed`` -> (han, listing); ``bits << 2 | rules`` -> (multiplier, listing).
YAKU_SETS = Memo(_yaku_set)
YAKUMAN_SETS = Memo(_yakuman_set)


#: A reading's value: (key, yaku listing, yakuman multiplier, han, base points, limit).
Value = tuple[tuple[int, int, int, int], tuple[Yaku3, ...], int, int, int, Limit | None]


def _value(
    rules: RuleProfile, ybits: int, ymbits: int, closed: int, fu: int, dora: DoraPhase
) -> Value:
    """Value one reading: its yakuman, or its yaku and dora; base points and limit.

    The key orders readings as the rules do: yakuman, then points, han and fu. A
    reading with no yaku is worth nothing.
    """
    if ymbits:
        rule_bits = rules.double_yakuman << 1 | rules.yakuman_stacking
        mult, listing = YAKUMAN_SETS[ymbits << 2 | rule_bits]
        base, limit = base_points(0, fu, mult, rules)
        return (mult, base, 0, fu), listing, mult, 0, base, limit
    if not ybits:
        return (0, 0, 0, fu), (), 0, 0, 0, None
    han, listing = YAKU_SETS[ybits << 1 | closed]
    han += dora[1]  # DoraPhase.han (by index: this runs for every reading)
    if dora[0]:  # DoraPhase.yaku
        listing += dora[0]
    base, limit = base_points(han, fu, 0, rules)
    return (0, base, han, fu), listing, 0, han, base, limit


def _outcome(
    kind: ReadingKind,
    combo: tuple[Split, ...],
    waiting: WaitReading | None,
    wait: Wait,
    pair: int,
    fu: int,
    raw_fu: int,
    items: tuple[FuTuple, ...],
    value: Value,
) -> Outcome:
    """One reading with its value, as an ``Outcome``."""
    key, listing, yakuman, han, base, limit = value
    return _new(
        Outcome,
        (
            key,
            kind,
            combo,
            waiting,
            wait,
            pair,
            listing,
            yakuman,
            han,
            fu,
            raw_fu,
            items,
            base,
            limit,
        ),
    )


def evaluate_facts(f: Facts, checked: Checked) -> tuple[Outcome, list[Outcome]]:
    """Score every reading of a validated win; return the best and all of them.

    Args:
        f: the win in compact form.
        checked: what ``scoring.validate.check`` returned for it.

    Raises:
        IncompleteHandError: when no reading makes a winning hand.
        NoYakuError: when the best reading has no yaku.
    """
    return _evaluate(f, checked, True)


def best_reading(f: Facts, checked: Checked) -> Outcome:
    """The reading worth the most, as ``evaluate_facts`` chooses it (without the others).

    Raises:
        IncompleteHandError, NoYakuError: as ``evaluate_facts``.
    """
    return _evaluate(f, checked, False)[0]


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
_NO_MELDS: tuple[MeldPhase, ...] = tuple(_no_melds(aka) for aka in range(13))


def _meld_phase(melds: tuple[MeldFacts, ...], reds: tuple[int, int, int]) -> MeldPhase:
    """Phase 1: what the melds add (closed or not, kans, sets, fu items, red fives)."""
    aka = reds[0] + reds[1] + reds[2]
    if not melds:
        return _NO_MELDS[aka] if aka < len(_NO_MELDS) else _no_melds(aka)
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
_NO_DORA = DoraPhase((), 0, 0, 0)

#: Dora phases already built, by their han (dora << 16 | ura << 8 | red fives): a
#: handful of values, shared by every hand that counts the same dora.
_DORA_PHASES: dict[int, DoraPhase] = {}


def _dora_phase(
    dora_ind: tuple[int, ...],
    ura_ind: tuple[int, ...],
    fl: int,
    rules: RuleProfile,
    full: bytes,
    aka: int,
) -> DoraPhase:
    """Phase 2: dora from the indicators, ura dora (riichi only) and red fives.

    Called only when there is something to count (else the phase is ``_NO_DORA``).
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


def _evaluate(f: Facts, checked: Checked, every: bool) -> tuple[Outcome, list[Outcome]]:
    """Every reading of a validated win, in phases; the best one and (``every``) all."""
    e0, e1, e2, e3, full = checked
    _, _, reds, win, _, melds, fl, rnd, seat, dora_ind, ura_ind, _, _, rules, _ = f
    # phase 1: the melds (a hand without melds, most hands, skips the call)
    held_reds = reds[0] + reds[1] + reds[2]
    no_melds = not melds and held_reds < len(_NO_MELDS)
    mp = _NO_MELDS[held_reds] if no_melds else _meld_phase(melds, reds)
    (closed, kans, ankans, m_seqs, m_trips, m_flags, m_present,
     m_nseqs, m_ntrips, m_fu, m_items, aka) = mp
    # phase 2: the dora (none to count: no call)
    dp = _dora_phase(dora_ind, ura_ind, fl, rules, full, aka) if dora_ind or ura_ind or aka \
        else _NO_DORA
    tsumo = fl & TSUMO

    # phase 3: the yaku of the whole hand, whatever the reading (as bits; inline, as it
    # runs for every hand)
    present = e0.present | e1.present << 9 | e2.present << 18 | e3.present << 27 | m_present
    hb = 0
    ymb = 0
    if fl > TSUMO:
        hb = _FLAG_YAKU[fl >> 1 & 127]
        if hb & B_IPPATSU and not rules.ippatsu:
            hb ^= B_IPPATSU
        if fl & TENHOU:
            ymb |= B_TENHOU
        if fl & CHIIHOU:
            ymb |= B_CHIIHOU
        if fl & RENHOU and rules.renhou is Renhou.YAKUMAN:
            ymb |= B_RENHOU
    if tsumo and closed:
        hb |= B_TSUMO
    if not present & TH_MASK and (closed or rules.open_tanyao):
        hb |= B_TANYAO
    honors = present & HONOR_MASK
    suited = present & SUITED_MASK
    single_suit = suited in _ONE_SUIT
    if single_suit:
        hb |= B_HONITSU if honors else B_CHINITSU
    all_terminal = not present & ~TERMINAL_MASK
    if not present & NOT_TH and suited and not all_terminal:
        hb |= B_HONROUTOU
    if kans >= 3:
        if kans == 3:
            hb |= B_SANKANTSU
        else:
            ymb |= B_SUUKANTSU
    if honors:
        if full[31] >= 3 and full[32] >= 3 and full[33] >= 3:
            ymb |= B_DAISANGEN
        if not suited:
            ymb |= B_TSUUIISOU
        if honors & WIND_MASK:
            wind_trips = (full[27] >= 3) + (full[28] >= 3) + (full[29] >= 3) + (full[30] >= 3)
            if wind_trips == 4:
                ymb |= B_DAISUUSHII
            elif wind_trips == 3 and 2 in (full[27], full[28], full[29], full[30]):
                ymb |= B_SHOUSUUSHII
    if not present & ~GREEN_MASK:
        ymb |= B_RYUUIISOU
    if all_terminal:
        ymb |= B_CHINROUTOU
    if single_suit and not honors and not melds:
        suit = win // 9
        if (e0, e1, e2)[suit].nine_gates:
            before = bytearray(f.counts[9 * suit : 9 * suit + 9])
            before[win - 9 * suit] -= 1
            ymb |= B_JUNSEI if before == JUNSEI else B_CHUUREN

    dora = dp

    outcomes: list[Outcome] = []
    best: Outcome | None = None
    best_key = (-1, 0, 0, 0)

    # phases 4 and 5, for each reading of four sets and a pair: its yaku, then its fu
    combos = combinations(e0, e1, e2, e3)
    if combos:
        ws = win // 9
        wr = win - 9 * ws
        tsumo_fu = tsumo and (rules.rinshan_tsumo_fu or not fl & RINSHAN)
        open_ron = not closed and not tsumo
        closed_ron = closed and not tsumo
        wait_items = _WAIT_ITEMS[win]
        # chis by suit, as rank masks like the splits' sequences
        if m_seqs:
            chi_m, chi_p, chi_s = m_seqs & 0x1FF, m_seqs >> 9 & 0x1FF, m_seqs >> 18 & 0x1FF
        else:
            chi_m = chi_p = chi_s = 0
        # The honours split is the same in every decomposition: so are the yakuhai. (They
        # go with the hand's yaku: a hand with an honour triplet is not seven pairs.)
        honor_trips = e3.splits[0].trips | m_trips >> 27
        if honor_trips:
            if honor_trips & 16:
                hb |= B_HAKU
            if honor_trips & 32:
                hb |= B_HATSU
            if honor_trips & 64:
                hb |= B_CHUN
            if honor_trips >> (seat - 27) & 1:
                hb |= B_SEAT
            if honor_trips >> (rnd - 27) & 1:
                hb |= B_ROUND
        for combo in combos:
            a, b, c, d = combo
            packed = a.packed + b.packed + c.packed + d.packed
            pair = (packed >> 17) - 1  # its rank: which suit is it in?
            if a.pair < 0:
                pair += 9 if b.pair >= 0 else 18 if c.pair >= 0 else 27
            n_seqs = (packed & 7) + m_nseqs
            conc = packed >> 3 & 7
            n_trips = conc + m_ntrips
            if conc:
                trip_items = a.items[0] + b.items[1] + c.items[2] + d.items[3] + m_items
            else:
                trip_items = m_items
            conc += ankans

            # yaku of this decomposition, whatever the wait
            cb = hb
            if n_seqs:
                if closed:
                    peikou = packed >> 6 & 3
                    if peikou:
                        cb |= B_RYANPEIKOU if peikou == 2 else B_IIPEIKOU
                if not (a.flags | b.flags | c.flags | d.flags | m_flags) & INNER_FLAG:
                    cb |= B_CHANTA if pair >= 27 or honor_trips else B_JUNCHAN
                seq_m, seq_p, seq_s = a.seqs | chi_m, b.seqs | chi_p, c.seqs | chi_s
                if _ITTSU[seq_m] or _ITTSU[seq_p] or _ITTSU[seq_s]:
                    cb |= B_ITTSU
                if seq_m & seq_p & seq_s:
                    cb |= B_SANSHOKU
            if n_trips >= 3:
                trips = a.trips | b.trips << 9 | c.trips << 18 | m_trips
                if trips & trips >> 9 & trips >> 18 & 0x1FF:
                    cb |= B_DOUKOU
                if n_trips == 4:
                    cb |= B_TOITOI
            if pair >= 31 and (honor_trips >> 4).bit_count() == 2:
                cb |= B_SHOUSANGEN

            # the pair's fu
            raw_fixed = 20 + (packed >> 11 & 63) + m_fu
            if pair < 27:
                pair_items: tuple[FuTuple, ...] = ()
            elif pair >= 31:
                pair_items = _DRAGON_PAIR[pair - 27]
                raw_fixed += 2
            elif pair == seat:
                if pair == rnd:
                    pair_fu = rules.double_wind_pair_fu
                    pair_items = _DOUBLE_PAIR[pair_fu][pair - 27]
                    raw_fixed += pair_fu
                else:
                    pair_items = _SEAT_PAIR[pair - 27]
                    raw_fixed += 2
            elif pair == rnd:
                pair_items = _ROUND_PAIR[pair - 27]
                raw_fixed += 2
            else:
                pair_items = ()
            pinfu_shape = closed and n_seqs == 4 and not pair_items

            home = combo[ws]
            for w in home.waits[wr] or waits_at(home, wr):
                wait = w.wait
                # the fu
                raw = raw_fixed
                if closed_ron:
                    head = _HEAD_CLOSED_RON
                    raw += 10
                elif tsumo_fu and not (pinfu_shape and wait is RYANMEN):
                    head = _HEAD_TSUMO
                    raw += 2
                else:
                    head = _HEAD
                ct = conc
                if tsumo or wait is not SHANPON:
                    items = head + trip_items
                else:  # a triplet completed by ron counts as open
                    ct -= 1
                    parts = [a.items[0], b.items[1], c.items[2], d.items[3]]
                    opened = list(parts[ws])
                    old = opened[w.opened]
                    new = opened[w.opened] = OPEN_TRIP_ITEMS[old[2]]
                    raw += new[1] - old[1]
                    parts[ws] = tuple(opened)
                    items = head + parts[0] + parts[1] + parts[2] + parts[3] + m_items
                if pair_items:
                    items += pair_items
                tail = wait_items.get(wait)
                if tail is not None:
                    items += tail
                    raw += 2
                if open_ron and raw == 20:
                    items += _TAIL_OPEN_RON
                    raw = 30
                fu = -(-raw // 10) * 10
                # the yaku that depend on the wait
                yb = cb
                ymr = ymb
                if ct == 4:
                    ymr |= B_SUUANKOU_TANKI if wait is TANKI else B_SUUANKOU
                elif ct == 3:
                    yb |= B_SANANKOU
                if pinfu_shape and wait is RYANMEN:
                    yb |= B_PINFU
                # its value, to compare (the Outcome itself is built only when needed)
                value = _value(rules, yb, ymr, closed, fu, dora)
                if every or value[0] > best_key:
                    o = _outcome(STANDARD, combo, w, wait, pair, fu, raw, items, value)
                    if every:
                        outcomes.append(o)
                    if o.key > best_key:
                        best, best_key = o, o.key

    # --- seven pairs, thirteen orphans
    if not melds:
        if e0.pairs + e1.pairs + e2.pairs + e3.pairs == 7:
            yb = B_CHIITOITSU | (hb & ~B_SANKANTSU)
            fu = CHIITOITSU_ITEMS[0][1]  # 25, not rounded
            chiitoi = _value(rules, yb, ymb & _CHIITOI_YAKUMAN_BITS, closed, fu, dora)
            o = _outcome(CHIITOITSU, (), None, TANKI, win, fu, fu, CHIITOITSU_ITEMS, chiitoi)
            outcomes.append(o)
            if o.key > best_key:
                best, best_key = o, o.key
        elif e0.orphans and e1.orphans and e2.orphans and e3.orphans:
            thirteen = full[win] == 2
            pair = next(i for i in _ORPHANS if full[i] == 2)
            ymbits = (B_KOKUSHI_13 if thirteen else B_KOKUSHI) | (ymb & _KOKUSHI_YAKUMAN_BITS)
            wait = Wait.KOKUSHI_13 if thirteen else Wait.KOKUSHI
            o = _outcome(
                KOKUSHI, (), None, wait, pair, 0, 0, (), _value(rules, 0, ymbits, closed, 0, dora)
            )
            outcomes.append(o)
            if o.key > best_key:
                best, best_key = o, o.key

    if best is None:
        raise IncompleteHandError.because(Reason.INCOMPLETE,
                                          tiles=format_tiles(concealed_tiles(f)),
                                          melds=tuple(m.text for m in melds))
    if fl & RENHOU and rules.renhou is Renhou.MANGAN and not best.yakuman:
        han = Y_RENHOU_MANGAN[2]
        base, limit = base_points(han, best.fu, 0, rules)
        if best.base < base:  # renhou is worth mangan here, unless the hand is worth more
            best = best._replace(
                key=(0, base, han, best.fu),
                yaku=(Y_RENHOU_MANGAN,),
                han=han,
                base=base,
                limit=limit,
            )
            outcomes.append(best)
    if not best.yaku:
        raise NoYakuError.because(
            Reason.NO_YAKU_DORA
            if dp.dora_han or dp.aka_han
            else Reason.NO_YAKU_OPEN
            if not closed
            else Reason.NO_YAKU_CLOSED_RON
        )
    return best, outcomes
