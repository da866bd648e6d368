"""Per-suit tables: what the scorer needs to know about one suit's tile counts.

A suit's concealed counts are kept as bytes, a byte a rank (``113m`` is
``b"\\x02\\x00\\x01"`` followed by zeros). Everything that depends only on those
counts is worked out once and memoised, in one table for the three suits (a
shape of circles splits as the same shape of characters does) and one for the
honours: the ways to split the suit into sets and at most one pair, each
split's masks of sequences and triplets (a bit a rank), its counts (sequences,
triplets, identical sequences, pairs, triplet fu, the pair's rank) packed into
one int so that a choice of four splits adds up with three additions, and, on
first use for each winning rank, the waits the winning tile can complete. A
hand is then scored by combining the four suits' entries with additions and
bit operations (``scoring.evaluate``), never by searching the whole hand again.

``11123444m`` splits as 111m 234m + pair 44m, or as 123m 444m + pair 11m (found
twice, by two search paths, as the decompositions have always been listed):

>>> e = SUITED[bytes((3, 1, 1, 3, 0, 0, 0, 0, 0))]
>>> bin(e.present), e.most, e.pairs
('0b1111', 3, 0)
>>> [(s.pair, s.sets) for s in e.splits]
[(3, ((0, 1), (1, 0))), (0, ((0, 0), (3, 1))), (0, ((0, 0), (3, 1)))]
>>> s = e.splits[0]
>>> n_seqs(s.packed), n_trips(s.packed), trip_fu(s.packed), [i[0].value for i in s.items[1]]
(1, 1, 8, ['closed triplet of terminals/honours'])

A winning 4m completes the pair (tanki) or 234m (ryanmen) in the first split:

>>> [(w.pos, w.wait.value) for w in waits_at(e.splits[0], 3)]
[(-1, 'tanki'), (1, 'ryanmen')]
"""

from __future__ import annotations

from typing import NamedTuple

from .fu import FuKind
from .kinds import Wait
from .memo import Memo

#: A set in a decomposition: (first tile index, 0 for a sequence or 1 for a triplet).
SetT = tuple[int, int]
SEQ = 0
TRIP = 1

class FuTuple(NamedTuple):
    """A fu item while evaluating."""

    kind: FuKind
    fu: int
    tile: int  # the tile index it counts, or -1
    n_tiles: int  # how many tiles it counts (0 for the base, tsumo...)



def _set_fu(terminal: bool, concealed: bool, quad: bool) -> tuple[FuKind, int]:
    kind = FuKind.of_set(terminal=terminal, concealed=concealed, quad=quad)
    assert kind.fixed_fu is not None
    return kind, kind.fixed_fu


#: (terminal or honour, concealed, quad) -> (fu item kind, fu)
SET_FU: dict[tuple[bool, bool, bool], tuple[FuKind, int]] = {
    (th, concealed, quad): _set_fu(th, concealed, quad)
    for th in (False, True)
    for concealed in (False, True)
    for quad in (False, True)
}


def is_terminal_or_honor(index: int) -> bool:
    """True for 1, 9 and honours (yaochuuhai)."""
    return index >= 27 or index % 9 in (0, 8)


#: The fu item of a concealed triplet of each tile kind, and of an open one.
CLOSED_TRIP_ITEMS: tuple[FuTuple, ...] = tuple(
    FuTuple(*SET_FU[(is_terminal_or_honor(i), True, False)], i, 3) for i in range(34)
)
OPEN_TRIP_ITEMS: tuple[FuTuple, ...] = tuple(
    FuTuple(*SET_FU[(is_terminal_or_honor(i), False, False)], i, 3) for i in range(34)
)

# The fields of ``Split.packed`` (and of the sum of four of them):
#   bits 0-2 sequences, 3-5 triplets, 6-7 pairs of identical sequences,
#   8-10 pairs, 11-16 fu of the triplets, 17-20 the pair's rank + 1.
PACK_TRIP = 1 << 3
PACK_PEIKOU = 1 << 6
PACK_PAIR = 1 << 8
PACK_FU = 1 << 11
PACK_PAIR_RANK = 1 << 17


def n_seqs(packed: int) -> int:
    """The sequences counted in a packed int."""
    return packed & 7


def n_trips(packed: int) -> int:
    """The triplets counted in a packed int."""
    return (packed >> 3) & 7


def n_pairs(packed: int) -> int:
    """The pairs counted in a packed int."""
    return (packed >> 8) & 7


