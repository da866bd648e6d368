"""A learner's other pages: settings, the session summary, progress, and the review queue.

Each reads and writes through what the terminal uses: settings through
:meth:`quiz.store.DrillStore.save_settings` (the journal's writer), the review
queue through :class:`quiz.srs.SrsService` and the writer's review entries
(:mod:`quiz.srs.pending`), history through :meth:`quiz.store.DrillStore.history`.
A review question travels with its form as a signed ticket, as a drill
question does (:mod:`quiz.web.drill`).
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from aiohttp import web

from data.errors import DataError
from data.generate.rounds import round_from_record
from data.srs.records import Cell
from scoring.rules import PROFILES

from ..drills import DRILLS, DrillKind
from ..grading import Hints, Part, grade, part_label
from ..screens.review import drill_question
from ..screens.settings import _topic_options
from ..settings import ASKABLE, SESSION_LENGTHS, Settings
from ..srs import SrsService, settings_from_stored
from ..srs.context import ReviewContext
from ..srs.pending import pending_review, propose, schedule_json
from ..srs.questions import QuestionKind, ReviewQuestion
from ..store.entries import PendingRating
from ..widgets.rating_bar import rating_label
from ..words.core import LANGUAGE_NAMES, LANGUAGES, _, ngettext, speaking
from ..words.terms import local_words
from ..words.tilefaces import TileStyle
from ..words.topics import topic_title
from .drill import STORE_WAIT, TICKET_LIFE, BadTicket
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
from .settlepages import read_seats, settle_view

if TYPE_CHECKING:
    from data.records import AttemptRecord, LearnerRecord

    from ..drills import Question
    from ..srs import SrsService
    from ..srs.questions import ReviewQuestion
    from .server import WebPages

__all__ = ["LearnerPages"]

_STYLE_LABELS = {"ascii": "Plain text (5m, E, Rd)", "kanji": "Kanji (伍萬, 東)",
                 "glyph": "Unicode tile glyphs (needs a font that has them)"}


class LearnerPages:
    """Settings, summary, progress and review for a signed-in learner."""

    def __init__(self, pages: WebPages) -> None:
        self.pages = pages

    def install(self, app: web.Application) -> None:
        """Add the pages' routes."""
        app.add_routes([
            web.get("/settings", self.settings_page),
            web.post("/settings", self.save_settings),
            web.get("/summary", self.summary),
            web.get("/progress", self.progress),
            web.get("/review", self.review_page),
            web.post("/review", self.review_answer),
            web.post("/review/rate", self.rate),
        ])

    # ----------------------------------------------------------------- settings

    def _choices(self) -> dict[str, list[tuple[str, str]]]:
        return {
            "language": [("", _("automatic (LANG)")),
                         *[(c, LANGUAGE_NAMES.get(c, c)) for c in LANGUAGES]],
            "tile_style": [(s.value, _(_STYLE_LABELS[s.value])) for s in TileStyle],
            "profile": [(p, p) for p in PROFILES],
            "drill": [(k.value, _(DRILLS[k].title)) for k in DrillKind],
            "session_length": [(str(n), str(n) if n else _("no limit"))
                               for n in SESSION_LENGTHS],
            "difficulty": [("", _("any")), *[(str(n), _("%(n)d of 5") % {"n": n})
                                             for n in range(1, 6)]],
            "topic": [("", _("any")), *[(t, title) for title, t in _topic_options()]],
        }

    def _settings_page(self, request: web.Request, settings: Settings,
                       status: int = 200) -> web.Response:
        with speaking(self.pages.language(request)):
            choices = self._choices()
            rows = [("language", _("Language"), settings.language or ""),
                    ("tile_style", _("Tile style"), settings.tile_style.value),
                    ("profile", _("Rule profile"), settings.profile),
                    ("drill", _("Drill"), settings.drill.value),
                    ("session_length", _("Session length"), str(settings.session_length)),
                    ("topic", _("Topic"), settings.topic or ""),
                    ("difficulty", _("Difficulty"),
                     "" if settings.difficulty is None else str(settings.difficulty))]
            ask = [(p.value, _(part_label(p)), p in settings.ask) for p in ASKABLE]
            skip = (_("Skip the fu on limit hands (5+ han, yakuman): %(answer)s")
                    % {"answer": ""}).rstrip(": ")
            asks_label = _("Whole hand asks")
        return self.pages.render(request, "settings.html", {
            "rows": [(key, label, value, choices[key]) for key, label, value in rows],
            "ask": ask, "asks_label": asks_label, "skip_label": skip,
            "skip": settings.skip_fu_on_limit}, status=status)

    async def settings_page(self, request: web.Request) -> web.StreamResponse:
        """The learner's settings as a form."""
        await self.pages.learner(request)
        return self._settings_page(request, request[VISIT].settings or Settings())

    async def save_settings(self, request: web.Request) -> web.StreamResponse:
        """Check each choice against its list, then store them as the terminal does."""
        learner = await self.pages.learner(request)
        visit: Visit = request[VISIT]
        settings = visit.settings or Settings()
        form = await request.post()
        w = self.pages.words(request)
        with speaking(self.pages.language(request)):
            choices = self._choices()
        values: dict[str, Any] = {}
        for key, options in choices.items():
            value = form.get(key, "")
            if not isinstance(value, str) or value not in {v for v, _label in options}:
                raise PageError(w["bad_request"] % {"what": key})
            values[key] = value
        ask = [str(v) for v in form.getall("ask", [])]
        if not ask or any(a not in {p.value for p in ASKABLE} for a in ask):
            with speaking(self.pages.language(request)):
                raise PageError(_("Mark at least one part for a whole hand to ask."))
        new = settings.replace(
            language=values["language"] or None, tile_style=values["tile_style"],
            profile=values["profile"], drill=values["drill"],
            session_length=int(values["session_length"]), topic=values["topic"] or None,
            difficulty=int(values["difficulty"]) if values["difficulty"] else None,
            ask=ask, skip_fu_on_limit=form.get("skip_fu_on_limit") == "on")
        # the next pages read the settings through the store, which adds the saves still
        # waiting for the database: no need to wait for this one to be stored
        await self.pages.run(self.pages.store.save_settings, learner.id, new)
        visit.settings = new
        visit.set(ses=None, num=None, kind=None)  # the next question starts a session anew
        visit.notes.append(self.pages.words(request)["saved"])
        return self._settings_page(request, new)

    # ----------------------------------------------------------------- summary and progress

    def _figures(self, attempts: list[AttemptRecord]) -> dict[str, Any]:
        right = sum(a.correct for a in attempts)
        seconds = sum(a.seconds for a in attempts)
        part_total: Counter[str] = Counter()
        part_right: Counter[str] = Counter()
        missed: Counter[str] = Counter()
        for a in attempts:
            for p in a.parts:
                part_total[p.part] += 1
                part_right[p.part] += p.correct
            missed.update(a.concepts_missed)
        parts = [(_(part_label(Part(p))), part_right[p], n, part_right[p] / n)
                 for p, n in part_total.items()]
        concepts = [(topic_title(t), n) for t, n in missed.most_common(5)]
        return {"answered": len(attempts), "right": right, "seconds": seconds,
                "parts": parts, "concepts": concepts,
                "share": f"{right / len(attempts):.0%}" if attempts else "-"}

    async def summary(self, request: web.Request) -> web.StreamResponse:
        """The session's summary: answered, right, time, accuracy per part, concepts missed."""
        learner = await self.pages.learner(request)
        visit: Visit = request[VISIT]
        ses = visit.get("ses")
        store = self.pages.store
        attempts = (await self.pages.run(lambda: store.history(learner.id, session=ses))
                    if isinstance(ses, str) else [])
        kind = visit.get("kind") or "whole"
        visit.set(ses=None, num=None, kind=None)
        with speaking(self.pages.language(request)):
            figures = self._figures(attempts)
            minutes = f"{int(figures['seconds'] // 60)}:{int(figures['seconds'] % 60):02d}"
            line = self.pages.words(request)["summary_line"] % {
                "n": figures["answered"], "right": figures["right"], "time": minutes}
        return self.pages.render(request, "summary.html", {
            **figures, "line": line, "kind": kind, "by_part": _("By part"),
            "missed_title": _("Concepts missed (weakest first)")})

    async def progress(self, request: web.Request) -> web.StreamResponse:
        """Every answer so far: accuracy per part and per drill, the last 14 days as bars."""
        learner = await self.pages.learner(request)
        attempts = await self.pages.run(self.pages.store.history, learner.id)
        now = self.pages.store.clock()
        with speaking(self.pages.language(request)):
            figures = self._figures(attempts)
            drills: dict[str, list[int]] = {}
            for a in attempts:
                d = drills.setdefault(a.drill, [0, 0])
                d[0] += a.correct
                d[1] += 1
            by_drill = [(_(DRILLS[DrillKind(k)].title) if k in DrillKind._value2member_map_
                         else k, r, n, r / n) for k, (r, n) in drills.items()]
            days: list[tuple[str, int]] = []
            for back in range(13, -1, -1):
                day = (now.date().toordinal() - back)
                count = sum(1 for a in attempts if a.answered_at.date().toordinal() == day)
                from datetime import date

                days.append((date.fromordinal(day).strftime("%m-%d"), count))
            total_line = ngettext("%(n)s answer in all, %(share)s right",
                                  "%(n)s answers in all, %(share)s right",
                                  int(figures["answered"])) % {
                "n": figures["answered"], "share": figures["share"]}
            by_part = _("By part")
        most = max((n for _d, n in days), default=0) or 1
        return self.pages.render(request, "progress.html", {
            **figures, "total_line": total_line, "by_drill": by_drill, "by_part": by_part,
            "days": [(d, n, n / most) for d, n in days]})

    # ----------------------------------------------------------------- review

    def _service(self, learner: LearnerRecord) -> SrsService:
        store = self.pages.store
        stored = store.stored_settings(learner.id)
        return SrsService(store.database, learner.id, clock=store.clock,
                          settings=settings_from_stored(stored))

    def _context(self, learner: LearnerRecord, settings: Settings) -> Any:
        return ReviewContext(self.pages.store.database, learner.id, learner.name,
                             clock=self.pages.store.clock, profile=settings.profile,
                             tile_style=settings.tile_style.value,
                             ask=tuple(p.value for p in settings.ask),
                             skip_fu_on_limit=settings.skip_fu_on_limit)

    def _next(self, learner: LearnerRecord, settings: Settings,
              ) -> tuple[ReviewQuestion, Question] | None:
        """In a worker thread: the queue's next question and the drill question it asks."""

        service = self._service(learner)
        context = self._context(learner, settings)
        for _attempt in range(5):
            q = service.next_question()
            if q is None:
                return None
            question = drill_question(q, context, 1)
            if question is not None:
                return q, question
        return None

    def _ticket(self, learner: LearnerRecord, q: ReviewQuestion) -> str:
        doc: dict[str, Any] = {"l": learner.id, "r": 1, "k": q.kind.value,
                               "c": q.card.id if q.card is not None else None,
                               "i": q.item.uid if q.item is not None else None,
                               "x": None if q.cell is None else [q.cell.fu, q.cell.han,
                                                                 q.cell.dealer, q.cell.tsumo],
                               "why": q.reason, "t": round(time.time(), 3), "e": new_id(),
                               "rd": None if q.round is None else q.round.to_record()}
        return self.pages.drill.signer.sign(doc, life=TICKET_LIFE)

    def _reopen(self, learner: LearnerRecord, settings: Settings, ticket: str,
                ) -> tuple[ReviewQuestion, Question, dict[str, Any]]:
        """In a worker thread: the review question of a ticket, as it was asked."""
        doc = self.pages.drill.signer.read(ticket)
        if doc is None or doc.get("l") != learner.id or doc.get("r") != 1:
            raise BadTicket("that question was not asked here")
        service = self._service(learner)
        try:
            card = service.card(int(doc["c"])) if doc.get("c") is not None else None
            item = self.pages.store.item(str(doc["i"])) if doc.get("i") else None
            cell = None
            if doc.get("x"):
                fu, han, dealer, tsumo = doc["x"]
                cell = Cell(int(han), int(fu), dealer=bool(dealer), tsumo=bool(tsumo))
            spec = round_from_record(doc["rd"]) if doc.get("rd") else None
            q = ReviewQuestion(QuestionKind(doc["k"]), card, item, cell, str(doc.get("why", "")),
                               round=spec)
        except (KeyError, ValueError, TypeError, DataError):
            raise BadTicket("that question was not asked here") from None
        question = drill_question(q, self._context(learner, settings), 1)
        if question is None:
            raise BadTicket("that question was not asked here")
        return q, question, doc

    def _answer(self, learner: LearnerRecord, q: ReviewQuestion, question: Question,
                typed: dict[str, str], doc: dict[str, Any]) -> tuple[Any, Any, Any] | Hints:
        """In a worker thread: grade, propose the rating, hand the review to the writer."""

        graded = grade(question.key, {Part(k): v for k, v in typed.items()}, local_words())
        if isinstance(graded, Hints):
            return graded
        service = self._service(learner)
        seconds = round(max(0.0, min(time.time() - float(doc["t"]), 3600.0)), 3)
        pace = service.pace(cells=q.cell is not None)
        proposal = propose(service, q, graded, seconds, pace=pace)
        entry = replace(pending_review(learner.id, proposal, graded, seconds,
                                       session="web-review"), entry=str(doc["e"]))
        self.pages.store.keep(entry, wait=STORE_WAIT)
        return graded, proposal, entry

    def _rating_forms(self, learner: LearnerRecord, proposal: Any,
                      entry: Any) -> list[tuple[str, str, bool]]:
        """Each rating as a signed form value: its label, the value, whether proposed."""

        out = []
        for option in proposal.options:
            token = self.pages.drill.signer.sign({
                "l": learner.id, "rr": 1, "rv": entry.entry, "s": entry.session,
                "a": entry.answered_at, "r": int(option.rating),
                "sch": schedule_json(option.schedule), "e": new_id()}, life=TICKET_LIFE)
            out.append((rating_label(option), token, option.rating == proposal.rating))
        return out

    async def rate(self, request: web.Request) -> web.StreamResponse:
        """Another rating than the one proposed (the terminal's keys 1-4), stored in order."""

        learner = await self.pages.learner(request)
        form = await request.post()
        doc = self.pages.drill.signer.read(str(form.get("rating", "")))
        if doc is None or doc.get("l") != learner.id or doc.get("rr") != 1:
            raise BadTicket("that rating was not offered here")
        entry = PendingRating(review=str(doc["rv"]), learner_id=learner.id,
                              session=str(doc["s"]), answered_at=str(doc["a"]),
                              rating=int(doc["r"]), schedule=doc["sch"], entry=str(doc["e"]))
        await self.pages.run(lambda: self.pages.store.keep(entry, wait=STORE_WAIT))
        raise web.HTTPSeeOther("/review?saved=1")

    async def review_page(self, request: web.Request) -> web.StreamResponse:
        """The next card due (or a new hand), or that nothing is due."""
        learner = await self.pages.learner(request)
        settings = request[VISIT].settings or Settings()
        if request.query.get("saved") == "1":
            request[VISIT].notes.append(self.pages.words(request)["saved"])
        with speaking(self.pages.language(request)):
            found = await self.pages.run(self._next, learner, settings)
        if found is None:
            return self.pages.render(request, "review_none.html", {})
        q, question = found
        if question.round is not None:  # a settlement concept: the round's end to settle
            with speaking(self.pages.language(request)):
                round_view = settle_view(question, settings, typed={})
            return self.pages.render(request, "settle.html", {
                "q": round_view, "ticket": self._ticket(learner, q), "reason": q.reason,
                "number": 1, "total": None, "action": "/review"})
        with speaking(self.pages.language(request)):
            view = question_view(question, settings, typed={}, hints=None)
        return self.pages.render(request, "review.html", {
            "q": view, "ticket": self._ticket(learner, q), "reason": q.reason,
            "number": 1, "total": None, "action": "/review"})

    async def review_answer(self, request: web.Request) -> web.StreamResponse:
        """Grade the review answer on the server; the card is rated as the terminal rates."""
        learner = await self.pages.learner(request)
        settings = request[VISIT].settings or Settings()
        form = await request.post()
        ticket = form.get("ticket")
        if not isinstance(ticket, str):
            raise PageError(self.pages.words(request)["unknown_question"])
        q, question, doc = await self.pages.run(self._reopen, learner, settings, ticket)
        if question.round is not None:
            return await self._settle_answer(request, learner, settings, form, ticket,
                                             (q, question, doc))
        typed = read_fields(form, question.fields, self.pages.words(request))
        with speaking(self.pages.language(request)):
            result = await self.pages.run(self._answer, learner, q, question, typed, doc)
        if isinstance(result, Hints):
            with speaking(self.pages.language(request)):
                view = question_view(question, settings, typed=typed, hints=result)
            return self.pages.render(request, "review.html", {
                "q": view, "ticket": ticket, "reason": q.reason, "number": 1, "total": None,
                "action": "/review"})
        graded, proposal, entry = result
        with speaking(self.pages.language(request)):
            view = question_view(question, settings, typed=typed, hints=None)
            marks = marks_view(graded, settings)
            lines = explanation_view(question, settings)
            ratings = self._rating_forms(learner, proposal, entry)
        return self.pages.render(request, "marked.html", {
            "q": view, "marks": marks, "right": graded.correct, "lines": lines, "number": 1,
            "total": None, "over": False, "kind": "", "ratings": ratings,
            "next_url": "/review"})

    async def _settle_answer(self, request: web.Request, learner: LearnerRecord,
                             settings: Settings, form: Any, ticket: str,
                             asked: tuple[ReviewQuestion, Question, dict[str, Any]],
                             ) -> web.StreamResponse:
        """A review of a settlement concept: each seat's change read, graded, rated."""
        q, question, doc = asked
        with speaking(self.pages.language(request)):
            typed, hints, line = read_seats(form, self.pages.words(request))
            result = (None if line is None else await self.pages.run(
                self._answer, learner, q, question, {Part.SETTLEMENT.value: line}, doc))
        if result is None or isinstance(result, Hints):
            with speaking(self.pages.language(request)):
                round_view = settle_view(question, settings, typed=typed, hints=hints,
                                         graded=result)
            return self.pages.render(request, "settle.html", {
                "q": round_view, "ticket": ticket, "reason": q.reason, "number": 1,
                "total": None, "action": "/review"})
        graded, proposal, entry = result
        with speaking(self.pages.language(request)):
            round_view = settle_view(question, settings, typed=typed, marked=graded)
            marks = marks_view(graded, settings)
            lines = explanation_view(question, settings)
            ratings = self._rating_forms(learner, proposal, entry)
        return self.pages.render(request, "marked.html", {
            "q": round_view, "marks": marks, "right": graded.correct, "lines": lines,
            "number": 1, "total": None, "over": False, "kind": "", "ratings": ratings,
            "next_url": "/review"})
