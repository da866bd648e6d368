"""The worked explanation: the reading, each fu item beside its tiles, yaku, points.

It draws the lines of :func:`quiz.words.explanation.explanation_lines` (the drill's
own steps, then the scoring's), every tile in the learner's tile style: the
reading as tile groups, the fu items in a table (fu, item, the tiles it
counts, why), then the yaku and dora, the formula, the limit, each payment
with its rounding, the honba and sticks, and for the points table the memory
tricks. A wrapped line keeps its indent.
"""

from __future__ import annotations

from typing import cast

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.padding import Padding
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, RichVisual, Visual

from scoring.result import GroupKind, ReadingKind

from ..drills import Question
from ..words.core import active_language
from ..words.explanation import (
    ExplanationLine,
    explanation_lines,
    fu_reason,
    section_title,
    wait_on,
)
from ..words.terms import fu_item_name
from ..words.tilefaces import TileStyle, tiles_in, tiles_text
from ..words.width import char_width, has_glued_unit, wrap
from .tile import TILE_CSS, TileStyled

__all__ = ["ExplanationView"]

#: The section each kind of line is shown under (the heading is said by ``section_title``).
_SECTION = {
    "waits": "waits", "indicator": "indicator", "reading": "reading", "fu": "fu",
    "fu_total": "fu", "yaku": "han", "dora": "han", "han_total": "han", "base": "points",
    "limit": "points", "payment": "points", "bonus": "points", "total": "points",
    "trick": "trick", "note": "note", "settle": "settle",
}
_HEADING_KIND = {"han": "han_total", "points": "payment"}


class Paragraph:
    """A line of text wrapped as its language wraps, each wrapped line in its column.

    Japanese breaks between characters (no punctuation starts a line), Thai at
    its spaces or between its words and never inside a character with its marks
    (:func:`quiz.words.width.wrap`). Text whose every character is one cell
    wide (English, Vietnamese, Ukrainian) is wrapped by Rich as before, unless it
    holds a number with its unit (``tối thiểu 30 fu``), which stays on one line.
    """

    def __init__(self, text: str, style: str | Style = "") -> None:
        self.text = text
        self.style = style
        # Thai goes to wrap() even without marks: a payment stays with its word there;
        # so does a number with its unit (``30 fu``), which Rich would part
        self.measured = (all(char_width(ch) == 1 and not "\u0e00" <= ch <= "\u0e7f" for ch in text)
                         and not has_glued_unit(text))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.measured:
            yield Text(self.text, self.style)
            return
        for line in wrap(self.text, max(1, options.max_width)):
            yield Text(line, self.style, end="\n")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        if self.measured:
            return Measurement.get(console, options, Text(self.text, self.style))
        return Measurement(1, options.max_width)


class RenderedOnce(RichVisual):
    """A Rich renderable rendered once per width and base style.

    Textual measures a widget's height by rendering it, then renders it again
    to draw it; a long explanation (tables of fu items, wrapped paragraphs)
    costs the most of an explanation's drawing, so this keeps the lines of
    the first render and draws them. The widget keeps it (Textual's own
    cache of a widget's visual is emptied between measuring and drawing).
    """

    def __init__(self, widget: TileStyled, renderable: RenderableType) -> None:
        super().__init__(widget, renderable)
        self._lines: tuple[int, VisualStyle, list[Strip]] | None = None
        #: How many times the renderable was rendered (a test counts them).
        self.renders = 0

    def render_strips(self, width: int, height: int | None, style: VisualStyle,
                      options: RenderOptions) -> list[Strip]:
        """The lines at this width (rendered the first time they are asked for)."""
        if self._lines is None or self._lines[0] != width or self._lines[1] != style:
            self.renders += 1
            self._lines = (width, style, super().render_strips(width, None, style, options))
        lines = self._lines[2]
        return lines if height is None else lines[:height]

    def lines_at(self, width: int) -> list[Strip]:
        """The lines at this width, on the widget's own base style."""
        widget = self._widget
        options = RenderOptions(widget._get_style, cast(RulesMap, widget.styles))
        return self.render_strips(width, None, widget.visual_style, options)

    def get_height(self, rules: RulesMap, width: int) -> int:
        """How many lines the renderable takes at this width (its lines, kept)."""
        return len(self.lines_at(width))


