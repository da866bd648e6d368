"""After an answer: each part marked, the likely reason, and the worked explanation.

The explanation takes the focus as it comes up, so ↓ / PgDn / Home scroll it
(the footer says so). It closes with a :data:`quiz.screens.choices.Choice`:
:attr:`Go.NEXT` (Enter, n, space: the next question), :attr:`Go.END` (Esc:
end the session, asked first), :class:`StartDrill` (F3 and a pick). A digit
is the next question with that digit typed in its first field.
Looking back at the previous answer (F7 on the question screen) it closes
with :attr:`Go.BACK` on Enter or Esc.

Its keys are *priority* bindings: they run in the order the keys arrive, and
:meth:`ExplanationScreen.leave` runs the owner's :attr:`on_leave` handler to
its end (the next question is on screen, its first field focused) before the
next key is read, so a fast ``⏎30⏎4⏎7700⏎`` lands in the next question.
Without a handler the screen is dismissed with the choice.

The drill screen keeps one instance and calls :meth:`ExplanationScreen.show`
for each answer, so showing an explanation builds no widgets.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from ..drills import DRILLS, Question
from ..grading import Marked, part_label
from ..widgets.explanation import ExplanationView
from ..widgets.footer import Footer
from ..widgets.hand import HandView
from ..widgets.marks import MarksView
from ..widgets.situation import SituationPanel
from ..widgets.status_bar import StatusBar
from ..widgets.wrapped import WrappedStatic
from ..words.core import _, ngettext
from .choices import ClosingScreen, Go, LeaveHandler, TypeAhead
from .confirm import ConfirmScreen
from .host import ExplanationDrawn, host_of

__all__ = ["ExplanationBody", "ExplanationScreen", "verdict_text"]


def verdict_text(marked: Marked, question: Question, *, colour: bool = True) -> str:
    """The verdict line: ``Right — all 3 parts``, ``Not quite — 1 of 3 parts right``.

    A part the form showed but the key does not mark (the fu of a limit hand,
    with "skip the fu on limit hands" on) is said not to matter. In colour the
    verdict is green or red; without colour (``colour=False``: ``NO_COLOR``, where
    red turns dark grey) it is ``✓ Right`` in bold and ``✗ Not quite`` in reverse.
    """
    right, total = marked.score
    if marked.correct:
        whole = {1: "", 2: _(" — both parts")}.get(
            total, ngettext(" — all %(n)d parts", " — all %(n)d parts", total) % {"n": total})
        right_word = _("Right")
        text = (f"[b green]{right_word}[/]" if colour else f"[b]✓ {right_word}[/]") + whole
    else:
        not_quite = _("Not quite")
        text = ((f"[b red]{not_quite}[/]" if colour else f"[b reverse]✗ {not_quite}[/]") + " — "
                + ngettext("%(right)d of %(n)d part right", "%(right)d of %(n)d parts right",
                           total) % {"right": right, "n": total})
    for part in question.unmarked:
        text += "\n" + _("%(part)s: not marked — a limit hand: the fu do not matter.") % {
            "part": _(part_label(part))}
    return text


class ExplanationBody(VerticalScroll):
    """The scrolling body of an explanation; its keys are shown in the footer."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "scroll_down", "Scroll", key_display="↓ PgDn Home",
                id="explanation.scroll"),
        Binding("up", "scroll_up", "Up", show=False, id="explanation.scroll_up"),
        Binding("pagedown", "page_down", "Page down", show=False,
                id="explanation.page_down"),
        Binding("pageup", "page_up", "Page up", show=False, id="explanation.page_up"),
        Binding("home", "scroll_home", "Top", show=False, id="explanation.top"),
        Binding("end", "scroll_end", "Bottom", show=False, id="explanation.bottom"),
    ]


