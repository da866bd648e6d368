"""The classroom's exceptions, all under :class:`ClassroomError` (each a one-line message)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import DataError, Fault, NotFoundError


class ClassroomError(DataError):
    """Root of the classroom's errors (each a one-line message)."""


class SetNotFoundError(ClassroomError, NotFoundError):
    """No practice set of that name."""


class SetExistsError(ClassroomError):
    """A practice set of that name already exists."""


class WrongPasswordError(ClassroomError):
    """The teacher's password does not match."""


class StudentNameTakenError(ClassroomError):
    """The student name is taken in the set (and no matching PIN was given to resume)."""


class AdmissionError(ClassroomError):
    """A new name the set does not take: closed to new names, not on its roster, or one that
    only looks like a name already in it."""


class StudentNotFoundError(ClassroomError, NotFoundError):
    """No student of that name in the set."""


class SetOptionsError(ClassroomError):
    """A set's options or selection cannot be used (bad part, profile, limit, too few items)."""


class UnknownItemError(ClassroomError):
    """Items named for a set that are not in the bank."""


class SetFileError(ClassroomError):
    """A set file that cannot be imported (unreadable, malformed, unknown items).

    Attributes:
        kind: what is wrong, as a :class:`~data.errors.Fault` (the app words it).
        params: the names and values the message quotes (``file`` always).
        cause: for ``Fault.BAD_ITEM``, the item's own error.
    """

    def __init__(
        self,
        message: str,
        *,
        kind: Fault = Fault.OTHER,
        params: Mapping[str, Any] | None = None,
        cause: DataError | None = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.params: Mapping[str, Any] = dict(params or {})
        self.cause = cause


class AnswerError(ClassroomError):
    """An answer that cannot be stored (wrong question, set finished, bad part)."""



class TooManyAttemptsError(ClassroomError):
    """Too many wrong codes or passwords in a short time: wait before trying again.

    ``settling``: refused only while other attempts of the same key are being
    checked (what they come to decides; a caller may wait a moment and try again).
    """

    def __init__(self, message: str, retry_after: float, *, settling: bool = False) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.settling = settling


class SessionTokenError(ClassroomError):
    """A student's session token that cannot be used: join again (one line says why)."""


class ForgedTokenError(SessionTokenError):
    """A session token not signed by this class database's secret (altered or made up)."""


class ExpiredTokenError(SessionTokenError):
    """A session token past its expiry."""


class RevokedTokenError(SessionTokenError):
    """A session token of a code the teacher has reset since."""
