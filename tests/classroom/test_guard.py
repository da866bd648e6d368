"""The attempt limiter holds against a hostile student and never becomes the attack.

Each attack of issue 23 (1 and 7) against the real aiohttp application on a
local port: guesses sent at once are reserved one by one in the database
(never all checked), a student's wrong codes lock only that student's current
code (a reset frees it), nobody else's failures and no first join lock anyone,
a stranger changing addresses only slows the teacher, and the counts are the
database's (another server process, or a restart, sees them).
"""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from data.classroom import Classroom
from data.classroom.limits import (
    CODE_RULE,
    SETTLE_SECONDS,
    Guard,
    GuardRules,
    Limits,
    Rule,
)
from quiz.classroom.desk import ClassDesk
from quiz.classroom.proxy import proxy_network
from quiz.classroom.server import make_app
from tests.support.clock import FakeClock

Client = TestClient[web.Request, web.Application]


@pytest.fixture
async def serve(classroom: Classroom) -> AsyncIterator[Callable[..., Any]]:
    made: list[Client] = []

    async def start(clock: FakeClock, rules: GuardRules | None = None,
                    trusted: tuple[str, ...] = ()) -> Client:
        guard = Guard(classroom, Limits(classroom.db, ticker=clock.seconds), rules)
        app = make_app(ClassDesk(classroom), guard=guard, fail_delay=0.0,
                       trusted_proxies=[proxy_network(t) for t in trusted])
        client = TestClient(TestServer(app))
        await client.start_server()
        made.append(client)
        return client

    yield start
    for c in made:
        await c.close()


async def join(client: Client, student: str, code: str | None = None, *,
               set_name: str = "Guard", via: str | None = None) -> tuple[int, Any]:
    headers = {"X-Forwarded-For": via} if via else {}
    r = await client.post(f"/api/sets/{set_name}/join", json={"student": student, "code": code},
                          headers=headers)
    return r.status, await r.json()


async def results(client: Client, password: str, via: str | None = None) -> int:
    headers = {"X-Forwarded-For": via} if via else {}
    r = await client.post("/api/sets/Guard/results", json={"password": password},
                          headers=headers)
    return r.status


async def test_a_hundred_wrong_codes_at_once_are_not_all_checked(
    classroom: Classroom, serve: Callable[..., Any]
) -> None:
    classroom.create_set("Guard", "pw", count=1, seed=41)
    client = await serve(FakeClock())
    _, ann = await join(client, "Ann")
    statuses = await asyncio.gather(*(join(client, "Ann", f"AAAAA-{i:05d}") for i in range(100)))
    checked = [s for s, _ in statuses if s == 403]
    assert len(checked) == CODE_RULE.free  # the others were refused before any check
    assert all(s in (403, 429) for s, _ in statuses)
    status, err = (await join(client, "Ann", ann["session"]["code"]))
    assert status == 429 and err["error"].startswith("too many wrong attempts: try again in ")
    assert not err["error"].endswith(" 0 s")


async def test_wrong_codes_for_a_classmate_lock_only_that_code_and_a_reset_frees_it(
    classroom: Classroom, serve: Callable[..., Any]
) -> None:
    classroom.create_set("Guard", "pw", count=1, seed=42)
    clock = FakeClock()
    client = await serve(clock)
    _, ann = await join(client, "Ann")
    _, bo = await join(client, "Bo")
    for i in range(CODE_RULE.most + 2):  # a classmate, from the same (shared) address
        await join(client, "Ann", f"AAAAA-{i:05d}")
        clock.advance(70)  # never waiting on the delay: only the lock is left
    assert (await join(client, "Ann", ann["session"]["code"]))[0] == 429
    # nobody else is held back: another student resumes, a new one joins
    assert (await join(client, "Bo", bo["session"]["code"]))[0] == 200
    assert (await join(client, "Cy"))[0] == 200
    # the teacher gives Ann a new code: it works at once
    r = await client.post("/api/sets/Guard/reset", json={"password": "pw", "student": "Ann"})
    new_code = (await r.json())["code"]
    status, back = await join(client, "Ann", new_code)
    assert status == 200 and back["session"]["resumed"]


async def test_at_most_so_many_new_names_from_one_address_and_resumes_go_on(
    classroom: Classroom, serve: Callable[..., Any]
) -> None:
    classroom.create_set("Guard", "pw", count=1, seed=43)
    few = Rule(free=4, most=4, window=3600)
    client = await serve(FakeClock(), GuardRules(joins_address=few), trusted=("127.0.0.1",))
    joined = [await join(client, f"S{i}", via="203.0.113.7") for i in range(4)]
    assert [s for s, _ in joined] == [200] * 4
    status, err = await join(client, "S9", via="203.0.113.7")
    assert status == 429 and "too many new students" in err["error"]
    # another computer behind the same proxy joins; those joined still resume
    assert (await join(client, "T0", via="203.0.113.8"))[0] == 200
    assert (await join(client, "S0", joined[0][1]["session"]["code"], via="203.0.113.7")
            )[0] == 200
    # a name taken (no code) is not a new name: it does not count
    for _ in range(3):
        assert (await join(client, "T0", via="203.0.113.8"))[0] == 403
    assert (await join(client, "T1", via="203.0.113.8"))[0] == 200


