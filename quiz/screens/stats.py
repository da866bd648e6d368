"""The statistics screen: is the learner improving?

Charts drawn in the terminal (``textual-plotext``), one tab each:

- **Accuracy**: share of answers right on each of the last 30 days, and per
  part of an answer (fu, han, payment...);
- **Concepts**: the concepts answered worst (share right), with the numbers;
- **Forecast**: cards due today, on each of the next six days, then by week
  up to 30 days;
- **Pace**: the mean time per question each day, and answers per day.

Every bar is labelled; bars read in the order their title says (the worst
concept on top); the days run from 29 days ago to today, today's point
inside the axes.

A line above the tabs gives the streaks (days in a row with answers, answers
in a row right), the median time per question, the cards by state and the
leeches. The screen is given its :class:`quiz.srs.ReviewContext` (the drill
app builds it for its ``stats`` mode, and gives a new one with
:meth:`StatsScreen.use_context` when the learner changes).
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static, TabbedContent, TabPane, Tabs
from textual.worker import Worker, WorkerState

from ..srs import Progress, ReviewContext, SrsService
from ..widgets.charts import BarChart, ChartData, LineChart
from ..widgets.footer import Footer
from ..widgets.wrapped import Piece, WrappedStatic, status_visual
from ..words.core import N_, _, ngettext, pgettext
from ..words.srs import cards_text, due_counts_text
from ..words.topics import topic_title
from ..words.width import cut
from .host import host_of
from .leeches import LeechScreen

__all__ = ["StatsScreen", "charts_of", "has_srs_modes", "show_leeches"]

#: Seconds of reading the history before the screen says it waits for the database.
WAIT_NOTICE = 1.5

_PART_LABELS = {"fu": N_("Fu"), "han": N_("Han"), "payment": N_("Payment"), "yaku": N_("Yaku"),
                "dora": N_("Dora"), "dora_han": N_("Dora han"), "waits": N_("Waits"),
                "wait": N_("Wait"), "settlement": N_("Settlement")}  # fmt: skip


def _short(text: str, width: int = 24) -> str:
    """A concept's name cut to ``width`` cells (never inside a letter and its marks)."""
    return cut(text, width)


#: The forecast's bars: (label, first day, last day), today first; each bar is labelled.
FORECAST_BARS: tuple[tuple[str, int, int], ...] = (
    ("today", 0, 0), *((f"+{d}", d, d) for d in range(1, 7)),
    ("+7-13", 7, 13), ("+14-20", 14, 20), ("+21-29", 21, 29),
)  # fmt: skip


