"""The class pages: students join a set and answer it; teachers watch the class live.

Built on the classroom's own controller (:class:`quiz.classroom.desk.ClassDesk`),
the one that grades the JSON API's answers: the same rules (the server grades,
one question after the other, the set's time limits and explanation setting),
the same rows. A student is known by the same signed session token the API
gives (:mod:`data.classroom.tokens`), kept in the visitor's signed cookie; the
resume code is shown once and kept by this browser (a signed HttpOnly cookie)
so that it rejoins by itself; on another device the student types it. A
teacher signs in with the set's password once; the cookie then names the set
(and its id, so a set made anew under the same name is not shown).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from aiohttp import web

from data.classroom import (
    AnswerError,
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
from data.classroom.records import check_name

from ..classroom.desk import ToStore, receipt_for, results_visible
from ..classroom.groupcommit import GroupCommit
from ..classroom.report import class_report, student_report
from ..grading import Hints
from ..settings import Settings
from ..words.core import speaking
from ..words.topics import topic_title
from .server import (
    VISIT,
    PageError,
    Visit,
    explanation_view,
    marks_view,
    question_view,
    read_fields,
)

if TYPE_CHECKING:
    from data.classroom import ClassResults, StudentSession, TokenSigner

    from ..classroom.desk import ClassDesk
    from .server import WebPages

__all__ = ["ClassPages"]

#: The cookie that keeps a student's resume code in this browser.
CODE_COOKIE = "rdcode"
#: Seconds the browser keeps a resume code.
CODE_LIFE = 30 * 24 * 3600
#: Seconds a teacher stays signed in to a set.
TEACHER_LIFE = 12 * 3600
#: Seconds a student's seat is kept before the token's code mark is read again (as the
#: classroom server does: a code reset elsewhere revokes it within this time).
RECHECK_SECONDS = 60.0
#: Question pages kept drawn (a set's question looks the same to every student of a language).
VIEWS_KEPT = 512


class ClassPages:
    """The students' and teachers' pages over a class desk."""

    def __init__(self, pages: WebPages, desk: ClassDesk) -> None:
        self.pages = pages
        self.desk = desk

        #: Codes and the teacher's password checked within the limits kept in the database.
        self.guard = Guard(desk.classroom)
        self._signer: TokenSigner | None = None
        #: Seats read lately, by token: the session as read, and when (its place is then the
        #: desk's, kept in memory after the seat was read).
        self._seats: dict[str, tuple[StudentSession, float]] = {}
        #: Question views drawn, by (set id, position, language).
        self._views: dict[tuple[int, int, str], Any] = {}
        #: Answers arriving together stored in one commit (the classroom server's way).
        self._commits: GroupCommit[ToStore, Any] = GroupCommit(desk.store_together)

    def install(self, app: web.Application) -> None:
        """Add the class pages' routes."""
        app.on_cleanup.append(self._cleanup)
        app.add_routes([
            web.post("/class/join", self.join),
            web.get("/class/{name}", self.student_page),
            web.post("/class/{name}/answer", self.answer),
            web.post("/teach", self.teacher_sign_in),
            web.get("/teach/{name}", self.teacher_page),
            web.get("/teach/{name}/live", self.teacher_live),
            web.get("/teach/{name}/results.csv", self.teacher_csv),
        ])

    async def _cleanup(self, _app: web.Application) -> None:
        await self._commits.close()

    # ----------------------------------------------------------------- students

    def tokens(self) -> TokenSigner:
        """The signer of students' session tokens (the classroom server's own secret)."""

        if self._signer is None:
            self._signer = TokenSigner(self.desk.classroom.token_secret())
        return self._signer

    def _issue(self, session: StudentSession) -> str:
        """In a worker thread: the signed token of a session just joined."""
        self.desk.asked(session)
        _, mark = self.desk.classroom.seat(session.enrolment_id)
        return self.tokens().issue(session.enrolment_id, session.practice_set.id, mark)

    def _seat(self, token: str, name: str) -> StudentSession:
        """In a worker thread: the student's place, when the token is good for this set.

        Raises:
            SessionTokenError: forged, expired or revoked (the code was reset).
        """

        claims = self.tokens().read(token)
        session, mark = self.desk.classroom.seat(claims.enrolment_id)
        if session.practice_set.id != claims.set_id or session.practice_set.name != name:
            raise RevokedTokenError("not joined to this practice set")
        if mark != claims.code_mark:
            raise RevokedTokenError("the code was reset")
        self.desk.asked(session)  # the set's answer keys, kept by the desk
        place = self.desk.place(session)
        if len(self._seats) > 100_000:
            self._seats.clear()
        self._seats[token] = (session, time.monotonic())
        return place

    def _kept_seat(self, token: str, name: str) -> StudentSession | None:
        """The seat of a token read within :data:`RECHECK_SECONDS`, from the desk's memory."""

        kept = self._seats.get(token)
        if kept is None or time.monotonic() - kept[1] > RECHECK_SECONDS \
                or kept[0].practice_set.name != name:
            return None
        try:
            self.tokens().read(token)  # expired meanwhile?
        except SessionTokenError:
            self._seats.pop(token, None)
            return None
        return self.desk.place(kept[0])  # kept in the desk's memory: no database read

    def _join(self, name: str, student: str, code: str | None, address: str) -> StudentSession:
        """Join or resume through the classroom's guard, then keep the student's place."""
        session = self.guard.join(name, student, code, address)
        self.desk.keep_place(session)
        return session

    def _kept_code(self, request: web.Request, name: str, student: str) -> str | None:
        doc = self.pages.cookies.read(request.cookies.get(CODE_COOKIE))
        if doc and doc.get("set") == name and doc.get("student") == student:
            code = doc.get("code")
            return code if isinstance(code, str) else None
        return None

    async def join(self, request: web.Request) -> web.StreamResponse:
        """Join a set, or come back to it (this browser's code, or the one typed)."""

        w = self.pages.words(request)
        form = await request.post()
        name, student, code = form.get("set"), form.get("student"), form.get("code") or None
        if not isinstance(name, str) or not isinstance(student, str) or not name.strip() or \
                (code is not None and not isinstance(code, str)):
            raise PageError(w["bad_request"] % {"what": w["set_name"] + ", " + w["your_name"]})
        if len(name) > 200 or len(student) > 200 or (code is not None and len(code) > 40):
            raise PageError(w["too_long"])
        try:
            student = check_name(student, "student")
        except SetOptionsError as e:
            raise PageError(str(e)) from None
        name = " ".join(name.split())
        code = code or self._kept_code(request, name, student)
        try:  # within the limits the classroom server keeps (a code counted against its student)
            session = await self.pages.hashing(self._join, name, student, code,
                                               self.pages.address(request))
        except TooManyAttemptsError as e:
            raise PageError(w["too_many"] % {"seconds": retry_seconds(e.retry_after)},
                            429) from None
        except StudentNameTakenError as e:
            raise PageError(str(e), 403) from None
        except SetNotFoundError as e:
            raise PageError(str(e), 404) from None
        token = await self.pages.run(self._issue, session)
        visit: Visit = request[VISIT]
        visit.set(st=token, sset=session.practice_set.name)
        if session.code is None:
            raise web.HTTPSeeOther(f"/class/{_quote(session.practice_set.name)}")
        response = self.pages.render(request, "class_code.html", {
            "code": session.code, "name": session.practice_set.name})
        response.set_cookie(CODE_COOKIE, self.pages.cookies.sign(
            {"set": session.practice_set.name, "student": session.student,
             "code": session.code}, life=CODE_LIFE), max_age=CODE_LIFE, httponly=True,
            samesite="Lax", secure=self.pages.secure_cookies, path="/")
        return response

    async def _student(self, request: web.Request) -> StudentSession:
        visit: Visit = request[VISIT]
        name = request.match_info["name"]
        token = visit.get("st")
        if not isinstance(token, str) or visit.get("sset") != name:
            raise PageError(self.pages.words(request)["need_sign_in"], 401)
        kept = self._kept_seat(token, name)
        if kept is not None:
            return kept
        try:
            return await self.pages.run(self._seat, token, name)
        except (SessionTokenError, StudentNotFoundError):
            visit.set(st=None, sset=None)
            raise PageError(self.pages.words(request)["need_sign_in"], 401) from None

    def _student_settings(self, request: web.Request) -> Settings:
        return Settings()

    async def student_page(self, request: web.Request) -> web.StreamResponse:
        """The next question of the set, or the student's own results once finished."""
        session = await self._student(request)
        if session.finished:
            return await self._finished(request, session)
        qs = await self.pages.run(self.desk.asked, session)
        question = qs[session.position]
        lang = self.pages.language(request)
        key = (session.practice_set.id, session.position, lang)
        view = self._views.get(key)
        if view is None:
            with speaking(lang):
                view = question_view(question, self._student_settings(request), typed={},
                                     hints=None)
            if len(self._views) >= VIEWS_KEPT:
                self._views.pop(next(iter(self._views)))
            self._views[key] = view
        return self._question(request, session, view, len(qs))

    def _question(self, request: web.Request, session: StudentSession, view: Any,
                  total: int, status: int = 200) -> web.Response:
        shown = self.pages.cookies.sign({"at": round(time.time(), 3), "p": session.position,
                                         "en": session.enrolment_id}, life=24 * 3600)
        return self.pages.render(request, "class_question.html", {
            "q": view, "number": session.position + 1, "total": total, "shown": shown,
            "position": session.position, "name": session.practice_set.name,
            "action": f"/class/{_quote(session.practice_set.name)}/answer"}, status=status)

    async def _finished(self, request: web.Request, session: StudentSession) -> web.Response:
        w = self.pages.words(request)
        report = None
        if results_visible(session):
            result = await self.pages.run(self.desk.own_results, session)
            with speaking(self.pages.language(request)):
                report = student_report(result, session.practice_set.options.parts)
        return self.pages.render(request, "class_done.html", {
            "name": session.practice_set.name, "report": report,
            "message": w["finished"] if report is not None else w["results_later"]})

    async def answer(self, request: web.Request) -> web.StreamResponse:
        """Grade the answer on the server (the classroom desk), store it, show what the set
        allows."""

        session = await self._student(request)
        w = self.pages.words(request)
        form = await request.post()
        try:
            position = int(str(form.get("position", "")))
        except ValueError:
            raise PageError(w["unknown_question"]) from None
        qs = await self.pages.run(self.desk.asked, session)
        if not 0 <= position < len(qs):
            raise PageError(w["unknown_question"])
        question = qs[position]
        typed = read_fields(form, question.fields, w)
        started = time.perf_counter()
        shown = self.pages.cookies.read(str(form.get("shown", "")))
        seconds = 0.0
        if shown and shown.get("p") == position and shown.get("en") == session.enrolment_id:
            seconds = max(0.0, time.time() - float(shown["at"]))
        try:
            if self.desk.knows(session, position):  # no database read: marked here
                marked = self.desk.mark(session, position, typed, seconds=seconds)
            else:
                marked = await self.pages.run(
                    lambda: self.desk.mark(session, position, typed, seconds=seconds))
            graded = (await self._commits.submit(marked)
                      if isinstance(marked, ToStore) else marked)
        except AnswerError:
            raise PageError(w["answered_already"], 409) from None

        if isinstance(graded, Hints):
            with speaking(self.pages.language(request)):
                view = question_view(question, self._student_settings(request), typed=typed,
                                     hints=graded)
            return self._question(request, session, view, len(qs))
        receipt = receipt_for(graded)
        after = graded.session
        settings = self._student_settings(request)
        marks = lines = None
        if receipt.marked is not None:
            with speaking(self.pages.language(request)):
                marks = marks_view(receipt.marked, settings)
                lines = explanation_view(question, settings)
        response = self.pages.render(request, "class_marked.html", {
            "marks": marks, "lines": lines, "right": receipt.marked.correct
            if receipt.marked is not None else None,
            "name": session.practice_set.name, "number": position + 1, "total": len(qs),
            "finished": after.finished})
        response.headers["Server-Timing"] = \
            f"server;dur={(time.perf_counter() - started) * 1000:.2f}"
        return response

    # ----------------------------------------------------------------- teachers

    async def teacher_sign_in(self, request: web.Request) -> web.StreamResponse:
        """The set's password, checked once (slowed and limited like the API's)."""

        w = self.pages.words(request)
        form = await request.post()
        name, password = form.get("set"), form.get("password")
        if not isinstance(name, str) or not isinstance(password, str) or not name.strip():
            raise PageError(w["bad_request"] % {"what": w["set_name"]})
        if len(name) > 200 or len(password) > 500:
            raise PageError(w["too_long"])
        name = " ".join(name.split())
        address = self.pages.address(request)
        try:
            record = await self.pages.hashing(
                self.guard.as_teacher, name, address,
                lambda: self.desk.classroom.check_password(name, password))
        except TooManyAttemptsError as e:
            raise PageError(w["too_many"] % {"seconds": retry_seconds(e.retry_after)},
                            429) from None
        except (WrongPasswordError, SetNotFoundError):
            import asyncio

            await asyncio.sleep(self.pages.fail_delay)
            raise PageError(w["wrong_sign_in"], 403) from None
        visit: Visit = request[VISIT]
        visit.set(tset=record.name, tid=record.id)
        raise web.HTTPSeeOther(f"/teach/{_quote(record.name)}")

    async def _results(self, request: web.Request) -> ClassResults:
        visit: Visit = request[VISIT]
        name = request.match_info["name"]
        set_id = visit.get("tid")
        if visit.get("tset") != name or not isinstance(set_id, int):
            raise PageError(self.pages.words(request)["need_sign_in"], 401)
        try:
            return await self.pages.run(self.desk.classroom.checked_results, name, set_id)
        except SetNotFoundError:
            visit.set(tset=None, tid=None)
            raise PageError(self.pages.words(request)["need_sign_in"], 401) from None

    def _live(self, request: web.Request, results: ClassResults) -> dict[str, Any]:
        with speaking(self.pages.language(request)):
            concepts = [(topic_title(c.topic), c.misses, c.students)
                        for c in results.concepts[:5]]
        size = results.practice_set.size
        return {
            "name": results.practice_set.name, "size": size,
            "score": f"{results.score:.0%}" if results.answered else "-",
            "answered": results.answered, "asked": results.asked,
            "students": [(s.student, s.answered, s.right, size, s.finished_at is not None)
                         for s in results.students],
            "concepts": concepts, "updated": time.strftime("%H:%M:%S"),
        }

    async def teacher_page(self, request: web.Request) -> web.StreamResponse:
        """The class live (updated without reloading), and the report as ``class results``."""

        results = await self._results(request)
        with speaking(self.pages.language(request)):
            report = class_report(results)
        return self.pages.render(request, "teach.html", {
            **self._live(request, results), "report": report})

    async def teacher_live(self, request: web.Request) -> web.StreamResponse:
        """The live figures alone (what the teacher's page fetches every few seconds)."""
        results = await self._results(request)
        return self.pages.render(request, "_live.html", self._live(request, results))

    async def teacher_csv(self, request: web.Request) -> web.StreamResponse:
        """The results as CSV (as ``class results --csv`` writes them)."""

        results = await self._results(request)
        filename = "".join(c if c.isalnum() else "-" for c in results.practice_set.name)
        return web.Response(text=results_csv(results), content_type="text/csv", headers={
            "Content-Disposition": f'attachment; filename="{filename or "results"}.csv"'})


def _quote(name: str) -> str:
    return quote(name, safe="")