async def test_guesses_of_the_teacher_password_at_once_and_from_many_addresses(
    classroom: Classroom, serve: Callable[..., Any]
) -> None:
    classroom.create_set("Guard", "pw", count=1, seed=44)
    clock = FakeClock()
    rules = GuardRules()
    client = await serve(clock, rules, trusted=("127.0.0.1",))
    # sixty guesses at once from one address: only the free ones are checked
    got = await asyncio.gather(*(results(client, f"guess{i}", via="198.51.100.1")
                                 for i in range(60)))
    assert got.count(403) == rules.teacher_address.free and got.count(429) == 57
    assert await results(client, "pw", via="198.51.100.1") == 429
    # a stranger changing addresses: slowed, and the teacher is never locked out
    for i in range(40):
        await results(client, f"guess{i}", via=f"198.51.100.{i + 2}")
        clock.advance(0.5)
    clock.advance(rules.teacher_set.longest)
    assert await results(client, "pw", via="203.0.113.50") == 200


def test_a_weak_teacher_password_is_refused_and_says_why() -> None:
    from data.classroom.hashing import password_weakness

    assert password_weakness("a") == "short"
    assert password_weakness("aaaaaaaaaaaa") == "repeated"
    assert password_weakness("password1") == "common"
    assert password_weakness("mahjong night 3") is None


def _post(base: str, path: str, doc: dict[str, Any]) -> tuple[int, Any]:
    req = urllib.request.Request(base + path, data=json.dumps(doc).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


@pytest.mark.slow
def test_two_server_processes_on_one_database_count_as_one_and_a_restart_forgets_nothing(
    db_url: str, tmp_path: Path
) -> None:
    import time

    from bench.classroom import free_port, prepare, start_server, stop
    from data.classroom import open_classroom
    from data.classroom.limits import code_key

    prepare(db_url, 1, ["Two"])
    ports = [free_port(), free_port()]
    servers = [start_server(db_url, p, tmp_path / f"s{i}.log") for i, p in enumerate(ports)]
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    try:
        status, ann = _post(bases[0], "/api/sets/Two/join", {"student": "Ann"})
        assert status == 200
        # twenty wrong codes at once, half to each process: three are checked in all
        got: list[int] = []
        lock = threading.Lock()

        def guess(i: int) -> None:
            s, _ = _post(bases[i % 2], "/api/sets/Two/join",
                         {"student": "Ann", "code": f"AAAAA-{i:05d}"})
            with lock:
                got.append(s)

        threads = [threading.Thread(target=guess, args=(i,)) for i in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sorted(got) == [403] * CODE_RULE.free + [429] * (20 - CODE_RULE.free)
        c = open_classroom(db_url)
        try:
            found = c.enrolment_mark("Two", "Ann")
            assert found is not None
            key = code_key(*found)
            assert Limits(c.db).attempts(key) == CODE_RULE.free
            # the first process restarts: the count it kept is still there
            stop(servers[0])
            servers[0] = start_server(db_url, ports[0], tmp_path / "s0-again.log")
            time.sleep(max(0.0, Limits(c.db).wait(key, CODE_RULE)) + 0.1)
            again = [_post(bases[0], "/api/sets/Two/join",
                           {"student": "Ann", "code": f"BBBBB-{i:05d}"})[0] for i in range(2)]
            assert again == [403, 429]  # the fourth is checked; the fifth must wait
            assert Limits(c.db).attempts(key) == CODE_RULE.free + 1
        finally:
            c.close()
        # the right code is refused while the wait lasts, by either process
        assert _post(bases[1], "/api/sets/Two/join",
                     {"student": "Ann", "code": ann["session"]["code"]})[0] == 429
    finally:
        for s in servers:
            stop(s)


async def test_a_served_tab_passes_on_the_browsers_address(
    classroom: Classroom, serve: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from quiz.classroom.client import HttpLink
    from quiz.cli.warm_tab import read_go

    classroom.create_set("Guard", "pw", count=1, seed=45)
    client = await serve(FakeClock(), GuardRules(joins_address=Rule(free=1, most=1, window=3600)),
                         trusted=("127.0.0.1",))
    base = str(client.make_url("/")).rstrip("/")
    # the room hands the browser's address to the tab's process with its size
    read_end, write_end = os.pipe()
    os.write(write_end, b"GO 80 24 203.0.113.9\n")
    monkeypatch.delenv("RIICHI_DRILL_CLIENT_ADDRESS", raising=False)
    assert read_go(read_end) == (80, 24)
    os.close(read_end)
    os.close(write_end)
    assert os.environ["RIICHI_DRILL_CLIENT_ADDRESS"] == "203.0.113.9"
    link = HttpLink(base, "Guard")
    await asyncio.to_thread(link.join, "Ann", None)
    # that browser's next new name is over its limit; another browser's is not
    status, err = await join(client, "Bo", via="203.0.113.9")
    assert status == 429 and "too many new students" in err["error"]
    monkeypatch.setenv("RIICHI_DRILL_CLIENT_ADDRESS", "203.0.113.10")
    await asyncio.to_thread(HttpLink(base, "Guard").join, "Cy", None)


def test_counts_of_days_gone_are_forgotten(classroom: Classroom) -> None:
    clock = FakeClock()
    limits = Limits(classroom.db, ticker=clock.seconds)
    rule = Rule(free=1, most=2, window=60)
    limits.reserve("old", rule)
    limits.count("old", rule)
    clock.advance(2 * 86_400)
    limits.reserve("new", rule)
    assert limits.prune() == 1
    assert limits.attempts("old") == 0
    assert limits.wait("new", rule) == SETTLE_SECONDS  # kept: its attempt is under way
