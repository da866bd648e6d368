"""Benchmark: a school's worth of students answering a practice set through the web pages.

Run from the repository root with either of::

    python -m bench.web [--db URL] [--students 300] [--questions 20] [--think 3]
    python bench/web.py

The database is the one ``--db`` names, else a fresh database on the server
``RIICHI_TEST_POSTGRES_URL`` names (dropped at the end), else a SQLite file in
a temporary folder. It gets a bank of generated hands and a practice set; then
``riichi-drill web`` runs as its own process (one process for the whole
school) and the students are simulated by ``--clients`` processes, each many
students at once on asyncio, each student with its own cookies and its own
kept connection, doing what a phone does without JavaScript: open the start
page, post the join form, then for every question load the question page,
think (a random time of mean ``--think`` seconds: class pace), post the
answer form (one in five made wrong) and read the marked page.

Printed: answers per second over the round; the time from posting an answer
to the marked page read whole (median, 95th percentile: target under 100 ms
at class pace on two cores; worst); the server's resident memory before the
students came and with every student in the middle of the set, and the
difference per connected student (target under 1 MB); the weight of the first
question's page with every asset it loads (target under 150 KB); and a check
that every answer is stored exactly once. Beside them, for reference, the
same figures of the terminal-in-a-browser ``riichi-drill serve`` as issue 22
measured them (one app process of about 42 MB a tab).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.classroom import (  # noqa: E402
    _fresh_postgres,
    _rss_kb,
    answer_sheet,
    free_port,
    prepare,
    stop,
    wait_for,
)

SET = "Bench web"
#: What ``riichi-drill serve`` cost, as issue 22 measured it (for the comparison).
SERVE_MB_PER_TAB = 42.0

_CSRF = re.compile(r'name="csrf" value="([^"]+)"')
_SHOWN = re.compile(r'name="shown" value="([^"]+)"')
_POSITION = re.compile(r'name="position" value="(\d+)"')
_ASSETS = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def start_web(url: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    """``riichi-drill web`` in its own process (the database address in its environment)."""
    # two malloc arenas, as a server is run (the README says so): the scrypt hashes of a
    # class joining at once would otherwise leave a 16 MB arena behind in each worker thread
    env = {**os.environ, "RIICHI_DRILL_DB": url, "PYTHONPATH": str(ROOT),
           "MALLOC_ARENA_MAX": os.environ.get("MALLOC_ARENA_MAX", "2")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "quiz", "web", "--host", "127.0.0.1", "--port", str(port),
         "--generated", "0"],
        cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    wait_for(f"http://127.0.0.1:{port}/api/health")
    return proc


async def _student(session: Any, base: str, name: str, sheet: list[dict[str, Any]],
                   think: float, rng: random.Random, out: dict[str, Any],
                   joined: asyncio.Event, go: asyncio.Event) -> None:
    async with session.get(base + "/") as r:
        csrf = _CSRF.search(await r.text()).group(1)  # type: ignore[union-attr]
    async with session.post(base + "/class/join", data={
            "csrf": csrf, "set": SET, "student": name, "code": ""}) as r:
        assert r.status == 200, await r.text()
        await r.read()
    out["joined"] += 1
    if out["joined"] == out["students"]:
        joined.set()
    await go.wait()
    path = base + "/class/" + SET.replace(" ", "%20")
    for n, question in enumerate(sheet):
        async with session.get(path) as r:
            page = await r.text()
        if n == 0 and not out["weight"]:
            out["weight"] = len(page.encode())
        form = {"csrf": _CSRF.search(page).group(1),  # type: ignore[union-attr]
                "position": _POSITION.search(page).group(1),  # type: ignore[union-attr]
                "shown": _SHOWN.search(page).group(1),  # type: ignore[union-attr]
                **question["answers"]}
        if rng.random() < 0.2:
            form[question["spoil"]] = "1"
        await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)
        started = time.perf_counter()
        async with session.post(path + "/answer", data=form) as r:
            await r.read()
            ok = r.status == 200
        out["times"].append(time.perf_counter() - started)
        out["failed"] += not ok
        if n == len(sheet) // 2:
            out["middle"] += 1


async def _clients(base: str, names: list[str], sheet: list[dict[str, Any]], think: float,
                   seed: int) -> dict[str, Any]:
    import aiohttp

    out: dict[str, Any] = {"students": len(names), "joined": 0, "times": [], "failed": 0,
                           "middle": 0, "weight": 0}
    joined, go = asyncio.Event(), asyncio.Event()
    sessions = [aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                      connector=aiohttp.TCPConnector(limit=1))
                for _ in names]
    rng = random.Random(seed)
    tasks = [asyncio.create_task(_student(s, base, n, sheet, think,
                                          random.Random(rng.random()), out, joined, go))
             for s, n in zip(sessions, names, strict=True)]
    await joined.wait()
    print("READY", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    go.set()
    await asyncio.gather(*tasks)
    for s in sessions:
        await s.close()
    return out


def as_clients(args: argparse.Namespace) -> int:
    """Be one client process: many students at once; the figures as JSON on stdout."""
    sheet = json.loads(Path(args.sheet).read_text())
    names = [f"student {args.first + i:03d}" for i in range(args.count)]
    out = asyncio.run(_clients(args.server, names, sheet, args.think, args.first))
    print(json.dumps(out), flush=True)
    return 0


def page_weight(base: str) -> tuple[int, int]:
    """The first question's page and every asset it loads, in bytes (a fresh student)."""
    import http.cookiejar
    import urllib.parse
    import urllib.request

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    home = opener.open(base + "/").read().decode()
    csrf = _CSRF.search(home).group(1)  # type: ignore[union-attr]
    data = urllib.parse.urlencode({"csrf": csrf, "set": SET, "student": "weigher",
                                   "code": ""}).encode()
    opener.open(base + "/class/join", data).read()
    page = opener.open(base + "/class/" + urllib.parse.quote(SET)).read()
    assets = sum(len(opener.open(base + a).read())
                 for a in dict.fromkeys(_ASSETS.findall(page.decode())))
    return len(page), assets


