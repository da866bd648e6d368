"""Which learner a browser tab served by ``riichi-drill serve`` may drill as.

Anyone who reaches the served page can type a name, so a served tab asks for
the learner's password too, as the web pages do (:mod:`data.learner_passwords`,
migration ``0010``): :func:`open_learner` is the one place that decides.

- A learner with a password opens only with that password. A refusal never
  says whether the name or the password was wrong.
- A new name signs up with the password typed (at least
  :data:`~data.learner_passwords.SHORTEST` characters; a shorter one is refused
  with the reason, before anything is checked or counted).
- A learner made at a terminal, who has no password yet, gets the one typed
  and their history with it, as the web pages' sign-up does.

Wrong passwords are counted in the database (``class_limits``) under the same
key as the web pages' (:func:`~data.learner_passwords.sign_in_key`), so the
guesses of many tabs, of the web pages and of several processes on one
database count as one: each guess is *reserved* before its hash is checked,
so guesses made at once get no further than the limit allows. At a terminal
nothing changes: no password, any learner, found or made.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from data.errors import LearnerError
from data.learner_passwords import (
    LearnerPasswords,
    NameTakenError,
    PasswordError,
    SignInLimits,
    WrongSignInError,
    check_password,
    sign_in_key,
)
from data.learners import Learners

from .words.core import _

if TYPE_CHECKING:
    from data.classroom.limits import Limits
    from data.records import LearnerRecord

    from .store.drill import DrillStore

__all__ = ["SERVED_ENV", "SignInRefusedError", "open_learner", "served"]

#: Set to ``1`` in the process of a browser tab served by ``riichi-drill serve``.
SERVED_ENV = "RIICHI_DRILL_SERVED"
#: The browser's address, given to a warm tab (as :data:`quiz.classroom.client.CLIENT_ADDRESS_ENV`).
CLIENT_ADDRESS_ENV = "RIICHI_DRILL_CLIENT_ADDRESS"


#: The passwords of the database a tab drills on (made once: each makes a hash).
_PASSWORDS: list[LearnerPasswords] = []


def _passwords_of(store: DrillStore) -> LearnerPasswords:
    """The learners' passwords on the store's database, made once per database."""
    for made in _PASSWORDS:
        if made.db is store.database:
            return made
    made = LearnerPasswords(store.database)
    _PASSWORDS[:] = [made]  # a tab drills on one database: keep the last only
    return made


class SignInRefusedError(LearnerError):
    """A served tab's name and password were refused (the message is the one line to show)."""


def served() -> bool:
    """True in a browser tab's process (``riichi-drill serve``)."""
    return os.environ.get(SERVED_ENV) == "1"


def open_learner(store: DrillStore, name: str, password: str | None = None, *,
                 passwords: LearnerPasswords | None = None,
                 limits: Limits | None = None) -> LearnerRecord:
    """The learner to drill as: any, found or made, at a terminal (``password`` unused);
    in a served tab the one whose name and password these are, or a new one with them.

    Blocking (scrypt and database round trips): call it off the screen's thread.

    Args:
        store: the drill store.
        name: the name typed.
        password: the password typed (served tabs only).
        passwords: the learners' passwords (default: on the store's database).
        limits: the attempt counts (default: on the store's database).

    Raises:
        SignInRefusedError: a wrong password, a password too short, or too many
            wrong attempts (a translated line).
        LearnerError: a bad name.
    """
    if not served():
        return store.learner(name)
    clean = Learners.check_name(name)
    try:
        check_password(password if password is not None else "")
    except PasswordError:  # too short (or too long): said before anything is counted
        raise SignInRefusedError(_("Choose a password of at least 8 characters.")) from None
    assert password is not None
    guard = SignInLimits(store.database, limits)
    account, address = sign_in_key(clean), os.environ.get(CLIENT_ADDRESS_ENV) or None
    wait = guard.reserve(address, account)  # this guess's place, before it is checked
    if wait > 0:
        raise SignInRefusedError(_("Too many wrong attempts: try again in %(seconds)s s.")
                                 % {"seconds": SignInLimits.seconds(wait)})
    try:
        passwords = passwords if passwords is not None else _passwords_of(store)
        try:
            record = passwords.sign_in(clean, password)
        except WrongSignInError:
            # a new name, or a terminal learner without a password: theirs now; a learner
            # with another password: wrong (the same hashes either way: no timing tells)
            record = passwords.sign_up(clean, password)
    except NameTakenError:
        guard.failed(address, account)
        raise SignInRefusedError(_("That name and password do not match.")) from None
    except BaseException:
        guard.settle(account)
        raise
    guard.succeeded(account)  # the right password: this learner starts afresh
    return record
