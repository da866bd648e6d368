"""The verdict reads without colour, and the footers show their keys without being rebuilt.

Without colour (``NO_COLOR=1``) Textual turns every colour grey by its
brightness, so a red "Not quite" came out dark grey on black. Without colour
the verdict says ``✗ Not quite`` in reverse video and ``✓ Right`` in bold; in
colour it stays the red or green word.

The footer keeps one widget per key (a focus change hides and shows keys, it
does not build them again), and still shows exactly the keys of the bindings
active on each screen.
"""

from __future__ import annotations

import pytest
from rich.style import Style
from textual import events
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from quiz.app import DrillApp
from quiz.grading import Part
from quiz.screens.explanation import ExplanationScreen
from quiz.store.drill import DrillStore
from quiz.widgets.footer import Footer
from tests.support.clock import FakeClock
from tests.support.pilot import SEED_ITEM, answer_with, burst, make_app, wait_for_question

WRONG = {Part.FU: "100", Part.HAN: "1", Part.PAYMENT: "3200"}
RIGHT = {Part.FU: "110", Part.HAN: "1", Part.PAYMENT: "3600"}


def _verdict_segments(app: DrillApp) -> list[tuple[str, Style]]:
    """The verdict's first line as drawn: (text, style) per run of text."""
    screen = app.screen
    assert isinstance(screen, ExplanationScreen)
    verdict = screen.query_one("#verdict", Static)
    strip = verdict.render_line(0)
    return [(s.text, s.style or Style()) for s in strip if s.text.strip()]


def _style_of(segments: list[tuple[str, Style]], word: str) -> Style:
    line = "".join(text for text, _ in segments)
    assert word in line, line
    for text, style in segments:
        if word in text or text.strip() in word:
            return style
    raise AssertionError(f"{word!r} not drawn in one run: {segments!r}")


def _plain_app(store: DrillStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
               *, colour: bool) -> DrillApp:
    if colour:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", "1")  # read (and taken away) when the app is made
    app = make_app(store, clock, items=[SEED_ITEM, SEED_ITEM], seed=1,
                   settings={"tile_style": "ascii", "session_length": 3})
    assert app.no_color is not colour
    return app


async def test_a_wrong_answer_reads_not_quite_in_reverse_without_colour(
        store: DrillStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _plain_app(store, clock, monkeypatch, colour=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, WRONG)
        await pilot.pause()
        segments = _verdict_segments(app)
        style = _style_of(segments, "✗ Not quite")
        assert style.reverse and style.bold, style
        # the reverse video is the verdict's alone, not the rest of the line
        assert not _style_of(segments, "1 of 3").reverse


@pytest.mark.slow
async def test_a_right_answer_reads_right_with_a_tick_without_colour(
        store: DrillStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _plain_app(store, clock, monkeypatch, colour=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, RIGHT)
        await pilot.pause()
        style = _style_of(_verdict_segments(app), "✓ Right")
        assert style.bold and not style.reverse, style


@pytest.mark.slow
async def test_in_colour_the_verdict_stays_the_red_word(
        store: DrillStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _plain_app(store, clock, monkeypatch, colour=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_question(pilot, app)
        await answer_with(pilot, app, WRONG)
        await pilot.pause()
        segments = _verdict_segments(app)
        line = "".join(text for text, _ in segments)
        assert "✗" not in line and "✓" not in line
        style = _style_of(segments, "Not quite")
        assert style.bold and not style.reverse and style.color is not None
        assert style.color.triplet is not None or style.color.name == "red"
        red = style.color.get_truecolor()
        assert red.red > 2 * max(red.green, red.blue), red


def _footer_keys(app: DrillApp) -> list[str]:
    """The keys the footer of the screen on top shows, as ``key label``."""
    footer = app.screen.query_one(Footer)
    return [f"{k.key_display} {k.description}".strip() for k in footer.query(FooterKey)
            if k.display]


def _footer_widgets(app: DrillApp) -> set[int]:
    return {id(k) for k in app.screen.query_one(Footer).query(FooterKey)}


async def test_the_footer_shows_each_screens_keys_and_is_not_rebuilt(
        store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=[SEED_ITEM] * 4, seed=1,
                   settings={"tile_style": "ascii", "session_length": 4})
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_question(pilot, app)
        first = _footer_keys(app)
        assert first == ["f3 Drill", "^q Quit", "f1 Help", "f2 Settings", "f5 Review"]
        await burst(pilot, app, "110⏎1⏎3600⏎")
        assert isinstance(app.screen, ExplanationScreen)
        assert _footer_keys(app) == ["↓ PgDn Home Scroll", "⏎ Next", "esc End", "^q Quit",
                                     "f1 Help", "f2 Settings", "f5 Review"]
        await burst(pilot, app, "⏎")
        await wait_for_question(pilot, app)
        # answered once: Esc ends the session and F7 shows the last answer
        asking = ["esc End", "f3 Drill", "f7 Last answer", "^q Quit", "f1 Help",
                  "f2 Settings", "f5 Review"]
        assert _footer_keys(app) == asking
        drill_keys = _footer_widgets(app)
        await burst(pilot, app, "110⏎")  # in the han field Esc goes back a field
        assert _footer_keys(app) == [k for k in asking if k != "esc End"]
        await burst(pilot, app, "1⏎3600⏎")
        explanation_keys = _footer_widgets(app)
        await burst(pilot, app, "⏎110⏎")
        await burst(pilot, app, [events.Key("escape", None)])  # back in the fu field
        assert _footer_keys(app) == asking
        # the same key widgets all along: shown and hidden, never built again
        assert _footer_widgets(app) == drill_keys
        await burst(pilot, app, "⏎1⏎3600⏎")  # the fu kept its 110
        assert isinstance(app.screen, ExplanationScreen)
        assert _footer_widgets(app) == explanation_keys


@pytest.mark.slow
async def test_a_new_language_relabels_the_footer(store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=[SEED_ITEM] * 2, seed=1,
                   settings={"tile_style": "ascii", "session_length": 2})
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_question(pilot, app)
        assert "f1 Help" in _footer_keys(app)
        assert app.controller is not None
        await app.apply_settings(app.controller.settings.replace(language="ja"))
        await pilot.pause()
        await pilot.pause()
        shown = _footer_keys(app)
        assert "f1 Help" not in shown and len(shown) == 5, shown
