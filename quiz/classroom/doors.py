"""The classroom server's doors: how many connections an address may hold, and for how long.

One script must not take a class offline. aiohttp reads a request's headers
with no time limit of its own beyond its keep-alive timer, and takes as many
connections as arrive; :func:`serve_app` runs the classroom server with

- a time limit on an idle or slow connection (:data:`IDLE_SECONDS`: a
  connection that has not sent a whole request by then is closed; a body has
  its own limit in :mod:`quiz.classroom.base`),
- at most :data:`PER_ADDRESS` connections open from one address at once
  (:class:`ConnectionCap`; a trusted proxy's address is not capped: it
  carries the whole class), the others closed as they arrive.

The other pages mounted on the same aiohttp server get the same doors.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from ..gc_tuning import settle_after_start
from .proxy import PER_ADDRESS, TrustedProxies, _ip
from .server import event_loop

if TYPE_CHECKING:
    from aiohttp import web

__all__ = ["IDLE_SECONDS", "ConnectionCap", "cap_for", "quiet_disconnects", "serve_app",
           "serve_command"]

#: Seconds a connection may stay without a whole request (headers) before it is closed.
IDLE_SECONDS = 15.0


class ConnectionCap:
    """Counts the connections open per address and closes those over ``most``.

    Args:
        most: connections one address may hold.
        trusted: the proxies in front (their address is never capped).
    """

    def __init__(self, most: int = PER_ADDRESS, trusted: TrustedProxies | None = None) -> None:
        self.most = most
        self.trusted = trusted
        self.open: Counter[str] = Counter()
        self.refused = 0

    def _capped(self, address: str) -> bool:
        if self.trusted is None:
            return True

        ip = _ip(address)
        return ip is None or not self.trusted.trusts(ip)

    def wrap(self, make: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """A protocol factory that counts (and caps) the connections ``make``'s serve."""
        return lambda: _Counted(make(), self)


def serve_command(app: web.Application, args: argparse.Namespace) -> None:
    """Run a server command's ``app`` on ``args.host``/``args.port`` behind the doors it
    asked for (:func:`cap_for`) until Ctrl+C (``class serve`` and ``web``).

    What start-up built (modules, the app, the database layer) is first put out of the
    cycle collector's way, which then runs on larger batches: no full walk in a burst.
    """
    settle_after_start()
    serve_app(app, args.host, args.port, loop=event_loop(), cap=cap_for(args))


def cap_for(args: argparse.Namespace) -> ConnectionCap:
    """The cap a server's command asked for (``--connections-per-address``,
    ``--trusted-proxy``)."""
    trusted = getattr(args, "trusted_proxies", None) or ()
    return ConnectionCap(args.connections_per_address, trusted=TrustedProxies(tuple(trusted)))


class _Counted(asyncio.Protocol):
    """One connection: handed to the real protocol when under the cap, else closed."""

    def __init__(self, inner: asyncio.Protocol, cap: ConnectionCap) -> None:
        self.inner = inner
        self.cap = cap
        self.address: str | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if self.cap._capped(address) and self.cap.open[address] >= self.cap.most:
            self.cap.refused += 1
            transport.close()
            return
        self.address = address
        self.cap.open[address] += 1
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.address is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.address is not None else None

    def pause_writing(self) -> None:
        if self.address is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.address is not None:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.address is None:
            return
        self.cap.open[self.address] -= 1
        if self.cap.open[self.address] <= 0:
            del self.cap.open[self.address]
        self.inner.connection_lost(exc)


class _DroppedFilter(logging.Filter):
    """Drops aiohttp's tracebacks of a client that went away (a slow connection closed)."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        gone = (ConnectionResetError, BrokenPipeError, asyncio.CancelledError, TimeoutError)
        if isinstance(error, gone):
            return False
        return not (error is not None and type(error).__name__ in (
            "ClientConnectionResetError", "ClientPayloadError", "PayloadAccessError"))


def quiet_disconnects() -> None:
    """Log a dropped connection as nothing (once per process): it is no server error."""
    for name in ("aiohttp.server", "aiohttp.web", "aiohttp.access"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, _DroppedFilter) for f in logger.filters):
            logger.addFilter(_DroppedFilter())


async def start_app(app: web.Application, host: str, port: int, *,
                    cap: ConnectionCap | None = None, idle: float = IDLE_SECONDS,
                    ) -> tuple[asyncio.Server, Callable[[], Any]]:
    """Start ``app`` on ``host:port`` behind the doors; the server and its closing coroutine."""

    quiet_disconnects()
    runner = web.AppRunner(app, access_log=None, keepalive_timeout=idle,
                           handle_signals=False)
    await runner.setup()
    make = runner.server
    assert make is not None
    cap = cap or ConnectionCap()
    loop = asyncio.get_running_loop()
    server = await loop.create_server(cap.wrap(make), host, port, reuse_address=True)

    async def close() -> None:
        server.close()
        with contextlib.suppress(Exception):
            await runner.cleanup()

    return server, close


def serve_app(app: web.Application, host: str, port: int, *, loop: asyncio.AbstractEventLoop,
              cap: ConnectionCap | None = None, idle: float = IDLE_SECONDS) -> None:
    """Run ``app`` behind the doors until Ctrl+C (what ``class serve`` runs)."""
    async def run() -> None:
        _, close = await start_app(app, host, port, cap=cap, idle=idle)
        try:
            await asyncio.Event().wait()
        finally:
            await close()


    asyncio.set_event_loop(loop)
    task = loop.create_task(run())
    for sig in (signal.SIGINT, signal.SIGTERM):  # both end it cleanly: queued answers written
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, task.cancel)
    try:
        loop.run_until_complete(task)
    except (KeyboardInterrupt, asyncio.CancelledError):
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, KeyboardInterrupt):
            loop.run_until_complete(task)
    finally:
        loop.close()
