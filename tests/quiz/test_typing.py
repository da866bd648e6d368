"""Every keystroke lands where it was meant: bursts, pastes, slow typing, going back.

Keys are sent the way a terminal sends them (straight to the app, not waiting
for it between keys), in one burst and with 50 ms between keys; a paste of
several lines too. The tmux test sends ``30⏎4⏎7700⏎`` as one ``send-keys``
into a real terminal and reads the marks.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input

from quiz.screens.drill import DrillScreen
from quiz.screens.explanation import ExplanationScreen
from quiz.screens.summary import SummaryScreen
from quiz.store.drill import DrillStore
from tests.support.clock import FakeClock
from tests.support.pilot import burst, make_app, wait_for_question

SIZE = (80, 24)
#: A ron of 30 fu 4 han: 7700 (riichi, pinfu, tanyao, a dora; ura 1z).
RON_7700 = "boundary-kiriage-tenhou"
#: The seeds' 110-fu hand: 110 fu 1 han, 3600.
RON_3600 = "seed000-saki-110fu"


def given(app: object, store: DrillStore) -> list[tuple[str, str, bool]]:
    rows = store.history(store.learner("ann").id)
    return [(p.part, p.given, p.correct) for p in rows[0].parts]


@pytest.mark.parametrize("gap", [0.0, 0.05], ids=["burst", "50ms"])
async def test_a_whole_answer_typed_fast_fills_each_field_and_submits(
        store: DrillStore, clock: FakeClock, gap: float) -> None:
    app = make_app(store, clock, items=[RON_7700, RON_3600])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, "30⏎4⏎7700⏎", gap=gap)
        assert isinstance(app.screen, ExplanationScreen)
        assert app.screen.marked.correct
        # on at once to the next question, and its answer in the same burst
        await burst(pilot, app, "⏎110⏎1⏎3600⏎", gap=gap)
        assert isinstance(app.screen, ExplanationScreen)
        assert app.screen.marked.correct, app.screen.marked
        assert app.screen.question.item.uid == RON_3600  # type: ignore[union-attr]
    rows = store.history(store.learner("ann").id)
    assert [[(p.part, p.given) for p in r.parts] for r in rows] == [
        [("fu", "110"), ("han", "1"), ("payment", "3600")],
        [("fu", "30"), ("han", "4"), ("payment", "7700")],
    ]


@pytest.mark.parametrize("gap", [0.0, 0.05], ids=["burst", "50ms"])
async def test_digits_over_the_explanation_begin_the_next_answer(
        store: DrillStore, clock: FakeClock, gap: float) -> None:
    """The learner starts typing the next answer before pressing ⏎: no digit starts
    another drill or is lost; the next question opens with what was typed."""
    app = make_app(store, clock, items=[RON_7700, RON_3600])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, "30⏎4⏎7700⏎", gap=gap)
        assert isinstance(app.screen, ExplanationScreen)
        drill = app.controller.session.plan.drill  # type: ignore[union-attr]
        await burst(pilot, app, "110⏎1⏎3600⏎", gap=gap)
        assert isinstance(app.screen, ExplanationScreen)
        assert app.controller.session.plan.drill is drill  # type: ignore[union-attr]
        assert app.screen.question.item.uid == RON_3600  # type: ignore[union-attr]
        assert app.screen.marked.correct, app.screen.marked
    rows = store.history(store.learner("ann").id)
    assert [(p.part, p.given) for p in rows[0].parts] == [
        ("fu", "110"), ("han", "1"), ("payment", "3600")]


@pytest.mark.slow
async def test_a_pasted_answer_of_several_lines_is_typed_key_by_key(
        store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=[RON_7700])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        driver = app._driver
        assert driver is not None
        paste = events.Paste("30\n4\r\n7700\n")
        paste.set_sender(app)
        driver.send_message(paste)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ExplanationScreen)
    assert given(app, store) == [("fu", "30", True), ("han", "4", True),
                                 ("payment", "7700", True)]


@pytest.mark.slow
async def test_a_one_line_paste_stays_in_its_field(store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=[RON_7700])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        paste = events.Paste("30")
        paste.set_sender(app)
        app._driver.send_message(paste)  # type: ignore[union-attr]
        await pilot.pause()
        assert app.screen.query_one("#answer-fu", Input).value == "30"
        assert isinstance(app.screen, DrillScreen)


@pytest.mark.parametrize("back", ["shift+tab", "escape"])
async def test_going_back_to_a_field_keeps_its_text_to_fix_a_typo(
        store: DrillStore, clock: FakeClock, back: str) -> None:
    app = make_app(store, clock, items=[RON_7700])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        keys = [*burst_keys("3⏎4⏎"), events.Key(back, None), events.Key(back, None),
                *burst_keys("0⏎")]
        await burst(pilot, app, keys)
        screen = app.screen
        assert screen.query_one("#answer-fu", Input).value == "30"
        assert screen.query_one("#answer-han", Input).value == "4"
        assert app.focused is screen.query_one("#answer-payment"), \
            "Enter goes on to the next empty field"
        await burst(pilot, app, "7700⏎")
        assert isinstance(app.screen, ExplanationScreen)
    assert given(app, store) == [("fu", "30", True), ("han", "4", True),
                                 ("payment", "7700", True)]


def burst_keys(text: str) -> list[events.Key]:
    from tests.support.pilot import key_events

    return key_events(text)


@pytest.mark.slow
async def test_backspace_in_a_burst_deletes_where_it_was_typed(
        store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=[RON_7700])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        keys = [*burst_keys("40"), events.Key("backspace", None), events.Key("backspace", None),
                *burst_keys("30⏎5"), events.Key("backspace", None), *burst_keys("4⏎7700⏎")]
        await burst(pilot, app, keys)
        assert isinstance(app.screen, ExplanationScreen)
    assert given(app, store) == [("fu", "30", True), ("han", "4", True),
                                 ("payment", "7700", True)]


@pytest.mark.slow
async def test_escape_on_the_first_field_ends_the_session_only_once_asked(
        store: DrillStore, clock: FakeClock) -> None:
    app = make_app(store, clock, items=[RON_7700, RON_3600])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, "30⏎4⏎7700⏎⏎")
        await wait_for_question(pilot, app)
        await burst(pilot, app, [events.Key("escape", None)])
        await burst(pilot, app, "n")
        assert isinstance(app.screen, DrillScreen)
        await burst(pilot, app, [events.Key("escape", None)])
        await burst(pilot, app, "y")
        assert isinstance(app.screen, SummaryScreen)


@pytest.mark.slow
async def test_a_stale_hint_goes_when_its_field_changes(store: DrillStore,
                                                        clock: FakeClock) -> None:
    app = make_app(store, clock, items=["seed002-tsumo-2000-3900"])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, "30⏎4⏎lots⏎")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        field = screen.query_one("#answer-payment", Input)
        assert field.has_class("-hinted") and "Payment:" in str(screen.query_one("#hints")
                                                                 .render())
        assert app.focused is field and field.value == "lots"
        await burst(pilot, app, [events.Key("backspace", None)])
        assert not field.has_class("-hinted")
        assert str(screen.query_one("#hints").render()).strip() == ""


@pytest.mark.slow
async def test_the_previous_explanation_can_be_read_again(store: DrillStore,
                                                          clock: FakeClock) -> None:
    app = make_app(store, clock, items=[RON_3600, RON_7700])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, "100⏎1⏎3200⏎⏎")
        await wait_for_question(pilot, app)
        await burst(pilot, app, "30⏎")
        await burst(pilot, app, [events.Key("f7", None)])
        screen = app.screen
        assert isinstance(screen, ExplanationScreen) and screen.looking_back
        assert screen.question.item.uid == RON_3600  # type: ignore[union-attr]
        assert "previous question" in str(screen.query_one("#verdict").render())
        await burst(pilot, app, "⏎")
        assert isinstance(app.screen, DrillScreen)
        assert app.controller is not None and app.controller.question is not None
        assert app.controller.question.item.uid == RON_7700  # type: ignore[union-attr]
        assert app.screen.query_one("#answer-fu", Input).value == "30"
        await burst(pilot, app, "4⏎7700⏎")
        assert isinstance(app.screen, ExplanationScreen) and app.screen.marked.correct


# --------------------------------------------------------------------------- tmux

_TMUX_APP = """
import sys
from quiz.app import create_app
app = create_app(sys.argv[1], learner="tmux", items=[sys.argv[2]], generated=0,
                 settings={"tile_style": "ascii"})
