"""Wrong passwords on the web pages, slowed and then refused, counted in the database.

The counts live in the same table as the classroom server's (``class_limits``, kept by
:class:`data.classroom.limits.Limits`), so several ``web`` processes behind a proxy on
one database count together, and a restart forgets nothing. A learner's account is
locked for a while after too many wrong passwords; an address (a school's, shared by
a class) is only slowed, never locked, so that nobody can lock a whole room out.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from data.classroom.limits import Limits, Rule, retry_seconds
from data.learner_passwords import SIGN_IN_ADDRESS_RULE, SIGN_IN_RULE

if TYPE_CHECKING:
    from data.db.database import Database

__all__ = ["ACCOUNT_RULE", "ADDRESS_RULE", "PasswordLimiter"]

#: One account: 3 free, then slowed, 10 wrong in 15 minutes at most (a served tab's too).
ACCOUNT_RULE = SIGN_IN_RULE
#: One address, for every account at once: slowed to one try in 2 s, never locked.
ADDRESS_RULE = SIGN_IN_ADDRESS_RULE


class PasswordLimiter:
    """The web pages' attempts: an account's key (``learner:…``) and the address's.

    Blocking (a database round trip): call it in a thread from the event loop.
    """

    def __init__(self, db: Database) -> None:
        self.limits = Limits(db)

    @staticmethod
    def _rule(key: str) -> Rule:
        return ACCOUNT_RULE if ":" in key else ADDRESS_RULE

    def wait(self, keys: Iterable[str]) -> float:
        """Seconds before these keys may try again (0: now)."""
        return max((self.limits.wait(k, self._rule(k)) for k in keys), default=0.0)

    def failed(self, keys: Iterable[str]) -> None:
        """Count a wrong attempt under each key."""
        for key in keys:
            self.limits.count(key, self._rule(key))

    def succeeded(self, keys: Iterable[str]) -> None:
        """A right attempt: these keys start afresh."""
        self.limits.release(*keys)

    @staticmethod
    def seconds(wait: float) -> int:
        """A wait as whole seconds to show (never 0 while there is one)."""
        return retry_seconds(wait)