def trip_fu(packed: int) -> int:
    """The triplets' fu counted in a packed int."""
    return (packed >> 11) & 63


#: ``Split.flags``: some group without a terminal or honour.
INNER_FLAG = 2


class WaitReading(NamedTuple):
    """One way the winning tile completes a group of a split.

    Attributes:
        pos: index of the completed set in the split's ``sets``, -1 for the pair.
        wait: the wait.
        opened: for a triplet (shanpon), its place among the split's triplets, whose
            fu item changes when the win is a ron (a triplet completed by ron counts
            as open); -1 otherwise.
    """

    pos: int
    wait: Wait
    opened: int


class Split(NamedTuple):
    """One way to split a suit's tiles into sets and at most one pair (by rank, 0-8).

    Attributes:
        pair: the pair's rank, -1 when the split has no pair.
        sets: (rank of the first tile, SEQ or TRIP) in search order.
        seqs: bit mask of the sequences' first ranks.
        trips: bit mask of the triplets' ranks.
        packed: the counts of the split in one int (``n_seqs``, ``n_trips``, pairs of
            identical sequences, ``n_pairs``, ``trip_fu``, pair rank + 1).
        flags: ``INNER_FLAG`` or 0.
        items: the triplets' fu items (all concealed) for the split placed in each
            suit (m, p, s, z).
        waits: for each rank, the ways a winning tile of that rank completes a group
            of this split (None until ``waits_at`` works them out).
    """

    pair: int
    sets: tuple[SetT, ...]
    seqs: int
    trips: int
    packed: int
    flags: int
    items: tuple[tuple[FuTuple, ...], ...]
    waits: list[tuple[WaitReading, ...] | None]


class SuitEntry(NamedTuple):
    """Everything about one suit's concealed counts.

    Attributes:
        counts: the counts by rank (9, or 7 for honours), as bytes.
        present: bit mask of the ranks present.
        most: the largest count.
        pairs: how many ranks hold exactly two tiles (for seven pairs).
        orphans: the suit could belong to thirteen orphans: only terminals (or, for
            honours, every honour), each at least once.
        nine_gates: 1112345678999 or more of the suit (suited only).
        splits: every split into sets and at most one pair.
        only: the split when there is exactly one, else None.
    """

    counts: bytes
    present: int
    most: int
    pairs: int
    orphans: bool
    nine_gates: bool
    splits: tuple[Split, ...]
    only: Split | None


_TABLE_LIMIT = 200_000
#: Builds a named tuple from a tuple of its fields without the keyword-handling
#: constructor (the tables are built in the hot path, on first sight of a shape).
_new = tuple.__new__


def key_of(counts: tuple[int, ...] | list[int] | bytes) -> int:
    """Pack one suit's counts (each 0-255) into an int, a byte a rank."""
    return int.from_bytes(bytes(counts), "little")


_Parts = tuple[tuple[int, tuple[SetT, ...]], ...]
#: Splits of what is left of a suit, by (key of the tiles left, honours, pair still to take).
_PARTS: dict[tuple[int, bool, bool], _Parts] = {}
_NO_PARTS: _Parts = ()
_DONE: _Parts = ((-1, ()),)


def _parts(key: int, honor: bool, pair_open: bool) -> _Parts:
    """Every split of the tiles left (``key_of`` a suit) into sets and, if open, one pair.

    The search takes the lowest tile first as a triplet, then as the start of a
    sequence, then as the pair, so the splits come in that order. Memoised on the
    tiles left: the same remainders recur across many suits.
    """
    if not key:
        return _DONE
    memo = (key, honor, pair_open)
    hit = _PARTS.get(memo)
    if hit is not None:
        return hit
    shift = ((key & -key).bit_length() - 1) & ~7
    i = shift >> 3
    count = (key >> shift) & 255
    out: list[tuple[int, tuple[SetT, ...]]] = []
    add = out.append
    if count >= 3:
        head: tuple[SetT] = ((i, TRIP),)
        for p, sets in _parts(key - (3 << shift), honor, pair_open):
            add((p, head + sets))
    if not honor and (key >> (shift + 8)) & 255 and (key >> (shift + 16)) & 255:
        head = ((i, SEQ),)
        for p, sets in _parts(key - (0x10101 << shift), honor, pair_open):
            add((p, head + sets))
    if pair_open and count >= 2:
        for _, sets in _parts(key - (2 << shift), honor, False):
            add((i, sets))
    parts = tuple(out) if out else _NO_PARTS
    if len(_PARTS) >= _TABLE_LIMIT:
        _PARTS.clear()
    _PARTS[memo] = parts
    return parts


