"""Benchmark: 30 students answering a 20-question practice set through the classroom server.

Run from the repository root with either of::

    python -m bench.classroom [--db URL] [--students 30] [--questions 20] [--think 0.5]
    python bench/classroom.py

The database is the one ``--db`` names, else a fresh database on the server
``RIICHI_TEST_POSTGRES_URL`` names (dropped at the end), else a SQLite file in
a temporary folder. It gets a bank of generated hands and a practice set; then
``riichi-drill class serve`` runs as its own process (the database address
reaches it in the environment, never on its command line) and each simulated
student is its own process speaking HTTP to it. The students stand for other
machines and do no needless work: the bench works out the answers once (one in
five made wrong), each student imports only the standard library, joins, says
it is ready, and once every student has joined all answer on one signal, on
one kept connection each, timing each answer from the moment it is sent to the
moment the server says it is graded and stored. A student speaks HTTP/1.1
itself rather than through ``http.client``, whose header parsing cost more CPU
per answer than the server's own work, and stays until the round is over:
neither is any part of a real class, where each student has a machine.

Two rounds (``--rounds``): *class pace* (a random think time before each
answer, mean ``--think`` seconds) and *burst* (no thinking: every student
answers again as soon as the last answer is stored). Printed for each: answers
per second, the median, 95th percentile (target under 50 ms) and worst time
from submit to stored, the machine's load (1-minute average, at the end of the
round) and a check that every answer is stored exactly once; then the server's
own part of each answer, from its ``Server-Timing`` header (received to
committed, and its steps: reading the request, waiting for a database thread,
grading, storing with its commit), so that a reader sees how much is the
server and how much the shared machine; then the CPU time per answer of each
side while the students answered: the classroom server (user and system, and
its threads' context switches), PostgreSQL's backends for the database (when
on this machine) and the students' processes. The machine is shared: each
round also says how many cores were busy meanwhile, how many of them with
work other than this round's three sides, and how many the host stole (a
virtual machine), so that a reader can tell the machine's noise from the
server's cost. In a closed loop each answer waits for the others' answers in
between, so its time is about the students' number times the CPU of one answer
(all three sides) over the cores left free.

Then the served app: ``riichi-drill serve --class`` with ``--sessions`` browser
sessions opened over its websocket (as the page's script does); printed is the
memory (resident set) of the app processes, per session, and of the processes
started in advance that wait for a tab (``--warm``), each.

``--against REV`` measures another revision too (checked out for the run in a
temporary ``git worktree``, removed afterwards; or a directory holding another
checkout): each tree gets its own database, made and read by its own code, and
its own server; the same students (this tree's) answer both, round after round in
turn (the order swapped each round), so that both meet the same load. Each
round is printed for both, then the main figures side by side with their ratio
and, over the bursts, their medians.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# Run as a script, this folder comes first on the path and its scoring.py would hide
# the scoring package: the repository root goes first instead.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))

SET_NAME = "Bench"
#: Students started and joined at once, before the round (see :func:`run_class`).
JOINING = 6
BANK_SEED = 20260601


def free_port() -> int:
    """A free TCP port on this machine."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(url: str, timeout: float = 60.0) -> None:
    """Wait until ``url`` answers (the server is up)."""
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout:.0f} s")


def prepare(url: str, questions: int, sets: list[str], bank: int = 60) -> None:
    """A bank of generated hands and the practice sets (``pw`` is their password)."""
    from data.bank.repository import Bank
    from data.classroom import open_classroom

    c = open_classroom(url)
    try:
        Bank(c.db).generate(bank, seed=BANK_SEED)
        for name in sets:
            c.create_set(name, "pw", count=questions, seed=7)
    finally:
        c.close()


def start_server(url: str, port: int, log: Path, root: Path = ROOT) -> subprocess.Popen[bytes]:
    """``riichi-drill class serve`` (of the code in ``root``) in its own process, the
    address in its environment."""
    env = {**os.environ, "RIICHI_DRILL_DB": url, "PYTHONPATH": str(root)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "quiz", "class", "serve", "--host", "127.0.0.1",
         "--port", str(port)],
        cwd=root, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT,
    )
    wait_for(f"http://127.0.0.1:{port}/api/health")
    return proc


