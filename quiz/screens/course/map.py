"""The course map: every lesson with its state, what to do next, time practised.

Enter opens the lesson on the cursor (its reading, then practice); ``c``
continues where the learner left off (the next lesson: its reading the first
time, else straight to practice); ``t`` starts the placement test.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...course.mastery import CourseProgress, LessonProgress, State
from ...widgets.footer import Footer
from ...words.core import _
from ...words.width import cut, display_width

__all__ = ["CourseChoice", "CourseMapScreen", "practised_words", "state_words"]

#: What the map was closed for: ``("read", lesson id)``, ``("practise", lesson id)``,
#: ``("place", "")``, or None (back to the drill).
CourseChoice = tuple[str, str] | None


def practised_words(seconds: float) -> str:
    """``1 h 05 min`` / ``12 min`` (the active language)."""
    minutes = round(seconds / 60)
    if minutes >= 60:
        return _("%(h)d h %(m)02d min") % {"h": minutes // 60, "m": minutes % 60}
    return _("%(m)d min") % {"m": minutes}


def state_words(p: LessonProgress) -> str:
    """A lesson's state as the map's column says it (figures while in progress)."""
    if p.state is State.IN_PROGRESS or (p.state is State.REFRESHER and p.gate.of):
        return _("%(state)s: %(right)d/%(of)d, %(s)d s") % {
            "state": p.state.label(), "right": p.gate.right, "of": p.gate.of,
            "s": round(p.gate.median or 0)}
    if p.state is State.MASTERED and p.placed and not p.answered:
        return _("mastered (placed)")
    return p.state.label()


class CourseMapScreen(Screen[CourseChoice]):
    """Every lesson on the path with its state; dismissed with what to do."""

    DEFAULT_CSS = """
    CourseMapScreen #course-head { text-style: bold; padding: 0 1; }
    CourseMapScreen #course-table { height: 1fr; }
    CourseMapScreen #course-detail { padding: 0 1; height: auto; }
    CourseMapScreen #course-next { padding: 0 1; color: $accent; height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Read", id="course.map.open"),
        Binding("c", "continue", "Continue", id="course.map.continue"),
        Binding("t", "place", "Placement", id="course.map.place"),
        Binding("escape", "back", "Drill", id="course.map.back"),
    ]

    def __init__(self, progress: CourseProgress, learner: str) -> None:
        super().__init__()
        self.progress = progress
        self.learner = learner

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self._head(), id="course-head")
            yield DataTable(id="course-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="course-detail")
            yield Static(self._next(), id="course-next")
        yield Footer(compact=True, show_command_palette=False)

    def _head(self) -> str:
        p = self.progress
        return _("Course · %(learner)s · %(done)d of %(all)d mastered · practised %(time)s") % {
            "learner": self.learner, "done": p.mastered, "all": len(p.lessons),
            "time": practised_words(p.practised_seconds)}

    def _next(self) -> str:
        nxt = self.progress.next
        if nxt is None:
            return _("Every lesson is mastered: practise whole hands, or review (F5).")
        return _("Next: %(n)d %(title)s (c continues)") % {
            "n": nxt.lesson.number, "title": nxt.lesson.title()}

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("#", key="n")
        table.add_column(_("Lesson"), key="title")
        table.add_column(_("State"), key="state")
        width = 80
        states = [state_words(p) for p in self.progress.lessons]
        state_width = min(30, max(display_width(s) for s in states))
        room = max(16, width - state_width - 12)
        for p, state in zip(self.progress.lessons, states, strict=True):
            table.add_row(str(p.lesson.number), cut(p.lesson.title(), room), state,
                          key=p.lesson.id)
        nxt = self.progress.next
        if nxt is not None:
            table.move_cursor(row=nxt.lesson.number - 1)
        table.focus()
        self._detail(self.progress.lessons[table.cursor_row])

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key.value is not None:
            self._detail(self.progress.of(event.row_key.value))

    def _detail(self, p: LessonProgress) -> None:
        lines = [f"{p.lesson.number}. {p.lesson.title()}: {p.state.label()}"]
        if p.gate.of:
            lines.append(p.gate.figures())
        if p.state is not State.MASTERED:
            lines.append(p.gate.needs())
        self.query_one("#course-detail", Static).update("\n".join(lines))

    def _cursor(self) -> LessonProgress:
        table = self.query_one(DataTable)
        return self.progress.lessons[table.cursor_row]

    def action_open(self) -> None:
        """Open the lesson on the cursor: its reading."""
        self.dismiss(("read", self._cursor().lesson.id))

    def action_continue(self) -> None:
        """Go on where the learner left off."""
        nxt = self.progress.next
        if nxt is None:
            nxt = self.progress.lessons[-1]
        self.dismiss(("practise" if nxt.answered else "read", nxt.lesson.id))

    def action_place(self) -> None:
        """Start the placement test."""
        self.dismiss(("place", ""))

    def action_back(self) -> None:
        """Back to the drill."""
        self.dismiss(None)
