"""Session tokens signed with the class database's secret: a restart is invisible to a student.

- In process: a forged or altered token is refused with one line, an expired
  one asks to join again, a token of a code the teacher reset is revoked, and
  a second server on the same database (what a restart is) takes the first's
  tokens without a join; the secret is never in a reply.
- Real processes: a student answers through ``class serve``, the server is
  killed (SIGKILL) and started again, and the same client (the
  :class:`HttpLink` of ``class join --server`` and of a served browser tab)
  answers the next question without joining again.
"""

from __future__ import annotations

import base64
import json
import signal
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from data.classroom import Classroom, TokenSigner
from quiz.classroom.client import HttpLink
from quiz.classroom.desk import ClassDesk
from quiz.classroom.server import ClassServer
from quiz.classroom.wire import Receipt
from tests.classroom.test_server import Server, right_answers
from tests.support.clock import FakeClock


@pytest.fixture
async def servers(classroom: Classroom) -> AsyncIterator[Callable[..., Any]]:
    made: list[TestClient[Any, Any]] = []

    async def start(**kwargs: Any) -> tuple[Server, ClassServer]:
        app_server = ClassServer(ClassDesk(classroom), fail_delay=0.0, **kwargs)
        client = TestClient(TestServer(app_server.app()))
        await client.start_server()
        made.append(client)
        return Server(client, classroom), app_server

    yield start
    for c in made:
        await c.close()


def answer(classroom: Classroom, set_name: str, position: int) -> dict[str, Any]:
    return {"position": position, "answers": right_answers(classroom, set_name, position),
            "seconds": 2.0, "timed_out": False}


def altered(token: str) -> str:
    """The token with its student changed (its signature kept)."""
    version, body, signature = token.split(".")
    doc = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    doc["e"] += 1
    body = base64.urlsafe_b64encode(json.dumps(doc).encode()).rstrip(b"=").decode()
    return f"{version}.{body}.{signature}"


async def test_a_second_server_takes_the_token_and_refuses_forgeries(
    classroom: Classroom, servers: Callable[..., Any]
) -> None:
    classroom.create_set("Tok", "pw", count=3, seed=61)
    first, _ = await servers()
    _, ann = await first.join("Tok", "Ann")
    _, bo = await first.join("Tok", "Bo")
    token = ann["token"]
    status, got = await first.call("POST", "/api/sets/Tok/answers", answer(classroom, "Tok", 0),
                                    token=token)
    assert status == 200 and got["created"]

    second, _ = await servers()  # a restarted server: nothing in its memory
    status, got = await second.call("POST", "/api/sets/Tok/answers",
                                    answer(classroom, "Tok", 1), token=token)
    assert status == 200 and got["created"] and got["session"]["position"] == 2
    status, qs = await second.call("GET", "/api/sets/Tok/questions", token=token)
    assert status == 200 and len(qs) == 3

    forged_signature = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
    for bad in (altered(token), forged_signature, "v1.e30.e30", "made-up", "x" * 5000):
        status, err = await second.call("POST", "/api/sets/Tok/answers",
                                        answer(classroom, "Tok", 2), token=bad)
        assert status == 401, bad
        assert err == {"error": "this session token is not valid (altered, or not from this "
                                "classroom): join again"}
    # Bo's token is Bo's: it cannot answer for Ann, and Ann's nothing more was stored
    status, got = await second.call("POST", "/api/sets/Tok/answers",
                                    answer(classroom, "Tok", 0), token=bo["token"])
    assert status == 200 and got["session"]["student"] == "Bo"
    assert classroom.class_results("Tok", "pw").student("Ann").answered == 2
    # another set's route refuses the token
    classroom.create_set("Other", "pw", count=1, seed=62)
    status, _ = await second.call("GET", "/api/sets/Other/questions", token=token)
    assert status == 401
    # the secret is never in a reply
    secret = classroom.token_secret().hex()
    assert secret not in json.dumps(ann) and secret not in json.dumps(qs)


async def test_an_expired_token_asks_to_join_again(
    classroom: Classroom, servers: Callable[..., Any]
) -> None:
    classroom.create_set("Late", "pw", count=2, seed=63)
    clock = FakeClock()
    signer = TokenSigner(classroom.token_secret(), lifetime=3600, clock=clock.seconds)
    srv, _ = await servers(tokens=signer)
    _, ann = await srv.join("Late", "Ann")
    clock.advance(3599)
    status, _ = await srv.call("GET", "/api/sets/Late/questions", token=ann["token"])
    assert status == 200
    clock.advance(2)
    later, _ = await servers(tokens=signer)  # after a restart as well as on the same server
    for server in (srv, later):
        status, err = await server.call("GET", "/api/sets/Late/questions", token=ann["token"])
        assert status == 401
        assert err == {"error": "your session has expired: join again with your name and code"}
    status, again = await srv.join("Late", "Ann", ann["session"]["code"])
    assert status == 200
    status, _ = await srv.call("GET", "/api/sets/Late/questions", token=again["token"])
    assert status == 200