def stop(proc: subprocess.Popen[bytes]) -> None:
    """End a process this benchmark started."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def answer_sheet(url: str, set_name: str) -> list[dict[str, Any]]:
    """The right answer to each question of a set, and the part to spoil for a wrong one.

    Worked out once here (the bench knows the database), so that a student's
    process does no scoring of its own: it stands for another machine and only
    speaks HTTP.
    """
    from data.classroom import open_classroom
    from quiz.classroom.desk import question_for
    from quiz.grading import Part

    c = open_classroom(url)
    try:
        options = c.get_set(set_name).options
        sheet = []
        for q in c.questions(set_name):
            question = question_for(q.item, q.position, options)
            parts = question.parts
            sheet.append({
                "answers": {p.value: question.key.expected_text(p) for p in parts},
                "spoil": Part.HAN.value if Part.HAN in parts else parts[0].value,
            })
        return sheet
    finally:
        c.close()


class _Wire:
    """The least HTTP/1.1 a student needs: requests on one kept connection, each reply read
    by its ``Content-Length`` (standard library only).

    The simulated students stand for other machines, yet here they share the
    server's two cores: the standard library's ``http.client`` parses every
    reply's headers with the e-mail parser, about 0.4 ms of CPU an answer that a
    real class spends elsewhere, so each student speaks the protocol directly.
    """

    def __init__(self, host: str, port: int, timeout: float = 60.0) -> None:
        self.host = host
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._rest = b""

    def post(self, path: str, body: bytes, token: str | None = None,
             ) -> tuple[int, dict[str, str], bytes]:
        """Send a POST and read its reply: (status, headers in lower case, body)."""
        head = (f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n")
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        self.sock.sendall(head.encode("latin-1") + b"\r\n" + body)
        data = self._rest
        while b"\r\n\r\n" not in data:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection")
            data += chunk
        header, _, data = data.partition(b"\r\n\r\n")
        lines = header.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if "chunked" in headers.get("transfer-encoding", ""):
            raise ConnectionError("a chunked reply: the bench's client reads only sized ones")
        size = int(headers.get("content-length", "0"))
        while len(data) < size:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection mid-reply")
            data += chunk
        self._rest = data[size:]
        return status, headers, data[:size]

    def close(self) -> None:
        """Close the connection."""
        self.sock.close()


def student(server: str, set_name: str, name: str, sheet_file: str, think: float,
            seed: int) -> dict[str, Any]:
    """One student (run in its own process): join, say ready, answer everything at the
    start signal, timing each answer from submit to the server's reply.

    Standard library only: one kept connection, as a browser keeps one (see
    :class:`_Wire`). The reply's ``Server-Timing`` gives the server's own part.
    """
    import urllib.parse

    rng = random.Random(seed)
    sheet = json.loads(Path(sheet_file).read_text(encoding="utf-8"))
    parsed = urllib.parse.urlsplit(server)
    wire = _Wire(parsed.hostname or "127.0.0.1", parsed.port or 80)
    base = f"/api/sets/{urllib.parse.quote(set_name, safe='')}"

    def call(path: str, doc: dict[str, Any], token: str | None = None,
             ) -> tuple[Any, str]:
        status, headers, body = wire.post(base + path, json.dumps(doc).encode(), token)
        if status != 200:
            raise RuntimeError(f"{path}: {status} {body[:300]!r}")
        return json.loads(body), headers.get("server-timing", "")

    joined, _ = call("/join", {"student": name})
    token = joined["token"]
    print("ready", flush=True)
    start_at = float(sys.stdin.readline())
    # a connection of its own for the round: the join's may have waited for the others'
    # joins past the server's idle limit (quiz.classroom.doors.IDLE_SECONDS)
    wire.close()
    wire = _Wire(parsed.hostname or "127.0.0.1", parsed.port or 80)
    time.sleep(max(0.0, start_at - time.time()))
    cpu = time.process_time()
    times: list[float] = []
    steps: list[dict[str, float]] = []
    right = 0
    for n, question in enumerate(sheet):
        if think:
            time.sleep(rng.uniform(0, 2 * think))
        answers = dict(question["answers"])
        wrong = rng.random() < 0.2
        if wrong:
            answers[question["spoil"]] = "13"
        started = time.perf_counter()
        got, timing = call("/answers", {"position": n, "answers": answers, "seconds": 1.0,
                                        "timed_out": False}, token)
        times.append(time.perf_counter() - started)
        steps.append(_server_steps(timing))
        right += int(not wrong)
        assert got["created"] and got["position"] == n, got
    wire.close()
    return {"times": times, "server": steps, "right": right, "cpu": time.process_time() - cpu}


def _server_steps(header: str) -> dict[str, float]:
    """The steps of a ``Server-Timing`` header, in seconds (``{"server": 0.012, ...}``)."""
    steps = {}
    for entry in header.split(","):
        name, _, rest = entry.strip().partition(";dur=")
        if name and rest:
            steps[name] = float(rest) / 1000
    return steps


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] if ordered else 0.0


def run_class(server: str, url: str, set_name: str, students: int, think: float,
              *, server_pid: int | None = None,
              sheet: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Every student in its own process, all started together once all have joined.

    Besides the times, the CPU each side used per answer while the students
    answered (joins left out): the students' processes, the classroom server
    (``server_pid``, when given) and PostgreSQL's backends serving the database
    (when on this machine). ``sheet``: the set's answers, when worked out elsewhere
    (another tree's database).
    """
    folder = Path(tempfile.mkdtemp(prefix="riichi-bench-sheet-"))
    sheet_file = folder / "sheet.json"
    sheet_file.write_text(json.dumps(sheet if sheet is not None else answer_sheet(url, set_name)),
                          encoding="utf-8")

    def start(i: int) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, "-m", "bench.classroom", "--as-student", f"S{i:02d}",
             "--server", server, "--set", set_name, "--sheet", str(sheet_file),
             "--think", str(think), "--seed", str(i)],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )

    procs: list[subprocess.Popen[bytes]] = []
    try:
        # the students start and join a few at a time (joins are not timed: on a loaded
        # machine thirty at once can pass the server's deadline), then all wait for the signal
        for first in range(0, students, JOINING):
            group = [start(i) for i in range(first, min(students, first + JOINING))]
            procs += group
            for p in group:  # every student has joined: none is still starting when it begins
                assert p.stdout is not None
                line = p.stdout.readline().decode().strip()
                if line != "ready":
                    raise RuntimeError(
                        f"a student failed to join: {p.stderr.read().decode()[-2000:]}"
                        if p.stderr else "a student failed to join")
        start_at = time.time() + 0.5
        time.sleep(max(0.0, start_at - 0.05 - time.time()))
        cpu_server = _cpu_split(server_pid) if server_pid else (0.0, 0.0)
        switches = _switches(server_pid) if server_pid else 0
        load_before = _load()
        machine = _machine_cpu()
        cpu_db = _backend_cpu(url)
        for p in procs:
            assert p.stdin is not None
            p.stdin.write(f"{start_at}\n".encode())
            p.stdin.flush()
        results = []
        for p in procs:  # each student's figures, while every student is still running
            assert p.stdout is not None and p.stderr is not None
            reply = p.stdout.readline()
            if not reply:
                p.wait(timeout=60)
                raise RuntimeError(f"a student failed: {p.stderr.read().decode()[-2000:]}")
            results.append(json.loads(reply.decode()))
        wall = time.time() - start_at
        after = _machine_cpu()
        machine = (after[0] - machine[0], after[1] - machine[1])
        if server_pid:
            user, system = _cpu_split(server_pid)
            cpu_server = (user - cpu_server[0], system - cpu_server[1])
            switches = _switches(server_pid) - switches
        cpu_db = {pid: cpu - cpu_db.get(pid, 0.0) for pid, cpu in _backend_cpu(url).items()}
    finally:
        for p in procs:  # a student ends once told: its ending is no part of the round
            if p.stdin is not None and not p.stdin.closed:
                p.stdin.close()
        for p in procs:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
    times = [t for r in results for t in r["times"]]
    steps = [s for r in results for s in r["server"]]
    figures: dict[str, Any] = {
        "answers": len(times),
        "per_second": len(times) / wall if wall > 0 else 0.0,
        "median_ms": statistics.median(times) * 1000,
        "p95_ms": _percentile(times, 0.95) * 1000,
        "worst_ms": max(times) * 1000,
        "right": sum(r["right"] for r in results),
        "cpu_students_ms": sum(r["cpu"] for r in results) * 1000 / max(1, len(times)),
        "cpu_server_ms": sum(cpu_server) * 1000 / max(1, len(times)),
        "cpu_server_user_ms": cpu_server[0] * 1000 / max(1, len(times)),
        "cpu_server_system_ms": cpu_server[1] * 1000 / max(1, len(times)),
        "server_switches": switches / max(1, len(times)),
        "wall_s": wall,
        # the cores busy meanwhile, and those busy with anything but this round's three sides
        "cores_busy": machine[0] / wall if wall > 0 else 0.0,
        "cores_stolen": machine[1] / wall if wall > 0 else 0.0,
        "cores_others": max(0.0, machine[0] - sum(cpu_server) - sum(cpu_db.values())
                            - sum(r["cpu"] for r in results)) / wall if wall > 0 else 0.0,
        "load_before": load_before,
        "load_after": _load(),
        "cpu_db_ms": sum(cpu_db.values()) * 1000 / max(1, len(times)),
    }
    for name in ("server", "read", "pool", "grade", "store"):
        got = [s[name] for s in steps if name in s]
        figures[f"{name}_median_ms"] = statistics.median(got) * 1000 if got else 0.0
        figures[f"{name}_p95_ms"] = _percentile(got, 0.95) * 1000
    return figures


