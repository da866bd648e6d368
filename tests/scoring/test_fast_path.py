"""The batch fast path reads and scores exactly as the object API does.

``score_record`` reads plain records straight into the compact form and leaves
anything unusual to ``parse_record``; ``score(parse_record(...))`` converts its
objects to the same form. Both must agree on every record, good or bad: the same
output object, or the same exception class with the same message.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import scoring
from scoring.batch import _facts_of_record
from scoring.facts import facts_of
from tests.support.handgen import generate_records

FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
         "tenhou", "chiihou", "renhou", "tsumo")
ODD_VALUES: list[Any] = [None, 0, 1, "", "x", [], ["1m"], True, False, 2.5, {"a": 1}]


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return generate_records(seed=77, count=400)


def mutations(records: list[dict[str, Any]], seed: int) -> list[Any]:
    rng = random.Random(seed)
    fields = [*FLAGS, "hand", "win", "melds", "round", "seat", "dora", "ura", "honba",
              "sticks", "rules"]
    out: list[Any] = []
    for r in records:
        m = dict(r)
        for _ in range(rng.randrange(1, 3)):
            roll = rng.random()
            if roll < 0.3:
                m[rng.choice(fields)] = rng.choice(ODD_VALUES)
            elif roll < 0.45:
                m.pop(rng.choice(fields), None)
            elif roll < 0.6:
                m["hand"] = str(m.get("hand")) + rng.choice(["1m", "0p", "9z", " ", "5"])
            elif roll < 0.7:
                m["rules"] = rng.choice(sorted(scoring.PROFILES))
            elif roll < 0.8:
                m["round"], m["seat"] = rng.choice(["E", "s", "west", " N", "X"]), "south"
            elif roll < 0.9:
                m["dora"] = rng.choice(["1m" * 6, "4s 5s", "0p", "8z"])
            else:
                m[rng.choice(FLAGS)] = True
        out.append(m)
    return [*out, "not an object", 7, None, ["hand"]]


def outcome(fn: Any, record: Any) -> Any:
    try:
        return fn(record)
    except scoring.ScoringError as e:
        return (type(e).__name__, str(e))


def test_plain_records_take_the_fast_way(records: list[dict[str, Any]]) -> None:
    for r in records:
        fast = _facts_of_record(r, None)
        assert fast is not None, r
        win = scoring.parse_record(r)
        slow = facts_of(win.hand, win.situation, win.rules)
        assert fast._replace(concealed=()) == slow._replace(concealed=())


def test_records_with_fields_left_out_read_the_same(records: list[dict[str, Any]]) -> None:
    for r in records:
        short = {k: v for k, v in r.items() if v not in (False, None, "", 0, [])}
        assert scoring.score_record(short) == scoring.score_record(dict(r))


def test_both_ways_in_give_the_same_answer(records: list[dict[str, Any]]) -> None:
    def by_objects(record: Any) -> Any:
        return scoring.score(scoring.parse_record(record)).to_record(record.get("id"))

    for r in [*records, *mutations(records, 5)]:
        assert outcome(scoring.score_record, r) == outcome(by_objects, r), r


def test_a_profile_given_to_score_record_overrides_the_record(
    records: list[dict[str, Any]],
) -> None:
    house = scoring.PROFILES["wrc"].derive(name="club", red_fives=3, double_yakuman=True)
    for r in [*records[:150], *mutations(records[:150], 9)]:
        try:
            win = scoring.parse_record(r)
            expected = scoring.score(scoring.Win(win.hand, win.situation, house)).to_record(
                r["id"]
            )
        except scoring.ScoringError as e:
            expected = (type(e).__name__, str(e))
        assert outcome(lambda x: scoring.score_record(x, house), r) == expected


def test_the_best_reading_alone_is_the_best_of_every_reading(
    records: list[dict[str, Any]],
) -> None:
    # The batch builds a reading's result only when it beats the best so far; the
    # object API builds them all. Under every profile they must choose the same one.
    from scoring.evaluate import best_reading, evaluate_facts
    from scoring.validate import check

    for r in records:
        win = scoring.parse_record(r)
        for profile in scoring.PROFILES.values():
            f = facts_of(win.hand, win.situation, profile)
            try:
                checked = check(f)
                chosen = best_reading(f, checked)
            except scoring.ScoringError as e:
                with pytest.raises(type(e), match=re.escape(str(e))):
                    evaluate_facts(f, check(f))
                continue
            best, every = evaluate_facts(f, checked)
            assert chosen == best
            assert chosen.key == max(o.key for o in every)


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        ({"ippatsu": True}, "ippatsu is only possible after riichi"),
        ({"riichi": True, "haitei": True}, "haitei is a tsumo on the last tile"),
        ({"tenhou": True, "tsumo": True}, "tenhou is only for the dealer"),
    ],
)
def test_an_impossible_situation_is_refused_every_time(
    flags: dict[str, bool], message: str
) -> None:
    # Possible situations of hands without melds are remembered once checked; an
    # impossible one never is, however often it comes, before or after possible ones.
    hand = {"hand": "234567m34p456s22z5p", "win": "5p", "round": "E", "seat": "S"}
    for _ in range(3):
        assert scoring.score_record({**hand, "riichi": True})["han"] >= 1
        with pytest.raises(scoring.SituationError, match=re.escape(message)):
            scoring.score_record({**hand, **flags})
