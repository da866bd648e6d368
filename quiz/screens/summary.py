"""The end of a session: accuracy per part and per concept, the slowest questions,
and what to practise next.

It closes with a :data:`quiz.screens.choices.Choice`: :attr:`Go.AGAIN`
(Enter: the same drill), :class:`StartDrill` (1-6, or F3 and a pick) or
:attr:`Go.QUIT` (q). Its keys are priority bindings and the owner's
``on_leave`` handler runs before the next key is read, so the first key typed
after Enter lands in the new session's first question.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..drills import DRILLS
from ..grading import AnswerKey, Part, part_label
from ..session import Answered, Session, SessionSummary
from ..widgets.footer import Footer
from ..widgets.hanging import HangingRow, HangingRows
from ..widgets.marks import shown
from ..widgets.status_bar import clock_text
from ..words.core import N_, SOURCE_LANGUAGE, _, active_language, format_percent, ngettext
from ..words.terms import fu_count, han_count
from ..words.topics import topic_title
from ..words.width import NO_BREAK
from .choices import ClosingScreen, Go, LeaveHandler

__all__ = ["SummaryScreen", "summary_renderable"]


_ANSWER_FORMAT = {
    Part.YAKU: "%(answer)s", Part.PAYMENT: "%(answer)s", Part.DORA: N_("dora %(answer)s"),
    Part.WAITS: N_("waits %(answer)s"), Part.WAIT: "%(answer)s", Part.SETTLEMENT: "%(answer)s",
}


def _answer_words(part: Part, key: AnswerKey) -> str:
    """A right answer in the summary's line: a count with its noun in the plural form
    the number takes (``30 fu``, ``4 хани``), other parts as the marks show them."""
    if part is Part.FU:
        return fu_count(key.fu)
    if part is Part.HAN and not key.yakuman:
        return han_count(key.han)
    if part is Part.DORA_HAN:
        return ngettext("%(n)d han of dora", "%(n)d han of dora", key.dora_han) % {
            "n": key.dora_han}
    shown_text = shown(part, key.expected_text(part))
    return _(_ANSWER_FORMAT.get(part, "%(answer)s")) % {"answer": shown_text}


def percent(share: float) -> str:
    """A share as a whole percentage (``85%``; Babel's style in other languages)."""
    if active_language() == SOURCE_LANGUAGE:
        return f"{share:.0%}"
    return format_percent(share)


def _question_line(a: Answered) -> HangingRow:
    """``Q2  0:45  30 fu 4 han 2000/3900 — missed: payment`` (wrapped under its text)."""
    q = a.question
    if active_language() == SOURCE_LANGUAGE:
        wrong = [part_label(m.part).lower() for m in a.marked.marks if not m.correct]
    else:
        wrong = [_(part_label(m.part)) for m in a.marked.marks if not m.correct]
    verdict = (_("right") if not wrong
               else _("missed: %(parts)s") % {"parts": _(", ").join(wrong)})
    if q.cell is not None:
        if active_language() == SOURCE_LANGUAGE:
            what = f"{q.cell.describe()}: {q.key.payment}"
        else:  # the cell and its payment in the learner's words, not the English record
            from ..widgets.situation import cell_words

            what = f"{cell_words(q.cell)}: {shown(Part.PAYMENT, str(q.key.payment))}"
    else:
        what = " ".join(_answer_words(p, q.key) for p in q.parts)
    head = "  " + (_("Q%(n)d") % {"n": q.number}) + f"  {clock_text(a.seconds)}  "
    return HangingRow(Text(head), Text(f"{what} — {verdict}"))


def summary_renderable(summary: SessionSummary, *, limit_concepts: int = 8) -> RenderableType:
    """The summary as Rich renderables (tables fit an 80-column screen)."""
    parts: list[RenderableType] = []
    head = Text()
    if summary.answered:
        head.append(ngettext("%(right)d of %(n)d question right (%(share)s)",
                             "%(right)d of %(n)d questions right (%(share)s)", summary.answered)
                    % {"right": summary.right, "n": summary.answered,
                       "share": percent(summary.accuracy)}, "bold")
        head.append(" · " + _("%(time)s in all, %(seconds).0f s a question") % {
            "time": clock_text(summary.seconds), "seconds": summary.average_seconds})
    else:
        head.append(_("No question was answered in this session."), "bold")
    parts.append(head)
    if summary.parts:
        table = Table(title=_("By part"), title_justify="left", expand=False, box=None,
                      padding=(0, 2), title_style="bold")
        table.add_column(_("Part"))
        table.add_column(_("Right"), justify="right")
        table.add_column(_("Accuracy"), justify="right")
        for t in summary.parts:
            table.add_row(_(t.name), f"{t.right}/{t.total}", percent(t.accuracy))
        parts += [Text(""), table]
    weak = [t for t in summary.concepts if t.right < t.total]
    if weak:
        table = Table(title=_("Concepts missed (weakest first)"), title_justify="left",
                      box=None, padding=(0, 2), title_style="bold")
        table.add_column(_("Concept"))
        table.add_column(_("Right"), justify="right")
        table.add_column(_("Accuracy"), justify="right")
        for t in weak[:limit_concepts]:
            table.add_row(topic_title(t.name), f"{t.right}/{t.total}", percent(t.accuracy))
        parts += [Text(""), table]
        rest = len(summary.concepts) - min(len(weak), limit_concepts)
        if rest > 0:
            said = (ngettext("(%(n)d other concept met, all right)",
                             "(%(n)d other concepts met, all right)", rest)
                    if len(weak) <= limit_concepts
                    else ngettext("(%(n)d other concept met)", "(%(n)d other concepts met)", rest))
            parts.append(Text("  " + said % {"n": rest}, "dim"))
    elif summary.concepts:
        n = len(summary.concepts)
        parts += [Text(""), Text(ngettext("Every one of the %(n)d concepts met was right.",
                                          "Every one of the %(n)d concepts met was right.", n)
                                 % {"n": n})]
    if summary.slowest:
        parts += [Text(""), Text(_("Slowest questions"), "bold")]
        parts.append(HangingRows([_question_line(a) for a in summary.slowest]))
    parts += [Text(""), Text(_("Practise next"), "bold")]
    if summary.next:
        bullets = []
        for s in summary.next:
            info = DRILLS[s.drill]
            bullets.append(HangingRow(Text("  • "), Text(
                _("%(title)s (%(why)s): %(drill)s drill, key %(key)s") % {
                    "title": s.title, "why": s.why, "drill": _(info.title), "key": info.key})))
        parts.append(HangingRows(bullets))
    elif summary.answered:
        parts.append(HangingRows([HangingRow(
            Text("  "), Text(_("Nothing missed: try a harder drill or a shorter time.")))]))
    return Group(*parts)


def keys_renderable() -> HangingRows:
    """The keys that start a session: each drill's key and name kept on one line,
    the list wrapped under itself."""
    keys = " · ".join(f"{i.key} {_(i.title)}".replace(" ", NO_BREAK)
                      for i in DRILLS.values())
    before, _sep, after = _("Another drill: %(keys)s").partition("%(keys)s")
    return HangingRows([
        HangingRow(Text(""), Text(_("Enter: a new session of the same drill · q: quit"))),
        HangingRow(Text(before), Text(keys + after)),
    ])


class SummaryScreen(ClosingScreen):
    """The summary of a finished session."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "again", "New session", priority=True, id="summary.again"),
        Binding("f3", "choose_drill", "Drill", id="summary.choose_drill"),
        Binding("q", "quit_app", "Quit", show=False, id="summary.quit"),
        *[Binding(info.key, f"drill('{info.kind.value}')", info.title, show=False,
                  priority=True, id=f"summary.drill_{info.kind.value}")
          for info in DRILLS.values()],
    ]

    def __init__(self, session: Session, *,
                 on_leave: LeaveHandler | None = None) -> None:
        super().__init__()
        self.session = session
        self.summary = session.summary()
        self.on_leave = on_leave
        self.leaving = False

    def compose(self) -> ComposeResult:
        yield Static(_("Session summary"), id="summary-title")
        with VerticalScroll(id="summary-body"):
            yield Static(summary_renderable(self.summary), id="summary")
            yield Static(keys_renderable(), id="summary-keys")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#summary-body").focus()

    async def retranslate(self) -> None:
        """Draw the summary again in the language now spoken."""
        await self.recompose()
        self.query_one("#summary-body").focus()

    async def action_again(self) -> None:
        """A new session of the same drill."""
        await self.leave(Go.AGAIN)

    async def action_quit_app(self) -> None:
        """Leave the app."""
        await self.leave(Go.QUIT)
