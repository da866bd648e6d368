"""Noten payments and "nothing changes hands", typed as said at a table, are read right.

The golden cases are ``noten_sayings.json`` (each typed saying, the round's tenpai
seats and each seat's change it means); the property: every exhaustive draw's and
every abortive draw's own saying, in every language, reads back to its settlement.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from data.generate.rounds import RoundSpec
from quiz.grading import Hint
from quiz.grading.settle import SettleKey, read_settlement
from quiz.words.core import LANGUAGES
from quiz.words.payments import say_noten, say_nothing
from scoring.rules import PROFILES, AbortiveDraw
from scoring.settle import SEATS, RoundEnd, RoundEndKind, SettleStepKind, Table

SAYINGS: dict[str, Any] = json.loads(
    (Path(__file__).parent / "noten_sayings.json").read_text(encoding="utf-8"))


def _draw(tenpai_by_wind: list[int], dealer: int = 0, rules: str = "tenhou") -> SettleKey:
    tenpai = frozenset((dealer + w) % SEATS for w in tenpai_by_wind)
    return SettleKey.of(RoundSpec("draw", RoundEnd(RoundEndKind.EXHAUSTIVE_DRAW, tenpai=tenpai),
                                  Table(dealer=dealer), rules))


@pytest.mark.parametrize("case", SAYINGS["cases"], ids=lambda c: f"{c['lang']}:{c['typed']}")
@pytest.mark.parametrize("dealer", [0, 2])
def test_a_saying_is_read_right(case: dict[str, Any], dealer: int) -> None:
    key = _draw(case["tenpai"], dealer)
    read = read_settlement(case["typed"], key)
    if case["expect"] is None:
        assert isinstance(read, Hint)
    else:
        assert read == tuple(case["expect"])
        assert read == key.expected, "the golden case is the round's own answer"


def test_every_language_is_in_the_golden_cases() -> None:
    assert set(LANGUAGES) <= {c["lang"] for c in SAYINGS["cases"]}


def test_a_saying_needs_the_round_it_settles() -> None:
    """Without the question (a mark read back), a saying is no seat's change."""
    assert isinstance(read_settlement("1500 each from noten"), Hint)
    win = SettleKey.of(RoundSpec("abortive", RoundEnd(RoundEndKind.ABORTIVE_DRAW,
                                                      abortive=AbortiveDraw.FOUR_WINDS),
                                 Table(dealer=0)))
    assert isinstance(read_settlement("1500 each from noten", win), Hint)


@given(tenpai=st.frozensets(st.integers(0, 3), min_size=1, max_size=3),
       dealer=st.integers(0, 3), rules=st.sampled_from(sorted(PROFILES)),
       lang=st.sampled_from(sorted(LANGUAGES)))
def test_each_draws_own_saying_reads_back_to_itself(tenpai: frozenset[int], dealer: int,
                                                    rules: str, lang: str) -> None:
    spec = RoundSpec("draw", RoundEnd(RoundEndKind.EXHAUSTIVE_DRAW, tenpai=tenpai),
                     Table(dealer=dealer), rules)
    key = SettleKey.of(spec)
    noten = [s for s in key.settlement.steps if s.kind is SettleStepKind.NOTEN]
    payers = {s.payer for s in noten}
    paid = sum(s.points for s in noten) // len(payers)
    said = say_noten(paid, len(payers), lang)
    assert read_settlement(said, key) == key.expected, said


@given(kind=st.sampled_from(sorted(AbortiveDraw, key=str)), dealer=st.integers(0, 3),
       riichi=st.frozensets(st.integers(0, 3)), lang=st.sampled_from(sorted(LANGUAGES)))
def test_each_abortive_draws_saying_reads_back_to_itself(kind: AbortiveDraw, dealer: int,
                                                         riichi: frozenset[int],
                                                         lang: str) -> None:
    if kind is AbortiveDraw.TRIPLE_RON:
        return  # a triple ron drawn comes as three wins, not as an abortive draw's kind
    spec = RoundSpec("abortive", RoundEnd(RoundEndKind.ABORTIVE_DRAW, abortive=kind),
                     Table(dealer=dealer, riichi=riichi), "tenhou")
    key = SettleKey.of(spec)
    assert key.expected == (0, 0, 0, 0)
    assert read_settlement(say_nothing(lang), key) == key.expected
