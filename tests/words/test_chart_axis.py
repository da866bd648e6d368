"""A horizontal bar chart's value axis ends with its limit's label, whatever plotext does.

Plotext puts a chart's tick labels on the axis line in the order of a ``set`` of
(tick, label) pairs, which is the order of string hashes: it changes from one
Python process to the next (``PYTHONHASHSEED``). A label that would touch one put
before it is moved aside or left out. So, with labels too close together, which of
them were shown changed between runs: the Vietnamese parts chart of the statistics
screen (27 cells wide at 80x24, its plot 12) ended its value axis now at ``100``,
now at ``75`` (issue 12). The chart now labels only ticks whose labels cannot touch
(:func:`quiz.widgets.charts.value_ticks`); these tests give plotext the labels in
every order (:func:`plotext_order`), so a run does not depend on the process's hashes.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import plotext._utility as plotext_utility  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text
from textual._context import active_app
from textual.app import App
from textual.geometry import Size

from quiz.widgets.charts import BarChart, ChartData, quarters, value_axis_room, value_ticks
from quiz.words.width import cut, display_width

#: The characters of a chart's axes: the y axis is drawn with these in one column.
Y_AXIS = "┌│┤└"


class SizedBarChart(BarChart):
    """A bar chart drawn at a given size without a screen (the size a screen would give it)."""

    def __init__(self, size: Size, *, limit: float = 100) -> None:
        super().__init__(horizontal=True, limit=limit)
        self.given_size = size

    @property
    def size(self) -> Size:
        """The size given, as if laid out."""
        return self.given_size


@pytest.fixture(scope="module", autouse=True)
def an_app() -> Iterator[None]:
    """The app plotext's widget asks its theme of (none runs: the charts are drawn alone)."""
    token = active_app.set(App())
    yield
    active_app.reset(token)


@contextmanager
def plotext_order(arrange: Callable[[list[Any]], list[Any]]) -> Iterator[None]:
    """Plotext, with its (tick, label) pairs taken in the order ``arrange`` gives, not its
    set's (which follows the process's string hashes)."""
    saved = plotext_utility.no_duplicates

    def no_duplicates(data: Iterable[Any]) -> list[Any]:
        items = list(dict.fromkeys(data))
        if items and all(isinstance(item, tuple) and len(item) == 2 for item in items):
            return arrange(items)
        return items

    plotext_utility.no_duplicates = no_duplicates
    try:
        yield
    finally:
        plotext_utility.no_duplicates = saved


def labels_first(order: Sequence[str]) -> Callable[[list[Any]], list[Any]]:
    """Tick labels in ``order`` (any other after them, as they come)."""
    rank = {label: i for i, label in enumerate(order)}
    return lambda items: sorted(items, key=lambda item: rank.get(item[1], len(rank)))


def drawn_lines(chart: BarChart) -> list[str]:
    drawn = chart.render()
    assert isinstance(drawn, Text)
    return drawn.plain.split("\n")


def check_chart(chart: BarChart, data: ChartData) -> None:
    """What a learner sees: every line as wide as the chart, the axis straight, every bar's
    label whole at its bar, and the value axis labelled apart up to its limit, at its end."""
    width = chart.size.width
    lines = drawn_lines(chart)
    shown = "\n".join(lines)
    assert {cell_len(line) for line in lines if line} == {width}, shown
    columns = set()
    for line in lines:
        at = next((i for i, ch in enumerate(line) if ch in Y_AXIS), None)
        if at is not None:
            columns.add(cell_len(line[:at]))
    assert len(columns) == 1, shown
    beside = [line.partition("┤")[0].strip() for line in lines if "┤" in line]
    for label in data.labels:
        assert label in beside, (label, shown)
    bottom = next(i for i in range(len(lines) - 1, -1, -1) if "└" in lines[i])
    axis, numbers = lines[bottom], lines[bottom + 1]
    room = value_axis_room(shown)
    assert room is not None, shown
    ticks = [f"{t:g}" for t in value_ticks(100, room)]
    assert numbers.split() == ticks, ("every tick chosen is labelled", ticks, shown)
    limit = f"{chart.limit:g}"
    assert ticks[-1] == limit and axis.rstrip()[-2:] == "┬┘", shown  # the limit's tick at the end
    end = len(axis.rstrip()) - 2  # the tick's cell
    at = numbers.rindex(limit)
    assert at <= end < at + len(limit), ("the limit's label under its tick", shown)


#: The parts chart's bars in Vietnamese at 80x24, and the size the screen gives it.
VI_PARTS = ChartData("Đúng theo phần (%)", ("Fu", "Han", "Điểm phải trả"),
                     (("đúng %", (0.0, 100.0, 50.0)),))
