"""Scoring a winning hand: validation, the best reading, and the result.

>>> from scoring import Hand, Situation, Wind, score_hand
>>> r = score_hand(Hand.parse("234567m34p456s22z5p", "5p"),
...                Situation(round_wind=Wind.EAST, seat_wind=Wind.SOUTH, riichi=True))
>>> r.fu, r.han, r.declaration
(40, 1, '1300')
>>> [(i.name, i.fu) for i in r.fu_items]
[('base', 20), ('closed ron', 10), ('pair of seat wind', 2)]
>>> r.fu_items[2].kind
<FuKind.SEAT_WIND_PAIR: 'pair of seat wind'>
"""

from __future__ import annotations

from .decompose import SEQ, TRIP
from .fu import FuKind
from .hand import Hand, Situation, Win
from .points import total
from .readings import Scored, evaluate
from .result import Alternative, FuItem, Group, GroupKind, Payment, Reading, Result, YakuHan
from .rules import TENHOU, RuleProfile
from .tiles import TILES, Tile
from .yaku import YAKU


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


def _item_tiles(kind: FuKind, index: int, n: int, groups: tuple[Group, ...]) -> tuple[Tile, ...]:
    """The tiles a fu item counts, as held (red fives included)."""
    if index < 0:
        return ()
    if kind.is_wait:
        won = next((g for g in groups if g.has_win), None)
        return won.tiles if won is not None else (TILES[index],)
    for g in groups:
        if g.first != index:
            continue
        if kind.is_pair and g.kind is GroupKind.PAIR:
            return g.tiles
        if not kind.is_pair and g.kind in (GroupKind.TRIPLET, GroupKind.QUAD):
            return g.tiles
    return (TILES[index],) * max(n, 1)


def _by_ron(kind: FuKind, index: int, best: Scored, s: Situation) -> bool:
    """A triplet that counts as open because the winning tile completed it by ron."""
    return (
        not s.tsumo
        and kind.is_open
        and not kind.is_quad
        and any(st.first == index and st.has_win and st.kind == TRIP for st in best.sets)
    )


def fu_reason(kind: FuKind, index: int, by_ron: bool) -> str:
    """Why a fu item counts, in a sentence (the library's own English)."""
    if index < 0 or kind.is_wait:
        return kind.reason
    tile = TILES[index]
    if kind is FuKind.DOUBLE_WIND_PAIR:
        return f"a pair of {tile.name()}, both seat and round wind"
    if kind.is_pair:
        return f"a pair of {tile.name()} adds 2 (a yakuhai pair)"
    what = "quad" if kind.is_quad else "triplet"
    group = "terminals/honours" if kind.is_terminal else "simples"
    if by_ron:
        return (
            f"{tile.name()} {what}: completed by ron, so it counts as open "
            f"({group}: open {what} {kind.fixed_fu})"
        )
    return f"{'open' if kind.is_open else 'closed'} {what} of {tile.name()} ({group})"


def yaku_reason(name: str, han: int) -> str:
    """Why a yaku or dora counts, in a sentence (the library's own English)."""
    if name in ("dora", "ura_dora"):
        return f"{han} han from the {'ura ' if name == 'ura_dora' else ''}dora indicators"
    if name == "aka_dora":
        return f"{han} red five{'s' if han > 1 else ''}: one han each"
    info = YAKU.get(name)
    if info is None:
        return ""
    if name == "renhou" and han == 5:
        return "renhou is valued as mangan under these rules"
    return info.description


def _alternative(hand: Hand, sc: Scored) -> Alternative:
    return Alternative(Reading(sc.kind, _groups(hand, sc), sc.wait), sc.fu, sc.han, sc.yakuman,
                       sc.base, sc.raw_fu)


def _fu_item(kind: FuKind, fu: int, index: int, n: int, groups: tuple[Group, ...],
             best: Scored, s: Situation) -> FuItem:
    by_ron = _by_ron(kind, index, best, s)
    return FuItem(kind, fu, _item_tiles(kind, index, n, groups), fu_reason(kind, index, by_ron),
                  by_ron)


def build_result(
    hand: Hand, s: Situation, rules: RuleProfile, best: Scored, every: list[Scored]
) -> Result:
    """Build the public ``Result`` for the chosen reading."""
    groups = _groups(hand, best)
    fu_items = tuple(
        _fu_item(kind, fu, idx, n, groups, best, s) for kind, fu, idx, n in best.fu_items
    )
    yaku = tuple(YakuHan(n, h, yaku_reason(n, h)) for n, h in best.yaku)
    pay = Payment.of_base(best.base, dealer=s.dealer, tsumo=s.tsumo)
    chosen = _alternative(hand, best)
    alternatives = tuple(
        dict.fromkeys(
            a for a in (_alternative(hand, sc) for sc in every if sc is not best) if a != chosen
        )
    )
    return Result(
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


__all__ = ["build_result", "fu_reason", "score", "score_hand", "yaku_reason"]
