"""``riichi-drill serve``: the app page over HTTP, and one app session per browser tab.

The server runs as a real process on a free port. The page must be served
with its websocket address; then two "tabs" (websocket clients speaking
textual-serve's protocol, as the page's script does) each get their own app
process showing the practice set's join screen, and each joins as a
different student: both enrolments end up in the database.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from data.classroom import Classroom, open_classroom
from tests.classroom.conftest import FakeClock, build_bank
from tests.conftest import ROOT

ANSI = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[PX^_].*?\x1b\\|\x1b\][^\x07]*(?:\x07|\x1b\\)|\x1b."
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path):  # type: ignore[no-untyped-def]
    url = f"sqlite:///{tmp_path / 'serve.db'}"
    build_bank(url)
    c = open_classroom(url, clock=FakeClock())
    c.create_set("Web night", "pw", count=3, seed=7)
    port = free_port()
    log = (tmp_path / "serve.log").open("w+")
    proc = subprocess.Popen(
        [sys.executable, "-m", "quiz", "--db", url, "serve", "--host", "127.0.0.1",
         "--port", str(port), "--class", "Web night"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "120"},
    )
    base = f"http://127.0.0.1:{port}"
    page = None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(base + "/", timeout=2) as r:
                page = (r.status, r.read().decode("utf-8"))
                break
        except OSError:
            time.sleep(0.2)
    try:
        if page is None:
            log.seek(0)
            pytest.fail(f"serve did not answer on {base}: {log.read()[-2000:]}")
        yield base, page, c
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
        c.close()


@pytest.mark.slow
def test_serve_answers_http_with_the_app_page(served) -> None:  # type: ignore[no-untyped-def]
    base, (status, html), _ = served
    assert status == 200
    assert "<title>Riichi Drill · Web night</title>" in html or "Riichi Drill · Web night" in html
    ws = base.replace("http://", "ws://") + "/ws"
    assert ws in html
    with urllib.request.urlopen(base + "/static/js/textual.js", timeout=5) as r:
        assert r.status == 200 and len(r.read()) > 1000


async def _tab(ws_url: str, student: str) -> str:
    """One browser tab: wait for the join screen, type a name, no PIN; the screen seen."""
    import aiohttp

    seen = ""
    async with aiohttp.ClientSession() as http, http.ws_connect(
        ws_url + "?width=100&height=32"
    ) as ws:
        await ws.send_str(json.dumps(["resize", {"width": 100, "height": 32}]))

        async def read_until(pattern: str, timeout: float = 40.0) -> None:
            nonlocal seen
            deadline = time.monotonic() + timeout
            while not re.search(pattern, ANSI.sub("", seen)):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{pattern!r} not seen in: {ANSI.sub('', seen)[-1500:]}")
                msg = await ws.receive(timeout=left)
                if msg.type == aiohttp.WSMsgType.BINARY:
                    seen += msg.data.decode("utf-8", "replace")
                elif msg.type == aiohttp.WSMsgType.TEXT:
                    seen += msg.data
                else:
                    raise AssertionError(f"the tab was closed: {msg!r}")

        await read_until(r"Your name")
        for ch in student:
            await ws.send_str(json.dumps(["stdin", ch]))
            await asyncio.sleep(0.03)
        for _ in range(2):  # name done, then an empty PIN: a new one is given
            await ws.send_str(json.dumps(["stdin", "\r"]))
            await asyncio.sleep(0.2)
        await read_until(r"question 1 of 3")
        return ANSI.sub("", seen)


@pytest.mark.slow
def test_each_browser_tab_is_its_own_session(served) -> None:  # type: ignore[no-untyped-def]
    base, _, classroom = served
    classroom: Classroom
    ws_url = base.replace("http://", "ws://") + "/ws"

    async def both() -> list[str]:
        return list(await asyncio.gather(_tab(ws_url, "Webb"), _tab(ws_url, "Tabby")))

    screens = asyncio.run(both())
    assert "Webb" in screens[0] and "Tabby" in screens[1]
    results = classroom.class_results("Web night", "pw")
    assert sorted(s.student for s in results.students) == ["Tabby", "Webb"]
