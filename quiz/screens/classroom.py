"""Taking a practice set: join, answer each question in order, see your own results.

:class:`ClassroomApp` runs one student's session of a practice set (see
:mod:`data.classroom`). Without a student it starts on :class:`JoinScreen`
(name and PIN: the way a browser tab served by ``riichi-drill serve`` begins);
then :class:`ClassQuestionScreen` asks the set's questions in order with the
drill's widgets (the hand, its situation, the answer form) and grading; every
answer is stored before the next question is shown, so a closed terminal loses
at most the question on screen, and joining again with the same name and PIN
resumes there. Time limits per question and for the set are counted down; when
one runs out, what is typed is taken as the answer. Explanations come after
each answer or only at the end, as the set says. :class:`ClassSummaryScreen`
shows the student's own results (never anyone else's), question by question,
with the worked explanation of each.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from ..drills import DrillKind, Question
from ..grading import Answer, AnswerKey, Hints, Marked, Part, PartMark, grade
from ..widgets.answer_form import AnswerForm
from ..widgets.explanation import ExplanationView
from ..widgets.hand import HandView
from ..widgets.marks import MarksView
from ..widgets.situation import SituationPanel

if TYPE_CHECKING:
    from data.classroom import (
        ClassQuestion,
        Classroom,
        SetOptions,
        StoredAnswer,
        StudentResult,
        StudentSession,
    )

__all__ = [
    "ClassQuestionScreen",
    "ClassSummaryScreen",
    "ClassroomApp",
    "JoinScreen",
    "grade_in_time",
    "question_for",
]

#: A monotonic clock in seconds (injected in tests to run the timers).
Ticker = Callable[[], float]


def question_for(cq: ClassQuestion, parts: tuple[str, ...], *, skip_fu_on_limits: bool) -> Question:
    """The drill question for one question of a set: the set's parts of the whole hand."""
    result = cq.item.result
    asked = [Part(p) for p in parts]
    if skip_fu_on_limits and (result.yakuman or result.han >= 5) and Part.FU in asked:
        asked.remove(Part.FU)
    if not asked:
        asked = [Part.PAYMENT]
    key = AnswerKey.from_result(result, asked)
    names = [p.label.lower() for p in asked]
    said = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    prompt = f"What {'are' if len(names) > 1 or names[0] == 'yaku' else 'is'} the {said}?"
    return Question(
        DrillKind.WHOLE,
        cq.position + 1,
        key,
        prompt,
        item=cq.item,
        result=result,
        topics=cq.item.topics,
    )


def grade_in_time(key: AnswerKey, answers: Mapping[Part, Answer]) -> Marked:
    """Grade an answer taken when the time ran out: unreadable parts are marked wrong.

    Parts that can be read are graded as usual (with their likely reasons and
    concepts); a part left empty or unreadable is wrong, given as typed.
    """
    graded = grade(key, answers)
    if isinstance(graded, Marked):
        return graded
    bad = {h.part for h in graded.hints}
    readable = tuple(p for p in key.parts if p not in bad)
    sub = grade(replace(key, parts=readable), answers) if readable else None
    assert sub is None or isinstance(sub, Marked)
    marks: list[PartMark] = []
    for part in key.parts:
        if part in bad:
            raw = answers.get(part, "")
            given = raw if isinstance(raw, str) else ", ".join(raw)
            marks.append(PartMark(part, given.strip() or "(no answer)",
                                  key.expected_text(part), False, "time ran out"))
        else:
            assert sub is not None
            mark = sub.mark(part)
            assert mark is not None
            marks.append(mark)
    if sub is None:
        return Marked(tuple(marks))
    return Marked(tuple(marks), sub.diagnoses, sub.concepts)


def _clock_text(seconds: float) -> str:
    seconds = max(0, int(seconds + 0.999))
    return f"{seconds // 60}:{seconds % 60:02d}"


