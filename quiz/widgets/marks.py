"""The marks of an answer: each part right or wrong, the likely reason, the concepts missed.

Every tile in the marks and reasons is drawn in the learner's tile style.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from scoring.tiles import parse_tiles
from scoring.yaku import YAKU

from ..grading import Marked, Part, part_label
from ..tilefaces import TileStyle, tiles_in, tiles_text

__all__ = ["MarksView", "marks_text", "shown"]

#: Parts whose stored values are tiles in MPSZ.
_TILE_PARTS = (Part.DORA, Part.WAITS)


def shown(part: Part, value: str, style: TileStyle = TileStyle.ASCII) -> str:
    """A stored answer as the learner reads it (yaku by their titles, tiles in their style)."""
    if part is Part.YAKU and value and value != "?":
        return ", ".join(YAKU[n].title if n in YAKU else n for n in value.split(", "))
    if part in _TILE_PARTS and value and value != "?":
        try:
            return tiles_text(parse_tiles(value.replace(" ", "")), style)
        except ValueError:
            return value
    return value


def marks_text(marked: Marked, *, concept_title: dict[str, str] | None = None,
               style: TileStyle = TileStyle.ASCII) -> Text:
    """The marks as text: ``✓ Fu 40 right`` / ``✗ Payment: you said 3200, it is 3600``."""
    width = max((len(part_label(m.part)) for m in marked.marks), default=4)
    draw = tiles_in(style)
    text = Text()
    for m in marked.marks:
        given, expected = shown(m.part, m.given, style), shown(m.part, m.expected, style)
        if m.correct:
            text.append("✓ ", "bold green")
            text.append(f"{part_label(m.part):<{width}}  ", "bold")
            text.append(f"{expected or '-'}  right")
        else:
            text.append("✗ ", "bold red")
            text.append(f"{part_label(m.part):<{width}}  ", "bold")
            text.append(f"you said {given or '-'}, it is ")
            text.append(expected or "-", "bold")
        if m.note:
            text.append(f"  ({m.note})", "italic")
        text.append("\n")
    for d in marked.diagnoses:
        label = "Likely reason: " if d is marked.diagnoses[0] else "Also: "
        text.append(label, "bold yellow")
        text.append(d.wording.render(draw) + "\n")
        for alt in d.alternatives:
            text.append("  or: ", "yellow")
            text.append(alt.render(draw) + "\n")
    if marked.concepts:
        titles = concept_title or {}
        names = [titles.get(c, c) for c in marked.concepts]
        more = len(names) - 5
        text.append("To practise: ", "bold")
        text.append(", ".join(names[:5]) + (f" and {more} more" if more > 0 else "") + "\n")
    text.rstrip()
    return text


class MarksView(Static):
    """Shows a :class:`quiz.grading.Marked` answer, tiles in :attr:`tile_style`."""

    DEFAULT_CSS = "MarksView { height: auto; }"

    tile_style: reactive[TileStyle] = reactive(TileStyle.ASCII)
    _marked: Marked | None = None
    _titles: dict[str, str] | None = None

    def show(self, marked: Marked, *, tile_style: TileStyle | None = None) -> None:
        """Show the marks of an answer (in ``tile_style`` when given)."""
        from data.errors import UnknownTopicError
        from data.topics import get_topic

        from ..i18n_topics import topic_title

        titles = {}
        for c in marked.concepts:
            try:
                titles[c] = topic_title(get_topic(c).id)
            except UnknownTopicError:
                titles[c] = c
        self._marked, self._titles = marked, titles
        if tile_style is not None:
            self.set_reactive(MarksView.tile_style, tile_style)
        self._draw()

    def watch_tile_style(self) -> None:
        """Redraw the marks in the new style."""
        self._draw()

    def _draw(self) -> None:
        if self._marked is not None:
            self.update(marks_text(self._marked, concept_title=self._titles,
                                   style=self.tile_style))
