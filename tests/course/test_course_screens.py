"""The course as a learner drives it (Textual Pilot): the map, a reading, practice, the gate."""

from __future__ import annotations

import pytest

from quiz.course.mastery import WINDOW
from quiz.screens.course_map import CourseMapScreen
from quiz.screens.course_reading import ReadingScreen
from quiz.screens.drill import DrillScreen
from quiz.store import DrillStore
from tests.quiz.conftest import FakeClock, answer_with, make_app, right_answers, wait_for_question

pytestmark = pytest.mark.slow


async def _wait_for(pilot, app, kind: type) -> None:  # type: ignore[no-untyped-def]
    for _ in range(500):
        if isinstance(app.screen, kind):
            await pilot.pause()
            return
        await pilot.pause(0.01)
    raise AssertionError(f"no {kind.__name__} came up (screen: {app.screen!r})")


async def test_a_beginner_reads_practises_passes_the_gate_and_the_map_moves_on(
        store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, course=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _wait_for(pilot, app, CourseMapScreen)
        assert "Next: 1 The winning hand and its waits" in str(
            app.screen.query_one("#course-next").render())
        await pilot.press("c")  # continue: the first lesson, never practised: its reading
        await _wait_for(pilot, app, ReadingScreen)
        text = str(app.screen.query_one("#reading-text").render())
        assert "Lesson 1" in text and "four sets and a pair" in text
        await pilot.press("enter")  # practise
        for _n in range(WINDOW):
            await wait_for_question(pilot, app)
            c = app.controller
            assert c is not None and c.session is not None
            assert c.session.id.startswith("course:hand:")
            q = c.question
            assert q is not None and q.key.parts == (q.key.parts[0], q.key.parts[1])
            assert [p.value for p in q.key.parts] == ["waits", "wait"]  # only what it taught
            clock.advance(12)
            await answer_with(pilot, app, right_answers(app))
            await pilot.press("enter")  # the explanation: next
        # the gate is passed: the session ends on its summary, then back to the map
        for _ in range(300):
            if not isinstance(app.screen, DrillScreen | CourseMapScreen) or isinstance(
                    app.screen, CourseMapScreen):
                break
            await pilot.pause(0.01)
        await pilot.press("enter")  # leave the summary
        await _wait_for(pilot, app, CourseMapScreen)
        screen = app.screen
        assert isinstance(screen, CourseMapScreen)
        assert screen.progress.of("hand").state.value == "mastered"
        assert screen.progress.of("hand").gate.figures() == "10 of the last 10 right, median 12 s"
        assert "Next: 2 " in str(screen.query_one("#course-next").render())