def waits_at(split: Split, rank: int) -> tuple[WaitReading, ...]:
    """The ways a winning tile of this rank completes a group of the split.

    Listed as ``readings`` lists them: the pair first, then the sets in order, each
    (set, wait) once. Worked out on first use for each rank, then kept.
    """
    known = split.waits[rank]
    if known is not None:
        return known
    out: list[WaitReading] = []
    if split.pair == rank:
        out.append(_new(WaitReading, (-1, Wait.TANKI, -1)))
    seen = 0
    trip_no = -1
    for pos, (first, kind) in enumerate(split.sets):
        if kind == TRIP:
            trip_no += 1
            if first != rank:
                continue
            wait = Wait.SHANPON
        else:
            offset = rank - first
            if not 0 <= offset <= 2:
                continue
            if offset == 1:
                wait = Wait.KANCHAN
            elif (offset == 0 and first == 6) or (offset == 2 and first == 0):
                wait = Wait.PENCHAN
            else:
                wait = Wait.RYANMEN
        bit = 1 << (2 * first + kind)  # the set fixes the wait: (set, wait) once
        if seen & bit:
            continue
        seen |= bit
        out.append(_new(WaitReading, (pos, wait, trip_no if kind == TRIP else -1)))
    known = split.waits[rank] = tuple(out)
    return known


_NO_ITEMS: tuple[tuple[FuTuple, ...], ...] = ((), (), (), ())


def _set_shares(honor: bool) -> tuple[tuple[int, int, int, int], ...]:
    """Each set's share of a split, by ``2 * first + kind``: (its bit among the sequences,
    its bit among the triplets, what it adds to ``packed``, ``INNER_FLAG`` or 0)."""
    shares: list[tuple[int, int, int, int]] = []
    for first in range(9):
        shares.append((1 << first, 0, 1, 0 if first in (0, 6) else INNER_FLAG))  # SEQ
        th = honor or first in (0, 8)
        fu = SET_FU[(th, True, False)][1]
        shares.append((0, 1 << first, PACK_TRIP + fu * PACK_FU, 0 if th else INNER_FLAG))
    return tuple(shares)


#: ``_set_shares`` of the suits and of the honours.
_SET_SHARES = (_set_shares(False), _set_shares(True))


def _peikou(sets: tuple[SetT, ...]) -> int:
    """How many pairs of identical sequences (they come one after another in ``sets``)."""
    n = run = 0
    last = -1
    for first, kind in sets:
        if kind == SEQ:
            if first == last:
                run += 1
                if not run & 1:
                    n += 1
            else:
                last = first
                run = 1
    return n


def _split(honor: bool, pair: int, sets: tuple[SetT, ...]) -> Split:
    shares = _SET_SHARES[honor]
    seqs = trips = packed = flags = 0
    for first, kind in sets:
        seq_bit, trip_bit, share, flag = shares[2 * first + kind]
        seqs |= seq_bit
        trips |= trip_bit
        packed += share
        flags |= flag
    if packed & 7 > seqs.bit_count():  # more sequences than first ranks: identical ones
        packed += _peikou(sets) * PACK_PEIKOU
    if pair >= 0:
        packed += PACK_PAIR + (pair + 1) * PACK_PAIR_RANK
        if not honor and pair not in (0, 8):
            flags |= INNER_FLAG
    items = _ITEMS[honor, trips] if trips else _NO_ITEMS
    return _new(Split, (pair, sets, seqs, trips, packed, flags, items, [None] * 9))


def _trip_items(key: tuple[bool, int]) -> tuple[tuple[FuTuple, ...], ...]:
    """The fu items of concealed triplets of these ranks (a bit a rank), placed in each suit
    (m, p, s, z), lowest rank first (as the splits list their sets)."""
    honor, mask = key
    ranks = [r for r in range(9) if mask >> r & 1]
    if honor:
        return ((), (), (), tuple(CLOSED_TRIP_ITEMS[27 + r] for r in ranks))
    m, p, s = (tuple(CLOSED_TRIP_ITEMS[b + r] for r in ranks) for b in (0, 9, 18))
    return (m, p, s, ())


#: (honours, triplets' ranks as bits) -> ``Split.items``: a few dozen values shared by every split.
_ITEMS = Memo(_trip_items)


