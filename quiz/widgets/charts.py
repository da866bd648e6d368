"""Terminal charts for the statistics screen (drawn by ``textual-plotext``).

Each chart keeps the data it draws (:attr:`Chart.data`), so tests and other
widgets can read what is plotted without looking at pixels. Charts redraw
themselves at any size; with no data they say so instead of drawing axes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from textual_plotext import PlotextPlot

__all__ = ["BarChart", "Chart", "ChartData", "LineChart"]


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
        plt.title(data.title)
        if data.empty:
            plt.title(f"{data.title}: no answers yet")
        else:
            self.draw(data)
        self.refresh()

    def draw(self, data: ChartData) -> None:  # pragma: no cover - overridden
        """Put the data on :attr:`plt`."""
        raise NotImplementedError


class BarChart(Chart):
    """Bars of the first series, one per label, vertical or horizontal."""

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
        plt.bar(list(data.labels), list(values), orientation=orientation, width=0.6)
        if self.limit is not None:
            (plt.xlim if self.horizontal else plt.ylim)(0, self.limit)
        if data.unit:
            (plt.xlabel if self.horizontal else plt.ylabel)(data.unit)


class LineChart(Chart):
    """Lines over the labels (e.g. days); missing values (NaN) are left out."""

    def __init__(self, *, limit: float | None = None, id: str | None = None,
                 classes: str | None = None) -> None:  # fmt: skip
        super().__init__(id=id, classes=classes)
        self.limit = limit

    def draw(self, data: ChartData) -> None:
        plt = self.plt
        for name, values in data.series:
            xs = [i for i, v in enumerate(values) if v == v]  # NaN != NaN
            ys = [values[i] for i in xs]
            if xs:
                plt.plot(xs, ys, label=name, marker="braille")
                plt.scatter(xs, ys, marker="●")  # each day's point stands out
        last = max(1, len(data.labels) - 1)
        step = max(1, len(data.labels) // 6)
        ticks: list[float] = list(range(0, len(data.labels), step))
        plt.xlim(0, last)
        plt.xticks(ticks, [data.labels[int(i)] for i in ticks])
        if self.limit is not None:
            plt.ylim(0, self.limit)
        if data.unit:
            plt.ylabel(data.unit)

