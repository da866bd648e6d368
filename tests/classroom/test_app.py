"""The classroom screens, driven through the keyboard with Textual's pilot (SQLite)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from data.classroom import Classroom, Explain, SetOptions, open_classroom
from quiz.classroom.client import ClassController, LocalLink
from quiz.classroom.desk import ClassDesk, grade_in_time, question_for
from quiz.grading import Part
from quiz.screens.classroom import (
    ClassQuestionScreen,
    ClassroomApp,
    ClassSummaryScreen,
    JoinScreen,
)
from quiz.widgets.answer_form import AnswerForm
from tests.support.clock import FakeClock
from tests.support.databases import build_bank
from tests.support.pilot import type_text


@pytest.fixture
def classroom(tmp_path: Path) -> Classroom:
    url = f"sqlite:///{tmp_path / 'app.db'}"
    build_bank(url)
    c = open_classroom(url, clock=FakeClock(tick=1))
    yield c  # type: ignore[misc]
    c.close()


def make_app(classroom: Classroom, set_name: str, folder: Path, *,
             student: str | None = None, code: str | None = None,
             ticker: Callable[[], float] | None = None) -> ClassroomApp:
    """The student's app on an in-process desk (the server's rules, no HTTP)."""
    desk = ClassDesk(classroom)
    controller = ClassController(LocalLink(desk, set_name), folder=folder / "student",
                                 **({"ticker": ticker} if ticker else {}))
    return ClassroomApp(controller, set_name, student=student, code=code,
                        **({"ticker": ticker} if ticker else {}))


def screen_question(app: ClassroomApp):  # type: ignore[no-untyped-def]
    screen = app.screen
    assert isinstance(screen, ClassQuestionScreen)
    assert screen.question is not None
    return screen, screen.question


async def answer(pilot, app: ClassroomApp, wrong: set[Part] = frozenset()) -> None:  # type: ignore[no-untyped-def,assignment]
    """Type an answer to the question on screen (wrong parts get a readable wrong value)."""
    _, q = screen_question(app)
    for part in q.fields:  # a limit hand keeps its fu field, not marked ('-')
        text = q.key.expected_text(part) if part in q.parts else "-"
        if part in wrong and part in q.parts:
            text = {Part.FU: "110", Part.HAN: "12"}.get(part, "")
            if part is Part.PAYMENT:
                pay = q.key.payment
                text = str(pay).replace(str(pay.first), str(pay.first + 100), 1)
        await type_text(pilot, text)
        await pilot.press("enter")
    await pilot.pause()


@pytest.mark.slow
async def test_join_screen_then_answers_stored_at_once_and_a_summary(
    classroom: Classroom, tmp_path: Path
) -> None:
    classroom.create_set("Night", "pw", count=3, seed=1)
    app = make_app(classroom, "Night", tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen)
        await type_text(pilot, "Ann")
        await pilot.press("enter", "enter")  # no code: a new one is given
        await pilot.pause()
        screen, _ = screen_question(app)
        session = app.session
        assert session is not None and session.code is not None
        header = str(screen.query_one("#class-header").render())
        assert session.code not in header and "question 1 of 3" in header
        # the code is shown once, on its own line (never over the explanation)
        notice = str(screen.query_one("#class-notice").render())
        assert f"Your resume code: {session.code}" in notice

        await answer(pilot, app)
        state = classroom.session(session.enrolment_id)
        assert state.answered == 1  # stored before the next question is shown
        assert not screen.query_one("#class-notice").display  # the code is gone
        screen, _ = screen_question(app)
        assert screen.position == 1 and not screen.reviewing  # explanations after: no marks
        await answer(pilot, app, wrong={Part.PAYMENT})
        assert classroom.session(session.enrolment_id).answered == 2
        await answer(pilot, app, wrong={Part.HAN})
        await pilot.pause()
        assert isinstance(app.screen, ClassSummaryScreen)
        result = app.screen.result
        assert result.student == "Ann" and result.answered == 3 and result.right == 1
        assert [a.correct for a in result.answers] == [True, False, False]
        pay = result.answers[1].part("payment")
        assert pay is not None and not pay.correct
        head = str(app.screen.query_one("#summary-head").render())
        assert "Ann: 1 of 3 questions fully right (33%)" in head
        table = app.screen.query_one("DataTable")
        assert table.row_count == 3  # only this student's own answers
        await pilot.press("q")
    stored = classroom.class_results("Night", "pw")
    assert [s.student for s in stored.students] == ["Ann"]


@pytest.mark.slow
async def test_join_screen_refuses_a_taken_name(classroom: Classroom, tmp_path: Path) -> None:
    classroom.create_set("Night", "pw", count=2, seed=1)
    ann = classroom.join("Night", "Ann")
    app = make_app(classroom, "Night", tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await type_text(pilot, "Ann")
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen)
        error = str(app.screen.query_one("#join-error").render())
        assert "student name 'Ann' is already taken in practice set 'Night'" in error
        # with the code it resumes
        await pilot.press("tab")
        await type_text(pilot, ann.code or "")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ClassQuestionScreen)
        assert app.session is not None and app.session.enrolment_id == ann.enrolment_id
    assert len(classroom.class_results("Night", "pw").students) == 1


@pytest.mark.slow
async def test_explanations_during_and_hints(classroom: Classroom, tmp_path: Path) -> None:
    options = SetOptions(explain=Explain.DURING)
    classroom.create_set("Explained", "pw", count=2, seed=2, options=options)
    app = make_app(classroom, "Explained", tmp_path, student="Bo")
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        screen, q = screen_question(app)
        # an unreadable payment: a hint, no mark, nothing stored
        form = screen.query_one(AnswerForm)
        form.fill({p: q.key.expected_text(p) for p in q.parts if p is not Part.PAYMENT})
        form.fill({Part.PAYMENT: "lots"})
        screen.query_one(f"#answer-{q.parts[0].value}").focus()
        await pilot.press("enter")
        await pilot.pause()
        hints = str(form.query_one("#hints").render())
        assert "Payment: write the payment as it is said at the table" in hints
        assert classroom.session(session.enrolment_id).answered == 0
        # now a wrong fu: marked, explained, stored; Enter goes on
        form.fill({Part.PAYMENT: q.key.expected_text(Part.PAYMENT)})
        if Part.FU in q.parts:
            form.fill({Part.FU: str(q.key.fu + 10)})
        form.query_one(f"#answer-{q.parts[0].value}").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.reviewing
        marks = str(screen.query_one("#class-marks").render())
        assert ("✗ Fu" in marks) if Part.FU in q.parts else ("✓" in marks)
        assert screen.query_one("#class-after").display
        stored = classroom.own_results(session).answers
        assert len(stored) == 1 and stored[0].correct is (Part.FU not in q.parts)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.position == 1 and not screen.reviewing


@pytest.mark.slow
async def test_time_runs_out_and_what_is_typed_is_taken(
    classroom: Classroom, tmp_path: Path
) -> None:
    options = SetOptions(question_seconds=30, parts=("han", "payment"))
    classroom.create_set("Timed", "pw", count=3, seed=3, options=options)
    clock = FakeClock()
    # the server's clock (the classroom's) is the screen's ticker
    classroom = open_classroom(classroom.db.url, clock=clock)
    app = make_app(classroom, "Timed", tmp_path, student="Cy", ticker=clock.seconds)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        screen, q = screen_question(app)
        await type_text(pilot, q.key.expected_text(Part.HAN))  # han right, payment left empty
        clock.advance(12)
        await pilot.pause(0.4)
        assert "question time 0:18" in str(screen.query_one("#class-header").render())
        clock.advance(20)
        await pilot.pause(0.6)
        assert screen.position == 1
        first = classroom.own_results(session).answers[0]
        assert first.timed_out and first.seconds == 30.0
        han, pay = first.parts
        assert han.correct and not pay.correct and pay.given == "(no answer)"


async def test_a_resumed_student_starts_at_the_first_unanswered_question(
    classroom: Classroom, tmp_path: Path
) -> None:
    from data.classroom import PartResult

    classroom.create_set("Resume", "pw", count=4, seed=4)
    s = classroom.join("Resume", "Di")
    for pos in range(2):
        classroom.record_answer(s.enrolment_id, pos, [PartResult("fu", "30", "30", True)],
                                seconds=3.0)
    app = make_app(classroom, "Resume", tmp_path, student="Di", code=s.code)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen, q = screen_question(app)
        assert screen.position == 2 and q.number == 3
        assert classroom.questions("Resume")[2].item.uid == q.item.uid  # type: ignore[union-attr]


def test_grade_in_time_marks_unreadable_parts_wrong(classroom: Classroom) -> None:
    classroom.create_set("G", "pw", count=1, seed=5)
    cq = classroom.questions("G")[0]
    q = question_for(cq.item, cq.position, SetOptions(parts=("han", "payment")))
    marked = grade_in_time(q.key, {Part.HAN: q.key.expected_text(Part.HAN), Part.PAYMENT: "lots"})
    assert [m.correct for m in marked.marks] == [True, False]
    assert marked.marks[1].given == "lots" and marked.marks[1].note == "time ran out"
    right = grade_in_time(q.key, {p: q.key.expected_text(p) for p in q.parts})
    assert right.correct


def test_fu_is_skipped_on_limit_hands_unless_asked(classroom: Classroom) -> None:
    limit = None
    for cq in classroom.questions(classroom.create_set("L", "pw", count=40, seed=6).name):
        if cq.item.result.han >= 5 or cq.item.result.yakuman:
            limit = cq
            break
    if limit is None:
        pytest.skip("no limit hand in the test bank")
    asked = SetOptions(parts=("fu", "han"))
    q = question_for(limit.item, 0, asked)
    assert Part.FU not in q.parts
    # the form keeps the fu field (not marked), so it does not give the limit away
    assert q.fields == (Part.FU, Part.HAN) and q.unmarked == (Part.FU,)
    all_fu = SetOptions(parts=("fu", "han"), skip_fu_on_limits=False)
    assert Part.FU in question_for(limit.item, 0, all_fu).parts