def stored_once(url: str) -> tuple[int, int]:
    """Answers stored for the set, and distinct (student, question) among them."""
    from data.classroom import open_classroom

    c = open_classroom(url)
    try:
        r = c.class_results(SET, "pw")
        answers = sum(s.answered for s in r.students)
        distinct = sum(len({a.position for a in s.answers}) for s in r.students)
        return answers, distinct
    finally:
        c.close()


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(url: str, args: argparse.Namespace, work: Path) -> None:
    prepare(url, args.questions, [SET])
    sheet = answer_sheet(url, SET)
    sheet_file = work / "sheet.json"
    sheet_file.write_text(json.dumps(sheet))
    port = free_port()
    server = start_web(url, port, work / "web.log")
    base = f"http://127.0.0.1:{port}"
    clients: list[subprocess.Popen[str]] = []
    try:
        html, assets = page_weight(base)
        time.sleep(1.0)
        rss_before = _rss_kb(server.pid)
        per = -(-args.students // args.clients)
        for first in range(0, args.students, per):
            count = min(per, args.students - first)
            clients.append(subprocess.Popen(
                [sys.executable, str(Path(__file__).resolve()), "--as-clients",
                 "--server", base, "--sheet", str(sheet_file), "--first", str(first),
                 "--count", str(count), "--think", str(args.think)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT))
        for c in clients:
            assert c.stdout is not None
            line = c.stdout.readline()
            if line.strip() != "READY":
                raise RuntimeError(f"a client process did not start: {line!r}")
        rss_joined = _rss_kb(server.pid)
        started = time.perf_counter()
        for c in clients:
            assert c.stdin is not None
            c.stdin.write("go\n")
            c.stdin.flush()
        peak = rss_joined
        while any(c.poll() is None for c in clients):
            peak = max(peak, _rss_kb(server.pid))
            time.sleep(0.2)
        elapsed = time.perf_counter() - started
        outs = [json.loads(c.stdout.read().strip().splitlines()[-1])  # type: ignore[union-attr]
                for c in clients]
    finally:
        for c in clients:
            if c.poll() is None:
                c.kill()
        stop(server)
    times = [t for o in outs for t in o["times"]]
    failed = sum(o["failed"] for o in outs)
    answers, distinct = stored_once(url)
    n = args.students
    print(f"{n} students x {args.questions} questions through the web pages "
          f"(form posts, one server process, {url.split(':', 1)[0]}); think {args.think} s")
    print(f"  answers per second          {len(times) / elapsed:8.1f}")
    print(f"  submit to marked page  p50  {statistics.median(times) * 1000:8.1f} ms")
    print(f"                         p95  {_percentile(times, 0.95) * 1000:8.1f} ms   "
          "(target < 100 ms at class pace, two cores)")
    print(f"                         max  {max(times) * 1000:8.1f} ms")
    print(f"  refused or failed answers   {failed:8d}")
    print(f"  stored once                 {answers} stored, {distinct} distinct of "
          f"{n * args.questions}")
    print(f"  server memory: before {rss_before / 1024:.1f} MB, all joined "
          f"{rss_joined / 1024:.1f} MB, peak {peak / 1024:.1f} MB")
    print(f"  memory per connected student {(peak - rss_before) / n:8.1f} KB   "
          "(target < 1 MB)")
    print(f"  first question page          {(html + assets) / 1024:8.1f} KB   "
          f"(page {html / 1024:.1f} KB + assets {assets / 1024:.1f} KB; target < 150 KB)")
    print(f"  reference, 'riichi-drill serve' (issue 22): {SERVE_MB_PER_TAB:.0f} MB a tab, "
          f"{SERVE_MB_PER_TAB * n / 1024:.1f} GB for {n} students (one app process each)")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--db")
    p.add_argument("--students", type=int, default=300)
    p.add_argument("--questions", type=int, default=20)
    p.add_argument("--think", type=float, default=3.0, help="mean seconds before each answer")
    p.add_argument("--clients", type=int, default=2, help="student-simulating processes")
    p.add_argument("--as-clients", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--server", help=argparse.SUPPRESS)
    p.add_argument("--sheet", help=argparse.SUPPRESS)
    p.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--count", type=int, default=0, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.as_clients:
        return as_clients(args)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        drop = None
        url = args.db
        if url is None and os.environ.get("RIICHI_TEST_POSTGRES_URL"):
            url, drop = _fresh_postgres(os.environ["RIICHI_TEST_POSTGRES_URL"])
        if url is None:
            url = f"sqlite:///{work / 'bench.db'}"
        try:
            run(url, args, work)
        finally:
            if drop is not None:
                drop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
