"""The course as a learner drives it (Textual Pilot): the map, a reading, practice, the gate."""

from __future__ import annotations

import pytest

from quiz.course.mastery import WINDOW
from quiz.screens.course.map import CourseMapScreen
from quiz.screens.course.reading import ReadingScreen
from quiz.screens.drill import DrillScreen
from quiz.store.drill import DrillStore
from tests.support.clock import FakeClock
from tests.support.pilot import answer_with, make_app, right_answers, wait_for_question

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
        from quiz.screens.summary import SummaryScreen

        await _wait_for(pilot, app, SummaryScreen)
        await pilot.press("enter")  # leave the summary
        await _wait_for(pilot, app, CourseMapScreen)
        screen = app.screen
        assert isinstance(screen, CourseMapScreen)
        assert screen.progress.of("hand").state.value == "mastered"
        assert screen.progress.of("hand").gate.figures() == "10 of the last 10 right, median 12 s"
        assert "Next: 2 " in str(screen.query_one("#course-next").render())
        # its concepts come back in review: a card each, due later
        from data.srs import cards as srs_cards
        from data.srs.records import CardKind
        from quiz.course.lessons import lesson

        cards = srs_cards.find_cards(store.database, app.controller.learner.id,  # type: ignore[union-attr]
                                CardKind.CONCEPT, list(lesson("hand").topics))
        assert set(cards) == set(lesson("hand").topics)
        assert all(card.due > clock() for card in cards.values())


def _mistaken_fu(app, concept: str) -> str:  # type: ignore[no-untyped-def]
    """The fu a learner gives who gets ``concept`` wrong on the question on screen (the
    right fu when that mistake would not change it)."""
    from quiz.grading import Part
    from quiz.grading.mistakes import mistakes_for

    key = app.controller.question.key
    for m in mistakes_for(key):
        if concept in m.concepts:
            for part, value in m.predicts:
                if part is Part.FU:
                    return str(value)
    return key.expected_text(Part.FU)


async def _answer_questions(pilot, app, clock, count: int, wrong_on: str | None) -> list:  # type: ignore[no-untyped-def]
    """Answer ``count`` questions, the fu wrong on hands of topic ``wrong_on``; the topics
    of each question asked."""
    from quiz.grading import Part

    asked = []
    for _n in range(count):
        await wait_for_question(pilot, app)
        q = app.controller.question
        asked.append(q.topics)
        clock.advance(12)
        values = right_answers(app)
        if wrong_on is not None and wrong_on in q.topics:
            values[Part.FU] = _mistaken_fu(app, wrong_on)
        await answer_with(pilot, app, values)
        await pilot.press("enter")
    return asked


async def test_a_learner_who_keeps_missing_one_concept_stays_and_gets_that_concept(
        store: DrillStore, clock: FakeClock) -> None:
    from data.course.progress import CourseRecords

    ann = store.learners.get_or_create("ann")
    CourseRecords(store.database, clock=clock).place(ann.id, ["hand", "fu-start"])
    app = make_app(store, clock, course=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _wait_for(pilot, app, CourseMapScreen)
        assert "Next: 3 Fu: triplets and quads" in str(
            app.screen.query_one("#course-next").render())
        await pilot.press("c", "enter")  # continue: the reading of lesson 3, then practise
        asked = await _answer_questions(pilot, app, clock, 16, wrong_on="fu:closed_quad_simples")
        c = app.controller
        assert c is not None and c.session is not None and not c.session.over
        assert c.session.id.startswith("course:fu-sets:")  # still on the lesson
        misses = [i for i, topics in enumerate(asked) if "fu:closed_quad_simples" in topics]
        assert len(misses) >= 2
        after = asked[misses[1] + 1:]
        on_concept = sum(1 for topics in after if "fu:closed_quad_simples" in topics)
        assert after and on_concept >= 0.6 * len(after), (on_concept, len(after))


async def test_a_mastered_lesson_slips_to_refresher_after_a_run_of_misses(
        store: DrillStore, clock: FakeClock) -> None:
    from data.course.progress import CourseRecords

    ann = store.learners.get_or_create("ann")
    CourseRecords(store.database, clock=clock).place(ann.id, ["hand", "fu-start"])
    app = make_app(store, clock, settings={"drill": "fu", "topic": "fu:closed_quad_simples"})
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_question(pilot, app)
        await pilot.press("f8")
        await _wait_for(pilot, app, CourseMapScreen)
        await pilot.press("c", "enter")  # lesson 3: its reading, then practise it
        await _answer_questions(pilot, app, clock, WINDOW, wrong_on=None)
        await pilot.press("enter")  # the summary: back to the map
        await _wait_for(pilot, app, CourseMapScreen)
        assert app.screen.progress.of("fu-sets").state.value == "mastered"
        await pilot.press("escape")  # back to drilling: the fu drill on closed quads
        clock.advance(3600)
        await _answer_questions(pilot, app, clock, 3, wrong_on="fu:closed_quad_simples")
        await wait_for_question(pilot, app)
        await pilot.press("f8")
        await _wait_for(pilot, app, CourseMapScreen)
        progress = app.screen.progress
        assert progress.of("fu-sets").state.value == "refresher"
        assert progress.next is not None and progress.next.lesson.id == "fu-sets"
        table = str(app.screen.query_one("#course-detail").render())
        assert "needs a refresher" in table


async def test_the_placement_test_from_the_map_marks_what_it_proves(
        store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, course=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await _wait_for(pilot, app, CourseMapScreen)
        await pilot.press("t")
        asked = 0
        while True:
            for _ in range(300):
                c = app.controller
                if c is not None and c.question is not None and isinstance(app.screen,
                                                                             DrillScreen):
                    break
                if not isinstance(app.screen, DrillScreen):
                    break
                await pilot.pause(0.01)
            if not isinstance(app.screen, DrillScreen):
                break
            await wait_for_question(pilot, app)
            assert app.controller.session.id.startswith("placement:")  # type: ignore[union-attr]
            asked += 1
            clock.advance(9)
            await answer_with(pilot, app, right_answers(app))
            await pilot.press("enter")
        assert asked <= 30
        await pilot.press("enter")  # leave the summary
        await _wait_for(pilot, app, CourseMapScreen)
        progress = app.screen.progress
        assert all(p.state.value == "mastered" and p.placed for p in progress.lessons)
        assert "Every lesson is mastered" in str(app.screen.query_one("#course-next").render())


@pytest.mark.parametrize("code", ["en", "ja", "th", "vi", "uk"])
async def test_a_reading_renders_at_80x24_in_every_language_without_cut_words(
        store: DrillStore, clock: FakeClock, code: str) -> None:
    from quiz.course.lessons import lessons
    from quiz.screens.course.reading import ReadingText, reading_lines
    from quiz.words.width import display_width

    app = make_app(store, clock, course=True, lang=code)
    async with app.run_test(size=(80, 24)) as pilot:
        await _wait_for(pilot, app, CourseMapScreen)
        for lesson in lessons():
            assert app.course is not None
            await app.course.read(lesson.id)
            await _wait_for(pilot, app, ReadingScreen)
            await pilot.pause()
            text = app.screen.query_one(ReadingText)
            width = text.content_region.width
            assert 60 <= width <= 78
            shown = str(text.render()).split("\n")
            assert shown == reading_lines(lesson, app.settings.tile_style, width)
            assert all(display_width(line) <= width for line in shown)
            await pilot.press("escape")  # back to the map
            await _wait_for(pilot, app, CourseMapScreen)
