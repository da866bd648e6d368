"""The line at the top of the drill: which question, the drill, the score, the timers."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..session import Session
from ..words.core import _
from .wrapped import Piece, status_visual

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
        """Redraw from the session's state.

        The pieces that do not fit the line are left out whole, the least needed
        first (what is due, the learner, the drill), never cut inside a word
        (:func:`quiz.widgets.wrapped.status_pieces`).
        """
        if session is None:
            self.update(status_visual(self, [Piece(Text("Riichi Drill", "bold"))]))
            return
        done = len(session.answered)
        number = done if answered_view else done + 1
        length = session.plan.length
        pieces = [Piece(Text((_("Q%(n)d/%(of)d") if length else _("Q%(n)d"))
                             % {"n": number, "of": length}, "bold")),
                  Piece(Text(drill), 2), Piece(Text(learner), 3)]
        right, total = session.score
        pieces.append(Piece(Text(_("score %(right)d/%(total)d") % {"right": right,
                                                                   "total": total}, "bold"), 1))
        if not answered_view:
            pieces.append(Piece(Text(clock_text(session.question_seconds()), "bold"), 1))
        remaining = session.remaining()
        if remaining is not None:
            pieces.append(Piece(Text(_("%(time)s left") % {"time": clock_text(remaining)}), 1))
        if due:
            pieces.append(Piece(Text(due), 4))
        self.update(status_visual(self, pieces))
