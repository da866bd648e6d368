"""A browser tab served by ``riichi-drill serve`` asks a learner's name and password
(issue 23, 8): nobody opens another learner's profile by typing their name, and a
learner who drilled in a tab yesterday gets their own history back today.

The sign-in is the web pages' (:mod:`data.learner_passwords`), its wrong guesses
counted in the database under the web pages' key, so tabs, processes and stores on
one database count together. At a terminal nothing changes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from data.classroom.limits import Limits
from data.learner_passwords import SIGN_IN_RULE, LearnerPasswords, sign_in_key
from quiz.app import DrillApp
from quiz.screens.learners import LearnerScreen
from quiz.served_learner import SignInRefusedError, open_learner
from quiz.store.drill import DrillStore
from tests.support.clock import FakeClock
from tests.support.paths import ROOT
from tests.support.pilot import (
    SEED_ITEM,
    answer_with,
    make_app,
    right_answers,
    type_text,
    wait_for_question,
)

SIZE = (80, 24)
SECRET = "correct horse"
WRONG = "wrong horse!"
MISMATCH = "That name and password do not match."


@pytest.fixture
def serve(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process is a served tab."""
    monkeypatch.setenv("RIICHI_DRILL_SERVED", "1")
    monkeypatch.delenv("RIICHI_DRILL_CLIENT_ADDRESS", raising=False)


def with_password(store: DrillStore, name: str, password: str = SECRET) -> int:
    """A learner who signed up on the web pages (a cheap hash: the check reads its cost)."""
    return LearnerPasswords(store.database, cost=2**10).sign_up(name, password).id


async def sign_in(pilot: object, app: DrillApp, name: str, password: str) -> None:
    """Type a name, Enter, a password, Enter on the learner screen."""
    for _ in range(300):  # the screen up, its fields composed
        if isinstance(app.screen, LearnerScreen) and app.screen.query("#learner-password"):
            break
        await pilot.pause(0.01)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    screen = app.screen
    assert isinstance(screen, LearnerScreen) and screen.ask_password
    screen.query_one("#learner-name", Input).value = ""
    screen.query_one("#learner-name", Input).focus()
    await type_text(pilot, name)
    await pilot.press("enter")  # type: ignore[attr-defined]
    assert app.focused is screen.query_one("#learner-password")
    await type_text(pilot, password)
    await pilot.press("enter")  # type: ignore[attr-defined]


async def refusal(pilot: object, app: DrillApp) -> str:
    """The one line the learner screen says after a refused sign-in."""
    for _ in range(300):
        screen = app.screen
        if isinstance(screen, LearnerScreen):
            line = str(screen.query_one("#learner-error", Static).render())
            if line:
                return line
        await pilot.pause(0.01)  # type: ignore[attr-defined]
    raise AssertionError(f"no refusal came (screen: {app.screen!r})")


# ------------------------------------------------------------------- open_learner