class ExplanationView(TileStyled):
    """The worked explanation of one question."""

    DEFAULT_CSS = ("ExplanationView { height: auto; width: 1fr; }\n"
                   "ExplanationView > .explanation--heading { text-style: bold; color: $accent; }\n"
                   + TILE_CSS.format(name="ExplanationView"))
    COMPONENT_CLASSES = TileStyled.COMPONENT_CLASSES | {"explanation--heading"}

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.question: Question | None = None
        self._lines: tuple[TileStyle, tuple[ExplanationLine, ...]] | None = None
        #: The explanation as drawn, kept until the question, tile style or styles change.
        self._rendered: RenderedOnce | None = None
        #: The language :attr:`_rendered` is in.
        self._language = ""

    def show(self, question: Question) -> None:
        """Explain a question (drawn from what :meth:`prepare` rendered, when it was this one)."""
        if self._ready(question):
            self.clear_cached_dimensions()
            self.refresh(layout=True)
            return
        self.question = question
        self._lines = None
        self._redraw()

    def prepare(self, question: Question) -> None:
        """Render a question's explanation ahead, at the width last drawn, for :meth:`show`.

        The worked explanation does not depend on the answer: the drill renders
        it while the learner types, so showing it after the answer costs less.
        """
        width = self.size.width
        if width <= 0 or self._ready(question):
            return
        self.question = question
        self._lines = None
        self._render_explanation().lines_at(width)

    def _ready(self, question: Question) -> bool:
        """Whether :attr:`_rendered` explains this question in the language now spoken."""
        return (question is self.question and self._rendered is not None
                and self._language == active_language())

    def _render_explanation(self) -> RenderedOnce:
        self._rendered = RenderedOnce(self, self._explanation())
        self._language = active_language()
        return self._rendered

    def _redraw(self) -> None:
        """Build the explanation again, and re-measure it."""
        self._rendered = None
        self.clear_cached_dimensions()
        self.refresh(layout=True)

    def notify_style_update(self) -> None:
        """The styles changed (a theme, the colour mode): the tiles' colours with them."""
        super().notify_style_update()
        self._rendered = None

    @property
    def steps(self) -> tuple[ExplanationLine, ...]:
        """The lines shown, in the current tile style."""
        if self.question is None:
            return ()
        style = self.tile_style
        if self._lines is None or self._lines[0] is not style:
            self._lines = (style, explanation_lines(self.question, tiles_in(style)))
        return self._lines[1]

    def watch_tile_style(self) -> None:
        """Redraw (and re-measure) in the new style."""
        self._redraw()

    @property
    def fu_lines(self) -> list[str]:
        """The fu items as shown: ``+4 open triplet of terminals/honours 111m``."""
        q = self.question
        if q is None or q.result is None:
            return []
        return [f"+{i.fu} {i.name} {''.join(str(t) for t in i.tiles)}".rstrip()
                for i in q.result.fu_items]

    def _heading(self, title: str) -> Text:
        return Text(title, self.get_component_rich_style("explanation--heading", partial=True))

    def _reading(self) -> RenderableType:
        q = self.question
        assert q is not None and q.result is not None
        r = q.result.reading
        text = Text()
        if r.kind is ReadingKind.KOKUSHI:
            text.append_text(self.tile_text(q.result.hand.concealed))
        else:
            sets = [g for g in r.groups if g.kind is not GroupKind.PAIR]
            pairs = [g for g in r.groups if g.kind is GroupKind.PAIR]
            for g in (*sets, *pairs):
                text.append_text(self.tile_text(g.tiles, win=q.result.hand.win if g.has_win
                                                else None))
                text.append(" ")
        text.rstrip()
        text.append("  " + wait_on(r.wait.value, tiles_text((q.result.hand.win,),
                                                            self.tile_style)),
                    self.get_component_rich_style("tile--label", partial=True))
        return text

    def _fu_table(self) -> RenderableType:
        q = self.question
        assert q is not None and q.result is not None
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(justify="right", no_wrap=True, width=4)
        table.add_column(ratio=2)
        table.add_column(no_wrap=True)
        table.add_column(ratio=3)
        muted = self.get_component_rich_style("tile--label", partial=True)
        for item in q.result.fu_items:
            tiles = self.tile_text(item.tiles)
            tiles.rstrip()
            table.add_row(Text(f"+{item.fu}", "bold"), Paragraph(fu_item_name(item.kind.value)),
                          tiles, Paragraph(fu_reason(item), muted))
        return table

    def render(self) -> Visual:
        """The explanation, rendered once per width (see :class:`RenderedOnce`)."""
        if self._rendered is None:
            return self._render_explanation()
        return self._rendered

    def _explanation(self) -> RenderableType:
        q = self.question
        if q is None:
            return Text("")
        parts: list[RenderableType] = []
        section = None
        fu_done = False
        for step in self.steps:
            name = _SECTION.get(step.kind, "")
            if name != section and not (name == "fu" and fu_done):
                section = name
                if parts:
                    parts.append(Text(""))
                parts.append(self._heading(section_title(_HEADING_KIND.get(name, name))))
            if step.kind == "reading":
                parts.append(self._reading())
                if step.detail:
                    parts.append(Paragraph(step.detail,
                                           self.get_component_rich_style("tile--label",
                                                                         partial=True)))
            elif step.kind == "fu":
                if not fu_done:
                    parts.append(self._fu_table())
                    fu_done = True
            elif step.kind == "trick":
                bullet = Table.grid(expand=True)
                bullet.add_column(width=2, no_wrap=True)
                bullet.add_column(ratio=1)
                bullet.add_row("•", Paragraph(step.text))
                parts.append(bullet)
            elif step.kind in ("yaku", "dora"):
                parts.append(Padding(Paragraph(step.text), (0, 0, 0, 2)))
            else:
                parts.append(Paragraph(step.text))
        return Group(*parts)
