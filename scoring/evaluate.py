"""Yaku, fu and points for every reading; the reading worth the most wins.

This is the one place where the rules of yaku and fu are written down. It
works on the compact form of a win (``scoring.facts``) and the per-suit tables
(``scoring.shapes``): the hand-level yaku are bit tests on the mask of tile
kinds present, the set-level ones (ittsu, sanshoku, chanta, peikou, yakuhai...)
bit tests on the masks of sequences and triplets, so a reading costs a few
dozen operations. Both the batch interface and the object API call
``evaluate_facts``; the object API then builds its objects for the reading
chosen (``Scored``, ``scoring.score``).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import NamedTuple

from .errors import IncompleteHandError, NoYakuError
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
    SetTuple,
    concealed_tiles,
    facts_of,
)
from .hand import Hand, Situation
from .result import Limit, ReadingKind, Wait
from .rules import Kazoe, Renhou, RuleProfile
from .shapes import (
    INNER_FLAG,
    OPEN_TRIP_ITEMS,
    SEQ,
    TRIP,
    FuTuple,
    Split,
    WaitReading,
    combinations,
    global_sets,
    waits_at,
)
from .tiles import TILES, dora_from_indicator, format_tiles
from .validate import Checked, check
from .yaku import ORDER, YAKU

__all__ = [
    "KAN",
    "Outcome",
    "Scored",
    "SetTuple",
    "base_points",
    "evaluate",
    "evaluate_facts",
]

KAN = 2
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


def _open_closed(name: str) -> tuple[Yaku3, Yaku3]:
    """(open variant, closed variant) from the table: index it with the ``closed`` flag."""
    open_han = YAKU[name].open_han
    assert open_han is not None
    return (ORDER[name], name, open_han), _y(name)


Y_DOUBLE_RIICHI = _y("double_riichi")
Y_RIICHI = _y("riichi")
Y_IPPATSU = _y("ippatsu")
Y_TSUMO = _y("menzen_tsumo")
Y_CHANKAN = _y("chankan")
Y_RINSHAN = _y("rinshan_kaihou")
Y_HAITEI = _y("haitei")
Y_HOUTEI = _y("houtei")
Y_TANYAO = _y("tanyao")
Y_HONITSU = _open_closed("honitsu")
Y_CHINITSU = _open_closed("chinitsu")
Y_HONROUTOU = _y("honroutou")
Y_SANKANTSU = _y("sankantsu")
Y_PINFU = _y("pinfu")
Y_RYANPEIKOU = _y("ryanpeikou")
Y_IIPEIKOU = _y("iipeikou")
Y_HAKU = _y("haku")
Y_HATSU = _y("hatsu")
Y_CHUN = _y("chun")
Y_SEAT = _y("seat_wind")
Y_ROUND = _y("round_wind")
Y_CHANTA = _open_closed("chanta")
Y_JUNCHAN = _open_closed("junchan")
Y_ITTSU = _open_closed("ittsu")
Y_SANSHOKU = _open_closed("sanshoku_doujun")
Y_DOUKOU = _y("sanshoku_doukou")
Y_TOITOI = _y("toitoi")
Y_SANANKOU = _y("sanankou")
Y_SHOUSANGEN = _y("shousangen")
Y_CHIITOITSU = _y("chiitoitsu")
#: Renhou valued as mangan (where the rules say so): its 5 han.
Y_RENHOU_MANGAN = _y("renhou")
O_DORA = ORDER["dora"]
O_URA = ORDER["ura_dora"]
O_AKA = ORDER["aka_dora"]
O_SANKANTSU = ORDER["sankantsu"]

BASE_ITEM: FuTuple = ("base", 20, -1, 0)
CLOSED_RON_ITEM: FuTuple = ("closed ron", 10, -1, 0)
TSUMO_ITEM: FuTuple = ("tsumo", 2, -1, 0)
OPEN_RON_ITEM: FuTuple = ("open ron minimum", 10, -1, 0)
CHIITOITSU_ITEMS: tuple[FuTuple, ...] = (("chiitoitsu", 25, -1, 0),)
_HEAD: tuple[FuTuple, ...] = (BASE_ITEM,)
_HEAD_CLOSED_RON: tuple[FuTuple, ...] = (BASE_ITEM, CLOSED_RON_ITEM)
_HEAD_TSUMO: tuple[FuTuple, ...] = (BASE_ITEM, TSUMO_ITEM)
_TAIL_OPEN_RON: tuple[FuTuple, ...] = (OPEN_RON_ITEM,)
_WAIT_FU: dict[Wait, str] = {
    Wait.KANCHAN: "kanchan wait",
    Wait.PENCHAN: "penchan wait",
    Wait.TANKI: "tanki wait",
}
#: For each winning tile, the fu item of each wait worth 2 fu.
_WAIT_ITEMS: tuple[dict[Wait, tuple[FuTuple, ...]], ...] = tuple(
    {wait: ((name, 2, win, 0),) for wait, name in _WAIT_FU.items()} for win in range(34)
)
RYANMEN = Wait.RYANMEN
SHANPON = Wait.SHANPON
TANKI = Wait.TANKI
STANDARD = ReadingKind.STANDARD
CHIITOITSU = ReadingKind.CHIITOITSU
KOKUSHI = ReadingKind.KOKUSHI
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_new = tuple.__new__
_HAN = itemgetter(2)

#: The yakuman a seven-pairs or thirteen-orphans hand keeps from the hand-level ones.
_CHIITOI_YAKUMAN = frozenset(("tenhou", "chiihou", "renhou", "tsuuiisou"))
_KOKUSHI_YAKUMAN = frozenset(("tenhou", "chiihou", "renhou"))

_DOUBLE = {name: info.yakuman for name, info in YAKU.items()}
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


#: Dora in a reading: (dora, ura dora, red fives) as (order, name, han), and their han.
DoraT = tuple[tuple[Yaku3, ...], int]


def _finish(
    rules: RuleProfile,
    kind: ReadingKind,
    combo: tuple[Split, ...],
    waiting: WaitReading | None,
    wait: Wait,
    pair: int,
    yaku: list[Yaku3],
    yakuman: list[tuple[str, int]],
    fu: int,
    raw_fu: int,
    items: tuple[FuTuple, ...],
    dora: DoraT,
) -> Outcome:
    """Add up a reading's yaku (or yakuman) and dora into its value."""
    if yakuman:
        if not rules.yakuman_stacking and len(yakuman) > 1:
            yakuman = [max(yakuman, key=lambda y: y[1])]
        mult = 0
        ylist: list[Yaku3] = []
        for name, m in yakuman:
            mult += m
            ylist.append((ORDER[name], name, 13 * m))
        ylist.sort()
        base, limit = base_points(0, fu, mult, rules)
        key = (mult, base, 0, fu)
        ylist_t = tuple(ylist)
        return Outcome(
            key, kind, combo, waiting, wait, pair, ylist_t, mult, 0, fu, raw_fu, items, base, limit
        )
    if not yaku:
        return Outcome(
            (0, 0, 0, fu), kind, combo, waiting, wait, pair, (), 0, 0, fu, raw_fu, items, 0, None
        )
    yaku.sort()
    han = dora[1] + sum(map(_HAN, yaku))
    if dora[0]:
        yaku.extend(dora[0])
    base, limit = base_points(han, fu, 0, rules)
    key = (0, base, han, fu)
    ytuple = tuple(yaku)
    return _new(
        Outcome,
        (key, kind, combo, waiting, wait, pair, ytuple, 0, han, fu, raw_fu, items, base, limit),
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
    e0, e1, e2, e3, full = checked
    _, _, reds, win, _, melds, fl, rnd, seat, dora_ind, ura_ind, _, _, rules, _ = f
    tsumo = fl & TSUMO

    # --- the melds
    closed = True
    kans = ankans = m_seqs = m_trips = m_flags = m_present = m_nseqs = m_ntrips = m_fu = 0
    m_items: tuple[FuTuple, ...] = ()
    aka = reds[0] + reds[1] + reds[2]
    for m in melds:
        m_present |= m.present
        m_flags |= m.flags
        mr = m.reds
        aka += mr[0] + mr[1] + mr[2]
        if m.is_open:
            closed = False
        if m.is_kan:
            kans += 1
            if not m.is_open:
                ankans += 1
        item = m.trip_item
        if item is None:
            m_seqs |= m.seqs
            m_nseqs += 1
        else:
            m_trips |= m.trips
            m_ntrips += 1
            m_fu += item[1]
            m_items += (item,)
    present = e0.present | e1.present << 9 | e2.present << 18 | e3.present << 27 | m_present

    # --- dora
    dora_han = ura_han = 0
    if dora_ind:
        shown = dora_ind if rules.kan_dora else dora_ind[:1]
        dora_han = sum(map(full.__getitem__, map(DORA_OF.__getitem__, shown)))
    if ura_ind and fl & (RIICHI | DOUBLE_RIICHI) and rules.ura_dora:
        shown = ura_ind if rules.kan_dora else ura_ind[:1]
        ura_han = sum(map(full.__getitem__, map(DORA_OF.__getitem__, shown)))
    aka_han = aka if rules.red_fives else 0
    dora_yaku: tuple[Yaku3, ...] = ()
    if dora_han:
        dora_yaku += ((O_DORA, "dora", dora_han),)
    if ura_han:
        dora_yaku += ((O_URA, "ura_dora", ura_han),)
    if aka_han:
        dora_yaku += ((O_AKA, "aka_dora", aka_han),)
    dora: DoraT = (dora_yaku, dora_han + ura_han + aka_han)

    # --- yaku of the whole hand, whatever the reading
    hy: list[Yaku3] = []
    if fl > TSUMO:
        if fl & DOUBLE_RIICHI:
            hy.append(Y_DOUBLE_RIICHI)
        elif fl & RIICHI:
            hy.append(Y_RIICHI)
        if fl & IPPATSU and rules.ippatsu:
            hy.append(Y_IPPATSU)
        if fl & CHANKAN:
            hy.append(Y_CHANKAN)
        if fl & RINSHAN:
            hy.append(Y_RINSHAN)
        if fl & HAITEI:
            hy.append(Y_HAITEI)
        if fl & HOUTEI:
            hy.append(Y_HOUTEI)
    if tsumo and closed:
        hy.append(Y_TSUMO)
    if not present & TH_MASK and (closed or rules.open_tanyao):
        hy.append(Y_TANYAO)
    honors = present & HONOR_MASK
    suited = present & SUITED_MASK
    single_suit = suited in _ONE_SUIT
    if single_suit:
        hy.append(Y_HONITSU[closed] if honors else Y_CHINITSU[closed])
    all_terminal = not present & ~TERMINAL_MASK
    if not present & NOT_TH and suited and not all_terminal:
        hy.append(Y_HONROUTOU)
    if kans == 3:
        hy.append(Y_SANKANTSU)

    ym: list[tuple[str, int]] = []
    if fl > TSUMO:
        if fl & TENHOU:
            ym.append(("tenhou", 1))
        if fl & CHIIHOU:
            ym.append(("chiihou", 1))
        if fl & RENHOU and rules.renhou is Renhou.YAKUMAN:
            ym.append(("renhou", 1))
    if honors:
        if full[31] >= 3 and full[32] >= 3 and full[33] >= 3:
            ym.append(("daisangen", 1))
        if not suited:
            ym.append(("tsuuiisou", 1))
    if not present & ~GREEN_MASK:
        ym.append(("ryuuiisou", 1))
    if all_terminal:
        ym.append(("chinroutou", 1))
    if honors & WIND_MASK:
        wind_trips = (full[27] >= 3) + (full[28] >= 3) + (full[29] >= 3) + (full[30] >= 3)
        if wind_trips == 4:
            ym.append(("daisuushii", _DOUBLE["daisuushii"] if rules.double_yakuman else 1))
        elif wind_trips == 3 and 2 in (full[27], full[28], full[29], full[30]):
            ym.append(("shousuushii", 1))
    if kans == 4:
        ym.append(("suukantsu", 1))
    if single_suit and not honors and not melds:
        suit = win // 9
        if (e0, e1, e2)[suit].nine_gates:
            before = bytearray(f.counts[9 * suit : 9 * suit + 9])
            before[win - 9 * suit] -= 1
            if before == JUNSEI:
                mult = _DOUBLE["junsei_chuuren_poutou"] if rules.double_yakuman else 1
                ym.append(("junsei_chuuren_poutou", mult))
            else:
                ym.append(("chuuren_poutou", 1))

    outcomes: list[Outcome] = []

    # --- four sets and a pair
    combos = combinations(e0, e1, e2, e3)
    if combos:
        ws = win // 9
        wr = win - 9 * ws
        tsumo_fu = tsumo and (rules.rinshan_tsumo_fu or not fl & RINSHAN)
        open_ron = not closed and not tsumo
        closed_ron = closed and not tsumo
        wait_items = _WAIT_ITEMS[win]
        # chis by suit, as rank masks like the splits' sequences
        chi_m, chi_p, chi_s = m_seqs & 0x1FF, m_seqs >> 9 & 0x1FF, m_seqs >> 18 & 0x1FF
        # The honours split is the same in every decomposition: so are the yakuhai. (They
        # go with the hand's yaku: a hand with an honour triplet is not seven pairs.)
        honor_trips = e3.splits[0].trips | m_trips >> 27
        if honor_trips:
            if honor_trips & 16:
                hy.append(Y_HAKU)
            if honor_trips & 32:
                hy.append(Y_HATSU)
            if honor_trips & 64:
                hy.append(Y_CHUN)
            if honor_trips >> (seat - 27) & 1:
                hy.append(Y_SEAT)
            if honor_trips >> (rnd - 27) & 1:
                hy.append(Y_ROUND)
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
            trip_fu = (packed >> 11 & 63) + m_fu

            # yaku of this decomposition, whatever the wait
            dy = list(hy)
            if n_seqs:
                if closed:
                    peikou = packed >> 6 & 3
                    if peikou == 2:
                        dy.append(Y_RYANPEIKOU)
                    elif peikou == 1:
                        dy.append(Y_IIPEIKOU)
                if not (a.flags | b.flags | c.flags | d.flags | m_flags) & INNER_FLAG:
                    dy.append(Y_CHANTA[closed] if pair >= 27 or honor_trips else Y_JUNCHAN[closed])
                seq_m, seq_p, seq_s = a.seqs | chi_m, b.seqs | chi_p, c.seqs | chi_s
                if _ITTSU[seq_m] or _ITTSU[seq_p] or _ITTSU[seq_s]:
                    dy.append(Y_ITTSU[closed])
                if seq_m & seq_p & seq_s:
                    dy.append(Y_SANSHOKU[closed])
            if n_trips >= 3:
                trips = a.trips | b.trips << 9 | c.trips << 18 | m_trips
                if trips & trips >> 9 & trips >> 18 & 0x1FF:
                    dy.append(Y_DOUKOU)
                if n_trips == 4:
                    dy.append(Y_TOITOI)
            if pair >= 31 and (honor_trips >> 4).bit_count() == 2:
                dy.append(Y_SHOUSANGEN)

            # the pair's fu
            pair_items: tuple[FuTuple, ...] = ()
            if pair >= 31:
                pair_items = (("pair of dragons", 2, pair, 2),)
            elif pair == seat:
                if pair == rnd:
                    pair_fu = rules.double_wind_pair_fu
                    pair_items = (("pair of seat and round wind", pair_fu, pair, 2),)
                else:
                    pair_items = (("pair of seat wind", 2, pair, 2),)
            elif pair == rnd:
                pair_items = (("pair of round wind", 2, pair, 2),)
            pinfu_shape = closed and n_seqs == 4 and not pair_items
            raw_fixed = 20 + trip_fu + (pair_items[0][1] if pair_items else 0)

            home = combo[ws]
            for w in home.waits[wr] or waits_at(home, wr):
                wait = w.wait
                yaku = dy.copy()
                yakuman = ym
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
                # the yaku that depend on the wait
                if ct == 4:
                    if wait is TANKI:
                        mult = _DOUBLE["suuankou_tanki"] if rules.double_yakuman else 1
                        yakuman = [*ym, ("suuankou_tanki", mult)]
                    else:
                        yakuman = [*ym, ("suuankou", 1)]
                elif ct == 3:
                    yaku.append(Y_SANANKOU)
                if pinfu_shape and wait is RYANMEN:
                    yaku.append(Y_PINFU)
                outcomes.append(
                    _finish(
                        rules,
                        STANDARD,
                        combo,
                        w,
                        wait,
                        pair,
                        yaku,
                        yakuman,
                        -(-raw // 10) * 10,
                        raw,
                        items,
                        dora,
                    )
                )

    # --- seven pairs, thirteen orphans
    if not melds:
        if e0.pairs + e1.pairs + e2.pairs + e3.pairs == 7:
            yaku = [Y_CHIITOITSU]
            for y in hy:
                if y[0] != O_SANKANTSU:
                    yaku.append(y)
            yakuman = [y for y in ym if y[0] in _CHIITOI_YAKUMAN]
            fu = CHIITOITSU_ITEMS[0][1]  # 25, not rounded
            outcome = _finish(
                rules,
                CHIITOITSU,
                (),
                None,
                TANKI,
                win,
                yaku,
                yakuman,
                fu,
                fu,
                CHIITOITSU_ITEMS,
                dora,
            )
            outcomes.append(outcome)
        elif e0.orphans and e1.orphans and e2.orphans and e3.orphans:
            thirteen = full[win] == 2
            name = "kokushi_musou_13" if thirteen else "kokushi_musou"
            mult = _DOUBLE[name] if thirteen and rules.double_yakuman else 1
            yakuman = [(name, mult)]
            yakuman += [y for y in ym if y[0] in _KOKUSHI_YAKUMAN]
            pair = next(i for i in _ORPHANS if full[i] == 2)
            wait = Wait.KOKUSHI_13 if thirteen else Wait.KOKUSHI
            outcomes.append(
                _finish(rules, KOKUSHI, (), None, wait, pair, [], yakuman, 0, 0, (), dora)
            )

    if not outcomes:
        melds_text = ", ".join(m.text for m in melds)
        raise IncompleteHandError(
            f"'{format_tiles(concealed_tiles(f))}'"
            + (f" with {melds_text}" if melds else "")
            + " is not a complete hand: it needs four sets and a pair, seven pairs "
            "or thirteen orphans"
        )
    best = outcomes[0]
    if len(outcomes) > 1:
        for o in outcomes:
            if o.key > best.key:
                best = o
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
        raise NoYakuError(
            "the hand is complete but has no yaku, so it cannot be won "
            + (
                "(dora are not yaku)"
                if dora_han or aka_han
                else "(an open hand needs a yaku such as yakuhai or tanyao)"
                if not closed
                else "(a closed ron needs a yaku such as riichi or pinfu)"
            )
        )
    return best, outcomes


# --- the object API: the chosen reading as objects ---------------------------


@dataclass(frozen=True, slots=True)
class Scored:
    """One evaluated reading with its sets spelled out (for results and explanations)."""

    kind: ReadingKind
    sets: tuple[SetTuple, ...]
    pair: int
    wait: Wait
    yaku: tuple[tuple[str, int], ...]
    yakuman: int
    han: int
    fu: int
    raw_fu: int
    fu_items: tuple[FuTuple, ...]
    base: int
    limit: Limit | None

    @property
    def key(self) -> tuple[int, int, int, int]:
        """Sort key: the most points, then the most han, then the most fu."""
        return (self.yakuman, self.base, self.han, self.fu)


def _sets_of(o: Outcome, f: Facts, full_counts: bytes) -> tuple[SetTuple, ...]:
    """The sets of a reading as (first, kind, concealed, is_kan, melded, has_win).

    ``full_counts`` are the 34 counts of the hand (for seven pairs, the concealed tiles).
    """
    if o.kind is ReadingKind.KOKUSHI:
        return ()
    if o.kind is ReadingKind.CHIITOITSU:
        return tuple(
            (i, 0, True, False, False, i == f.win) for i in range(34) if full_counts[i] == 2
        )
    tsumo = bool(f.flags & TSUMO)
    win_suit = f.win // 9
    pos = -1
    if o.waiting is not None and o.waiting.pos >= 0:
        pos = sum(len(s.sets) for s in o.combo[:win_suit]) + o.waiting.pos
    sets: list[SetTuple] = []
    for suit, s in enumerate(o.combo):
        for first, kind in global_sets(s, suit):
            has_win = len(sets) == pos
            if kind == TRIP:
                sets.append((first, TRIP, tsumo or not has_win, False, False, has_win))
            else:
                sets.append((first, SEQ, True, False, False, has_win))
    sets.extend(m.set_tuple for m in f.melds)
    return tuple(sets)


def to_scored(o: Outcome, f: Facts, full_counts: bytes) -> Scored:
    """The objects of one reading, for the result and its explanation."""
    return Scored(
        o.kind,
        _sets_of(o, f, full_counts),
        o.pair,
        o.wait,
        tuple((name, han) for _, name, han in o.yaku),
        o.yakuman,
        o.han,
        o.fu,
        o.raw_fu,
        o.items,
        o.base,
        o.limit,
    )


def evaluate(hand: Hand, s: Situation, rules: RuleProfile) -> tuple[Scored, list[Scored]]:
    """Validate and score every reading of a hand; return the best and all of them.

    Raises:
        ScoringError: a subclass naming what makes the win impossible (see
            ``scoring.validate``), ``IncompleteHandError`` when no reading makes a
            winning hand, ``NoYakuError`` when the best reading has no yaku.
    """
    f = facts_of(hand, s, rules)
    checked = check(f)
    best, every = evaluate_facts(f, checked)
    full = checked[4]
    scored = [to_scored(o, f, full) for o in every]
    return next(sc for sc, o in zip(scored, every, strict=True) if o is best), scored
