"""The drill on the web: a question asked, an answer graded and stored, as in the terminal.

The page shows, :class:`WebDrill` decides, :class:`quiz.store.DrillStore`
writes. Questions are drawn by the controller's own sources
(:class:`quiz.controller.BankQuestions`, :class:`quiz.controller.TableQuestions`)
and built by :func:`quiz.drills.build_question`; answers are graded by
:func:`quiz.grading.grade` and stored by the store's writer as the terminal's
answers are (:func:`quiz.store.pending_answer`), with their spaced-repetition
cards.

The server keeps nothing per visitor: the question on a page travels with its
form as a signed *ticket* (the learner, the bank item, table cell or round
end to settle, the drill, the rules it was asked under, when it was shown and a nonce). The
server checks the signature and rebuilds the question from the bank (a round
end from the ticket's own record, :func:`data.generate.rounds.round_from_record`),
so a forged question is refused, and any ``web`` process behind a proxy can take
the answer. The nonce is the stored answer's journal entry id: a form sent
twice stores one answer.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from data.errors import DataError
from data.generate.rounds import round_from_record

from ..controller import BankQuestions, RoundQuestions, TableQuestions
from ..drills import (
    DrillKind,
    Question,
    TableCell,
    build_question,
    question_for_cell,
    question_for_round,
)
from ..grading import Hints, Marked, Part, grade
from ..settings import Settings
from ..store.drill import pending_answer
from ..words.terms import local_words
from .security import Signer, new_id

if TYPE_CHECKING:
    from data.records import LearnerRecord

    from ..store.drill import DrillStore

__all__ = ["Asked", "BadTicket", "WebDrill"]

#: Seconds a question's ticket stays good (a question left open overnight is asked again).
TICKET_LIFE = 6 * 3600
#: Longest text taken for one answer field (the terminal's fields are shorter).
LONGEST_FIELD = 200
#: Seconds an answer may take to be stored before the page is shown anyway (kept, then stored).
STORE_WAIT = 1.5


class BadTicket(Exception):
    """The question of a form was not asked here (forged, another learner's, or too old)."""


@dataclass(frozen=True)
class Asked:
    """A question on a page, with its signed ticket and the facts of the ticket."""

    question: Question
    ticket: str
    session: str
    nonce: str
    shown_at: float


class WebDrill:
    """Asks questions and takes answers for the web pages (no state per visitor).

    Args:
        store: the app's store on the database.
        signer: signs the question tickets.
        rng: the random source of draws (a test passes a seeded one).
    """

    def __init__(self, store: DrillStore, signer: Signer,
                 rng: random.Random | None = None) -> None:
        self.store = store
        self.signer = signer
        self.rng = rng or random.Random()

    def ask(self, learner: LearnerRecord, settings: Settings, drill: DrillKind,
            session: str, number: int) -> Asked | None:
        """A new question of a drill for the learner (None: the bank has none for it)."""
        rng = random.Random(self.rng.randrange(2**63))
        if drill is DrillKind.TABLE:
            question = TableQuestions(settings, rng).next_question(number)
        elif drill is DrillKind.SETTLE:
            question = RoundQuestions(settings, rng).next_question(number)
        else:
            question = BankQuestions(self.store, drill, settings, rng).next_question(number)
        if question is None:
            return None
        return self.issue(learner, question, settings, session)

    def issue(self, learner: LearnerRecord, question: Question, settings: Settings,
              session: str, *, ask: tuple[Part, ...] | None = None,
              extra: Mapping[str, Any] | None = None) -> Asked:
        """A question on a page: its signed ticket (``ask``: the parts asked of a whole
        hand when not the learner's own, as a course lesson asks; ``extra``: more facts
        signed with it, as the placement test's answers so far)."""
        nonce = new_id()
        shown = time.time()
        asks = settings.ask if ask is None else ask
        doc: dict[str, Any] = {
            "l": learner.id, "d": question.drill.value, "n": question.number, "s": session,
            "e": nonce, "t": round(shown, 3), "p": settings.profile,
            "a": [p.value for p in asks], "k": settings.skip_fu_on_limit, **(extra or {}),
        }
        if question.cell is not None:
            c = question.cell
            doc["c"] = [c.fu, c.han, c.dealer, c.tsumo, c.honba]
        elif question.round is not None:
            doc["r"] = question.round.to_record()
        else:
            assert question.item is not None
            doc["i"] = question.item.uid
        ticket = self.signer.sign(doc, life=TICKET_LIFE)
        return Asked(question, ticket, session, nonce, shown)

    def reopen(self, learner: LearnerRecord, ticket: str) -> Asked:
        """The question of a ticket, built again as it was asked.

        Raises:
            BadTicket: forged, expired, another learner's, or its hand is gone.
        """

        doc = self.signer.read(ticket)
        if doc is None or doc.get("l") != learner.id:
            raise BadTicket("that question was not asked here")
        try:
            drill = DrillKind(doc["d"])
            number = int(doc["n"])
            if "c" in doc:
                fu, han, dealer, tsumo, honba = doc["c"]
                question: Question | None = question_for_cell(
                    TableCell(int(fu), int(han), bool(dealer), bool(tsumo), int(honba)),
                    number=number, profile=str(doc["p"]))
            elif "r" in doc:
                question = question_for_round(round_from_record(doc["r"]), number=number)
            else:
                item = self.store.item(str(doc["i"]))
                question = build_question(drill, item, number=number, profile=str(doc["p"]),
                                          ask=tuple(Part(p) for p in doc["a"]),
                                          skip_fu_on_limit=bool(doc["k"]))
        except (KeyError, ValueError, TypeError, DataError):
            raise BadTicket("that question was not asked here") from None
        if question is None:
            raise BadTicket("that question was not asked here")
        return Asked(question, ticket, str(doc["s"]), str(doc["e"]), float(doc["t"]))

    def answer(self, learner: LearnerRecord, asked: Asked,
               typed: Mapping[Part, str]) -> Marked | Hints:
        """Grade the answer to a question; a marked answer is stored (exactly once).

        Returns:
            :class:`Hints` when a part cannot be read (nothing stored), else the marks.
        """
        q = asked.question
        answers = {p: typed.get(p, "")[:LONGEST_FIELD] for p in q.parts}
        graded = grade(q.key, answers, local_words())
        if isinstance(graded, Hints):
            return graded
        seconds = round(max(0.0, min(time.time() - asked.shown_at, 3600.0)), 3)
        entry = pending_answer(learner.id, q, graded, seconds=seconds, session=asked.session,
                               answered_at=self.store.clock())
        self.store.keep(replace(entry, entry=asked.nonce), wait=STORE_WAIT)
        return graded
