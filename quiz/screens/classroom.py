"""Taking a practice set: join, answer each question in order, see your own results.

:class:`ClassroomApp` runs one student's session of a practice set. It only
shows: a :class:`quiz.classroom.client.ClassController` joins, loads the hands,
keeps and sends the answers; the classroom server's desk
(:mod:`quiz.classroom.desk`) grades them. Without a student it starts on
:class:`JoinScreen` (name, and the resume code only when coming back on another
computer: the way a browser tab served by ``riichi-drill serve`` begins); then
:class:`ClassQuestionScreen` asks the set's questions in order with the drill's
widgets; every answer is kept (memory and a small journal file) and sent before
the next question is shown, or, when the server is away, as soon as it is back.
Time limits per question and for the set are counted down; when one runs out,
what is typed is taken as the answer. The marks and explanations come after
each answer or only at the end, as the server says. :class:`ClassSummaryScreen`
shows the student's own results (never anyone else's), question by question,
with the worked explanation of each.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar

from rich.markup import escape
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static
from textual.widgets._footer import FooterKey

from data.errors import DataError
from data.topics import get_topic, is_topic

from ..classroom.client import ClassRefused, Kept, LinkDown
from ..classroom.report import part_name
from ..cli import declaration_text, given_text
from ..drills import prompt_for
from ..errors import DrillError
from ..grading import Answer, Hints, Marked, Part, part_label
from ..widgets.answer_form import AnswerForm
from ..widgets.explanation import ExplanationView
from ..widgets.footer import Footer as DrillFooter
from ..widgets.hand import HandView
from ..widgets.hanging import HangingRow, HangingRows, HangingVisual
from ..widgets.marks import MarksView
from ..widgets.situation import SituationPanel
from ..words.core import (
    SOURCE_LANGUAGE,
    active_language,
    format_percent,
    gettext,
    npgettext,
    pgettext,
)
from ..words.error_texts import localized_error
from ..words.topics import topic_title

if TYPE_CHECKING:
    from data.classroom import SetOptions, StudentResult, StudentSession

    from ..classroom.client import ClassController
    from ..drills import Question

__all__ = [
    "ClassQuestionScreen",
    "ClassSummaryScreen",
    "ClassroomApp",
    "JoinScreen",
]

#: A monotonic clock in seconds (injected in tests to run the timers).
Ticker = Callable[[], float]
#: Seconds between two tries to send answers kept while the server was away.
RETRY_SECONDS = 2.0


def key_label(description: str) -> str:
    """A key's description in the footer, in the active language (bindings are English)."""
    labels = {
        "Next question": pgettext("class", "Next question"),
        "Quit (resume later)": pgettext("class", "Quit (resume later)"),
    }
    return labels.get(description) or gettext(description)


class Footer(DrillFooter):
    """The drill's footer, with the class screens' own key labels in the language too."""

    def compose(self) -> ComposeResult:
        for widget in super(DrillFooter, self).compose():
            if isinstance(widget, FooterKey) and widget.description:
                widget.description = key_label(widget.description)
            yield widget


def _clock_text(seconds: float) -> str:
    seconds = max(0, int(seconds + 0.999))
    return f"{seconds // 60}:{seconds % 60:02d}"