async def test_a_reset_code_revokes_the_old_code_and_its_tokens(
    classroom: Classroom, servers: Callable[..., Any]
) -> None:
    classroom.create_set("Reset", "pw", count=2, seed=64)
    srv, _ = await servers()
    other, _ = await servers()  # a second server that saw the token before the reset
    _, ann = await srv.join("Reset", "Ann")
    old_code, token = ann["session"]["code"], ann["token"]
    assert (await other.call("GET", "/api/sets/Reset/questions", token=token))[0] == 200

    status, err = await srv.call("POST", "/api/sets/Reset/reset",
                                 {"password": "nope", "student": "Ann"})
    assert status == 403
    status, err = await srv.call("POST", "/api/sets/Reset/reset",
                                 {"password": "pw", "student": "Nobody"})
    assert status == 404
    status, reset = await srv.call("POST", "/api/sets/Reset/reset",
                                   {"password": "pw", "student": "Ann"})
    assert status == 200 and reset["code"] != old_code

    status, err = await srv.call("GET", "/api/sets/Reset/questions", token=token)
    assert status == 401 and err == {
        "error": "your code was reset by the teacher: join again with the new code"}
    # a fresh server (a restart) refuses it too
    fresh, _ = await servers()
    assert (await fresh.call("GET", "/api/sets/Reset/questions", token=token))[0] == 401
    status, _ = await srv.join("Reset", "Ann", old_code)
    assert status == 403
    status, again = await srv.join("Reset", "Ann", reset["code"])
    assert status == 200 and again["session"]["resumed"]
    assert (await srv.call("GET", "/api/sets/Reset/questions", token=again["token"]))[0] == 200


@pytest.mark.slow
def test_a_restarted_server_is_invisible_to_a_student(db_url: str, tmp_path: Path) -> None:
    from bench.classroom import free_port, prepare, start_server, stop

    prepare(db_url, 3, ["Restart"])
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(db_url, port, tmp_path / "server1.log")
    try:
        link = HttpLink(base, "Restart", timeout=10)
        joins: list[str] = []
        join = link.join

        def counted(student: str, code: str | None) -> Any:
            joins.append(student)
            return join(student, code)

        link.join = counted  # type: ignore[method-assign]
        link.join("Ann", None)
        questions = link.questions()
        from data.classroom import open_classroom

        classroom = open_classroom(db_url)
        try:
            answers = [right_answers(classroom, "Restart", n) for n in range(3)]
        finally:
            classroom.close()
        first = link.submit(0, answers[0], seconds=1.0, timed_out=False)
        assert isinstance(first, Receipt) and first.created
        kept = link._conn
        assert kept is not None and kept.sock is not None  # one connection, kept (keep-alive)

        server.send_signal(signal.SIGKILL)  # no goodbye: nothing of its memory is kept
        server.wait(10)
        server = start_server(db_url, port, tmp_path / "server2.log")

        # the kept connection died with the server: the link makes a new one by itself
        second = link.submit(1, answers[1], seconds=1.0, timed_out=False)
        assert isinstance(second, Receipt) and second.created
        assert second.session.position == 2
        assert [q.uid for q in link.questions()] == [q.uid for q in questions]
        assert joins == ["Ann"]  # the one join at the start: none after the restart
    finally:
        stop(server)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_teacher_resets_a_code_from_the_command_line(
    classroom: Classroom, db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from quiz.__main__ import main
    from tests.classroom.test_cli import NOPE, PW

    classroom.create_set("Cli", "tile wall 99", count=2, seed=65)
    old = classroom.join("Cli", "Ann").code
    assert main(["--db", db_url, "class", "reset-code", "Cli", "--student", "Ann",
                 "--password-file", PW]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("New resume code for 'Ann' in practice set 'Cli': ")
    code = out.split(": ")[1].split()[0]
    assert classroom.join("Cli", "Ann", code).resumed
    with pytest.raises(Exception, match="already taken"):
        classroom.join("Cli", "Ann", old)

    assert main(["--db", db_url, "class", "reset-code", "Cli", "--student", "Ann",
                 "--password-file", NOPE]) != 0
    err = capsys.readouterr().err.strip()
    assert err == "riichi-drill: wrong teacher password for practice set 'Cli'"
    assert classroom.join("Cli", "Ann", code).resumed  # unchanged


@pytest.mark.slow
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_teacher_resets_a_code_through_the_server(
    classroom: Classroom, db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bench.classroom import free_port, start_server, stop
    from quiz.__main__ import main
    from tests.classroom.test_cli import PW

    classroom.create_set("Net", "tile wall 99", count=2, seed=66)
    classroom.join("Net", "Bo")
    port = free_port()
    server = start_server(db_url, port, tmp_path / "server.log")
    try:
        assert main(["class", "reset-code", "Net", "--student", "Bo", "--server",
                     f"http://127.0.0.1:{port}", "--password-file", PW]) == 0
        out = capsys.readouterr().out.strip()
        code = out.split(": ")[1].split()[0]
        assert classroom.join("Net", "Bo", code).resumed
        assert main(["class", "reset-code", "Net", "--student", "Nobody", "--server",
                     f"http://127.0.0.1:{port}", "--password-file", PW]) != 0
        assert capsys.readouterr().err.strip() == (
            "riichi-drill: no student 'Nobody' in practice set 'Net'")
    finally:
        stop(server)
