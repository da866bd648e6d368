"""The review mode: the spaced-repetition queue, one question at a time.

The screen asks :class:`quiz.srs.SrsService` for the next question (a missed
hand, a sibling, a hand for a due concept, a points-table cell or a new
hand), shows it with the drill's widgets, grades the answer
(:func:`quiz.grading.grade`), stores it and reviews the card. Then it shows
the marks, the worked explanation and the rating bar: the rating the grading
proposed (Enter or ``n`` accepts it) and keys 1-4 to give another, each
labelled with the interval it schedules. The rating keys are enabled only
once the answer is shown (:meth:`ReviewScreen.check_action`).

It works as a mode of the drill app (``MODES["review"]``, reading the app's
store, learner and settings) or on its own with a
:class:`quiz.srs.ReviewContext`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import Worker, WorkerState

from ..drills import DrillKind, Question, TableCell, build_question, question_for_cell
from ..grading import Hints, Marked, Part, grade
from ..srs import (
    DueCounts,
    Rating,
    Review,
    ReviewContext,
    SrsService,
    app_learner_id,
    context_from_app,
    interval_text,
)
from ..srs import Question as SrsQuestion
from ..tilefaces import TileStyle
from ..widgets.answer_form import PLACEHOLDERS, AnswerForm
from ..widgets.explanation import ExplanationView
from ..widgets.hand import HandView
from ..widgets.marks import MarksView
from ..widgets.rating_bar import RatingBar
from ..widgets.situation import SituationPanel
from .drill import payment_placeholder

__all__ = ["ReviewScreen", "drill_question"]


def drill_question(q: SrsQuestion, context: ReviewContext, number: int) -> Question | None:
    """The drill question for a queue question (scored under the learner's profile).

    A hand that cannot be won under the learner's profile is asked under its own.
    """
    if q.cell is not None:
        cell = TableCell(q.cell.fu, q.cell.han, q.cell.dealer, q.cell.tsumo)
        return question_for_cell(cell, number=number, profile=context.profile)
    if q.item is None:
        return None
    ask = [Part(p) for p in context.ask] or [Part.FU, Part.HAN, Part.PAYMENT]
    for profile in dict.fromkeys((context.profile, q.item.problem.rules)):
        built = build_question(DrillKind.WHOLE, q.item, number=number, profile=profile, ask=ask,
                               skip_fu_on_limit=context.skip_fu_on_limit)  # fmt: skip
        if built is not None:
            return built
    return None


class ReviewScreen(Screen[None]):
    """The review queue: answer, see the explanation, rate, next."""

    DEFAULT_CSS = """
    ReviewScreen #review-status { height: 1; background: $panel; padding: 0 1; }
    ReviewScreen #review-body { height: 1fr; padding: 0 1; }
    ReviewScreen #review-reason { color: $text-muted; margin: 1 0 0 0; }
    ReviewScreen #review-prompt { margin: 1 0 0 0; text-style: bold; }
    ReviewScreen #review-verdict { margin: 1 0 0 0; text-style: bold; }
    ReviewScreen #review-empty { height: 1fr; content-align: center middle; padding: 0 2; }
    ReviewScreen #review-hand, ReviewScreen #review-situation { margin: 1 0 0 0; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "rate(1)", "Again", id="review.rate_1"),
        Binding("2", "rate(2)", "Hard", id="review.rate_2"),
        Binding("3", "rate(3)", "Good", id="review.rate_3"),
        Binding("4", "rate(4)", "Easy", id="review.rate_4"),
        Binding("n", "accept", "Next", id="review.accept", show=False),
        Binding("l", "leeches", "Leeches", id="review.leeches"),
        Binding("s", "stats", "Stats", id="review.stats"),
        Binding("r", "reload", "Refresh", id="review.reload", show=False),
        Binding("escape", "leave", "Drill", id="review.leave"),
    ]

    def __init__(self, context: ReviewContext | None = None, *, name: str | None = None,
                 id: str | None = None) -> None:  # fmt: skip
        super().__init__(name=name, id=id)
        self.context = context
        #: True when the context was given (not read from the app, which may change learner).
        self.fixed_context = context is not None
        self.service: SrsService | None = None
        #: The queue question on screen, and its drill question.
        self.srs_question: SrsQuestion | None = None
        self.question: Question | None = None
        #: The answer, marked, and its review (None until the answer is shown).
        self.marked: Marked | None = None
        self.review: Review | None = None
        self.counts: DueCounts | None = None
        self.answered = 0
        self.shown_at: datetime | None = None
        self.loading = False

    def compose(self) -> ComposeResult:
        yield Static("Review", id="review-status")
        with VerticalScroll(id="review-body"):
            yield Static("", id="review-reason")
            yield HandView(id="review-hand")
            yield SituationPanel(id="review-situation")
            yield Static("", id="review-prompt")
            yield AnswerForm(id="review-answer")
            yield Static("", id="review-verdict")
            yield MarksView(id="review-marks")
            yield ExplanationView(id="review-explanation")
        yield Static("", id="review-empty")
        yield RatingBar(id="review-rating")
        yield Footer()

    # -- start

    def on_mount(self) -> None:
        self.query_one("#review-body").display = False
        self.query_one(RatingBar).display = False
        self._show_empty("Opening the review queue…")
        self.start()

    def on_screen_resume(self) -> None:
        if self.service is not None and not self.fixed_context:
            current = app_learner_id(self.app)
            if current is not None and self.context is not None and (
                current != self.context.learner_id
            ):
                # another learner was chosen meanwhile: their queue, from the start
                self.service = None
                self.context = None
                self.answered = 0
                self.question = self.srs_question = None
                self.review = self.marked = None
        if self.service is None:
            self.start()

    def start(self) -> None:
        """Open the queue (once the app has a database and a learner) and show a question."""
        if self.service is not None:
            return
        context = self.context or context_from_app(self.app)
        if context is None:
            self._show_empty("Waiting for the question bank and a learner…")
            self.set_timer(0.3, self.start)
            return
        self.context = context
        self.service = context.service()
        self.load_next()

    @property
    def tile_style(self) -> TileStyle:
        """How tiles are drawn."""
        try:
            return TileStyle(self.context.tile_style if self.context else "ascii")
        except ValueError:
            return TileStyle.ASCII

    # -- the queue

    def load_next(self) -> None:
        """Fetch the next question in a thread (a sibling may have to be generated)."""
        if self.service is None or self.loading:
            return
        self.loading = True
        self.srs_question = self.question = None
        self.marked = self.review = None
        self.refresh_bindings()
        self._fetch()

    @work(thread=True, exclusive=True, group="review-next", exit_on_error=False)
    def _fetch(self) -> tuple[SrsQuestion | None, DueCounts]:
        assert self.service is not None and self.context is not None
        q = self.service.next_question()
        return q, self.service.due_counts()

    async def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "review-next":
            return
        if event.state is WorkerState.SUCCESS:
            self.loading = False
            q, counts = event.worker.result  # type: ignore[misc]
            self.counts = counts
            await self.show(q)
        elif event.state is WorkerState.ERROR:
            self.loading = False
            from ..errors import describe_error

            error = event.worker.error
            message = describe_error(error) if error is not None else None
            self._show_empty(f"The review queue cannot be read: {message or error!r}")

    async def show(self, q: SrsQuestion | None) -> None:
        """Show a queue question (or say that nothing is due)."""
        assert self.context is not None
        self.refresh_status()
        question = drill_question(q, self.context, self.answered + 1) if q else None
        if q is not None and question is None:
            self.notify("A hand of the queue cannot be asked; skipped.", severity="warning")
        if question is None or q is None:
            self._show_nothing_due()
            return
        self.srs_question, self.question = q, question
        style = self.tile_style
        hand = self.query_one(HandView)
        situation = self.query_one(SituationPanel)
        explanation = self.query_one(ExplanationView)
        hand.tile_style = situation.tile_style = explanation.tile_style = style
        if question.result is not None:
            hand.display = True
            hand.show(question.result.hand, tsumo=question.result.tsumo)
            situation.show(question.result.situation, question.result.rules,
                           salt=question.item.uid if question.item else "")  # fmt: skip
        else:
            hand.display = False
            assert question.cell is not None
            situation.show_cell(question.cell, question.key.profile.name)
        self.query_one("#review-reason", Static).update(_reason(q))
        self.query_one("#review-prompt", Static).update(question.prompt)
        for part_id in ("#review-verdict", "#review-marks", "#review-explanation"):
            self.query_one(part_id).display = False
        self.query_one(RatingBar).display = False
        self.query_one("#review-empty").display = False
        self.query_one("#review-body").display = True
        form = self.query_one(AnswerForm)
        form.display = True
        placeholders = dict(PLACEHOLDERS)
        placeholders[Part.PAYMENT] = payment_placeholder(question)
        await form.ask(question.parts, placeholders)
        self.query_one("#review-body", VerticalScroll).scroll_home(animate=False)
        self.shown_at = self.context.clock()
        self.refresh_bindings()

    def _show_empty(self, text: str) -> None:
        self.query_one("#review-body").display = False
        self.query_one(RatingBar).display = False
        empty = self.query_one("#review-empty", Static)
        empty.display = True
        empty.update(text)

    def _show_nothing_due(self) -> None:
        assert self.service is not None
        nxt = self.service.next_due()
        lines = ["[b]Nothing to review now.[/b]", ""]
        if self.answered:
            lines.append(f"{self.answered} reviewed this time.")
        if nxt is not None:
            wait = nxt - self.service.now()
            lines.append(f"The next card is due in {interval_text(wait)}.")
        lines += ["", "r refresh · s statistics · l leeches · Esc back to the drill"]
        self._show_empty("\n".join(lines))
        self.refresh_bindings()

    def refresh_status(self) -> None:
        """Redraw the status line: learner and what is due."""
        name = self.context.learner_name if self.context else ""
        counts = f" · {self.counts}" if self.counts is not None else ""
        done = f" · {self.answered} reviewed" if self.answered else ""
        self.query_one("#review-status", Static).update(f"Review · {name}{counts}{done}")

    # -- answering

    async def on_answer_form_submitted(self, event: AnswerForm.Submitted) -> None:
        """Grade and store the answer, review the card, show the explanation and ratings."""
        event.stop()
        q, question = self.srs_question, self.question
        if q is None or question is None or self.review is not None or self.service is None:
            return
        graded = grade(question.key, event.answers)
        form = self.query_one(AnswerForm)
        if isinstance(graded, Hints):
            form.show_hints(graded)
            return
        form.clear_hints()
        assert self.context is not None
        now = self.context.clock()
        seconds = max(0.0, (now - self.shown_at).total_seconds()) if self.shown_at else 0.0
        self.marked = graded
        self.review = self.service.answer_marked(q, graded, round(seconds, 3))
        self.answered += 1
        self._show_answer()

    def _show_answer(self) -> None:
        assert self.marked is not None and self.review is not None and self.question is not None
        marked, review = self.marked, self.review
        self.query_one(AnswerForm).display = False
        verdict = self.query_one("#review-verdict", Static)
        right, total = marked.score
        if marked.correct:
            verdict.update("[b green]Right[/]")
        else:
            verdict.update(f"[b red]Not quite[/] — {right} of {total} right")
        verdict.display = True
        marks = self.query_one(MarksView)
        marks.show(marked, tile_style=self.tile_style)
        marks.display = True
        explanation = self.query_one(ExplanationView)
        explanation.show(self.question)
        explanation.display = True
        bar = self.query_one(RatingBar)
        bar.display = True
        bar.show(review.options, proposed=int(review.auto_rating), chosen=int(review.rating))
        bar.focus_proposed()
        self.refresh_status()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Rating keys only once the answer is shown; refresh only when nothing is on screen."""
        if action in ("rate", "accept"):
            return True if self.review is not None else None
        if action == "reload":
            return self.question is None and not self.loading
        if action in ("leeches", "stats"):
            return self.service is not None
        return True

    def action_rate(self, rating: int) -> None:
        """Give this rating (1 Again, 2 Hard, 3 Good, 4 Easy) and go on."""
        if self.review is None or self.service is None:
            return
        if rating != int(self.review.rating):
            self.review = self.service.override(self.review, Rating(rating))
        self.load_next()

    def action_accept(self) -> None:
        """Keep the proposed rating and go on."""
        if self.review is not None:
            self.action_rate(int(self.review.rating))

    def on_rating_bar_rated(self, event: RatingBar.Rated) -> None:
        event.stop()
        self.action_rate(event.rating)

    def action_reload(self) -> None:
        """Look at the queue again (after waiting for a card to come due)."""
        self.load_next()

    def action_leeches(self) -> None:
        """Show the leeches and their concepts."""
        from .leeches import LeechScreen

        if self.service is not None:
            self.app.push_screen(LeechScreen(self.service.leeches()))

    def action_stats(self) -> None:
        """Show the statistics (the app's ``stats`` mode when it has one)."""
        from .stats import StatsScreen

        app: Any = self.app
        if "stats" in getattr(app, "MODES", {}):
            app.switch_mode("stats")
        else:
            app.push_screen(StatsScreen(self.context))

    def action_leave(self) -> None:
        """Back to the drill (or close, when the screen runs on its own)."""
        app: Any = self.app
        if "drill" in getattr(app, "MODES", {}):
            app.switch_mode("drill")
        elif len(app.screen_stack) > 1:
            app.pop_screen()
        else:
            app.exit()


def _reason(q: SrsQuestion) -> str:
    """Why the question is asked, and the card's state."""
    text = q.reason[:1].upper() + q.reason[1:] if q.reason else ""
    if q.card is not None and q.card.leech:
        text += " · [b yellow]leech[/]"
    return text
