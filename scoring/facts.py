"""The compact form of a win that validation and scoring work on.

Both ways in share it: the batch interface reads a record straight into
``Facts`` (plain ints and tuples, see ``scoring.batch``), and the object API
converts its ``Hand`` and ``Situation`` with ``facts_of``. Validation
(``scoring.validate``) and scoring (``scoring.evaluate``) then run the same code.

>>> from scoring.hand import Hand, Situation, Wind
>>> from scoring.rules import TENHOU
>>> f = facts_of(Hand.parse("234567m34p456s22z5p", "5p"),
...              Situation(seat_wind=Wind.SOUTH, riichi=True), TENHOU)
>>> list(f.counts), f.n_tiles, f.win, f.flags == RIICHI, f.seat
... # doctest: +NORMALIZE_WHITESPACE
([0, 1, 1, 1, 1, 1, 1, 0, 0,  0, 0, 1, 1, 1, 0, 0, 0, 0,  0, 0, 0, 1, 1, 1, 0, 0, 0,
  0, 2, 0, 0, 0, 0, 0], 14, 13, True, 28)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .melds import Meld, MeldKind
from .rules import RuleProfile
from .shapes import INNER_FLAG, SEQ, SET_FU, TRIP, FuTuple, is_terminal_or_honor
from .tiles import Tile, parse_tiles

if TYPE_CHECKING:
    from .hand import Hand, Situation


class SetTuple(NamedTuple):
    """A set of a scored reading."""

    first: int  # the lowest tile index
    kind: int  # SEQ or TRIP
    concealed: bool  # formed from the wall (a triplet completed by ron is not)
    is_kan: bool
    melded: bool  # a called or declared meld
    has_win: bool  # the winning tile completed it


# Situation flags, one bit each.
TSUMO = 1
RIICHI = 2
DOUBLE_RIICHI = 4
IPPATSU = 8
RINSHAN = 16
CHANKAN = 32
HAITEI = 64
HOUTEI = 128
TENHOU = 256
CHIIHOU = 512
RENHOU = 1024
#: The flags of the batch format with their bits (``tsumo`` is read on its own).
FLAG_BITS: tuple[tuple[str, int], ...] = (
    ("riichi", RIICHI),
    ("double_riichi", DOUBLE_RIICHI),
    ("ippatsu", IPPATSU),
    ("rinshan", RINSHAN),
    ("chankan", CHANKAN),
    ("haitei", HAITEI),
    ("houtei", HOUTEI),
    ("tenhou", TENHOU),
    ("chiihou", CHIIHOU),
    ("renhou", RENHOU),
)
#: Every flag but tsumo: the ones validation has something to say about.
SPECIAL = RIICHI | DOUBLE_RIICHI | IPPATSU | RINSHAN | CHANKAN | HAITEI | HOUTEI
SPECIAL |= TENHOU | CHIIHOU | RENHOU


class MeldFacts(NamedTuple):
    """A meld as the scorer needs it.

    Attributes:
        kind: chi, pon or a kind of kan.
        first: the lowest tile index.
        idxs: the tile indices of its tiles.
        reds: red fives in it, per suit (m, p, s).
        present: bit mask of its tile indices.
        is_open: anything but a closed kan.
        is_kan: one of the three kinds of kan.
        text: the meld as ``str(Meld)`` writes it, for messages.
        set_tuple: the meld as a set of a reading.
        trip_item: the fu item of a pon or kan (None for a chi).
        seqs: the bit of its first tile if it is a chi, else 0.
        trips: the bit of its tile if it is a pon or kan, else 0.
        flags: ``INNER_FLAG`` when it holds no terminal or honour.
        value: its tiles counted a byte a tile kind (``1 << 8 * index`` each).
        red_count: how many red fives it holds.
    """

    kind: MeldKind
    first: int
    idxs: tuple[int, ...]
    reds: tuple[int, int, int]
    present: int
    is_open: bool
    is_kan: bool
    text: str
    set_tuple: SetTuple
    trip_item: FuTuple | None
    seqs: int
    trips: int
    flags: int
    value: int
    red_count: int


_MELD_FACTS: dict[Meld, MeldFacts] = {}


def meld_facts(meld: Meld) -> MeldFacts:
    """The compact form of a meld (memoised: melds repeat across hands)."""
    known = _MELD_FACTS.get(meld)
    if known is None:
        known = _meld_facts(meld)
        if len(_MELD_FACTS) >= 10_000:
            _MELD_FACTS.clear()
        _MELD_FACTS[meld] = known
    return known


def _meld_facts(meld: Meld) -> MeldFacts:
    idxs = tuple(t.index for t in meld.tiles)
    reds = [0, 0, 0]
    present = 0
    for t in meld.tiles:
        present |= 1 << t.index
        if t.red:
            reds[t.index // 9] += 1
    first = min(idxs)
    kind = meld.kind
    is_kan = kind not in (MeldKind.CHI, MeldKind.PON)
    concealed = kind is MeldKind.ANKAN
    item: FuTuple | None = None
    if kind is MeldKind.CHI:
        st = SetTuple(first, SEQ, False, False, True, False)
        seqs, trips = 1 << first, 0
        flags = 0 if first % 9 in (0, 6) else INNER_FLAG
    else:
        st = SetTuple(first, TRIP, concealed, is_kan, True, False)
        name, fu = SET_FU[(is_terminal_or_honor(first), concealed, is_kan)]
        item = FuTuple(name, fu, first, 4 if is_kan else 3)
        seqs, trips = 0, 1 << first
        flags = 0 if is_terminal_or_honor(first) else INNER_FLAG
    return MeldFacts(
        kind=kind,
        first=first,
        idxs=idxs,
        reds=(reds[0], reds[1], reds[2]),
        present=present,
        is_open=not concealed,
        is_kan=is_kan,
        text=str(meld),
        set_tuple=st,
        trip_item=item,
        seqs=seqs,
        trips=trips,
        flags=flags,
        value=sum(1 << (8 * i) for i in idxs),
        red_count=sum(reds),
    )


class Facts(NamedTuple):
    """A win in plain values: what validation and scoring read.

    Attributes:
        counts: how many of each of the 34 tile kinds are concealed, winning tile
            included, a byte each (slices of it are the per-suit keys of ``scoring.shapes``).
        n_tiles: how many concealed tiles.
        reds: red fives among the concealed tiles, per suit (m, p, s).
        win: the winning tile's index.
        win_red: the winning tile is a red five.
        melds: the melds.
        flags: the situation flags (``TSUMO``, ``RIICHI``, ...), one bit each.
        round: the round wind's tile index (27-30).
        seat: the seat wind's tile index (27-30; 27 is the dealer).
        dora: the dora indicators' indices, in order.
        ura: the ura dora indicators' indices, in order.
        honba: counters on the table.
        sticks: riichi sticks on the table.
        rules: the rule profile.
        concealed: the concealed tiles as given (notation or tiles), for messages.
    """

    counts: bytes
    n_tiles: int
    reds: tuple[int, int, int]
    win: int
    win_red: bool
    melds: tuple[MeldFacts, ...]
    flags: int
    round: int
    seat: int
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    honba: int
    sticks: int
    rules: RuleProfile
    concealed: str | tuple[Tile, ...]


def concealed_tiles(f: Facts) -> tuple[Tile, ...]:
    """The concealed tiles of the facts, as tiles."""
    src = f.concealed
    return parse_tiles(src) if isinstance(src, str) else src


def facts_of(hand: Hand, s: Situation, rules: RuleProfile) -> Facts:
    """Convert a hand and its situation to the compact form."""
    counts = [0] * 34
    reds = [0, 0, 0]
    for t in hand.concealed:
        counts[t.index] += 1
        if t.red:
            reds[t.index // 9] += 1
    flags = TSUMO if s.tsumo else 0
    for name, bit in FLAG_BITS:
        if getattr(s, name):
            flags |= bit
    return Facts(
        # (more than 255 of a kind can only be a wrong tile count, which is checked first)
        counts=bytes(min(c, 255) for c in counts),
        n_tiles=len(hand.concealed),
        reds=(reds[0], reds[1], reds[2]),
        win=hand.win.index,
        win_red=hand.win.red,
        melds=tuple(meld_facts(m) for m in hand.melds),
        flags=flags,
        round=s.round_wind.tile_index,
        seat=s.seat_wind.tile_index,
        dora=tuple(t.index for t in s.dora),
        ura=tuple(t.index for t in s.ura),
        honba=s.honba,
        sticks=s.sticks,
        rules=rules,
        concealed=hand.concealed,
    )
