"""The classroom server grades the same answer to the same question once (:class:`MarkCache`).

What a student is told and what is stored must be exactly what grading the
answer afresh against the stored answer key gives: for right answers, wrong
ones, unreadable ones, answers given when the time ran out, and payments said
as at a table. A key built anew (the set made again) never reuses marks given
against the old one, and the cache keeps at most its bound.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from data.classroom import Classroom
from quiz.classroom.desk import ClassDesk, Graded, ToStore, _graded, question_for
from quiz.classroom.marks import MarkCache
from quiz.grading import Marked
from tests.classroom.test_fast import right_answers

#: What students type: numbers near the right ones, table payments, garbage, nothing.
TYPED = st.one_of(
    st.sampled_from(["", "30", "40", "25", "110", "1", "2", "3", "13", "mangan", "2000",
                     "1000/2000", "500-1000", "8000", "7700", "3900 all", "?", "x", "１０００"]),
    st.integers(min_value=0, max_value=50000).map(str),
    st.text(max_size=12),
)


@pytest.fixture
def desk(classroom: Classroom) -> ClassDesk:
    classroom.create_set("Marks", "pw", count=6, seed=61)
    return ClassDesk(classroom)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(position=st.integers(min_value=0, max_value=5), timed_out=st.booleans(),
       typed=st.lists(TYPED, min_size=4, max_size=4))
def test_kept_marks_are_the_marks_graded_afresh(desk: ClassDesk, position: int,
                                                timed_out: bool, typed: list[str]) -> None:
    session = desk.join("Marks", "Ann", None) if not desk._places else next(
        iter(desk._places.values()))
    question = desk.asked(session)[position]
    answer = tuple(typed[:len(question.parts)])
    fresh = _graded(question.key, answer, timed_out)
    cache: MarkCache[object] = MarkCache()
    first = cache.get_or_grade(question.key, answer, timed_out,
                               lambda: _graded(question.key, answer, timed_out))
    again = cache.get_or_grade(question.key, answer, timed_out,
                               lambda: pytest.fail("graded twice"))
    assert first == fresh and again == fresh
    assert cache.hits == 1 and cache.misses == 1


def test_students_typing_the_same_get_the_same_marks_from_the_stored_key(
        desk: ClassDesk) -> None:
    ann, bo = desk.join("Marks", "Ann", None), desk.join("Marks", "Bo", None)
    right = right_answers(desk, ann, 0)
    wrong = {**right, "han": "13"}
    marked = [desk.mark(s, 0, a, seconds=1.0) for s in (ann, bo) for a in (wrong,)]
    assert all(isinstance(m, ToStore) for m in marked)
    for m in marked:
        assert isinstance(m, ToStore) and not all(p.correct for p in m.parts)
        assert (m.marked, m.parts) == _graded(desk.asked(ann)[0].key,
                                   tuple(wrong[p.value] for p in desk.asked(ann)[0].parts),
                                   False)
    graded = desk.store(marked[0])  # type: ignore[arg-type]
    assert isinstance(graded, Graded) and not graded.stored.correct
    # Ann's next question, right: graded from its own key (position 1), not position 0's
    nxt = desk.mark(ann, 1, right_answers(desk, ann, 1), seconds=1.0)
    assert isinstance(nxt, ToStore) and all(p.correct for p in nxt.parts)
    assert desk._marks.hits >= 1  # Bo's answer was Ann's: not graded again


def test_a_key_built_anew_is_graded_anew() -> None:
    cache: MarkCache[str] = MarkCache()
    old, new = object(), object()
    assert cache.get_or_grade(old, ("30",), False, lambda: "old marks") == "old marks"
    assert cache.get_or_grade(new, ("30",), False, lambda: "new marks") == "new marks"
    assert cache.get_or_grade(old, ("30",), True, lambda: "in time") == "in time"
    assert cache.misses == 3 and cache.hits == 0


def test_the_cache_keeps_at_most_its_bound_and_drops_the_least_used() -> None:
    cache: MarkCache[int] = MarkCache(most=3)
    key = object()
    for n in range(3):
        cache.get_or_grade(key, (str(n),), False, lambda n=n: n)  # type: ignore[misc]
    cache.get_or_grade(key, ("0",), False, lambda: -1)  # "0" used again: "1" is the oldest
    cache.get_or_grade(key, ("3",), False, lambda: 3)
    assert len(cache) == 3
    assert cache.get_or_grade(key, ("1",), False, lambda: 11) == 11  # dropped: graded again
    assert cache.get_or_grade(key, ("0",), False, lambda: -1) == 0  # kept


def test_a_set_made_anew_is_graded_with_its_new_keys(classroom: Classroom) -> None:
    made = classroom.create_set("Again", "pw", count=3, seed=62)
    desk = ClassDesk(classroom)
    ann = desk.join("Again", "Ann", None)
    answer = right_answers(desk, ann, 0)
    first = desk.mark(ann, 0, answer, seconds=1.0)
    assert isinstance(first, ToStore) and all(p.correct for p in first.parts)
    classroom.delete_set("Again", "pw")
    remade = classroom.create_set("Again", "pw", count=3, seed=63)
    assert remade.item_uids != made.item_uids
    bo = desk.join("Again", "Bo", None)
    key = desk.asked(bo)[0].key
    assert key is not desk.asked(ann)[0].key or remade.id == made.id
    got = desk.mark(bo, 0, answer, seconds=1.0)
    expected = question_for(classroom.questions("Again")[0].item, 0, remade.options)
    want = _graded(expected.key, tuple(answer.get(p.value, "") for p in expected.parts), False)
    assert isinstance(got, ToStore) and isinstance(want, tuple) and isinstance(want[0], Marked)
    assert (got.marked, got.parts) == want  # the new set's key, not the marks kept for the old
    assert all(p.correct for p in want[1]) == all(p.correct for p in got.parts)