class JoinScreen(Screen[None]):
    """Join a practice set: your name, and your resume code if you come back elsewhere."""

    DEFAULT_CSS = """
    JoinScreen { align: center middle; }
    JoinScreen > #join-box { width: 68; height: auto; border: round $primary; padding: 1 2; }
    JoinScreen Input { margin-bottom: 1; }
    JoinScreen #join-error { color: $error; height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.quit", "Quit", id="class.join.quit"),
    ]

    def __init__(self, set_name: str) -> None:
        super().__init__()
        self.set_name = set_name

    def compose(self) -> ComposeResult:
        with Vertical(id="join-box"):
            yield Static(pgettext("class", "Practice set %(name)s") % {
                "name": f"[b]{escape(self.set_name)}[/b]"} + "\n", id="join-title")
            yield Static(pgettext("class", "Your name"))
            yield Input(placeholder=pgettext("class", "as your teacher will see it"),
                        id="join-name")
            yield Static(pgettext("class",
                                  "Resume code (only when coming back on another computer)"))
            yield Input(placeholder=pgettext("class", "e.g. %(code)s; empty the first time")
                        % {"code": "K7QX2-MW9RT"}, password=True, id="join-code")
            yield Static("", id="join-error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#join-name", Input).focus()

    @on(Input.Submitted, "#join-name")
    def _name_done(self) -> None:
        self.query_one("#join-code", Input).focus()

    @on(Input.Submitted, "#join-code")
    async def _code_done(self) -> None:
        name = self.query_one("#join-name", Input).value
        code = self.query_one("#join-code", Input).value
        app = self.app
        assert isinstance(app, ClassroomApp)
        message = await app.join(name, code or None)
        if message is not None:
            self.query_one("#join-error", Static).update(message)
            self.query_one("#join-name", Input).focus()


class ClassQuestionScreen(Screen[None]):
    """The questions of the set, one after the other, from where the student stands."""

    DEFAULT_CSS = """
    ClassQuestionScreen #class-header { height: 1; background: $primary 30%; padding: 0 1; }
    ClassQuestionScreen #class-notice { height: auto; padding: 0 1; background: $warning 20%; }
    ClassQuestionScreen #class-notice.-empty { display: none; }
    ClassQuestionScreen #class-body { height: 1fr; padding: 0 1; }
    ClassQuestionScreen #class-prompt { margin-top: 1; text-style: bold; }
    ClassQuestionScreen #class-after { display: none; height: auto; }
    ClassQuestionScreen.-reviewing #class-after { display: block; }
    ClassQuestionScreen #class-next { color: $accent; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Next question", id="class.next"),
        Binding("ctrl+q", "app.quit", "Quit (resume later)", id="class.quit"),
    ]

    def __init__(self, controller: ClassController, *, ticker: Ticker = time.monotonic) -> None:
        super().__init__()
        self.controller = controller
        session = controller.session
        assert session is not None
        self.session: StudentSession = session
        self.questions = controller.questions
        self.ticker = ticker
        self.position = controller.next_position
        self.used = session.seconds_used
        self.question: Question | None = None
        self.started = ticker()
        self.reviewing = False
        self.busy = False
        self.done = False
        self.code_shown = False
        self.waiting_last = False

    @property
    def options(self) -> SetOptions:
        """The set's options."""
        return self.session.practice_set.options

    def compose(self) -> ComposeResult:
        yield Static("", id="class-header")
        yield Static("", id="class-notice", classes="-empty")
        with VerticalScroll(id="class-body"):
            yield HandView(id="class-hand")
            yield SituationPanel(id="class-situation")
            yield Static("", id="class-prompt")
            yield AnswerForm((), id="class-form")
            with Vertical(id="class-after"):
                yield MarksView(id="class-marks")
                yield ExplanationView(id="class-explanation")
                yield Static(pgettext("class", "Enter: next question"), id="class-next")
        yield Footer()

    async def on_mount(self) -> None:
        if self.session.code:
            # Shown once, on its own line above the question (it never covers the
            # explanation); it is also kept on this computer to resume.
            self._notice(pgettext("class", "Your resume code: %(code)s (write it down to come "
                                           "back on another computer; this one remembers it)")
                         % {"code": self.session.code})
            self.code_shown = True
        elif self.session.resumed and self.position:
            self.notify(pgettext("class", "Welcome back: question %(n)s of %(size)s.")
                        % {"n": self.position + 1, "size": self.session.practice_set.size})
        if self.controller.pending:
            self.set_timer(0.1, self._retry)
        await self.show_question()
        self.set_interval(0.25, self._tick)

    def _notice(self, text: str) -> None:
        notice = self.query_one("#class-notice", Static)
        notice.update(text)
        notice.set_class(not text, "-empty")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return self.reviewing
        return True

    async def show_question(self) -> None:
        """Put the question at :attr:`position` on screen and start its clock."""
        q = self.questions[self.position]
        self.question = q
        assert q.result is not None and q.item is not None
        self.query_one(HandView).show(q.result.hand, tsumo=q.result.tsumo)
        self.query_one(SituationPanel).show(q.result.situation, q.result.rules, salt=q.item.uid)
        self.query_one("#class-prompt", Static).update(q.prompt if english() else prompt_for(q))
        self.reviewing = False
        self.remove_class("-reviewing")
        form = self.query_one(AnswerForm)
        form.disabled = False
        await form.ask(q.fields)
        form.clear_hints()
        self.started = self.ticker()
        self._update_header()
        self.refresh_bindings()

    def _elapsed(self) -> float:
        return max(0.0, self.ticker() - self.started)

    def _limit_left(self) -> float | None:
        """Seconds left before a limit takes the answer (None: no limit)."""
        opts = self.options
        left: list[float] = []
        if opts.question_seconds is not None:
            left.append(opts.question_seconds - self._elapsed())
        if opts.set_seconds is not None:
            left.append(opts.set_seconds - self.used - self._elapsed())
        return min(left) if left else None

    def _update_header(self) -> None:
        s = self.session
        bits = [
            f"{s.practice_set.name}",
            pgettext("class", "question %(n)s of %(size)s") % {
                "n": self.position + 1, "size": s.practice_set.size},
            s.student,
        ]
        opts = self.options
        if not self.reviewing:
            if opts.question_seconds is not None:
                bits.append(pgettext("class", "question time %(time)s") % {
                    "time": _clock_text(opts.question_seconds - self._elapsed())})
            if opts.set_seconds is not None:
                left = opts.set_seconds - self.used - self._elapsed()
                bits.append(pgettext("class", "set time %(time)s") % {"time": _clock_text(left)})
        waiting = len(self.controller.pending)
        if waiting:
            bits.append(npgettext("class", "%(n)s answer kept, not sent",
                                  "%(n)s answers kept, not sent", waiting) % {"n": waiting})
        self.query_one("#class-header", Static).update(" · ".join(bits))

    def _tick(self) -> None:
        if self.reviewing or self.busy or self.question is None:
            return
        self._update_header()
        left = self._limit_left()
        if left is not None and left <= 0:
            answers = self.query_one(AnswerForm).answers()
            self.run_worker(self._store(answers, True), exclusive=True, group="class-store")

    async def on_answer_form_submitted(self, event: AnswerForm.Submitted) -> None:
        """Check the answer can be read (a hint, no mark, when not), then send it."""
        event.stop()
        if self.reviewing or self.busy or self.question is None:
            return
        hints = self.controller.readable(self.question, event.answers)
        if hints is not None:
            self.query_one(AnswerForm).show_hints(hints)
            return
        await self._store(event.answers, False)

    async def _store(self, answers: Mapping[Part, Answer], timed_out: bool) -> None:
        """Send the answer (kept first), then show the marks or move on."""
        if self.busy or self.reviewing:
            return
        self.busy = True
        try:
            seconds = self._elapsed()
            try:
                got = await asyncio.to_thread(self.controller.submit, self.position, answers,
                                              seconds=seconds, timed_out=timed_out)
            except ClassRefused as e:
                self.notify(localized_error(str(e)), severity="error", timeout=10)
                await self._finish()
                return
            if isinstance(got, Hints):
                self.query_one(AnswerForm).show_hints(got)
                return
            if self.code_shown:
                self._notice("")
                self.code_shown = False
            last = self.position + 1 >= len(self.questions)
            if isinstance(got, Kept):
                self.used += seconds
                self._notice(pgettext("class", "The classroom server is away: your answer is "
                                               "kept on this computer and will be sent when it "
                                               "is back."))
                self.set_timer(RETRY_SECONDS, self._retry)
                if last:
                    self.waiting_last = True
                    self.reviewing = True
                    self.query_one(AnswerForm).disabled = True
                    self._notice(pgettext("class", "The classroom server is away: your "
                                                   "answers are kept and will be sent when it "
                                                   "is back. Keep this window open."))
                    self._update_header()
                    return
                self.position += 1
                await self.show_question()
                return
            self.session = got.session
            self.used = got.session.seconds_used
            time_over = got.session.finished and not last
            marked = got.marked
            if marked is None and timed_out:
                self.notify(pgettext("class", "Time ran out: answer %(n)s taken as it was.")
                            % {"n": self.position + 1})
            if marked is not None:
                self._review(marked, timed_out, last or got.session.finished)
                return
            if last or time_over or got.session.finished:
                await self._finish()
                return
            self.position += 1
            await self.show_question()
        finally:
            self.busy = False

    def _review(self, marked: Marked, timed_out: bool, done: bool) -> None:
        """The marks and the explanation, as the set shows them during the set."""
        self.reviewing = True
        self.add_class("-reviewing")
        self.query_one(AnswerForm).disabled = True
        self.query_one(MarksView).show(marked)
        assert self.question is not None
        self.query_one(ExplanationView).show(self.question)
        self.query_one(SituationPanel).show_ura = True
        nxt = (pgettext("class", "Enter: your results") if done
               else pgettext("class", "Enter: next question"))
        if timed_out:
            nxt = pgettext("class", "Time ran out. %(next)s") % {"next": nxt}
        self.query_one("#class-next", Static).update(nxt)
        self._update_header()
        self.refresh_bindings()
        self.set_focus(None)
        self.done = done

    async def _retry(self) -> None:
        """Send the answers kept while the server was away; say so when they are in."""
        if not self.controller.pending:
            return
        waiting = len(self.controller.pending)
        try:
            got = await asyncio.to_thread(self.controller.flush)
        except LinkDown:
            self._update_header()
            self.set_timer(RETRY_SECONDS, self._retry)
            return
        except ClassRefused as e:
            self.notify(localized_error(str(e)), severity="error", timeout=10)
            return
        if isinstance(got, Hints):  # pragma: no cover - answers are checked before they are kept
            return
        if got:
            self.session = got[-1].session
            self.used = self.session.seconds_used
        self._notice(npgettext("class", "The classroom server is back: %(n)s kept answer sent "
                                        "and stored.",
                               "The classroom server is back: %(n)s kept answers sent and "
                               "stored.", waiting) % {"n": waiting})
        self.set_timer(6, lambda: self._notice(""))
        self._update_header()
        if self.waiting_last:
            self.waiting_last = False
            await self._finish()

    async def action_next(self) -> None:
        """After the explanation: the next question, or the results."""
        if not self.reviewing:
            return
        if self.done:
            await self._finish()
            return
        self.position += 1
        await self.show_question()

    async def _finish(self) -> None:
        # Switch screens from the app's queue: awaiting the switch here, inside this
        # screen's own handler, would wait for this screen to close.
        app = self.app
        assert isinstance(app, ClassroomApp)
        self.done = True
        self.reviewing = True
        app.call_later(app.show_summary)