VI_PARTS_SIZE = Size(27, 16)


@pytest.mark.parametrize("order", list(itertools.permutations(
    [f"{t:g}" for t in quarters(100)])), ids="-".join)
def test_the_vietnamese_parts_chart_ends_at_100_whatever_order_plotext_takes(
        order: tuple[str, ...]) -> None:
    """The failing case of issue 12: under PYTHONHASHSEED=0 plotext took the labels in the
    order 75, 25, 50, 0, 100 and the axis ended at 75 (0 75, or 25 75, at other seeds)."""
    chart = SizedBarChart(VI_PARTS_SIZE)
    with plotext_order(labels_first(order)):
        chart.show(VI_PARTS)
        check_chart(chart, VI_PARTS)
        assert drawn_lines(chart)[-2].split() == ["0", "50", "100"]


#: Words of bar labels in the learners' scripts: long Vietnamese and Ukrainian words,
#: Thai with its marks, CJK two cells a character.
WORDS = ["Điểm", "phải", "trả", "Fu", "Han", "แต้มที่จ่าย", "ฟุ", "支払い", "符", "翻",
         "Виплата", "Відповідальність", "Giới", "hạn", "ドラ", "Dora", "ยาคุ"]
LABEL = st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(
    lambda words: cut(" ".join(words), 24))  # as the statistics screen cuts them


@st.composite
def charts(draw: st.DrawFn) -> tuple[ChartData, Size]:
    """Bars with labels in any script, any values in 0-100, at any size with room for the
    labels and a plot (the statistics screen gives more at 80x24 and wider)."""
    labels = tuple(draw(st.lists(LABEL, min_size=1, max_size=8)))
    values = tuple(draw(st.lists(st.floats(0, 100), min_size=len(labels),
                                 max_size=len(labels))))
    title = draw(st.sampled_from(["Đúng theo phần (%)", "ถูกตามส่วน (%)", "Right by part (%)"]))
    column = max(display_width(label) for label in labels) + 1
    width = draw(st.integers(column + 1 + 2, 160))
    height = draw(st.integers(len(labels) + 6, 40))
    return ChartData(title, labels, (("%", values),)), Size(width, height)


@settings(max_examples=150, deadline=None)
@given(charts(), st.randoms(use_true_random=False))
def test_a_horizontal_chart_ends_its_value_axis_at_its_limit(
        chart_and_size: tuple[ChartData, Size], order: random.Random) -> None:
    data, size = chart_and_size
    chart = SizedBarChart(size)

    def shuffled(items: list[Any]) -> list[Any]:
        order.shuffle(items)
        return items

    with plotext_order(shuffled):
        chart.show(data)
        check_chart(chart, data)


def test_the_axis_is_fitted_again_at_another_width() -> None:
    chart = SizedBarChart(VI_PARTS_SIZE)
    with plotext_order(labels_first(["75", "25", "50", "0", "100"])):
        chart.show(VI_PARTS)
        check_chart(chart, VI_PARTS)
        for width in (80, 27, 20, 120):
            chart.given_size = Size(width, 16)
            check_chart(chart, VI_PARTS)
        assert drawn_lines(chart)[-2].split() == ["0", "25", "50", "75", "100"]


def test_the_chart_modules_examples_hold() -> None:
    """The examples in the charts' docstrings (where the axis's room and ticks are shown)."""
    import doctest

    from quiz.widgets import charts as module

    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


_DRAW_DAYS = """
import sys
from textual._context import active_app
from textual.app import App
from textual.geometry import Size
from quiz.widgets.charts import ChartData, LineChart

class Sized(LineChart):
    @property
    def size(self):
        return Size(40, 14)

active_app.set(App())
days = tuple(f"+{7 * i}-{7 * i + 6}" for i in range(8))
chart = Sized()
chart.show(ChartData("Dự báo", days, (("thẻ", tuple(float(i % 3 + 1) for i in range(8))),)))
sys.stdout.write(chart.render().plain)
"""


@pytest.mark.slow
def test_a_line_chart_is_drawn_the_same_in_every_run() -> None:
    """Plotext's de-duplication went through a set: crowded day labels moved by a cell from
    one run to the next. Drawn in processes with other string hashes, the chart is one."""
    import os
    import subprocess
    import sys

    from tests.support.paths import ROOT

    drawn = {subprocess.run([sys.executable, "-c", _DRAW_DAYS], cwd=ROOT, check=True,
                            capture_output=True, text=True,
                            env={**os.environ, "PYTHONHASHSEED": str(seed)},
                            ).stdout
             for seed in range(6)}
    assert len(drawn) == 1, "\n\n".join(drawn)
    assert "+0-6" in next(iter(drawn)) or "+49-55" in next(iter(drawn))
