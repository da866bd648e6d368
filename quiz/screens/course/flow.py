"""The course in the app: the map, a lesson's reading, its practice on the drill screen.

The screens show (:mod:`quiz.screens.course.map`, :mod:`quiz.screens.course.reading`,
the drill screen for practice); :class:`quiz.course.service.CourseService`
decides; the store writes. One place keeps what is under way
(:class:`CourseFlow`, held by the app).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...course.lessons import lesson
from ...course.placement import PlacementTest
from ...course.practice import LessonQuestions
from ...course.service import CourseService
from ...drills import DrillKind, Question, build_question
from ...words.core import _, ngettext
from .map import CourseMapScreen
from .reading import ReadingScreen

if TYPE_CHECKING:
    from ...app import DrillApp
    from ...course.service import CourseService
    from ..drill import DrillScreen
    from .map import CourseChoice

__all__ = ["CourseFlow"]


class CourseFlow:
    """The course of the app's learner: what is open, what runs on the drill screen."""

    def __init__(self, app: DrillApp) -> None:
        self.app = app
        #: The lesson practice or placement test running on the drill screen, if any.
        self.running: LessonQuestions | PlacementTest | None = None

    def service(self) -> CourseService:
        """The course service of the learner drilling now."""

        app = self.app
        assert app.store is not None and app.controller is not None
        return CourseService(app.store, app.controller)

    async def open_map(self) -> None:
        """Show the course map (progress read off the screen's thread)."""

        app = self.app
        if app.store is None or app.controller is None:
            return
        service = self.service()
        progress = await app.waiting_for_database(service.progress)
        name = app.controller.learner.name

        async def chosen(choice: CourseChoice) -> None:
            await self.choose(choice)

        await app.push_screen(CourseMapScreen(progress, name), callback=chosen)

    async def choose(self, choice: CourseChoice) -> None:
        """Do what the map was closed for."""
        app = self.app
        if choice is None:
            screen = app.drill_screen
            c = app.controller
            if screen is not None and c is not None and c.question is None:
                await screen.start_session()  # no question was on screen: a new session
            return
        what, lesson_id = choice
        if what == "read":
            await self.read(lesson_id)
        elif what == "practise":
            await self.practise(lesson_id)
        elif what == "place":
            await self.place()

    def examples(self, lesson_id: str) -> list[Question]:
        """The lesson's worked examples as whole-hand questions (curated items)."""
        app = self.app
        assert app.store is not None
        out = []
        settings = app.settings
        for uid in lesson(lesson_id).examples:
            item = app.store.item(uid)
            q = build_question(DrillKind.WHOLE, item, number=1, profile=item.rules,
                               skip_fu_on_limit=settings.skip_fu_on_limit)
            if q is not None:
                out.append(q)
        return out

    async def read(self, lesson_id: str) -> None:
        """Show a lesson's reading; practise it after, or back to the map."""

        app = self.app

        async def done(practise: bool | None) -> None:
            if practise:
                await self.practise(lesson_id)
            else:
                await self.open_map()

        await app.push_screen(ReadingScreen(lesson(lesson_id), app.settings.tile_style,
                                            lambda: self.examples(lesson_id)), callback=done)

    async def _drill_screen(self) -> DrillScreen | None:
        """The drill screen, on top (from the review or statistics mode too)."""
        app = self.app
        if app.drill_screen is None:
            await app.switch_mode("drill")
        return await app._back_to_drill()

    async def practise(self, lesson_id: str) -> None:
        """Practise a lesson on the drill screen, until its gate is passed."""
        app = self.app
        screen = await self._drill_screen()
        if screen is None or app.controller is None:
            return
        service = self.service()
        known = await app.waiting_for_database(service.progress)
        self.running = service.practise(lesson_id, known)
        await screen.show_next()

    async def place(self) -> None:
        """Start the placement test on the drill screen."""
        app = self.app
        screen = await self._drill_screen()
        if screen is None or app.controller is None:
            return
        self.running = self.service().place()
        app.notify(_("Placement test: one question a lesson, then three whole hands. "
                     "Esc ends it; what is answered counts."), timeout=8)
        await screen.show_next()

    async def session_over(self, *, to_map: bool = True) -> bool:
        """A course session's summary was left: store a placement's result and go back to
        the map (``to_map`` False: another drill was chosen, it goes on). False when no
        course session was running, or the map is not shown."""
        running, self.running = self.running, None
        if running is None:
            return False
        if isinstance(running, LessonQuestions) and running.mastered:
            service = self.service()
            await self.app.waiting_for_database(lambda: service.mastered(running))
        if isinstance(running, PlacementTest):
            service = self.service()
            proved = await self.app.waiting_for_database(
                lambda: service.finish_placement(running))
            self.app.notify(ngettext("The placement test proved %(n)d lesson mastered.",
                                     "The placement test proved %(n)d lessons mastered.",
                                     len(proved)) % {"n": len(proved)}, timeout=8)
        if not to_map:
            return False
        await self.open_map()
        return True
