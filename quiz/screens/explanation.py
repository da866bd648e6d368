"""After an answer: each part marked, the likely reason, and the worked explanation.

Dismissed with ``"next"`` (the next question), ``"end"`` (the summary) or a
drill kind's value (start that drill). A review mode can subclass it and
add a rating bar in :meth:`ExplanationScreen.compose_extra`. The drill screen
keeps one instance and calls :meth:`ExplanationScreen.show` for each answer,
so showing an explanation builds no widgets.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from ..drills import DRILLS, Question
from ..grading import Marked
from ..widgets.explanation import ExplanationView
from ..widgets.hand import HandView
from ..widgets.marks import MarksView
from ..widgets.situation import SituationPanel
from ..widgets.status_bar import StatusBar

__all__ = ["ExplanationScreen"]


class ExplanationScreen(Screen[str]):
    """The marks and the worked explanation of one answered question."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n,space", "next", "Next", id="explanation.next"),
        Binding("escape", "end", "End", id="explanation.end"),
        *[Binding(info.key, f"drill('{info.kind.value}')", info.title, show=False,
                  id=f"explanation.drill_{info.kind.value}") for info in DRILLS.values()],
    ]

    def __init__(self, question: Question, marked: Marked) -> None:
        super().__init__()
        self.question = question
        self.marked = marked

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with VerticalScroll(id="explanation-body"):
            yield Static("", id="verdict")
            yield MarksView(id="marks")
            yield HandView(id="hand")
            yield SituationPanel(id="situation")
            yield ExplanationView(id="explanation")
        yield from self.compose_extra()
        yield Footer()

    def compose_extra(self) -> list[Widget]:
        """Widgets added under the explanation (e.g. a rating bar); none here."""
        return []

    def on_mount(self) -> None:
        self.refresh_content()

    def show(self, question: Question, marked: Marked) -> None:
        """Explain another answer (the screen is reused: no compose, no new widgets)."""
        self.question = question
        self.marked = marked
        if self.is_mounted:
            self.refresh_content()

    def refresh_content(self) -> None:
        """Fill the widgets from :attr:`question` and :attr:`marked`."""
        from ..app import DrillApp

        app = self.app
        q = self.question
        style = app.settings.tile_style if isinstance(app, DrillApp) else None
        right, total = self.marked.score
        verdict = self.query_one("#verdict", Static)
        if self.marked.correct:
            whole = {1: "", 2: " — both parts"}.get(total, f" — all {total} parts")
            verdict.update(f"[b green]Right[/]{whole}")
        else:
            verdict.update(f"[b red]Not quite[/] — {right} of {total} part"
                           f"{'s' if total > 1 else ''} right")
        verdict.set_class(self.marked.correct, "-right")
        verdict.set_class(not self.marked.correct, "-wrong")
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
        else:
            assert q.cell is not None
            situation.show_cell(q.cell, q.key.profile.name)
        view.show(q)
        self.query_one("#explanation-body", VerticalScroll).scroll_home(animate=False)
        if isinstance(app, DrillApp):
            self.call_after_refresh(app.explanation_drawn)
        if isinstance(app, DrillApp) and app.controller is not None:
            self.query_one(StatusBar).show(app.controller.session,
                                           drill=DRILLS[q.drill].title,
                                           learner=app.controller.learner.name,
                                           answered_view=True)
        self.query_one("#explanation-body").focus()

    def action_next(self) -> None:
        """On to the next question."""
        self.dismiss("next")

    def action_end(self) -> None:
        """End the session and show the summary."""
        self.dismiss("end")

    def action_drill(self, kind: str) -> None:
        """Start another drill."""
        self.dismiss(kind)
