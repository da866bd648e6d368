"""The batch form of a round's end: one JSON object in, its settlement out.

A batch line with a ``round_end`` field is a round's end (``docs/scoring-io.md``,
"Round ends"); every other line is a hand, as before.

>>> out = settle_record({"id": 7, "round_end": "exhaustive_draw", "dealer": 0,
...                      "sticks": 1, "riichi": [3], "tenpai": [3]})
>>> out["deltas"], out["net"], out["sticks_left"]
([-1000, -1000, -1000, 3000], [-1000, -1000, -1000, 2000], 2)
>>> settle_record({"round_end": "win", "dealer": 0,
...                "wins": [{"who": 1, "from": 2, "base": 2000}]})["deltas"]
[0, 8000, -8000, 0]
"""

from __future__ import annotations

from typing import Any

from .batch import parse_record
from .errors import ScoringError, SettlementError
from .hand import Wind
from .rules import AbortiveDraw, RuleProfile, get_profile
from .score import score_hand
from .settle import SEATS, RoundEnd, RoundEndKind, Settlement, Table, WinShare, settle_round

__all__ = ["is_round_end", "settle_line", "settle_record", "settlement_of"]


def is_round_end(record: Any) -> bool:
    """Whether a batch line is a round's end (an object with a ``round_end`` field)."""
    return type(record) is dict and "round_end" in record


def _count(record: dict[str, Any], name: str) -> int:
    value = record.get(name, 0)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SettlementError(f"'{name}' must be a count of 0 or more, not {value!r}")
    return value


