"""The line at the top of the drill: which question, the drill, the score, the timers."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..session import Session
from ..words.core import _

__all__ = ["StatusBar", "clock_text"]


def clock_text(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` past an hour)."""
    s = int(seconds)
    if s >= 3600:
        return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


class StatusBar(Static):
    """Question number, drill, learner, running score and the question's timer."""

    DEFAULT_CSS = """
    StatusBar { height: 1; background: $panel; color: $text; padding: 0 1;
                text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def show(self, session: Session | None, *, drill: str, learner: str,
             answered_view: bool = False, due: str | None = None) -> None:
        """Redraw from the session's state."""
        text = Text()
        if session is None:
            text.append("Riichi Drill", "bold")
            self.update(text)
            return
        done = len(session.answered)
        number = done if answered_view else done + 1
        length = session.plan.length
        text.append((_("Q%(n)d/%(of)d") if length else _("Q%(n)d"))
                    % {"n": number, "of": length}, "bold")
        text.append(f" · {drill} · {learner}")
        right, total = session.score
        text.append(" · " + _("score %(right)d/%(total)d") % {"right": right, "total": total},
                    "bold")
        if not answered_view:
            text.append(f" · {clock_text(session.question_seconds())}", "bold")
        remaining = session.remaining()
        if remaining is not None:
            text.append(" · " + _("%(time)s left") % {"time": clock_text(remaining)})
        if due:
            text.append(f" · {due}")
        self.update(text)
