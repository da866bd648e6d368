"""Which learner a browser tab served by ``riichi-drill serve`` may drill as.

Anyone who reaches the served page can type a name. Until learners have
passwords (the web pages add them, migration ``0010``), a served tab opens
only a *new* learner: a name already on the server is refused, so that nobody
opens another learner's profile by typing their name. :func:`open_learner` is
the one place that decides; a password check slots in here.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from data.errors import LearnerError, NotFoundError

from .words.core import pgettext

if TYPE_CHECKING:
    from data.records import LearnerRecord

    from .store.drill import DrillStore

__all__ = ["SERVED_ENV", "LearnerTakenError", "open_learner", "served"]

#: Set to ``1`` in the process of a browser tab served by ``riichi-drill serve``.
SERVED_ENV = "RIICHI_DRILL_SERVED"


class LearnerTakenError(LearnerError):
    """A served tab asked for a learner who already exists (their profile stays closed)."""


def served() -> bool:
    """True in a browser tab's process (``riichi-drill serve``)."""
    return os.environ.get(SERVED_ENV) == "1"


def open_learner(store: DrillStore, name: str) -> LearnerRecord:
    """The learner to drill as: any, found or made, at a terminal; in a served tab only a
    new one (bounded reads of the store).

    Raises:
        LearnerTakenError: a served tab named a learner who exists already.
        LearnerError: a bad name.
    """
    if not served():
        return store.learner(name)
    try:
        store.read(lambda: store.learners.get(name))
    except NotFoundError:
        return store.learner(name)  # new: made now (or, made this instant elsewhere, found)
    raise LearnerTakenError(
        pgettext("classguard", "the name '%(name)s' is already taken on this server: choose "
                               "another (a tab opened in a browser starts a new learner)")
        % {"name": name.strip()})
