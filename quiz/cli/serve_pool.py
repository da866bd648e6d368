"""Tabs' processes started ahead of their visitors, for ``riichi-drill serve``.

A cold tab is a new Python process importing Textual and SQLAlchemy: seconds
of work while its visitor looks at an empty page, and five tabs opened at once
queue for the cores. :class:`WarmPool` keeps a few processes
(:mod:`quiz.cli.warm_tab`) that have already imported all that and wait for a
session; a new tab takes the oldest (:class:`WarmAppService`), which then runs
the app at the tab's size. The pool is refilled one process at a time, and only
once no tab has been taken for a little while, so that refilling never slows
the tabs that are starting.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from asyncio.subprocess import Process
from collections import deque
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any

from textual_serve.app_service import AppService

__all__ = ["REFILL_QUIET", "WarmAppService", "WarmPool", "tab_size"]

#: Seconds without a tab taken before the pool starts refilling.
REFILL_QUIET = 5.0
#: Seconds a waiting process may take to import before the next one is started anyway.
READY_WAIT = 30.0
#: Seconds a tab's process has to quit when its tab goes, before it is ended.
STOP_SECONDS = 3.0


#: The largest terminal a tab may ask for (columns, rows): a bigger one only costs memory.
MOST_COLUMNS, MOST_ROWS = 300, 120


def tab_size(width: int, height: int) -> tuple[int, int]:
    """A tab's terminal size within bounds (at least 20 x 8, at most 300 x 120).

    >>> tab_size(5000, 5000), tab_size(0, -3), tab_size(80, 24)
    ((300, 120), (20, 8), (80, 24))
    """
    return max(20, min(MOST_COLUMNS, width)), max(8, min(MOST_ROWS, height))


def tab_environment(width: int = 80, height: int = 24) -> dict[str, str]:
    """The environment textual-serve gives a tab's process (the same for a warm one)."""
    env: dict[str, str] = AppService._build_environment(
        SimpleNamespace(debug=False), width=width, height=height)  # type: ignore[arg-type]
    return env


class WarmPool:
    """Keeps ``size`` tab processes imported and waiting (see the module).

    Args:
        argv: the ``riichi-drill`` arguments each tab runs (no database address).
        size: processes kept waiting (0: every tab starts cold).
        ticker: a monotonic clock.
    """

    def __init__(self, argv: Sequence[str], size: int, *,
                 ticker: Callable[[], float] = time.monotonic) -> None:
        self.argv = list(argv)
        self.size = size
        self.ticker = ticker
        self._waiting: deque[Process] = deque()
        self._last_taken = -REFILL_QUIET
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    @property
    def waiting(self) -> int:
        """Processes ready (or getting ready) for a tab."""
        return sum(1 for p in self._waiting if p.returncode is None)

    async def _spawn(self) -> Process:
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "quiz.cli.warm_tab", *self.argv,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=tab_environment(),
        )

    async def start(self) -> None:
        """Fill the pool (all at once: no tab is waiting yet), then keep it full."""
        if self.size > 0 and self._task is None:
            started = [await self._spawn() for _ in range(self.size)]
            self._waiting.extend(started)
            await asyncio.gather(*(_settled(p, READY_WAIT) for p in started))
            self._task = asyncio.create_task(self._keep_full())

    async def _keep_full(self) -> None:
        while not self._closed:
            quiet = self._last_taken + REFILL_QUIET - self.ticker()
            if quiet > 0:
                await asyncio.sleep(quiet)
                continue
            while self._waiting and self._waiting[0].returncode is not None:
                self._waiting.popleft()
            if self.waiting >= self.size:
                self._wake.clear()
                await self._wake.wait()
                continue
            process = await self._spawn()
            self._waiting.append(process)
            # one import at a time: wait until this one has (mostly) loaded before the next
            await _settled(process, READY_WAIT)

    async def take(self, width: int, height: int, address: str | None = None) -> Process:
        """A process for a new tab, already told its size (and the browser's address, which
        its classroom link passes on): a waiting one, else a new one."""
        self._last_taken = self.ticker()
        self._wake.set()
        while self._waiting:
            process = self._waiting.popleft()
            if process.returncode is None and await _hand_over(process, width, height,
                                                               address):
                return process
        process = await self._spawn()
        if not await _hand_over(process, width, height, address):
            raise OSError("a tab's process ended before it started")
        return process

    async def close(self) -> None:
        """End the waiting processes (their input closes: they end quietly)."""
        self._closed = True
        self._wake.set()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        while self._waiting:
            process = self._waiting.popleft()
            if process.stdin is not None:
                process.stdin.close()
            try:
                await asyncio.wait_for(process.wait(), 5)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()


async def _hand_over(process: Process, width: int, height: int,
                     address: str | None = None) -> bool:
    assert process.stdin is not None
    line = f"GO {width} {height}" + (f" {address}" if address else "")
    try:
        process.stdin.write(f"{line}\n".encode())
        await process.stdin.drain()
    except (ConnectionError, RuntimeError):
        return False
    return True


async def _settled(process: Process, most: float) -> None:
    """Wait until a new process says it has imported everything (or ``most`` seconds)."""
    assert process.stderr is not None
    with contextlib.suppress(TimeoutError, ValueError, ConnectionError):
        await asyncio.wait_for(process.stderr.readline(), most)


class WarmAppService(AppService):
    """textual-serve's app service, taking its process from a :class:`WarmPool`."""

    def __init__(self, pool: WarmPool, address: str | None = None, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.pool = pool
        self.address = address
        #: when the visitor last typed or resized (the room closes a tab idle too long)
        self.last_input = time.monotonic()

    async def send_bytes(self, data: bytes) -> bool:
        """Keys from the tab (they keep it alive)."""
        self.last_input = time.monotonic()
        sent: bool = await super().send_bytes(data)
        return sent

    async def stop(self) -> None:
        """Stop the tab's process: asked to quit, then ended if it does not within a few
        seconds (a tab that is gone never leaves its process behind)."""
        process = self._process
        try:
            await asyncio.wait_for(super().stop(), STOP_SECONDS)
        except (TimeoutError, ConnectionError, RuntimeError, OSError):
            pass
        finally:
            if process is not None and process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(process.wait(), STOP_SECONDS)

    async def set_terminal_size(self, width: int, height: int) -> None:
        """A resize from the tab, within bounds (a made-up size of thousands only costs memory)."""
        self.last_input = time.monotonic()
        if not isinstance(width, int) or not isinstance(height, int):
            return
        await super().set_terminal_size(*tab_size(width, height))

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        self._process = process = await self.pool.take(width, height, self.address)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process
