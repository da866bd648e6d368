"""Grading a round's settlement: reading the line, marking it, the likely mistakes."""

from __future__ import annotations

import pytest

from data.generate.rounds import RoundSpec
from quiz.drills import DrillKind, question_for_round
from quiz.grading import AnswerKey, Hints, Marked, Part, grade
from quiz.grading.settle import read_settlement, seat_marks
from quiz.words.core import use
from quiz.words.explanation import explanation_lines
from quiz.words.sentences import reason_of
from scoring.settle import YAKUMAN_BASE, RoundEnd, RoundEndKind, Table, WinShare


def _marked(spec: RoundSpec, typed: str) -> Marked:
    out = grade(AnswerKey.from_round(spec), {Part.SETTLEMENT: typed})
    assert isinstance(out, Marked), out
    return out


#: One tenpai (South, who declared riichi), dealer East, one honba.
DRAW = RoundSpec("draw", RoundEnd(RoundEndKind.EXHAUSTIVE_DRAW, tenpai=frozenset({1})),
                 Table(dealer=0, honba=1, riichi=frozenset({1})))
#: East (seat 0, dealer) deals into South and West, base 320 each (1300 a ron); one honba
#: and one stick from an earlier round go to South, nearest East's right.
DOUBLE = RoundSpec("double_ron", RoundEnd(RoundEndKind.WIN, (
    WinShare(1, 320, discarder=0), WinShare(2, 320, discarder=0))),
    Table(dealer=0, honba=1, sticks=1))
#: South rons West's discard with a daisangen North fed: West and North pay half each.
PAO_RON = RoundSpec("pao_ron", RoundEnd(RoundEndKind.WIN, (
    WinShare(1, YAKUMAN_BASE, discarder=2, yakuman=1, pao=3),)), Table(dealer=0),
    pao_yaku="daisangen")
#: South's tsumo of the same: North pays it all.
PAO_TSUMO = RoundSpec("pao_tsumo", RoundEnd(RoundEndKind.WIN, (
    WinShare(1, YAKUMAN_BASE, yakuman=1, pao=3),)), Table(dealer=0), pao_yaku="daisangen")


@pytest.mark.parametrize(("spec", "right"), [
    (DRAW, "-1000 +3000 -1000 -1000"),
    (DOUBLE, "-2900 +2600 +1300 0"),
    (PAO_RON, "0 +32000 -16000 -16000"),
    (PAO_TSUMO, "0 +32000 0 -32000"),
])
def test_the_key_is_what_the_table_pays(spec: RoundSpec, right: str) -> None:
    key = AnswerKey.from_round(spec)
    assert key.expected_text(Part.SETTLEMENT) == right
    assert _marked(spec, right).correct


@pytest.mark.parametrize(("spec", "typed", "code", "concept"), [
    (DRAW, "-1000 +2000 -1000 -1000", "counted_stick_draw", "settle:honba_sticks"),
    (DRAW, "+1000 -3000 +1000 +1000", "noten_reversed", "settle:noten"),
    (DOUBLE, "-2900 +1600 +2300 0", "double_ron_sticks", "settle:double_ron"),
    (DOUBLE, "-3200 +2600 +1600 0", "double_ron_honba", "settle:double_ron"),
    (DOUBLE, "-2900 +1600 +1300 0", "settle_forgot_sticks", "settle:honba_sticks"),
    (DOUBLE, "-1600 +2600 0 0", "double_ron_one", "settle:double_ron"),
    (PAO_RON, "0 +32000 0 -32000", "pao_all_liable", "settle:pao"),
    (PAO_RON, "0 +32000 -32000 0", "pao_ignored", "settle:pao"),
    (PAO_TSUMO, "-16000 +32000 -8000 -8000", "pao_ignored", "settle:pao"),
])
def test_a_likely_mistake_is_named(spec: RoundSpec, typed: str, code: str,
                                   concept: str) -> None:
    marked = _marked(spec, typed)
    assert not marked.correct
    assert marked.diagnoses[0].code == code
    assert concept in marked.concepts