def global_sets(split: Split, suit: int) -> tuple[SetT, ...]:
    """The split's sets, placed in a suit, with tile indices of the 34 kinds."""
    base = 9 * suit
    return tuple((base + first, kind) for first, kind in split.sets)


#: The split of a suit with no tiles.
EMPTY_SPLIT = Split(-1, (), 0, 0, 0, 0, _NO_ITEMS, [()] * 9)


#: A suit's counts with every non-zero count made 1 (``bytes.translate`` table).
_NONZERO = bytes([0] + [1] * 255)
#: Present ranks, from the counts so translated (read as an int, a byte a rank) to a bit a rank.
_PACKED = [0] * 512  # each set of ranks (a bit a rank) as bytes: from the set less its top rank
for _m in range(1, 512):
    _top = _m.bit_length() - 1
    _PACKED[_m] = _PACKED[_m ^ (1 << _top)] | 1 << (8 * _top)
_RANK_BITS: dict[int, int] = {packed: m for m, packed in enumerate(_PACKED)}
del _PACKED, _m, _top
_NO_MIDDLE = bytes(7)


def _build_entry(honor: bool, counts: bytes) -> SuitEntry:
    present = _RANK_BITS[int.from_bytes(counts.translate(_NONZERO), "little")]
    if honor:
        orphans = 0 not in counts
        nine_gates = False
    else:
        orphans = bool(counts[0] and counts[8]) and counts[1:8] == _NO_MIDDLE
        nine_gates = counts[0] >= 3 and counts[8] >= 3 and 0 not in counts[1:8]
    key = int.from_bytes(counts, "little")
    if not key:
        splits: tuple[Split, ...] = (EMPTY_SPLIT,)
    else:
        # sets and at most one pair: 3k tiles split without a pair, 3k + 2 with one,
        # 3k + 1 not at all (the search would find nothing, slowly)
        left = sum(counts) % 3
        if left == 1:
            splits = ()
        else:
            found = _parts(key, honor, left == 2)
            splits = tuple([_split(honor, p, sets) for p, sets in found]) if found else ()
    most = max(counts)
    only = splits[0] if len(splits) == 1 else None
    pairs = counts.count(2)
    return _new(SuitEntry, (counts, present, most, pairs, orphans, nine_gates, splits, only))


class SuitTable(dict[bytes, SuitEntry]):
    """The memoised entries of the suits or of the honours, by counts (a byte a rank).

    Look entries up by indexing: an entry not seen before is built on the spot.
    """

    def __init__(self, honor: bool) -> None:
        super().__init__()
        self.honor = honor

    def __missing__(self, counts: bytes) -> SuitEntry:
        entry = _build_entry(self.honor, counts)
        if len(self) >= _TABLE_LIMIT:
            self.clear()
        self[counts] = entry
        return entry


#: The table of the three suits (9 counts) and the table of the honours (7 counts).
SUITED = SuitTable(False)
HONORS = SuitTable(True)


def combinations(
    e0: SuitEntry, e1: SuitEntry, e2: SuitEntry, e3: SuitEntry
) -> list[tuple[Split, Split, Split, Split]]:
    """Every choice of one split per suit with exactly one pair among them, in order.

    The order is the suits' splits nested m, p, s, z, as the decompositions are listed.
    """
    a, b, c, d = e0.only, e1.only, e2.only, e3.only
    if a is not None and b is not None and c is not None and d is not None:
        if (a.packed + b.packed + c.packed + d.packed) >> 8 & 7 == 1:
            return [(a, b, c, d)]
        return []
    s0, s1, s2, s3 = e0.splits, e1.splits, e2.splits, e3.splits
    return [
        (a, b, c, d)
        for a in s0
        for b in s1
        for c in s2
        for d in s3
        if (a.packed + b.packed + c.packed + d.packed) >> 8 & 7 == 1
    ]


def pair_of(combo: tuple[Split, Split, Split, Split]) -> int:
    """The tile index of the pair of a choice of splits (exactly one has one)."""
    for suit, split in enumerate(combo):
        if split.pair >= 0:
            return 9 * suit + split.pair
    return -1


def entries_of(
    counts: tuple[int, ...] | list[int] | bytes,
) -> tuple[SuitEntry, SuitEntry, SuitEntry, SuitEntry]:
    """The four suit entries of 34 tile-kind counts (each 0-255)."""
    b = bytes(counts)
    return (SUITED[b[0:9]], SUITED[b[9:18]], SUITED[b[18:27]], HONORS[b[27:34]])
