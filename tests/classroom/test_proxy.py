"""Behind a reverse proxy: new names are still limited per client, and a header cannot dodge it.

The classroom server counts first joins per client address (a student's
wrong codes count against that student's code only, never the address).
Behind nginx or Caddy every request comes from the proxy's address, so
``class serve --trusted-proxy ADDR`` names the proxies whose
``X-Forwarded-For`` is believed. These tests run the real application on a
local port (every request comes from 127.0.0.1) and send the header a client
could forge and the one a proxy appends.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from data.classroom import Classroom
from data.classroom.limits import Guard, GuardRules, Rule
from quiz.classroom.desk import ClassDesk
from quiz.classroom.proxy import TrustedProxies, proxy_network
from quiz.classroom.server import make_app
from tests.support.paths import ROOT

Client = TestClient[web.Request, web.Application]

#: New names an address may bring before it must wait (the rule below).
FREE = 3


@pytest.fixture
async def serve(classroom: Classroom) -> AsyncIterator[Callable[..., Any]]:
    made: list[Client] = []

    async def start(*trusted: str) -> Client:
        rules = GuardRules(joins_address=Rule(free=FREE, most=FREE, window=600))
        app = make_app(ClassDesk(classroom), guard=Guard(classroom, rules=rules),
                       fail_delay=0.0, trusted_proxies=[proxy_network(t) for t in trusted])
        client = TestClient(TestServer(app))
        await client.start_server()
        made.append(client)
        return client

    yield start
    for c in made:
        await c.close()


async def new_names(client: Client, students: list[str], forwarded: Callable[[int], str]
                    ) -> list[int]:
    """One first join per student (so only the address can add up), each with its header."""
    statuses = []
    for i, student in enumerate(students):
        r = await client.post("/api/sets/Proxy/join", json={"student": student},
                              headers={"X-Forwarded-For": forwarded(i)})
        statuses.append(r.status)
    return statuses


@pytest.mark.parametrize("trusted", [(), ("10.0.0.0/8",)], ids=["no-proxy", "other-proxy"])
async def test_a_forged_header_is_ignored_when_the_peer_is_no_trusted_proxy(
    classroom: Classroom, serve: Callable[..., Any], trusted: tuple[str, ...]
) -> None:
    classroom.create_set("Proxy", "pw", count=1, seed=31)
    client = await serve(*trusted)
    students = [f"S{i}" for i in range(FREE + 2)]
    # a new made-up address in every request: the limit still holds for the real one
    statuses = await new_names(client, students, lambda i: f"198.51.100.{i + 1}")
    assert statuses == [200] * FREE + [429, 429]


async def test_behind_a_trusted_proxy_the_forged_part_cannot_dodge_the_limit(
    classroom: Classroom, serve: Callable[..., Any]
) -> None:
    classroom.create_set("Proxy", "pw", count=1, seed=32)
    client = await serve("127.0.0.1")
    students = [f"S{i}" for i in range(FREE + 2)]
    # the client writes a new address each time; the proxy appends the one it saw
    statuses = await new_names(client, students, lambda i: f"198.51.100.{i + 1}, 203.0.113.7")
    assert statuses == [200] * FREE + [429, 429]


@pytest.mark.slow
async def test_two_clients_behind_a_trusted_proxy_are_limited_separately(
    classroom: Classroom, serve: Callable[..., Any]
) -> None:
    classroom.create_set("Proxy", "pw", count=1, seed=33)
    client = await serve("127.0.0.0/8")
    students = [f"S{i}" for i in range(2 * FREE + 2)]
    first = await new_names(client, students[:FREE + 1], lambda i: "203.0.113.7")
    assert first == [200] * FREE + [429]
    # another classroom computer behind the same proxy is not held back by the first
    second = await new_names(client, students[FREE + 1:], lambda i: "203.0.113.8")
    assert second == [200] * FREE + [429]
    # and the first stays held back
    assert await new_names(client, ["X0"], lambda i: "203.0.113.7") == [429]


def test_the_client_address_is_read_from_the_right() -> None:
    proxies = TrustedProxies((proxy_network("10.0.0.0/8"), proxy_network("fd00::/8")))
    # a chain of two trusted proxies in front of the client
    assert proxies.client("10.0.0.1", ["203.0.113.7, 10.1.1.1"]) == "203.0.113.7"
    # the header as several lines, and with ports
    assert proxies.client("10.0.0.1", ["6.6.6.6", "203.0.113.7:5555"]) == "203.0.113.7"
    assert proxies.client("fd00::1", ["[2001:db8::7]:443"]) == "2001:db8::7"
    # garbage the client wrote: the last proxy that vouched stands for it
    assert proxies.client("10.0.0.1", ["not-an-address"]) == "10.0.0.1"
    assert proxies.client("10.0.0.1", []) == "10.0.0.1"
    assert proxies.client("::ffff:10.0.0.1", ["203.0.113.7"]) == "203.0.113.7"
    # never from anyone else
    assert proxies.client("203.0.113.9", ["10.0.0.1"]) == "203.0.113.9"


def test_a_bad_trusted_proxy_is_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "quiz", "class", "serve", "--trusted-proxy", "nonsense"],
        cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "'nonsense' is not an address" in done.stderr
