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
import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from data.classroom import (
    SetOptionsError,
    StudentNameTakenError,
    WrongPasswordError,
    results_csv,
)
from data.classroom.records import check_name, has_control

from ..grading import Hints
from ..words.core import request_language, speaking
from .base import MAX_BODY, ServerBase, error_reply
from .desk import ClassDesk, Graded, ToStore, receipt_for, results_visible
from .groupcommit import GroupCommit
from .report import class_report
from .wire import hints_to_json, question_to_json, receipt_to_json, result_to_json, session_to_json

if TYPE_CHECKING:
    from data.classroom import StudentSession

__all__ = ["ClassServer", "GroupCommit", "event_loop", "make_app"]


class ClassServer(ServerBase):
    """The HTTP face of a :class:`ClassDesk` (see the module's routes; the arguments are
    :class:`.base.ServerBase`'s)."""

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
            return error_reply(400, "give 'student' (and 'code' to resume) as text")
        try:
            student = check_name(student, "student")
        except SetOptionsError as e:
            return error_reply(400, str(e))
        try:
            session = await self._guarded(self.guard.join, name, student, code,
                                          self._address(request))
        except StudentNameTakenError as e:
            if code:
                await self._failed()
            return error_reply(403, str(e))
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
            return error_reply(400, "an answer is {position, answers: {part: text}, seconds, "
                               "timed_out}")
        if any(has_control(v) for v in answers.values()):
            return error_reply(400, "an answer holds control characters (an escape, a line break)")
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
            return error_reply(403, "this set shows the results when you have finished it")
        result = await self._run(self.desk.own_results, session)
        return web.json_response(result_to_json(result))

    async def results(self, request: web.Request) -> web.Response:
        """The teacher's report (text, CSV and figures), with the set's password."""
        name = request.match_info["name"]
        doc = await self._body(request)
        password = doc.get("password")
        if not isinstance(password, str) or not password:
            return error_reply(400, "give the teacher's 'password'")
        try:
            results = await self._guarded(
                self.guard.as_teacher, name, self._address(request),
                lambda: self.desk.classroom.class_results(name, password))
        except WrongPasswordError as e:
            await self._failed()
            return error_reply(403, str(e))
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
            return error_reply(400, "give the teacher's 'password' and the 'student'")
        try:
            code = await self._guarded(
                self.guard.as_teacher, name, self._address(request),
                lambda: self.desk.classroom.reset_code(name, password, student))
        except WrongPasswordError as e:
            await self._failed()
            return error_reply(403, str(e))
        student = check_name(student, "student")
        self._drop_seats(name, student)  # revoked here at once
        return web.json_response({"student": student, "code": code})

    async def remove_student(self, request: web.Request) -> web.Response:
        """Remove a student and their answers (teacher): their session tokens stop working."""

        name = request.match_info["name"]
        doc = await self._body(request)
        password, student = doc.get("password"), doc.get("student")
        if not isinstance(password, str) or not password or not isinstance(student, str):
            return error_reply(400, "give the teacher's 'password' and the 'student'")
        try:
            await self._guarded(
                self.guard.as_teacher, name, self._address(request),
                lambda: self.desk.classroom.remove_student(name, password, student))
        except WrongPasswordError as e:
            await self._failed()
            return error_reply(403, str(e))
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
            return error_reply(400, "give the teacher's 'password', and 'closed' (true or false) "
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
            return error_reply(403, str(e))
        return web.json_response({"name": record.name, "closed": record.closed,
                                  "roster": None if record.roster is None
                                  else list(record.roster)})


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