class ClassSummaryScreen(Screen[None]):
    """The student's own results: score, time, and each question with its explanation."""

    DEFAULT_CSS = """
    ClassSummaryScreen #summary-head { height: auto; padding: 0 1; background: $primary 30%; }
    ClassSummaryScreen #summary-main { height: 1fr; }
    ClassSummaryScreen DataTable { height: auto; max-height: 40%; }
    ClassSummaryScreen #summary-detail { height: 1fr; padding: 0 1; border-top: solid $primary; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "app.quit", "Quit", id="class.summary.quit"),
    ]

    def __init__(
        self,
        result: StudentResult,
        questions: tuple[Question, ...],
        session: StudentSession,
    ) -> None:
        super().__init__()
        self.result = result
        self.questions = questions
        self.session = session

    def compose(self) -> ComposeResult:
        yield Static("", id="summary-head")
        with Vertical(id="summary-main"):
            yield DataTable(id="summary-table", cursor_type="row", zebra_stripes=True)
            with VerticalScroll(id="summary-detail"):
                yield HandView(id="summary-hand")
                yield SituationPanel(id="summary-situation")
                yield Static("", id="summary-marks")
                yield ExplanationView(id="summary-explanation")
        yield Footer()

    def on_mount(self) -> None:
        r = self.result
        parts_line = (pgettext("class", "parts %(right)s/%(asked)s")
                      % {"right": r.parts_right, "asked": r.parts_asked}
                      if r.parts_asked else pgettext("class", "no answers"))
        score = f"{r.score:.0%}" if english() else format_percent(r.score)
        head = (
            f"[b]{escape(self.session.practice_set.name)}[/b] · {escape(r.student)}: "
            + npgettext("class", "%(right)s of %(n)s questions fully right (%(score)s)",
                        "%(right)s of %(n)s questions fully right (%(score)s)", r.size)
            % {"right": r.right, "n": r.size, "score": score}
            + f" · {parts_line} · "
            + pgettext("class", "time %(time)s") % {"time": _clock_text(r.seconds)}
        )
        if r.answered < r.size:
            head += " · " + pgettext("class", "%(n)s not answered") % {"n": r.size - r.answered}
        _show_wrapped(self.query_one("#summary-head", Static),
                      [head + " · " + pgettext("class", "↑↓ a question, its explanation below")])
        table = self.query_one(DataTable)
        parts = self.session.practice_set.options.parts
        table.add_columns("#", *[_part_title(p) for p in parts], pgettext("class", "Time"))
        answers = {a.position: a for a in r.answers}
        for n, _q in enumerate(self.questions):
            a = answers.get(n)
            cells: list[str] = [str(n + 1)]
            for p in parts:
                got = a.part(p) if a else None
                if got is None:
                    cells.append("-" if a else "")
                else:
                    cells.append(("✓ " if got.correct else "✗ ") + given_text(p, got.given)[:14])
            cells.append(pgettext("class", "%(seconds)ss") % {"seconds": f"{a.seconds:.0f}"}
                         if a else pgettext("class", "not answered"))
            table.add_row(*cells, key=str(n))
        table.focus()
        if self.questions:
            self._detail(0)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key.value is not None:
            self._detail(int(event.row_key.value))

    def _detail(self, position: int) -> None:
        q = self.questions[position]
        assert q.result is not None and q.item is not None
        self.query_one("#summary-hand", HandView).show(q.result.hand, tsumo=q.result.tsumo)
        self.query_one("#summary-situation", SituationPanel).show(
            q.result.situation, q.result.rules, salt=q.item.uid, show_ura=True
        )
        answer = next((a for a in self.result.answers if a.position == position), None)
        lines = ["[b]" + pgettext("class", "Question %(n)s") % {"n": position + 1} + "[/b]"]
        if answer is None:
            lines.append(pgettext("class", "Not answered."))
        else:
            for p in answer.parts:
                name = _part_name(p.part)
                expected = declaration_text(p.expected) if p.part == "payment" else p.expected
                given = given_text(p.part, p.given)
                if p.correct:
                    lines.append(f"✓ {name}: {escape(expected)}")
                else:
                    lines.append("✗ " + pgettext("class", "%(part)s: you said %(given)s, it is "
                                                          "%(expected)s")
                                 % {"part": name, "given": escape(given),
                                    "expected": escape(expected)})
            if answer.concepts:
                titles = _titles(answer.concepts)
                line = pgettext("class", "To practise: %(concepts)s") % {
                    "concepts": pgettext("class", ", ").join(titles[:3])}
                if len(titles) > 3:
                    line += pgettext("class", " (+%(n)s more)") % {"n": len(titles) - 3}
                lines.append(line)
        _show_wrapped(self.query_one("#summary-marks", Static), lines)
        self.query_one("#summary-explanation", ExplanationView).show(q)


def _show_wrapped(shown: Static, lines: list[str]) -> None:
    """Lines of markup in ``shown``, each wrapped by the language's rules (Japanese
    kinsoku, a number with its unit: :func:`quiz.words.width.wrap`), not by Rich's."""
    rows = [HangingRow(Text(""), Text.from_markup(line)) for line in lines]
    shown.update(HangingVisual(shown, HangingRows(rows)))


