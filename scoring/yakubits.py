"""Yaku as bits: the tables the hand-wide and per-reading yaku phases of
``scoring.evaluate`` test and set, and the value of a reading.

The hand-level yaku are bit tests on the mask of tile kinds present (a bit a kind,
34 of them); a reading's yaku are a set of bits, a bit a name at its place in the
listing order, whose han and listing are looked up once per distinct set.
"""

from __future__ import annotations

from .facts import CHANKAN, DOUBLE_RIICHI, HAITEI, HOUTEI, IPPATSU, RIICHI, RINSHAN
from .kinds import Limit
from .memo import Memo
from .phases import DoraPhase, Yaku3
from .points import base_points
from .rules import RuleProfile
from .yaku import ORDER, YAKU


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
ONE_SUIT = frozenset(m << (9 * s) for s in range(3) for m in range(1, 512))
NOT_TH = ((1 << 34) - 1) & ~TH_MASK
#: 123, 456 and 789 of one suit, as sequence bits from the suit's first tile.
ITTSU_BITS = 0b1001001
#: For each mask of a suit's sequences (a bit a first rank), whether it holds the three.
ITTSU = bytes(1 if m & ITTSU_BITS == ITTSU_BITS else 0 for m in range(512))
#: A suit's counts of 1112345678999 (the nine gates before the ninth tile).
JUNSEI = bytes((3, 1, 1, 1, 1, 1, 1, 1, 3))

def _y(name: str) -> Yaku3:
    """A yaku with its han from the table (closed han: the same open where it counts)."""
    return (ORDER[name], name, YAKU[name].closed_han)


#: Renhou valued as mangan (where the rules say so): its 5 han.
Y_RENHOU_MANGAN = _y("renhou")


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
CHIITOI_YAKUMAN_BITS = B_TENHOU | B_CHIIHOU | B_RENHOU | B_TSUUIISOU
KOKUSHI_YAKUMAN_BITS = B_TENHOU | B_CHIIHOU | B_RENHOU
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
FLAG_YAKU: tuple[int, ...] = tuple(_flag_yaku(v << 1) for v in range(128))


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


def value_of(
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