def stored_counts(url: str, set_name: str) -> tuple[int, int]:
    """(answers stored, distinct student-question pairs) for a set."""
    from sqlalchemy import func, select

    from data.classroom import open_classroom
    from data.models.classroom import ClassAnswer, Enrolment, PracticeSet

    c = open_classroom(url)
    try:
        with c.db.session() as s:
            q = (select(ClassAnswer.enrolment_id, ClassAnswer.position)
                 .join(Enrolment, Enrolment.id == ClassAnswer.enrolment_id)
                 .join(PracticeSet, PracticeSet.id == Enrolment.set_id)
                 .where(PracticeSet.name == set_name))
            rows = s.execute(q).all()
            n = s.scalar(select(func.count()).select_from(q.subquery()))
        return int(n or 0), len(set(rows))
    finally:
        c.close()


def _rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _cpu_seconds(pid: int) -> float:
    """CPU time (user and system) a process has used so far."""
    user, system = _cpu_split(pid)
    return user + system


def _cpu_split(pid: int) -> tuple[float, float]:
    """CPU time a process has used so far: (user, system) seconds."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0, 0.0
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def _machine_cpu() -> tuple[float, float]:
    """Seconds of CPU the whole machine has used so far (every core, every process) and
    seconds stolen from it by the host (a virtual machine's neighbours)."""
    try:
        first = Path("/proc/stat").read_text().splitlines()[0].split()
    except (OSError, IndexError):
        return 0.0, 0.0
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(v) for v in first[1:9])
    tick = os.sysconf("SC_CLK_TCK")
    return (user + nice + system + irq + softirq) / tick, steal / tick


