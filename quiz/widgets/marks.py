"""The marks of an answer: each part right or wrong, the likely reason, the concepts missed.

Every tile in the marks and reasons is drawn in the learner's tile style.
Each line is a head (the mark and the part, "Likely reason:", "To practise:")
and a text; a text too long for the line goes on under itself, not under the
head (:class:`HangingRows`), wrapped as its language wraps.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.visual import RichVisual
from textual.widgets import Static

from scoring.tiles import parse_tiles

from ..grading import Marked, Part, part_label
from ..grading.sentences import mark_note
from ..i18n import SOURCE_LANGUAGE, _, active_language, npgettext, pgettext
from ..i18n_topics import topic_title
from ..i18n_width import display_width, pad, wrap
from ..tilefaces import TileStyle, tiles_in, tiles_text

__all__ = ["HangingRows", "MarkLine", "MarksView", "mark_lines", "marks_text", "shown"]

#: Parts whose stored values are tiles in MPSZ.
_TILE_PARTS = (Part.DORA, Part.WAITS)

_YAKUMAN = {"yakuman": "yakuman", "2x yakuman": "double_yakuman", "3x yakuman": "triple_yakuman",
            "4x yakuman": "quadruple_yakuman", "5x yakuman": "quintuple_yakuman",
            "6x yakuman": "sextuple_yakuman"}


def shown(part: Part, value: str, style: TileStyle = TileStyle.ASCII) -> str:
    """A stored answer as the learner reads it, in the learner's language.

    Yaku by their names, tiles in the learner's style, payments as said at the
    table, a yakuman and a wait by the field's word for them.
    """
    from ..i18n_terms import limit_name, wait_name, yaku_title

    if not value or value == "?":
        return value
    english = active_language() == SOURCE_LANGUAGE
    if part is Part.YAKU:
        return pgettext("marks", ", ").join(yaku_title(n) for n in value.split(", "))
    if part in _TILE_PARTS:
        try:
            return tiles_text(parse_tiles(value.replace(" ", "")), style)
        except ValueError:
            return value
    if english:  # the English marks say the stored values as they are
        return value
    if mark_note(value) != value:  # "(no answer)"
        return mark_note(value)
    if part is Part.HAN and value in _YAKUMAN:
        return limit_name(_YAKUMAN[value])
    if part is Part.WAIT:
        return wait_name(value)
    if part is Part.PAYMENT:
        from ..grading.sentences import say
        from ..grading.wording import Term, Wording

        return say(Wording.of("text", text=Term("payment", value)))
    return mark_note(value)


@dataclass(frozen=True, slots=True)
class MarkLine:
    """One line of the marks: its head (``✓ Fu   ``, ``Likely reason: ``) and its text.

    Styles are spans, not a :class:`Text`'s own style (which would colour what
    is added to it): the head and its text are joined as they are drawn.
    """

    head: Text
    body: Text


def mark_lines(marked: Marked, *, concept_title: dict[str, str] | None = None,
               style: TileStyle = TileStyle.ASCII) -> list[MarkLine]:
    """The marks line by line: ``✓ Fu 40 right`` / ``✗ Payment: you said 3200, it is 3600``.

    ``concept_title`` may name some concepts; the others are named by
    :func:`quiz.i18n_topics.topic_title`.

    Every word is in the learner's language, the labels padded by display width
    (CJK characters take two cells, Thai marks none), so every mark's text
    starts in the same column.
    """
    labels = {m.part: _(part_label(m.part)) for m in marked.marks}
    width = max((display_width(label) for label in labels.values()), default=4)
    draw = tiles_in(style)
    right = pgettext("marks", "%(answer)s  right")
    wrong = pgettext("marks", "you said %(given)s, it is %(expected)s")
    lines: list[MarkLine] = []
    for m in marked.marks:
        given, expected = shown(m.part, m.given, style), shown(m.part, m.expected, style)
        head = Text()
        text = Text()
        if m.correct:
            head.append("✓ ", "bold green")
            head.append(pad(labels[m.part], width) + "  ", "bold")
            text.append(right % {"answer": expected or "-"})
        else:
            head.append("✗ ", "bold red")
            head.append(pad(labels[m.part], width) + "  ", "bold")
            before, _sep, after = wrong.partition("%(expected)s")
            text.append(before % {"given": given or "-"} if "%(given)s" in before else before)
            text.append(expected or "-", "bold")
            text.append(after % {"given": given or "-"} if "%(given)s" in after else after)
        if m.note:
            text.append(f"  ({mark_note(m.note)})", "italic")
        lines.append(MarkLine(head, text))
    for d in marked.diagnoses:
        label = (pgettext("marks", "Likely reason: ") if d is marked.diagnoses[0]
                 else pgettext("marks", "Also: "))
        lines.append(MarkLine(Text.assemble((label, "bold yellow")), Text(d.wording.render(draw))))
        for alt in d.alternatives:
            lines.append(MarkLine(Text.assemble(("  " + pgettext("marks", "or: "), "yellow")),
                                  Text(alt.render(draw))))
    if marked.concepts:
        titles = concept_title or {}
        names = [titles.get(c) or topic_title(c) for c in marked.concepts]
        more = len(names) - 5
        listed = pgettext("marks", ", ").join(names[:5])
        if more > 0:
            listed = npgettext("marks", "%(list)s and %(n)d more", "%(list)s and %(n)d more",
                               more) % {"list": listed, "n": more}
        head = Text.assemble((pgettext("marks", "To practise: "), "bold"))
        lines.append(MarkLine(head, Text(listed)))
    return lines


def marks_text(marked: Marked, *, concept_title: dict[str, str] | None = None,
               style: TileStyle = TileStyle.ASCII) -> Text:
    """The marks as one text, a line each (unwrapped: see :func:`mark_lines`)."""
    text = Text()
    for line in mark_lines(marked, concept_title=concept_title, style=style):
        text.append_text(line.head)
        text.append_text(line.body)
        text.append("\n")
    text.rstrip()
    return text


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
    """``text`` wrapped as its language wraps (:func:`quiz.i18n_width.wrap`), styles kept.

    Spaces inside a line are kept as they were, when the line still fits.

    >>> [line.plain for line in wrap_styled(Text("Відкрите пінфу отримує два"), 16)]
    ['Відкрите пінфу', 'отримує два']
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

    def __init__(self, rows: list[MarkLine]) -> None:
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


class MarksVisual(RichVisual):
    """The marks as Textual draws them; ``str()`` gives their plain text."""

    def __init__(self, widget: Static, rows: HangingRows) -> None:
        super().__init__(widget, rows)
        self.rows = rows

    def __str__(self) -> str:
        return self.rows.plain


class MarksView(Static):
    """Shows a :class:`quiz.grading.Marked` answer, tiles in :attr:`tile_style`."""

    DEFAULT_CSS = "MarksView { height: auto; }"

    tile_style: reactive[TileStyle] = reactive(TileStyle.ASCII)
    _marked: Marked | None = None

    def show(self, marked: Marked, *, tile_style: TileStyle | None = None) -> None:
        """Show the marks of an answer (in ``tile_style`` when given)."""
        self._marked = marked
        if tile_style is not None:
            self.set_reactive(MarksView.tile_style, tile_style)
        self._draw()

    def watch_tile_style(self) -> None:
        """Redraw the marks in the new style."""
        self._draw()

    def _draw(self) -> None:
        if self._marked is not None:
            rows = HangingRows(mark_lines(self._marked, style=self.tile_style))
            self.update(MarksVisual(self, rows))
