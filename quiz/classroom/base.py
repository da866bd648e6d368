"""What every route of the classroom server stands on: the request's body read within its
time, a student's seat (their signed session token, checked again now and then), the
guarded checks of codes and passwords, the errors said in one line, the answers' writes.

:class:`ServerBase` holds them; :class:`quiz.classroom.server.ClassServer` adds the routes.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web

from data.classroom import (
    AdmissionError,
    AnswerError,
    NextAnswer,
    RevokedTokenError,
    SessionTokenError,
    SetNotFoundError,
    SetOptionsError,
    StudentNameTakenError,
    StudentNotFoundError,
    TokenSigner,
    TooManyAttemptsError,
    WrongPasswordError,
)
from data.classroom.limits import Guard, retry_seconds
from data.classroom.records import has_control
from data.errors import DatabaseError, DataError

from .desk import ClassDesk, Graded, ToStore
from .groupcommit import GroupCommit
from .proxy import Network, TrustedProxies

if TYPE_CHECKING:
    from data.classroom import SeatClaims, StudentSession
    from data.classroom.limits import GuardRules

T = TypeVar("T")

#: Largest request body accepted (an answer is a few hundred bytes).
MAX_BODY = 64 * 1024
#: Seconds a session token's seat is kept before its code mark is checked again.
RECHECK_SECONDS = 60.0
#: Seconds a failed code or password answer is held back (slows scripted guessing).
FAIL_DELAY = 0.5
#: Seconds a code or password check may wait for the others of its key under way.
SETTLE_WAIT = 3.0
#: Seconds a request may take, all told: past them (the database stalls) it is answered
#: with a 503 in one line, and the client keeps what it sent to send again.
DEADLINE = 8.0
#: Seconds a request's body may take to arrive (a few hundred bytes).
BODY_SECONDS = 5.0


@dataclass(frozen=True, slots=True)
class _Seat:
    """What a session token stands for, and when its code mark was last checked."""

    session: StudentSession
    claims: SeatClaims
    checked: float


def error_reply(status: int, message: str, **headers: str) -> web.Response:
    """A refusal in one line: ``{"error": message}`` with its status (and headers)."""
    return web.json_response({"error": message}, status=status, headers=headers or None)


class ServerBase:
    """The HTTP face of a :class:`ClassDesk` (see the module's routes).

    Args:
        desk: the classroom controller on the class database.
        guard: checks codes and passwords within the limits kept in the database
            (one on the desk's classroom when not given, with ``rules``).
        fail_delay: seconds a failure's answer is held back.
        workers: threads running database work.
        trusted_proxies: the reverse proxies whose ``X-Forwarded-For`` is believed.
        group_commit: answers arriving together are stored in one transaction
            (:class:`GroupCommit`); else each in its own.
        tokens: the signer of session tokens (by default one with the class
            database's secret, read when first needed).
        deadline: seconds any request may take before it is answered with a 503
            (the database stalls); None: no bound.
        loop_writes: a group commit's batch is written from the event loop
            itself (:meth:`Classroom.record_next_answers_in_loop`), not by a
            thread; by default where the database allows it (PostgreSQL).
    """

    def __init__(self, desk: ClassDesk, *, guard: Guard | None = None,
                 rules: GuardRules | None = None, fail_delay: float = FAIL_DELAY, workers: int = 8,
                 trusted_proxies: Iterable[Network] = (), group_commit: bool = True,
                 tokens: TokenSigner | None = None, loop_writes: bool | None = None,
                 deadline: float | None = DEADLINE) -> None:

        self.desk = desk
        self.guard = guard or Guard(desk.classroom, rules=rules)
        self.fail_delay = fail_delay
        self.deadline = deadline
        self.proxies = TrustedProxies(tuple(trusted_proxies))
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="class-db")
        self._seats: dict[str, _Seat] = {}
        self._signer = tokens
        self._signer_lock = threading.Lock()
        self._enrolment_locks: dict[int, asyncio.Lock] = {}
        if loop_writes is None:
            loop_writes = desk.classroom.writes_from_the_loop()
        self._commits: GroupCommit[ToStore, Graded] | None = (
            GroupCommit(desk.store_together,
                        in_loop=self._store_in_loop if loop_writes else None)
            if group_commit else None)

    # ----------------------------------------------------------------- plumbing

    async def _run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: fn(*args, **kwargs))

    async def _body(self, request: web.Request) -> dict[str, Any]:
        try:
            async with asyncio.timeout(BODY_SECONDS):  # a body sent a byte at a time: dropped
                raw = await request.read()
        except TimeoutError:
            raise web.HTTPRequestTimeout(
                text=json.dumps({"error": "the request's body came too slowly"}),
                content_type="application/json") from None
        try:  # JSON is UTF-8 whatever charset the request claims (a made-up one too)
            doc = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            raise web.HTTPBadRequest(
                text=json.dumps({"error": "the request is not valid JSON"}),
                content_type="application/json") from None
        if not isinstance(doc, dict):
            raise web.HTTPBadRequest(text=json.dumps({"error": "the request is not an object"}),
                                     content_type="application/json")
        return doc

    def _tokens(self) -> TokenSigner:
        """The signer of session tokens, with the class database's secret (read once)."""

        with self._signer_lock:
            if self._signer is None:
                self._signer = TokenSigner(self.desk.classroom.token_secret())
            return self._signer

    def _issue(self, session: StudentSession) -> tuple[str, _Seat]:
        """In a database thread: a signed token for a session just joined."""
        self.desk.asked(session)  # the set's answer keys, built before its first answer
        _, mark = self.desk.classroom.seat(session.enrolment_id)
        token = self._tokens().issue(session.enrolment_id, session.practice_set.id, mark)
        claims = self._tokens().read(token)
        return token, _Seat(replace(session, code=None), claims, time.monotonic())

    def _check_seat(self, token: str) -> _Seat:
        """In a database thread: the seat of a token signed here (after a restart too).

        Raises:
            SessionTokenError: forged, expired, or revoked (the teacher reset the code).
            StudentNotFoundError: the student's set was deleted.
        """

        claims = self._tokens().read(token)
        session, mark = self.desk.classroom.seat(claims.enrolment_id)
        if session.practice_set.id != claims.set_id:
            raise RevokedTokenError("this session token is for another practice set: join again")
        if mark != claims.code_mark:
            raise RevokedTokenError("your code was reset by the teacher: join again with the "
                                    "new code")
        return _Seat(session, claims, time.monotonic())

    async def _seat(self, request: web.Request) -> _Seat:
        """The seat of the request's token (``Authorization: Bearer``), else a 401 in one line.

        A token is checked against the database when first seen by this process
        (after a restart) and again every :data:`RECHECK_SECONDS` (a code reset
        elsewhere revokes it); in between its seat is kept in memory.
        """

        auth = request.headers.get("Authorization", "")
        token = auth[7:] if auth.startswith("Bearer ") else ""
        seat = self._seats.get(token) if token else None
        try:
            if not token:
                raise SessionTokenError("not joined: join again")
            if seat is None or time.monotonic() - seat.checked > RECHECK_SECONDS:
                seat = await self._run(self._check_seat, token)
                self._seats[token] = seat
            elif time.time() >= seat.claims.expires:
                self._seats.pop(token, None)
                self._tokens().read(token)  # says it has expired
        except (SessionTokenError, StudentNotFoundError) as e:
            message = str(e) if isinstance(e, SessionTokenError) else "not joined: join again"
            raise web.HTTPUnauthorized(text=json.dumps({"error": message}),
                                       content_type="application/json") from None
        if seat.session.practice_set.name != request.match_info["name"]:
            raise web.HTTPUnauthorized(
                text=json.dumps({"error": "not joined to this practice set: join it"}),
                content_type="application/json")
        return seat

    def _address(self, request: web.Request) -> str:
        """The client's address (through a trusted proxy's ``X-Forwarded-For``)."""
        peer = request.transport.get_extra_info("peername") if request.transport else None
        host = peer[0] if isinstance(peer, tuple) and peer else request.remote
        return self.proxies.client(host, request.headers.getall("X-Forwarded-For", []))

    async def _failed(self) -> None:
        await asyncio.sleep(self.fail_delay)

    async def _guarded(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn`` (a :class:`Guard` check) in a database thread. Refused only while other
        checks of the same key are under way (a teacher's tabs at once), it waits for them
        here, off the threads, and tries again, for :data:`SETTLE_WAIT` s at most."""

        waited = 0.0
        while True:
            try:
                return await self._run(fn, *args)
            except TooManyAttemptsError as e:
                if not e.settling or waited + e.retry_after > SETTLE_WAIT:
                    raise
                await asyncio.sleep(e.retry_after)
                waited += e.retry_after

    @web.middleware
    async def _errors(self, request: web.Request,
                      handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
                      ) -> web.StreamResponse:

        name = request.match_info.get("name")
        if name is not None and (has_control(name) or len(name) > 200):
            return error_reply(404, f"no practice set named {name[:80]!r}")  # none can be
        try:
            async with asyncio.timeout(self.deadline):
                return await handler(request)
        except TimeoutError:  # the database stalls (or the client is too slow to send)
            return error_reply(503, "the class database does not answer in time: what you sent is "
                               "kept; try again in a moment", **{"Retry-After": "5"})
        except web.HTTPException:
            raise
        except TooManyAttemptsError as e:
            return error_reply(429, str(e), **{"Retry-After": str(retry_seconds(e.retry_after))})
        except (SetNotFoundError, StudentNotFoundError) as e:
            return error_reply(404, str(e))
        except (WrongPasswordError, StudentNameTakenError, AdmissionError) as e:
            return error_reply(403, str(e))
        except (AnswerError, SetOptionsError) as e:
            return error_reply(409, str(e))
        except DatabaseError as e:
            return error_reply(503, f"the class database is away: {e}")
        except DataError as e:
            return error_reply(400, str(e))
        except Exception as e:
            if type(e).__module__.startswith("sqlalchemy"):  # the database's own errors
                first = str(e).strip().splitlines()[0][:200]
                return error_reply(503, f"the class database is away or busy: {first}")
            raise

    # ----------------------------------------------------------------- writes

    async def _store_in_loop(self, batch: list[ToStore]) -> list[Graded | Exception]:
        """A group commit's batch written from the loop (one statement, one commit); what it
        did not simply write (a repeat, the set's time over, the database away...) is then
        stored alone in a writer thread, whose full checks say why."""

        assert self._commits is not None
        try:
            written = await self.desk.classroom.record_next_answers_in_loop([
                NextAnswer(a.session.practice_set, a.session.enrolment_id, a.position, a.parts,
                           a.marked.concepts, a.seconds, a.timed_out) for a in batch])
        except Exception:  # each alone then says what is wrong
            written = [None] * len(batch)
        out: list[Graded | Exception | None] = [
            self.desk.stored(a, w) if w is not None else None
            for a, w in zip(batch, written, strict=True)]
        alone = [a for a, o in zip(batch, out, strict=True) if o is None]
        if alone:
            done = iter(await self._commits.in_thread(self._store_each, alone))
            out = [o if o is not None else next(done) for o in out]
        return [o for o in out if o is not None]

    def _store_each(self, answers: list[ToStore]) -> list[Graded | Exception]:
        """In a writer thread: each answer stored alone (or the error that refused it)."""
        out: list[Graded | Exception] = []
        for a in answers:
            try:
                out.append(self.desk.store(a))
            except Exception as e:  # handed to the request that sent this answer
                out.append(e)
        return out

    def _drop_seats(self, set_name: str, student: str) -> None:
        """Forget the kept seats of a student (their tokens are checked again at once)."""
        for token, seat in list(self._seats.items()):
            if seat.session.student == student and seat.session.practice_set.name == set_name:
                self._seats.pop(token, None)