def _switches(pid: int) -> int:
    """Context switches (voluntary and not) of a process's threads so far."""
    total = 0
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            for line in (task / "status").read_text().splitlines():
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


def _backend_cpu(url: str) -> dict[int, float]:
    """CPU used so far by each PostgreSQL backend connected to the database (pid: seconds).

    Empty for SQLite, or when the server is not on this machine.
    """
    if not url.startswith("postgresql"):
        return {}
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            pids = conn.execute(text(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid()")).scalars().all()
    finally:
        engine.dispose()
    return {int(pid): _cpu_seconds(int(pid)) for pid in pids
            if Path(f"/proc/{pid}").exists()}


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def _load() -> str:
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "?"


def _children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return out


def served_memory(server: str, set_name: str, sessions: int, log: Path,
                  root: Path = ROOT) -> dict[str, float]:
    """Open browser sessions on ``serve --class`` (of the code in ``root``) and measure its
    app processes' memory."""
    import asyncio

    import aiohttp

    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "quiz", "serve", "--class", set_name, "--server", server,
         "--host", "127.0.0.1", "--port", str(port)],
        cwd=root, env={**os.environ, "PYTHONPATH": str(root)},
        stdout=log.open("w"), stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(base + "/")

        async def open_tabs() -> dict[str, float]:
            async with aiohttp.ClientSession() as http:
                sockets = []
                for _ in range(sessions):
                    ws = await http.ws_connect(base + "/ws?width=80&height=24",
                                               headers={"Origin": base})
                    await ws.send_json(["resize", {"width": 80, "height": 24}])
                    sockets.append(ws)
                # let every session's app start and draw (its output is read and dropped)
                async def drain(ws: aiohttp.ClientWebSocketResponse) -> None:
                    async for _msg in ws:
                        pass

                readers = [asyncio.create_task(drain(ws)) for ws in sockets]
                await asyncio.sleep(4.0 + 1.5 * sessions)
                kids = _children(proc.pid)
                # processes started in advance name themselves while they wait for a tab
                waiting = [k for k in kids if _comm(k) == "riichi-warm"]
                serving = [k for k in kids if k not in waiting]
                total = sum(_rss_kb(k) + sum(_rss_kb(g) for g in _children(k)) for k in serving)
                idle = sum(_rss_kb(k) for k in waiting)
                for ws in sockets:
                    await ws.close()
                for r in readers:
                    r.cancel()
                return {"sessions": sessions, "processes": len(serving),
                        "mb_per_session": total / 1024 / max(1, sessions),
                        "waiting": len(waiting),
                        "mb_per_waiting": idle / 1024 / max(1, len(waiting)),
                        "server_mb": _rss_kb(proc.pid) / 1024}

        return asyncio.run(open_tabs())
    finally:
        stop(proc)


def _print_round(label: str, got: dict[str, Any], n: int, once: str) -> None:
    """A round's figures: the times, the machine meanwhile, the server's part, the CPU."""
    print(f"  {label:<10} {got['per_second']:6.1f} answers/s · submit to stored: "
          f"median {got['median_ms']:5.1f} ms, p95 {got['p95_ms']:5.1f} ms "
          f"(target < 50), worst {got['worst_ms']:6.1f} ms · load {_load()} · "
          f"{n} stored, each once: {once}", flush=True)
    print(f"  {'':<10} {got['answers']} answers in {got['wall_s']:.2f} s on "
          f"{os.cpu_count()} cores: {got['cores_busy']:.2f} cores busy, of which "
          f"{got['cores_others']:.2f} with other work than this round's (and "
          f"{got['cores_stolen']:.2f} stolen by the host); load (1-minute average) "
          f"{got['load_before']} before, {got['load_after']} after", flush=True)
    print(f"  {'':<10} of which in the server (received to committed): median "
          f"{got['server_median_ms']:5.1f} ms, p95 {got['server_p95_ms']:5.1f} ms "
          f"(p95 of its steps: read {got['read_p95_ms']:.1f}, pool "
          f"{got['pool_p95_ms']:.1f}, grade {got['grade_p95_ms']:.1f}, store "
          f"{got['store_p95_ms']:.1f} ms); the rest is the shared machine", flush=True)
    print(f"  {'':<10} CPU per answer: server {got['cpu_server_ms']:.2f} ms "
          f"(user {got['cpu_server_user_ms']:.2f}, system "
          f"{got['cpu_server_system_ms']:.2f}; {got['server_switches']:.1f} "
          f"thread switches), PostgreSQL {got['cpu_db_ms']:.2f} ms, students "
          f"{got['cpu_students_ms']:.2f} ms", flush=True)


def _fresh_postgres(admin: str) -> tuple[str, Any]:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from data.db.url import resolve_url

    admin_url = make_url(resolve_url(admin))
    name = f"riichi_bench_{uuid.uuid4().hex[:10]}"
    engine = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))

    def drop() -> None:
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()

    return admin_url.set(database=name).render_as_string(hide_password=False), drop


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark (or, with ``--as-student``, be one student)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--db")
    p.add_argument("--students", type=int, default=30)
    p.add_argument("--questions", type=int, default=20)
    p.add_argument("--think", type=float, default=0.5)
    p.add_argument("--sessions", type=int, default=5, help="browser sessions to measure")
    p.add_argument("--rounds", default="pace,burst",
                   help="which rounds to run: pace, burst or both (default)")
    p.add_argument("--bursts", type=int, default=3,
                   help="how many burst rounds, each printed (the machine is shared: one "
                        "round of about a second can meet the host's neighbours at work)")
    p.add_argument("--against", metavar="REV|DIR",
                   help="another revision (or checkout) to measure in turn with this one")
    p.add_argument("--as-student", help=argparse.SUPPRESS)
    p.add_argument("--server", help=argparse.SUPPRESS)
    p.add_argument("--set", help=argparse.SUPPRESS)
    p.add_argument("--sheet", help=argparse.SUPPRESS)
    p.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.as_student:
        print(json.dumps(student(args.server, args.set, args.as_student, args.sheet,
                                 args.think, args.seed)), flush=True)
        sys.stdin.read()  # stay until the round is over: ending would take the others' CPU
        return 0

    if args.against is None:
        return measure(args, None)
    if args.db:
        raise SystemExit("--against makes a database for each tree: leave out --db")
    from bench.checkout import checkout

    with checkout(args.against) as other:
        return measure(args, other)


