"""Answers arriving together written in one go: a group commit led by the event loop
(:class:`GroupCommit`), for the classroom server and the class pages alike."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Generic, TypeVar

__all__ = ["GroupCommit"]

T = TypeVar("T")
R = TypeVar("R")
X = TypeVar("X")


class GroupCommit(Generic[T, R]):
    """Answers arriving together are written in one go: a group commit, led by the event loop.

    ``submit`` (on the event loop) queues an item and waits for its outcome.
    While fewer than ``writers`` writes are under way, the items waiting (at
    most ``most``) are handed to a writer thread at once, which calls ``write``
    with all of them (one transaction, one wait on the disk); the items that
    arrive meanwhile wait for the next write. Each caller hears of its item
    (a result, or the exception that refused it) only after that write
    returned, so a reply never runs ahead of its commit.

    One hand-off to a thread and one wake-up of the loop per write, not per
    item: under a burst the loop's work per answer stays small. One write at a
    time by default: a commit takes well under a millisecond, and while it is
    under way the answers arriving gather for the next one, so a burst is
    written in a few large batches rather than answer by answer (two writers
    at once left each answer mostly alone, at a thread hand-off each).

    With ``in_loop``, a batch is written by that coroutine on the loop itself
    instead (no thread hand-off at all; it may still use :meth:`in_thread`).
    """

    def __init__(self, write: Callable[[list[T]], list[R | Exception]], *,
                 most: int = 64, writers: int = 1,
                 in_loop: Callable[[list[T]], Awaitable[list[R | Exception]]] | None = None,
                 ) -> None:
        self.write = write
        self.in_loop = in_loop
        self.most = most
        self.writers = writers
        self._pool = ThreadPoolExecutor(max_workers=writers, thread_name_prefix="class-commit")
        self._waiting: list[tuple[T, asyncio.Future[R]]] = []
        self._under_way: set[asyncio.Future[list[R | Exception]]] = set()

    async def submit(self, item: T) -> R:
        """Queue an item; its outcome once it is written (or the exception that refused it)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[R] = loop.create_future()
        self._waiting.append((item, future))
        if len(self._under_way) < self.writers:
            self._start(loop)
        # a caller that goes away cancels only its own wait: its item is written all the same
        return await future

    async def close(self) -> None:
        """Write what is queued and wait for every write under way, then end the threads."""
        while self._waiting or self._under_way:
            if self._under_way:
                await asyncio.wait(set(self._under_way))
            elif self._waiting:
                self._start(asyncio.get_running_loop())
        self._pool.shutdown(wait=True)

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        batch, self._waiting = self._waiting[:self.most], self._waiting[self.most:]
        if not batch:
            return
        items = [item for item, _ in batch]
        writing: asyncio.Future[list[R | Exception]] = (
            loop.run_in_executor(self._pool, self._write_all, items) if self.in_loop is None
            else asyncio.ensure_future(self._write_in_loop(self.in_loop, items)))
        self._under_way.add(writing)
        writing.add_done_callback(lambda done: self._written(loop, batch, done))

    def _write_all(self, items: list[T]) -> list[R | Exception]:
        try:
            outcomes = self.write(items)
        except Exception as e:  # the writer failed as a whole: each caller hears it
            return [e] * len(items)
        if len(outcomes) != len(items):
            raise AssertionError("a group write gave back one outcome per item")
        return outcomes

    async def _write_in_loop(self, write: Callable[[list[T]], Awaitable[list[R | Exception]]],
                             items: list[T]) -> list[R | Exception]:
        try:
            outcomes = await write(items)
        except Exception as e:  # the writer failed as a whole: each caller hears it
            return [e] * len(items)
        if len(outcomes) != len(items):
            raise AssertionError("a group write gave back one outcome per item")
        return outcomes

    async def in_thread(self, fn: Callable[..., X], *args: Any) -> X:
        """Run ``fn`` in a writer thread (the way of a write the loop cannot make itself)."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    def _written(self, loop: asyncio.AbstractEventLoop,
                 batch: list[tuple[T, asyncio.Future[R]]],
                 done: asyncio.Future[list[R | Exception]]) -> None:
        self._under_way.discard(done)
        if done.cancelled():  # the threads were stopped: the server is ending
            for _, future in batch:
                future.cancel()
        else:
            error = done.exception()
            outcomes = done.result() if error is None else [error] * len(batch)
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if isinstance(outcome, BaseException):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)
        if self._waiting and len(self._under_way) < self.writers:
            self._start(loop)
