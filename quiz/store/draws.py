"""Drawing questions from the bank: a random item of the learner's rule profile, a few
made for a topic the bank lacks, items drawn ahead in the background (asked while the
database cannot be read), and the bank grown with generated hands in the background."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol, TypeVar

from data.bank.repository import Bank
from data.clock import Clock, utc_now
from data.errors import DatabaseUnavailableError, ItemError
from data.records import ItemKind

if TYPE_CHECKING:
    from data.bank.repository import Bank
    from data.db.database import Database
    from data.records import BankItem

__all__ = ["BankDraws"]

T = TypeVar("T")


class BoundedRead(Protocol):
    """Runs one read with the store's bound (:meth:`quiz.store.drill.DrillStore.read`)."""

    def __call__(self, work: Callable[[], T], wait: float | None = None) -> T:
        """What ``work`` returned."""


class BankDraws:
    """The drill store's draws from one bank.

    Args:
        database: the open database (the growing thread opens its own bank on it).
        bank: the bank read from.
        read: runs a read with the store's bound (see :meth:`DrillStore.read`).
        in_memory: whether the database is in memory (no background threads then).
    """

    def __init__(self, database: Database, bank: Bank, read: BoundedRead,
                 in_memory: Callable[[], bool], *, clock: Clock = utc_now) -> None:
        self.database = database
        self.bank = bank
        self.clock = clock
        self._read = read
        self._in_memory = in_memory
        self._profile_counts: dict[str, int] = {}
        #: Items drawn ahead, asked when the database cannot be read.
        self._reserve: list[BankItem] = []
        self._topping_up = threading.Event()
        self._stopping = threading.Event()
        self._growing: threading.Thread | None = None

    def stop(self, wait: float) -> None:
        """Stop growing the bank (a batch being written is finished or rolled back)."""
        self._stopping.set()
        if self._growing is not None:
            self._growing.join(wait)

    #: Generated hands added per transaction while the bank grows in the background.
    GROW_BATCH = 25

    def grow(self, want: int) -> threading.Thread | None:
        """Add generated hands in the background until the bank holds ``want`` of them.

        Each batch of :data:`GROW_BATCH` is its own short transaction, so answers
        are stored between them; the thread stops when the store closes, and
        the next start carries on where it stopped.

        Returns:
            the thread, or None when the bank already holds enough.
        """

        if want <= 0 or self.bank.count(kind=ItemKind.GENERATED) >= want:
            return None

        def run() -> None:
            import time


            bank = Bank(self.database, clock=self.clock)
            time.sleep(1.0)  # let the first question come up first
            try:
                while not self._stopping.is_set():
                    have = bank.count(kind=ItemKind.GENERATED)
                    if have >= want:
                        break
                    bank.generate(min(self.GROW_BATCH, want - have))
                    self._profile_counts.clear()
                    time.sleep(0.05)  # the screen keeps the upper hand
            except Exception:  # the database went, or another process grows it too
                return

        thread = threading.Thread(target=run, name="grow-bank", daemon=True)
        self._growing = thread
        thread.start()
        return thread

    def _has_profile(self, profile: str) -> bool:
        if profile not in self._profile_counts:
            self._profile_counts[profile] = self.bank.count(rules=profile)
        return self._profile_counts[profile] > 0

    def draw(self, rng: random.Random, *, profile: str, topic: str | None = None,
             difficulty: int | None = None, exclude: Iterable[int] = ()) -> BankItem | None:
        """A random bank item, of the learner's profile when the bank has some.

        When nothing matches the topic and difficulty asked for, a few hands
        for them are generated and stored first.
        """

        excluded = set(exclude)
        try:
            item = self._read(lambda: self._draw(rng, profile=profile, topic=topic,
                                                difficulty=difficulty, excluded=excluded))
        except DatabaseUnavailableError:
            item = self._from_reserve(profile, topic, difficulty, excluded)
            if item is None:
                raise
            return item
        if item is not None:
            self._top_up(rng.randrange(2**31), profile, topic, difficulty)
        return item

    def _draw(self, rng: random.Random, *, profile: str, topic: str | None,
              difficulty: int | None, excluded: set[int]) -> BankItem | None:
        rules = profile if self._has_profile(profile) else None
        item = self.bank.draw(rng, topic=topic, difficulty=difficulty, rules=rules,
                              exclude=excluded)
        if item is None and (topic is not None or difficulty is not None):
            from data.errors import DatabaseUnavailableError, DataError

            try:
                self.bank.generate(10, seed=rng.randrange(2**31), topic=topic,
                                   difficulty=difficulty, rules=profile)
            except DatabaseUnavailableError:
                raise
            except DataError:
                return None
            self._profile_counts.pop(profile, None)
            item = self.bank.draw(rng, topic=topic, difficulty=difficulty, rules=rules,
                                  exclude=excluded)
        return item

    #: Items kept drawn ahead (questions that can still be asked while the database is away).
    RESERVE = 12

    def _from_reserve(self, profile: str, topic: str | None, difficulty: int | None,
                      excluded: set[int]) -> BankItem | None:
        """An item drawn ahead that fits (the profile is kept when some fit)."""
        fits = [i for i in self._reserve
                if i.id not in excluded and (topic is None or topic in i.topics)
                and (difficulty is None or i.difficulty == difficulty)]
        fits.sort(key=lambda i: i.problem.rules != profile)
        if not fits:
            return None
        self._reserve.remove(fits[0])
        return fits[0]

    def _top_up(self, seed: int, profile: str, topic: str | None,
                difficulty: int | None) -> None:
        """Draw items ahead in the background, so questions can go on if the database goes."""
        if (len(self._reserve) >= self.RESERVE // 2 or self._topping_up.is_set()
                or self._in_memory()):
            return
        self._topping_up.set()

        def run() -> None:
            import time

            time.sleep(1.0)  # after the question is drawn on screen

            rng = random.Random(seed)
            try:
                have = {i.id for i in self._reserve}
                rules = profile if self._has_profile(profile) else None
                ids = [i for i in self.bank.ids(topic=topic, rules=rules, difficulty=difficulty)
                       if i not in have]
                rng.shuffle(ids)
                for item_id in ids[: self.RESERVE * 2]:
                    if len(self._reserve) >= self.RESERVE:
                        break
                    try:
                        self._reserve.append(self.bank.get(item_id))
                    except ItemError:
                        continue
            except Exception:  # the database went: what was drawn is kept
                pass
            finally:
                self._topping_up.clear()

        threading.Thread(target=run, name="draw-ahead", daemon=True).start()
