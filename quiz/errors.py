"""Turning expected errors into the one-line messages the CLI prints."""

from __future__ import annotations

from data.errors import DataError, printable
from scoring.errors import ScoringError


class DrillError(Exception):
    """An error of the app with a message meant for the user."""


def describe_error(error: BaseException) -> str | None:
    """A one-line message for an error a user can cause, or None for a bug.

    Scoring errors, data-layer errors and app errors carry their own message;
    database connection problems are summarised without the driver's traceback.
    """

    message = _describe(error)
    return None if message is None else printable(message, MESSAGE_LIMIT)


#: The longest message the command line prints (a long input is cut, never echoed whole).
MESSAGE_LIMIT = 400


def _describe(error: BaseException) -> str | None:
    if isinstance(error, ScoringError | DrillError | DataError):
        return str(error)
    module = type(error).__module__
    if module.startswith("sqlalchemy"):
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        return f"database error: {first}"
    if isinstance(error, OSError):
        return f"{error.strerror or error}: {error.filename}" if error.filename else str(error)
    return None
