"""Learners who sign in with a password (the web pages).

The terminal app knows a learner by name; the web pages ask for a password
too. :class:`LearnerPasswords` signs a learner up (a new learner, or one of the
terminal app's learners who has no password yet: their history is theirs on
the web at once) and checks a password against its salted scrypt hash.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from .classroom.hashing import TEACHER_COST, hash_secret, verify_secret
from .classroom.limits import Limits, Rule, retry_seconds
from .clock import Clock, utc_now
from .errors import DataError, LearnerError
from .learners import Learners
from .models.core import Learner
from .models.web import LearnerPassword
from .records import LearnerRecord

if TYPE_CHECKING:
    from .db.database import Database
    from .records import LearnerRecord

__all__ = [
    "SIGN_IN_ADDRESS_RULE",
    "SIGN_IN_RULE",
    "LearnerPasswords",
    "NameTakenError",
    "PasswordError",
    "SignInLimits",
    "WrongSignInError",
    "sign_in_key",
]

#: Fewest characters of a learner's password.
SHORTEST = 8
#: Most characters of a learner's password (scrypt hashes any length; a limit stops abuse).
LONGEST = 200

#: Wrong passwords for one learner, wherever they are typed (the web pages, a served
#: tab): 3 free, then slowed, 10 in 15 minutes at most.
SIGN_IN_RULE = Rule(free=3, most=10, window=900.0)
#: Wrong passwords from one address, for every learner at once: slowed to one try in
#: 2 s, never locked (a class shares one address: nobody may lock a whole room out).
SIGN_IN_ADDRESS_RULE = Rule(free=20, most=20, window=900.0, longest=2.0, lock=False)


def sign_in_key(name: str) -> str:
    """The attempt limiter's key of a learner's password (the web pages and the served
    tabs count under the same key, in ``class_limits``).

    >>> sign_in_key("  Ann   Lee ")
    'learner:ann lee'
    """
    return f"learner:{' '.join(name.split()).casefold()}"


class SignInLimits:
    """Wrong passwords of learners, slowed and then refused, counted in the database.

    The one limiter of a learner's sign-in, on the web pages and in a served tab alike.
    The counts live in ``class_limits`` (:class:`~data.classroom.limits.Limits`), so
    several processes on one database count together and a restart forgets nothing.
    A guess at an account's password is *reserved* under the account
    (:func:`sign_in_key`) before it is checked, so guesses sent at once count as many;
    the address is only read before and counted after (:data:`SIGN_IN_ADDRESS_RULE`:
    slowed, never locked), so that a class signing in at once from one school address
    is never held up by its own honest attempts.

    Each call is a database round trip: call them off an event loop.
    """

    def __init__(self, db: Database, limits: Limits | None = None) -> None:
        self.limits = limits if limits is not None else Limits(db)

    def reserve(self, address: str | None, account: str | None = None) -> float:
        """Seconds to wait before this attempt (nothing held), or 0.0 with a place reserved
        under ``account`` (when given), which ends in :meth:`failed`, :meth:`succeeded`
        or :meth:`settle`. ``address`` None: not known (nothing read for it)."""
        wait = 0.0 if address is None else self.limits.wait(address, SIGN_IN_ADDRESS_RULE)
        if wait > 0 or account is None:
            return wait
        return self.limits.reserve(account, SIGN_IN_RULE)

    def failed(self, address: str | None, account: str | None = None) -> None:
        """Count a wrong attempt (its place under ``account`` with it)."""
        if address is not None:
            self.limits.count(address, SIGN_IN_ADDRESS_RULE)
        if account is not None:
            self.limits.count(account, SIGN_IN_RULE)

    def succeeded(self, account: str) -> None:
        """The right password: the account starts afresh."""
        self.limits.release(account)

    def settle(self, account: str) -> None:
        """Give back the place of an attempt that was never checked (or not a guess)."""
        self.limits.settle(account)

    @staticmethod
    def seconds(wait: float) -> int:
        """A wait as whole seconds to show (never 0 while there is one)."""
        return retry_seconds(wait)


class PasswordError(DataError):
    """A password that cannot be used (too short or too long)."""


class NameTakenError(LearnerError):
    """The name belongs to a learner who already has a password."""


class WrongSignInError(DataError):
    """No learner of that name has that password (never says which of the two is wrong)."""


def check_password(password: str) -> str:
    """A password fit to keep.

    Raises:
        PasswordError: too short or too long.
    """
    if not isinstance(password, str) or len(password) < SHORTEST:
        raise PasswordError(f"a password needs at least {SHORTEST} characters")
    if len(password) > LONGEST:
        raise PasswordError(f"a password has at most {LONGEST} characters")
    return password


class LearnerPasswords:
    """Learners' passwords on one database.

    Args:
        database: the app's database.
        clock: the time source.
        cost: scrypt's cost (tests use a small one).
    """

    def __init__(self, database: Database, *, clock: Clock = utc_now,
                 cost: int = TEACHER_COST) -> None:
        self.db = database
        self.clock = clock
        self.cost = cost
        #: A hash checked when the name is unknown, so that both take the same time.
        self._dummy = hash_secret("no such learner", cost=cost)

    def sign_up(self, name: str, password: str) -> LearnerRecord:
        """A learner with this password: new, or a terminal learner without one yet.

        Raises:
            LearnerError: a bad name. NameTakenError: the learner has a password (or got
            one this instant elsewhere).
            PasswordError: a bad password.
        """
        clean = Learners.check_name(name)
        check_password(password)
        hashed = hash_secret(password, cost=self.cost)
        try:
            with self.db.transaction() as s:
                row = s.scalar(select(Learner).where(Learner.name == clean))
                if row is None:
                    row = Learner(name=clean, created_at=self.clock())
                    s.add(row)
                    s.flush()
                elif s.get(LearnerPassword, row.id) is not None:
                    raise NameTakenError(f"the name '{clean}' is taken")
                s.add(LearnerPassword(learner_id=row.id, password_hash=hashed,
                                      set_at=self.clock()))
                s.flush()
                return LearnerRecord(row.id, row.name, row.created_at)
        except IntegrityError:  # signed up this instant by another process (PostgreSQL)
            raise NameTakenError(f"the name '{clean}' is taken") from None

    def sign_in(self, name: str, password: str) -> LearnerRecord:
        """The learner whose name and password these are.

        Raises:
            WrongSignInError: no such learner, no password set, or a wrong password.
        """
        try:
            clean = Learners.check_name(name)
        except LearnerError:
            clean = ""
        with self.db.session() as s:
            row = s.scalar(select(Learner).where(Learner.name == clean)) if clean else None
            stored = s.get(LearnerPassword, row.id) if row is not None else None
            record = None if row is None else LearnerRecord(row.id, row.name, row.created_at)
            hashed = stored.password_hash if stored is not None else self._dummy
        ok = verify_secret(password[:LONGEST] if isinstance(password, str) else "", hashed)
        if not ok or stored is None or record is None:
            raise WrongSignInError("that name and password do not match")
        return record
