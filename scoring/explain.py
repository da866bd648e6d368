"""The worked explanation, as the steps a teacher would write.

Every step is data (``Step``: kind, text, tiles, value) so the app can render
it and tests can assert on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .result import GroupKind, Limit, ReadingKind, Result, Step
from .rules import RuleProfile
from .tiles import TILES, Tile, dora_from_indicator, format_tiles
from .yaku import YAKU

if TYPE_CHECKING:
    from .evaluate import Scored
    from .hand import Situation

_FIXED_REASONS: dict[str, str] = {
    "base": "every winning hand starts with 20 fu (fuutei)",
    "closed ron": "a closed hand won by ron adds 10 (menzen kafu)",
    "tsumo": "a win by self-draw adds 2 (not for pinfu tsumo)",
    "open ron minimum": "an open hand won by ron with no other fu is counted as 30 fu",
    "chiitoitsu": "seven pairs are always 25 fu: nothing is added and nothing is rounded",
}


def fu_reason(name: str, index: int, best: Scored, s: Situation) -> str:
    """Why a fu item counts, in a sentence for a learner."""
    if name in _FIXED_REASONS:
        return _FIXED_REASONS[name]
    tile = TILES[index] if index >= 0 else None
    if name.endswith("wait"):
        kind = name.split()[0]
        what = {
            "kanchan": "the winning tile filled the middle of a sequence",
            "penchan": "the winning tile completed 12-3 or 7-89 from the edge",
            "tanki": "the winning tile completed the pair",
        }.get(kind, "a one-sided wait")
        return f"{what}: a single-tile wait adds 2"
    if name.startswith("pair"):
        if name == "pair of seat and round wind":
            return f"a pair of {tile.name() if tile else ''}, both seat and round wind"
        return f"a pair of {tile.name() if tile else ''} adds 2 (a yakuhai pair)"
    assert tile is not None
    ron_completed = (
        not s.tsumo
        and any(st[0] == index and st[5] and st[1] == 1 for st in best.sets)
        and name.startswith("open triplet")
    )
    what = "quad" if "quad" in name else "triplet"
    kind = "terminals/honours" if tile.is_terminal_or_honor else "simples"
    state = name.split()[0]
    if ron_completed:
        return (
            f"{tile.name()} {what}: completed by ron, so it counts as open "
            f"({kind}: open {what} {_value(name)})"
        )
    return f"{state} {what} of {tile.name()} ({kind})"


def _value(name: str) -> int:
    table = {
        "open triplet of simples": 2,
        "closed triplet of simples": 4,
        "open triplet of terminals/honours": 4,
        "closed triplet of terminals/honours": 8,
        "open quad of simples": 8,
        "closed quad of simples": 16,
        "open quad of terminals/honours": 16,
        "closed quad of terminals/honours": 32,
    }
    return table.get(name, 0)


def _indicator_text(indicators: tuple[Tile, ...], held: list[int]) -> str:
    parts = []
    for ind in indicators:
        d = dora_from_indicator(ind)
        parts.append(f"indicator {ind} -> dora {d} (held {held[d.index]})")
    return "; ".join(parts)


def yaku_reason(name: str, han: int, s: Situation, rules: RuleProfile) -> str:
    """Why a yaku or dora counts, in a sentence for a learner."""
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


def _held_counts(result: Result) -> list[int]:
    held = [0] * 34
    for t in result.hand.all_tiles():
        held[t.index] += 1
    return held


def explain_steps(result: Result) -> tuple[Step, ...]:
    """The worked explanation of a result, step by step."""
    s = result.situation
    rules = result.profile
    steps: list[Step] = []
    r = result.reading
    win_tiles = (result.hand.win,)
    text = f"Reading: {r.describe()} (won on {result.hand.win})."
    if result.alternatives:
        text += (
            " Chosen because no other reading is worth more; also possible: "
            + "; ".join(result.alternatives)
            + "."
        )
    steps.append(Step("reading", text, win_tiles))

    # fu
    if r.kind is ReadingKind.KOKUSHI:
        steps.append(Step("fu_total", "Thirteen orphans is a yakuman: fu do not matter.", (), 0))
    else:
        pinfu = any(y.name == "pinfu" for y in result.yaku)
        for item in result.fu_items:
            label = f"{item.name}" + (f" {format_tiles(item.tiles)}" if item.tiles else "")
            steps.append(Step("fu", f"{label}: +{item.fu} fu ({item.reason})", item.tiles, item.fu))
        if r.kind is ReadingKind.CHIITOITSU:
            steps.append(Step("fu_total", "Fu: 25 (chiitoitsu, not rounded).", (), 25))
        elif pinfu and result.tsumo:
            steps.append(
                Step(
                    "fu_total",
                    "Fu: 20 (pinfu tsumo: the 2 tsumo fu are not counted, and 20 is not rounded).",
                    (),
                    20,
                )
            )
        elif result.raw_fu == result.fu:
            steps.append(
                Step("fu_total", f"Fu: {result.raw_fu}, already a multiple of 10.", (), result.fu)
            )
        else:
            steps.append(
                Step("fu_total", f"Fu: {result.raw_fu}, rounded up to {result.fu}.", (), result.fu)
            )

    # yaku and dora
    held = _held_counts(result)
    for y in result.yaku:
        if y.name == "dora":
            ind = s.dora if rules.kan_dora else s.dora[:1]
            steps.append(
                Step(
                    "dora",
                    f"dora: +{y.han} han ({_indicator_text(ind, held)})",
                    tuple(dora_from_indicator(t) for t in ind),
                    y.han,
                )
            )
        elif y.name == "ura_dora":
            ind = s.ura if rules.kan_dora else s.ura[:1]
            steps.append(
                Step(
                    "dora",
                    f"ura dora: +{y.han} han ({_indicator_text(ind, held)})",
                    tuple(dora_from_indicator(t) for t in ind),
                    y.han,
                )
            )
        elif y.name == "aka_dora":
            reds = tuple(t for t in result.hand.all_tiles() if t.red)
            steps.append(
                Step("dora", f"red fives: +{y.han} han ({format_tiles(reds)})", reds, y.han)
            )
        else:
            title = YAKU[y.name].title if y.name in YAKU else y.name
            amount = f"{y.han // 13}x yakuman" if result.yakuman else f"{y.han} han"
            steps.append(Step("yaku", f"{title}: {amount} ({y.reason})", (), y.han))
    if not result.yakuman:
        if s.ura and not s.in_riichi:
            steps.append(
                Step("dora", "Ura dora count only for a riichi hand: not counted here.", (), 0)
            )
        steps.append(Step("han_total", f"Han: {result.han}.", (), result.han))

    # base and limit
    if result.yakuman:
        steps.append(
            Step(
                "limit",
                f"{result.yakuman}x yakuman: base {result.base} (8000 per yakuman).",
                (),
                result.base,
            )
        )
    elif result.limit is None:
        steps.append(
            Step(
                "base",
                f"Base points = {result.fu} x 2^(2+{result.han}) = {result.base}.",
                (),
                result.base,
            )
        )
    else:
        steps.append(Step("limit", _limit_text(result, rules), (), result.base))

    # payments
    steps.extend(_payment_steps(result, rules))
    return tuple(steps)


def _limit_text(result: Result, rules: RuleProfile) -> str:
    raw = result.fu << (result.han + 2) if result.han < 5 else 0
    limit = result.limit
    assert limit is not None
    if limit is Limit.MANGAN and result.han < 5:
        if raw == 1920 and rules.kiriage:
            return (
                f"{result.fu} x 2^(2+{result.han}) = 1920, rounded up to mangan by kiriage "
                f"mangan ({rules.name} rules): base 2000."
            )
        return (
            f"{result.fu} x 2^(2+{result.han}) = {raw}, more than 2000: capped at mangan, "
            "base 2000."
        )
    if limit is Limit.YAKUMAN:
        return f"{result.han} han: counted (kazoe) yakuman, base 8000."
    if limit is Limit.SANBAIMAN and result.han >= 13:
        return (
            f"{result.han} han: sanbaiman under {rules.name} rules (no kazoe yakuman), base 6000."
        )
    span = {
        Limit.MANGAN: "5 han",
        Limit.HANEMAN: "6-7 han",
        Limit.BAIMAN: "8-10 han",
        Limit.SANBAIMAN: "11-12 han",
    }[limit]
    return f"{result.han} han: {limit.value} ({span}), base {result.base}; fu do not matter."


def _payment_steps(result: Result, rules: RuleProfile) -> list[Step]:
    steps: list[Step] = []
    b = result.base
    p = result.payment
    if p.ron is not None:
        mult = 6 if result.dealer else 4
        who = "Dealer" if result.dealer else "Non-dealer"
        steps.append(
            Step(
                "payment",
                f"{who} ron: {mult} x {b} = {mult * b}, rounded up to "
                f'{p.ron}: say "{p.declaration()}".',
                (),
                p.ron,
            )
        )
    elif p.all is not None:
        steps.append(
            Step(
                "payment",
                f"Dealer tsumo: each player pays 2 x {b} = {2 * b}, "
                f'rounded up to {p.all}: say "{p.declaration()}".',
                (),
                p.all,
            )
        )
    else:
        steps.append(
            Step(
                "payment",
                f"Non-dealer tsumo: the dealer pays 2 x {b} = {2 * b}, "
                f"rounded up to {p.dealer}; each non-dealer pays {b}, "
                f"rounded up to {p.non_dealer}: say "
                f'"{p.declaration()}" (each share rounded on its own).',
                (),
                p.hand_value,
            )
        )
    if result.honba:
        if p.ron is not None:
            bonus = result.honba * rules.honba_ron
            steps.append(
                Step(
                    "bonus",
                    f"{result.honba} honba: +{bonus} "
                    f"({rules.honba_ron} each, paid by the discarder).",
                    (),
                    bonus,
                )
            )
        else:
            per = rules.honba_ron // 3
            bonus = result.honba * per * 3
            steps.append(
                Step(
                    "bonus",
                    f"{result.honba} honba: +{result.honba * per} from each "
                    f"of the three payers ({per} each), +{bonus} in all.",
                    (),
                    bonus,
                )
            )
    if result.sticks:
        steps.append(
            Step(
                "bonus",
                f"{result.sticks} riichi stick{'s' if result.sticks > 1 else ''}"
                f" on the table: +{1000 * result.sticks}.",
                (),
                1000 * result.sticks,
            )
        )
    steps.append(Step("total", f"The winner receives {result.total} in all.", (), result.total))
    return steps


def render_text(result: Result) -> str:
    """The explanation as plain text, one step a line."""
    lines = []
    for st in result.steps:
        indent = "  " if st.kind in ("fu", "yaku", "dora") else ""
        lines.append(indent + st.text)
    return "\n".join(lines)


__all__ = ["GroupKind", "explain_steps", "fu_reason", "render_text", "yaku_reason"]
