"""The Textual app: modes, app-wide keys, the command palette, and its factory.

:func:`create_app` builds the app for the command line and for tests alike;
nothing is opened at import time. On start the app opens the database (in a
thread, so the screen is drawn at once), picks the learner (``--learner`` or
the learner screen), loads their settings and shows the first question.

The start (the first question before the store, read with :mod:`sqlite3` alone)
and the end are :class:`quiz.opening.Opening`'s.

Modes: ``drill`` (:class:`quiz.screens.drill.DrillScreen`). Later modes
(review, statistics, classroom) are added to :attr:`DrillApp.MODES` and
reached with :meth:`DrillApp.switch_mode`; they can reuse the controller, the
question sources and the explanation screen.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen

from data.clock import Clock, utc_now
from data.errors import DataError

from .controller import DrillController
from .drills import DrillKind
from .errors import describe_error
from .opening import MODULES_AT_FIRST_QUESTION, Opening
from .palette import DrillCommands
from .screens.drill import DrillScreen
from .screens.host import AnswerSubmitted, ExplanationDrawn
from .settings import Settings
from .store.drill import DrillStore
from .words.core import _, active_language, choose_language, pgettext, use

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.widget import AwaitMount

    from data.first_read import ReadOnlyBank
    from data.generate.rounds import RoundSpec
    from data.records import LearnerRecord

    from .screens.course.flow import CourseFlow
    from .screens.learners import LearnerChoice
    from .srs import ReviewContext

__all__ = ["MODULES_AT_FIRST_QUESTION", "DrillApp", "create_app"]

T = TypeVar("T")


class DrillApp(Opening, App[int]):
    """Riichi Drill: score hands the way a player must at the table."""

    TITLE = "Riichi Drill"
    CSS_PATH = "quiz.tcss"
    MODES: ClassVar[dict[str, Any]] = {"drill": DrillScreen}
    #: The app starts on the question screen (no default screen first: one style pass less).
    DEFAULT_MODE: ClassVar[str] = "drill"
    COMMANDS = App.COMMANDS | {DrillCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help", id="app.help"),
        Binding("f2", "settings", "Settings", id="app.settings"),
        Binding("f4", "switch_learner", "Learner", id="app.switch_learner", show=False),
        Binding("f5", "switch_mode('review')", "Review", id="app.review"),
        Binding("f6", "switch_mode('stats')", "Stats", id="app.stats", show=False),
        Binding("f8", "course", "Course", id="app.course", show=False),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True),
        Binding("ctrl+c", "quit", "Quit", id="app.interrupt", show=False, priority=True),
    ]

    def __init__(self, *, db_url: str | None = None, learner: str | None = None,
                 clock: Clock | None = None, seed: int | None = None,
                 store: DrillStore | None = None, items: Sequence[int | str] = (),
                 generated: int | None = None, settings: dict[str, Any] | None = None,
                 drill: DrillKind | None = None, lang: str | None = None,
                 environ: Mapping[str, str] | None = None, course: bool = False,
                 rounds: Sequence[RoundSpec] = ()) -> None:
        super().__init__()
        #: ``riichi-drill learn``: the course map first, not a question.
        self.course_start = course
        #: The course under way (made when first opened: see :meth:`action_course`).
        self.course: CourseFlow | None = None
        #: ``--lang`` (wins over the learner's setting) and the environment read
        #: for the language when neither names one (empty: English).
        self.lang_flag = lang
        self.environ: Mapping[str, str] = dict(environ or {})
        use(choose_language(lang, None, self.environ))
        self.db_url = db_url
        self.learner_name = learner
        self.clock: Clock = clock or utc_now
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        self.rng = random.Random(self.seed)
        self.store: DrillStore | None = store
        self.items = tuple(items)
        #: The round ends the settlement drill asks (an imported game's; none: made up).
        self.rounds = tuple(rounds)
        self.generated = generated
        self.setting_overrides = dict(settings or {})
        self.first_drill = drill
        self.controller: DrillController | None = None
        #: The learner's settings as stored (read with the learner, kept up to date when
        #: saved): the review and statistics screens are given them without a read.
        self.stored_settings: dict[str, Any] = {}
        #: A one-line message when the app ended on an error (printed by the command line).
        self.error: str | None = None
        #: The traceback of an unexpected error (a bug), printed before the message.
        self.error_details: str | None = None
        #: ``perf_counter()`` when the last answer was submitted (for the benchmark).
        self.submitted_at: float | None = None
        #: Seconds from each submitted answer to its explanation drawn (for the benchmark).
        self.explanation_times: list[float] = []
        #: ``process_time()`` when the last answer was submitted (for the benchmark).
        self.submitted_cpu: float | None = None
        #: CPU seconds of the whole process (every thread) from each submitted answer to
        #: its explanation drawn: what the app spent, whatever else runs on the machine.
        self.explanation_cpu_times: list[float] = []
        #: The review and statistics screens, once opened (given a new context on a new learner).
        self.srs_screens: list[Any] = []
        #: The first read's bank, until the store is open (see :mod:`.opening`).
        self._first_bank: ReadOnlyBank | None = None
        self.add_mode("review", self._review_screen)
        self.add_mode("stats", self._stats_screen)

    # -- start-up: quiz.opening.Opening

    def _handle_exception(self, error: Exception) -> None:
        """An error nobody foresaw ends the app with one line (answers are kept), status 2."""
        self.fail(error)

    class DatabaseState(Message):
        """The database came or went (posted from the answer writer's thread)."""

        def __init__(self, status: Any) -> None:
            super().__init__()
            self.status = status

    def _database_state(self, status: Any) -> None:
        """Post the database's state to the app (any thread; never waits)."""
        self.post_message(self.DatabaseState(status))

    def on_drill_app_database_state(self, event: DatabaseState) -> None:
        """Say on screen that the database is busy or away and answers are safe."""
        status = event.status
        if status.state == "error":  # not the database stumbling: a bug
            from .errors import DrillError

            self.fail(DrillError(f"an answer could not be stored ({status.detail}); "
                                 "it is kept and stored at the next start"))
        elif status.state is None:
            self.notify(pgettext("lead", "The database answers again: every answer is saved."))
        else:
            self.notify(status.message, severity="warning", timeout=8)
        from .screens.review import ReviewScreen

        if isinstance(self.screen, ReviewScreen):  # its status line counts what waits
            self.screen.refresh_status()

    def fail(self, error: BaseException | None) -> None:
        """End the app with a one-line message (printed by the command line)."""
        import traceback


        message = describe_error(error) if error is not None else None
        if message is None and error is not None:
            # a bug, not bad input: keep the traceback for the report
            self.error_details = "".join(traceback.format_exception(error))
        self.error = message or f"unexpected error: {error!r}"
        self.exit(2)

    def ask_learner(self, names: Sequence[str], *, can_cancel: bool = True, name: str = "",
                    error: str = "") -> None:
        """Show the learner screen; the chosen learner then drills. A tab served to a
        browser lists nobody and asks a password too (``name`` and ``error``: asked again
        after a refusal)."""
        from .screens.learners import LearnerScreen
        from .served_learner import served

        def chosen(choice: LearnerChoice | None) -> None:
            if choice is not None:  # a task of its own: the keys keep working meanwhile
                self.run_worker(self._choose_learner(choice, names, can_cancel=can_cancel),
                                group="learner", exclusive=True, exit_on_error=False)

        self.push_screen(LearnerScreen(names, can_cancel=can_cancel, ask_password=served(),
                                       name=name, error=error), callback=chosen)

    async def _choose_learner(self, choice: LearnerChoice, names: Sequence[str], *,
                              can_cancel: bool = False) -> None:
        """Drill as the learner of that name (found or created off the screen's thread); a
        served tab's refused sign-in asks again, saying why in one line."""

        from .served_learner import SignInRefusedError, open_learner

        store = self.store
        if store is None:
            return
        try:
            await self.use_learner(await self.waiting_for_database(
                lambda: open_learner(store, choice.name, choice.password)))
        except SignInRefusedError as e:
            self.ask_learner(names, can_cancel=can_cancel or self.controller is not None,
                             name=choice.name, error=str(e))
        except DataError as e:
            self._not_changed(e)
            if self.controller is None:  # nobody drills yet: ask again
                self.ask_learner(names, can_cancel=False)
        except Exception as e:  # a worker's error would be lost: end with one line
            self.fail(e)

    def _not_changed(self, error: Exception) -> None:
        self.notify(pgettext("journal", "The database did not answer, so the "
                                        "learner was not changed: %(problem)s")
                    % {"problem": error}, severity="error", timeout=8)

    async def waiting_for_database(self, work: Callable[[], T]) -> T:
        """Run a database read off the screen's thread; the screen says it waits when it
        takes a moment, and keys (Esc, Ctrl+Q) keep working meanwhile."""
        from .store.reads import READ_WAIT, in_background

        if self.store is not None and self.store.is_memory:
            return work()  # one shared connection, never waited for: read it here
        timer = self.set_timer(0.3, lambda: self.notify(
            pgettext("journal", "Waiting for the database…"), timeout=READ_WAIT))
        try:
            return await in_background(work)
        finally:
            timer.stop()

    async def use_learner(self, learner: LearnerRecord) -> None:
        """Drill as this learner: load their settings (off the screen's thread) and start
        a session."""
        assert self.store is not None
        store = self.store
        stored = await self.waiting_for_database(lambda: store.stored_settings(learner.id))
        settings = Settings.from_dict(stored)
        self.stored_settings = stored
        if self.setting_overrides:
            settings = settings.replace(**self.setting_overrides)
        self.speak(settings.language)
        settings = settings.in_language(active_language(), {*stored, *self.setting_overrides})
        self.controller = DrillController(self.store, learner, settings, clock=self.clock,
                                          rng=self.rng, items=self.items,
                                          rounds=self.rounds)
        self.learner_name = learner.name
        self.sub_title = learner.name
        self._update_srs_screens()
        # back to the question screen: a summary or an explanation on top was the
        # previous learner's
        screen = await self._back_to_drill()
        if self.course_start:
            self.course_start = False
            self.refresh_bindings()
            await self.action_course()
            return
        if screen is not None:
            await screen.start_session(self.first_drill)
        self.refresh_bindings()

    def speak(self, stored: str | None) -> bool:
        """Use the language of ``--lang``, else ``stored``, else the environment.

        Returns:
            whether the language changed.
        """
        language = choose_language(self.lang_flag, stored, self.environ)
        if language == active_language():
            return False
        use(language)
        return True

    async def retranslate(self) -> None:
        """Draw every screen again in the language now spoken."""
        self.refresh_bindings()
        for shown in self.screen_stack:
            redraw = getattr(shown, "retranslate", None)
            if redraw is not None:
                await redraw()
            shown.refresh_bindings()

    # -- the review and statistics modes

    def review_context(self) -> ReviewContext:
        """What the review and statistics screens are given: the learner, settings, clock
        (the stored settings as read with the learner: no database read here)."""
        from .srs import review_context

        c, store = self.controller, self.store
        assert c is not None and store is not None, "the review needs a learner"
        stored = self.stored_settings
        return review_context(store.database, c.learner, c.settings, stored, clock=self.clock,
                              seed=self.seed, store=store)  # fmt: skip

    def _review_screen(self) -> Screen[Any]:
        """The review mode's screen (imported when first used: it loads fsrs)."""
        from .screens.review import ReviewScreen

        screen = ReviewScreen(self.review_context())
        self.srs_screens.append(screen)
        return screen

    def _stats_screen(self) -> Screen[Any]:
        """The statistics mode's screen (imported when first used: it loads plotext)."""
        from .screens.stats import StatsScreen

        screen = StatsScreen(self.review_context())
        self.srs_screens.append(screen)
        return screen

    def _update_srs_screens(self) -> None:
        """Give the open review and statistics screens the current learner's context."""
        if self.srs_screens:
            context = self.review_context()
            for screen in self.srs_screens:
                screen.use_context(context)

    def on_answer_submitted(self, message: AnswerSubmitted) -> None:
        """Note when an answer was submitted (see :meth:`on_explanation_drawn`)."""
        self.submitted_at = message.at
        self.submitted_cpu = message.cpu

    def on_explanation_drawn(self, message: ExplanationDrawn) -> None:
        """Note how long the explanation took to draw after the answer was submitted, then
        let the answer kept in the background be stored (the writer waited, not to slow
        the drawing)."""
        if self.store is not None:
            self.store.release_writer()
        if message.looking_back:
            return
        if self.submitted_at is not None:
            self.explanation_times.append(message.at - self.submitted_at)
            self.submitted_at = None
        if self.submitted_cpu is not None:
            self.explanation_cpu_times.append(message.cpu - self.submitted_cpu)
            self.submitted_cpu = None

    @property
    def has_srs_modes(self) -> bool:
        """The drill app has the review and statistics modes."""
        return True

    # -- state

    @property
    def settings(self) -> Settings:
        """The learner's settings (defaults before a learner is chosen)."""
        return self.controller.settings if self.controller is not None else Settings()

    @property
    def drill_screen(self) -> DrillScreen | None:
        """The question screen of the drill mode."""
        for screen in self.screen_stack:
            if isinstance(screen, DrillScreen):
                return screen
        return None

    def switch_mode(self, mode: str) -> AwaitMount:
        """Go to a mode; review and statistics wait for the store (open a moment after
        the first question: the command palette may ask for them before)."""
        if mode != "drill" and self.store is None:
            from textual.widget import AwaitMount

            from .words.core import pgettext

            self.notify(pgettext("start", "The question bank is still opening: review and "
                                          "statistics come in a moment."))
            return AwaitMount(self.screen, [])
        return super().switch_mode(mode)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Settings and the learner switch need a learner; the switch, review and
        statistics also the store (open a moment after the first question)."""
        if action == "settings":
            return self.controller is not None
        if action in ("switch_learner", "switch_mode", "course"):
            return self.controller is not None and self.store is not None
        return True

    async def _back_to_drill(self) -> DrillScreen | None:
        screen = self.drill_screen
        while screen is not None and self.screen is not screen and len(self.screen_stack) > 1:
            self.pop_screen()
        return screen

    # -- actions

    def action_help(self) -> None:
        """Show the help screen."""
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    async def action_course(self) -> None:
        """Show the course map (the lessons, what next, continue in one key)."""
        from .screens.course.map import CourseMapScreen

        if self.controller is None or self.store is None or isinstance(self.screen,
                                                                       CourseMapScreen):
            return
        if self.course is None:
            from .screens.course.flow import CourseFlow

            self.course = CourseFlow(self)
        await self.course.open_map()

    def action_settings(self) -> None:
        """Open the settings; saved settings are stored for the learner."""
        from .screens.settings import SettingsScreen

        if self.controller is None or isinstance(self.screen, SettingsScreen):
            return

        async def saved(settings: Settings | None) -> None:
            if settings is not None:
                await self.apply_settings(settings)

        self.push_screen(SettingsScreen(self.controller.settings), callback=saved)

    async def apply_settings(self, settings: Settings) -> None:
        """Use and store new settings; a new drill starts a new session."""
        c = self.controller
        if c is None:
            return
        old = c.settings
        c.update_settings(settings)  # kept by the writer: the screen never waits for it
        self.stored_settings = {**self.stored_settings, **settings.to_dict()}
        self.set_timer(1.5, self._settings_still_waiting)
        self._update_srs_screens()
        screen = self.drill_screen
        if screen is None:
            return
        if settings.language != old.language and self.speak(settings.language):
            await self.retranslate()
        if settings.drill is not old.drill:
            await self._back_to_drill()
            await screen.start_session(settings.drill)
            return
        if settings.tile_style is not old.tile_style:
            await screen.redraw_question()
            from .screens.explanation import ExplanationScreen

            for shown in self.screen_stack:
                if isinstance(shown, ExplanationScreen):
                    shown.refresh_content()
        if (settings.profile, settings.ask, settings.topic, settings.difficulty) != (
                old.profile, old.ask, old.topic, old.difficulty):
            self.notify(_("New settings apply from the next question."))

    async def set_setting(self, key: str, value: Any) -> None:
        """Change one setting (from the command palette)."""
        if self.controller is not None:
            await self.apply_settings(self.controller.settings.replace(**{key: value}))

    def _settings_still_waiting(self) -> None:
        """Say so when saved settings wait for the database (they apply already)."""
        if self.store is not None and self.controller is not None and \
                self.store.waiting_settings(self.controller.learner.id):
            self.notify(pgettext("journal", "The database is busy: the new settings apply now "
                                            "and are stored as soon as it answers."),
                        severity="warning", timeout=8)

    def action_switch_learner(self) -> None:
        """Choose another learner (a new session starts); the names are read off the
        screen's thread, in a task of its own (the keys keep working meanwhile)."""
        if self.store is not None:
            self.run_worker(self._switch_learner(), group="learner", exclusive=True,
                            exit_on_error=False)

    async def _switch_learner(self) -> None:
        store = self.store
        if store is None:
            return
        from .served_learner import served

        if served():  # a served tab lists nobody else's name: a name and a password
            self.ask_learner([])
            return
        try:
            learners = await self.waiting_for_database(store.all_learners)
        except DataError as e:
            self._not_changed(e)
            return
        except Exception as e:  # a worker's error would be lost: end with one line
            self.fail(e)
            return
        self.ask_learner([ln.name for ln in learners])

    async def start_drill(self, kind: DrillKind) -> None:
        """Start a session of a drill (from the command palette)."""
        screen = await self._back_to_drill()
        if screen is not None and self.controller is not None:
            await screen.start_session(kind)

    async def end_session(self) -> None:
        """End the session and show the summary (from the command palette)."""
        screen = await self._back_to_drill()
        c = self.controller
        if screen is not None and c is not None and c.session is not None and c.session.answered:
            c.question = None
            screen.show_summary()


def create_app(db_url: str | Path | None = None, learner: str | None = None,
               clock: Clock | None = None, *, seed: int | None = None,
               store: DrillStore | None = None, items: Sequence[int | str] = (),
               generated: int | None = None, settings: dict[str, Any] | None = None,
               drill: DrillKind | str | None = None, lang: str | None = None,
               environ: Mapping[str, str] | None = None, course: bool = False,
               rounds: Sequence[RoundSpec] = ()) -> DrillApp:
    """Build the app (the command line and the tests both call this).

    Args:
        db_url: database file or URL (None: the default file in the data directory).
        learner: drill as this learner (created if new); None shows the
            learner screen unless there is exactly one learner.
        clock: the time source, returning aware UTC datetimes.
        seed: the random seed for drawing hands (None: a fresh one).
        store: an open store to use instead of opening ``db_url`` (tests).
        items: ask these bank items (ids or stable ids) in order instead of drawing.
        generated: generated hands a new bank should hold (default: the data layer's).
        settings: settings that override the learner's stored ones (e.g. ``{"drill": "fu"}``).
        drill: the drill of the first session (default: the learner's setting).
        lang: ``--lang``: the language to speak, whatever the learner's setting.
        environ: the environment whose ``LC_ALL``/``LC_MESSAGES``/``LANG`` names
            the language when neither ``lang`` nor the learner's setting does
            (None: none, so English; the command line passes ``os.environ``).
        course: open the course map instead of the first question (``riichi-drill learn``).
        rounds: the round ends the settlement drill asks, in order (``--from-log FILE``).
    """
    return DrillApp(
        db_url=None if db_url is None else str(db_url),
        learner=learner,
        clock=clock,
        seed=seed,
        store=store,
        items=items,
        generated=generated,
        settings=settings,
        drill=DrillKind(drill) if drill is not None else None,
        lang=lang,
        environ=environ,
        course=course,
        rounds=rounds,
    )
