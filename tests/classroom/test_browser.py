"""The served app in a real headless Chromium, driven over the DevTools protocol.

The page of ``riichi-drill serve --class`` is opened in Debian's ``chromium``;
the test types into it as a student would (the keys go to the page's terminal),
reads what the app draws from the page's own websocket frames, and checks the
answer the classroom server stored. Skipped, with the reason, when Chromium is
not installed or cannot start here (``.ci/run`` installs it).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from data.classroom import Classroom, Explain, SetOptions, open_classroom
from quiz.classroom.desk import question_for
from tests.classroom.test_serve import ANSI, end, start_serve
from tests.support.clock import FakeClock
from tests.support.databases import build_bank

pytestmark = pytest.mark.slow


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("Chromium is not installed (Debian: apt-get install chromium; .ci/run does)")


class Page:
    """One Chromium page over the DevTools protocol: keys in, the app's frames out."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.n = 0
        self.text = ""
        self.waiting: dict[int, asyncio.Future[Any]] = {}
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        import aiohttp

        async for msg in self.ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                continue
            doc = json.loads(msg.data)
            if "id" in doc and doc["id"] in self.waiting:
                self.waiting.pop(doc["id"]).set_result(doc.get("result"))
            elif doc.get("method") == "Network.webSocketFrameReceived":
                frame = doc["params"]["response"]
                data = frame["payloadData"]
                if frame.get("opcode") == 2:
                    data = base64.b64decode(data).decode("utf-8", "replace")
                self.text += data

    async def call(self, method: str, **params: Any) -> Any:
        self.n += 1
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.waiting[self.n] = future
        await self.ws.send_str(json.dumps({"id": self.n, "method": method, "params": params}))
        return await asyncio.wait_for(future, 30)

    def screen(self) -> str:
        return ANSI.sub("", self.text)

    async def wait_for(self, pattern: str, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        while not re.search(pattern, self.screen()[-20_000:]):
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} not seen: {self.screen()[-1500:]}")
            await asyncio.sleep(0.2)

    async def type(self, text: str) -> None:
        for ch in text:
            if ch == "\r":
                for kind in ("keyDown", "keyUp"):
                    await self.call("Input.dispatchKeyEvent", type=kind, key="Enter",
                                    code="Enter", windowsVirtualKeyCode=13,
                                    **({"text": "\r"} if kind == "keyDown" else {}))
            else:
                await self.call("Input.dispatchKeyEvent", type="char", text=ch)
            await asyncio.sleep(0.03)


@pytest.fixture
def room(tmp_path: Path):  # type: ignore[no-untyped-def]
    from bench.classroom import free_port, start_server, stop

    url = f"sqlite:///{tmp_path / 'browser.db'}"
    build_bank(url)
    c = open_classroom(url, clock=FakeClock(tick=1))
    c.create_set("Browser night", "pw", count=2, seed=9,
                 options=SetOptions(parts=("han", "payment"), explain=Explain.DURING))
    port = free_port()
    server = start_server(url, port, tmp_path / "class-server.log")
    proc = None
    try:
        proc, base, _ = start_serve(["--class", "Browser night", "--server",
                                     f"http://127.0.0.1:{port}"], tmp_path)
        yield base, c
    finally:
        if proc is not None:
            end(proc)
        stop(server)
        c.close()


def test_a_student_takes_a_set_in_a_real_browser(room, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import aiohttp

    base, classroom = room
    classroom: Classroom
    binary = chromium()
    profile = Path(tempfile.mkdtemp(dir=tmp_path))
    browser = subprocess.Popen(
        [binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--remote-debugging-port=0", f"--user-data-dir={profile}",
         "--window-size=1200,900", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() and browser.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        if not port_file.exists():
            pytest.skip("Chromium did not start here (no DevTools port)")
        devtools = int(port_file.read_text().split()[0])

        async def drive() -> None:
            async with aiohttp.ClientSession() as http:
                async with http.get(f"http://127.0.0.1:{devtools}/json/list") as r:
                    pages = [t for t in await r.json() if t["type"] == "page"]
                async with http.ws_connect(pages[0]["webSocketDebuggerUrl"],
                                           max_msg_size=0) as ws:
                    page = Page(ws)
                    await page.call("Network.enable")
                    await page.call("Page.enable")
                    await page.call("Page.navigate", url=base + "/")
                    await page.wait_for(r"Your name")
                    await asyncio.sleep(1.0)
                    await page.call("Runtime.evaluate", expression=(
                        "document.querySelector('.xterm-helper-textarea')?.focus()"))
                    await page.type("Brow\r")
                    await asyncio.sleep(0.5)
                    await page.type("\r")
                    await page.wait_for(r"question 1 of 2")
                    cq = classroom.questions("Browser night")[0]
                    q = question_for(cq.item, 0, classroom.get_set("Browser night").options)
                    for part in q.parts:
                        await page.type(q.key.expected_text(part) + "\r")
                        await asyncio.sleep(0.4)
                    await page.wait_for(r"⏎ Next question")  # marked: the footer offers the next
                    assert "✓" in page.screen()[-20_000:]
                    page.reader.cancel()

        asyncio.run(drive())
    finally:
        browser.terminate()
        try:
            browser.wait(10)
        except subprocess.TimeoutExpired:
            browser.kill()
    mine = classroom.class_results("Browser night", "pw").student("Brow")
    assert mine.answered == 1 and mine.answers[0].correct  # stored by the server
    assert os.environ.get("RIICHI_DRILL_DB") is None
