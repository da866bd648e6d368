"""Layout at 80x24 in every language: Thai marks, CJK double width and long Ukrainian
words keep the charts, the marks and the settings in line.

- The statistics charts: every drawn line is as wide as its chart, and the axis
  is in one column, whatever the labels' script (plotext counts a Thai mark as
  a cell; the terminal does not).
- The marks: a text too long for its line goes on under itself, not at column 0.
- The settings: no label touches its field; the longest keeps two cells.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Label

from data.db.database import Database
from data.db.schema import open_database
from data.learners import Learners
from data.records import PartResult
from quiz.grading import AnswerKey, Marked, Part, grade, part_label
from quiz.screens.settings import SettingsScreen
from quiz.screens.stats import StatsScreen
from quiz.srs import ReviewContext, SrsSettings
from quiz.store.drill import DrillStore
from quiz.widgets.charts import BarChart, Chart, ChartData, LineChart, put_labels, title_over
from quiz.widgets.hanging import MIN_ROOM, HangingRow, HangingRows
from quiz.widgets.marks import MarksView
from quiz.words.core import _, pgettext, use
from quiz.words.width import display_width
from scoring import parse_record, score
from tests.support.clock import FakeClock
from tests.support.fake_hands import FakeHands, add_fake_items
from tests.support.pilot import make_app, screen_text, wait_for_question

SIZE = (80, 24)
LANGS = ("en", "ja", "th", "vi", "uk")
#: The characters of a chart's axes: the y axis is drawn with these in one column.
Y_AXIS = "┌│┤└"


@pytest.fixture
def language() -> Iterator[None]:
    """Whatever language a test speaks, English again after it."""
    yield
    use("en")


# -- the statistics charts -----------------------------------------------------------


class ScreenApp(App[None]):
    """A bare app that shows one screen."""

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


def stats_screen(db: Database, clock: FakeClock) -> StatsScreen:
    """A statistics screen over three days of answers on four concepts (the worst on top)."""
    learner_id = Learners(db).get_or_create("Ann").id
    topics = ("fu:closed_ron", "yaku:pinfu", "pay:honba", "fu:ron_triplet")
    add_fake_items(db, [(t,) for t in topics] * 10)
    ctx = ReviewContext(db, learner_id, "Ann", clock=clock, settings=SrsSettings(fuzz=False),
                        seed=1, hands=FakeHands(db))
    svc = ctx.service()
    right = {"fu:closed_ron": 0, "fu:ron_triplet": 1, "pay:honba": 2, "yaku:pinfu": 3}
    for day in range(3):
        for i in range(12):
            q = svc.next_question()
            assert q is not None and q.item is not None
            topic = q.item.topics[0]
            ok = i % 4 < right[topic]
            parts = [PartResult("fu", "30", "30", ok), PartResult("han", "1", "1", True),
                     PartResult("payment", "1000", "1000", i % 2 == 0)]
            svc.answer(q, correct=ok, seconds=20 + i, parts=parts,
                       concepts=() if ok else [topic])
            clock.advance(minutes=3)
        if day < 2:
            clock.advance(days=1)
    return StatsScreen(ctx)


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def chart_lines(chart: Chart) -> list[str]:
    """The chart's lines as drawn (the labels in their places)."""
    drawn = chart.render()
    assert isinstance(drawn, Text)
    return drawn.plain.split("\n")


def axis_columns(lines: list[str]) -> set[int]:
    """The cell column of the y axis on each line that has it."""
    columns = set()
    for line in lines:
        at = next((i for i, ch in enumerate(line) if ch in Y_AXIS), None)
        if at is not None:
            columns.add(cell_len(line[:at]))
    return columns


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
async def test_every_chart_line_is_as_wide_as_its_chart_and_the_axis_is_straight(
        lang: str, language: None) -> None:
    use(lang)
    db = open_database(":memory:")
    try:
        screen = stats_screen(db, FakeClock())
        async with ScreenApp(screen).run_test(size=SIZE) as pilot:
            await settle(pilot)
            for tab in "1234":
                await pilot.press(tab)
                await settle(pilot)
                shown = screen_text(pilot.app)
                for chart in screen.query(Chart):
                    if not chart.display or not chart.region.width or chart.data is None:
                        continue
                    lines = chart_lines(chart)
                    widths = {cell_len(line) for line in lines if line}
                    assert widths == {chart.size.width}, (lang, chart.id, widths,
                                                          "\n".join(lines))
                    assert len(axis_columns(lines)) == 1, (lang, chart.id, "\n".join(lines))
                    if isinstance(chart, BarChart):  # every bar has its label, whole
                        for label in chart.data.labels:
                            assert label in shown, (lang, chart.id, label, shown)
                        # and the value axis its end
                        if chart.horizontal and chart.limit:
                            axis = [line for line in lines if line.strip()][-1]
                            assert axis.split()[-1] == f"{chart.limit:g}", (lang, lines)
                    elif not chart.data.empty:  # the last day, today, is labelled
                        today = chart.data.labels[-1]
                        assert today in "\n".join(lines[1:]), (lang, chart.id, today, lines)
                    assert chart.data.title in shown, (lang, chart.id, chart.data.title)
    finally:
        db.close()


