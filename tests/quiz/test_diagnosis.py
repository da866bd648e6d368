"""The likely mistake: named right, never contradicting the answer, tiles in the learner's style.

Golden cases (``tests/golden/diagnoses.jsonl``: a hand, the parts asked, what
was typed, the reasons expected) and a property over generated hands: every
reason shown reproduces the value the learner typed on each part it explains,
and never predicts another value on a part it is about.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quiz.grading import AnswerKey, Hints, Marked, Part, grade
from quiz.grading.mistakes import mistakes_for
from quiz.widgets.marks import marks_text
from quiz.words.explanation import explanation_lines
from quiz.words.sentences import hint_of, reason_of, say
from quiz.words.tilefaces import TileStyle, tiles_in
from scoring import Result, ScoringError, parse_record, score
from tests.support.strategies import winning_records

GOLDEN = [json.loads(line) for line in
          (Path(__file__).parents[1] / "golden" / "diagnoses.jsonl").read_text().splitlines()
          if line.strip()]


def _answers(case: dict[str, Any]) -> dict[Part, Any]:
    return {Part(k): (v.split(", ") if k == "yaku" else v) for k, v in case["answers"].items()}


@pytest.mark.parametrize("case", GOLDEN, ids=[c["case"] for c in GOLDEN])
def test_golden_diagnoses(case: dict[str, Any]) -> None:
    key = AnswerKey.from_result(score(parse_record(case["record"])),
                                tuple(Part(p) for p in case["parts"]))
    marked = grade(key, _answers(case))
    if "hint" in case:
        assert isinstance(marked, Hints)
        assert case["hint"] in (hint_of(marked, Part.PAYMENT) or "")
        return
    assert isinstance(marked, Marked), marked
    assert [d.code for d in marked.diagnoses] == case["codes"]
    if "reasons" in case:
        assert [say(d.wording) for d in marked.diagnoses] == case["reasons"]


def test_300_all_and_300_get_the_same_hint() -> None:
    key = AnswerKey.from_cell(30, 1, dealer=False, tsumo=True)
    said = [grade(key, {Part.PAYMENT: text}) for text in ("300", "300 all")]
    assert all(isinstance(h, Hints) for h in said)
    assert said[0] == said[1]


def test_reasons_and_marks_draw_tiles_in_the_learners_style() -> None:
    key = AnswerKey.from_result(score(parse_record({
        "hand": "23m456p789s111z55s4m", "win": "4m", "round": "E", "seat": "S",
        "riichi": True})), (Part.WAITS, Part.WAIT))
    marked = grade(key, {Part.WAITS: "4m", Part.WAIT: "ryanmen"})
    assert isinstance(marked, Marked)
    assert reason_of(marked) == "missed 1m"
    kanji = marks_text(marked, style=TileStyle.KANJI).plain
    assert "missed 一萬" in kanji and "1m" not in kanji
    ascii_text = marks_text(marked, style=TileStyle.ASCII).plain
    assert "you said 4m, it is 1m 4m" in ascii_text


def _scored(record: dict[str, Any]) -> Result | None:
    try:
        return score(parse_record(record))
    except ScoringError:
        return None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=winning_records(), data=st.data())
def test_every_reason_shown_reproduces_the_typed_value(record: dict[str, Any],
                                                       data: st.DataObject) -> None:
    result = _scored(record)
    if result is None:
        return
    parts = data.draw(st.sampled_from([(Part.FU, Part.HAN, Part.PAYMENT), (Part.FU,),
                                       (Part.HAN, Part.YAKU), (Part.DORA, Part.DORA_HAN)]))
    key = AnswerKey.from_result(result, parts)
    candidates = mistakes_for(key)
    # what is typed: each part from the key, from a mistake's prediction, or off by a step
    typed: dict[Part, Any] = {}
    for part in parts:
        options = [key.expected_text(part)]
        for m in candidates:
            for p, v in m.predicts:
                if p is part and part is not Part.DORA:
                    options.append("{} {}".format(*v) if part is Part.HAN and v[1] else
                                   str(v[0]) if part is Part.HAN else str(v))
        if part is Part.FU:
            options += [str(key.fu + 10), str(max(20, key.fu - 10))]
        if part is Part.YAKU:
            typed[part] = data.draw(st.sets(st.sampled_from([*sorted(key.yaku), "riichi"]),
                                            min_size=1)) if key.yaku else ["riichi"]
            continue
        typed[part] = data.draw(st.sampled_from(options))
    marked = grade(key, typed)
    if not isinstance(marked, Marked):
        return
    texts = [say(d.wording) for d in marked.diagnoses]
    assert len(texts) == len(set(texts)), texts  # no reason printed twice
    values = _values(key, typed)
    given_yaku = values.get(Part.YAKU, frozenset())
    for d in marked.diagnoses:
        same = [m for m in candidates if m.wording == d.wording]
        if not same:
            continue  # an exact set reason, or one that only says the part is off
        # (one text may stand for several predictions, e.g. the ways of splitting a total)
        assert any(_reproduces(dict(m.predicts), d.parts, values) for m in same), d.wording
        assert all(m.missed_yaku not in given_yaku for m in same), d.wording


def _reproduces(predicted: dict[Part, Any], parts: tuple[Part, ...],
                values: dict[Part, Any]) -> bool:
    """The mistake gives the learner's value on each part it explains, and contradicts
    none of the parts it is about."""
    if any(predicted.get(part) != values[part] for part in parts):
        return False
    return all(predicted[p] == values[p] for p in (Part.FU, Part.HAN, Part.DORA_HAN)
               if p in predicted and p in values)


def _values(key: AnswerKey, typed: dict[Part, Any]) -> dict[Part, Any]:
    """The typed answer as the grading compares it."""
    from quiz.grading import NO_LOCAL_WORDS
    from quiz.grading.marking import _normalise_value, _read

    out = {}
    for part, raw in typed.items():
        read = _read(key, part, raw, NO_LOCAL_WORDS)
        out[part] = _normalise_value(key, part, read)
    return out


def test_explanation_words_say_no_rounding_that_did_not_happen() -> None:
    from quiz.drills import DrillKind, Question

    # a dealer's haneman ron: 6 x 3000 = 18000, nothing rounded; 2 honba on a ron
    r = score(parse_record({"hand": "22334455m667788p", "win": "8p", "round": "E",
                            "seat": "E", "riichi": True, "honba": 2}))
    q = Question(DrillKind.WHOLE, 1, AnswerKey.from_result(r, (Part.PAYMENT,)),
                 (Part.PAYMENT,), result=r)
    text = "\n".join(line.text for line in explanation_lines(q))
    assert "rounded up to 18000" not in text
    assert "6 x 3000 = 18000: say" in text
    assert "each, paid by the discarder" not in text and "paid by the discarder alone" in text
    # one payer on a ron: the line saying the honba total does not speak of "each payer"
    assert 'say "18600" (what the discarder pays)' in text
    assert "each payer" not in text


def test_explanation_honba_on_tsumo_speaks_of_each_payer() -> None:
    from quiz.drills import DrillKind, Question

    r = score(parse_record({"hand": "22334455m667788p", "win": "8p", "round": "E",
                            "seat": "S", "riichi": True, "tsumo": True, "honba": 1}))
    q = Question(DrillKind.WHOLE, 1, AnswerKey.from_result(r, (Part.PAYMENT,)),
                 (Part.PAYMENT,), result=r)
    text = "\n".join(line.text for line in explanation_lines(q))
    assert "(what each payer hands over)" in text and "discarder pays" not in text


def test_explanation_tiles_follow_the_style() -> None:
    from quiz.drills import DrillKind, Question

    r = score(parse_record({"hand": "234567m34p456s77z0p", "win": "0p", "round": "E",
                            "seat": "S", "riichi": True, "dora": "6z"}))
    q = Question(DrillKind.WHOLE, 1, AnswerKey.from_result(r, (Part.PAYMENT,)),
                 (Part.PAYMENT,), result=r)
    text = "\n".join(line.text for line in explanation_lines(q, tiles_in(TileStyle.ASCII)))
    assert "indicator Gr -> dora Rd" in text
    assert "5p*" in text and "0p" not in text and "7z" not in text