def test_the_split_of_3000_the_wrong_way_round() -> None:
    three = RoundSpec("draw", RoundEnd(RoundEndKind.EXHAUSTIVE_DRAW,
                                       tenpai=frozenset({0, 1, 2})), Table(dealer=0))
    assert AnswerKey.from_round(three).expected_text(Part.SETTLEMENT) == \
        "+1000 +1000 +1000 -3000"
    marked = _marked(three, "+3000 +3000 +3000 -1000")
    assert marked.diagnoses[0].code == "noten_split_swapped"
    assert reason_of(marked) == ("split the 3000 the wrong way round: each noten player pays "
                                 "3000 and each tenpai player receives 1000")


def test_an_answer_no_mistake_explains_gets_the_general_reason() -> None:
    marked = _marked(DRAW, "+5 +5 -5 -5")
    assert marked.diagnoses[0].code == "settle_total"
    assert marked.concepts == ("settle:noten", "settle:honba_sticks")


def test_dont_know_is_marked_wrong_without_a_hint() -> None:
    marked = _marked(DRAW, "?")
    assert not marked.correct and marked.diagnoses[0].code == "dont_know"


@pytest.mark.parametrize(("typed", "kind"), [
    ("", "settle_empty"), ("+1500 -1500", "settle_count"), ("lots", "settle_unreadable"),
    ("E 1 E 2 S 3 W 4", "settle_winds"), ("E 1000 2000 W 3 N 4", "settle_winds"),
])
def test_an_unreadable_line_gets_a_hint_and_no_mark(typed: str, kind: str) -> None:
    out = grade(AnswerKey.from_round(DRAW), {Part.SETTLEMENT: typed})
    assert isinstance(out, Hints)
    assert out.hints[0].wording.kind == kind


def test_the_line_is_read_leniently() -> None:
    want = (-1000, 3000, -1000, -1000)
    for typed in ("-1000 +3000 -1000 -1000", "-1,000, 3,000, -1,000, -1,000",
                  "▲1000 3000 ▲1000 ▲1000", "N -1000 W -1000 S +3000 E -1000",
                  "東▲1000 南+3000 西▲1000 北▲1000", "−１０００ ＋３０００ −１０００ −１０００",
                  "ออก -1000 ใต้ +3000 ตก -1000 เหนือ -1000", "-๑๐๐๐ +๓๐๐๐ -๑๐๐๐ -๑๐๐๐",
                  "Сх -1000 Пд +3000 Зх -1000 Пн -1000",
                  "Đông -1000 Nam +3000 Tây -1000 Bắc -1000"):
        assert read_settlement(typed) == want, typed


def test_each_seat_is_marked_on_its_own() -> None:
    assert seat_marks("-1000 +2000 -1000 -1000", "-1000 +3000 -1000 -1000") == \
        (True, False, True, True)
    assert seat_marks("?", "-1000 +3000 -1000 -1000") == (None,) * 4


def test_the_question_and_its_record() -> None:
    q = question_for_round(DOUBLE, number=3)
    assert q.drill is DrillKind.SETTLE and q.parts == (Part.SETTLEMENT,)
    assert q.topics == ("settle:double_ron", "settle:honba_sticks")
    record = q.question_record()
    assert record is not None and record["kind"] == "round" and record["round"] == "double_ron"


@pytest.mark.parametrize("lang", ["ja", "th", "vi", "uk"])
def test_reasons_and_the_explanation_are_said_in_each_language(lang: str) -> None:
    english_reason = reason_of(_marked(DOUBLE, "-2900 +1600 +2300 0"))
    english = [line.text for line in explanation_lines(question_for_round(DOUBLE, number=1))]
    use(lang)
    reason = reason_of(_marked(DOUBLE, "-2900 +1600 +2300 0"))
    lines = [line.text for line in explanation_lines(question_for_round(DOUBLE, number=1))]
    use("en")
    assert reason and reason != english_reason
    assert len(lines) == len(english)
    assert all(a != b for a, b in zip(lines[:-1], english[:-1], strict=True))
    assert "-2900 +2600 +1300 0" in lines[-1]
