"""Scoring a winning hand: validation, the best reading, and the result.

>>> from scoring import Hand, Situation, Wind, score_hand
>>> r = score_hand(Hand.parse("234567m34p456s22z5p", "5p"),
...                Situation(round_wind=Wind.EAST, seat_wind=Wind.SOUTH, riichi=True))
>>> r.fu, r.han, r.declaration
(40, 1, '1300')
>>> [(i.name, i.fu) for i in r.fu_items]
[('base', 20), ('closed ron', 10), ('pair of seat wind', 2)]
"""

from __future__ import annotations

from .decompose import SEQ
from .evaluate import Scored, evaluate
from .explain import explain_steps, fu_reason, yaku_reason
from .hand import Hand, Situation, Win
from .points import payments, total
from .result import FuItem, Group, GroupKind, Reading, Result, YakuHan
from .rules import TENHOU, RuleProfile
from .tiles import TILES, Tile


def score(win: Win) -> Result:
    """Score a win under its rule profile.

    Raises:
        ScoringError: a subclass naming what makes the win impossible.
    """
    return score_hand(win.hand, win.situation, win.rules)


def score_hand(
    hand: Hand, situation: Situation | None = None, rules: RuleProfile = TENHOU
) -> Result:
    """Score a hand in a situation under a rule profile (Tenhou's by default)."""
    s = situation if situation is not None else Situation()
    best, every = evaluate(hand, s, rules)
    return build_result(hand, s, rules, best, every)


def _groups(hand: Hand, best: Scored) -> tuple[Group, ...]:
    """Turn the chosen reading into groups of real tiles (red fives where held)."""
    reds = [t for t in hand.concealed if t.red]
    meld_iter = iter(hand.melds)
    groups: list[Group] = []

    def take(index: int) -> Tile:
        for k, r in enumerate(reds):
            if r.index == index:
                return reds.pop(k)
        return TILES[index]

    if best.kind.value == "kokushi":
        tiles = tuple(sorted(hand.concealed, key=lambda t: t.index))
        return (Group(GroupKind.PAIR, tiles, True, False, True),)
    for first, kind, concealed, is_kan, melded, has_win in best.sets:
        if melded:
            meld = next(meld_iter)
            gk = (
                GroupKind.SEQUENCE
                if kind == SEQ
                else (GroupKind.QUAD if is_kan else GroupKind.TRIPLET)
            )
            groups.append(Group(gk, meld.tiles, concealed, True, False))
            continue
        if best.kind.value == "chiitoitsu":
            groups.append(Group(GroupKind.PAIR, (take(first), take(first)), True, False, has_win))
        elif kind == SEQ:
            groups.append(
                Group(
                    GroupKind.SEQUENCE,
                    (take(first), take(first + 1), take(first + 2)),
                    True,
                    False,
                    has_win,
                )
            )
        else:
            groups.append(
                Group(
                    GroupKind.TRIPLET,
                    (take(first), take(first), take(first)),
                    concealed,
                    False,
                    has_win,
                )
            )
    if best.kind.value == "standard":
        pair_has_win = best.wait.value == "tanki"
        groups.append(
            Group(GroupKind.PAIR, (take(best.pair), take(best.pair)), True, False, pair_has_win)
        )
    return tuple(groups)


def _item_tiles(name: str, index: int, n: int, groups: tuple[Group, ...]) -> tuple[Tile, ...]:
    """The tiles a fu item counts, as held (red fives included)."""
    if index < 0:
        return ()
    if name.endswith("wait"):
        won = next((g for g in groups if g.has_win), None)
        return won.tiles if won is not None else (TILES[index],)
    want = GroupKind.PAIR if name.startswith("pair") else None
    for g in groups:
        if g.first != index:
            continue
        if want is GroupKind.PAIR and g.kind is GroupKind.PAIR:
            return g.tiles
        if want is None and g.kind in (GroupKind.TRIPLET, GroupKind.QUAD):
            return g.tiles
    return (TILES[index],) * max(n, 1)


def _describe(hand: Hand, sc: Scored) -> str:
    return (
        f"{Reading(sc.kind, _groups(hand, sc), sc.wait).describe()}: "
        + (f"{sc.yakuman}x yakuman" if sc.yakuman else f"{sc.han} han {sc.fu} fu")
        + f", base {sc.base}"
    )


def build_result(
    hand: Hand, s: Situation, rules: RuleProfile, best: Scored, every: list[Scored]
) -> Result:
    """Build the public ``Result`` for the chosen reading."""
    groups = _groups(hand, best)
    fu_items = tuple(
        FuItem(name, fu, _item_tiles(name, idx, n, groups), fu_reason(name, idx, best, s))
        for name, fu, idx, n in best.fu_items
    )
    yaku = tuple(YakuHan(n, h, yaku_reason(n, h, s, rules)) for n, h in best.yaku)
    pay = payments(best.base, s.dealer, s.tsumo)
    chosen = _describe(hand, best)
    alternatives = tuple(
        dict.fromkeys(
            d for d in (_describe(hand, sc) for sc in every if sc is not best) if d != chosen
        )
    )
    result = Result(
        fu=best.fu,
        raw_fu=best.raw_fu,
        fu_items=fu_items,
        han=best.han,
        yakuman=best.yakuman,
        yaku=yaku,
        limit=best.limit,
        base=best.base,
        payment=pay,
        honba=s.honba,
        sticks=s.sticks,
        total=total(pay, s.honba, s.sticks, rules.honba_ron),
        dealer=s.dealer,
        tsumo=s.tsumo,
        reading=Reading(best.kind, groups, best.wait),
        rules=rules.name,
        hand=hand,
        situation=s,
        profile=rules,
        alternatives=alternatives,
    )
    return result


__all__ = ["explain_steps", "score", "score_hand"]
