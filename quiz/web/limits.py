"""Wrong passwords on the web pages, slowed and then refused, counted in the database.

The counts live in the same table as the classroom server's (``class_limits``, kept by
:class:`data.classroom.limits.Limits`), so several ``web`` processes behind a proxy on
one database count together, and a restart forgets nothing. A learner's account is
locked for a while after too many wrong passwords; an address (a school's, shared by
a class) is only slowed, never locked, so that nobody can lock a whole room out.
"""

from __future__ import annotations

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

    A guess at an account's password is *reserved* under the account before it is
    checked, so that guesses sent at once count as many (of 60 sent at once, 60 were
    checked); the address is only read before and counted after, so that a class signing
    in at once from one school address is never held up by its own honest attempts.

    Blocking (a database round trip): call it in a thread from the event loop.
    """

    def __init__(self, db: Database) -> None:
        self.limits = Limits(db)

    def reserve(self, address: str, account: str | None = None) -> float:
        """Seconds to wait before this attempt (nothing held), or 0.0 with a place reserved
        under ``account`` (when given), which ends in :meth:`failed`, :meth:`succeeded`
        or :meth:`settle`."""
        wait = self.limits.wait(address, ADDRESS_RULE)
        if wait > 0 or account is None:
            return wait
        return self.limits.reserve(account, ACCOUNT_RULE)

    def failed(self, address: str, account: str | None = None) -> None:
        """Count a wrong attempt (its place under ``account`` with it)."""
        self.limits.count(address, ADDRESS_RULE)
        if account is not None:
            self.limits.count(account, ACCOUNT_RULE)

    def succeeded(self, account: str) -> None:
        """The right password: the account starts afresh."""
        self.limits.release(account)

    def settle(self, account: str) -> None:
        """Give back the place of an attempt that was never checked."""
        self.limits.settle(account)

    @staticmethod
    def seconds(wait: float) -> int:
        """A wait as whole seconds to show (never 0 while there is one)."""
        return retry_seconds(wait)
