"""The classroom server: the only holder of the class database, over HTTP (aiohttp).

``riichi-drill class serve`` runs it. Students' clients (``class join --server``,
or the app served to browsers) speak JSON to it; it grades every answer itself
from the stored question (:class:`quiz.classroom.desk.ClassDesk`), whatever the
client says, and enforces the set's explanation setting. A student is known by
a session token given at join, signed with a secret the class database keeps
(:mod:`data.classroom.tokens`), so that a restart of the server is invisible
to a student in the middle of a set; the resume code
and the teacher's password are checked against their hashes, each attempt reserved
first in the class database (:class:`data.classroom.limits.Guard`): a student's
wrong codes count against that student's current code only, the teacher's
against the set from that address (and, only slowed, from everywhere), first
joins against the address and the set. Every server process on the database
shares those counts.

Routes (all JSON; errors are ``{"error": "one line"}`` with a status):

- ``GET /api/health``
- ``GET /api/sets``: names and sizes
- ``POST /api/sets/{name}/join`` ``{student, code?}`` -> token, session (the code once)
- ``GET /api/sets/{name}/questions`` (token) -> the hands, never their answers
- ``POST /api/sets/{name}/answers`` (token) ``{position, answers, seconds, timed_out}``
- ``GET /api/sets/{name}/mine`` (token) -> the student's own results
- ``POST /api/sets/{name}/results`` ``{password}`` -> the teacher's report and CSV
- ``POST /api/sets/{name}/reset`` ``{password, student}`` -> a new code for the student
  (shown once; the old code and its session tokens no longer work)
- ``POST /api/sets/{name}/remove`` ``{password, student}``: the student and their answers go
- ``POST /api/sets/{name}/admission`` ``{password, closed?, roster?}``: close or open the set
  to new names; a roster (a list of names; ``null`` clears it) of the only names that may join

HTTPS belongs to a reverse proxy in front (see the README). Behind one, every
request comes from the proxy's address: ``--trusted-proxy ADDR`` (an address or
a network, repeated) names the proxies whose ``X-Forwarded-For`` is believed
(:class:`TrustedProxies`), so that failures are still counted per student's
address. The header is never believed from anyone else, nor by default.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

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
    results_csv,
)
from data.classroom.limits import Guard, retry_seconds
from data.classroom.records import check_name, has_control
from data.errors import DatabaseError, DataError

from ..grading import Hints
from ..words.core import request_language, speaking
from .desk import ClassDesk, Graded, ToStore, receipt_for, results_visible
from .proxy import Network, TrustedProxies
from .report import class_report
from .wire import hints_to_json, question_to_json, receipt_to_json, result_to_json, session_to_json

if TYPE_CHECKING:
    from data.classroom import SeatClaims, StudentSession, TokenSigner
    from data.classroom.limits import Guard, GuardRules

__all__ = ["ClassServer", "GroupCommit", "event_loop", "make_app"]

T = TypeVar("T")
R = TypeVar("R")
X = TypeVar("X")

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


class GroupCommit(Generic[T, R]):
    """Answers arriving together are written in one go: a group commit, led by the event loop.

    ``submit`` (on the event loop) queues an item and waits for its outcome.
    While fewer than ``writers`` writes are under way, the items waiting (at
    most ``most``) are handed to a writer thread at once, which calls ``write``
    with all of them (one transaction, one wait on the disk); the items that
    arrive meanwhile wait for the next write. Each caller hears of its item
    (a result, or the exception that refused it) only after that write
    returned, so a reply never runs ahead of its commit.

    One hand-off to a thread and one wake-up of the loop per write, not per
    item: under a burst the loop's work per answer stays small. One write at a
    time by default: a commit takes well under a millisecond, and while it is
    under way the answers arriving gather for the next one, so a burst is
    written in a few large batches rather than answer by answer (two writers
    at once left each answer mostly alone, at a thread hand-off each).

    With ``in_loop``, a batch is written by that coroutine on the loop itself
    instead (no thread hand-off at all; it may still use :meth:`in_thread`).
    """

    def __init__(self, write: Callable[[list[T]], list[R | Exception]], *,
                 most: int = 64, writers: int = 1,
                 in_loop: Callable[[list[T]], Awaitable[list[R | Exception]]] | None = None,
                 ) -> None:
        self.write = write
        self.in_loop = in_loop
        self.most = most
        self.writers = writers
        self._pool = ThreadPoolExecutor(max_workers=writers, thread_name_prefix="class-commit")
        self._waiting: list[tuple[T, asyncio.Future[R]]] = []
        self._under_way: set[asyncio.Future[list[R | Exception]]] = set()

    async def submit(self, item: T) -> R:
        """Queue an item; its outcome once it is written (or the exception that refused it)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[R] = loop.create_future()
        self._waiting.append((item, future))
        if len(self._under_way) < self.writers:
            self._start(loop)
        # a caller that goes away cancels only its own wait: its item is written all the same
        return await future

    async def close(self) -> None:
        """Write what is queued and wait for every write under way, then end the threads."""
        while self._waiting or self._under_way:
            if self._under_way:
                await asyncio.wait(set(self._under_way))
            elif self._waiting:
                self._start(asyncio.get_running_loop())
        self._pool.shutdown(wait=True)

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        batch, self._waiting = self._waiting[:self.most], self._waiting[self.most:]
        if not batch:
            return
        items = [item for item, _ in batch]
        writing: asyncio.Future[list[R | Exception]] = (
            loop.run_in_executor(self._pool, self._write_all, items) if self.in_loop is None
            else asyncio.ensure_future(self._write_in_loop(self.in_loop, items)))
        self._under_way.add(writing)
        writing.add_done_callback(lambda done: self._written(loop, batch, done))

    def _write_all(self, items: list[T]) -> list[R | Exception]:
        try:
            outcomes = self.write(items)
        except Exception as e:  # the writer failed as a whole: each caller hears it
            return [e] * len(items)
        if len(outcomes) != len(items):
            raise AssertionError("a group write gave back one outcome per item")
        return outcomes

    async def _write_in_loop(self, write: Callable[[list[T]], Awaitable[list[R | Exception]]],
                             items: list[T]) -> list[R | Exception]:
        try:
            outcomes = await write(items)
        except Exception as e:  # the writer failed as a whole: each caller hears it
            return [e] * len(items)
        if len(outcomes) != len(items):
            raise AssertionError("a group write gave back one outcome per item")
        return outcomes

    async def in_thread(self, fn: Callable[..., X], *args: Any) -> X:
        """Run ``fn`` in a writer thread (the way of a write the loop cannot make itself)."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    def _written(self, loop: asyncio.AbstractEventLoop,
                 batch: list[tuple[T, asyncio.Future[R]]],
                 done: asyncio.Future[list[R | Exception]]) -> None:
        self._under_way.discard(done)
        if done.cancelled():  # the threads were stopped: the server is ending
            for _, future in batch:
                future.cancel()
        else:
            error = done.exception()
            outcomes = done.result() if error is None else [error] * len(batch)
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if isinstance(outcome, BaseException):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)
        if self._waiting and len(self._under_way) < self.writers:
            self._start(loop)


@dataclass(frozen=True, slots=True)
class _Seat:
    """What a session token stands for, and when its code mark was last checked."""

    session: StudentSession
    claims: SeatClaims
    checked: float


def _error(status: int, message: str, **headers: str) -> web.Response:
    return web.json_response({"error": message}, status=status, headers=headers or None)


class ClassServer:
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
            return _error(404, f"no practice set named {name[:80]!r}")  # none can be
        try:
            async with asyncio.timeout(self.deadline):
                return await handler(request)
        except TimeoutError:  # the database stalls (or the client is too slow to send)
            return _error(503, "the class database does not answer in time: what you sent is "
                               "kept; try again in a moment", **{"Retry-After": "5"})
        except web.HTTPException:
            raise
        except TooManyAttemptsError as e:
            return _error(429, str(e), **{"Retry-After": str(retry_seconds(e.retry_after))})
        except (SetNotFoundError, StudentNotFoundError) as e:
            return _error(404, str(e))
        except (WrongPasswordError, StudentNameTakenError, AdmissionError) as e:
            return _error(403, str(e))
        except (AnswerError, SetOptionsError) as e:
            return _error(409, str(e))
        except DatabaseError as e:
            return _error(503, f"the class database is away: {e}")
        except DataError as e:
            return _error(400, str(e))
        except Exception as e:
            if type(e).__module__.startswith("sqlalchemy"):  # the database's own errors
                first = str(e).strip().splitlines()[0][:200]
                return _error(503, f"the class database is away or busy: {first}")
            raise

    def app(self) -> web.Application:
        """The aiohttp application."""
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._errors])
        app.add_routes([
            web.post("/api/sets/{name}/answers", self.answer),  # first: the route of a burst
            web.get("/api/health", self.health),
            web.get("/api/sets", self.list_sets),
            web.post("/api/sets/{name}/join", self.join),
            web.get("/api/sets/{name}/questions", self.questions),
            web.get("/api/sets/{name}/mine", self.mine),
            web.post("/api/sets/{name}/results", self.results),
            web.post("/api/sets/{name}/reset", self.reset_code),
            web.post("/api/sets/{name}/remove", self.remove_student),
            web.post("/api/sets/{name}/admission", self.admission),
        ])
        app.on_startup.append(self._startup)
        app.on_cleanup.append(self._cleanup)
        return app

    async def _startup(self, _app: web.Application) -> None:
        """Forget the attempt counts of days gone (in a thread; a database away is no matter)."""
        with contextlib.suppress(Exception):
            await self._run(self.guard.limits.prune)

    async def _cleanup(self, _app: web.Application) -> None:
        if self._commits is not None:
            await self._commits.close()
        await self.desk.classroom.close_loop_writer()
        self._pool.shutdown(wait=False, cancel_futures=True)

    # ----------------------------------------------------------------- routes

    async def health(self, request: web.Request) -> web.Response:
        """Whether the server and its database answer."""
        await self._run(self.desk.classroom.list_sets)
        return web.json_response({"ok": True})

    async def list_sets(self, request: web.Request) -> web.Response:
        """The sets: names and sizes (what a student needs to pick one)."""
        sets = await self._run(self.desk.classroom.list_sets)
        return web.json_response([{"name": s.name, "size": s.size} for s in sets])

    async def join(self, request: web.Request) -> web.Response:
        """Join or resume; the code is given once, and failures are slowed and limited."""

        name = request.match_info["name"]
        doc = await self._body(request)
        student, code = doc.get("student"), doc.get("code")
        if not isinstance(student, str) or (code is not None and not isinstance(code, str)):
            return _error(400, "give 'student' (and 'code' to resume) as text")
        try:
            student = check_name(student, "student")
        except SetOptionsError as e:
            return _error(400, str(e))
        try:
            session = await self._guarded(self.guard.join, name, student, code,
                                          self._address(request))
        except StudentNameTakenError as e:
            if code:
                await self._failed()
            return _error(403, str(e))
        token, seat = await self._run(self._issue, session)
        self._seats[token] = seat
        return web.json_response({"token": token, "session": session_to_json(session)})

    async def questions(self, request: web.Request) -> web.Response:
        """The set's hands in order: the problem only, never the answer."""
        await self._seat(request)
        qs = await self._run(self.desk.questions, request.match_info["name"])
        return web.json_response(
            [question_to_json(q.position, q.item.uid, q.item.problem) for q in qs])

    async def answer(self, request: web.Request) -> web.Response:
        """Grade an answer here, store it once, and say what the set lets the student see.

        The reply carries a ``Server-Timing`` header: the milliseconds from the
        request's handling to the answer stored (``server``), and its steps
        (``read``: the body read and the student's turn; ``pool``: waiting for a
        database thread; ``grade``; ``store``: the write and its commit).
        """


        received = time.perf_counter()
        seat = await self._seat(request)
        doc = await self._body(request)
        position, answers = doc.get("position"), doc.get("answers")
        seconds, timed_out = doc.get("seconds", 0.0), doc.get("timed_out", False)
        if (not isinstance(position, int) or isinstance(position, bool)
                or not isinstance(answers, dict)
                or not all(isinstance(k, str) and isinstance(v, str) and len(v) <= 400
                           for k, v in answers.items())
                or not isinstance(seconds, int | float) or not isinstance(timed_out, bool)):
            return _error(400, "an answer is {position, answers: {part: text}, seconds, "
                               "timed_out}")
        if any(has_control(v) for v in answers.values()):
            return _error(400, "an answer holds control characters (an escape, a line break)")
        enrolment = seat.session.enrolment_id
        lock = self._enrolment_locks.setdefault(enrolment, asyncio.Lock())
        async with lock:  # one student's answers are graded in order
            queued = time.perf_counter()
            if self._commits is None:
                graded, (started, marked_at) = await self._run(
                    self._grade_and_store, seat.session, position, answers, float(seconds),
                    timed_out)
            else:
                if self.desk.knows(seat.session, position):  # no database read: mark it here
                    marked, (started, marked_at) = self._grade(
                        seat.session, position, answers, float(seconds), timed_out)
                else:
                    marked, (started, marked_at) = await self._run(
                        self._grade, seat.session, position, answers, float(seconds),
                        timed_out)
                if isinstance(marked, ToStore):
                    graded = await self._commits.submit(marked)
                else:
                    graded = marked
            committed = time.perf_counter()
        timing = (f"read;dur={(queued - received) * 1000:.2f}, "
                  f"pool;dur={(started - queued) * 1000:.2f}, "
                  f"grade;dur={(marked_at - started) * 1000:.2f}, "
                  f"store;dur={(committed - marked_at) * 1000:.2f}, "
                  f"server;dur={(committed - received) * 1000:.2f}")
        if isinstance(graded, Hints):
            return web.json_response(
                {"error": "part of the answer cannot be read",
                 "hints": hints_to_json(graded)}, status=422,  # worded by the client
                headers={"Server-Timing": timing})
        return web.json_response(receipt_to_json(receipt_for(graded)),
                                 headers={"Server-Timing": timing})

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

    def _grade(self, session: StudentSession, position: int, answers: dict[str, str],
               seconds: float, timed_out: bool,
               ) -> tuple[ToStore | Graded | Hints, tuple[float, float]]:
        """In a database thread: mark the answer; with the moments it started and ended."""
        started = time.perf_counter()
        marked = self.desk.mark(session, position, answers, seconds=seconds,
                                timed_out=timed_out)
        return marked, (started, time.perf_counter())

    def _grade_and_store(self, session: StudentSession, position: int,
                         answers: dict[str, str], seconds: float, timed_out: bool,
                         ) -> tuple[Graded | Hints, tuple[float, float]]:
        """In a database thread: mark the answer, then store it alone."""
        marked, steps = self._grade(session, position, answers, seconds, timed_out)
        return (self.desk.store(marked) if isinstance(marked, ToStore) else marked), steps

    async def mine(self, request: web.Request) -> web.Response:
        """The student's own results: only theirs, and the marks only when the set allows."""
        seat = await self._seat(request)
        session = await self._run(self.desk.classroom.session, seat.session.enrolment_id)
        if not results_visible(session):
            return _error(403, "this set shows the results when you have finished it")
        result = await self._run(self.desk.own_results, session)
        return web.json_response(result_to_json(result))

    async def results(self, request: web.Request) -> web.Response:
        """The teacher's report (text, CSV and figures), with the set's password."""


        name = request.match_info["name"]
        doc = await self._body(request)
        password = doc.get("password")
        if not isinstance(password, str) or not password:
            return _error(400, "give the teacher's 'password'")
        try:
            results = await self._guarded(
                self.guard.as_teacher, name, self._address(request),
                lambda: self.desk.classroom.class_results(name, password))
        except WrongPasswordError as e:
            await self._failed()
            return _error(403, str(e))
        top = doc.get("top", 5)
        top = top if isinstance(top, int) and 0 < top <= 50 else 5
        # the teacher's language (their 'lang', else Accept-Language), for this request only;
        # built in a thread: a class of a thousand takes a while, and the loop answers meanwhile
        language = request_language(doc.get("lang"), request.headers.get("Accept-Language"))

        def build() -> tuple[str, str]:
            with speaking(language):
                return (class_report(results, top=top, detail=not doc.get("brief")),
                        results_csv(results))

        report, csv_text = await self._run(build)
        return web.json_response({
            "report": report,
            "csv": csv_text,
            "score": results.score,
            "answers": results.answered,
            "right": results.right,
        })

    async def reset_code(self, request: web.Request) -> web.Response:
        """A student's new code (teacher, with the set's password): the old code and every
        session token given with it stop working."""

        name = request.match_info["name"]
        doc = await self._body(request)
        password, student = doc.get("password"), doc.get("student")
        if not isinstance(password, str) or not password or not isinstance(student, str):
            return _error(400, "give the teacher's 'password' and the 'student'")
        try:
            code = await self._guarded(
                self.guard.as_teacher, name, self._address(request),
                lambda: self.desk.classroom.reset_code(name, password, student))
        except WrongPasswordError as e:
            await self._failed()
            return _error(403, str(e))
        student = check_name(student, "student")
        self._drop_seats(name, student)  # revoked here at once
        return web.json_response({"student": student, "code": code})


    async def remove_student(self, request: web.Request) -> web.Response:
        """Remove a student and their answers (teacher): their session tokens stop working."""

        name = request.match_info["name"]
        doc = await self._body(request)
        password, student = doc.get("password"), doc.get("student")
        if not isinstance(password, str) or not password or not isinstance(student, str):
            return _error(400, "give the teacher's 'password' and the 'student'")
        try:
            await self._guarded(
                self.guard.as_teacher, name, self._address(request),
                lambda: self.desk.classroom.remove_student(name, password, student))
        except WrongPasswordError as e:
            await self._failed()
            return _error(403, str(e))
        self._drop_seats(name, check_name(student, "student"))
        return web.json_response({"student": student, "removed": True})

    async def admission(self, request: web.Request) -> web.Response:
        """Close or open a set to new names, give or clear its roster (teacher)."""

        name = request.match_info["name"]
        doc = await self._body(request)
        password, closed = doc.get("password"), doc.get("closed")
        roster = doc.get("roster", ...)
        if (not isinstance(password, str) or not password
                or not (closed is None or isinstance(closed, bool))
                or not (roster is ... or roster is None
                        or (isinstance(roster, list) and len(roster) <= 1000
                            and all(isinstance(n, str) for n in roster)))):
            return _error(400, "give the teacher's 'password', and 'closed' (true or false) "
                               "or a 'roster' (a list of names, or null)")
        try:
            record = await self._guarded(
                self.guard.as_teacher, name, self._address(request),
                lambda: self.desk.classroom.set_admission(
                    name, password, closed=closed,
                    roster=roster if isinstance(roster, list) else None,
                    clear_roster=roster is None))
        except WrongPasswordError as e:
            await self._failed()
            return _error(403, str(e))
        return web.json_response({"name": record.name, "closed": record.closed,
                                  "roster": None if record.roster is None
                                  else list(record.roster)})

    def _drop_seats(self, set_name: str, student: str) -> None:
        """Forget the kept seats of a student (their tokens are checked again at once)."""
        for token, seat in list(self._seats.items()):
            if seat.session.student == student and seat.session.practice_set.name == set_name:
                self._seats.pop(token, None)


def event_loop() -> asyncio.AbstractEventLoop:
    """The event loop the classroom server runs on: uvloop's where it is installed (its
    sockets and callbacks cost the server less per answer), else asyncio's own."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


def make_app(desk: ClassDesk, **kwargs: Any) -> web.Application:
    """The classroom server's aiohttp application for a desk (see :class:`ClassServer`)."""
    return ClassServer(desk, **kwargs).app()
