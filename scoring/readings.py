"""The object API's readings: each evaluated reading with its sets spelled out.

``scoring.evaluate`` scores readings in compact form (``Outcome``); this module
turns them into ``Scored`` values whose sets are named tuples, for the result
and its explanation (``scoring.score``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .evaluate import Outcome, evaluate_facts
from .facts import TSUMO, Facts, SetTuple, facts_of
from .hand import Hand, Situation
from .result import Limit, ReadingKind, Wait
from .rules import RuleProfile
from .shapes import SEQ, TRIP, FuTuple, global_sets
from .validate import check

__all__ = ["Scored", "evaluate", "to_scored"]


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
            SetTuple(i, 0, True, False, False, i == f.win) for i in range(34) if full_counts[i] == 2
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
                sets.append(SetTuple(first, TRIP, tsumo or not has_win, False, False, has_win))
            else:
                sets.append(SetTuple(first, SEQ, True, False, False, has_win))
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