class ExplanationScreen(ClosingScreen):
    """The marks and the worked explanation of one answered question."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n,space", "next", "Next", priority=True, id="explanation.next"),
        Binding("escape", "end", "End", priority=True, id="explanation.end"),
        Binding("f3", "choose_drill", "Drill", show=False, id="explanation.choose_drill"),
        *[Binding(str(digit), f"type_ahead('{digit}')", "Next", show=False, priority=True,
                  id=f"explanation.type_ahead_{digit}") for digit in range(10)],
    ]

    def __init__(self, question: Question, marked: Marked, *,
                 on_leave: LeaveHandler | None = None, looking_back: bool = False) -> None:
        super().__init__()
        self.question = question
        self.marked = marked
        self.on_leave = on_leave
        #: Shown again from the question screen (F7): Enter and Esc only close it.
        self.looking_back = looking_back
        #: True while leaving (a second key does nothing).
        self.leaving = False
        #: The app's theme and colour mode when the screen was last on top.
        self._looks: tuple[object, ...] | None = None

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with ExplanationBody(id="explanation-body"):
            yield WrappedStatic("", id="verdict")
            yield MarksView(id="marks")
            yield HandView(id="hand")
            yield SituationPanel(id="situation")
            yield ExplanationView(id="explanation")
        yield from self.compose_extra()
        yield Footer(compact=True, show_command_palette=False)  # 80 columns: F1 help lists the rest

    def compose_extra(self) -> list[Widget]:
        """Widgets added under the explanation (e.g. a rating bar); none here."""
        return []

    def on_mount(self) -> None:
        self.refresh_content()

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """Back on top (each answer): restyle every widget only when the theme or colour
        mode changed meanwhile; a widget whose classes change restyles itself, and the
        whole screen's restyle cost more than the rest of showing an explanation."""
        looks = (self.app.theme, self.app.ansi_color, self.app.no_color)
        if looks == self._looks:
            event.refresh_styles = False  # read by Textual's own handler, which runs next
        self._looks = looks

    def show(self, question: Question, marked: Marked, *, looking_back: bool = False) -> None:
        """Explain another answer (the screen is reused: no compose, no new widgets)."""
        self.question = question
        self.marked = marked
        self.looking_back = looking_back
        self.leaving = False
        if self.is_mounted:
            self.refresh_content()

    def prepare(self, question: Question) -> None:
        """Render the worked explanation of the question on screen ahead (see
        :meth:`quiz.widgets.explanation.ExplanationView.prepare`), while it is answered."""
        if self.is_mounted:
            self.query_one(ExplanationView).prepare(question)

    def refresh_content(self) -> None:
        """Fill the widgets from :attr:`question` and :attr:`marked`."""
        app = self.app
        host = host_of(app)
        q = self.question
        style = host.settings.tile_style if host is not None else None
        verdict = self.query_one("#verdict", Static)
        text = verdict_text(self.marked, q, colour=not app.no_color)
        if self.looking_back:
            text = _("The previous question (Q%(n)d)") % {"n": q.number} + " · " + text
        verdict.update(text)
        verdict.set_classes("-right" if self.marked.correct else "-wrong")  # one restyle
        self.query_one(MarksView).show(self.marked, tile_style=style)
        hand = self.query_one(HandView)
        situation = self.query_one(SituationPanel)
        view = self.query_one(ExplanationView)
        if style is not None:
            hand.tile_style = situation.tile_style = view.tile_style = style
        hand.display = q.result is not None
        if q.result is not None:
            hand.show(q.result.hand, tsumo=q.result.tsumo)
            situation.show(q.result.situation, q.result.rules,
                           salt=q.item.uid if q.item is not None else "", show_ura=True)
        elif q.round is not None:
            situation.show_round(q.round)
        else:
            assert q.cell is not None
            situation.show_cell(q.cell, q.key.profile.name)
        view.show(q)
        body = self.query_one(ExplanationBody)
        body.scroll_home(animate=False)
        if host is not None:
            self.call_after_refresh(self._drawn)
        if host is not None and host.controller is not None:
            self.query_one(StatusBar).show(host.controller.session,
                                           drill=_(DRILLS[q.drill].title),
                                           learner=host.controller.learner.name,
                                           answered_view=True)
        # the explanation takes the focus: ↓ / PgDn / Home scroll it
        self.set_focus(body)
        self.refresh_bindings()

    def _drawn(self) -> None:
        """The explanation is on screen: the app is told (the benchmark's clock stops,
        the answer kept in the background is stored; looking back, nothing is)."""
        self.post_message(ExplanationDrawn(looking_back=self.looking_back))

    async def retranslate(self) -> None:
        """Draw the explanation again in the language now spoken."""
        if self.is_mounted:
            self.refresh_content()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Looking back, only closing works (no new drill from here)."""
        return not (self.looking_back and action in ("drill", "choose_drill"))

    async def action_next(self) -> None:
        """On to the next question (looking back: back to the question)."""
        await self.leave(Go.BACK if self.looking_back else Go.NEXT)

    async def action_type_ahead(self, digit: str) -> None:
        """A digit typed over the explanation: the learner has moved on. The next
        question comes up with the digit already in its first field (a fast
        ``⏎40⏎2⏎2900⏎`` whose first ⏎ came late loses nothing, and starts no other
        drill). After the last question the summary shows and the digit is dropped.
        """
        await self.leave(Go.BACK if self.looking_back else TypeAhead(digit))

    async def action_end(self) -> None:
        """End the session, once the learner says so (looking back: back to the question)."""
        if self.looking_back:
            await self.leave(Go.BACK)
            return

        async def answered(yes: bool | None) -> None:
            if yes:
                await self.leave(Go.END)

        self.app.push_screen(ConfirmScreen(_("End this session and see its summary?")),
                             callback=answered)