@dataclass
class Tree:
    """One tree measured: its code, its database, its server, its rounds' figures."""

    label: str
    root: Path
    url: str
    drop: Callable[[], None] | None = None
    server: subprocess.Popen[bytes] | None = None
    base: str = ""
    rounds: dict[str, dict[str, Any]] = field(default_factory=dict)


#: A child running one of this module's database helpers in another tree (its own code,
#: whose schema may be older): the function's name and arguments in, its result out (JSON).
_IN_TREE = ("import json, sys\nimport bench.classroom as b\n"
            "fn, args = json.loads(sys.argv[1])\nprint(json.dumps(getattr(b, fn)(*args)))")


def in_tree(root: Path, fn: str, *args: Any) -> Any:
    """``fn(*args)`` of this module as the tree in ``root`` has it, with that tree's code."""
    if root == ROOT:
        return globals()[fn](*args)
    child = subprocess.run([sys.executable, "-c", _IN_TREE, json.dumps([fn, list(args)])],
                           cwd=root, env={**os.environ, "PYTHONPATH": str(root)},
                           capture_output=True, text=True, check=False)
    if child.returncode:
        raise SystemExit(f"{fn} in {root} failed:\n{child.stderr[-2000:]}")
    return json.loads(child.stdout.strip().splitlines()[-1])


