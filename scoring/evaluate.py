"""Yaku, fu and points for every reading; the reading worth the most wins.

This is the hot path of the library: readings are evaluated on plain tuples
of tile indices, and objects are built only for the reading chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .decompose import SEQ, TRIP, counts_of, is_chiitoitsu, is_kokushi, readings
from .errors import IncompleteHandError, NoYakuError
from .hand import Hand, MeldKind, Situation
from .result import Limit, ReadingKind, Wait
from .rules import Kazoe, Renhou, RuleProfile
from .tiles import TILES, dora_from_indicator, format_tiles
from .yaku import ORDER, YAKU

TH = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
#: The dora each indicator kind points at.
DORA_OF: tuple[int, ...] = tuple(dora_from_indicator(TILES[i]).index for i in range(34))
GREEN = frozenset((19, 20, 21, 23, 25, 32))
DRAGONS = (31, 32, 33)
WINDS = (27, 28, 29, 30)

_WAIT_FU: dict[Wait, str] = {
    Wait.KANCHAN: "kanchan wait",
    Wait.PENCHAN: "penchan wait",
    Wait.TANKI: "tanki wait",
}
#: (terminal or honour, concealed, quad) -> (fu item name, fu)
_SET_FU: dict[tuple[bool, bool, bool], tuple[str, int]] = {
    (th, concealed, quad): (
        f"{'closed' if concealed else 'open'} {'quad' if quad else 'triplet'} of "
        f"{'terminals/honours' if th else 'simples'}",
        2 * (2 if th else 1) * (2 if concealed else 1) * (4 if quad else 1),
    )
    for th in (False, True)
    for concealed in (False, True)
    for quad in (False, True)
}

# A set in a scored reading: (first index, kind, concealed, is_kan, melded, has_win).
KAN = 2
SetTuple = tuple[int, int, bool, bool, bool, bool]
# A fu item while evaluating: (name, fu, tile index, how many tiles).
FuTuple = tuple[str, int, int, int]


@dataclass(frozen=True, slots=True)
class Scored:
    """One evaluated reading (internal: plain values, cheap to build)."""

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


@dataclass(slots=True)
class Context:
    """Facts about the hand that do not depend on the reading."""

    hand: Hand
    s: Situation
    rules: RuleProfile
    closed: bool
    full: list[int]
    win: int
    seat: int
    round: int
    dora_han: int
    ura_han: int
    aka_han: int
    hand_yaku: list[tuple[str, int]]
    hand_yakuman: list[tuple[str, int]]
    kans: int
    meld_sets: tuple[SetTuple, ...]


def _multiplier(name: str, rules: RuleProfile) -> int:
    info = YAKU[name]
    return info.yakuman if rules.double_yakuman else 1


def build_context(hand: Hand, s: Situation, rules: RuleProfile, counts: tuple[int, ...]) -> Context:
    """Compute the reading-independent facts and yaku of a valid hand.

    ``counts`` are the 34 kind counts of the concealed tiles.
    """
    full = list(counts)
    aka = 0
    for t in hand.concealed:
        if t.red:
            aka += 1
    kans = 0
    closed = True
    for m in hand.melds:
        for t in m.tiles:
            full[t.index] += 1
            if t.red:
                aka += 1
        if m.kind is not MeldKind.CHI and m.kind is not MeldKind.PON:
            kans += 1
            if m.kind is not MeldKind.ANKAN:
                closed = False
        else:
            closed = False
    present = {i for i in range(34) if full[i]}

    # dora
    dora_han = 0
    if s.dora:
        for ind in s.dora if rules.kan_dora else s.dora[:1]:
            dora_han += full[DORA_OF[ind.index]]
    ura_han = 0
    if s.ura and (s.riichi or s.double_riichi) and rules.ura_dora:
        for ind in s.ura if rules.kan_dora else s.ura[:1]:
            ura_han += full[DORA_OF[ind.index]]
    aka_han = aka if rules.red_fives else 0

    hy: list[tuple[str, int]] = []
    if s.double_riichi:
        hy.append(("double_riichi", 2))
    elif s.riichi:
        hy.append(("riichi", 1))
    if s.ippatsu and rules.ippatsu:
        hy.append(("ippatsu", 1))
    if s.tsumo and closed:
        hy.append(("menzen_tsumo", 1))
    if s.chankan:
        hy.append(("chankan", 1))
    if s.rinshan:
        hy.append(("rinshan_kaihou", 1))
    if s.haitei:
        hy.append(("haitei", 1))
    if s.houtei:
        hy.append(("houtei", 1))
    if present.isdisjoint(TH) and (closed or rules.open_tanyao):
        hy.append(("tanyao", 1))
    honors = max(present) >= 27
    suits = {i // 9 for i in present if i < 27}
    if len(suits) == 1:
        if honors:
            hy.append(("honitsu", 3 if closed else 2))
        else:
            hy.append(("chinitsu", 6 if closed else 5))
    all_th = present <= TH
    all_honor = min(present) >= 27
    all_terminal = present <= TERMINALS
    if all_th and not all_honor and not all_terminal:
        hy.append(("honroutou", 2))
    if kans == 3:
        hy.append(("sankantsu", 2))

    ym: list[tuple[str, int]] = []
    if s.tenhou:
        ym.append(("tenhou", 1))
    if s.chiihou:
        ym.append(("chiihou", 1))
    if s.renhou and rules.renhou is Renhou.YAKUMAN:
        ym.append(("renhou", 1))
    if full[31] >= 3 and full[32] >= 3 and full[33] >= 3:
        ym.append(("daisangen", 1))
    if all_honor:
        ym.append(("tsuuiisou", 1))
    if present <= GREEN:
        ym.append(("ryuuiisou", 1))
    if all_terminal:
        ym.append(("chinroutou", 1))
    wind_trips = (full[27] >= 3) + (full[28] >= 3) + (full[29] >= 3) + (full[30] >= 3)
    if wind_trips == 4:
        ym.append(("daisuushii", _multiplier("daisuushii", rules)))
    elif wind_trips == 3 and any(full[w] == 2 for w in WINDS):
        ym.append(("shousuushii", 1))
    if kans == 4:
        ym.append(("suukantsu", 1))
    if not hand.melds and len(suits) == 1 and not honors:
        base = 9 * next(iter(suits))
        shape = full[base : base + 9]
        if shape[0] >= 3 and shape[8] >= 3 and all(shape[i] >= 1 for i in range(1, 8)):
            before = list(shape)
            before[hand.win.index - base] -= 1
            if before == [3, 1, 1, 1, 1, 1, 1, 1, 3]:
                ym.append(("junsei_chuuren_poutou", _multiplier("junsei_chuuren_poutou", rules)))
            else:
                ym.append(("chuuren_poutou", 1))

    return Context(
        hand=hand,
        s=s,
        rules=rules,
        closed=closed,
        full=full,
        win=hand.win.index,
        seat=s.seat_wind.tile_index,
        round=s.round_wind.tile_index,
        dora_han=dora_han,
        ura_han=ura_han,
        aka_han=aka_han,
        hand_yaku=hy,
        hand_yakuman=ym,
        kans=kans,
        meld_sets=tuple(_meld_set(m.kind, m.first) for m in hand.melds),
    )


def _meld_set(kind: MeldKind, first: int) -> SetTuple:
    if kind is MeldKind.CHI:
        return (first, SEQ, False, False, True, False)
    if kind is MeldKind.PON:
        return (first, TRIP, False, False, True, False)
    return (first, TRIP, kind is MeldKind.ANKAN, True, True, False)


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
        return 8000 * yakuman, Limit.of_yakuman(yakuman)
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
    if han >= 5:
        return 2000, Limit.MANGAN
    base = fu << (han + 2)
    if base >= 2000 or (rules.kiriage and base == 1920):
        return 2000, Limit.MANGAN
    return base, None


def _finish(
    ctx: Context,
    kind: ReadingKind,
    sets: tuple[SetTuple, ...],
    pair: int,
    wait: Wait,
    yaku: list[tuple[str, int]],
    yakuman: list[tuple[str, int]],
    fu: int,
    raw_fu: int,
    items: tuple[FuTuple, ...],
) -> Scored:
    if yakuman:
        if not ctx.rules.yakuman_stacking:
            yakuman = [max(yakuman, key=lambda y: y[1])]
        mult = sum(m for _, m in yakuman)
        ylist = tuple(sorted(((n, 13 * m) for n, m in yakuman), key=lambda y: ORDER[y[0]]))
        base, limit = base_points(0, fu, mult, ctx.rules)
        return Scored(kind, sets, pair, wait, ylist, mult, 0, fu, raw_fu, items, base, limit)
    if not yaku:
        return Scored(kind, sets, pair, wait, (), 0, 0, fu, raw_fu, items, 0, None)
    yaku.sort(key=lambda y: ORDER[y[0]])
    han = sum(h for _, h in yaku)
    if ctx.dora_han:
        yaku.append(("dora", ctx.dora_han))
    if ctx.ura_han:
        yaku.append(("ura_dora", ctx.ura_han))
    if ctx.aka_han:
        yaku.append(("aka_dora", ctx.aka_han))
    han += ctx.dora_han + ctx.ura_han + ctx.aka_han
    base, limit = base_points(han, fu, 0, ctx.rules)
    return Scored(kind, sets, pair, wait, tuple(yaku), 0, han, fu, raw_fu, items, base, limit)


def _standard(
    ctx: Context, decomp_sets: Sequence[tuple[int, int]], pair: int, pos: int, wait: Wait
) -> Scored:
    s = ctx.s
    rules = ctx.rules
    tsumo = s.tsumo
    sets: list[SetTuple] = []
    for k, (first, kind) in enumerate(decomp_sets):
        has_win = k == pos
        if kind == TRIP:
            sets.append((first, TRIP, tsumo or not has_win, False, False, has_win))
        else:
            sets.append((first, SEQ, True, False, False, has_win))
    sets.extend(ctx.meld_sets)

    seqs = [x[0] for x in sets if x[1] == SEQ]
    trips = [x for x in sets if x[1] == TRIP]
    closed = ctx.closed
    yakuhai_pair = pair >= 31 or pair == ctx.seat or pair == ctx.round

    # --- yakuman depending on the reading
    yakuman = list(ctx.hand_yakuman)
    concealed_trips = sum(1 for x in trips if x[2])
    if concealed_trips == 4:
        if wait is Wait.TANKI:
            yakuman.append(("suuankou_tanki", _multiplier("suuankou_tanki", rules)))
        else:
            yakuman.append(("suuankou", 1))

    # --- fu
    items: list[FuTuple] = [("base", 20, -1, 0)]
    pinfu = closed and len(seqs) == 4 and wait is Wait.RYANMEN and not yakuhai_pair
    if closed and not tsumo:
        items.append(("closed ron", 10, -1, 0))
    if tsumo and not pinfu and (rules.rinshan_tsumo_fu or not s.rinshan):
        items.append(("tsumo", 2, -1, 0))
    for first, _kind, concealed, is_kan, _melded, _hw in trips:
        name, fu = _SET_FU[(first in TH, concealed, is_kan)]
        items.append((name, fu, first, 4 if is_kan else 3))
    if yakuhai_pair:
        if pair >= 31:
            items.append(("pair of dragons", 2, pair, 2))
        elif pair == ctx.seat and pair == ctx.round:
            items.append(("pair of seat and round wind", rules.double_wind_pair_fu, pair, 2))
        elif pair == ctx.seat:
            items.append(("pair of seat wind", 2, pair, 2))
        else:
            items.append(("pair of round wind", 2, pair, 2))
    if wait in _WAIT_FU:
        items.append((_WAIT_FU[wait], 2, ctx.win, 0))
    raw = sum(i[1] for i in items)
    if not closed and not tsumo and raw == 20:
        items.append(("open ron minimum", 10, -1, 0))
        raw = 30
    fu_total = -(-raw // 10) * 10

    # --- yaku depending on the reading
    yaku = list(ctx.hand_yaku)
    if pinfu:
        yaku.append(("pinfu", 1))
    if closed and len(seqs) >= 2:
        ordered = sorted(seqs)
        peikou = 0
        i = 0
        while i < len(ordered) - 1:
            if ordered[i] == ordered[i + 1]:
                peikou += 1
                i += 2
            else:
                i += 1
        if peikou == 2:
            yaku.append(("ryanpeikou", 3))
        elif peikou == 1:
            yaku.append(("iipeikou", 1))
    for first, *_ in trips:
        if first >= 27:
            if first == 31:
                yaku.append(("haku", 1))
            elif first == 32:
                yaku.append(("hatsu", 1))
            elif first == 33:
                yaku.append(("chun", 1))
            else:
                if first == ctx.seat:
                    yaku.append(("seat_wind", 1))
                if first == ctx.round:
                    yaku.append(("round_wind", 1))
    if seqs:
        if pair in TH and all(f % 9 in (0, 6) for f in seqs) and all(x[0] in TH for x in trips):
            if pair >= 27 or any(x[0] >= 27 for x in trips):
                yaku.append(("chanta", 2 if closed else 1))
            else:
                yaku.append(("junchan", 3 if closed else 2))
        seqset = set(seqs)
        for b in (0, 9, 18):
            if b in seqset and b + 3 in seqset and b + 6 in seqset:
                yaku.append(("ittsu", 2 if closed else 1))
                break
        for n in range(7):
            if n in seqset and n + 9 in seqset and n + 18 in seqset:
                yaku.append(("sanshoku_doujun", 2 if closed else 1))
                break
    if len(trips) >= 3:
        tset = {x[0] for x in trips}
        for n in range(9):
            if n in tset and n + 9 in tset and n + 18 in tset:
                yaku.append(("sanshoku_doukou", 2))
                break
        if len(trips) == 4:
            yaku.append(("toitoi", 2))
        if concealed_trips == 3:
            yaku.append(("sanankou", 2))
    if sum(1 for x in trips if x[0] >= 31) == 2 and pair >= 31:
        yaku.append(("shousangen", 2))

    return _finish(
        ctx,
        ReadingKind.STANDARD,
        tuple(sets),
        pair,
        wait,
        yaku,
        yakuman,
        fu_total,
        raw,
        tuple(items),
    )


def _chiitoitsu(ctx: Context, counts: Sequence[int]) -> Scored:
    pairs = tuple((i, 0, True, False, False, i == ctx.win) for i in range(34) if counts[i] == 2)
    yaku = [("chiitoitsu", 2)]
    for name, han in ctx.hand_yaku:
        if name in ("sankantsu",):
            continue
        yaku.append((name, han))
    yakuman = [y for y in ctx.hand_yakuman if y[0] in ("tenhou", "chiihou", "renhou", "tsuuiisou")]
    items: tuple[FuTuple, ...] = (("chiitoitsu", 25, -1, 0),)
    return _finish(
        ctx, ReadingKind.CHIITOITSU, pairs, ctx.win, Wait.TANKI, yaku, yakuman, 25, 25, items
    )


def _kokushi(ctx: Context, counts: Sequence[int]) -> Scored:
    before = list(counts)
    before[ctx.win] -= 1
    thirteen = all(before[i] == 1 for i in TH)
    name = "kokushi_musou_13" if thirteen else "kokushi_musou"
    yakuman = [(name, _multiplier(name, ctx.rules) if thirteen else 1)]
    yakuman += [y for y in ctx.hand_yakuman if y[0] in ("tenhou", "chiihou", "renhou")]
    pair = next(i for i in TH if counts[i] == 2)
    wait = Wait.KOKUSHI_13 if thirteen else Wait.KOKUSHI
    return _finish(ctx, ReadingKind.KOKUSHI, (), pair, wait, [], yakuman, 0, 0, ())


def evaluate(hand: Hand, s: Situation, rules: RuleProfile) -> tuple[Scored, list[Scored]]:
    """Score every reading of a valid hand; return the best and all of them.

    Raises:
        IncompleteHandError: when no reading makes a winning hand.
        NoYakuError: when the best reading has no yaku.
    """
    counts = counts_of(hand.concealed)
    ctx = build_context(hand, s, rules, counts)
    n_sets = 4 - len(hand.melds)
    scored: list[Scored] = [
        _standard(ctx, d.sets, d.pair, pos, wait)
        for d, pos, wait in readings(counts, n_sets, ctx.win)
    ]
    if not hand.melds:
        if is_chiitoitsu(counts):
            scored.append(_chiitoitsu(ctx, counts))
        elif is_kokushi(counts):
            scored.append(_kokushi(ctx, counts))
    if not scored:
        raise IncompleteHandError(
            f"'{format_tiles(hand.concealed)}'"
            + (f" with {', '.join(str(m) for m in hand.melds)}" if hand.melds else "")
            + " is not a complete hand: it needs four sets and a pair, seven pairs "
            "or thirteen orphans"
        )
    best = max(scored, key=lambda r: r.key)
    if s.renhou and rules.renhou is Renhou.MANGAN and not best.yakuman and best.base < 2000:
        best = Scored(
            best.kind,
            best.sets,
            best.pair,
            best.wait,
            (("renhou", 5),),
            0,
            5,
            best.fu,
            best.raw_fu,
            best.fu_items,
            2000,
            Limit.MANGAN,
        )
        scored.append(best)
    if not best.yaku:
        raise NoYakuError(
            "the hand is complete but has no yaku, so it cannot be won "
            + (
                "(dora are not yaku)"
                if ctx.dora_han or ctx.aka_han
                else "(an open hand needs a yaku such as yakuhai or tanyao)"
                if not ctx.closed
                else "(a closed ron needs a yaku such as riichi or pinfu)"
            )
        )
    return best, scored
