"""A fixed seed gives the same hands, release after release (a golden file).

The file ``tests/data/golden/generator_hands.jsonl`` holds what the generator
made for fixed seeds: realistic hands, one hand per topic, hands of each
difficulty, several topics at once, siblings (fresh and transformed) and the
bank's own generation with an explicit seed. Learners' banks and shared class
sets are rebuilt from seeds, so a change here is a change users see.

To rewrite the file after a deliberate change of the generator::

    python -m tests.data.generate.test_golden --write
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parents[1] / "golden" / "generator_hands.jsonl"


def _made(case: str, made: Any) -> dict[str, Any]:
    return {
        "case": case,
        "problem": made.problem.to_record(),
        "focus": list(made.focus),
        "difficulty": made.difficulty,
        "source": made.source,
    }


def golden_lines() -> Iterator[dict[str, Any]]:
    """What the generator makes for the fixed seeds of this test, one dict a hand."""
    from data.bank.repository import Bank
    from data.db.schema import open_database
    from data.generate import HandGenerator, generate, sibling_of, transform_problem
    from data.records import Problem
    from data.topics import hand_topics

    gen = HandGenerator(seed=2026)
    for n, made in enumerate(gen.hands(150)):
        yield _made(f"plain {n}", made)
    gen = HandGenerator(seed=11)
    for topic in sorted(hand_topics()):
        yield _made(f"topic {topic}", gen.for_topic(topic))
    gen = HandGenerator(seed=5)
    for d in (1, 2, 3, 4, 5):
        yield _made(f"difficulty {d}", gen.hand(difficulty=d))
        yield _made(f"yaku:tanyao difficulty {d}", gen.for_topic("yaku:tanyao", difficulty=d))
    gen = HandGenerator(seed=8, rules="wrc")
    yield _made("wrc riichi+pinfu", gen.for_topics(["yaku:riichi", "yaku:pinfu"]))
    yield _made("wrc toitoi+honitsu", gen.for_topics(["yaku:toitoi", "yaku:honitsu"]))
    for n, made in enumerate(generate(12, seed=3, topic="fu:ron_triplet")):
        yield _made(f"generate fu:ron_triplet {n}", made)
    gen = HandGenerator(seed=17)
    for topic in ("yaku:sankantsu", "rule:kiriage", "yaku:kokushi_musou_13", "wait:kanchan"):
        original = gen.for_topic(topic)
        for k in range(2):
            yield _made(f"sibling {topic} {k}", sibling_of(gen, original.problem, original.focus))
    rng = random.Random(4)
    plain = HandGenerator(seed=40).hands(10)
    for n, made in enumerate(plain):
        moved: Problem = transform_problem(made.problem, rng)
        yield {"case": f"transform {n}", "problem": moved.to_record()}

    db = open_database(":memory:")
    try:
        bank = Bank(db)
        bank.generate(25, seed=9)
        bank.generate(6, seed=7, topic="yaku:toitoi", difficulty=3)
        for item in bank.find(kind="generated"):
            yield {
                "case": "bank generate",
                "uid": item.uid,
                "problem": item.problem.to_record(),
                "focus": list(item.focus),
                "difficulty": item.difficulty,
            }
        sibling = bank.sibling(bank.get(bank.ids(kind="generated")[0]), seed=3)
        yield {"case": "bank sibling", "uid": sibling.uid, "focus": list(sibling.focus)}
    finally:
        db.close()


def test_fixed_seeds_give_the_golden_hands() -> None:
    """Every hand of the golden file, in order, and nothing more."""
    expected = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    made = list(golden_lines())
    assert len(made) == len(expected)
    for want, got in zip(expected, made, strict=True):
        assert got == want, want["case"]


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.data.generate.test_golden --write")
    GOLDEN.parent.mkdir(exist_ok=True)
    with GOLDEN.open("w", encoding="utf-8") as out:
        for line in golden_lines():
            out.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
