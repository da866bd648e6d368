"""Driving the drill app in tests: the app on a test store, typing, waiting, answering.

For Textual's Pilot (``app.run_test()``) and for keys sent as a terminal sends them
(:func:`burst`). The fixtures that give a test its store and clock are in
``tests/quiz/conftest.py``; :func:`screen_text` reads any screen as a learner would.
"""

from __future__ import annotations

from typing import Any

from data.clock import Clock
from quiz.app import DrillApp, create_app
from quiz.grading import Part
from quiz.screens.drill import DrillScreen
from quiz.store.drill import DrillStore

__all__ = ["KEY_NAMES", "SEED_ITEM", "answer_with", "burst", "key_events", "make_app",
           "right_answers", "screen_text", "type_text", "wait_for_question"]  # fmt: skip

#: Key names Pilot needs for characters that are not letters or digits.
KEY_NAMES = {" ": "space", "/": "slash", ",": "comma", "-": "minus", "?": "question_mark",
             ".": "full_stop"}

#: A curated item: the seeds' 1m-triplet hand with two closed kans (110 fu, 1 han, 3600).
SEED_ITEM = "seed000-saki-110fu"


def make_app(store: DrillStore, clock: Clock, **kwargs: Any) -> DrillApp:
    """The app on the test store, as learner 'ann' unless told otherwise."""
    kwargs.setdefault("learner", "ann")
    kwargs.setdefault("seed", 7)
    return create_app(store=store, clock=clock, **kwargs)


async def type_text(pilot: Any, text: str) -> None:
    """Type text key by key."""
    await pilot.press(*[KEY_NAMES.get(ch, ch) for ch in text])


async def wait_for_question(pilot: Any, app: DrillApp) -> None:
    """Wait until a question is on the drill screen."""
    for _ in range(300):
        if (app.controller is not None and app.controller.question is not None
                and isinstance(app.screen, DrillScreen)
                and app.screen.query_one("#question-body").display):
            await pilot.pause()
            return
        await pilot.pause(0.01)
    raise AssertionError(f"no question came up (screen: {app.screen!r})")


async def answer_with(pilot: Any, app: DrillApp, values: dict[Part, str]) -> None:
    """Type each asked part's value and press Enter after each (the last one submits)."""
    assert app.controller is not None and app.controller.question is not None
    for part in app.controller.question.fields:
        if part not in values:
            # a field shown but not marked (the fu of a limit hand): "-", it does not matter
            await type_text(pilot, "-")
            await pilot.press("enter")
            continue
        if part is Part.YAKU:
            from quiz.widgets.yaku_picker import YakuPicker

            picker = app.screen.query_one(YakuPicker)
            assert app.focused is picker
            if values[part] == "?":
                await pilot.press("question_mark")
            else:
                for name in values[part].split(", "):
                    picker.select(name)
            await pilot.press("enter")
            continue
        await type_text(pilot, values[part])
        await pilot.press("enter")
    await pilot.pause()


def right_answers(app: DrillApp) -> dict[Part, str]:
    """The right answer to the question on screen, as a learner would type it."""
    assert app.controller is not None and app.controller.question is not None
    key = app.controller.question.key
    return {p: key.expected_text(p) for p in key.parts}


def key_events(text: str) -> list[Any]:
    """The key events that type ``text`` (``⏎`` or a line break is Enter)."""
    from quiz.widgets.answer_form import keys_for_text

    return keys_for_text(text.replace("⏎", "\r"))


async def burst(pilot: Any, app: DrillApp, keys: str | list[Any], *, gap: float = 0.0) -> None:
    """Send keys as a terminal does: straight to the app, not waiting for it between them.

    ``gap`` seconds between keys (0: one burst, like a paste or ``tmux send-keys``);
    then wait until the app has taken them all.
    """
    import asyncio

    events = key_events(keys) if isinstance(keys, str) else keys
    driver = app._driver
    assert driver is not None
    for event in events:
        event.set_sender(app)
        driver.send_message(event)
        if gap:
            await asyncio.sleep(gap)
    await pilot.pause()
    await pilot.pause()


def screen_text(app: Any) -> str:
    """Every line of the current screen, as plain text (for looking, and for assertions)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)