def english() -> bool:
    """Whether the screens speak English (they then read exactly as they always did)."""

    return active_language() == SOURCE_LANGUAGE


def _part_name(part: str) -> str:
    """An asked part as the language names it (``fu`` in English, as it always read)."""

    return part_name(part)


def _part_title(part: str) -> str:
    """A part as a column title (``Fu``, ``Payment``; ``符``, ``支払い``)."""
    if english():
        return part.capitalize()

    try:
        return gettext(part_label(Part(part)))
    except ValueError:
        return part


def _titles(concepts: tuple[str, ...]) -> list[str]:
    return [topic_title(get_topic(c).id) if is_topic(c) else c for c in concepts]


class ClassroomApp(App[None]):
    """One student's session of a practice set.

    Args:
        controller: joins, loads and sends (see :class:`quiz.classroom.client.ClassController`).
        set_name: the practice set.
        student: the student's name when given on the command line; None starts
            on the join screen.
        code: the resume code given on the command line, if any.
        ticker: a monotonic clock for the timers (tests inject one).
    """

    TITLE = "Riichi Drill · class"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", id="class.app.quit", show=False),
    ]

    def __init__(
        self,
        controller: ClassController,
        set_name: str,
        *,
        student: str | None = None,
        code: str | None = None,
        ticker: Ticker = time.monotonic,
    ) -> None:
        super().__init__()
        self.controller = controller
        self.set_name = set_name
        self.student = student
        self.code = code
        self.ticker = ticker
        self.failure: str | None = None

    @property
    def session(self) -> StudentSession | None:
        """The student's session, once joined."""
        return self.controller.session

    async def on_mount(self) -> None:
        if self.controller.session is not None:  # joined before the app started
            await self.start()
            return
        if self.student is None:
            await self.push_screen(JoinScreen(self.set_name))
            return
        message = await self.join(self.student, self.code)
        if message is not None:
            self.failure = message
            self.exit(return_code=1, message=message)

    async def join(self, name: str, code: str | None) -> str | None:
        """Join or resume; returns the error to show, or None."""

        try:
            await asyncio.to_thread(self.controller.join, name, code)
            await asyncio.to_thread(self.controller.load)
        except (DataError, DrillError) as e:
            from ..words.faults import error_text

            return error_text(e)
        self.call_later(self.start)
        return None

    async def start(self) -> None:
        """Go to the next unanswered question (or the results)."""
        session = self.controller.session
        assert session is not None
        if (session.finished or self.controller.next_position >= len(self.controller.questions)) \
                and not self.controller.pending:
            await self.show_summary()
            return
        screen = ClassQuestionScreen(self.controller, ticker=self.ticker)
        if isinstance(self.screen, JoinScreen):
            await self.switch_screen(screen)
        else:
            await self.push_screen(screen)

    async def show_summary(self) -> None:
        """The student's own results (from the server)."""
        session = self.controller.session
        assert session is not None
        try:
            result = await asyncio.to_thread(self.controller.own_results)
        except (LinkDown, ClassRefused) as e:
            self.notify(pgettext("class", "Your results cannot be shown now: %(reason)s")
                        % {"reason": localized_error(str(e))}, severity="error", timeout=15)
            return
        screen = ClassSummaryScreen(result, self.controller.questions, session)
        if isinstance(self.screen, ClassQuestionScreen | JoinScreen):
            await self.switch_screen(screen)
        else:
            await self.push_screen(screen)
