"""The marks of an answer: each part right or wrong, the likely reason, the concepts missed.

Every tile in the marks and reasons is drawn in the learner's tile style.
Each line is a head (the mark and the part, "Likely reason:", "To practise:")
and a text; a text too long for the line goes on under itself, not under the
head (:class:`quiz.widgets.hanging.HangingRows`), wrapped as its language wraps.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from scoring.tiles import parse_tiles

from ..grading import Marked, Part, part_label
from ..grading.settle import read_settlement, seat_marks
from ..words.core import SOURCE_LANGUAGE, _, active_language, npgettext, pgettext
from ..words.sentences import mark_note, say
from ..words.terms import honour_name, limit_name, wait_name, yaku_title
from ..words.tilefaces import TileStyle, tiles_in, tiles_text
from ..words.topics import topic_title
from ..words.width import display_width, pad
from .hanging import HangingRow, HangingRows, HangingVisual

__all__ = ["MarksView", "mark_lines", "marks_text", "shown"]

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
        from ..grading.wording import Term, Wording
        from ..words.sentences import say

        return say(Wording.of("text", text=Term("payment", value)))
    return mark_note(value)


#: The parts whose answer the marks echo exactly as typed: the numbers (``9600`` stays
#: ``9600``, never ``9600オール``). Tiles are drawn in the learner's tile style, yaku
#: picked from a list and a wait (``r`` for ryanmen) are named by the language's term.
_ECHOED = frozenset({Part.FU, Part.HAN, Part.DORA_HAN, Part.PAYMENT})


def _seat_rows(given: str, expected: str, right: str, wrong: str) -> list[HangingRow]:
    """A settlement marked seat by seat, East first (when the answer could be read)."""

    marks = seat_marks(given, expected)
    got, want = read_settlement(given), read_settlement(expected)
    if None in marks or not isinstance(got, tuple) or not isinstance(want, tuple):
        return []
    rows = []
    for wind, ok in enumerate(marks):
        head = Text("  ")
        head.append("✓ " if ok else "✗ ", "bold green" if ok else "bold red")
        head.append(honour_name(27 + wind) + "  ")
        said = [f"{v:+d}" if v else "0" for v in (got[wind], want[wind])]
        text = Text(right % {"answer": said[1]} if ok
                    else wrong % {"given": said[0], "expected": said[1]})
        rows.append(HangingRow(head, text))
    return rows


def mark_lines(marked: Marked, *, concept_title: dict[str, str] | None = None,
               style: TileStyle = TileStyle.ASCII) -> list[HangingRow]:
    """The marks line by line: ``✓ Fu 40 right`` / ``✗ Payment: you said 3200, it is 3600``.

    ``concept_title`` may name some concepts; the others are named by
    :func:`quiz.words.topics.topic_title`.

    Every word is in the learner's language, the labels padded by display width
    (CJK characters take two cells, Thai marks none), so every mark's text
    starts in the same column.
    """
    labels = {m.part: _(part_label(m.part)) for m in marked.marks}
    width = max((display_width(label) for label in labels.values()), default=4)
    draw = tiles_in(style)
    right = pgettext("marks", "%(answer)s  right")
    wrong = pgettext("marks", "you said %(given)s, it is %(expected)s")
    lines: list[HangingRow] = []
    for m in marked.marks:
        given, expected = shown(m.part, m.given, style), shown(m.part, m.expected, style)
        if m.typed and m.part in _ECHOED:
            given = m.typed
        head = Text()
        text = Text()
        if m.correct:
            head.append("✓ ", "bold green")
            head.append(pad(labels[m.part], width) + "  ", "bold")
            text.append(right % {"answer": given if m.typed and m.part in _ECHOED
                                 else expected or "-"})
        else:
            head.append("✗ ", "bold red")
            head.append(pad(labels[m.part], width) + "  ", "bold")
            before, _sep, after = wrong.partition("%(expected)s")
            text.append(before % {"given": given or "-"} if "%(given)s" in before else before)
            text.append(expected or "-", "bold")
            text.append(after % {"given": given or "-"} if "%(given)s" in after else after)
        if m.note:
            text.append(f"  ({mark_note(m.note)})", "italic")
        lines.append(HangingRow(head, text))
        if m.part is Part.SETTLEMENT and not m.correct:
            lines += _seat_rows(m.given, m.expected, right, wrong)
    for d in marked.diagnoses:
        label = (pgettext("marks", "Likely reason: ") if d is marked.diagnoses[0]
                 else pgettext("marks", "Also: "))
        lines.append(HangingRow(Text.assemble((label, "bold yellow")),
                                Text(say(d.wording, draw))))
        for alt in d.alternatives:
            lines.append(HangingRow(Text.assemble(("  " + pgettext("marks", "or: "), "yellow")),
                                  Text(say(alt, draw))))
    if marked.concepts:
        titles = concept_title or {}
        names = [titles.get(c) or topic_title(c) for c in marked.concepts]
        more = len(names) - 5
        listed = pgettext("marks", ", ").join(names[:5])
        if more > 0:
            listed = npgettext("marks", "%(list)s and %(n)d more", "%(list)s and %(n)d more",
                               more) % {"list": listed, "n": more}
        head = Text.assemble((pgettext("marks", "To practise: "), "bold"))
        lines.append(HangingRow(head, Text(listed)))
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
            self.update(HangingVisual(self, rows))
