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
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scoring.errors import ScoringError

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
        state: ``busy``, ``away`` or ``read-only`` (see :func:`data.db.liveness.unavailable_state`).
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


class Fault(StrEnum):
    """What is wrong with an item or a set file, as a kind with named parameters.

    The data layer writes its errors in English; the app words each kind in
    the learner's language from the error's :attr:`ItemError.params`
    (``quiz/words/faults.py``). ``OTHER`` is a problem with no kind of its own.
    """

    OTHER = "other"
    # the item's fields (params: field, value)
    BAD_ID = "bad_id"
    UNKNOWN_FIELD = "unknown_field"
    MISSING_FIELD = "missing_field"
    NOT_TILES = "not_tiles"
    BAD_TILES = "bad_tiles"  # + scoring's refusal (see :func:`refusal_params`)
    NOT_ONE_TILE = "not_one_tile"
    MELDS_NOT_LIST = "melds_not_list"
    MELD_NOT_TEXT = "meld_not_text"
    BAD_MELD = "bad_meld"  # + scoring's refusal
    NOT_BOOLEAN = "not_boolean"
    NOT_WIND = "not_wind"
    NOT_COUNT = "not_count"
    UNKNOWN_PROFILE = "unknown_profile"  # + known
    BAD_KIND = "bad_kind"
    NOT_TEXT = "not_text"
    NOT_TOPIC_LIST = "not_topic_list"
    NO_TOPICS = "no_topics"
    NO_NOTE = "no_note"
    NO_ANSWER = "no_answer"
    BAD_DIFFICULTY = "bad_difficulty"
    # the answer (params: field, value)
    ANSWER_NOT_OBJECT = "answer_not_object"
    ANSWER_BAD_YAKU = "answer_bad_yaku"
    ANSWER_NOT_NUMBER = "answer_not_number"
    ANSWER_LACKS = "answer_lacks"  # params: fields (tuple)
    # scoring
    UNSCORABLE = "unscorable"  # params: scoring's refusal
    MISMATCH = "mismatch"  # params: differences (tuple of AnswerDifference)
    SCORING_SPLIT = "scoring_split"
    UNKNOWN_TOPIC = "unknown_topic"  # params: topic
    TOPIC_NOT_EXERCISED = "topic_not_exercised"  # params: topic
    # ids
    DUPLICATE = "duplicate"  # the id twice in what is being read or stored
    DUPLICATE_ON_LINE = "duplicate_on_line"  # params: first (line number)
    DUPLICATE_IN_FILE = "duplicate_in_file"  # params: file
    DIFFERENT_HAND = "different_hand"  # the id is in the bank with another hand
    # the file
    NOT_UTF8 = "not_utf8"
    NOT_JSON = "not_json"  # params: a syntax problem (data.syntax: syntax, line, column,
    # excerpt, detail), and for a bank line whether it looks truncated (truncated)
    TOO_DEEP = "too_deep"  # params: most
    NUMBER_TOO_LONG = "number_too_long"  # params: digits, most
    LINE_NOT_OBJECT = "line_not_object"
    NOT_TOML = "not_toml"  # params: a syntax problem (as NOT_JSON)
    NO_THEME = "no_theme"
    NO_ITEMS = "no_items"
    ITEM_NOT_TABLE = "item_not_table"
    # set files (params: file, and what the kind names)
    CANNOT_READ = "cannot_read"  # + reason
    TOO_LARGE = "too_large"  # + most (bytes)
    NOT_USABLE_JSON = "not_usable_json"  # + nested (bool)
    NOT_SET_FILE = "not_set_file"
    VERSION = "version"  # + version (as the file has it), reads
    WRONG_TYPE = "wrong_type"  # + field
    BAD_OPTIONS = "bad_options"  # + detail (the options' own one-line error)
    ITEM_NOT_OBJECT = "item_not_object"  # + number
    ITEM_NO_ID = "item_no_id"  # + number
    BAD_ITEM = "bad_item"  # + the item's own ItemError as the error's ``cause``
    NOT_IN_BANK = "not_in_bank"  # + items (tuple)
    REFUSED_ITEMS = "refused_items"  # + detail (the set's own one-line error)


def refusal_params(error: ScoringError) -> dict[str, Any]:
    """The parameters with which a fault carries scoring's refusal of a hand.

    ``detail`` and ``error`` are scoring's English message and the class of its
    error; ``refusal`` is its :class:`scoring.errors.Reason` (a string) and
    ``refusal_params`` the values that reason quotes, from which the app says
    the refusal in the learner's language.

    >>> from scoring.tiles import parse_tiles
    >>> try:
    ...     parse_tiles("12x")
    ... except Exception as e:
    ...     p = refusal_params(e)
    >>> p["refusal"], p["refusal_params"], p["error"]
    ('unknown_character', {'character': 'x', 'text': '12x'}, 'NotationError')
    """
    return {"detail": str(error), "error": type(error).__name__,
            "refusal": error.reason.value, "refusal_params": dict(error.params)}


@dataclass(frozen=True, slots=True)
class AnswerDifference:
    """One way a stored answer differs from scoring's (``fu``: ``40`` stored, ``30`` scored).

    For ``yaku``, ``stored`` lists the yaku only the stored answer has and
    ``scored`` those only scoring has (``pinfu 1``), either may be empty.

    >>> AnswerDifference("fu", "40", "30").english()
    'fu 40 stored, 30 scored'
    >>> AnswerDifference("yaku", "", "pinfu 1").english()
    'yaku: scoring has pinfu 1'
    """

    field: str
    stored: str
    scored: str

    def english(self) -> str:
        """The difference as the data layer writes it."""
        if self.field == "yaku":
            parts = []
            if self.stored:
                parts.append(f"stored has {self.stored}")
            if self.scored:
                parts.append(f"scoring has {self.scored}")
            return "yaku: " + "; ".join(parts)
        return f"{self.field} {self.stored} stored, {self.scored} scored"


class ItemError(DataError):
    """A bank item that is refused, with where it came from and why.

    Attributes:
        origin: the file (or ``database``) the item came from.
        item: the item's id, or None when it could not be read.
        problem: what is wrong, in a few words (English).
        line: the line number in a JSON-lines file, when there is one.
        kind: what is wrong, as a :class:`Fault` (for the app to word it).
        params: the names and values the problem quotes (``field``, ``value``...).
    """

    what = ""

    def __init__(
        self,
        origin: str,
        item: str | None,
        problem: str,
        *,
        line: int | None = None,
        kind: Fault = Fault.OTHER,
        params: Mapping[str, Any] | None = None,
    ):
        self.origin = origin
        self.item = item
        self.problem = problem
        self.line = line
        self.kind = kind
        self.params: Mapping[str, Any] = dict(params or {})
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
