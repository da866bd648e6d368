"""What the classroom server and its clients say to each other, as JSON.

One function each way per value: a student's session, a question (the hand
only: never its answer), the receipt of an answer (with the marks only when
the set shows them during the set), a student's own results. The server
(:mod:`quiz.classroom.server`) writes them, the client (:mod:`quiz.classroom.client`)
reads them back into the same records the screens use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from data.bank.items import read_problem
from data.classroom import (
    Explain,
    PartResult,
    PracticeSetRecord,
    SetOptions,
    StoredAnswer,
    StudentResult,
    StudentSession,
)
from data.errors import DataError

from ..errors import DrillError
from ..grading import Diagnosis, Hint, Hints, Marked, Part, PartMark
from ..grading.wording import Term, Wording, wording_from_doc, wording_to_doc

if TYPE_CHECKING:
    from data.classroom import StudentResult, StudentSession
    from data.records import Problem

__all__ = [
    "AskedQuestion",
    "Receipt",
    "WireError",
    "hints_from_json",
    "hints_to_json",
    "marked_from_json",
    "marked_to_json",
    "question_from_json",
    "question_to_json",
    "receipt_from_json",
    "receipt_to_json",
    "result_from_json",
    "result_to_json",
    "session_from_json",
    "session_to_json",
]


class WireError(DrillError, ValueError):
    """A message from the other side that cannot be read."""


@dataclass(frozen=True, slots=True)
class AskedQuestion:
    """A question as a student's client receives it: where it is, and the hand (no answer)."""

    position: int
    uid: str
    problem: Problem


@dataclass(frozen=True, slots=True)
class Receipt:
    """The server's word on one answer.

    Attributes:
        position: the question (from 0).
        created: False when the answer had already been stored (a repeat).
        seconds: the time it counts for (as the server measured and clipped it).
        timed_out: taken when the time ran out.
        marked: the marks, when the set shows them during the set; else None.
        session: the student's place after this answer.
    """

    position: int
    created: bool
    seconds: float
    timed_out: bool
    marked: Marked | None
    session: StudentSession


def _time(value: Any) -> datetime | None:
    return None if value is None else datetime.fromisoformat(str(value))


def session_to_json(session: StudentSession) -> dict[str, Any]:
    """A session as JSON (the set's options and size; no ids, no answers)."""
    ps = session.practice_set
    return {
        "set": {
            "name": ps.name,
            "options": ps.options.to_record(),
            "size": ps.size,
            "created_at": ps.created_at.isoformat(),
        },
        "student": session.student,
        "position": session.position,
        "answered": session.answered,
        "seconds_used": session.seconds_used,
        "finished": session.finished,
        "code": session.code,
        "resumed": session.resumed,
    }


def session_from_json(doc: Mapping[str, Any]) -> StudentSession:
    """A session read back (ids are 0: a client never needs them)."""

    try:
        s = doc["set"]
        o = s["options"]
        options = SetOptions(
            rules=o["rules"], parts=tuple(o["ask"]), skip_fu_on_limits=o["skip_fu_on_limits"],
            question_seconds=o["question_seconds"], set_seconds=o["set_seconds"],
            explain=Explain(o["explain"]),
        )
        record = PracticeSetRecord(0, s["name"], options, ("",) * int(s["size"]), {},
                                   _time(s["created_at"]) or datetime.min)
        return StudentSession(
            enrolment_id=0, practice_set=record, student=doc["student"],
            position=int(doc["position"]), answered=int(doc["answered"]),
            seconds_used=float(doc["seconds_used"]), finished=bool(doc["finished"]),
            code=doc.get("code"), resumed=bool(doc.get("resumed")),
        )
    except (KeyError, TypeError, ValueError) as e:
        raise WireError(f"the server sent a session that cannot be read ({e})") from None


def question_to_json(position: int, uid: str, problem: Problem) -> dict[str, Any]:
    """A question: its position, its item id and the hand with its situation."""
    return {"position": position, "uid": uid, "problem": problem.to_record()}


def question_from_json(doc: Mapping[str, Any]) -> AskedQuestion:
    """A question read back (the hand is checked as any imported hand)."""

    try:
        uid = str(doc["uid"])
        problem = read_problem(dict(doc["problem"]), origin="class server", item=uid)
        return AskedQuestion(int(doc["position"]), uid, problem)
    except (KeyError, TypeError, ValueError, DataError) as e:
        raise WireError(f"the server sent a question that cannot be read ({e})") from None


def wording_to_json(wording: Wording) -> dict[str, Any]:
    """A reason as data (its kind and parameters, tiles in MPSZ), worded by the client in
    the student's language and tile style.

    >>> from scoring.tiles import parse_tiles
    >>> from quiz.grading.wording import Tiles
    >>> w = Wording.of("missed_tiles", tiles=Tiles(parse_tiles("0p6m")))
    >>> doc = wording_to_json(w)
    >>> doc, wording_from_json(doc) == w
    ({'kind': 'missed_tiles', 'args': {'tiles': {'tiles': '0p6m'}}}, True)
    """
    return wording_to_doc(wording)


