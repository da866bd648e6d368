"""The question screen: the hand, its situation, and the answer fields.

The screen is the ``drill`` mode of the app. It asks the app's
:class:`quiz.controller.DrillController` for questions, shows each, and
hands what was typed back to it; a marked answer (already stored) opens the
:class:`quiz.screens.explanation.ExplanationScreen`, and the end of a session
the :class:`quiz.screens.summary.SummaryScreen`.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from data.errors import DatabaseUnavailableError, DataError

from ..drills import DRILLS, DrillKind, Question, prompt_for
from ..grading import Answer, Hints, Marked, Part
from ..widgets.answer_form import PLACEHOLDERS, AnswerForm
from ..widgets.footer import Footer
from ..widgets.hand import HandView
from ..widgets.situation import SituationPanel
from ..widgets.status_bar import StatusBar
from ..widgets.wrapped import WrappedStatic
from ..words.core import _, ngettext, pgettext
from ..words.payments import say_payment
from ..words.tilefaces import TileStyle
from .choices import Choice, Go, StartDrill, TypeAhead
from .host import AnswerSubmitted, DrillHost

if TYPE_CHECKING:
    from ..controller import DrillController
    from .explanation import ExplanationScreen

__all__ = ["DrillScreen", "draw_question", "payment_placeholder", "placeholders_for",
           "shows_ura"]


def payment_placeholder(question: Question) -> str:
    """What the payment field suggests for this win (ron, non-dealer or dealer tsumo).

    Short enough not to be cut in the narrowest payment field at 80 columns.
    """
    key = question.key
    if not key.tsumo:
        example = say_payment({"ron": 11600 if key.dealer else 7700})
        text = (_("one number: %(example)s + honba") if key.honba
                else _("one number: %(example)s"))
    else:
        example = (say_payment({"all": 3900}) if key.dealer
                   else say_payment({"non_dealer": 2000, "dealer": 3900}))
        text = _("e.g. %(example)s + honba") if key.honba else _("e.g. %(example)s")
    return text % {"example": example}


def prompt_with_source(question: Question) -> str:
    """The prompt, after where the hand came from when it is a win of an imported game."""
    item = question.item
    prompt = prompt_for(question)
    if item is None or item.kind.value != "game" or not item.source:
        return prompt
    from rich.markup import escape

    return f"[dim]{escape(item.source)}[/dim]\n{prompt}"


def placeholders_for(question: Question) -> dict[Part, str]:
    """What each answer field of a question suggests typing."""
    placeholders = {part: _(text) for part, text in PLACEHOLDERS.items()}
    placeholders[Part.PAYMENT] = payment_placeholder(question)
    return placeholders


def shows_ura(question: Question) -> bool:
    """Whether the question screen shows the ura indicators.

    At the table the ura indicators are turned over before anyone scores, so
    every question whose answer counts them shows them. Only the dora drill
    (which asks the dora han without the ura) leaves them out.
    """
    return question.drill is not DrillKind.DORA


def draw_question(q: Question, hand: HandView, situation: SituationPanel,
                  style: TileStyle) -> None:
    """Draw what a question shows before it is answered: the hand and its situation.

    Everything the answer counts is there: every dora and ura indicator (see
    :func:`shows_ura`), the red fives, honba, riichi sticks, the winds, how it
    was won and each situational yaku declared.
    """
    hand.tile_style = situation.tile_style = style
    if q.result is not None:
        hand.display = True
        hand.show(q.result.hand, tsumo=q.result.tsumo, hide_win=q.hide_win)
        situation.show(q.result.situation, q.result.rules,
                       salt=q.item.uid if q.item is not None else "", show_ura=shows_ura(q))
    else:
        hand.display = False
        if q.round is not None:
            situation.show_round(q.round)
            return
        assert q.cell is not None
        situation.show_cell(q.cell, q.key.profile.name)


class DrillScreen(Screen[None]):
    """Shows one question at a time and takes the answer."""

    #: Focus is set by hand: the first answer field of each question.
    AUTO_FOCUS = ""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "end_session", "End", id="drill.end_session"),
        Binding("f3", "choose_drill", "Drill", id="drill.choose_drill"),
        Binding("f7", "look_back", "Last answer", id="drill.look_back"),
    ]

    def __init__(self, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._explanation: ExplanationScreen | None = None
        #: No question could be read: tries again until one comes.
        self._waiting_for_database = False

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with VerticalScroll(id="question-body", can_focus=False):
            yield HandView(id="hand")
            yield SituationPanel(id="situation")
            yield WrappedStatic("", id="prompt")
            yield AnswerForm(id="answer", on_submit=self.take_answer)
        yield WrappedStatic(_("Opening the question bank…"), id="loading")
        yield Footer(compact=True, show_command_palette=False)  # 80 columns: Ctrl+P is in F1 help

    @property
    def drill_app(self) -> DrillHost:
        """The app, as this screen sees it (only the drill app shows this screen)."""
        return cast("DrillHost", self.app)

    @property
    def controller(self) -> DrillController | None:
        """The app's controller (None until the bank is open and a learner chosen)."""
        return self.drill_app.controller

    @property
    def question(self) -> Question | None:
        """The question on screen."""
        c = self.controller
        return c.question if c is not None else None

    def on_mount(self) -> None:
        self.query_one("#question-body").display = False
        self.set_interval(1.0, self._tick)

    def on_screen_suspend(self) -> None:
        """The question is out of sight (help, settings, review...): its timer stops."""
        c = self.controller
        if c is not None and c.session is not None:
            c.session.pause()

    def on_screen_resume(self) -> None:
        """The question is on screen again: its timer goes on."""
        c = self.controller
        if c is not None and c.session is not None:
            c.session.resume()
            if c.question is not None:
                self.refresh_status()

    def _tick(self) -> None:
        c = self.controller
        if c is not None and c.question is not None and self.is_current:
            self.refresh_status()

    def refresh_status(self, *, answered_view: bool = False) -> None:
        """Redraw the status line."""
        c = self.controller
        if c is None or c.session is None:
            self.query_one(StatusBar).show(None, drill="", learner="")
            return
        self.query_one(StatusBar).show(c.session, drill=_(DRILLS[c.session.plan.drill].title),
                                       learner=c.learner.name, answered_view=answered_view,
                                       due=c.due_label)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """End session only once something is answered; nothing before the bank is open."""
        c = self.controller
        if action == "end_session":
            return c is not None and c.session is not None and bool(c.session.answered)
        if action == "choose_drill":
            return c is not None
        if action == "look_back":
            return (c is not None and c.session is not None and bool(c.session.answered)
                    and c.question is not None)
        return True

    # -- flow

    def show_message(self, message: str) -> None:
        """Show a message instead of a question (while the bank opens)."""
        self.query_one("#question-body").display = False
        loading = self.query_one("#loading", Static)
        loading.display = True
        loading.update(message)

    async def start_session(self, drill: DrillKind | None = None) -> None:
        """Start a new session and show its first question."""
        c = self.controller
        assert c is not None
        c.start(drill)
        await self.show_next()

    async def show_next(self) -> None:
        """Show the next question, or the summary when the session is over.

        The question is read off the screen's thread, each read bounded (see
        :meth:`quiz.store.drill.DrillStore.read`): when the database does not answer
        and no question drawn ahead is left, the screen says so and tries
        again every :data:`RETRY_SECONDS` (Esc and Ctrl+Q keep working).
        """

        c = self.controller
        assert c is not None
        self._waiting_for_database = False
        store = self.drill_app.store
        try:
            if store is None or store.is_memory:
                q = c.next_question()
            else:
                q = await asyncio.to_thread(c.next_question)
        except DatabaseUnavailableError:
            self._wait_for_database()
            return
        if q is None:
            notice = c.notice  # e.g. a lesson's gate passed, with its figures
            if notice:
                self.notify(notice, timeout=10)
            self.show_summary()
            return
        await self.show_question(q)
        notice = c.notice
        if notice:
            self.notify(notice, severity="warning")

    #: Seconds between tries while no question can be read.
    RETRY_SECONDS = 2.0

    def _wait_for_database(self) -> None:
        """No question can be read now: say so, and try again until one comes."""

        self._waiting_for_database = True
        self.show_message(pgettext(
            "robust", "The database is not answering, and no question drawn ahead is left. "
            "Your answers are safe; the next question comes as soon as it answers.\n\n"
            "Esc ends the session · Ctrl+Q quits"))
        self.refresh_bindings()

        async def again() -> None:
            c = self.controller
            if (self._waiting_for_database and c is not None and c.question is None
                    and c.session is not None and not c.session.over
                    and self.app.screen is self):
                await self.show_next()
            elif self._waiting_for_database:
                self.set_timer(self.RETRY_SECONDS, again)

        self.set_timer(self.RETRY_SECONDS, again)

    async def show_question(self, q: Question) -> None:
        """Draw a question and focus its first field (before the next key is read)."""
        app = self.drill_app
        style = app.settings.tile_style
        draw_question(q, self.query_one(HandView), self.query_one(SituationPanel), style)
        self.query_one("#prompt", Static).update(prompt_with_source(q))
        self.query_one("#loading").display = False
        self.query_one("#question-body").display = True
        form = self.query_one(AnswerForm)
        await form.ask(q.fields, placeholders_for(q))
        self.query_one("#question-body", VerticalScroll).scroll_home(animate=False)
        self.refresh_status()
        self.refresh_bindings()
        # the review queue's count is read once the question is on screen
        self.call_after_refresh(self._count_due)
        self.call_after_refresh(self._prepare_explanation)

    async def redraw_question(self) -> None:
        """Draw the question on screen again (a new tile style), keeping what is typed."""
        c = self.controller
        if c is None or c.question is None:
            return
        style = self.drill_app.settings.tile_style
        for widget in (self.query_one(HandView), self.query_one(SituationPanel)):
            widget.tile_style = style
            widget.refresh(layout=True)

    async def retranslate(self) -> None:
        """Draw the screen again in the language now spoken, keeping what is typed."""
        c = self.controller
        loading = self.query_one("#loading", Static)
        if loading.display and (c is None or c.question is None):
            loading.update(_("Opening the question bank…"))
        if c is None or c.question is None:
            return
        q = c.question
        form = self.query_one(AnswerForm)
        typed = {part: v for part, v in form.answers().items() if v and v != "?"}
        draw_question(q, self.query_one(HandView), self.query_one(SituationPanel),
                      self.drill_app.settings.tile_style)
        self.query_one("#prompt", Static).update(prompt_with_source(q))
        await form.ask(q.fields, placeholders_for(q))
        form.fill(typed)
        self.refresh_status()

    def _prepare_explanation(self) -> None:
        """Render the explanation of the question on screen while it is answered (it
        does not depend on the answer): the explanation then comes up faster."""
        c = self.controller
        if self._explanation is not None and c is not None and c.question is not None:
            self._explanation.prepare(c.question)

    def _count_due(self) -> None:
        """Say in the status line how many spaced-repetition cards are due.

        Runs once the question is on screen; it also loads the explanation
        screen's code, so the first answer's explanation comes up as fast as the rest,
        and (the first time) keeps what start-up built out of the cycle collector's
        way (:func:`quiz.gc_tuning.settle_after_start`).
        """
        from ..gc_tuning import settle_after_start
        from . import explanation  # noqa: F401

        settle_after_start()

        c = self.controller
        store = self.drill_app.store
        if c is None:
            return
        if store is not None and not store.is_memory:
            # read off the screen's thread, bounded: a silent database never freezes it
            self.run_worker(lambda: self._read_due(c), thread=True, group="count-due",
                            exclusive=True, exit_on_error=False)
            return
        try:
            c.refresh_due()
        except DataError as e:
            self.notify(_("review queue: %(error)s") % {"error": e}, severity="warning")
            return
        self.refresh_status()

    def _read_due(self, c: DrillController) -> None:
        """Count what is due (a worker thread), then redraw the status line."""

        store = self.drill_app.store
        assert store is not None
        try:
            store.read(c.refresh_due)
        except DatabaseUnavailableError:
            return  # the database is stumbling: the screen says so already
        except DataError as e:
            message = _("review queue: %(error)s") % {"error": e}
            self.app.call_from_thread(self.notify, message, severity="warning")
            return
        self.app.call_from_thread(self.refresh_status)

    async def take_answer(self, answers: dict[Part, Answer]) -> None:
        """Grade the answer and keep it; show hints, or the explanation.

        A marked answer is in the journal file before the explanation is drawn,
        and stored by the writer in the background
        (:meth:`quiz.store.drill.DrillStore.answers_in_background`). Called by the
        answer form, awaited before the next key is read: the explanation is on
        screen when the key after the last Enter arrives.
        """
        c = self.controller
        if c is None or c.question is None:
            return
        self.post_message(AnswerSubmitted())
        question = c.question
        store = self.drill_app.store
        if store is None:
            result = c.submit(answers)
        else:
            # the answer is in the journal file when this returns (a kill from now on loses
            # nothing); the writer stores it in the background while the explanation shows
            with store.answers_in_background():
                result = c.submit(answers)
        form = self.query_one(AnswerForm)
        if isinstance(result, Hints):
            form.show_hints(result)
            return
        form.clear_hints()
        self.refresh_status(answered_view=True)
        await self.explain(question, result)

    async def explain(self, question: Question, marked: Marked, *,
                      looking_back: bool = False) -> None:
        """Show the explanation of an answer (the screen is built once, then reused)."""
        from .explanation import ExplanationScreen

        if self._explanation is None:
            self._explanation = ExplanationScreen(
                question, marked, on_leave=self._after_explanation, looking_back=looking_back)
            # installed: kept when popped, so the next answer reuses its widgets
            self.app.install_screen(self._explanation, name=f"explanation-{id(self)}")
        else:
            self._explanation.show(question, marked, looking_back=looking_back)
        await self.app.push_screen(self._explanation)

    async def _after_explanation(self, choice: Choice) -> None:
        c = self.controller
        if c is None or c.session is None:
            return
        if choice is Go.BACK:
            return  # back to the question on screen, its fields as they were
        if isinstance(choice, StartDrill):
            await self.start_session(choice.drill)
        elif choice is Go.END or c.session.over:
            self.show_summary()  # a digit typed ahead after the last question is dropped
        else:
            await self.show_next()
            if isinstance(choice, TypeAhead):
                self._type_ahead(choice.digit)

    def _type_ahead(self, digit: str) -> None:
        """Put a digit typed over the explanation into the next question's first field."""
        from textual.widgets import Input

        focused = self.app.focused
        if self.app.screen is self and isinstance(focused, Input):
            focused.insert_text_at_cursor(digit)

    def show_summary(self) -> None:
        """End the session and show its summary."""
        c = self.controller
        assert c is not None and c.session is not None
        from .summary import SummaryScreen

        self.app.push_screen(SummaryScreen(c.session, on_leave=self._after_summary))

    async def _after_summary(self, choice: Choice) -> None:
        if choice is Go.QUIT:
            self.app.exit()
            return
        course = self.drill_app.course
        if course is not None and await course.session_over(
                to_map=not isinstance(choice, StartDrill)):
            return  # a lesson's practice or the placement test: back to the course map
        await self.start_session(choice.drill if isinstance(choice, StartDrill) else None)

    # -- actions

    def action_end_session(self) -> None:
        """End the session, once the learner says so: the question on screen is dropped."""
        c = self.controller
        if c is None or c.session is None or not c.session.answered:
            return
        from .confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes and c.session is not None:
                c.question = None
                self.show_summary()

        done = len(c.session.answered)
        self.app.push_screen(ConfirmScreen(
            ngettext("End this session (%(n)d answered) and see its summary? "
                     "The question on screen is dropped.",
                     "End this session (%(n)d answered) and see its summary? "
                     "The question on screen is dropped.", done) % {"n": done}),
            callback=answered)

    async def action_look_back(self) -> None:
        """Show the previous answer's explanation again (Enter or Esc comes back here)."""
        c = self.controller
        if c is None or c.session is None or not c.session.answered:
            return
        last = c.session.answered[-1]
        await self.explain(last.question, last.marked, looking_back=True)

    def action_choose_drill(self) -> None:
        """Pick another drill (starts a new session)."""
        from .drill_picker import DrillPicker

        async def chosen(drill: DrillKind | None) -> None:
            if drill is not None:
                await self.start_session(drill)

        self.app.push_screen(DrillPicker(), callback=chosen)