class JoinScreen(Screen[None]):
    """Join a practice set: your name, and your PIN if you are coming back."""

    DEFAULT_CSS = """
    JoinScreen { align: center middle; }
    JoinScreen > #join-box { width: 64; height: auto; border: round $primary; padding: 1 2; }
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
            yield Static(f"Practice set [b]{self.set_name}[/b]\n", id="join-title")
            yield Static("Your name")
            yield Input(placeholder="as your teacher will see it", id="join-name")
            yield Static("PIN (only when coming back; a new one is given the first time)")
            yield Input(placeholder="4 digits", password=True, id="join-pin")
            yield Static("", id="join-error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#join-name", Input).focus()

    @on(Input.Submitted, "#join-name")
    def _name_done(self) -> None:
        self.query_one("#join-pin", Input).focus()

    @on(Input.Submitted, "#join-pin")
    def _pin_done(self) -> None:
        name = self.query_one("#join-name", Input).value
        pin = self.query_one("#join-pin", Input).value
        app = self.app
        assert isinstance(app, ClassroomApp)
        message = app.join(name, pin or None)
        if message is not None:
            self.query_one("#join-error", Static).update(message)
            self.query_one("#join-name", Input).focus()


class ClassQuestionScreen(Screen[None]):
    """The questions of the set, one after the other, from where the student stands."""

    DEFAULT_CSS = """
    ClassQuestionScreen #class-header { height: 1; background: $primary 30%; padding: 0 1; }
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

    def __init__(
        self,
        classroom: Classroom,
        session: StudentSession,
        questions: tuple[ClassQuestion, ...],
        *,
        ticker: Ticker = time.monotonic,
    ) -> None:
        super().__init__()
        self.classroom = classroom
        self.session = session
        self.questions = questions
        self.ticker = ticker
        self.position = session.position
        self.used = session.seconds_used
        self.question: Question | None = None
        self.started = ticker()
        self.reviewing = False
        self.busy = False
        self.done = False
        self.stored: list[StoredAnswer] = []

    @property
    def options(self) -> SetOptions:
        """The set's options."""
        return self.session.practice_set.options

    def compose(self) -> ComposeResult:
        yield Static("", id="class-header")
        with VerticalScroll(id="class-body"):
            yield HandView(id="class-hand")
            yield SituationPanel(id="class-situation")
            yield Static("", id="class-prompt")
            yield AnswerForm((), id="class-form")
            with Vertical(id="class-after"):
                yield MarksView(id="class-marks")
                yield ExplanationView(id="class-explanation")
                yield Static("Enter: next question", id="class-next")
        yield Footer()

    async def on_mount(self) -> None:
        if self.session.pin:
            self.notify(f"Your PIN is {self.session.pin}: you need it to resume.", timeout=15)
        elif self.session.resumed and self.position:
            self.notify(f"Welcome back: question {self.position + 1} of "
                        f"{self.session.practice_set.size}.")
        await self.show_question()
        self.set_interval(0.25, self._tick)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return self.reviewing
        return True

    async def show_question(self) -> None:
        """Put the question at :attr:`position` on screen and start its clock."""
        cq = self.questions[self.position]
        opts = self.options
        q = question_for(cq, opts.parts, skip_fu_on_limits=opts.skip_fu_on_limits)
        self.question = q
        assert q.result is not None
        self.query_one(HandView).show(q.result.hand, tsumo=q.result.tsumo)
        self.query_one(SituationPanel).show(q.result.situation, q.result.rules, salt=cq.item.uid)
        self.query_one("#class-prompt", Static).update(q.prompt)
        self.reviewing = False
        self.remove_class("-reviewing")
        form = self.query_one(AnswerForm)
        form.disabled = False
        await form.ask(q.parts)
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
            f"question {self.position + 1} of {s.practice_set.size}",
            s.student,
        ]
        opts = self.options
        if not self.reviewing:
            if opts.question_seconds is not None:
                bits.append(f"question time {_clock_text(opts.question_seconds - self._elapsed())}")
            if opts.set_seconds is not None:
                left = opts.set_seconds - self.used - self._elapsed()
                bits.append(f"set time {_clock_text(left)}")
        if s.pin:
            bits.append(f"PIN {s.pin}")
        self.query_one("#class-header", Static).update(" · ".join(bits))

    def _tick(self) -> None:
        if self.reviewing or self.busy or self.question is None:
            return
        self._update_header()
        left = self._limit_left()
        if left is not None and left <= 0:
            answers = self.query_one(AnswerForm).answers()
            self.run_worker(self._store(grade_in_time(self.question.key, answers), True),
                            exclusive=True, group="class-store")

    async def on_answer_form_submitted(self, event: AnswerForm.Submitted) -> None:
        """Grade the answer; a part that cannot be read gets a hint and no mark."""
        event.stop()
        if self.reviewing or self.busy or self.question is None:
            return
        graded = grade(self.question.key, event.answers)
        if isinstance(graded, Hints):
            self.query_one(AnswerForm).show_hints(graded)
            return
        await self._store(graded, False)

    async def _store(self, marked: Marked, timed_out: bool) -> None:
        """Store the answer at once, then explain it or move on."""
        from data.classroom import AnswerError, AnswerPart

        if self.busy or self.reviewing:
            return
        self.busy = True
        try:
            seconds = self._elapsed()
            opts = self.options
            if opts.question_seconds is not None:
                seconds = min(seconds, float(opts.question_seconds))
            if opts.set_seconds is not None:
                seconds = max(0.0, min(seconds, opts.set_seconds - self.used))
            parts = [AnswerPart(m.part.value, m.given, m.expected, m.correct)
                     for m in marked.marks]
            try:
                stored = self.classroom.record_answer(
                    self.session.enrolment_id, self.position, parts,
                    concepts=marked.concepts, seconds=seconds, timed_out=timed_out,
                )
            except AnswerError as e:
                self.notify(str(e), severity="error", timeout=10)
                await self._finish()
                return
            self.stored.append(stored)
            self.used += stored.seconds
            time_over = opts.set_seconds is not None and self.used >= opts.set_seconds
            last = self.position + 1 >= len(self.questions)
            if opts.explain.value == "during":
                self.reviewing = True
                self.add_class("-reviewing")
                self.query_one(AnswerForm).disabled = True
                self.query_one(MarksView).show(marked)
                assert self.question is not None
                self.query_one(ExplanationView).show(self.question)
                self.query_one(SituationPanel).show_ura = True
                nxt = "Enter: your results" if last or time_over else "Enter: next question"
                if timed_out:
                    nxt = "Time ran out. " + nxt
                self.query_one("#class-next", Static).update(nxt)
                self._update_header()
                self.refresh_bindings()
                self.set_focus(None)
                self.done = last or time_over
                return
            if timed_out:
                self.notify(f"Time ran out: answer {self.position + 1} taken as it was.")
            if last or time_over:
                await self._finish()
                return
            self.position += 1
            await self.show_question()
        finally:
            self.busy = False

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
        app.call_later(app.show_summary, self.session)


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
        questions: tuple[ClassQuestion, ...],
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
        parts_line = f"parts {r.parts_right}/{r.parts_asked}" if r.parts_asked else "no answers"
        head = (
            f"[b]{self.session.practice_set.name}[/b] · {r.student}: "
            f"{r.right} of {r.size} questions fully right ({r.score:.0%}) · {parts_line} · "
            f"time {_clock_text(r.seconds)}"
        )
        if r.answered < r.size:
            head += f" · {r.size - r.answered} not answered"
        self.query_one("#summary-head", Static).update(
            head + " · ↑↓ a question, its explanation below"
        )
        table = self.query_one(DataTable)
        parts = self.session.practice_set.options.parts
        table.add_columns("#", *[p.capitalize() for p in parts], "Time")
        answers = {a.position: a for a in r.answers}
        for cq in self.questions:
            a = answers.get(cq.position)
            cells: list[str] = [str(cq.position + 1)]
            for p in parts:
                got = a.part(p) if a else None
                if got is None:
                    cells.append("-" if a else "")
                else:
                    cells.append(("✓ " if got.correct else "✗ ") + (got.given or "-")[:14])
            cells.append(f"{a.seconds:.0f}s" if a else "not answered")
            table.add_row(*cells, key=str(cq.position))
        table.focus()
        if self.questions:
            self._detail(self.questions[0].position)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key.value is not None:
            self._detail(int(event.row_key.value))

    def _detail(self, position: int) -> None:
        cq = next(q for q in self.questions if q.position == position)
        opts = self.session.practice_set.options
        q = question_for(cq, opts.parts, skip_fu_on_limits=opts.skip_fu_on_limits)
        assert q.result is not None
        self.query_one("#summary-hand", HandView).show(q.result.hand, tsumo=q.result.tsumo)
        self.query_one("#summary-situation", SituationPanel).show(
            q.result.situation, q.result.rules, salt=cq.item.uid, show_ura=True
        )
        answer = next((a for a in self.result.answers if a.position == position), None)
        lines = [f"[b]Question {position + 1}[/b]"]
        if answer is None:
            lines.append("Not answered.")
        else:
            for p in answer.parts:
                if p.correct:
                    lines.append(f"✓ {p.part}: {p.expected}")
                else:
                    lines.append(f"✗ {p.part}: you said {p.given or '-'}, it is {p.expected}")
            if answer.concepts:
                lines.append("To practise: " + ", ".join(_titles(answer.concepts)))
        self.query_one("#summary-marks", Static).update("\n".join(lines))
        self.query_one("#summary-explanation", ExplanationView).show(q)


