"""The course on the web: the map of lessons, a lesson's reading, its practice and gate.

The pages read and write what the terminal's course does (``riichi-drill learn``):
the progress is :func:`quiz.course.service.read_progress` over the learner's stored
answers, a practice question is drawn by :func:`quiz.course.practice.lesson_question`
(the lesson's concept, the focus missed lately first, only what is taught so far)
and its answer is stored by the web drill (:class:`quiz.web.drill.WebDrill`) in a
session named for the lesson (:func:`data.course.progress.course_session`), so a
lesson practised on a phone counts in the terminal's map and the other way round.
A lesson whose gate passes has its concepts made review cards, as in the terminal.

As on the drill pages, the question travels with its form as a signed ticket
(the nonce is the stored answer's id: a form sent twice stores one answer), and
the server keeps nothing per visitor but the cookie's session id.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web
from markupsafe import Markup, escape

from data.course.progress import PLACEMENT_PREFIX, CourseRecords, course_session, lesson_of
from data.errors import DataError

from ..course.lessons import Lesson, lesson, lessons, tiles_marked
from ..course.mastery import CourseProgress, LessonProgress, State
from ..course.placement import PlacementTest
from ..course.practice import LessonQuestions
from ..course.service import read_progress
from ..drills import DrillKind, Question, build_question
from ..errors import DrillError
from ..grading import Hints, Part
from ..screens.course.map import practised_words, state_words
from ..settings import Settings
from ..srs import SrsService, settings_from_stored
from ..words.core import _, ngettext, speaking
from ..words.width import NO_BREAK
from .drill import TICKET_LIFE, Asked, BadTicket
from .security import new_id
from .server import (
    VISIT,
    PageError,
    Visit,
    explanation_view,
    marks_view,
    question_view,
    read_fields,
)
from .tiles import tiles_html

if TYPE_CHECKING:
    from data.records import LearnerRecord

    from .server import ExplainedLine, QuestionView, WebPages

__all__ = ["CoursePages"]


@dataclass(frozen=True)
class LessonRow:
    """One lesson on the map: its number, title, state and state's words."""

    id: str
    number: int
    title: str
    state: str
    words: str
    next: bool


@dataclass(frozen=True)
class _Grade:
    correct: bool
    concepts: tuple[str, ...]


@dataclass(frozen=True)
class _Placed:
    """A placement answer as the test reads it (carried, signed, from page to page)."""

    marked: _Grade
    seconds: float


@dataclass(frozen=True)
class ExampleView:
    """A worked example: the hand as the drill draws it, and its explanation."""

    title: str
    q: QuestionView
    lines: list[ExplainedLine]


#: Tiles marked in a reading with the punctuation that touches them (kept on their line).
_TOUCHING = re.compile(r"([(\[（「“«]?)(\{[0-9mpsz]+\})([)\],.;:!?）」、。，”»]?)")


def reading_html(lesson: Lesson, style: str) -> list[Markup]:
    """The reading's paragraphs as HTML, tiles drawn as the drill draws them (a bracket or
    a comma beside them never left alone at a line's end or start).

    >>> from quiz.course.lessons import lesson
    >>> html = reading_html(lesson("hand"), "ascii")[0]
    >>> '<span class="nw">(<span class="tiles"' in html and "{" not in html
    True
    """

    def draw(tiles: Sequence[object]) -> str:
        return f'<span class="tiles">{tiles_html(tiles, style)}</span>'  # type: ignore[arg-type]

    def keep(m: re.Match[str]) -> str:
        return f'<span class="nw">{m.group(1)}{tiles_marked(m.group(2), draw)}{m.group(3)}</span>'

    return [Markup(_TOUCHING.sub(keep, str(escape(p)))) for p in lesson.reading()]


def unit_kept(line: str) -> str:
    """A figure and its short unit at a line's end kept together (``30 s``).

    >>> unit_kept("median within 30 s")
    'median within 30\\xa0s'
    """
    return re.sub(r"(\d) (\S{1,4})$", "\\1" + NO_BREAK + "\\2", line)