def test_at_a_terminal_any_learner_opens_with_no_password(store: DrillStore,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.delenv("RIICHI_DRILL_SERVED", raising=False)
    ann = with_password(store, "Ann")
    assert open_learner(store, "Ann").id == ann
    assert open_learner(store, "Bo").name == "Bo"


def test_a_served_tab_opens_a_learner_only_with_their_password(store: DrillStore,
                                                               serve: None) -> None:
    ann = with_password(store, "Ann")
    assert open_learner(store, " Ann ", SECRET).id == ann
    with pytest.raises(SignInRefusedError) as refused:
        open_learner(store, "Ann", WRONG)
    assert str(refused.value) == MISMATCH  # never which of the two
    with pytest.raises(SignInRefusedError, match="at least 8 characters"):
        open_learner(store, "Ann", None)
    bo = open_learner(store, "Bo", "another secret")  # a new name signs up
    assert bo.name == "Bo" and bo.id != ann
    assert open_learner(store, "Bo", "another secret").id == bo.id
    with pytest.raises(SignInRefusedError, match=MISMATCH):
        open_learner(store, "Bo", SECRET)


def test_a_terminal_learner_gets_a_password_at_the_first_served_sign_in(
        store: DrillStore, serve: None) -> None:
    cy = store.learner("Cy").id  # made at a terminal: no password
    assert open_learner(store, "Cy", SECRET).id == cy
    with pytest.raises(SignInRefusedError, match=MISMATCH):
        open_learner(store, "Cy", WRONG)  # from now on only that password opens it
    assert LearnerPasswords(store.database).sign_in("Cy", SECRET).id == cy  # the web's too


def test_a_short_password_is_refused_with_the_reason_and_counts_nothing(
        store: DrillStore, serve: None) -> None:
    with pytest.raises(SignInRefusedError, match="at least 8 characters"):
        open_learner(store, "Dee", "short")
    assert [ln.name for ln in store.all_learners()] == []
    assert Limits(store.database).attempts(sign_in_key("Dee")) == 0


def test_wrong_guesses_are_slowed_then_refused_and_a_right_one_starts_afresh(
        store: DrillStore, serve: None) -> None:
    with_password(store, "Ann")
    now = [1000.0]
    limits = Limits(store.database, ticker=lambda: now[0])
    cheap = LearnerPasswords(store.database, cost=2**10)
    for _ in range(3):  # three free
        with pytest.raises(SignInRefusedError, match=MISMATCH):
            open_learner(store, "Ann", WRONG, limits=limits, passwords=cheap)
    with pytest.raises(SignInRefusedError, match=r"try again in 1 s"):  # the right one too
        open_learner(store, "ann", SECRET, limits=limits, passwords=cheap)
    for _ in range(7):  # each after its wait (2, 4, 8... s), all within the window
        now[0] += 61.0
        with pytest.raises(SignInRefusedError, match=MISMATCH):
            open_learner(store, "Ann", WRONG, limits=limits, passwords=cheap)
    assert limits.attempts(sign_in_key("Ann")) == 10
    now[0] += 60.0
    # locked for the rest of the window, even for the right password
    with pytest.raises(SignInRefusedError, match=r"Too many wrong attempts: try again in 413 s"):
        open_learner(store, "Ann", SECRET, limits=limits, passwords=cheap)
    now[0] = 1000.0 + 900.0
    assert open_learner(store, "Ann", SECRET, limits=limits, passwords=cheap).name == "Ann"
    assert limits.attempts(sign_in_key("Ann")) == 0


def test_a_name_signed_up_elsewhere_the_same_instant_is_refused_not_a_traceback(
        store: DrillStore, serve: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two tabs signing up one new name at once (on PostgreSQL the second insert clashes):
    the second is refused in one line and counted."""
    from sqlalchemy.orm import Session

    from data.models.web import LearnerPassword

    real_get = Session.get
    racing = LearnerPasswords(store.database, cost=2**10)
    racing.sign_up("Eve", SECRET)  # the other tab, done first

    def unseen(self: Session, entity: object, ident: object, **kw: object) -> object:
        if entity is LearnerPassword:
            return None  # read before the other tab's row was there
        return real_get(self, entity, ident, **kw)  # type: ignore[call-overload]

    monkeypatch.setattr(Session, "get", unseen)
    with pytest.raises(SignInRefusedError, match=MISMATCH):
        open_learner(store, "Eve", WRONG, passwords=racing)
    assert Limits(store.database).attempts(sign_in_key("Eve")) == 1


@pytest.fixture
def file_db(tmp_path: Path) -> Iterator[str]:
    """A database file two stores (as two processes would) open."""
    path = str(tmp_path / "drill.db")
    DrillStore.open(path, generated=0).close()
    yield path


def test_guesses_made_at_once_are_checked_no_more_than_the_limit_allows(
        file_db: str, serve: None) -> None:
    store = DrillStore.open(file_db, generated=0)
    try:
        with_password(store, "Ann")
        outcomes: list[str] = []
        start = threading.Barrier(12)

        def guess() -> None:
            mine = DrillStore.open(file_db, generated=0)  # a store of its own, as a tab's
            try:
                start.wait()
                open_learner(mine, "Ann", WRONG,
                             passwords=LearnerPasswords(mine.database, cost=2**10))
            except SignInRefusedError as e:
                outcomes.append(str(e))
            finally:
                mine.close()

        threads = [threading.Thread(target=guess) for _ in range(12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert len(outcomes) == 12
        checked = outcomes.count(MISMATCH)
        assert 1 <= checked <= SIGN_IN_RULE.free  # the others refused before any hash
        assert Limits(store.database).attempts(sign_in_key("Ann")) == checked
    finally:
        store.close()


@pytest.mark.slow
def test_wrong_guesses_in_another_process_count_here(file_db: str, serve: None) -> None:
    store = DrillStore.open(file_db, generated=0)
    try:
        with_password(store, "Ann")
        script = textwrap.dedent("""
            import sys
            from quiz.served_learner import SignInRefusedError, open_learner
            from quiz.store.drill import DrillStore
            store = DrillStore.open(sys.argv[1], generated=0)
            for _ in range(3):
                try:
                    open_learner(store, "Ann", "wrong horse!")
                except SignInRefusedError as e:
                    print(e)
            store.close()
        """)
        done = subprocess.run([sys.executable, "-c", script, file_db], cwd=ROOT, timeout=120,
                              capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.stdout.splitlines() == [MISMATCH] * 3, done.stderr
        limits = Limits(store.database)
        assert limits.attempts(sign_in_key("Ann")) == 3  # a restart or a process: one count
        time.sleep(limits.wait(sign_in_key("Ann"), SIGN_IN_RULE))  # the 1 s after the third
        assert open_learner(store, "Ann", SECRET).name == "Ann"  # right: afresh
        assert limits.attempts(sign_in_key("Ann")) == 0
    finally:
        store.close()


# ------------------------------------------------------------ the served tab itself


@pytest.mark.slow
async def test_the_right_password_opens_the_learners_own_history_and_it_comes_back(
        store: DrillStore, clock: FakeClock, serve: None) -> None:
    ann = with_password(store, "Ann")
    with_password(store, "Bo", "bo's own secret")
    for visit in (1, 2):  # yesterday's tab, then today's
        app = make_app(store, clock, learner=None, items=[SEED_ITEM])
        async with app.run_test(size=SIZE) as pilot:
            await sign_in(pilot, app, "Ann", SECRET)
            await wait_for_question(pilot, app)
            assert app.controller is not None and app.controller.learner.id == ann
            assert app.sub_title == "Ann"
            await answer_with(pilot, app, right_answers(app))
            await pilot.pause()
        assert len(store.history(ann)) == visit  # the same learner, their history kept
    assert store.history(store.learner("Bo").id) == []


@pytest.mark.slow
async def test_a_wrong_password_is_refused_without_saying_which_part(
        store: DrillStore, clock: FakeClock, serve: None) -> None:
    with_password(store, "Ann")
    app = make_app(store, clock, learner=None, items=[SEED_ITEM])
    async with app.run_test(size=SIZE) as pilot:
        await sign_in(pilot, app, "Ann", WRONG)
        assert await refusal(pilot, app) == MISMATCH
        screen = app.screen
        assert isinstance(screen, LearnerScreen)
        assert screen.query_one("#learner-name", Input).value == "Ann"  # kept
        assert screen.query_one("#learner-password", Input).password  # masked
        assert screen.query_one("#learner-password", Input).value == ""
        assert app.controller is None  # nobody drills
        await sign_in(pilot, app, "Ann", SECRET)  # then the right one
        await wait_for_question(pilot, app)
    assert Limits(store.database).attempts(sign_in_key("Ann")) == 0


@pytest.mark.slow
async def test_a_new_name_with_a_short_password_is_refused_with_the_reason(
        store: DrillStore, clock: FakeClock, serve: None) -> None:
    app = make_app(store, clock, learner=None, items=[SEED_ITEM])
    async with app.run_test(size=SIZE) as pilot:
        await sign_in(pilot, app, "Dee", "short")
        assert await refusal(pilot, app) == "Choose a password of at least 8 characters."
        assert store.all_learners() == []
        await sign_in(pilot, app, "Dee", "long enough")
        await wait_for_question(pilot, app)
        assert app.controller is not None and app.controller.learner.name == "Dee"


async def test_guesses_counted_by_another_store_lock_the_tab(
        file_db: str, clock: FakeClock, serve: None) -> None:
    other = DrillStore.open(file_db, generated=0)  # another process's store
    try:
        with_password(other, "Ann")
        for _ in range(SIGN_IN_RULE.most):
            Limits(other.database).count(sign_in_key("ann"), SIGN_IN_RULE)
    finally:
        other.close()
    store = DrillStore.open(file_db, clock=clock, generated=0)
    try:
        app = make_app(store, clock, learner=None, items=[SEED_ITEM])
        async with app.run_test(size=SIZE) as pilot:
            await sign_in(pilot, app, "Ann", SECRET)  # even the right one
            line = await refusal(pilot, app)
            assert line.startswith("Too many wrong attempts: try again in ")
            assert app.controller is None
    finally:
        store.close()


async def test_at_a_terminal_the_learner_screen_asks_no_password(
        store: DrillStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RIICHI_DRILL_SERVED", raising=False)
    ann = with_password(store, "Ann")
    store.learner("Bo")
    app = make_app(store, clock, learner=None, items=[SEED_ITEM])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LearnerScreen) and not screen.ask_password
        assert not screen.query("#learner-password")
        await pilot.press("enter")  # Ann, the first listed
        await wait_for_question(pilot, app)
        assert app.controller is not None and app.controller.learner.id == ann


@pytest.mark.slow
async def test_switching_learner_in_a_served_tab_lists_nobody_and_asks_the_password(
        store: DrillStore, clock: FakeClock, serve: None) -> None:
    ann = with_password(store, "Ann")
    with_password(store, "Bo", "bo's own secret")
    app = make_app(store, clock, learner=None, items=[SEED_ITEM])
    async with app.run_test(size=SIZE) as pilot:
        await sign_in(pilot, app, "Ann", SECRET)
        await wait_for_question(pilot, app)
        await pilot.press("f4")
        await sign_in(pilot, app, "Bo", SECRET)  # Ann's password is not Bo's
        assert await refusal(pilot, app) == MISMATCH
        assert not app.screen.query("#learner-options")  # nobody's name shown
        await pilot.press("escape")  # Ann drills on
        await pilot.pause()
        assert app.controller is not None and app.controller.learner.id == ann
