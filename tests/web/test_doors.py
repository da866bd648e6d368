"""One script cannot take the web pages offline either (issue 23, 4): ``riichi-drill web``
serves the class API and the pages behind the classroom's doors, and a form's body sent a
byte at a time is cut off."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from aiohttp import web

from bench.classroom import free_port
from quiz.classroom.doors import start_app


async def _held_open(port: int, count: int) -> list[tuple[asyncio.StreamReader,
                                                            asyncio.StreamWriter]]:
    """``count`` connections that each send half a request's headers, and no more."""
    held = []
    for _ in range(count):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
        held.append((reader, writer))
    return held


async def _closed(reader: asyncio.StreamReader) -> bool:
    try:
        return await asyncio.wait_for(reader.read(100), 0.2) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


@pytest.mark.slow
async def test_the_web_command_caps_the_connections_of_one_address(tmp_path: Path) -> None:
    """``riichi-drill web`` took every connection one script opened and held them all (40 of
    40 still open after 18 s); now an address holds at most ``--connections-per-address``."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "quiz", "--db", str(tmp_path / "web.db"), "web", "--port",
         str(port), "--generated", "0", "--connections-per-address", "10"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ, "LANG": "C.UTF-8"})
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                break
            except OSError:
                assert server.poll() is None, server.communicate()[0]
                assert time.monotonic() < deadline, "the web server did not start in 60 s"
                await asyncio.sleep(0.2)
        await asyncio.sleep(0.5)  # the probe's connection is gone
        held = await _held_open(port, 18)
        await asyncio.sleep(1)
        closed = [await _closed(reader) for reader, _ in held]
        assert sum(closed) == 8, f"{sum(closed)} of {len(held)} connections were refused"
        for _, writer in held:
            writer.close()
    finally:
        server.terminate()
        server.wait(20)


async def test_a_form_sent_a_byte_at_a_time_gets_a_408(
        app: web.Application, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page's form whose body never ends held its handler for good; it is cut off."""
    import quiz.web.server

    monkeypatch.setattr(quiz.web.server, "BODY_SECONDS", 1.0)
    port = free_port()
    _, close = await start_app(app, "127.0.0.1", port)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"POST /signin HTTP/1.1\r\nHost: x\r\n"
                     b"Content-Type: application/x-www-form-urlencoded\r\n"
                     b"Content-Length: 60\r\n\r\nname=a")
        started = time.perf_counter()
        for _ in range(3):  # a byte a moment, never the whole body
            await asyncio.sleep(0.5)
            if writer.is_closing():
                break
            writer.write(b"a")
        answer = b""
        while b"too slowly" not in answer and time.perf_counter() - started < 5:
            try:
                answer += await asyncio.wait_for(reader.read(4096), 5)
            except TimeoutError:
                break
        assert time.perf_counter() - started < 4
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"too slowly" in answer
        writer.close()
    finally:
        await close()
