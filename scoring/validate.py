"""Checks that a win can exist before it is scored.

Each problem raises its own exception class (see ``scoring.errors``) with a
one-sentence message naming it.
"""

from __future__ import annotations

from .errors import (
    SituationError,
    TileCountError,
    TooManyCopiesError,
    WinningTileError,
)
from .hand import Hand, Situation
from .rules import RuleProfile
from .tiles import Tile, format_tiles


def validate(hand: Hand, situation: Situation, rules: RuleProfile) -> None:
    """Raise the matching ``ScoringError`` if the win is impossible.

    Checks the tile count for the melds, copies of each tile (hand, melds and
    indicators together), red fives against the profile's set, that the
    winning tile is in the hand, and the situation flags.
    """
    _check_counts(hand)
    _check_copies(hand, situation, rules)
    _check_situation(hand, situation)


def _check_counts(hand: Hand) -> None:
    if len(hand.melds) > 4:
        raise TileCountError(f"a hand has at most four melds, not {len(hand.melds)}")
    need = 14 - 3 * len(hand.melds)
    have = len(hand.concealed)
    if have != need:
        melds = (
            "no melds"
            if not hand.melds
            else ("1 meld" if len(hand.melds) == 1 else f"{len(hand.melds)} melds")
        )
        raise TileCountError(
            f"a hand with {melds} needs {need} concealed tiles including the winning tile, "
            f"but '{format_tiles(hand.concealed)}' has {have}"
        )
    if hand.win not in hand.concealed:
        if any(t.index == hand.win.index for t in hand.concealed):
            other = "a plain five" if hand.win.red else "only the red five"
            raise WinningTileError(
                f"the winning tile {hand.win} is not in the hand, which has {other} of that kind"
            )
        raise WinningTileError(
            f"the winning tile {hand.win} is not in the hand '{format_tiles(hand.concealed)}'"
        )


def _check_copies(hand: Hand, situation: Situation, rules: RuleProfile) -> None:
    counts = [0] * 34
    reds = [0, 0, 0]
    for t in hand.all_tiles():
        counts[t.index] += 1
        if t.red:
            reds[t.index // 9] += 1
    # The fives rule looks at the hand and melds only: records of real games do
    # not always mark a red five shown as an indicator.
    hand_counts = list(counts)
    for t in (*situation.dora, *situation.ura):
        counts[t.index] += 1
    for i, c in enumerate(counts):
        if c > 4:
            where = "hand and melds" if hand_counts[i] > 4 else "hand, melds and indicators"
            raise TooManyCopiesError(
                f"there are {c} copies of {Tile(i)} in the {where}, but a set has only four"
            )
    red_in_set = 1 if rules.red_fives else 0
    for s, suit in enumerate("mps"):
        if reds[s] > red_in_set:
            if red_in_set:
                raise TooManyCopiesError(
                    f"there are {reds[s]} red 0{suit}, but the {rules.name} set has only one"
                )
            raise TooManyCopiesError(
                f"the {rules.name} rules play without red fives, but the hand has 0{suit}"
            )
        plain = hand_counts[9 * s + 4] - reds[s]
        if red_in_set and plain > 3:
            raise TooManyCopiesError(
                f"there are four plain 5{suit}, but the {rules.name} set has a red 0{suit} "
                "and only three plain ones"
            )


def _check_situation(hand: Hand, s: Situation) -> None:
    open_meld = next((m for m in hand.melds if m.is_open), None)
    riichi_word = "double riichi" if s.double_riichi else "riichi"
    if s.in_riichi and open_meld is not None:
        raise SituationError(
            f"{riichi_word} needs a closed hand, but the hand has the open meld '{open_meld}'"
        )
    if s.ippatsu and not s.in_riichi:
        raise SituationError("ippatsu is only possible after riichi")
    if s.rinshan:
        if not any(m.is_kan for m in hand.melds):
            raise SituationError("rinshan needs a kan in the hand, and there is none")
        if not s.tsumo:
            raise SituationError("rinshan is a win on the replacement tile, so it cannot be a ron")
    if s.chankan and s.tsumo:
        raise SituationError("chankan is a ron on a tile added to a kan, so it cannot be a tsumo")
    if s.haitei and not s.tsumo:
        raise SituationError("haitei is a tsumo on the last tile; a ron on it is houtei")
    if s.houtei and s.tsumo:
        raise SituationError("houtei is a ron on the last discard; a tsumo on it is haitei")
    if s.haitei and s.rinshan:
        raise SituationError(
            "haitei and rinshan cannot both happen: the replacement tile "
            "is not the last tile of the wall"
        )
    if s.tenhou:
        if not s.dealer:
            raise SituationError(
                "tenhou is only for the dealer (seat East); "
                "a non-dealer's first-draw win is chiihou"
            )
        if not s.tsumo:
            raise SituationError(
                "tenhou is a win on the dealer's starting hand, so it cannot be a ron"
            )
        if hand.melds or s.in_riichi:
            raise SituationError("tenhou happens before any call or riichi")
    if s.chiihou:
        if s.dealer:
            raise SituationError("chiihou is for a non-dealer; the dealer's is tenhou")
        if not s.tsumo:
            raise SituationError("chiihou is a win on the first draw, so it cannot be a ron")
        if s.in_riichi:
            raise SituationError(
                "chiihou is a win on the first draw, so it cannot come after riichi"
            )
        if hand.melds:
            raise SituationError("chiihou happens before any call, but the hand has melds")
    if s.renhou:
        if s.dealer:
            raise SituationError(
                "renhou is for a non-dealer; the dealer has no turn before their first draw"
            )
        if s.tsumo:
            raise SituationError("renhou is a ron before your first draw, so it cannot be a tsumo")
        if hand.melds or s.in_riichi:
            raise SituationError("renhou happens before any call or riichi")
    if s.honba < 0 or s.sticks < 0:
        raise SituationError("honba and riichi sticks cannot be negative")