def wording_from_json(doc: Mapping[str, Any]) -> Wording:
    """A reason read back (raises KeyError, TypeError or ValueError when malformed)."""
    return wording_from_doc(doc)  # ScoringError is a ValueError


def hints_to_json(hints: Hints) -> dict[str, Any]:
    """Hints as data, each worded by the client in the student's language."""
    return {h.part.value: wording_to_doc(h.wording) for h in hints.hints}


def hints_from_json(doc: Mapping[str, Any]) -> Hints:
    """Hints read back: data (:func:`hints_to_json`), or an older server's English words."""
    known = {p.value for p in Part}
    out = []
    for part, value in doc.items():
        if part not in known:
            continue
        try:
            wording = (wording_from_doc(value) if isinstance(value, Mapping)
                       else Wording.of("text", text=Term("text", str(value))))
        except (KeyError, TypeError, ValueError):
            wording = Wording.of("text", text=Term("text", str(value)))
        out.append(Hint(Part(part), wording))
    return Hints(tuple(out))


def marked_to_json(marked: Marked) -> dict[str, Any]:
    """Marks, reasons and concepts as JSON."""
    return {
        "marks": [
            {"part": m.part.value, "given": m.given, "expected": m.expected,
             "correct": m.correct, "note": m.note, **({"typed": m.typed} if m.typed else {})}
            for m in marked.marks
        ],
        "diagnoses": [
            {"code": d.code, "wording": wording_to_json(d.wording),
             "parts": [p.value for p in d.parts], "concepts": list(d.concepts),
             "alternatives": [wording_to_json(w) for w in d.alternatives]}
            for d in marked.diagnoses
        ],
        "concepts": list(marked.concepts),
    }


def marked_from_json(doc: Mapping[str, Any]) -> Marked:
    """Marks read back."""
    try:
        marks = tuple(
            PartMark(Part(m["part"]), str(m["given"]), str(m["expected"]), bool(m["correct"]),
                     str(m.get("note", "")), str(m.get("typed", "")))
            for m in doc["marks"]
        )
        diagnoses = tuple(
            Diagnosis(str(d["code"]), wording_from_json(d["wording"]),
                      tuple(Part(p) for p in d["parts"]), tuple(d["concepts"]),
                      tuple(wording_from_json(w) for w in d.get("alternatives", ())))
            for d in doc.get("diagnoses", ())
        )
        return Marked(marks, diagnoses, tuple(doc.get("concepts", ())))
    except (KeyError, TypeError, ValueError) as e:
        raise WireError(f"the server sent marks that cannot be read ({e})") from None


def receipt_to_json(receipt: Receipt) -> dict[str, Any]:
    """A receipt as JSON."""
    return {
        "position": receipt.position,
        "created": receipt.created,
        "seconds": receipt.seconds,
        "timed_out": receipt.timed_out,
        "marked": None if receipt.marked is None else marked_to_json(receipt.marked),
        "session": session_to_json(receipt.session),
    }


def receipt_from_json(doc: Mapping[str, Any]) -> Receipt:
    """A receipt read back."""
    try:
        marked = doc.get("marked")
        return Receipt(int(doc["position"]), bool(doc["created"]), float(doc["seconds"]),
                       bool(doc["timed_out"]),
                       None if marked is None else marked_from_json(marked),
                       session_from_json(doc["session"]))
    except (KeyError, TypeError, ValueError) as e:
        raise WireError(f"the server sent a receipt that cannot be read ({e})") from None


def result_to_json(result: StudentResult) -> dict[str, Any]:
    """A student's own results as JSON."""
    return {
        "student": result.student,
        "joined_at": result.joined_at.isoformat(),
        "finished_at": None if result.finished_at is None else result.finished_at.isoformat(),
        "size": result.size,
        "answers": [
            {
                "position": a.position, "item_uid": a.item_uid,
                "parts": [{"part": p.part, "given": p.given, "expected": p.expected,
                           "correct": p.correct} for p in a.parts],
                "concepts": list(a.concepts), "correct": a.correct, "seconds": a.seconds,
                "timed_out": a.timed_out, "answered_at": a.answered_at.isoformat(),
            }
            for a in result.answers
        ],
    }


def result_from_json(doc: Mapping[str, Any]) -> StudentResult:
    """A student's own results read back."""

    try:
        answers = tuple(
            StoredAnswer(
                position=int(a["position"]), item_uid=str(a["item_uid"]),
                parts=tuple(PartResult(str(p["part"]), str(p["given"]), str(p["expected"]),
                                       bool(p["correct"])) for p in a["parts"]),
                concepts=tuple(a["concepts"]), correct=bool(a["correct"]),
                seconds=float(a["seconds"]), timed_out=bool(a["timed_out"]),
                answered_at=_time(a["answered_at"]) or datetime.min, created=False,
            )
            for a in doc["answers"]
        )
        return StudentResult(str(doc["student"]), _time(doc["joined_at"]) or datetime.min,
                             _time(doc.get("finished_at")), int(doc["size"]), answers)
    except (KeyError, TypeError, ValueError) as e:
        raise WireError(f"the server sent results that cannot be read ({e})") from None