app.run()
"""


def _capture(session: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], check=True,
                          capture_output=True, text=True).stdout


def _wait_for(session: str, text: str, seconds: float = 30.0) -> str:
    end = time.monotonic() + seconds
    screen = ""
    while time.monotonic() < end:
        screen = _capture(session)
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} did not come up; the screen:\n{screen}")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed: the "
                    "real-terminal burst test needs it")
def test_a_burst_sent_by_tmux_into_a_real_terminal_is_marked_right(tmp_path: Path) -> None:
    session = f"drill-burst-{os.getpid()}"
    script = tmp_path / "app.py"
    script.write_text(_TMUX_APP)
    db = tmp_path / "burst.db"
    command = f"cd {Path.cwd()} && {sys.executable} {script} {db} {RON_7700}"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24",
                    command], check=True)
    try:
        _wait_for(session, "What are the fu, han and payment?", seconds=60)
        subprocess.run(["tmux", "send-keys", "-t", session, "30", "Enter", "4", "Enter",
                        "7700", "Enter"], check=True)
        screen = _wait_for(session, "Right")
        assert "Right — all 3 parts" in screen, screen
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False)


async def wait_for_review_question(pilot: object, app: object) -> object:
    from quiz.screens.review import ReviewScreen

    for _ in range(300):
        screen = app.screen  # type: ignore[attr-defined]
        if isinstance(screen, ReviewScreen) and screen.question is not None \
                and screen.review is None and not screen.loading:
            await pilot.pause()  # type: ignore[attr-defined]
            return screen
        await pilot.pause(0.02)  # type: ignore[attr-defined]
    raise AssertionError("no review question came up")


def typed_answer(question: object) -> str:
    """The right answer to every field as typed, each followed by Enter."""
    q = question
    return "".join((q.key.expected_text(p) if p in q.parts else "-") + "⏎"  # type: ignore[attr-defined]
                   for p in q.fields)  # type: ignore[attr-defined]


@pytest.mark.slow
async def test_the_review_screen_takes_an_answer_and_a_rating_in_one_burst(
        store: DrillStore, clock: FakeClock) -> None:
    from quiz.screens.review import ReviewScreen

    store.bank.generate(6, seed=4)
    app = make_app(store, clock, items=[RON_7700])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_question(pilot, app)
        await burst(pilot, app, [events.Key("f5", None)])
        screen = await wait_for_review_question(pilot, app)
        assert isinstance(screen, ReviewScreen) and screen.question is not None
        first = screen.question
        # the answer, Enter to keep the proposed rating, and the next question's first key
        await burst(pilot, app, typed_answer(first) + "⏎" + "3")
        screen = await wait_for_review_question(pilot, app)
        assert isinstance(screen, ReviewScreen) and screen.answered == 1
        assert screen.question is not first
        field = screen.query_one(f"#answer-{screen.question.fields[0].value}", Input)  # type: ignore[union-attr]
        assert app.focused is field and field.value == "3", "the key after the rating " \
            "lands in the next question"
