"""Text wrapped by the language's rules, and a status line that drops whole pieces.

Textual wraps a :class:`~textual.widgets.Static` at spaces and folds a run
longer than the line wherever it ends: a Japanese sentence (no spaces) was
folded before a ``。`` or inside ``4000オール``, a Thai phrase inside a word, and
``tối thiểu 30 | fu`` parted a number from its unit. :class:`WrappedStatic`
wraps its text by :func:`quiz.words.width.wrap` instead (Japanese kinsoku, a
number with its unit, Thai at its spaces and between its words), in its markup's styles, again at
each width (a resized terminal is wrapped anew).

A status line has one line: :class:`StatusLine` shows the pieces that fit,
whole, and leaves out the least needed ones, rather than cutting the last
piece in the middle of a word (``1件…``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.content import Content
from textual.style import Style
from textual.visual import RichVisual, VisualType
from textual.widget import Widget
from textual.widgets import Static

from ..words.width import cut, display_width
from .hanging import wrap_styled

__all__ = ["SEPARATOR", "Piece", "StatusLine", "WrappedStatic", "WrappedText", "WrappedVisual",
           "status_pieces", "status_visual"]

#: What stands between two pieces of a status line.
SEPARATOR = " · "


class WrappedText:
    """A text (Rich markup or :class:`Text`) wrapped by the language's rules at any width.

    >>> from rich.console import Console
    >>> console = Console(width=12, color_system=None, legacy_windows=False)
    >>> with console.capture() as out:
    ...     console.print(WrappedText(Text("親は各自から4000オールを受け取る。")))
    >>> out.get().splitlines()
    ['親は各自から', '4000オールを', '受け取る。']
    """

    def __init__(self, text: Text) -> None:
        self.text = text

    @property
    def plain(self) -> str:
        """The text as plain text, unwrapped."""
        return self.text.plain

    def lines(self, width: int) -> list[Text]:
        """The lines at ``width`` cells, each paragraph wrapped on its own."""
        width = max(1, width)
        out: list[Text] = []
        for paragraph in self.text.split("\n", allow_blank=True):
            out.extend(wrap_styled(paragraph, width) or [Text("")])
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            line.end = "\n"
            line.no_wrap = True
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((display_width(line) for line in self.text.plain.split("\n")), default=0)
        return Measurement(min(widest, 1), min(widest, options.max_width))


class WrappedVisual(RichVisual):
    """A wrapped text as Textual draws it; ``str()`` gives its plain text."""

    def __init__(self, widget: Widget, renderable: WrappedText | StatusLine) -> None:
        super().__init__(widget, renderable)
        self.shown = renderable

    def __str__(self) -> str:
        return self.shown.plain


def _as_text(content: str | Text, markup: bool) -> Text:
    """A string of markup read as a ``Static`` reads it (Textual's markup, its colours:
    ``red`` is the same red as in any other widget), as a Rich :class:`Text`."""
    if isinstance(content, Text):
        return content
    if not markup:
        return Text(content)
    parsed = Content.from_markup(content)
    text = Text(parsed.plain)
    for span in parsed.spans:
        style = Style.parse(span.style) if isinstance(span.style, str) else span.style
        text.stylize(style.rich_style, span.start, span.end)
    return text


class WrappedStatic(Static):
    """A :class:`~textual.widgets.Static` whose text wraps by the language's rules.

    Strings are read as Rich markup (as a ``Static`` reads them); ``str(render())``
    gives the plain text. Anything else (a renderable, a visual) is shown as it is.
    """

    def __init__(self, content: str | Text = "", *, markup: bool = True,
                 name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__("", markup=markup, name=name, id=id, classes=classes)
        self.update(content, layout=False)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content``, a string of markup or a :class:`Text` wrapped by its language."""
        if isinstance(content, (str, Text)):
            text = _as_text(content, self._render_markup)
            content = WrappedVisual(self, WrappedText(text))
        super().update(content, layout=layout)


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece of a status line, and how much it is needed (0 most: shown first)."""

    text: Text
    need: int = 0


def status_pieces(pieces: Sequence[Piece], width: int) -> Text:
    """The pieces that fit ``width`` cells, whole, in their order, joined by :data:`SEPARATOR`.

    The least needed are left out first (the last of them first); a first piece
    wider than the line is cut with an ellipsis, never inside a letter.

    >>> said = [Piece(Text("第1/10問")), Piece(Text("手全体"), 2), Piece(Text("Ann"), 3),
    ...         Piece(Text("得点 0/0"), 1), Piece(Text("0:06"), 1), Piece(Text("復習なし"), 4)]
    >>> status_pieces(said, 80).plain
    '第1/10問 · 手全体 · Ann · 得点 0/0 · 0:06 · 復習なし'
    >>> status_pieces(said, 36).plain
    '第1/10問 · 手全体 · 得点 0/0 · 0:06'
    >>> status_pieces(said, 30).plain
    '第1/10問 · 得点 0/0 · 0:06'
    >>> status_pieces(said, 4).plain
    '第1…'
    """
    kept = list(range(len(pieces)))

    def joined(indices: list[int]) -> Text:
        line = Text()
        for n, i in enumerate(indices):
            if n:  # the separator in the style of the piece it leads to
                line.append(SEPARATOR, pieces[i].text.style)
            line.append_text(pieces[i].text)
        return line

    while len(kept) > 1 and display_width(joined(kept).plain) > width:
        least = max(kept, key=lambda i: (pieces[i].need, i))
        if pieces[least].need == 0 and least == kept[0]:
            least = kept[-1]
        kept.remove(least)
    line = joined(kept)
    if display_width(line.plain) > width:
        shown = cut(line.plain, max(0, width))
        line = Text(shown, style=line.style) if not line.spans else _cut_styled(line, shown)
    return line


def _cut_styled(line: Text, shown: str) -> Text:
    """``line`` cut to the plain text ``shown`` (its first characters and an ellipsis)."""
    kept = len(shown) - 1 if shown.endswith("…") else len(shown)
    out = line[:kept]
    if kept < len(line.plain):
        out.append("…")
    return out


class StatusLine:
    """A one-line status, its pieces fitted to the width at each render (see
    :func:`status_pieces`)."""

    def __init__(self, pieces: Sequence[Piece]) -> None:
        self.pieces = tuple(pieces)

    @property
    def plain(self) -> str:
        """Every piece, as plain text."""
        return SEPARATOR.join(p.text.plain for p in self.pieces)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = status_pieces(self.pieces, options.max_width)
        line.no_wrap = True
        yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, min(display_width(self.plain), options.max_width))


def status_visual(widget: Widget, pieces: Sequence[Piece]) -> WrappedVisual:
    """A status line for ``widget`` (its pieces fitted at each width; ``str()`` gives all)."""
    return WrappedVisual(widget, StatusLine(pieces))