def forecast_bars(forecast: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """The forecast as bars: today and each of the next six days, then by week.

    >>> labels, values = forecast_bars(tuple(range(30)))
    >>> labels[:3], values[:3], labels[-1], values[-1]
    (('today', '+1', '+2'), (0.0, 1.0, 2.0), '+21-29', 225.0)
    """
    bars = [(label, first, last) for label, first, last in FORECAST_BARS if first < len(forecast)]
    return (tuple(label for label, _, _ in bars),
            tuple(float(sum(forecast[first:last + 1])) for _, first, last in bars))  # fmt: skip


def charts_of(progress: Progress) -> dict[str, ChartData]:
    """What each chart draws, from a learner's progress (oldest day first, today last)."""
    days = progress.days
    labels = tuple(_("today") if i == len(days) - 1 else f"{d.day:%m-%d}"
                   for i, d in enumerate(days))
    nan = float("nan")
    accuracy = tuple(100 * d.accuracy if d.answers else nan for d in days)
    seconds = tuple(d.mean_seconds if d.answers else nan for d in days)
    due_labels, due_values = forecast_bars(progress.forecast)
    due_labels = tuple(_("today") if label == "today" else label for label in due_labels)
    return {
        "accuracy": ChartData(_("Answers right each day (%)"), labels,
                              ((_("right %"), accuracy),)),
        "parts": ChartData(
            _("Right by part (%)"),
            tuple(_(_PART_LABELS[p.name]) if p.name in _PART_LABELS else p.name
                  for p in progress.parts),
            ((_("right %"), tuple(100 * p.accuracy for p in progress.parts)),),
        ),
        "concepts": ChartData(
            _("Concepts answered worst (right %), worst on top"),
            tuple(_short(topic_title(c.name)) for c in progress.concepts),
            ((_("right %"), tuple(100 * c.accuracy for c in progress.concepts)),),
        ),
        "forecast": ChartData(_("Cards due in the next 30 days"), due_labels,
                              ((_("due"), due_values),), counts=True),
        "time": ChartData(_("Seconds per question each day"), labels,
                          ((_("seconds"), seconds),), "s"),
        "answers": ChartData(
            _("Answers each day"), labels,
            ((_("answers"), tuple(float(d.answers) for d in days)),), counts=True,
        ),
    }


def summary_text(progress: Progress) -> str:
    """The lines above the charts: answers, streaks, pace; what is due; the cards."""
    n = progress.leeches
    said = ngettext("%(n)d leech", "%(n)d leeches", n) % {"n": n}
    leeches = f" · [b yellow]{said}[/]" if n else ""
    median = f"{progress.median_seconds:.1f}s" if progress.answers else "-"

    due = f"{due_counts_text(progress.due)} · " if progress.due is not None else ""
    answers = ngettext("%(n)d answer", "%(n)d answers", progress.answers) % {
        "n": progress.answers}
    streaks = _("day streak %(days)d (best %(best_days)d) · right in a row %(right)d "
                "(best %(best_right)d) · median %(median)s a question") % {
        "days": progress.day_streak, "best_days": progress.best_day_streak,
        "right": progress.right_streak, "best_right": progress.best_right_streak,
        "median": median}
    return f"{answers} · {streaks}\n{due}{cards_text(progress.cards)}{leeches}"


class SrsScreen(Screen[None]):
    """What the review and statistics screens share: the leeches and going back."""

    service: SrsService | None = None
    context: ReviewContext

    def start(self) -> None:
        """Open the learner's spaced-repetition service (once), then :meth:`begin`."""
        if self.service is not None:
            return
        self.service = self.context.service()
        self.begin()

    def begin(self) -> None:
        """What the screen does first with its service (each screen says)."""
        raise NotImplementedError

    def action_leeches(self) -> None:
        """Show the leeches and their concepts (read in a thread)."""
        if self.service is not None:
            show_leeches(self, self.service)

    def action_leave(self) -> None:
        """Back to the drill (or close, when the screen runs on its own)."""
        leave_srs_screen(self.app)


class StatsScreen(SrsScreen):
    """Progress charts of one learner."""

    DEFAULT_CSS = """
    StatsScreen #stats-title { height: 1; background: $panel; padding: 0 1; text-style: bold;
                               text-wrap: nowrap; text-overflow: ellipsis; }
    StatsScreen #stats-summary { height: auto; padding: 0 1; }
    StatsScreen TabbedContent { height: 1fr; }
    StatsScreen TabPane { padding: 0; height: 1fr; }
    StatsScreen .row { height: 1fr; }
    StatsScreen #accuracy-chart { width: 2fr; }
    StatsScreen #parts-chart { width: 1fr; }
    StatsScreen #concept-table { height: auto; max-height: 8; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "reload", "Refresh", id="stats.reload", show=False),
        Binding("l", "leeches", "Leeches", id="stats.leeches"),
        Binding("v", "review", "Review", id="stats.review"),
        Binding("escape", "leave", "Back", id="stats.leave"),
        *[Binding(str(n), f"tab('{tab}')", title, show=False, id=f"stats.tab_{tab}")
          for n, (tab, title) in enumerate(
              (("accuracy", "Accuracy"), ("concepts", "Concepts"), ("forecast", "Forecast"),
               ("pace", "Pace")), start=1)],
    ]

    def __init__(self, context: ReviewContext, *, name: str | None = None,
                 id: str | None = None) -> None:  # fmt: skip
        super().__init__(name=name, id=id)
        self.context = context
        self.service: SrsService | None = None
        self.progress: Progress | None = None
        self.data: dict[str, ChartData] = {}
        self.loading = False

    def compose(self) -> ComposeResult:
        yield Static(_("Statistics"), id="stats-title")
        yield WrappedStatic(_("Reading the history…"), id="stats-summary")
        with TabbedContent(id="stats-tabs"):
            with TabPane(_("Accuracy"), id="tab-accuracy"), Horizontal(classes="row"):
                yield LineChart(limit=100, id="accuracy-chart")
                yield BarChart(horizontal=True, limit=100, id="parts-chart")
            with TabPane(_("Concepts"), id="tab-concepts"), Vertical():
                yield BarChart(horizontal=True, limit=100, id="concepts-chart")
                yield DataTable(id="concept-table", cursor_type="row", zebra_stripes=True)
            with TabPane(_("Forecast"), id="tab-forecast"):
                yield BarChart(id="forecast-chart")
            with TabPane(_("Pace"), id="tab-pace"), Vertical():
                yield LineChart(id="time-chart")
                yield LineChart(id="answers-chart")
        yield Footer()

    def on_mount(self) -> None:
        # the tabs take the focus, so left and right switch charts (1-4 too)
        self.query_one(TabbedContent).query_one(Tabs).focus()
        self.start()

    def action_tab(self, tab: str) -> None:
        """Show one tab of charts."""
        self.query_one(TabbedContent).active = f"tab-{tab}"

    def on_screen_resume(self) -> None:
        # back from another mode: read again (answers may have been given meanwhile)
        if self.service is None:
            self.start()
        elif self.progress is not None:
            self.action_reload()

    def use_context(self, context: ReviewContext) -> None:
        """Show another learner's statistics (or the same with new settings)."""
        self.context = context
        self.service = None
        self.loading = False  # a reading under way is for the old context: read again
        if self.is_current:
            self.start()

    def begin(self) -> None:
        """Read the learner's progress."""
        title = self.query_one("#stats-title", Static)
        title.update(status_visual(title, [Piece(Text(_("Statistics"))),
                                           Piece(Text(self.context.learner_name), 1)]))
        self.action_reload()

    def action_reload(self) -> None:
        """Read the progress again."""
        if self.service is not None and not self.loading:
            self.loading = True
            self._load()
            self.set_timer(WAIT_NOTICE, self._still_loading)

    def _still_loading(self) -> None:
        """The history is still being read: say the screen waits for the database."""
        if self.loading and self.progress is None:
            self.query_one("#stats-summary", Static).update(pgettext(
                "robust", "Waiting for the database… It is busy or not answering; nothing "
                "is lost. Esc goes back."))

    @work(thread=True, exclusive=True, group="stats-load", exit_on_error=False)
    def _load(self) -> Progress:
        assert self.service is not None
        return self.service.progress()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "stats-load" or not event.worker.is_finished:
            return
        self.loading = False
        if event.state is WorkerState.SUCCESS:
            self.show(event.worker.result)  # type: ignore[arg-type]
        elif event.state is WorkerState.ERROR:
            from ..errors import describe_error

            error = event.worker.error
            message = describe_error(error) if error is not None else None
            self.query_one("#stats-summary", Static).update(
                _("The history cannot be read: %(error)s") % {"error": message or repr(error)}
            )

    def show(self, progress: Progress) -> None:
        """Draw a learner's progress."""
        self.progress = progress
        self.data = charts_of(progress)
        summary = summary_text(progress)
        if self.service is not None and self.service.problems:
            n = len(self.service.problems)
            summary += " · " + ngettext("%(n)d damaged card skipped",
                                        "%(n)d damaged cards skipped", n) % {"n": n}
        self.query_one("#stats-summary", Static).update(summary)
        for key, data in self.data.items():
            chart = self.query_one(f"#{key}-chart")
            chart.show(data)  # type: ignore[attr-defined]
        table = self.query_one("#concept-table", DataTable)
        table.clear(columns=True)
        table.add_columns(_("Concept"), _("Right"), _("Asked"), "%")
        for c in progress.concepts:
            table.add_row(topic_title(c.name), str(c.right), str(c.total),
                          f"{100 * c.accuracy:.0f}")  # fmt: skip

    def action_review(self) -> None:
        """Go to the review mode."""
        if has_srs_modes(self.app):
            self.app.switch_mode("review")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Review only where the app has a review mode."""
        if action == "review":
            return has_srs_modes(self.app)
        return True


def show_leeches(screen: Screen[Any], service: SrsService) -> None:
    """Read the leeches in a thread, then show them (a busy database never freezes the keys)."""

    def read() -> None:
        try:
            leeches = service.leeches()
        except Exception as e:  # shown as a line, the screen goes on
            from ..errors import describe_error

            message = describe_error(e) or repr(e)
            screen.app.call_from_thread(screen.notify, message, severity="warning")
            return
        screen.app.call_from_thread(screen.app.push_screen, LeechScreen(leeches))

    screen.run_worker(read, thread=True, group="leeches", exclusive=True, exit_on_error=False)


def leave_srs_screen(app: App[Any]) -> None:
    """Leave the review or statistics screen: back to the drill mode, the screen
    below, or (when the screen runs on its own) out of the app."""
    if has_srs_modes(app):
        app.switch_mode("drill")
    elif len(app.screen_stack) > 1:
        app.pop_screen()
    else:
        app.exit()


def has_srs_modes(app: object) -> bool:
    """Whether the screen runs in the drill app, which has the review and stats modes."""
    host = host_of(app)
    return host is not None and host.has_srs_modes


def finite(values: tuple[float, ...]) -> list[float]:
    """The values that are numbers (days with answers)."""
    return [v for v in values if not math.isnan(v)]