def test_labels_go_back_in_their_placeholders_in_their_style() -> None:
    chart = LineChart()
    thai, kanji = chart.label("แต้มที่จ่าย"), chart.label("支払い")
    assert chart.label("fu") == "fu"  # ASCII as it is
    assert (len(thai), len(kanji)) == (7, 6)  # one placeholder character per cell
    drawn = Text.assemble((thai, "red"), "┤", (kanji, "bold"), "│", (thai[:3], "red"))
    out = put_labels(drawn, chart.labels)
    assert out.plain == "แต้มที่จ่าย┤支払い│แต้…"  # cut short by plotext: cut, with an ellipsis
    assert cell_len(out.plain) == cell_len(drawn.plain)
    assert out.spans[0].style == "red" and out.plain[out.spans[0].start] == "แ"


@given(st.lists(st.text(alphabet="แต้มที่จ่ายฟุ支払い符Вип лата ", min_size=1, max_size=12),
                min_size=1, max_size=6))
def test_labels_of_any_script_keep_the_width_plotext_gave_them(labels: list[str]) -> None:
    chart = LineChart()
    pieces = [chart.label(label) for label in labels]
    drawn = Text("|".join(pieces))
    assert cell_len(put_labels(drawn, chart.labels).plain) == len(drawn.plain)


def test_a_chart_is_drawn_in_thai_with_its_labels_in_line(language: None) -> None:
    """Without a screen: a horizontal bar chart of the parts in Thai, drawn by plotext."""
    use("th")
    chart = BarChart(horizontal=True, limit=100)
    labels = (_("Fu"), _("Han"), _("Payment"))
    chart.show(ChartData(_("Right by part (%)"), labels, ((_("right %"), (80, 50, 20)),)))
    chart.plt.plotsize(40, 14)
    built = title_over(Text.from_ansi(chart.plt.build()), chart.title, 40)
    drawn = put_labels(built, chart.labels).plain.split("\n")
    assert drawn[0].strip() == _("Right by part (%)")
    assert {cell_len(line) for line in drawn if line} == {40}, "\n".join(drawn)
    assert len(axis_columns(drawn)) == 1, "\n".join(drawn)
    for label in labels:
        assert any(line.strip().startswith(label) for line in drawn), (label, drawn)


@pytest.mark.slow
def test_the_thai_statistics_screen(snap_compare: Any, language: None) -> None:
    use("th")
    db = open_database(":memory:")
    try:
        app = ScreenApp(stats_screen(db, FakeClock()))

        async def before(pilot: Any) -> None:
            await settle(pilot)
            use("th")  # the snapshot's own event loop runs after the screen was built
            # the active tab's underline, drawn once the tabs are laid out, without sliding
            pilot.app.animation_level = "none"
            await pilot.press("2")
            await pilot.press("1")
            await settle(pilot)

        assert snap_compare(app, terminal_size=SIZE, run_before=before)
    finally:
        db.close()


# -- the marks ------------------------------------------------------------------------


def pinfu_tsumo_marked() -> Marked:
    """A riichi pinfu tsumo (20 fu 3 han, 700/1300) answered 30 fu 2 han 1000/2000."""
    key = AnswerKey.from_result(score(parse_record({
        "hand": "456678m123p345s99s", "win": "1p", "tsumo": True, "riichi": True,
        "seat": "S", "round": "E"})), (Part.FU, Part.HAN, Part.PAYMENT))
    marked = grade(key, {Part.FU: "30", Part.HAN: "2", Part.PAYMENT: "1000/2000"})
    assert isinstance(marked, Marked)
    return marked


class MarksApp(App[None]):
    def __init__(self, marked: Marked) -> None:
        super().__init__()
        self.marked = marked

    def compose(self) -> ComposeResult:
        yield MarksView()

    def on_mount(self) -> None:
        self.query_one(MarksView).show(self.marked)


