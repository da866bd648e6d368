"""The classroom service: practice sets, students joining them, their answers.

Everything goes through :class:`Classroom` (built on an open
:class:`data.db.database.Database`, with the clock injected) and comes back as frozen
records (:mod:`.records`); the ORM rows of :mod:`data.models.classroom` never leave
this package. Writes go through :meth:`data.db.database.Database.transaction`, reads
through :meth:`data.db.database.Database.session`.

:class:`Classroom` is made of its parts, one job each: the sets (:mod:`.sets`), the
students (:mod:`.students`), their answers coming in (:mod:`.submissions`) and the
results (:mod:`.results`), on the ground they share (:mod:`.base`).
"""

from __future__ import annotations

import os

from ..clock import Clock
from ..db.schema import open_database
from .results import ResultReads
from .sets import SetKeeping
from .students import TOKEN_SECRET_KEY, Students
from .submissions import Submissions

__all__ = ["TOKEN_SECRET_KEY", "Classroom", "open_classroom"]


def open_classroom(
    target: str | os.PathLike[str] | None = None, *, clock: Clock | None = None
) -> Classroom:
    """Open (create or upgrade) the database at a path or URL and return its classroom.

    Raises:
        DatabaseError: when the database cannot be reached or created.
    """

    return Classroom(open_database(target), clock=clock)


class Classroom(SetKeeping, Students, Submissions, ResultReads):
    """The classroom service on one database.

    Args:
        db: an open database (see :func:`data.db.schema.open_database`).
        clock: returns the current UTC time (injected in tests).
        rng: draws the items of a set when no seed is given (injected in tests).
    """