def _titles(concepts: tuple[str, ...]) -> list[str]:
    from data.topics import get_topic, is_topic

    return [get_topic(c).title if is_topic(c) else c for c in concepts]


class ClassroomApp(App[None]):
    """One student's session of a practice set.

    Args:
        classroom: the classroom service (on an open database).
        set_name: the practice set.
        session: the student's session when already joined (``class join --student``);
            None starts on the join screen.
        ticker: a monotonic clock for the timers (tests inject one).
    """

    TITLE = "Riichi Drill · class"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", id="class.app.quit", show=False),
    ]

    def __init__(
        self,
        classroom: Classroom,
        set_name: str,
        *,
        session: StudentSession | None = None,
        ticker: Ticker = time.monotonic,
    ) -> None:
        super().__init__()
        self.classroom = classroom
        self.set_name = set_name
        self.session = session
        self.ticker = ticker
        self.questions: tuple[ClassQuestion, ...] = ()

    async def on_mount(self) -> None:
        if self.session is None:
            await self.push_screen(JoinScreen(self.set_name))
        else:
            await self.start(self.session)

    def join(self, name: str, pin: str | None) -> str | None:
        """Join or resume from the join screen; returns the error to show, or None."""
        from data.errors import DataError

        try:
            session = self.classroom.join(self.set_name, name, pin)
        except DataError as e:
            return str(e)
        self.call_later(self.start, session)
        return None

    async def start(self, session: StudentSession) -> None:
        """Load the set's questions and go to the next unanswered one (or the results)."""
        self.session = session
        self.questions = self.classroom.questions(self.set_name)
        if session.finished or session.position >= len(self.questions):
            await self.show_summary(session)
            return
        screen = ClassQuestionScreen(self.classroom, session, self.questions, ticker=self.ticker)
        if isinstance(self.screen, JoinScreen):
            await self.switch_screen(screen)
        else:
            await self.push_screen(screen)

    async def show_summary(self, session: StudentSession) -> None:
        """The student's own results."""
        result = self.classroom.own_results(session)
        screen = ClassSummaryScreen(result, self.questions, session)
        if isinstance(self.screen, ClassQuestionScreen | JoinScreen):
            await self.switch_screen(screen)
        else:
            await self.push_screen(screen)