def _seat(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEATS:
        raise SettlementError(f"'{name}' must be a seat 0-3, not {value!r}")
    return value


def _seats(record: dict[str, Any], name: str) -> frozenset[int]:
    value = record.get(name) or []
    if not isinstance(value, list):
        raise SettlementError(f"'{name}' must be a list of seats 0-3, not {value!r}")
    seats = [_seat(v, name) for v in value]
    if len(set(seats)) != len(seats):
        raise SettlementError(f"'{name}' names a seat twice: {value!r}")
    return frozenset(seats)


def _win(value: Any, dealer: int, profile: RuleProfile) -> WinShare:
    if not isinstance(value, dict):
        raise SettlementError(f"each of 'wins' must be an object, not {value!r}")
    who = _seat(value.get("who"), "who")
    source = value.get("from")
    discarder = None if source is None or source == who else _seat(source, "from")
    pao = None if value.get("pao") is None else _seat(value.get("pao"), "pao")
    hand = value.get("hand")
    if hand is not None:
        base, yakuman, pao_yakuman = _scored(hand, who, dealer, discarder, profile)
    else:
        given_base = value.get("base")
        if isinstance(given_base, bool) or not isinstance(given_base, int) or given_base <= 0:
            raise SettlementError(f"a win needs its 'base' points (above 0) or its 'hand', "
                                  f"not {given_base!r}")
        base = given_base
        yakuman = value.get("yakuman", 0) or 0
        if isinstance(yakuman, bool) or not isinstance(yakuman, int) or yakuman < 0:
            raise SettlementError(f"'yakuman' must be a count of 0 or more, not {yakuman!r}")
        pao_yakuman = 1
    given = value.get("pao_yakuman")
    if given is not None:
        if isinstance(given, bool) or not isinstance(given, int) or given < 1:
            raise SettlementError(f"'pao_yakuman' must be 1 or more, not {given!r}")
        pao_yakuman = given
    return WinShare(who, base, discarder, yakuman, pao, pao_yakuman)


def _scored(hand: Any, who: int, dealer: int, discarder: int | None,
            profile: RuleProfile) -> tuple[int, int, int]:
    """A winner's hand scored: its base points, yakuman, and yakuman with liability."""
    if not isinstance(hand, dict):
        raise SettlementError(f"a win's 'hand' must be a hand object, not {hand!r}")
    win = parse_record({**hand, "rules": "tenhou"})
    result = score_hand(win.hand, win.situation, profile)
    seat = Wind.parse(hand.get("seat", "E"), "seat")
    want = list(Wind)[(who - dealer) % SEATS]
    if seat is not want:
        raise SettlementError(f"the hand of seat {who} is said to be seat wind "
                              f"{seat.value}, but with the dealer at seat {dealer} it is "
                              f"{want.value}")
    if result.tsumo != (discarder is None):
        raise SettlementError(f"the hand of seat {who} says tsumo={result.tsumo}, but 'from' "
                              f"says {'tsumo' if discarder is None else 'ron'}")
    pao_yakuman = sum(y.han // 13 for y in result.yaku if y.name in profile.pao)
    return result.base, result.yakuman, pao_yakuman or max(result.yakuman, 1)


def settle_record(record: dict[str, Any], rules: RuleProfile | None = None) -> dict[str, Any]:
    """Settle one round-end batch object; return the output object.

    Raises:
        ScoringError: a :class:`SettlementError` (or a hand's own refusal) with one
            sentence saying what is wrong.
    """
    s = settlement_of(record, rules)
    return {
        "id": record.get("id"),
        "round_end": s.kind.value,
        "deltas": list(s.deltas),
        "deposits": list(s.deposits),
        "net": list(s.net),
        "sticks_left": s.sticks_left,
        "removed": s.removed,
        "wins": [{"who": w, "deltas": list(s.deltas_of(w))} for w in s.winners],
        "steps": [_step(step) for step in s.steps],
    }


def settlement_of(record: dict[str, Any], rules: RuleProfile | None = None) -> Settlement:
    """The settlement of a round-end batch object (:func:`settle_record` gives its output).

    Raises:
        ScoringError: as :func:`settle_record`.
    """
    kind_text = record.get("round_end")
    try:
        kind = RoundEndKind(str(kind_text))
    except ValueError:
        allowed = ", ".join(k.value for k in RoundEndKind)
        raise SettlementError(f"'round_end' must be one of {allowed}, not {kind_text!r}") \
            from None
    name = record.get("rules") or "tenhou"
    if not isinstance(name, str):
        raise SettlementError(f"'rules' must be a profile name, not {name!r}")
    profile = rules if rules is not None else get_profile(name)
    dealer = _seat(record.get("dealer", 0), "dealer")
    table = Table(dealer, _count(record, "honba"), _count(record, "sticks"),
                  _seats(record, "riichi"))
    wins_value = record.get("wins") or []
    if not isinstance(wins_value, list):
        raise SettlementError(f"'wins' must be a list of winners, not {wins_value!r}")
    abortive_text = record.get("abortive")
    abortive = None
    if abortive_text is not None:
        try:
            abortive = AbortiveDraw(abortive_text)
        except ValueError:
            allowed = ", ".join(a.value for a in AbortiveDraw)
            raise SettlementError(f"'abortive' must be one of {allowed}, not "
                                  f"{abortive_text!r}") from None
    offender = record.get("offender")
    end = RoundEnd(
        kind,
        tuple(_win(w, dealer, profile) for w in wins_value),
        tenpai=_seats(record, "tenpai"),
        nagashi=_seats(record, "nagashi"),
        abortive=abortive,
        offender=None if offender is None else _seat(offender, "offender"),
    )
    return settle_round(end, table, profile)


def _step(step: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"step": step.kind.value}
    if step.payer is not None:
        out["payer"] = step.payer
    if step.receiver is not None:
        out["receiver"] = step.receiver
    if step.points:
        out["points"] = step.points
    if step.count:
        out["count"] = step.count
    if step.detail:
        out["detail"] = step.detail
    return out


def settle_line(record: dict[str, Any]) -> dict[str, Any]:
    """The output line of a round-end line: its settlement, or its refusal."""
    try:
        return settle_record(record)
    except ScoringError as e:
        return {"id": record.get("id"), "error": str(e)}