def heads(marked: Marked) -> tuple[int, dict[str, int]]:
    """The column of the marks' text, and each other head's width (read from the catalog)."""
    label = max(display_width(_(part_label(m.part))) for m in marked.marks)
    others = [pgettext("marks", "Likely reason: "), pgettext("marks", "Also: "),
              "  " + pgettext("marks", "or: "), pgettext("marks", "To practise: ")]
    return 2 + label + 2, {head: display_width(head) for head in others}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [80, 48])
async def test_a_mark_that_wraps_goes_on_under_its_text(lang: str, width: int,
                                                        language: None) -> None:
    use(lang)
    marked = pinfu_tsumo_marked()
    text_column, other_heads = heads(marked)
    async with MarksApp(marked).run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        lines = [line for line in screen_text(pilot.app).split("\n") if line.strip()]
    indent, wrapped = 0, 0
    for line in lines:
        assert cell_len(line) <= width, (lang, line)
        if line[:1] in "✓✗":
            indent = text_column
        elif head := next((h for h in other_heads if line.startswith(h)), None):
            indent = other_heads[head]
        else:  # the text of the line before, wrapped: under its text
            wrapped += 1
            assert line[:indent].strip() == "" and not line[indent].isspace(), (
                lang, indent, "\n".join(lines))
    if width < 60 or lang == "uk":  # the Ukrainian reason is longer than 80 cells
        assert wrapped, (lang, "no line wrapped: the test would prove nothing", lines)


WORDS = ["Відповідальність", "мініпойнти", "ที่ค้างอยู่", "ไม้ริจจิ", "門前加符", "ツモ",
         "Giới", "hạn", "2000/3900", "(5m*)"]


@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=14),
       st.sampled_from(["✗ Fu  ", "Імовірна причина: ", "สาเหตุที่น่าจะเป็น: ", "  または: "]),
       st.integers(min_value=20, max_value=80))
def test_hanging_rows_keep_every_letter_in_its_column(words: list[str], head: str,
                                                      width: int) -> None:
    body = " ".join(words)
    rows = HangingRows([HangingRow(Text(head, "bold"), Text(body))])
    lines = [line.plain for line in rows.lines(width)]
    indent = display_width(head)
    assert all(cell_len(line) <= width for line in lines), lines
    if width - indent >= MIN_ROOM:  # the text beside its head, wrapped under itself
        assert lines[0].startswith(head)
        texts = [lines[0][len(head):], *(line[indent:] for line in lines[1:])]
        for line in lines[1:]:
            assert line[:indent] == " " * indent, lines
    else:  # no room beside the head: the text under it, indented by two
        assert lines[0] == head
        texts = [line[2:] for line in lines[1:]]
        assert all(line[:2] == "  " for line in lines[1:]), lines
    for text in texts:
        assert text and not text[0].isspace(), lines
        assert display_width(text[0]) > 0, "a line starts on a letter, not on its mark"
    assert "".join(texts).replace(" ", "") == body.replace(" ", "")


def test_a_marks_style_is_kept_when_it_wraps() -> None:
    body = Text("you said 100, it is ")
    body.append("110", "bold")
    rows = HangingRows([HangingRow(Text("✗ Fu  "), body)])
    lines = list(rows.lines(6 + 12))
    last = lines[-1]
    assert last.plain.strip() == "is 110" or last.plain.strip().endswith("110")
    bold = [last.plain[s.start:s.end] for s in last.spans if "bold" in str(s.style)]
    assert bold == ["110"]