def measure(args: argparse.Namespace, other: Path | None) -> int:
    """Run the rounds on this tree (and on ``other``, in turn with it) and print them."""
    folder = Path(tempfile.mkdtemp(prefix="riichi-bench-class-"))
    trees: list[Tree] = []
    try:
        for label, root in [("this tree", ROOT)] + ([(args.against, other)] if other else []):
            if args.db:
                url, drop = args.db, None
            elif os.environ.get("RIICHI_TEST_POSTGRES_URL"):
                url, drop = _fresh_postgres(os.environ["RIICHI_TEST_POSTGRES_URL"])
            else:
                url, drop = f"sqlite:///{folder / f'bench-{len(trees)}.db'}", None
            trees.append(Tree(label, root, url, drop))
        kind = trees[0].url.split(":", 1)[0]
        rounds = [r.strip() for r in args.rounds.split(",")]
        plan = ([("class pace", args.think, SET_NAME + " pace")] if "pace" in rounds else [])
        if "burst" in rounds:
            plan += [(f"burst {i + 1}/{args.bursts}" if args.bursts > 1 else "burst", 0.0,
                      f"{SET_NAME} burst {i + 1}") for i in range(args.bursts)]
        for k, t in enumerate(trees):
            in_tree(t.root, "prepare", t.url, args.questions,
                    [SET_NAME + " pace"] + [name for _, think, name in plan if not think])
            port = free_port()
            t.server = start_server(t.url, port, folder / f"server-{k}.log", t.root)
            t.base = f"http://127.0.0.1:{port}"
        print(flush=True)
        print(f"classroom server on {kind}: {args.students} students x "
              f"{args.questions} questions, each student its own process, over HTTP "
              f"(reference, straight to PostgreSQL before the server: p95 5 ms at class "
              f"pace, 37 ms in a burst; target < 50 ms)")
        for n, (label, think, name) in enumerate(plan):
            for t in (trees if n % 2 == 0 else trees[::-1]):  # each first in turn
                assert t.server is not None
                got = run_class(t.base, t.url, name, args.students, think,
                                server_pid=t.server.pid,
                                sheet=in_tree(t.root, "answer_sheet", t.url, name))
                stored, distinct = in_tree(t.root, "stored_counts", t.url, name)
                once = ("yes" if stored == distinct == args.students * args.questions
                        else "NO")
                t.rounds[label] = got
                _print_round(label + ("" if len(trees) == 1 else f" ({t.label})"),
                             got, stored, once)
        for t in trees:
            bursts = [t.rounds[label] for label, think, _ in plan if not think]
            if len(bursts) > 1:
                p95s = [b["p95_ms"] for b in bursts]
                stolen = ", ".join(f"{b['cores_stolen']:.2f}" for b in bursts)
                others = ", ".join(f"{b['cores_others']:.2f}" for b in bursts)
                mine = "" if len(trees) == 1 else f" ({t.label})"
                print(f"  bursts{mine} p95 {', '.join(f'{p:.1f}' for p in p95s)} ms: median "
                      f"{statistics.median(p95s):.1f} ms (target < 50), under 50 ms in "
                      f"{sum(p < 50 for p in p95s)} of {len(p95s)} · cores stolen by the host "
                      f"{stolen}, busy with other work {others}", flush=True)
        if args.sessions:
            for k, t in enumerate(trees):
                mem = served_memory(t.base, SET_NAME + " pace", args.sessions,
                                    folder / f"serve-{k}.log", t.root)
                waiting = (f"; {mem['waiting']} started in advance, waiting: "
                           f"{mem['mb_per_waiting']:.0f} MB each" if mem["waiting"] else "")
                mine = "" if len(trees) == 1 else f" ({t.label})"
                print(f"  served app{mine}: {mem['sessions']} browser sessions, "
                      f"{mem['processes']} processes, {mem['mb_per_session']:.0f} MB per "
                      f"session{waiting} (the web server itself {mem['server_mb']:.0f} MB) · "
                      f"load {_load()}")
        if len(trees) > 1:
            side_by_side(trees[0], trees[1], plan)
    finally:
        for t in trees:
            if t.server is not None:
                stop(t.server)
            if t.drop is not None:
                t.drop()
    return 0


