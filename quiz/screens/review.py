"""The review mode: the spaced-repetition queue, one question at a time.

The screen asks :class:`quiz.srs.SrsService` for the next question (a missed
hand, a sibling, a hand for a due concept, a points-table cell or a new
hand), shows it with the drill's widgets, grades the answer
(:func:`quiz.grading.grade`), stores it and reviews the card. Then it shows
the marks, the worked explanation (scrolled to the top of the marks and
focused, so ↓ / PgDn / Home scroll it) and the rating bar: the rating the
grading proposed (Enter or ``n`` accepts it) and keys 1-4 to give another,
each labelled with the interval it schedules. The rating keys are enabled
only once the answer is shown (:meth:`ReviewScreen.check_action`).

Keys land where they were meant however fast they come: the answer form
moves between fields before the next key is read, the submit shows the
answer before it, and a rating waits for the next question (its first field
focused) before it. The question's timer stops while the screen is out of
sight (help, settings, statistics, the drill).

A stumbling database never freezes the screen nor costs a rating. In the
drill app (a context with a ``store``) the screen writes nothing itself:
each answer, with the rating proposed, and each rating changed after it go
to the store's answer writer (:mod:`quiz.srs.pending`), in order, exactly
once, kept in the journal file while the database is busy or away; the
status line says how many wait. The next question is read in a thread and
waited for at most :data:`FETCH_WAIT` seconds; after that the screen says it
is waiting for the database, keys keep working, and the question comes when
the database answers.

The screen is given its :class:`quiz.srs.ReviewContext` (the learner, their
settings, the clock): the drill app builds it when a learner is chosen
(its ``review`` mode) and gives a new one with :meth:`ReviewScreen.use_context`
when the learner or the settings change.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static
from textual.worker import Worker, WorkerCancelled, WorkerFailed, WorkerState

from ..drills import DrillKind, Question, TableCell, build_question, question_for_cell
from ..grading import Answer, Hints, Marked, Part, grade
from ..session import Stopwatch
from ..srs import (
    DueCounts,
    QuestionKind,
    Rating,
    Review,
    ReviewContext,
    ReviewQuestion,
    SrsService,
    interval_text,
)
from ..srs.pending import Proposal, pending_rating, pending_review, propose, with_rating
from ..widgets.answer_form import AnswerForm
from ..widgets.explanation import ExplanationView
from ..widgets.footer import Footer
from ..widgets.hand import HandView
from ..widgets.marks import MarksView
from ..widgets.rating_bar import RatingBar
from ..widgets.situation import SituationPanel
from ..widgets.wrapped import Piece, WrappedStatic, status_visual
from ..words.core import _, ngettext, pgettext
from ..words.srs import due_counts_text
from ..words.terms import local_words
from ..words.tilefaces import TileStyle
from .drill import placeholders_for
from .explanation import ExplanationBody, verdict_text
from .stats import SrsScreen, StatsScreen, has_srs_modes

__all__ = ["FETCH_WAIT", "ReviewScreen", "drill_question"]

#: Seconds a rating key waits for the next question before the screen says it
#: waits for the database (and reads the keys again).
FETCH_WAIT = 3.0

#: What the next question's read gives: the question, the counts, the learner's
#: pace for it, and when the next card is due (when nothing is due now).
Fetched = tuple[ReviewQuestion | None, DueCounts, float | None, Any]


def drill_question(q: ReviewQuestion, context: ReviewContext, number: int) -> Question | None:
    """The drill question for a queue question (scored under the learner's profile).

    A hand that cannot be won under the learner's profile is asked under its own.
    """
    if q.cell is not None:
        cell = TableCell(q.cell.fu, q.cell.han, q.cell.dealer, q.cell.tsumo)
        return question_for_cell(cell, number=number, profile=context.profile)
    if q.round is not None:
        from ..drills import question_for_round

        return question_for_round(q.round, number=number)
    if q.item is None:
        return None
    ask = [Part(p) for p in context.ask] or [Part.FU, Part.HAN, Part.PAYMENT]
    for profile in dict.fromkeys((context.profile, q.item.problem.rules)):
        built = build_question(DrillKind.WHOLE, q.item, number=number, profile=profile, ask=ask,
                               skip_fu_on_limit=context.skip_fu_on_limit)  # fmt: skip
        if built is not None:
            return built
    return None


class ReviewScreen(SrsScreen):
    """The review queue: answer, see the explanation, rate, next."""

    DEFAULT_CSS = """
    ReviewScreen #review-status { height: 1; background: $panel; padding: 0 1;
                                  text-wrap: nowrap; text-overflow: ellipsis; }
    ReviewScreen #review-body { height: 1fr; padding: 0 1; }
    ReviewScreen #review-reason { color: $text-muted; margin: 1 0 0 0; }
    ReviewScreen #review-prompt { margin: 1 0 0 0; text-style: bold; }
    ReviewScreen #review-verdict { margin: 1 0 0 0; text-style: bold; }
    ReviewScreen #review-empty { height: 1fr; content-align: center middle; padding: 0 2; }
    ReviewScreen #review-hand, ReviewScreen #review-situation { margin: 1 0 0 0; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "rate(1)", "Again", priority=True, id="review.rate_1", show=False),
        Binding("2", "rate(2)", "Hard", priority=True, id="review.rate_2", show=False),
        Binding("3", "rate(3)", "Good", priority=True, id="review.rate_3", show=False),
        Binding("4", "rate(4)", "Easy", priority=True, id="review.rate_4", show=False),
        Binding("n,enter", "accept", "Next", priority=True, id="review.accept", show=False),
        Binding("l", "leeches", "Leeches", show=False, id="review.leeches"),
        Binding("s", "stats", "Stats", show=False, id="review.stats"),
        Binding("r", "reload", "Refresh", id="review.reload", show=False),
        Binding("escape", "leave", "Drill", id="review.leave"),
    ]

    def __init__(self, context: ReviewContext, *, name: str | None = None,
                 id: str | None = None) -> None:  # fmt: skip
        super().__init__(name=name, id=id)
        self.context = context
        self.service: SrsService | None = None
        #: The queue question on screen, and its drill question.
        self.srs_question: ReviewQuestion | None = None
        self.question: Question | None = None
        #: The answer, marked, and its review (None until the answer is shown).
        self.marked: Marked | None = None
        self.review: Review | Proposal | None = None
        self.counts: DueCounts | None = None
        self.answered = 0
        #: The question's timer (started when it is shown, stopped out of sight).
        self.stopwatch: Stopwatch | None = None
        self.loading = False
        #: The learner's pace for the question on screen (read with it).
        self.pace: float | None = None
        #: The answer on screen as handed to the store's writer (None: not through a store).
        self.pending: Any = None
        #: Cards and new hands answered whose review the writer has not stored yet.
        self.waiting_cards: set[int] = set()
        self.waiting_items: set[int] = set()
        #: The read of the next question, when it outlived :data:`FETCH_WAIT`.
        self.late: Worker[Fetched] | None = None
        #: This run's session id (stored with each answer).
        self.session_id = ""
        #: When the next card is due, read when nothing is due now.
        self.next_due: Any = None

    def compose(self) -> ComposeResult:
        yield Static("Review", id="review-status")
        with ExplanationBody(id="review-body"):
            yield WrappedStatic("", id="review-reason")
            yield HandView(id="review-hand")
            yield SituationPanel(id="review-situation")
            yield WrappedStatic("", id="review-prompt")
            yield AnswerForm(id="review-answer", on_submit=self.take_answer)
            yield WrappedStatic("", id="review-verdict")
            yield MarksView(id="review-marks")
            yield ExplanationView(id="review-explanation")
        yield WrappedStatic("", id="review-empty")
        yield RatingBar(id="review-rating")
        yield Footer(compact=True, show_command_palette=False)  # the rating bar shows 1-4

    # -- start

    def on_mount(self) -> None:
        self.query_one("#review-body").display = False
        self.query_one(RatingBar).display = False
        self._show_empty(_("Opening the review queue…"))
        self.start()

    def on_screen_suspend(self) -> None:
        """Out of sight: the question's timer stops."""
        if self.stopwatch is not None:
            self.stopwatch.pause()

    def on_screen_resume(self) -> None:
        if self.stopwatch is not None:
            self.stopwatch.resume()
        if self.service is None:
            self.start()
        else:  # what waits for the database may have changed meanwhile
            self.refresh_status()

    def use_context(self, context: ReviewContext) -> None:
        """Go on with a new context: new settings keep the question on screen; another
        learner's queue starts from the beginning."""
        other = context.learner_id != self.context.learner_id
        restyle = context.tile_style != self.context.tile_style
        self.context = context
        if not other:
            if self.service is not None:
                self.service = context.service()
            if restyle and self.is_mounted:
                self.restyle()
            return
        self.service = None
        self.answered = 0
        self.question = self.srs_question = None
        self.review = self.marked = None
        self.counts = None
        self.late = None
        self.loading = False
        if self.is_current:
            self.start()

    def begin(self) -> None:
        """Open the learner's queue and show a question."""
        self.stopwatch = Stopwatch(self.context.clock)

        stamp = self.context.clock().strftime("%Y%m%dT%H%M%S")
        self.session_id = (f"review-{self.context.learner_id}-{stamp}-"
                           f"{random.SystemRandom().randrange(16**6):06x}")
        self.call_later(self.load_next)

    @property
    def tile_style(self) -> TileStyle:
        """How tiles are drawn (the learner's setting, from the context)."""
        try:
            return TileStyle(self.context.tile_style)
        except ValueError:
            return TileStyle.ASCII

    def restyle(self) -> None:
        """Draw the tiles again in the current tile style (what is typed stays)."""
        style = self.tile_style
        for widget in (self.query_one(HandView), self.query_one(SituationPanel),
                       self.query_one(ExplanationView)):
            widget.tile_style = style
            widget.refresh(layout=True)

    # -- the queue

    async def load_next(self) -> None:
        """Fetch the next question (in a thread: a sibling may be generated) and show it.

        Awaited by the rating keys, so the next question is on screen, its
        first field focused, before the key after the rating is read; but
        never longer than :data:`FETCH_WAIT` seconds: then the screen says it
        waits for the database, and the question comes when the read ends.
        """
        if self.service is None or self.loading:
            return
        self.loading = True
        self.srs_question = self.question = None
        self.marked = self.review = None
        self.pending = None
        self.late = None
        self.refresh_bindings()
        worker: Worker[Fetched] = self._fetch()
        try:
            await asyncio.wait_for(asyncio.shield(worker.wait()), FETCH_WAIT)
        except TimeoutError:
            self.late = worker
            self._show_empty(pgettext(
                "robust", "Waiting for the database… It is busy or not answering; your "
                "answers and ratings are safe. The next question comes as soon as it "
                "answers.\n\nEsc back to the drill · Ctrl+Q quit"))
            return
        except (WorkerFailed, WorkerCancelled):
            pass
        await self._fetched(worker)

    async def _fetched(self, worker: Worker[Fetched]) -> None:
        """Show what a read of the next question gave (or why it failed)."""
        self.loading = False
        self.late = None
        if worker.state is not WorkerState.SUCCESS or worker.result is None:
            from ..errors import describe_error

            error = worker.error
            message = describe_error(error) if error is not None else None
            self._show_empty(_("The review queue cannot be read: %(error)s")
                             % {"error": message or repr(error)})
            self.refresh_bindings()
            return
        q, counts, pace, next_due = worker.result
        self.counts = counts
        self.pace = pace
        self.next_due = next_due
        await self.show(q)

    async def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A read that outlived its wait ended: show its question now."""
        if event.worker is self.late and event.worker.is_finished:
            await self._fetched(event.worker)

    @work(thread=True, exclusive=True, group="review-next", exit_on_error=False)
    def _fetch(self) -> Fetched:
        service = self.service
        assert service is not None
        store = self.context.store
        if store is not None and not store.waiting():
            self.waiting_cards.clear()  # every review is stored: the queue knows them
            self.waiting_items.clear()
        q = service.next_question(exclude=set(self.waiting_cards),
                                  exclude_items=set(self.waiting_items))
        pace = (service.pace(cells=q.kind is QuestionKind.CELL) if q is not None
                and store is not None else None)
        return q, service.due_counts(), pace, service.next_due() if q is None else None

    async def show(self, q: ReviewQuestion | None) -> None:
        """Show a queue question (or say that nothing is due)."""
        self.refresh_status()
        question = drill_question(q, self.context, self.answered + 1) if q else None
        if q is not None and question is None:
            self.notify(pgettext("lead", "A hand of the queue cannot be asked; skipped."),
                        severity="warning")
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
                           salt=question.item.uid if question.item else "",
                           show_ura=True)  # fmt: skip
        elif question.round is not None:
            hand.display = False
            situation.show_round(question.round)
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
        await form.ask(question.fields, placeholders_for(question))
        self.query_one("#review-body", VerticalScroll).scroll_home(animate=False)
        if self.stopwatch is not None:
            self.stopwatch.start()
            if not self.is_current:
                self.stopwatch.pause()
        self.refresh_bindings()

    def _show_empty(self, text: str) -> None:
        self.query_one("#review-body").display = False
        self.query_one(RatingBar).display = False
        empty = self.query_one("#review-empty", Static)
        empty.display = True
        empty.update(text)

    def _show_nothing_due(self) -> None:
        assert self.service is not None
        nxt = self.next_due
        nothing = _("Nothing to review now.")
        lines = [f"[b]{nothing}[/b]", ""]
        if self.answered:
            lines.append(ngettext("%(n)d reviewed this time.", "%(n)d reviewed this time.",
                                  self.answered) % {"n": self.answered})
        if nxt is not None:
            wait = nxt - self.service.now()
            lines.append(_("The next card is due in %(wait)s.") % {"wait": interval_text(wait)})
        lines += ["", _("r refresh · s statistics · l leeches · Esc back to the drill")]
        self._show_empty("\n".join(lines))
        self.refresh_bindings()

    def refresh_status(self) -> None:
        """Redraw the status line: learner and what is due (as every screen says it)."""
        name = self.context.learner_name

        counts = f" · {due_counts_text(self.counts)}" if self.counts is not None else ""
        done = (" · " + ngettext("%(n)d reviewed", "%(n)d reviewed", self.answered)
                % {"n": self.answered} if self.answered else "")
        store = self.context.store
        waiting = store.unsaved() if store is not None else 0
        # first after the name: the status line is cut at 80 columns
        kept = (" · " + pgettext("robust", "%(n)d not saved yet") % {"n": waiting}
                if waiting else "")
        pieces = [Piece(Text(_("Review"))), Piece(Text(name), 3)]
        if waiting:
            pieces.append(Piece(Text(kept.removeprefix(" · "))))
        if self.counts is not None:
            pieces.append(Piece(Text(counts.removeprefix(" · ")), 1))
        if self.answered:
            pieces.append(Piece(Text(done.removeprefix(" · ")), 2))
        status = self.query_one("#review-status", Static)
        status.update(status_visual(status, pieces))

    # -- answering

    async def take_answer(self, answers: dict[Part, Answer]) -> None:
        """Grade and store the answer, review the card, show the explanation and ratings.

        Called by the answer form, awaited before the next key is read.
        """
        q, question = self.srs_question, self.question
        if q is None or question is None or self.review is not None or self.service is None:
            return
        graded = grade(question.key, answers, local_words())
        form = self.query_one(AnswerForm)
        if isinstance(graded, Hints):
            form.show_hints(graded)
            return
        form.clear_hints()
        seconds = self.stopwatch.seconds() if self.stopwatch is not None else 0.0
        if self.stopwatch is not None:
            self.stopwatch.stop()
        self.marked = graded
        store = self.context.store
        if store is None:  # on its own: written here
            self.review = self.service.answer_marked(q, graded, round(seconds, 3),
                                                     attempt_id=None)
        else:  # to the store's writer: kept, in order, whatever the database does
            proposal = propose(self.service, q, graded, round(seconds, 3), pace=self.pace)
            self.pending = pending_review(self.context.learner_id, proposal, graded,
                                          round(seconds, 3), session=self.session_id)
            store.keep(self.pending)
            if q.card is not None:
                self.waiting_cards.add(q.card.id)
            elif q.item is not None and q.item.id:
                self.waiting_items.add(q.item.id)
            self.review = proposal
        self.answered += 1
        self._show_answer()

    def _show_answer(self) -> None:
        assert self.marked is not None and self.review is not None and self.question is not None
        marked, review = self.marked, self.review
        self.query_one(AnswerForm).display = False
        verdict = self.query_one("#review-verdict", Static)
        verdict.update(verdict_text(marked, self.question))
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
        # the marks at the top, the explanation focused: ↓ / PgDn / Home scroll it
        body = self.query_one("#review-body", ExplanationBody)
        self.set_focus(body)

        def marks_on_top(tries: int = 10) -> None:
            # once the marks and the explanation are laid out (a few refreshes)
            target = verdict.virtual_region.y - 1
            if self.review is None:
                return
            if body.max_scroll_y < target and tries:
                self.set_timer(0.05, lambda: marks_on_top(tries - 1))
                return
            body.scroll_to(y=target, animate=False)

        self.call_after_refresh(marks_on_top)
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

    async def action_rate(self, rating: int) -> None:
        """Give this rating (1 Again, 2 Hard, 3 Good, 4 Easy) and go on."""
        if self.review is None or self.service is None:
            return
        if rating != int(self.review.rating):
            store = self.context.store
            if isinstance(self.review, Proposal) and store is not None:
                store.keep(pending_rating(self.pending, self.review, rating))
                self.review = with_rating(self.review, rating)
            elif isinstance(self.review, Review):
                self.review = self.service.override(self.review, Rating(rating))
        await self.load_next()

    async def action_accept(self) -> None:
        """Keep the proposed rating and go on."""
        if self.review is not None:
            await self.action_rate(int(self.review.rating))

    async def on_rating_bar_rated(self, event: RatingBar.Rated) -> None:
        event.stop()
        await self.action_rate(event.rating)

    async def action_reload(self) -> None:
        """Look at the queue again (after waiting for a card to come due)."""
        await self.load_next()

    def action_stats(self) -> None:
        """Show the statistics (the app's ``stats`` mode when it has one)."""

        if has_srs_modes(self.app):
            self.app.switch_mode("stats")
        else:
            self.app.push_screen(StatsScreen(self.context))


def _reason(q: ReviewQuestion) -> str:
    """Why the question is asked, and the card's state."""
    text = q.reason[:1].upper() + q.reason[1:] if q.reason else ""
    if q.card is not None and q.card.leech:
        leech = _("leech")
        text += f" · [b yellow]{leech}[/]"
    return text
