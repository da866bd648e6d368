"""``riichi-drill serve`` keeps tab processes started in advance (``--warm N``).

A waiting process has imported the app and reads nothing but its ``GO`` line
until a tab takes it; then it runs the app at the tab's size. The server fills
the pool before it accepts the first tab, and refills it after tabs were taken;
the waiting processes end with the server.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path

import pytest

from quiz.cli.serve_pool import REFILL_QUIET
from quiz.cli.warm_tab import read_go
from tests.classroom.test_serve import ANSI, end, start_serve

LINUX = sys.platform.startswith("linux")


def _read_go_from(data: bytes, close: bool = True) -> tuple[tuple[int, int] | None, bytes]:
    """What read_go makes of ``data`` on a pipe, and what it left unread."""
    r, w = os.pipe()
    try:
        os.write(w, data)
        if close:
            os.close(w)
        got = read_go(r)
        if not close:
            os.close(w)
        rest = b""
        while chunk := os.read(r, 1000):
            rest += chunk
        return got, rest
    finally:
        os.close(r)


def test_the_go_line_is_read_and_nothing_after_it() -> None:
    # the tab's first keys stay for the driver that reads the same input next
    assert _read_go_from(b"GO 100 32\n\x1b[Akeys", close=False) == ((100, 32), b"\x1b[Akeys")
    for wrong in (b"GO 100\n", b"go 1 2\n", b"GO x 2\n"):
        assert _read_go_from(wrong)[0] is None
    assert _read_go_from(b"A" * 80)[0] is None  # no endless line
    assert _read_go_from(b"")[0] is None  # the server went away before a tab came


def _children(pid: int) -> dict[int, str]:
    """The server's child processes and their names."""
    out: dict[int, str] = {}
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids = (task / "children").read_text().split()
        except OSError:
            continue
        for k in kids:
            try:
                out[int(k)] = Path(f"/proc/{k}/comm").read_text().strip()
            except OSError:
                continue
    return out


async def _first_screen(ws_url: str, base: str, seconds: float) -> float:
    """Open a tab, wait for "Who is drilling?", keep it open ``seconds``; the time it took."""
    import aiohttp

    started = time.monotonic()
    seen = ""
    async with aiohttp.ClientSession() as http, http.ws_connect(
        ws_url + "?width=90&height=30", headers={"Origin": base}
    ) as ws:
        await ws.send_str(json.dumps(["resize", {"width": 90, "height": 30}]))
        while "Who is drilling?" not in ANSI.sub("", seen):
            msg = await ws.receive(timeout=60)
            assert msg.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), msg
            data = msg.data
            seen += data.decode("utf-8", "replace") if isinstance(data, bytes) else data
        first = time.monotonic() - started
        await asyncio.sleep(seconds)
        return first


@pytest.mark.slow
@pytest.mark.skipif(not LINUX, reason="reads the processes' names from /proc (Linux)")
def test_tabs_take_waiting_processes_and_the_pool_refills(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'warm.db'}"
    proc, base, (status, _) = start_serve(["--db", url, "--warm", "2"], tmp_path, name="warm")
    try:
        assert status == 200
        # the pool is full before the first tab is accepted
        kids = _children(proc.pid)
        assert sorted(kids.values()) == ["riichi-warm", "riichi-warm"], kids
        ws_url = base.replace("http://", "ws://") + "/ws"

        async def tab_then_look() -> dict[int, str]:
            task = asyncio.create_task(_first_screen(ws_url, base, REFILL_QUIET + 40))
            deadline = time.monotonic() + REFILL_QUIET + 35
            seen: dict[int, str] = {}
            while time.monotonic() < deadline:  # the pool refills while the tab runs
                await asyncio.sleep(1.0)
                seen = _children(proc.pid)
                if sorted(seen.values()) == ["riichi-tab", "riichi-warm", "riichi-warm"]:
                    break
            task.cancel()
            return seen

        during = asyncio.run(tab_then_look())
        # the tab runs on a process that was waiting (it is among the first two)
        assert any(pid in kids for pid, name in during.items() if name == "riichi-tab"), during
        assert sorted(during.values()) == ["riichi-tab", "riichi-warm", "riichi-warm"], during
    finally:
        end(proc)
    # the waiting processes end with the server
    for pid in during:
        for _ in range(50):
            if not Path(f"/proc/{pid}").exists() or "Z" in _state(pid):
                break
            time.sleep(0.2)
        else:
            pytest.fail(f"process {pid} outlived the server")


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "Z"


@pytest.mark.slow
def test_without_waiting_processes_a_tab_still_starts(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cold.db'}"
    proc, base, (status, _) = start_serve(["--db", url, "--warm", "0"], tmp_path, name="cold")
    try:
        assert status == 200
        ws_url = base.replace("http://", "ws://") + "/ws"
        first = asyncio.run(_first_screen(ws_url, base, 0.5))
        assert first < 60
    finally:
        end(proc)


def test_a_bad_warm_count_is_one_line() -> None:
    import subprocess

    from tests.support.paths import ROOT

    done = subprocess.run([sys.executable, "-m", "quiz", "serve", "--warm", "-1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "--warm" in done.stderr