class CoursePages:
    """The course's pages for a signed-in learner."""

    def __init__(self, pages: WebPages) -> None:
        self.pages = pages

    def install(self, app: web.Application) -> None:
        """Add the pages' routes."""
        app.add_routes([
            web.get("/course", self.map_page),
            web.get("/course/continue", self.go_on),
            web.get("/course/placement", self.placement_page),
            web.post("/course/placement", self.placement_answer),
            web.post("/course/placement/end", self.placement_end),
            web.get("/course/{lesson}", self.lesson_page),
            web.get("/course/{lesson}/practice", self.practice_page),
            web.post("/course/{lesson}/practice", self.practice_answer),
        ])

    # ----------------------------------------------------------------- reading progress

    def _progress(self, learner: LearnerRecord) -> CourseProgress:
        """In a worker thread: the learner's course, read as the terminal reads it."""
        store = self.pages.store
        return read_progress(store, CourseRecords(store.database, clock=store.clock),
                             learner.id)

    def _lesson(self, request: web.Request) -> Lesson:
        """The lesson the address names; else one line saying there is none."""
        wanted = request.match_info["lesson"]
        for each in lessons():
            if each.id == wanted:
                return each
        w = self.pages.words(request)
        raise PageError(w["no_lesson"] % {"id": wanted[:40]}, 404)

    # ----------------------------------------------------------------- the map

    async def map_page(self, request: web.Request) -> web.StreamResponse:
        """Every lesson with its state, what to do next, and the time practised."""
        learner = await self.pages.learner(request)
        known = await self.pages.run(self._progress, learner)
        nxt = known.next
        with speaking(self.pages.language(request)):
            rows = [LessonRow(p.lesson.id, p.lesson.number, p.lesson.title(), p.state.value,
                              state_words(p), nxt is not None and p is nxt)
                    for p in known.lessons]
            head = _("Course · %(learner)s · %(done)d of %(all)d mastered · practised "
                     "%(time)s") % {"learner": learner.name, "done": known.mastered,
                                    "all": len(known.lessons),
                                    "time": practised_words(known.practised_seconds)}
            head = unit_kept(head)
            w = self.pages.words(request)
            if nxt is None:
                next_line = w["course_done"]
            else:
                next_line = w["course_next"] % {"n": nxt.lesson.number,
                                                "title": nxt.lesson.title()}
            labels = {"lesson": _("Lesson"), "state": _("State"), "continue": _("Continue"),
                      "placement": _("Placement")}
        return self.pages.render(request, "course_map.html", {
            "rows": rows, "head": head, "next_line": next_line, "labels": labels})

    async def go_on(self, request: web.Request) -> web.StreamResponse:
        """Continue where the learner left off: the next lesson's reading the first time,
        else its practice (as the terminal's ``c``)."""
        learner = await self.pages.learner(request)
        known = await self.pages.run(self._progress, learner)
        nxt = known.next or known.lessons[-1]
        where = f"/course/{nxt.lesson.id}"
        raise web.HTTPSeeOther(where + "/practice" if nxt.answered else where)

    # ----------------------------------------------------------------- a lesson's reading

    def _examples(self, lesson: Lesson, settings: Settings) -> list[Question]:
        """In a worker thread: the lesson's worked examples (curated hands)."""
        out = []
        for uid in lesson.examples:
            try:
                item = self.pages.store.item(uid)
            except DataError:  # an example missing from this bank: the reading goes on
                continue
            q = build_question(DrillKind.WHOLE, item, number=1, profile=item.rules,
                               skip_fu_on_limit=settings.skip_fu_on_limit)
            if q is not None:
                out.append(q)
        return out

    def _gate_lines(self, p: LessonProgress) -> list[str]:
        """The lesson's state and figures, as the terminal's map says them."""
        lines = [state_words(p)]
        if p.gate.of:
            lines.append(p.gate.figures())
        if p.state is not State.MASTERED:
            lines.append(p.gate.needs())
        return [unit_kept(line) for line in lines]

    async def lesson_page(self, request: web.Request) -> web.StreamResponse:
        """A lesson's reading, its worked examples, its state, and the way to practise it."""
        learner = await self.pages.learner(request)
        lesson = self._lesson(request)
        settings = request[VISIT].settings or Settings()
        known = await self.pages.run(self._progress, learner)
        examples = await self.pages.run(self._examples, lesson, settings)
        style = settings.tile_style.value
        with speaking(self.pages.language(request)):
            views = [ExampleView(_("Worked example %(n)d") % {"n": n},
                                 question_view(q, settings, typed={}, hints=None),
                                 explanation_view(q, settings))
                     for n, q in enumerate(examples, 1)]
            title = _("Lesson %(n)d · %(title)s") % {"n": lesson.number,
                                                     "title": lesson.title()}
            labels = {"practise": _("Practise"), "map": self.pages.words(request)["course_map"]}
            ctx = {"lesson": lesson, "title": title, "paragraphs": reading_html(lesson, style),
                   "examples": views, "gate": self._gate_lines(known.of(lesson.id)),
                   "labels": labels}
        return self.pages.render(request, "course_lesson.html", ctx)

    # ----------------------------------------------------------------- practice

    def _session(self, visit: Visit, lesson: Lesson) -> tuple[str, int]:
        """The visitor's practice session of a lesson and the next question's number."""
        ses, num, les = visit.get("cses"), visit.get("cnum"), visit.get("cles")
        if not isinstance(ses, str) or not isinstance(num, int) or les != lesson.id:
            ses, num = new_id()[:16], 0
            visit.set(cses=ses, cnum=0, cles=lesson.id)
        return course_session(lesson.id, ses), num + 1

    def _ask(self, learner: LearnerRecord, settings: Settings, lesson: Lesson, session: str,
             number: int) -> tuple[Asked, LessonProgress] | None:
        """In a worker thread: the lesson's next question (its concept missed lately
        first), with the lesson's progress; None when the bank has no hand for it."""
        known = self._progress(learner)
        rng = random.Random(self.pages.drill.rng.randrange(2**63))
        source = LessonQuestions(self.pages.store, lesson, settings, rng,
                                 known.history.get(lesson.id, ()), list)
        question = source.next_question(number)
        if question is None:
            return None
        return (self.pages.drill.issue(learner, question, settings, session, ask=lesson.asks),
                known.of(lesson.id))

    def _question_page(self, request: web.Request, lesson: Lesson, asked: Asked,
                       p: LessonProgress, settings: Settings, *, typed: dict[str, str],
                       hints: Hints | None) -> web.Response:
        with speaking(self.pages.language(request)):
            view = question_view(asked.question, settings, typed=typed, hints=hints)
            title = _("Lesson %(n)d · %(title)s") % {"n": lesson.number,
                                                     "title": lesson.title()}
            gate = [p.gate.figures()]
            if p.state is not State.MASTERED:
                gate.append(unit_kept(p.gate.needs()))
        return self.pages.render(request, "course_drill.html", {
            "q": view, "ticket": asked.ticket, "number": asked.question.number, "total": None,
            "action": f"/course/{lesson.id}/practice", "lesson_title": title,
            "lesson_id": lesson.id, "gate": gate})

    async def practice_page(self, request: web.Request) -> web.StreamResponse:
        """A practice question of the lesson, with the gate's figures so far."""
        learner = await self.pages.learner(request)
        lesson = self._lesson(request)
        visit: Visit = request[VISIT]
        settings = visit.settings or Settings()
        session, number = self._session(visit, lesson)
        with speaking(self.pages.language(request)):
            found = await self.pages.run(self._ask, learner, settings, lesson, session, number)
        if found is None:
            raise PageError(self.pages.words(request)["no_hands"], 503)
        asked, p = found
        return self._question_page(request, lesson, asked, p, settings, typed={}, hints=None)

    def _mastered(self, learner: LearnerRecord, lesson: Lesson) -> None:
        """In a worker thread: a lesson's gate passed, its concepts become review cards
        (cards already there keep their schedule), as the terminal does."""
        if not lesson.topics:
            return
        store = self.pages.store
        service = SrsService(store.database, learner.id, clock=store.clock,
                             settings=settings_from_stored(store.stored_settings(learner.id)))
        service.enrol_concepts(lesson.topics)

    async def practice_answer(self, request: web.Request) -> web.StreamResponse:
        """Grade and store the answer; show the marks, the explanation and the gate."""
        learner = await self.pages.learner(request)
        lesson = self._lesson(request)
        visit: Visit = request[VISIT]
        settings = visit.settings or Settings()
        form = await request.post()
        ticket = form.get("ticket")
        if not isinstance(ticket, str):
            raise PageError(self.pages.words(request)["unknown_question"])
        asked = await self.pages.run(self.pages.drill.reopen, learner, ticket)
        if lesson_of(asked.session) != lesson.id:
            raise BadTicket("that question was not asked in this lesson")
        typed = read_fields(form, asked.question.fields, self.pages.words(request))
        with speaking(self.pages.language(request)):
            graded = await self.pages.run(self.pages.drill.answer, learner, asked,
                                          {Part(k): v for k, v in typed.items()})
        if isinstance(graded, Hints):
            known = await self.pages.run(self._progress, learner)
            return self._question_page(request, lesson, asked, known.of(lesson.id), settings,
                                       typed=typed, hints=graded)
        if visit.get("cses") is not None and asked.session.endswith(":" + str(visit.get("cses"))):
            visit.set(cnum=max(int(visit.get("cnum") or 0), asked.question.number))
        known = await self.pages.run(self._progress, learner)
        p = known.of(lesson.id)
        mastered = p.state is State.MASTERED and p.gate.passed
        window = known.history.get(lesson.id, ())
        # passed just now (not practised again after): its concepts become review cards,
        # and the page offers the next lesson
        just = mastered and bool(window) and window[-1].at == p.mastered_at
        if just:
            await self.pages.run(self._mastered, learner, lesson)
        with speaking(self.pages.language(request)):
            view = question_view(asked.question, settings, typed=typed, hints=None)
            marks = marks_view(graded, settings)
            lines = explanation_view(asked.question, settings)
            gate = (_("Lesson mastered: %(figures)s.") % {"figures": p.gate.figures()}
                    if mastered else p.gate.figures())
            needs = "" if mastered else unit_kept(p.gate.needs())
            title = _("Lesson %(n)d · %(title)s") % {"n": lesson.number,
                                                     "title": lesson.title()}
            ctx: dict[str, Any] = {
                "q": view, "marks": marks, "right": graded.correct, "lines": lines,
                "number": asked.question.number, "total": None, "over": False, "kind": "",
                "next_url": f"/course/{lesson.id}/practice",
                "continue_label": _("Continue"),
                "gate": gate, "needs": needs,
                "mastered": mastered, "lesson_title": title,
                "map_label": self.pages.words(request)["course_map"]}
        return self.pages.render(request, "course_marked.html", ctx)

    # ----------------------------------------------------------------- placement

    def _state(self, learner: LearnerRecord, token: str | None) -> tuple[str, list[Any]]:
        """The placement test's session and answers so far, from their signed token
        (none: a new test)."""
        if not token:
            return new_id()[:16], []
        doc = self.pages.drill.signer.read(token)
        if doc is None or doc.get("l") != learner.id or not isinstance(doc.get("ph"), list):
            raise BadTicket("that placement test was not taken here")
        return str(doc["pl"]), list(doc["ph"])

    def _state_token(self, learner: LearnerRecord, ses: str, answers: list[Any]) -> str:
        return self.pages.drill.signer.sign({"l": learner.id, "pl": ses, "ph": answers},
                                            life=TICKET_LIFE)

    def _test(self, settings: Settings, answers: list[Any]) -> PlacementTest:
        """The placement test after the answers given so far (lesson, right, seconds, the
        concepts missed on a whole hand, the bank item asked)."""
        try:
            facts = [_Placed(_Grade(bool(ok), tuple(str(c) for c in missed)), float(sec))
                     for _id, ok, sec, missed, _item in answers]
            plan = [lesson(str(each[0])) for each in answers]
            asked = {int(each[4]) for each in answers if each[4] is not None}
        except (ValueError, TypeError, DrillError) as e:  # DrillError: no such lesson
            raise BadTicket("that placement test was not taken here") from e
        rng = random.Random(self.pages.drill.rng.randrange(2**63))
        test = PlacementTest(self.pages.store, lessons(), settings, rng, lambda: facts)
        test.plan = plan
        test.asked = asked  # the hands asked already: none is asked twice
        return test

    def _place(self, learner: LearnerRecord, proved: Sequence[str]) -> None:
        """In a worker thread: mark the lessons a test proved, as the terminal marks them
        (a lesson placed already keeps its time: the page of a finished test reloaded
        changes nothing)."""
        store = self.pages.store
        records = CourseRecords(store.database, clock=store.clock)
        new = [x for x in proved if x not in records.placed(learner.id)]
        if new:
            records.place(learner.id, new)

    def _place_next(self, learner: LearnerRecord, settings: Settings, ses: str,
                    answers: list[Any]) -> tuple[Asked, Lesson] | list[str]:
        """In a worker thread: the test's next question, or (the test done) the lessons it
        proved, marked as the terminal marks them."""
        test = self._test(settings, answers)
        q = test.next_question(len(answers) + 1)
        if q is None:
            self._place(learner, test.proved)
            return list(test.proved)
        asked_lesson = test.plan[-1]
        asked = self.pages.drill.issue(learner, q, settings, PLACEMENT_PREFIX + ses,
                                       ask=asked_lesson.asks,
                                       extra={"ph": answers, "pq": asked_lesson.id})
        return asked, asked_lesson

    def _placed_page(self, request: web.Request, proved: list[str]) -> web.Response:
        with speaking(self.pages.language(request)):
            line = ngettext("Placement done: %(n)d lesson proved mastered.",
                            "Placement done: %(n)d lessons proved mastered.",
                            len(proved)) % {"n": len(proved)}
            titles = [f"{lesson(x).number}. {lesson(x).title()}" for x in proved]
            labels = {"placement": _("Placement"), "continue": _("Continue")}
        return self.pages.render(request, "course_placed.html", {
            "line": line, "titles": titles, "labels": labels})

    def _placement_question(self, request: web.Request, asked: Asked, asked_lesson: Lesson,
                            settings: Settings, token: str, *, typed: dict[str, str],
                            hints: Hints | None) -> web.Response:
        with speaking(self.pages.language(request)):
            view = question_view(asked.question, settings, typed=typed, hints=hints)
            title = f"{_('Placement')} · {asked_lesson.number}. {asked_lesson.title()}"
        return self.pages.render(request, "course_drill.html", {
            "q": view, "ticket": asked.ticket, "number": asked.question.number, "total": None,
            "action": "/course/placement", "lesson_title": title, "lesson_id": "",
            "gate": [], "end_token": token})

    async def placement_page(self, request: web.Request) -> web.StreamResponse:
        """The placement test's next question (``?s=``: the answers so far), or its end."""
        learner = await self.pages.learner(request)
        settings = request[VISIT].settings or Settings()
        token = request.query.get("s")
        ses, answers = self._state(learner, token)
        with speaking(self.pages.language(request)):
            found = await self.pages.run(self._place_next, learner, settings, ses, answers)
        if isinstance(found, list):
            return self._placed_page(request, found)
        asked, asked_lesson = found
        return self._placement_question(request, asked, asked_lesson, settings,
                                        self._state_token(learner, ses, answers),
                                        typed={}, hints=None)

    async def placement_answer(self, request: web.Request) -> web.StreamResponse:
        """Grade and store a placement answer (once); the marks, then the next question."""
        learner = await self.pages.learner(request)
        settings = request[VISIT].settings or Settings()
        form = await request.post()
        ticket = form.get("ticket")
        if not isinstance(ticket, str):
            raise PageError(self.pages.words(request)["unknown_question"])
        asked = await self.pages.run(self.pages.drill.reopen, learner, ticket)
        doc = self.pages.drill.signer.read(ticket) or {}
        if not asked.session.startswith(PLACEMENT_PREFIX) or not isinstance(doc.get("ph"), list):
            raise BadTicket("that question was not asked in the placement test")
        ses = asked.session.removeprefix(PLACEMENT_PREFIX)
        answers = list(doc["ph"])
        try:
            asked_lesson = lesson(str(doc.get("pq")))
        except DrillError:
            raise BadTicket("that question was not asked in the placement test") from None
        typed = read_fields(form, asked.question.fields, self.pages.words(request))
        with speaking(self.pages.language(request)):
            graded = await self.pages.run(self.pages.drill.answer, learner, asked,
                                          {Part(k): v for k, v in typed.items()})
        if isinstance(graded, Hints):
            return self._placement_question(request, asked, asked_lesson, settings,
                                            self._state_token(learner, ses, answers),
                                            typed=typed, hints=graded)
        seconds = round(max(0.0, min(time.time() - asked.shown_at, 3600.0)), 1)
        whole = asked_lesson is lessons()[-1]
        item = asked.question.item
        answers.append([asked_lesson.id, int(graded.correct), seconds,
                        list(graded.concepts) if whole else [],
                        None if item is None else item.id])
        token = self._state_token(learner, ses, answers)
        with speaking(self.pages.language(request)):
            view = question_view(asked.question, settings, typed=typed, hints=None)
            marks = marks_view(graded, settings)
            lines = explanation_view(asked.question, settings)
            title = f"{_('Placement')} · {asked_lesson.number}. {asked_lesson.title()}"
        return self.pages.render(request, "course_marked.html", {
            "q": view, "marks": marks, "right": graded.correct, "lines": lines,
            "number": asked.question.number, "total": None, "over": False, "kind": "",
            "next_url": "/course/placement?s=" + token, "gate": "", "needs": "",
            "mastered": False, "lesson_title": title, "end_token": token,
            "map_label": self.pages.words(request)["course_map"]})

    async def placement_end(self, request: web.Request) -> web.StreamResponse:
        """End the test early: what is answered counts (as the terminal's Esc)."""
        learner = await self.pages.learner(request)
        settings = request[VISIT].settings or Settings()
        form = await request.post()
        token = form.get("s")
        if not isinstance(token, str) or not token:
            raise PageError(self.pages.words(request)["unknown_question"])
        _ses, answers = self._state(learner, token)

        def finish() -> list[str]:
            test = self._test(settings, answers)
            test.score()
            self._place(learner, test.proved)
            return list(test.proved)

        proved = await self.pages.run(finish)
        return self._placed_page(request, proved)
