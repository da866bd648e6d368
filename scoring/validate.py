"""Checks that a win can exist before it is scored.

Each problem raises its own exception class (see ``scoring.errors``) with a
one-sentence message naming it. The checks run on the compact form
(``scoring.facts``), the same for the batch interface and the object API; the
common case (nothing wrong) costs a few comparisons, and the messages are
worked out only when something is wrong.
"""

from __future__ import annotations

from . import facts
from .errors import (
    SituationError,
    TileCountError,
    TooManyCopiesError,
    WinningTileError,
)
from .facts import SPECIAL, Facts, concealed_tiles, facts_of
from .hand import Hand, Situation
from .rules import RuleProfile
from .shapes import HONORS, SUITED, SuitEntry
from .tiles import TILES, Tile, format_tiles

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
        raise TileCountError(f"a hand has at most four melds, not {n_melds}")
    need = 14 - 3 * n_melds
    melds = "no melds" if not n_melds else ("1 meld" if n_melds == 1 else f"{n_melds} melds")
    raise TileCountError(
        f"a hand with {melds} needs {need} concealed tiles including the winning tile, "
        f"but '{format_tiles(concealed_tiles(f))}' has {f.n_tiles}"
    )


def _win_error(f: Facts, have: int) -> None:
    win = Tile(f.win, f.win_red)
    if have:
        other = "a plain five" if f.win_red else "only the red five"
        raise WinningTileError(
            f"the winning tile {win} is not in the hand, which has {other} of that kind"
        )
    raise WinningTileError(
        f"the winning tile {win} is not in the hand '{format_tiles(concealed_tiles(f))}'"
    )


def _check_copies(f: Facts, hand_counts: bytes) -> None:
    # The fives rule looks at the hand and melds only: records of real games do
    # not always mark a red five shown as an indicator.
    counts = list(hand_counts)
    for i in (*f.dora, *f.ura):
        counts[i] += 1
    for i, c in enumerate(counts):
        if c > 4:
            where = "hand and melds" if hand_counts[i] > 4 else "hand, melds and indicators"
            raise TooManyCopiesError(
                f"there are {c} copies of {TILES[i]} in the {where}, but a set has only four"
            )


def _check_reds(rules: RuleProfile, hand_counts: bytes, reds: tuple[int, int, int]) -> None:
    in_set = 1 if rules.red_fives else 0
    for s, suit in enumerate("mps"):
        if reds[s] > in_set:
            if in_set:
                raise TooManyCopiesError(
                    f"there are {reds[s]} red 0{suit}, but the {rules.name} set has only one"
                )
            raise TooManyCopiesError(
                f"the {rules.name} rules play without red fives, but the hand has 0{suit}"
            )
        plain = hand_counts[9 * s + 4] - reds[s]
        if in_set and plain > 3:
            raise TooManyCopiesError(
                f"there are four plain 5{suit}, but the {rules.name} set has a red 0{suit} "
                "and only three plain ones"
            )


def _check_situation(f: Facts) -> None:
    fl = f.flags
    tsumo = bool(fl & facts.TSUMO)
    in_riichi = bool(fl & (facts.RIICHI | facts.DOUBLE_RIICHI))
    dealer = f.seat == 27
    open_meld = next((m for m in f.melds if m.is_open), None)
    riichi_word = "double riichi" if fl & facts.DOUBLE_RIICHI else "riichi"
    if in_riichi and open_meld is not None:
        raise SituationError(
            f"{riichi_word} needs a closed hand, but the hand has the open meld '{open_meld.text}'"
        )
    if fl & facts.IPPATSU and not in_riichi:
        raise SituationError("ippatsu is only possible after riichi")
    if fl & facts.RINSHAN:
        if not any(m.is_kan for m in f.melds):
            raise SituationError("rinshan needs a kan in the hand, and there is none")
        if not tsumo:
            raise SituationError("rinshan is a win on the replacement tile, so it cannot be a ron")
    if fl & facts.CHANKAN and tsumo:
        raise SituationError("chankan is a ron on a tile added to a kan, so it cannot be a tsumo")
    if fl & facts.HAITEI and not tsumo:
        raise SituationError("haitei is a tsumo on the last tile; a ron on it is houtei")
    if fl & facts.HOUTEI and tsumo:
        raise SituationError("houtei is a ron on the last discard; a tsumo on it is haitei")
    if fl & facts.HAITEI and fl & facts.RINSHAN:
        raise SituationError(
            "haitei and rinshan cannot both happen: the replacement tile "
            "is not the last tile of the wall"
        )
    if fl & facts.TENHOU:
        if not dealer:
            raise SituationError(
                "tenhou is only for the dealer (seat East); "
                "a non-dealer's first-draw win is chiihou"
            )
        if not tsumo:
            raise SituationError(
                "tenhou is a win on the dealer's starting hand, so it cannot be a ron"
            )
        if f.melds or in_riichi:
            raise SituationError("tenhou happens before any call or riichi")
    if fl & facts.CHIIHOU:
        if dealer:
            raise SituationError("chiihou is for a non-dealer; the dealer's is tenhou")
        if not tsumo:
            raise SituationError("chiihou is a win on the first draw, so it cannot be a ron")
        if in_riichi:
            raise SituationError(
                "chiihou is a win on the first draw, so it cannot come after riichi"
            )
        if f.melds:
            raise SituationError("chiihou happens before any call, but the hand has melds")
    if fl & facts.RENHOU:
        if dealer:
            raise SituationError(
                "renhou is for a non-dealer; the dealer has no turn before their first draw"
            )
        if tsumo:
            raise SituationError("renhou is a ron before your first draw, so it cannot be a tsumo")
        if f.melds or in_riichi:
            raise SituationError("renhou happens before any call or riichi")
    if f.honba < 0 or f.sticks < 0:
        raise SituationError("honba and riichi sticks cannot be negative")