# -- the settings ---------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
async def test_no_setting_label_touches_its_field(store: DrillStore, clock: FakeClock,
                                                  lang: str) -> None:
    app = make_app(store, clock, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await pilot.press("f2")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        gaps = {}
        starts = set()
        for row in screen.query(".setting-row"):
            label, field = row.query_one(Label), row.children[1]
            text = str(label.render())
            gaps[text] = field.region.x - (label.region.x + display_width(text))
            starts.add(field.region.x)
            assert field.region.right <= SIZE[0], (lang, text)
        assert min(gaps.values()) >= 1, (lang, gaps)
        longest = max(gaps, key=display_width)
        assert gaps[longest] >= 2, (lang, longest, gaps)
        assert len(starts) == 1, (lang, "the fields start in one column", starts)
        skip = screen.query_one("#skip_fu_on_limit")
        assert skip.region.x == starts.pop(), "the checkbox stands in the fields' column"


# -- the review's ratings -------------------------------------------------------------


@pytest.mark.parametrize(("lang", "again", "minutes"), [
    ("th", "อีกครั้ง", "นาที"), ("ja", "もう一度", "分"), ("uk", "Ще раз", "хв"),
    ("vi", "Lại", "phút"), ("en", "Again", "min")])
def test_a_rating_button_speaks_the_learners_language(lang: str, again: str, minutes: str,
                                                     language: None) -> None:
    from datetime import timedelta

    from quiz.srs import RATING_KEYS, RatingOption
    from quiz.widgets.rating_bar import rating_label

    use(lang)
    key, rating, name = RATING_KEYS[0]
    option = RatingOption(key, rating, name, None, timedelta(minutes=10))  # type: ignore[arg-type]
    label = rating_label(option)
    assert label.startswith(f"1 {again} 10") and minutes in label, label


@pytest.mark.parametrize("lang", LANGS)
async def test_every_rating_button_is_shown_whole(lang: str, language: None) -> None:
    from datetime import timedelta

    from textual.widgets import Button

    from quiz.srs import RATING_KEYS, RatingOption
    from quiz.widgets.rating_bar import RatingBar, rating_label

    use(lang)
    options = [RatingOption(key, rating, name, None, timedelta(minutes=minutes))  # type: ignore[arg-type]
               for (key, rating, name), minutes in zip(RATING_KEYS, (1, 6, 10, 1440), strict=True)]

    class BarApp(App[None]):
        def compose(self) -> ComposeResult:
            yield RatingBar()

    async with BarApp().run_test(size=SIZE) as pilot:
        bar = pilot.app.query_one(RatingBar)
        bar.show(options, proposed=1, chosen=1)
        await pilot.pause()
        await pilot.pause()
        shown = screen_text(pilot.app)
        for option in options:
            button = bar.query_one(f"#rate-{int(option.rating)}", Button)
            assert button.region.right <= SIZE[0], (lang, rating_label(option))
            assert rating_label(option) in shown, (lang, rating_label(option), shown)
        proposed = _("proposed: %(name)s") % {"name": _(options[0].name)}
        assert proposed in shown, (lang, shown)


# -- the help -------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
async def test_no_latin_word_of_the_help_is_cut_at_a_line_end(
        store: DrillStore, clock: FakeClock, lang: str, language: None) -> None:
    """Japanese has no spaces: a Latin word at the end of a sentence (``次へ。Enter``)
    was folded in the middle (``Ente`` / ``r``)."""
    import itertools
    import re

    from quiz.screens.help import HelpScreen, help_text

    app = make_app(store, clock, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        words = set(re.findall(r"[A-Za-z][A-Za-z+]*", help_text()))
        pages = []
        for _page in range(12):
            pages.append(screen_text(app))
            await pilot.press("pagedown")
            await pilot.pause()
    for page in pages:  # the text inside the dialog's borders, without the scrollbar
        lines = ["│".join(line.split("│")[1:-1]).rstrip("▁▂▃▄▅▆▇█ ").strip()
                 for line in page.split("\n")]
        for a, b in itertools.pairwise(lines):
            end, start = re.search(r"[A-Za-z+]+$", a), re.match(r"[A-Za-z+]+", b)
            if end and start:
                assert end[0] + start[0] not in words, (lang, a, b)



class ChartApp(App[None]):
    """A bare app that shows one chart."""

    def __init__(self, chart: Chart) -> None:
        super().__init__()
        self.chart = chart

    def compose(self) -> ComposeResult:
        yield self.chart


@pytest.mark.slow
async def test_a_chart_with_too_little_room_asks_for_a_wider_window_and_the_app_goes_on(
        language: None) -> None:
    """The Vietnamese parts chart at 45 columns had no room for a plot: plotext failed and
    the app ended. At every width the chart is now drawn, or says under its title that
    the window is too narrow; the app goes on, and a wider window draws it again."""
    use("vi")
    note = pgettext("charts", "widen the window to see this chart")
    data = ChartData("Đúng theo phần (%)", ("Fu", "Han", "Điểm phải trả"),
                     (("%", (100.0, 100.0, 100.0)),))
    chart = BarChart(horizontal=True, limit=100)
    asked = []
    async with ChartApp(chart).run_test(size=(60, 16)) as pilot:
        chart.show(data)
        for width in [*range(60, 3, -1), 60]:
            await pilot.resize_terminal(width, 16)
            await pilot.pause()
            assert pilot.app.is_running, width
            lines = chart_lines(chart)
            assert all(cell_len(line) <= width for line in lines), (width, lines)
            if note[:width - 1] in "\n".join(lines):
                asked.append(width)
                assert lines[0].startswith(data.title[:width - 1]), (width, lines)
        assert "└" in "\n".join(chart_lines(chart))  # wide again: drawn again
    assert asked, "no width left the chart too little room: the test shows nothing"
