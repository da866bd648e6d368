"""The course's logic without a screen: lessons as data, the gate, refreshers, what next."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from data.course import CourseError, lesson_rows
from data.course.answers import CourseAnswer, course_session
from quiz.course.lessons import lesson, lessons
from quiz.course.mastery import NEED, SLIP_RUN, WINDOW, LessonAnswer, State, gate, progress
from quiz.drills import DrillKind
from quiz.grading import Part

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _answers(lesson_id: str, pattern: str, *, seconds: float = 10.0, start: int = 0,
             missed: frozenset[str] = frozenset()) -> list[CourseAnswer]:
    """Answers of a lesson's practice: '1' right, '0' wrong, one a minute."""
    return [CourseAnswer(course_session(lesson_id, "s"), lesson(lesson_id).drill.value,
                         ch == "1", seconds, T0 + timedelta(minutes=start + i),
                         frozenset(lesson(lesson_id).topics[:1]),
                         frozenset() if ch == "1" else missed)
            for i, ch in enumerate(pattern)]


def test_the_path_is_in_the_seeds_order_and_each_lesson_asks_only_what_it_taught() -> None:
    ids = [x.id for x in lessons()]
    assert 12 <= len(ids) <= 20
    # the words, fu item by item, rounding, yaku, dora, base points, limits, payments,
    # honba, the declaration, whole hands
    for earlier, later in [("hand", "fu-start"), ("fu-start", "fu-sets"),
                           ("fu-pair-wait", "fu-rounding"), ("fu-rounding", "yaku-one"),
                           ("yaku-more", "dora"), ("dora", "base-points"),
                           ("base-points", "limits"), ("limits", "payments"),
                           ("payments", "honba"), ("honba", "declaration"),
                           ("declaration", "whole-hands")]:
        assert ids.index(earlier) < ids.index(later)
    for x in lessons():
        if x.id.startswith("fu-"):
            assert x.drill is DrillKind.FU and x.asks == (Part.FU,)
        if x.number < lesson("whole-hands").number:
            assert x.id == "declaration" or Part.PAYMENT not in x.asks or x.drill is DrillKind.TABLE
    assert lesson("whole-hands").asks == (Part.FU, Part.HAN, Part.PAYMENT)


def test_a_wrong_course_file_is_refused_with_the_lesson_and_field(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "lessons.toml"
    bad.write_text('[[lesson]]\nid = "x"\ndrill = "fu"\ntopics = ["fu:nope"]\nseconds = 30\n'
                   'examples = ["fu-seat-wind-pair"]\ntitle = "X"\nreading = ["y"]\n')
    with pytest.raises(CourseError, match=r"lesson 1 \('x'\): unknown topic 'fu:nope'"):
        lesson_rows(bad)
    bad.write_text('[[lesson]]\nid = "x"\ndrill = "fu"\nseconds = 30\n'
                   'examples = ["nope"]\ntitle = "X"\nreading = ["y"]\n')
    with pytest.raises(CourseError, match="'nope' is not one"):
        lesson_rows(bad)


def test_the_gate_wants_nine_of_the_last_ten_and_the_median_time() -> None:
    right = LessonAnswer(True, 12.0, T0)
    wrong = LessonAnswer(False, 12.0, T0)
    assert not gate([right] * (WINDOW - 1), 30).passed  # too few answers
    assert gate([right] * (NEED) + [wrong], 30).passed
    assert not gate([right] * (NEED - 1) + [wrong] * 2, 30).passed
    assert not gate([LessonAnswer(True, 31.0, T0)] * WINDOW, 30).passed
    g = gate([wrong] * 5 + [right] * 9 + [wrong], 30)
    assert g.passed and g.figures() == "9 of the last 10 right, median 12 s"


def test_a_lesson_goes_from_to_do_to_in_progress_to_mastered_and_the_path_moves_on() -> None:
    p = progress(lessons(), [])
    assert all(x.state is State.TODO for x in p.lessons) and p.next is not None
    assert p.next.lesson.id == "hand"
    p = progress(lessons(), _answers("hand", "1101"))
    assert p.of("hand").state is State.IN_PROGRESS and p.next.lesson.id == "hand"  # type: ignore[union-attr]
    assert p.of("hand").gate.figures() == "3 of the last 4 right, median 10 s"
    p = progress(lessons(), _answers("hand", "0011111111111"))
    assert p.of("hand").state is State.MASTERED
    assert p.next is not None and p.next.lesson.id == "fu-start"
    assert p.practised_seconds == 130


def test_luck_does_not_pass_the_gate_slow_answers_neither() -> None:
    p = progress(lessons(), _answers("hand", "1010110111101101"))
    assert p.of("hand").state is State.IN_PROGRESS
    p = progress(lessons(), _answers("hand", "1" * 12, seconds=45))
    assert p.of("hand").state is State.IN_PROGRESS


def test_a_run_of_misses_after_mastery_marks_a_refresher_until_passed_again() -> None:
    topic = lesson("fu-sets").topics[0]
    mastered = _answers("fu-sets", "1" * WINDOW)
    later = [CourseAnswer("other-session", "whole", False, 20.0,
                          T0 + timedelta(hours=1, minutes=i), frozenset({topic}),
                          frozenset({topic})) for i in range(SLIP_RUN)]
    p = progress(lessons(), [*mastered, *later[:-1]])
    assert p.of("fu-sets").state is State.MASTERED
    p = progress(lessons(), [*mastered, *later])
    assert p.of("fu-sets").state is State.REFRESHER
    assert p.next is not None and p.next.lesson.id == "fu-sets"  # a refresher comes first
    assert p.of("fu-sets").gate.of == 0  # the gate counts only answers since the slip
    again = _answers("fu-sets", "1" * WINDOW, start=200)
    assert progress(lessons(), [*mastered, *later, *again]).of("fu-sets").state is State.MASTERED
    # misses on other concepts do not touch it
    other = [CourseAnswer("other", "whole", False, 20.0, T0 + timedelta(hours=2, minutes=i),
                          frozenset({"yaku:riichi"}), frozenset({"yaku:riichi"}))
             for i in range(5)]
    assert progress(lessons(), [*mastered, *other]).of("fu-sets").state is State.MASTERED


def test_a_concept_missed_twice_lately_is_the_lessons_focus() -> None:
    topic = "fu:ron_triplet"
    p = progress(lessons(), _answers("fu-sets", "1010", missed=frozenset({topic})))
    assert p.of("fu-sets").focus == topic


def test_placed_lessons_count_as_mastered() -> None:
    p = progress(lessons(), [], {"hand": T0, "fu-start": T0})
    assert p.of("hand").state is State.MASTERED and p.of("hand").placed
    assert p.next is not None and p.next.lesson.id == "fu-sets"
