"""Rows of a head and a text, the text wrapped under itself (a hanging indent).

The marks (``✗ Payment  you said ...``), a summary's question lines and other
lists whose text may be longer than the line: a text that wraps goes on in
the column where it started, not at column 0, wrapped as its language wraps
(:func:`quiz.words.width.wrap`: Japanese between characters, Thai at its spaces
and between its words, never inside a letter with its marks, a long Ukrainian
word between letters), in its own styles.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text
from textual.visual import RichVisual
from textual.widget import Widget

from ..words.width import display_width, wrap

__all__ = ["MIN_ROOM", "HangingRow", "HangingRows", "HangingVisual", "wrap_styled"]


@dataclass(frozen=True, slots=True)
class HangingRow:
    """A head (``✓ Fu   ``, ``Likely reason: ``, ``  Q2  0:45  ``) and its text.

    Styles are spans, not a :class:`Text`'s own style (which would colour what
    is added to it): the head and its text are joined as they are drawn.
    """

    head: Text
    body: Text


#: The least room a text keeps beside its head; with less, the text goes under the head.
MIN_ROOM = 12


def _styles(text: Text) -> list[Style]:
    """The style of each character of ``text``."""
    styles = [Style.null()] * len(text.plain)
    for span in text.spans:
        style = Style.parse(span.style) if isinstance(span.style, str) else span.style
        for i in range(span.start, min(span.end, len(styles))):
            styles[i] = styles[i] + style
    return styles


def _styled_line(line: str, plain: str, styles: list[Style], at: int,
                 keep_spaces: bool) -> tuple[Text, int]:
    """One line :func:`wrap` made of ``plain`` (from offset ``at``), in ``plain``'s styles.

    ``wrap`` shows a run of spaces as one; with ``keep_spaces`` the run is shown
    as it was (``1  right``). Returns the line and the offset after it.
    """
    shown = Text()
    run, run_style = "", Style.null()
    for ch in line:
        piece = ch
        if ch == " " and at < len(plain) and plain[at].isspace():
            style = styles[at]
            start = at
            while at < len(plain) and plain[at].isspace():
                at += 1
            if keep_spaces:
                piece = " " * (at - start)
        else:
            while at < len(plain) and plain[at] != ch:  # never: wrap() keeps every letter
                at += 1
            style = styles[at] if at < len(plain) else Style.null()
            at += 1
        if style != run_style and run:
            shown.append(run, run_style)
            run = ""
        run, run_style = run + piece, style
    if run:
        shown.append(run, run_style)
    return shown, at


def wrap_styled(text: Text, width: int) -> list[Text]:
    """``text`` wrapped as its language wraps (:func:`quiz.words.width.wrap`), styles kept.

    Spaces inside a line are kept as they were, when the line still fits.

    >>> [line.plain for line in wrap_styled(Text("Закрита рука зі зносу"), 16)]
    ['Закрита рука зі', 'зносу']
    >>> [line.plain for line in wrap_styled(Text("30  right"), 20)]
    ['30  right']
    """
    plain = text.plain
    styles = _styles(text)
    out: list[Text] = []
    at = 0
    for line in wrap(plain, width):
        while at < len(plain) and plain[at].isspace():  # the spaces a line broke at
            at += 1
        shown, after = _styled_line(line, plain, styles, at, keep_spaces=True)
        if display_width(shown.plain) > width:
            shown, after = _styled_line(line, plain, styles, at, keep_spaces=False)
        at = after
        out.append(shown)
    return out


class HangingRows:
    """Rows of a head and a text, the text wrapped under itself (a hanging indent).

    A text that does not fit beside its head goes on in the column where it
    started, so the heads stand out on the left in every language. When the
    line is too narrow to leave :data:`MIN_ROOM` cells beside a head, the text
    goes on the lines under the head, indented by two.
    """

    def __init__(self, rows: list[HangingRow]) -> None:
        self.rows = rows

    @property
    def plain(self) -> str:
        """The rows as plain text, unwrapped."""
        return "\n".join(row.head.plain + row.body.plain for row in self.rows)

    def lines(self, width: int) -> Iterator[Text]:
        """The lines at ``width`` cells."""
        width = max(1, width)
        for row in self.rows:
            indent = display_width(row.head.plain)
            if width - indent < MIN_ROOM:
                yield row.head
                indent = min(2, width - 1)
                for line in wrap_styled(row.body, width - indent):
                    yield Text(" " * indent) + line
                continue
            for i, line in enumerate(wrap_styled(row.body, width - indent)):
                yield (row.head if i == 0 else Text(" " * indent)) + line

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((display_width(r.head.plain + r.body.plain) for r in self.rows), default=0)
        return Measurement(min(widest, MIN_ROOM), min(widest, options.max_width))


class HangingVisual(RichVisual):
    """Hanging rows as Textual draws them; ``str()`` gives their plain text."""

    def __init__(self, widget: Widget, rows: HangingRows) -> None:
        super().__init__(widget, rows)
        self.rows = rows

    def __str__(self) -> str:
        return self.rows.plain
