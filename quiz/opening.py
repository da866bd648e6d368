"""The app's opening: the first question first, then the store behind it, then the learner.

On an ordinary start (a SQLite file at the newest schema, a learner named or
the only one) the first question comes first: :mod:`data.first_read` reads the
learner, their settings and one bank item with :mod:`sqlite3` alone, the
question is shown, and only then is the store opened in the background; the
controller goes on with it when it is open (:meth:`DrillController.attach`
stores what was answered meanwhile). SQLAlchemy is not imported before the
first question is on screen. At the end (:meth:`Opening.on_unmount`) what was
answered before the store opened is stored, and the store is closed.

:class:`Opening` is a part of :class:`quiz.app.DrillApp`, which holds the state it reads.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from textual import work
from textual.app import App
from textual.worker import Worker, WorkerState

from data.db.url import resolve_url
from data.errors import DataError
from data.first_read import first_read

from .controller import DrillController, FirstDraws
from .errors import DrillError
from .settings import Settings
from .store.drill import DrillStore
from .store.journal import AnswerJournal, journal_path
from .words.core import _, active_language

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from data.clock import Clock
    from data.first_read import ReadOnlyBank
    from data.generate.rounds import RoundSpec
    from data.records import LearnerRecord

    from .drills import DrillKind
    from .screens.drill import DrillScreen

__all__ = ["MODULES_AT_FIRST_QUESTION", "Opening"]

#: An environment variable naming a file: the app writes the modules imported when
#: the first question came from the first read there, one a line (a test checks that
#: SQLAlchemy is not among them).
MODULES_AT_FIRST_QUESTION = "RIICHI_DRILL_MODULES_AT_FIRST_QUESTION"

T = TypeVar("T")


class Opening(App[int]):
    """The start and the end of :class:`quiz.app.DrillApp` (its state is the app's)."""

    if TYPE_CHECKING:  # what the app holds and does (quiz.app.DrillApp)
        course_start: bool
        db_url: str | None
        learner_name: str | None
        clock: Clock
        rng: random.Random
        store: DrillStore | None
        items: tuple[int | str, ...]
        rounds: tuple[RoundSpec, ...]
        generated: int | None
        setting_overrides: dict[str, Any]
        first_drill: DrillKind | None
        controller: DrillController | None
        stored_settings: dict[str, Any]
        error: str | None
        environ: Mapping[str, str]
        _first_bank: ReadOnlyBank | None

        @property
        def drill_screen(self) -> DrillScreen | None: ...
        def speak(self, stored: str | None) -> bool: ...
        def fail(self, error: BaseException | None) -> None: ...
        def ask_learner(self, names: Sequence[str], *, can_cancel: bool = True,
                        name: str = "", error: str = "") -> None: ...
        async def use_learner(self, learner: LearnerRecord) -> None: ...
        async def waiting_for_database(self, work: Callable[[], T]) -> T: ...
        def _database_state(self, status: Any) -> None: ...

    async def on_mount(self) -> None:
        from textual.widget import AwaitMount

        await AwaitMount(self.screen, [self.screen])  # the question screen, composed
        if self.store is not None:
            self.call_after_refresh(self._store_ready, self.store)
        elif not self.course_start and await self._first_question():
            # the question is drawn: the store opens behind it (its imports hold the GIL)
            self.call_after_refresh(self._open_store)
        else:
            self._open_store()

    async def _first_question(self) -> bool:
        """Show the first question from the first read, before the store is open.

        Returns:
            False (nothing shown, nothing changed) when the start is not an
            ordinary one: the store is then opened first, as it always was.
        """
        if self.items or os.environ.get("RIICHI_DRILL_SERVED") == "1":
            return False  # a served tab always asks who drills


        first = first_read(self.db_url, self.learner_name)
        if first is None:
            return False
        settings = Settings.from_dict(dict(first.stored_settings))  # as DrillStore.load_settings
        if self.setting_overrides:
            settings = settings.replace(**self.setting_overrides)
        rng_state = self.rng.getstate()
        self.speak(settings.language)
        settings = settings.in_language(active_language(),
                                        {*first.stored_settings, *self.setting_overrides})


        journal = AnswerJournal(journal_path(resolve_url(self.db_url)))  # the store's journal
        controller = DrillController(None, first.learner, settings, clock=self.clock,
                                     rng=self.rng, draws=FirstDraws(first.bank),
                                     journal=journal, rounds=self.rounds)
        try:
            controller.start(self.first_drill)
            question = controller.next_question()
        except (DataError, DrillError):
            first.bank.close()
            self.rng.setstate(rng_state)  # the normal path draws as if nothing happened
            return False
        screen = self.drill_screen
        assert question is not None and screen is not None
        self._first_bank = first.bank
        self.stored_settings = dict(first.stored_settings)  # as use_learner keeps them
        self.controller = controller
        self.learner_name = first.learner.name
        self.sub_title = first.learner.name
        await screen.show_question(question)
        notice = controller.notice
        if notice:
            screen.notify(notice, severity="warning")
        self.refresh_bindings()
        modules_file = os.environ.get(MODULES_AT_FIRST_QUESTION)
        if modules_file:
            import sys

            Path(modules_file).write_text("\n".join(sorted(sys.modules)), encoding="utf-8")
        return True

    def _attach_store(self, store: DrillStore) -> None:
        """The store is open: the controller of the first question goes on with it
        (what was answered meanwhile is stored now)."""
        c = self.controller
        assert c is not None
        c.attach(store)
        if self._first_bank is not None:
            self._first_bank.close()
            self._first_bank = None

    @work(thread=True, exclusive=True, group="open", exit_on_error=False)
    def _open_store(self) -> DrillStore:
        """Open the database and fill its bank (a thread: the screen is drawn meanwhile)."""

        from textual.worker import get_current_worker

        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            self.call_from_thread(
                self._loading,
                _("Building the question bank: %(done)d/%(total)d…") % {"done": done,
                                                                        "total": total})

        return DrillStore.open(self.db_url, clock=self.clock, generated=self.generated,
                               progress=progress, cancelled=lambda: worker.is_cancelled)

    def _loading(self, message: str) -> None:
        screen = self.drill_screen
        if screen is not None:
            screen.show_message(message)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The database is open (or could not be opened)."""
        if event.worker.group != "open":
            return
        if event.state is WorkerState.SUCCESS:
            store = cast("DrillStore", event.worker.result)
            self.store = store
            c = self.controller
            if c is not None and c.store is None:
                # the first question came from the first read: the controller goes on
                # with the store at once (no question is drawn from both)
                try:
                    self._attach_store(store)
                except Exception as e:
                    self.fail(e)
                    return
            self.call_later(self._store_ready, store)
        elif event.state is WorkerState.ERROR and not self._exit:
            self.fail(event.worker.error)

    async def _store_ready(self, store: DrillStore) -> None:
        name = self.learner_name
        store.listen(self._database_state)
        if self.controller is not None:  # the first question came from the first read
            screen = self.drill_screen
            if screen is not None:
                screen._count_due()  # the header's due count, now that it can be read
            self.refresh_bindings()
            return
        try:
            # A tab served to a browser always asks (a password too), and lists nobody
            # else's name.
            served = os.environ.get("RIICHI_DRILL_SERVED") == "1"
            if served:
                self.ask_learner([], can_cancel=False, name=name or "")
                return
            if name is None:
                names = [ln.name for ln in store.all_learners()]
                if len(names) == 1:
                    name = names[0]
                else:
                    self.ask_learner(names, can_cancel=False)
                    return
            # a task of its own: keys (Esc, Ctrl+Q) work while the learner is read
            self.run_worker(self._start_as(store, name), group="learner", exclusive=True,
                            exit_on_error=False)
        except Exception as e:
            self.fail(e)

    async def _start_as(self, store: DrillStore, name: str) -> None:
        """Drill as the learner named at the start (read or created off the screen's
        thread); a learner that cannot be read or made ends the app with one line."""
        from .served_learner import open_learner

        try:
            await self.use_learner(
                await self.waiting_for_database(lambda: open_learner(store, name)))
        except Exception as e:  # a worker's error would be lost: end with one line
            self.fail(e)

    def on_unmount(self) -> None:
        c = self.controller
        if self.store is None and c is not None and c.unstored:
            # answered before the store was open (kept in its journal): stored now
            try:
                self.store = DrillStore.open(self.db_url, clock=self.clock, generated=0)
                self._attach_store(self.store)
            except Exception as e:
                self.error = self.error or (f"the database could not be opened ({e}); the "
                                            "answers given are kept and stored at the next start")
        if self._first_bank is not None:
            self._first_bank.close()
        if self.store is not None and self.db_url is not None:
            self.store.close()
        elif self.store is not None:
            self.store.flush(2.0)
