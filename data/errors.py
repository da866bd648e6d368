"""Exceptions of the data layer, all under :class:`DataError`.

Every message is one line a person understands. Errors about one bank item
(read from a file, a JSON-lines import or the database) name where the item
came from, the item and the problem:

>>> str(AnswerMismatchError("bank/fu.toml", "fu-ron-triplet", "fu 40 stored, 30 scored"))
"bank/fu.toml: item 'fu-ron-triplet': stored answer disagrees with scoring: fu 40 stored, 30 scored"
>>> str(ItemFormatError("in.jsonl", None, "not valid JSON (truncated line?)", line=7))
'in.jsonl line 7: not valid JSON (truncated line?)'
"""

from __future__ import annotations

import re

#: The longest piece of an item id (or other text from a file) a message quotes.
QUOTE_LIMIT = 64
#: The longest message about one item.
MESSAGE_LIMIT = 300
_LONG_QUOTE = re.compile(r"'([^']{" + str(QUOTE_LIMIT + 1) + r",})'")
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: str, limit: int | None = None) -> str:
    r"""Text safe to print on a terminal: control characters written as ``\xNN``,
    and at most ``limit`` characters (cut with ``…``).

    >>> printable("red\x1b[31m")
    'red\\x1b[31m'
    >>> printable("a" * 100, 10)
    'aaaaaaaaa…'
    """
    def escape(m: re.Match[str]) -> str:
        code = ord(m.group())
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

    clean = _UNPRINTABLE.sub(escape, text)
    if limit is not None and len(clean) > limit:
        clean = clean[: limit - 1] + "…"
    return clean


class DataError(Exception):
    """Root of every error the data layer raises on purpose."""


class DatabaseError(DataError):
    """The database cannot be opened, reached or used."""


class DatabaseUnavailableError(DatabaseError):
    """The database did not answer in time: busy (locked), away (unreachable) or read-only.

    Attributes:
        state: ``busy``, ``away`` or ``read-only`` (see :func:`data.db.unavailable_state`).
    """

    def __init__(self, message: str, state: str = "away") -> None:
        super().__init__(message)
        self.state = state


class SchemaVersionError(DatabaseError):
    """The database's schema version is unknown to this version of the app."""


class NotFoundError(DataError):
    """A learner, bank item or setting that does not exist."""


class LearnerError(DataError):
    """A learner name that cannot be used (empty, too long, already taken)."""


class UnknownTopicError(DataError):
    """A topic id that is not in the vocabulary of :mod:`data.topics`."""


class GeneratorError(DataError):
    """The generator could not make the hand that was asked for."""


class ItemError(DataError):
    """A bank item that is refused, with where it came from and why.

    Attributes:
        origin: the file (or ``database``) the item came from.
        item: the item's id, or None when it could not be read.
        problem: what is wrong, in a few words.
        line: the line number in a JSON-lines file, when there is one.
    """

    what = ""

    def __init__(self, origin: str, item: str | None, problem: str, *, line: int | None = None):
        self.origin = origin
        self.item = item
        self.problem = problem
        self.line = line
        where = printable(origin, 200) if line is None else f"{printable(origin, 200)} line {line}"
        who = f": item '{printable(item, QUOTE_LIMIT)}'" if item is not None else ""
        problem = _LONG_QUOTE.sub(lambda m: f"'{m.group(1)[:QUOTE_LIMIT - 1]}…'", problem)
        super().__init__(printable(f"{where}{who}: {self.what}{problem}", MESSAGE_LIMIT))


class ItemFormatError(ItemError):
    """An item that cannot be read: bad JSON or TOML, a malformed hand, a bad field."""


class AnswerMismatchError(ItemError):
    """An item whose stored answer is not what scoring says."""

    what = "stored answer disagrees with scoring: "


class DuplicateItemError(ItemError):
    """Two items with one id, or an id already in the bank with a different problem."""


class UnknownProfileError(ItemError):
    """An item under a rule profile that does not exist."""


class ItemTopicError(ItemError):
    """An item that claims a topic it does not exercise, or an unknown topic."""
