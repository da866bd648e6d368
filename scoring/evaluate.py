"""Yaku, fu and points for every reading; the reading worth the most wins.

This is the one place where the rules of yaku and fu are written down. It
works on the compact form of a win (``scoring.facts``) and the per-suit tables
(``scoring.shapes``) in named phases: the melds and the dora
(``scoring.phases``), then the yaku of the whole hand and, for each reading,
its own yaku and its fu (here, inline: they run for every hand). The
hand-level yaku are bit tests on the mask of tile kinds present, the set-level
ones (ittsu, sanshoku, chanta, peikou, yakuhai...) bit tests on the masks of
sequences and triplets (``scoring.yakubits``), so a reading costs a few dozen
operations; base points and limits come from ``scoring.points``. The object
API calls ``evaluate_facts`` (every reading, for the explanation's "why this
reading"); the batch interface calls ``best_reading``, which builds the result
of a reading only when it beats the best so far.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import IncompleteHandError, NoYakuError, Reason
from .facts import (
    CHIIHOU,
    RENHOU,
    RINSHAN,
    TENHOU,
    TSUMO,
    Facts,
    SetTuple,
    concealed_tiles,
)
from .kinds import Limit, ReadingKind, Wait
from .phases import (
    CHIITOITSU_ITEMS,
    DOUBLE_PAIR,
    DRAGON_PAIR,
    HEAD,
    HEAD_CLOSED_RON,
    HEAD_TSUMO,
    NO_DORA,
    NO_MELDS,
    ROUND_PAIR,
    SEAT_PAIR,
    TAIL_OPEN_RON,
    WAIT_ITEMS,
    Yaku3,
    dora_phase,
    meld_phase,
)
from .points import base_points
from .rules import Renhou
from .shapes import (
    INNER_FLAG,
    OPEN_TRIP_ITEMS,
    FuTuple,
    Split,
    WaitReading,
    combinations,
    waits_at,
)
from .tiles import format_tiles
from .validate import Checked
from .yakubits import (
    B_CHANTA,
    B_CHIIHOU,
    B_CHIITOITSU,
    B_CHINITSU,
    B_CHINROUTOU,
    B_CHUN,
    B_CHUUREN,
    B_DAISANGEN,
    B_DAISUUSHII,
    B_DOUKOU,
    B_HAKU,
    B_HATSU,
    B_HONITSU,
    B_HONROUTOU,
    B_IIPEIKOU,
    B_IPPATSU,
    B_ITTSU,
    B_JUNCHAN,
    B_JUNSEI,
    B_KOKUSHI,
    B_KOKUSHI_13,
    B_PINFU,
    B_RENHOU,
    B_ROUND,
    B_RYANPEIKOU,
    B_RYUUIISOU,
    B_SANANKOU,
    B_SANKANTSU,
    B_SANSHOKU,
    B_SEAT,
    B_SHOUSANGEN,
    B_SHOUSUUSHII,
    B_SUUANKOU,
    B_SUUANKOU_TANKI,
    B_SUUKANTSU,
    B_TANYAO,
    B_TENHOU,
    B_TOITOI,
    B_TSUMO,
    B_TSUUIISOU,
    CHIITOI_YAKUMAN_BITS,
    FLAG_YAKU,
    GREEN_MASK,
    HONOR_MASK,
    ITTSU,
    JUNSEI,
    KOKUSHI_YAKUMAN_BITS,
    NOT_TH,
    ONE_SUIT,
    SUITED_MASK,
    TERMINAL_MASK,
    TH_MASK,
    WIND_MASK,
    Y_RENHOU_MANGAN,
    Value,
    value_of,
)

__all__ = [
    "Outcome",
    "SetTuple",
    "best_reading",
    "evaluate_facts",
]

RYANMEN = Wait.RYANMEN
SHANPON = Wait.SHANPON
TANKI = Wait.TANKI
STANDARD = ReadingKind.STANDARD
CHIITOITSU = ReadingKind.CHIITOITSU
KOKUSHI = ReadingKind.KOKUSHI
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_new = tuple.__new__


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


def _evaluate(f: Facts, checked: Checked, every: bool) -> tuple[Outcome, list[Outcome]]:
    """Every reading of a validated win, in phases; the best one and (``every``) all."""
    e0, e1, e2, e3, full = checked
    _, _, reds, win, _, melds, fl, rnd, seat, dora_ind, ura_ind, _, _, rules, _ = f
    # phase 1: the melds (a hand without melds, most hands, skips the call)
    held_reds = reds[0] + reds[1] + reds[2]
    no_melds = not melds and held_reds < len(NO_MELDS)
    mp = NO_MELDS[held_reds] if no_melds else meld_phase(melds, reds)
    (closed, kans, ankans, m_seqs, m_trips, m_flags, m_present,
     m_nseqs, m_ntrips, m_fu, m_items, aka) = mp
    # phase 2: the dora (none to count: no call)
    dp = dora_phase(dora_ind, ura_ind, fl, rules, full, aka) if dora_ind or ura_ind or aka \
        else NO_DORA
    tsumo = fl & TSUMO

    # phase 3: the yaku of the whole hand, whatever the reading (as bits; inline, as it
    # runs for every hand)
    present = e0.present | e1.present << 9 | e2.present << 18 | e3.present << 27 | m_present
    hb = 0
    ymb = 0
    if fl > TSUMO:
        hb = FLAG_YAKU[fl >> 1 & 127]
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
    single_suit = suited in ONE_SUIT
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
        wait_items = WAIT_ITEMS[win]
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
                if ITTSU[seq_m] or ITTSU[seq_p] or ITTSU[seq_s]:
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
                pair_items = DRAGON_PAIR[pair - 27]
                raw_fixed += 2
            elif pair == seat:
                if pair == rnd:
                    pair_fu = rules.double_wind_pair_fu
                    pair_items = DOUBLE_PAIR[pair_fu][pair - 27]
                    raw_fixed += pair_fu
                else:
                    pair_items = SEAT_PAIR[pair - 27]
                    raw_fixed += 2
            elif pair == rnd:
                pair_items = ROUND_PAIR[pair - 27]
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
                    head = HEAD_CLOSED_RON
                    raw += 10
                elif tsumo_fu and not (pinfu_shape and wait is RYANMEN):
                    head = HEAD_TSUMO
                    raw += 2
                else:
                    head = HEAD
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
                    items += TAIL_OPEN_RON
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
                value = value_of(rules, yb, ymr, closed, fu, dora)
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
            chiitoi = value_of(rules, yb, ymb & CHIITOI_YAKUMAN_BITS, closed, fu, dora)
            o = _outcome(CHIITOITSU, (), None, TANKI, win, fu, fu, CHIITOITSU_ITEMS, chiitoi)
            outcomes.append(o)
            if o.key > best_key:
                best, best_key = o, o.key
        elif e0.orphans and e1.orphans and e2.orphans and e3.orphans:
            thirteen = full[win] == 2
            pair = next(i for i in _ORPHANS if full[i] == 2)
            ymbits = (B_KOKUSHI_13 if thirteen else B_KOKUSHI) | (ymb & KOKUSHI_YAKUMAN_BITS)
            wait = Wait.KOKUSHI_13 if thirteen else Wait.KOKUSHI
            o = _outcome(
                KOKUSHI, (), None, wait, pair, 0, 0, (), value_of(rules, 0, ymbits, closed, 0, dora)
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

