"""Classroom practice: sets a teacher prepares, students take, and the results.

A teacher prepares a *practice set*: a unique name, a fixed ordered list of
bank items (picked by id, or drawn from the bank, optionally by topic and
difficulty, with a seed: every student gets the same hands in the same order),
the rule profile, what is asked, time limits and when explanations are shown.
The teacher's password (hashed with scrypt and a salt) protects preparing,
exporting, deleting and seeing everyone's results.

Students *join* with their name (unique in the set) and get a random resume
code, shown once and stored only as a hash; each answer is stored at once and
exactly once (``record_answer`` is idempotent per question); a student who was
disconnected joins again with name and code and resumes at the first question
not answered. A student sees only their own results. Students never reach
this package directly: the classroom server (:mod:`quiz.classroom.server`) holds
the database and grades every answer itself.

The package, one concern a module:

- :mod:`.errors`: the exceptions, under :class:`ClassroomError`;
- :mod:`.hashing`: scrypt hashes, resume codes;
- :mod:`.records`: the set's options and the frozen records handed back;
- :mod:`.rows`: ORM rows to records;
- :mod:`.service`: :class:`Classroom`, the one way in, made of its parts on
  :mod:`.base` (the database, the clock, a set's record, a session):
  :mod:`.sets` (prepared, read, carried in files, admission), :mod:`.students`
  (joins, codes, sessions), :mod:`.submissions` (answers taken in; the writers are
  :mod:`.answers`'s) and the reads of :mod:`.results`;
- :mod:`.results`: the results of a set, and their CSV;
- :mod:`.setfile`: set files for another club;
- :mod:`.tokens`: students' signed session tokens.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..records import ASKABLE, PartResult
from .errors import (
    AdmissionError,
    AnswerError,
    ClassroomError,
    ExpiredTokenError,
    ForgedTokenError,
    RevokedTokenError,
    SessionTokenError,
    SetExistsError,
    SetFileError,
    SetNotFoundError,
    SetOptionsError,
    StudentNameTakenError,
    StudentNotFoundError,
    TooManyAttemptsError,
    UnknownItemError,
    WrongPasswordError,
)
from .hashing import hash_secret, new_resume_code, normal_code, verify_secret
from .records import (
    DEFAULT_PARTS,
    ClassQuestion,
    ClassResults,
    ConceptMiss,
    ExampleHand,
    Explain,
    NextAnswer,
    PracticeSetRecord,
    QuestionStat,
    SetOptions,
    SetSummary,
    StoredAnswer,
    StudentResult,
    StudentSession,
)
from .tokens import SeatClaims, TokenSigner, code_mark

__all__ = [
    "ASKABLE",
    "DEFAULT_PARTS",
    "AdmissionError",
    "AnswerError",
    "ClassQuestion",
    "ClassResults",
    "Classroom",
    "ClassroomError",
    "ConceptMiss",
    "ExampleHand",
    "ExpiredTokenError",
    "Explain",
    "ForgedTokenError",
    "NextAnswer",
    "PartResult",
    "PracticeSetRecord",
    "QuestionStat",
    "RevokedTokenError",
    "SeatClaims",
    "SessionTokenError",
    "SetExistsError",
    "SetFileError",
    "SetNotFoundError",
    "SetOptions",
    "SetOptionsError",
    "SetSummary",
    "StoredAnswer",
    "StudentNameTakenError",
    "StudentNotFoundError",
    "StudentResult",
    "StudentSession",
    "TokenSigner",
    "TooManyAttemptsError",
    "UnknownItemError",
    "WrongPasswordError",
    "code_mark",
    "hash_secret",
    "new_resume_code",
    "normal_code",
    "open_classroom",
    "results_csv",
    "verify_secret",
    "write_results_csv",
]

if TYPE_CHECKING:
    from .results import results_csv, write_results_csv
    from .service import Classroom, open_classroom

#: Names whose modules hold the database's work (SQLAlchemy, the drivers): imported on
#: first use, so that a student's terminal, which never opens a database, and anything
#: that needs only the records and errors, import none of it.
_LATER = {
    "Classroom": "service",
    "open_classroom": "service",
    "results_csv": "results",
    "write_results_csv": "results",
}


def __getattr__(name: str) -> Any:
    """A name of ``_LATER``, imported from its module on first use."""
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module 'data.classroom' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
