"""Terminal charts for the statistics screen (drawn by ``textual-plotext``).

Each chart keeps the data it draws (:attr:`Chart.data`), so tests and other
widgets can read what is plotted without looking at pixels. Charts redraw
themselves at any size; with no data they say so instead of drawing axes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from textual_plotext import PlotextPlot

from ..i18n import _
from ..i18n_width import grid_text as g

__all__ = ["BarChart", "Chart", "ChartData", "LineChart", "bar_layout", "day_ticks"]


@dataclass(frozen=True, slots=True)
class ChartData:
    """What a chart draws: labels along one axis, one or more named series of values."""

    title: str
    labels: tuple[str, ...]
    series: tuple[tuple[str, tuple[float, ...]], ...]
    unit: str = ""

    @property
    def empty(self) -> bool:
        """Nothing to draw."""
        return not self.labels or all(not any(v) for _, v in self.series)


class Chart(PlotextPlot):
    """A plot that remembers its data and draws it on demand."""

    DEFAULT_CSS = """
    Chart { height: 1fr; min-height: 8; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.data: ChartData | None = None

    def show(self, data: ChartData) -> None:
        """Draw new data."""
        self.data = data
        plt = self.plt
        plt.clear_figure()
        plt.title(g(data.title))  # g(): CJK text laid out in the chart's grid
        if data.empty:
            plt.title(g(_("%(title)s: no answers yet") % {"title": data.title}))
        else:
            self.draw(data)
        self.refresh()

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
        ticks([float(p) for p in positions], [g(label) for _, label in layout])
        (plt.ylim if self.horizontal else plt.xlim)(0.5, len(layout) + 0.5)
        if self.limit is not None:
            (plt.xlim if self.horizontal else plt.ylim)(0, self.limit)
        if data.unit:
            (plt.xlabel if self.horizontal else plt.ylabel)(g(data.unit))


def day_ticks(count: int, every: int) -> list[int]:
    """Which of ``count`` days get a label: the last (today) and every ``every`` before it.

    >>> day_ticks(30, 6)
    [5, 11, 17, 23, 29]
    >>> day_ticks(1, 6)
    [0]
    """
    return sorted(range(count - 1, -1, -max(1, every)))


class LineChart(Chart):
    """Lines over the labels (e.g. days); missing values (NaN) are left out.

    The last label (today) is always labelled, and every point sits inside
    the axes (half a step of room at each end).
    """

    def __init__(self, *, limit: float | None = None, id: str | None = None,
                 classes: str | None = None) -> None:  # fmt: skip
        super().__init__(id=id, classes=classes)
        self.limit = limit
        #: The x axis drawn: from half a step before the first label to half after the last.
        self.x_range: tuple[float, float] = (0.0, 1.0)

    def draw(self, data: ChartData) -> None:
        plt = self.plt
        for name, values in data.series:
            xs = [i for i, v in enumerate(values) if v == v]  # NaN != NaN
            ys = [values[i] for i in xs]
            if xs:
                plt.plot(xs, ys, label=g(name), marker="braille")
                plt.scatter(xs, ys, marker="●")  # each day's point stands out
        count = len(data.labels)
        ticks = day_ticks(count, max(1, count // 5))
        self.x_range = (-0.5, count - 0.5)
        plt.xlim(*self.x_range)
        plt.xticks([float(i) for i in ticks], [g(data.labels[i]) for i in ticks])
        if self.limit is not None:
            plt.ylim(0, self.limit)
        if data.unit:
            plt.ylabel(g(data.unit))
