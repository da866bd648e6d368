"""A lesson's reading: a screen or two of text, then its worked examples, then practice.

The text is wrapped by the language's rules (:func:`quiz.words.width.wrap`: a
Thai phrase, a long Ukrainian word or a payment and its unit never cut), its
tiles drawn in the learner's tile style; each worked example is a curated
hand drawn as the drill draws it, with its worked explanation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...course.lessons import Lesson, tiles_marked
from ...widgets.explanation import ExplanationView
from ...widgets.footer import Footer
from ...widgets.hand import HandView
from ...widgets.situation import SituationPanel
from ...words.core import _
from ...words.tilefaces import TileStyle, tiles_text
from ...words.width import wrap
from ..drill import draw_question

if TYPE_CHECKING:
    from textual.events import Resize

    from ...drills import Question

__all__ = ["ReadingScreen", "reading_lines"]


def reading_lines(lesson: Lesson, style: TileStyle, width: int) -> list[str]:
    """The reading as lines of at most ``width`` cells: the title, then each paragraph
    (a blank line between), tiles drawn in ``style`` (a set's tiles kept on one line)."""

    def draw(tiles: Sequence[object]) -> str:
        return tiles_text(tiles, style).replace(" ", "\u00a0")  # type: ignore[arg-type]

    out = wrap(_("Lesson %(n)d · %(title)s") % {"n": lesson.number, "title": lesson.title()},
               width)
    for paragraph in lesson.reading():
        out.append("")
        out.extend(wrap(tiles_marked(paragraph, draw), width))
    return out


class ReadingText(Static):
    """The reading, wrapped again at each width."""

    def __init__(self, lesson: Lesson, style: TileStyle, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.lesson = lesson
        self.style_of_tiles = style

    def on_resize(self, event: Resize) -> None:
        width = max(20, event.size.width)
        self.update("\n".join(reading_lines(self.lesson, self.style_of_tiles, width)))


class ReadingScreen(Screen[bool]):
    """One lesson's reading and worked examples; dismissed True to practise."""

    DEFAULT_CSS = """
    ReadingScreen #reading-body { height: 1fr; padding: 0 1; }
    ReadingScreen .example-title { text-style: bold; color: $accent; margin: 1 0 0 0; }
    ReadingScreen #reading-next { color: $text-muted; margin: 1 0 0 0; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,p", "practise", "Practise", id="course.reading.practise"),
        Binding("escape", "back", "Back", id="course.reading.back"),
    ]

    def __init__(self, lesson: Lesson, style: TileStyle,
                 examples: Callable[[], Sequence[Question]] | None = None) -> None:
        super().__init__()
        self.lesson = lesson
        self.tile_style = style
        self.examples = examples

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="reading-body"):
            yield ReadingText(self.lesson, self.tile_style, id="reading-text")
            yield Static(_("Enter: practise this lesson · Esc: the course map"),
                         id="reading-next")
        yield Footer(compact=True, show_command_palette=False)

    async def on_mount(self) -> None:
        body = self.query_one("#reading-body", VerticalScroll)
        body.focus()
        if self.examples is None:
            return

        widgets = []
        for n, q in enumerate(self.examples(), 1):
            hand, situation, explained = HandView(), SituationPanel(), ExplanationView()
            widgets += [Static(_("Worked example %(n)d") % {"n": n}, classes="example-title"),
                        hand, situation, explained]
            draw_question(q, hand, situation, self.tile_style)
            explained.tile_style = self.tile_style
            explained.show(q)
        await body.mount_all(widgets, before=self.query_one("#reading-next"))

    def action_practise(self) -> None:
        """Practise the lesson."""
        self.dismiss(True)

    def action_back(self) -> None:
        """Back to the course map."""
        self.dismiss(False)
