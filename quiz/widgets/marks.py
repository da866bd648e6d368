"""The marks of an answer: each part right or wrong, the likely reason, the concepts missed."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from scoring.yaku import YAKU

from ..grading import Marked, Part

__all__ = ["MarksView", "marks_text", "shown"]


def shown(part: Part, value: str) -> str:
    """A stored answer as the learner reads it (yaku by their titles)."""
    if part is Part.YAKU and value and value != "?":
        return ", ".join(YAKU[n].title if n in YAKU else n for n in value.split(", "))
    return value


def marks_text(marked: Marked, *, concept_title: dict[str, str] | None = None) -> Text:
    """The marks as text: ``✓ Fu 40 right`` / ``✗ Payment: you said 3200, it is 3600``."""
    width = max((len(m.part.label) for m in marked.marks), default=4)
    text = Text()
    for m in marked.marks:
        given, expected = shown(m.part, m.given), shown(m.part, m.expected)
        if m.correct:
            text.append("✓ ", "bold green")
            text.append(f"{m.part.label:<{width}}  ", "bold")
            text.append(f"{expected or '-'}  right")
        else:
            text.append("✗ ", "bold red")
            text.append(f"{m.part.label:<{width}}  ", "bold")
            text.append(f"you said {given or '-'}, it is ")
            text.append(expected or "-", "bold")
        if m.note:
            text.append(f"  ({m.note})", "italic")
        text.append("\n")
    for d in marked.diagnoses:
        label = "Likely reason: " if d is marked.diagnoses[0] else "Also: "
        text.append(label, "bold yellow")
        text.append(d.text + "\n")
        for alt in d.alternatives:
            text.append("  or: ", "yellow")
            text.append(alt + "\n")
    if marked.concepts:
        titles = concept_title or {}
        names = [titles.get(c, c) for c in marked.concepts]
        more = len(names) - 5
        text.append("To practise: ", "bold")
        text.append(", ".join(names[:5]) + (f" and {more} more" if more > 0 else "") + "\n")
    text.rstrip()
    return text


class MarksView(Static):
    """Shows a :class:`quiz.grading.Marked` answer."""

    DEFAULT_CSS = "MarksView { height: auto; }"

    def show(self, marked: Marked) -> None:
        """Show the marks of an answer."""
        from data.errors import UnknownTopicError
        from data.topics import get_topic

        titles = {}
        for c in marked.concepts:
            try:
                titles[c] = get_topic(c).title
            except UnknownTopicError:
                titles[c] = c
        self.update(marks_text(marked, concept_title=titles))
