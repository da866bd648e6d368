"""Generated round ends to settle: fixed seeds give the golden rounds and answers.

The file ``tests/data/golden/generated_rounds.jsonl`` holds, for fixed seeds,
each round end the generator makes (as stored with an answer) and its answer,
each seat's change East first. To rewrite it after a deliberate change::

    python -m tests.data.generate.test_rounds --write
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from data.errors import DataError
from data.generate.rounds import ROUND_KINDS, generate_round, generate_rounds, round_from_record
from scoring.rules import PROFILES, AbortiveDraw, get_profile
from scoring.settle import RoundEndKind

GOLDEN = Path(__file__).parents[1] / "golden" / "generated_rounds.jsonl"


def golden_lines() -> Iterator[dict[str, Any]]:
    """The rounds of the fixed seeds, with their answers."""
    from quiz.grading.settle import by_wind

    for rules, seed in (("tenhou", 2026), ("ema", 7), ("wrc", 11), ("mleague", 5)):
        for n, spec in enumerate(generate_rounds(12, seed=seed, rules=rules)):
            s = spec.settle()
            yield {"case": f"{rules} {seed} #{n}", "round": spec.to_record(),
                   "answer": list(by_wind(s.deltas, s.dealer)), "sticks_left": s.sticks_left}


def test_fixed_seeds_give_the_golden_rounds() -> None:
    want = [json.loads(line) for line in GOLDEN.read_text().splitlines()]
    assert list(golden_lines()) == want


def test_every_kind_is_made_where_the_rules_have_it() -> None:
    import random

    rng = random.Random(3)
    for kind in ROUND_KINDS:
        rules = "mleague" if kind == "chombo" else "tenhou"  # Tenhou's server has no chombo
        spec = generate_round(rng, get_profile(rules), kind)
        assert spec.kind == kind
    made = {s.kind for s in generate_rounds(200, seed=1)}
    assert made == set(ROUND_KINDS) - {"chombo"}
    assert "chombo" in {s.kind for s in generate_rounds(200, seed=1, rules="mleague")}


def test_a_kind_the_rules_do_not_have_is_refused_in_one_line() -> None:
    import random

    no_nagashi = next((p for p in PROFILES.values() if p.nagashi.value == "none"), None)
    if no_nagashi is None:
        pytest.skip("every profile has nagashi")
    with pytest.raises(DataError, match="no round end 'nagashi'"):
        generate_round(random.Random(1), no_nagashi, "nagashi")


def test_chombo_and_abortive_draws_are_asked_as_each_profile_has_them() -> None:
    """A chombo only where the rules define one, paid as they define it; an abortive draw
    only where the rules have them, and nothing changes hands."""
    import random

    from data.generate.rounds import kinds_for, round_for_topic
    from scoring.rules import Chombo

    for profile in PROFILES.values():
        kinds = kinds_for(profile)
        assert ("chombo" in kinds) == (profile.chombo is not Chombo.NONE), profile.name
        assert ("abortive" in kinds) == bool(profile.abortive_draws - {AbortiveDraw.TRIPLE_RON})
        made = generate_rounds(120, seed=4, rules=profile.name)
        for spec in made:
            s = spec.settle()
            if spec.kind == "abortive":
                assert s.deltas == (0, 0, 0, 0) and spec.end.abortive in profile.abortive_draws
            if spec.kind == "chombo":
                offender = spec.end.offender
                assert offender is not None
                paid = -s.net[offender]  # its own riichi stick, if any, came back
                if profile.chombo is Chombo.PENALTY:
                    assert paid == profile.chombo_points and s.removed == paid
                else:  # a mangan tsumo the other way round
                    assert paid == (12000 if offender == spec.table.dealer else 8000)
        for topic, kind in (("settle:chombo", "chombo"), ("settle:abortive", "abortive")):
            if kind in kinds:
                spec = round_for_topic(random.Random(2), profile, topic)
                assert spec.kind == kind and topic in spec.topics()
            else:
                with pytest.raises(DataError, match=f"no round end exercising '{topic}'"):
                    round_for_topic(random.Random(2), profile, topic)


def test_a_round_comes_back_from_its_record() -> None:
    for spec in generate_rounds(30, seed=9):
        assert round_from_record(json.loads(json.dumps(spec.to_record()))) == spec
    with pytest.raises(DataError, match="not a round end"):
        round_from_record({"kind": "round"})


@given(st.integers(0, 2**32 - 1), st.sampled_from(sorted(PROFILES)))
def test_the_key_sums_to_zero_with_the_sticks(seed: int, rules: str) -> None:
    """Every point the round moves is a seat's: the deltas, the sticks put down this round
    and the sticks left on the table balance the sticks that were on it."""
    for spec in generate_rounds(3, seed=seed, rules=rules):
        s = spec.settle()
        t = spec.table
        put_down = sum(s.deposits)
        assert sum(s.deltas) + 1000 * s.sticks_left + s.removed == 1000 * t.sticks + put_down
        assert sum(s.net) + 1000 * s.sticks_left + s.removed == 1000 * t.sticks
        if s.kind in (RoundEndKind.EXHAUSTIVE_DRAW, RoundEndKind.ABORTIVE_DRAW):
            assert s.sticks_left == t.sticks + len(t.riichi)
        if s.kind is RoundEndKind.ABORTIVE_DRAW:  # nothing changes hands
            assert s.deltas == (0, 0, 0, 0)
        if s.kind is RoundEndKind.CHOMBO:  # this round's sticks go back; the offender pays
            assert s.sticks_left == t.sticks and s.net[spec.end.offender or 0] < 0
            assert all(d >= 0 for i, d in enumerate(s.net) if i != spec.end.offender)


if __name__ == "__main__" and "--write" in sys.argv:
    GOLDEN.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n"
                              for line in golden_lines()))
    print(f"wrote {GOLDEN}")
