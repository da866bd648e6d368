"""Checking a replayed win against what the game server paid.

The win is scored with our ``scoring`` under the log's rules; the answer is
compared with the log's record: the hand's points, the fu and han where the
log gives them, and each seat's score change (honba and riichi sticks
included). Pao moves who pays, not what the hand is worth: with a liable
player only the winner's gain and the hand's value are compared.

>>> from .situation import Recorded
>>> problem = {"hand": "234567m34p456s22z5p", "win": "5p", "tsumo": False,
...            "round": "E", "seat": "S", "riichi": True, "honba": 1, "sticks": 1}
>>> verdict = check_win(problem, Recorded(points=1300, deltas=(0, 2600, -1600, 0), fu=40, han=1),
...                     who=1, source=2, dealer=0, rules="tenhou")
>>> verdict.agrees, verdict.answer["total"]
(True, 2600)
>>> check_win(problem, Recorded(points=2000), who=1, source=2, dealer=0,
...           rules="tenhou").differences[0].english()
'points: the log says 2000, ours 1300'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from scoring import parse_record, score

from .situation import Recorded

if TYPE_CHECKING:
    from scoring import Result


class Measure(StrEnum):
    """What a log and our scoring can disagree on (its English name is the value)."""

    POINTS = "points"
    YAKUMAN = "yakuman"
    HAN = "han"
    FU = "fu"
    WINNER_GAIN = "the winner's gain"
    SCORE_CHANGES = "score changes"
    ROUND_END = "how the round ended"
    TENPAI = "the seats tenpai"
    FINAL_SCORES = "final scores"
    STICKS_LEFT = "riichi sticks left on the table"


@dataclass(frozen=True, slots=True)
class LogDifference:
    """One measure on which the log and our scoring disagree, with both values as text."""

    measure: Measure
    log: str
    ours: str

    def english(self) -> str:
        """The difference in one English phrase."""
        return f"{self.measure.value}: the log says {self.log}, ours {self.ours}"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Our answer for a win and how it differs from the log's (empty: they agree)."""

    answer: dict[str, Any]
    differences: tuple[LogDifference, ...]
    result: Result | None = None

    @property
    def agrees(self) -> bool:
        """Our scoring pays what the server paid."""
        return not self.differences


def hand_value(payment: Mapping[str, int]) -> int:
    """What all payers pay together, without honba and sticks."""
    if "ron" in payment:
        return payment["ron"]
    if "all" in payment:
        return 3 * payment["all"]
    return payment["dealer"] + 2 * payment["non_dealer"]


def expected_deltas(
    answer: Mapping[str, Any], problem: Mapping[str, Any], who: int, source: int, dealer: int
) -> tuple[int, ...]:
    """Each seat's score change that our answer pays (no pao)."""
    payment = answer["payment"]
    honba = int(problem.get("honba", 0))
    deltas = [0, 0, 0, 0]
    deltas[who] = int(answer["total"])
    if who != source:
        deltas[source] = -(payment["ron"] + 300 * honba)
        return tuple(deltas)
    for seat in range(4):
        if seat == who:
            continue
        if "all" in payment:
            share = payment["all"]
        else:
            share = payment["dealer"] if seat == dealer else payment["non_dealer"]
        deltas[seat] = -(share + 100 * honba)
    return tuple(deltas)


def check_win(
    problem: Mapping[str, Any],
    recorded: Recorded,
    *,
    who: int,
    source: int,
    dealer: int,
    rules: str,
) -> Verdict:
    """Score a replayed win and compare with the server's record.

    Raises:
        scoring.errors.ScoringError: when scoring refuses the hand (the caller
            reports it as a disagreement).
    """

    result = score(parse_record({**problem, "rules": rules}))
    answer = result.to_record(None)
    diffs: list[LogDifference] = []
    value = hand_value(answer["payment"])
    if recorded.points is not None and recorded.points != value:
        diffs.append(LogDifference(Measure.POINTS, str(recorded.points), str(value)))
    if recorded.yakuman is not None and recorded.yakuman != answer["yakuman"]:
        diffs.append(LogDifference(Measure.YAKUMAN, str(recorded.yakuman),
                                   str(answer["yakuman"])))
    if not answer["yakuman"] and not recorded.yakuman:
        if recorded.han is not None and recorded.han != answer["han"]:
            diffs.append(LogDifference(Measure.HAN, str(recorded.han), str(answer["han"])))
        if recorded.fu is not None and answer["han"] < 5 and recorded.fu != answer["fu"]:
            diffs.append(LogDifference(Measure.FU, str(recorded.fu), str(answer["fu"])))
    if recorded.deltas is not None:
        ours = expected_deltas(answer, problem, who, source, dealer)
        if recorded.pao is not None and recorded.pao != who:
            if recorded.deltas[who] != ours[who]:
                diffs.append(LogDifference(Measure.WINNER_GAIN, str(recorded.deltas[who]),
                                           str(ours[who])))
        elif tuple(recorded.deltas) != ours:
            diffs.append(LogDifference(Measure.SCORE_CHANGES, str(list(recorded.deltas)),
                                       str(list(ours))))
    return Verdict(answer, tuple(diffs), result)
