"""One script cannot take the class offline (issue 23, 4): slow requests are timed out,
one address holds a bounded number of connections, and a dropped one is no traceback."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from bench.classroom import free_port
from data.classroom import Classroom
from quiz.classroom.desk import ClassDesk
from quiz.classroom.doors import ConnectionCap, start_app
from quiz.classroom.server import make_app


@pytest.fixture
async def doors(classroom: Classroom) -> AsyncIterator[Callable[..., Any]]:
    closing: list[Callable[[], Any]] = []

    async def start(**kwargs: Any) -> int:
        classroom.create_set("Door", "pw", count=1, seed=97)
        port = free_port()
        _, close = await start_app(make_app(ClassDesk(classroom), fail_delay=0.0), "127.0.0.1",
                                   port, **kwargs)
        closing.append(close)
        return port

    yield start
    for close in closing:
        await close()


async def closed_within(reader: asyncio.StreamReader, seconds: float) -> bytes:
    """What came before the server closed the connection (within ``seconds``)."""
    try:
        return await asyncio.wait_for(reader.read(), seconds)
    except (ConnectionResetError, BrokenPipeError):
        return b""


async def health(port: int) -> float:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    answer = await asyncio.wait_for(reader.read(), 5)
    writer.close()
    assert answer.startswith(b"HTTP/1.1 200")
    return time.perf_counter() - started


async def test_headers_sent_a_byte_at_a_time_are_cut_off(doors: Callable[..., Any]) -> None:
    port = await doors(idle=1.0)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"POST /api/sets/Door/join HTTP/1.1\r\nHost: x\r\n")
    started = time.perf_counter()
    for _ in range(3):  # a line a moment, never the end of the headers
        await asyncio.sleep(0.5)
        if writer.is_closing():
            break
        writer.write(b"X-Slow: 1\r\n")
    await closed_within(reader, 5)
    assert time.perf_counter() - started < 4
    writer.close()


async def test_a_body_sent_a_byte_at_a_time_gets_a_408(
    doors: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    import quiz.classroom.base

    monkeypatch.setattr(quiz.classroom.base, "BODY_SECONDS", 1.0)
    port = await doors()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"POST /api/sets/Door/join HTTP/1.1\r\nHost: x\r\n"
                 b"Content-Type: application/json\r\nContent-Length: 40\r\n\r\n{")
    for _ in range(6):
        await asyncio.sleep(0.3)
        if writer.is_closing():
            break
        writer.write(b" ")
    answer = await asyncio.wait_for(reader.read(4096), 5)
    assert answer.startswith(b"HTTP/1.1 408"), answer
    writer.close()


async def test_one_address_holds_a_bounded_number_of_connections(
    doors: Callable[..., Any]
) -> None:
    cap = ConnectionCap(most=5)
    port = await doors(cap=cap)
    held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(5)]
    # the sixth is closed at once; those held still count (none sent anything)
    reader, extra = await asyncio.open_connection("127.0.0.1", port)
    assert await closed_within(reader, 2) == b""
    extra.close()
    assert cap.refused >= 1 and cap.open["127.0.0.1"] == 5
    for _, w in held:
        w.close()
    await asyncio.sleep(0.3)
    assert await health(port) < 2  # gone: the address may connect again


async def test_a_dropped_slow_connection_writes_no_traceback(
    doors: Callable[..., Any], caplog: pytest.LogCaptureFixture
) -> None:
    port = await doors(idle=0.5)
    with caplog.at_level(logging.DEBUG):
        for _ in range(3):
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"POST /api/sets/Door/join HTTP/1.1\r\nHost: x\r\n"
                         b"Content-Length: 100\r\n\r\n{")
            writer.close()
        await asyncio.sleep(1.0)
        assert await health(port) < 2
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records]
