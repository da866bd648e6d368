"""Terminal charts for the statistics screen (drawn by ``textual-plotext``).

Each chart keeps the data it draws (:attr:`Chart.data`), so tests and other
widgets can read what is plotted without looking at pixels. Charts redraw
themselves at any size; with no data they say so instead of drawing axes.

Plotext lays text out one code point per cell, but a terminal gives a CJK
character two cells and a Thai vowel sign or tone mark none: a row with such
a label would be drawn out of line. So plotext is given, for each label that
is not plain ASCII, a placeholder of private-use characters as wide as the
label is on screen, and the labels are put back in the drawn lines
(:func:`put_labels`): every line of a chart is as wide as the chart.

Plotext puts tick labels on their line in the order of a ``set`` (string hashes:
another order in each Python process) and moves aside, or leaves out, one that
would touch a label put before it. So a horizontal bar chart's value axis is
labelled only at ticks whose labels keep apart in the room it has, its limit
always among them (:func:`value_ticks`). And plotext is given an ordered
de-duplication in place of its set's (:func:`_in_order`), so that every chart
(the days under a line chart too) is drawn the same in every run.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import plotext._utility as plotext_utility  # type: ignore[import-untyped]
from rich.style import Style
from rich.text import Text
from textual.app import RenderResult
from textual_plotext import PlotextPlot

from ..words.core import _, pgettext
from ..words.width import cut, display_width, pad

__all__ = ["AxisRoom", "BarChart", "Chart", "ChartData", "LineChart", "bar_layout", "day_ticks",
           "placeholder", "put_labels", "too_narrow", "value_axis_room", "value_ticks"]



def _in_order(data: Iterable[Any]) -> list[Any]:
    """Plotext's de-duplication, keeping the first of each in its order (plotext's own
    goes through a set, in the order of the process's string hashes).

    >>> _in_order([(75, "75"), (0, "0"), (75, "75"), (100, "100")])
    [(75, '75'), (0, '0'), (100, '100')]
    """
    return list(dict.fromkeys(data))


def _plotext_in_order() -> None:
    plotext_utility.no_duplicates = _in_order


_plotext_in_order()

#: The first character of a label's placeholder: U+E000 plus the label's index.
_FIRST = 0xE000
#: How many labels one chart can hold in placeholders.
_MAX_LABELS = 0x7FF
#: The characters after the first, filling the label's width.
_FILL = "\ue800"
#: A placeholder, or what plotext left of one it cut short (its first or last part).
_PLACEHOLDER = re.compile("[\ue000-\ue7fe]\ue800*|\ue800+")


def placeholder(index: int, text: str) -> str:
    """What plotext draws in place of label number ``index``: one character per cell of ``text``.

    >>> placeholder(2, "ถูก %") == "\ue002" + "\ue800" * 3
    True
    >>> len(placeholder(0, "支払い"))
    6
    """
    if not text:
        return ""
    if not 0 <= index < _MAX_LABELS:
        raise ValueError(f"label index {index} out of range")
    return chr(_FIRST + index) + _FILL * (display_width(text) - 1)


def put_labels(drawn: Text, labels: Sequence[str]) -> Text:
    """The drawn chart with each placeholder replaced by its label, in its style.

    A label takes exactly the cells of its placeholder; if plotext cut a
    placeholder short, the label is cut to what is left (never inside a
    letter and its marks), and a piece left without its first character is
    drawn blank.

    >>> put_labels(Text(placeholder(0, "ฟุ") + "┤" + placeholder(1, "符") + "│"),
    ...            ["ฟุ", "符"]).plain
    'ฟุ┤符│'
    """
    found = list(_PLACEHOLDER.finditer(drawn.plain))
    if not found:
        return drawn
    pieces = drawn.divide([offset for m in found for offset in m.span()])
    out = drawn.blank_copy()
    for i, piece in enumerate(pieces):
        if i % 2 == 0:  # the text between placeholders
            out.append_text(piece)
            continue
        cells = len(piece.plain)
        first = ord(piece.plain[0]) - _FIRST
        label = Text(pad(labels[first], cells) if 0 <= first < len(labels) else " " * cells)
        for span in piece.spans:  # a placeholder is drawn in one style: the label takes it
            label.stylize(span.style)
        out.append_text(label)
    return out


@dataclass(frozen=True, slots=True)
class ChartData:
    """What a chart draws: labels along one axis, one or more named series of values."""

    title: str
    labels: tuple[str, ...]
    series: tuple[tuple[str, tuple[float, ...]], ...]
    unit: str = ""
    #: The values are counts, and 0 means nothing (no answers, no cards due). Otherwise
    #: a 0 is drawn (a concept never answered right); a day with no answers is NaN.
    counts: bool = False

    @property
    def empty(self) -> bool:
        """Nothing to draw: no label, or no value but NaN (and 0, for counts).

        >>> ChartData("t", ("a",), (("s", (0.0,)),)).empty
        False
        >>> ChartData("t", ("a",), (("s", (0.0,)),), counts=True).empty
        True
        >>> ChartData("t", ("a",), (("s", (float("nan"),)),)).empty
        True
        """
        if not self.labels:
            return True
        return all(v != v or (v == 0 and self.counts)  # NaN != NaN
                   for _, values in self.series for v in values)


#: What plotext is given as the title: one cell, so that it keeps the first line for one.
_TITLE = "\ue7ff"


def title_over(drawn: Text, title: str, width: int) -> Text:
    r"""The drawn chart with its first line (where plotext put :data:`_TITLE`) made the title,
    centred over the whole width (not only over the plot, where a long title had no room);
    cut with an ellipsis only if the widget is narrower than the title.

    >>> title_over(Text("  \ue7ff  \n┌───┐"), "ฟุ (%)", 5).plain
    'ฟุ (%)\n┌───┐'
    """
    lines = drawn.split("\n", allow_blank=True)
    if not lines or _TITLE not in lines[0].plain:
        return drawn
    first = lines[0]
    at = first.plain.index(_TITLE)
    style = Style.null()
    for span in first.spans:
        if span.start <= at < span.end:
            style += Style.parse(span.style) if isinstance(span.style, str) else span.style
    lines[0] = Text(pad(cut(title, width), width, "center"), style=style)
    out = Text("\n").join(lines)
    out.end = drawn.end
    return out


def too_narrow(title: str, width: int) -> Text:
    r"""What a chart with too little room to draw shows: its title and that the window is
    too narrow, each cut to the width.

    >>> too_narrow("Fu (%)", 40).plain
    'Fu (%)\nwiden the window to see this chart'
    """
    note = pgettext("charts", "widen the window to see this chart")
    return Text(cut(title, width) + "\n" + cut(note, width), style="dim")


class Chart(PlotextPlot):
    """A plot that remembers its data and draws it on demand."""

    DEFAULT_CSS = """
    Chart { height: 1fr; min-height: 8; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.data: ChartData | None = None
        #: The title drawn over the chart (the data's, or that there is none).
        self.title = ""
        #: The labels given to plotext as placeholders (see :func:`put_labels`).
        self.labels: list[str] = []

    def label(self, text: str) -> str:
        """Text for plotext: plain ASCII as it is, any other as a placeholder of its width."""
        if text.isascii():
            return text
        if not display_width(text):  # marks alone: nothing to draw
            return ""
        self.labels.append(text)
        return placeholder(len(self.labels) - 1, text)

    def show(self, data: ChartData) -> None:
        """Draw new data."""
        self.data = data
        self.title = (_("%(title)s: no answers yet") % {"title": data.title} if data.empty
                      else data.title)
        self.labels = []
        plt = self.plt
        plt.clear_figure()
        plt.title(_TITLE)  # plotext keeps the first line for it; the title goes there whole
        if not data.empty:
            self.draw(data)
        self.refresh()

    def render(self) -> RenderResult:
        """The chart plotext draws, its title over the whole width, the labels in their places.

        Where the window leaves the chart too little room for plotext to draw it
        (plotext fails then), the title and a line asking for a wider window.
        """
        try:
            drawn = super().render()
        except (ValueError, IndexError, ZeroDivisionError):  # plotext: no room for a plot
            return too_narrow(self.title, self.size.width)
        if not isinstance(drawn, Text) or self.data is None:
            return drawn
        return put_labels(title_over(drawn, self.title, self.size.width), self.labels)

    def draw(self, data: ChartData) -> None:  # pragma: no cover - overridden
        """Put the data on :attr:`plt`."""
        raise NotImplementedError


def bar_layout(labels: tuple[str, ...], *, horizontal: bool) -> list[tuple[int, str]]:
    """Where each bar goes and its label, so the bars read in the order given.

    Vertical bars read left to right; horizontal bars top to bottom (the
    first label on top: a chart titled "worst first" shows the worst first).

    >>> bar_layout(("a", "b", "c"), horizontal=False)
    [(1, 'a'), (2, 'b'), (3, 'c')]
    >>> bar_layout(("a", "b", "c"), horizontal=True)
    [(3, 'a'), (2, 'b'), (1, 'c')]
    """
    n = len(labels)
    return [(n - i if horizontal else i + 1, label) for i, label in enumerate(labels)]


@dataclass(frozen=True, slots=True)
class AxisRoom:
    """The line under a chart's value axis, in cells: ``left`` cells before the plot (the
    bar labels' column and the axis), the plot ``cells`` wide, then one of the frame."""

    left: int
    cells: int


def value_axis_room(drawn: str) -> AxisRoom | None:
    """The room of the value axis in a chart plotext drew (``└──┘``), if it drew one.

    >>> value_axis_room("  ┌───┐\\nab┤   │\\n  └───┘\\n   0  ")
    AxisRoom(left=3, cells=3)
    """
    for line in reversed(drawn.split("\n")):
        start, end = line.find("└"), line.rfind("┘")
        if 0 <= start < end:
            return AxisRoom(display_width(line[:start]) + 1, end - start - 1)
    return None


def quarters(limit: float) -> list[float]:
    """0, the limit and the quarters between.

    >>> quarters(100)
    [0.0, 25.0, 50.0, 75.0, 100.0]
    """
    return [limit * i / 4 for i in range(5)]


def tick_column(value: float, limit: float, cells: int) -> int:
    """The plot's column (from 0) of ``value`` on an axis from 0 to ``limit`` drawn over
    ``cells`` cells, where plotext draws its tick.

    >>> [tick_column(v, 100, 12) for v in quarters(100)]
    [0, 3, 6, 8, 11]
    """
    return math.floor(round(0.5 + (cells - 1) * value / limit, 8))


def label_cells(column: int, width: int, room: AxisRoom) -> tuple[range, range]:
    """Where plotext puts a tick label ``width`` cells wide for a tick at ``column``, on a
    line blank around it: centred on the tick, moved in where the line ends (the plot's
    frame, on the right); and the cells that must be blank for it to go there.

    Plotext moves a label aside from any other label within its width of the tick, and
    leaves it out if it would touch one: labels kept out of each other's blank cells
    are put in these places whatever order plotext takes them in.

    >>> label_cells(11, 3, AxisRoom(14, 12))  # the limit at the plot's end: in from the frame
    (range(9, 12), range(8, 13))
    >>> label_cells(0, 1, AxisRoom(14, 12))
    (range(0, 1), range(-1, 2))
    """
    first = max(column - width + 1, -room.left)
    stop = min(column + width, room.cells)  # the frame's cell is not the label's
    start = (first + stop - width) // 2
    return (range(start, start + width),
            range(min(first, start - 1), max(stop, start + width + 1)))


def value_ticks(limit: float, room: AxisRoom) -> list[float]:
    """The values labelled on a value axis from 0 to ``limit``, always with the limit:
    0, the limit and the quarters between, or (with less room) 0, the half and the limit,
    0 and the limit, the limit alone; the first whose labels are all put, apart.

    >>> value_ticks(100, AxisRoom(14, 12))
    [0.0, 50.0, 100.0]
    >>> value_ticks(100, AxisRoom(4, 40))
    [0.0, 25.0, 50.0, 75.0, 100.0]
    >>> value_ticks(100, AxisRoom(1, 1))
    []
    """
    every = quarters(limit)
    for ticks in (every, every[::2], every[::4], every[4:]):
        placed = [label_cells(tick_column(t, limit, room.cells), len(f"{t:g}"), room)
                  for t in ticks]
        inside = all(cells.start >= -room.left and cells.stop <= room.cells + 1
                     for cells, _ in placed)
        apart = all(not set(cells).intersection(blank)
                    for i, (cells, _) in enumerate(placed)
                    for j, (_, blank) in enumerate(placed) if i != j)
        if inside and apart:
            return ticks
    return []


class BarChart(Chart):
    """Bars of the first series, one per label, each bar labelled, vertical or horizontal.

    The bars sit inside the axes (half a bar of room at each end) and read in
    the order of the labels: left to right, or top to bottom.
    """

    def __init__(self, *, horizontal: bool = False, limit: float | None = None,
                 id: str | None = None, classes: str | None = None) -> None:  # fmt: skip
        super().__init__(id=id, classes=classes)
        self.horizontal = horizontal
        self.limit = limit
        #: The width the value axis was fitted to (see :meth:`render`).
        self._room_for = 0
        #: The values labelled on the value axis (a horizontal chart with a limit).
        self._ticks: list[float] = []

    def draw(self, data: ChartData) -> None:
        plt = self.plt
        orientation: Literal["horizontal", "vertical"] = (
            "horizontal" if self.horizontal else "vertical"
        )
        _, values = data.series[0]
        layout = bar_layout(data.labels, horizontal=self.horizontal)
        positions = [p for p, _ in layout]
        plt.bar(positions, list(values), orientation=orientation, width=0.6)
        ticks = (plt.yticks if self.horizontal else plt.xticks)
        ticks([float(p) for p in positions], [self.label(label) for _, label in layout])
        (plt.ylim if self.horizontal else plt.xlim)(0.5, len(layout) + 0.5)
        if self.limit is not None:
            (plt.xlim if self.horizontal else plt.ylim)(0, self.limit)
            if self.horizontal:  # the limit's tick labelled too (the render fits them)
                self._ticks = quarters(self.limit)
                plt.xticks(self._ticks, [f"{t:g}" for t in self._ticks])
        self._room_for = 0
        if data.unit:
            (plt.xlabel if self.horizontal else plt.ylabel)(self.label(data.unit))

    def render(self) -> RenderResult:
        """The bars; a horizontal chart's value axis labelled at ticks chosen for the room
        it has (see :func:`value_ticks`), so that its limit (``100``) is always shown."""
        drawn = super().render()
        data, width, limit = self.data, self.size.width, self.limit
        if (not self.horizontal or limit is None or data is None or data.empty or not width
                or not isinstance(drawn, Text) or width == self._room_for):
            return drawn
        room = value_axis_room(drawn.plain)
        if room is None:  # too little height for an axis: nothing to label
            return drawn
        self._room_for = width
        ticks = value_ticks(limit, room)
        if ticks != self._ticks:
            self._ticks = ticks
            self.plt.xticks(ticks, [f"{t:g}" for t in ticks])
            drawn = super().render()
        return drawn


def day_ticks(count: int, every: int) -> list[int]:
    """Which of ``count`` days get a label: the last (today) and every ``every`` before it.

    >>> day_ticks(30, 6)
    [5, 11, 17, 23, 29]
    >>> day_ticks(1, 6)
    [0]
    """
    return sorted(range(count - 1, -1, -max(1, every)))


#: Cells an axis's numbers and its line take on the left of a line chart (at most).
_Y_AXIS_CELLS = 7


def right_margin(count: int, label_cells: int, width: int) -> float:
    """Steps of room after the last of ``count`` points, so its label (centred on it,
    ``label_cells`` wide) fits in a chart ``width`` cells wide; half a step at least.

    Plotext leaves out a tick label that would cross the chart's edge.

    >>> round(right_margin(30, 8, 50), 1)
    3.9
    >>> right_margin(30, 8, 12)
    0.5
    """
    room = width - _Y_AXIS_CELLS
    half = label_cells / 2 + 1
    if room <= 2 * half:
        return 0.5
    return max(0.5, half * (count - 0.5) / (room - half))


class LineChart(Chart):
    """Lines over the labels (e.g. days); missing values (NaN) are left out.

    The last label (today) is always labelled, and every point sits inside
    the axes (half a step of room at each end).
    """

    def __init__(self, *, limit: float | None = None, id: str | None = None,
                 classes: str | None = None) -> None:  # fmt: skip
        super().__init__(id=id, classes=classes)
        self.limit = limit
        #: The x axis drawn: from half a step before the first label to half after the last
        #: (more after it when the last label, today, needs the room).
        self.x_range: tuple[float, float] = (0.0, 1.0)
        #: The width :attr:`x_range` was made for.
        self._room_for = 0

    def render(self) -> RenderResult:
        """The lines, the axis running far enough past today for today's label to fit."""
        data = self.data
        width = self.size.width
        if data is None or data.empty or not width:
            return super().render()
        if width != self._room_for:  # another width: half a step after today, if it fits
            self._room_for = width
            self.x_range = (-0.5, len(data.labels) - 0.5)
            self.plt.xlim(*self.x_range)
        drawn = super().render()
        today = data.labels[-1]
        if isinstance(drawn, Text) and today not in drawn.plain.partition("\n")[2]:
            right = right_margin(len(data.labels), display_width(today), width)
            self.x_range = (-0.5, len(data.labels) - 1 + right)
            self.plt.xlim(*self.x_range)
            drawn = super().render()
        return drawn

    def draw(self, data: ChartData) -> None:
        plt = self.plt
        for name, values in data.series:
            xs = [i for i, v in enumerate(values) if v == v]  # NaN != NaN
            ys = [values[i] for i in xs]
            if xs:
                plt.plot(xs, ys, label=self.label(name), marker="braille")
                plt.scatter(xs, ys, marker="●")  # each day's point stands out
        count = len(data.labels)
        ticks = day_ticks(count, max(1, count // 5))
        self.x_range = (-0.5, count - 0.5)
        plt.xlim(*self.x_range)
        self._room_for = 0
        plt.xticks([float(i) for i in ticks], [self.label(data.labels[i]) for i in ticks])
        if self.limit is not None:
            plt.ylim(0, self.limit)
        if data.unit:
            plt.ylabel(self.label(data.unit))