def side_by_side(now: Tree, then: Tree, plan: list[tuple[str, float, str]]) -> None:
    """Each round's main figures for both trees and their ratio (under 1: this tree is
    faster), then the medians over the bursts."""
    from bench.checkout import ratio

    figures = [("median_ms", "median ms"), ("p95_ms", "p95 ms"),
               ("per_second", "answers/s"), ("server_median_ms", "in server, median ms"),
               ("cpu_server_ms", "server CPU/answer ms")]
    print(f"\n== side by side{'':<31}{'this tree':>12}{then.label[:12]:>14}{'ratio':>9}")
    for label, _, _ in plan:
        for key, what in figures:
            a, b = now.rounds[label][key], then.rounds[label][key]
            print(f"{label + ', ' + what:<46}{a:12.2f}{b:14.2f}{ratio(a, b):>9}")
    bursts = [label for label, think, _ in plan if not think]
    if len(bursts) > 1:
        for key, what in figures:
            a = statistics.median(now.rounds[label][key] for label in bursts)
            b = statistics.median(then.rounds[label][key] for label in bursts)
            print(f"{'bursts (median of ' + str(len(bursts)) + '), ' + what:<46}"
                  f"{a:12.2f}{b:14.2f}{ratio(a, b):>9}")

if __name__ == "__main__":
    sys.exit(main())
