"""Checks that a win can exist before it is scored.

Each problem raises its own exception class (see ``scoring.errors``) with a
one-sentence message naming it. The checks run on the compact form
(``scoring.facts``), the same for the batch interface and the object API; the
common case (nothing wrong) costs a few comparisons, and the messages are
worked out only when something is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import facts
from .errors import (
    Reason,
    SituationError,
    TileCountError,
    TooManyCopiesError,
    WinningTileError,
)
from .facts import SPECIAL, Facts, concealed_tiles, facts_of
from .rules import RuleProfile
from .shapes import HONORS, SUITED, SuitEntry
from .tiles import TILES, Tile, format_tiles

if TYPE_CHECKING:
    from .hand import Hand, Situation

#: What validation hands on to scoring: the four suit entries and the 34 counts
#: of the hand's tiles, melds included (a byte each).
Checked = tuple[SuitEntry, SuitEntry, SuitEntry, SuitEntry, bytes]


def validate(hand: Hand, situation: Situation, rules: RuleProfile) -> None:
    """Raise the matching ``ScoringError`` if the win is impossible.

    Checks the tile count for the melds, copies of each tile (hand, melds and
    indicators together), red fives against the profile's set, that the
    winning tile is in the hand, and the situation flags.
    """
    check(facts_of(hand, situation, rules))


#: Added to counts held a byte each, sets the top bit of every byte above four.
_OVER_FOUR = int.from_bytes(bytes([123] * 34), "little")
_TOP_BITS = int.from_bytes(bytes([128] * 34), "little")
_FIVES = (4, 13, 22)
#: One tile of each kind, counted a byte a kind.
_ONE_OF = tuple(1 << (8 * i) for i in range(34))


def check(f: Facts) -> Checked:
    """Validate the compact form of a win; return its suit entries and full counts.

    Raises:
        TileCountError, WinningTileError, TooManyCopiesError, SituationError: in
            that order of checking, for the first problem found.
    """
    counts, n_tiles, reds, win, win_red, melds, flags, _, _, dora, ura, honba, sticks, rules, _ = f
    n_melds = len(melds)
    if n_melds > 4 or n_tiles != 14 - 3 * n_melds:
        _count_error(f)
    have = counts[win]
    if win_red:
        if not reds[win // 9]:
            _win_error(f, have)
    elif have <= (reds[win // 9] if win in _FIVES else 0):
        _win_error(f, have)

    # copies: counts a byte each, so that one addition tests them all
    held = int.from_bytes(counts, "little")
    r0, r1, r2 = reds
    for m in melds:
        held += m.value
        if m.red_count:
            r0 += m.reds[0]
            r1 += m.reds[1]
            r2 += m.reds[2]
    shown = held
    if dora or ura:
        indicators = dora + ura
        if len(indicators) > 100:
            shown = -1  # too many to add up a byte each: check them one by one
        else:
            shown += sum(map(_ONE_OF.__getitem__, indicators))
    if shown < 0 or (shown + _OVER_FOUR) & _TOP_BITS:
        _check_copies(f, held.to_bytes(34, "little"))
    full = held.to_bytes(34, "little")
    if r0 or r1 or r2:
        # one red five of a suit at most, and no more than three plain fives with it
        if (
            r0 > 1
            or r1 > 1
            or r2 > 1
            or not rules.red_fives
            or full[4] - r0 > 3
            or full[13] - r1 > 3
            or full[22] - r2 > 3
        ):
            _check_reds(rules, full, (r0, r1, r2))
    elif full[4] > 3 or full[13] > 3 or full[22] > 3:
        _check_reds(rules, full, (r0, r1, r2))
    if honba < 0 or sticks < 0:
        _check_situation(f)
    elif flags & SPECIAL:
        situation = flags << 1 | (f.seat == 27)
        if melds or situation not in _POSSIBLE:
            _check_situation(f)
            if not melds:
                _POSSIBLE.add(situation)
    return (
        SUITED[counts[0:9]],
        SUITED[counts[9:18]],
        SUITED[counts[18:27]],
        HONORS[counts[27:34]],
        full,
    )


#: ``flags << 1 | dealer`` of situations found possible for a hand without melds (the
#: checks of ``_check_situation`` depend on nothing else there).
_POSSIBLE: set[int] = set()


def _count_error(f: Facts) -> None:
    n_melds = len(f.melds)
    if n_melds > 4:
        raise TileCountError.because(Reason.TOO_MANY_MELDS, melds=n_melds)
    need = 14 - 3 * n_melds
    raise TileCountError.because(Reason.TILE_COUNT, melds=n_melds, need=need,
                                 tiles=format_tiles(concealed_tiles(f)), count=f.n_tiles)


def _win_error(f: Facts, have: int) -> None:
    win = Tile(f.win, f.win_red)
    if have:
        raise WinningTileError.because(Reason.WIN_OTHER_FIVE, win=str(win), red=f.win_red)
    raise WinningTileError.because(Reason.WIN_NOT_IN_HAND, win=str(win),
                                   tiles=format_tiles(concealed_tiles(f)))


def _check_copies(f: Facts, hand_counts: bytes) -> None:
    # The fives rule looks at the hand and melds only: records of real games do
    # not always mark a red five shown as an indicator.
    counts = list(hand_counts)
    for i in (*f.dora, *f.ura):
        counts[i] += 1
    for i, c in enumerate(counts):
        if c > 4:
            raise TooManyCopiesError.because(Reason.TOO_MANY_COPIES, count=c, tile=str(TILES[i]),
                                             indicators=hand_counts[i] <= 4)


def _check_reds(rules: RuleProfile, hand_counts: bytes, reds: tuple[int, int, int]) -> None:
    in_set = 1 if rules.red_fives else 0
    for s, suit in enumerate("mps"):
        if reds[s] > in_set:
            if in_set:
                raise TooManyCopiesError.because(Reason.TOO_MANY_REDS, count=reds[s], suit=suit,
                                                 rules=rules.name)
            raise TooManyCopiesError.because(Reason.NO_RED_FIVES, suit=suit, rules=rules.name)
        plain = hand_counts[9 * s + 4] - reds[s]
        if in_set and plain > 3:
            raise TooManyCopiesError.because(Reason.FOUR_PLAIN_FIVES, suit=suit, rules=rules.name)


def _check_situation(f: Facts) -> None:
    fl = f.flags
    tsumo = bool(fl & facts.TSUMO)
    in_riichi = bool(fl & (facts.RIICHI | facts.DOUBLE_RIICHI))
    dealer = f.seat == 27
    open_meld = next((m for m in f.melds if m.is_open), None)
    riichi_word = "double riichi" if fl & facts.DOUBLE_RIICHI else "riichi"
    if in_riichi and open_meld is not None:
        raise SituationError.because(Reason.RIICHI_OPEN, double=riichi_word != "riichi",
                                     meld=open_meld.text)
    if fl & facts.IPPATSU and not in_riichi:
        raise SituationError.because(Reason.IPPATSU_WITHOUT_RIICHI)
    if fl & facts.RINSHAN:
        if not any(m.is_kan for m in f.melds):
            raise SituationError.because(Reason.RINSHAN_WITHOUT_KAN)
        if not tsumo:
            raise SituationError.because(Reason.RINSHAN_RON)
    if fl & facts.CHANKAN and tsumo:
        raise SituationError.because(Reason.CHANKAN_TSUMO)
    if fl & facts.HAITEI and not tsumo:
        raise SituationError.because(Reason.HAITEI_RON)
    if fl & facts.HOUTEI and tsumo:
        raise SituationError.because(Reason.HOUTEI_TSUMO)
    if fl & facts.HAITEI and fl & facts.RINSHAN:
        raise SituationError.because(Reason.HAITEI_RINSHAN)
    if fl & facts.TENHOU:
        if not dealer:
            raise SituationError.because(Reason.TENHOU_NOT_DEALER)
        if not tsumo:
            raise SituationError.because(Reason.TENHOU_RON)
        if f.melds or in_riichi:
            raise SituationError.because(Reason.TENHOU_AFTER_CALL)
    if fl & facts.CHIIHOU:
        if dealer:
            raise SituationError.because(Reason.CHIIHOU_DEALER)
        if not tsumo:
            raise SituationError.because(Reason.CHIIHOU_RON)
        if in_riichi:
            raise SituationError.because(Reason.CHIIHOU_AFTER_RIICHI)
        if f.melds:
            raise SituationError.because(Reason.CHIIHOU_AFTER_CALL)
    if fl & facts.RENHOU:
        if dealer:
            raise SituationError.because(Reason.RENHOU_DEALER)
        if tsumo:
            raise SituationError.because(Reason.RENHOU_TSUMO)
        if f.melds or in_riichi:
            raise SituationError.because(Reason.RENHOU_AFTER_CALL)
    if f.honba < 0 or f.sticks < 0:
        raise SituationError.because(Reason.NEGATIVE_COUNTERS)
