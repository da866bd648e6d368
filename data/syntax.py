"""What is wrong in a JSON or TOML file that cannot be parsed, and where.

``json`` and ``tomllib`` say a syntax error in a short English message and a
position. Here the message becomes a :class:`SyntaxKind` (a small, finite set;
``OTHER`` for a message this version does not know), the position a line and
a column, and the offending line an excerpt that any language can show: cut
to fit, control and escape bytes made visible, and a marker (``►``) just
before the character the parser stopped at, on the same line (every error of
the command line is one line).

>>> import json
>>> try:
...     json.loads('{"id": "a" "hand": "123m"}')
... except json.JSONDecodeError as e:
...     problem = json_problem(e)
>>> problem.kind, problem.line, problem.column
(<SyntaxKind.MISSING_COMMA: 'missing_comma'>, 1, 12)
>>> problem.excerpt
'{"id": "a" ►"hand": "123m"}'
>>> problem.english()
"a ',' is missing between two values"
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .errors import printable

if TYPE_CHECKING:
    import tomllib

#: The marker put before the character a parser stopped at (narrow in every terminal).
MARK = "►"
#: How much of the line an excerpt shows before and after the marker.
BEFORE, AFTER = 24, 16


class SyntaxKind(StrEnum):
    """What is wrong in a JSON or TOML text, as the app words it in each language."""

    OTHER = "other"
    EXPECTING_VALUE = "expecting_value"  # JSON "Expecting value", TOML "Invalid value"
    MISSING_COMMA = "missing_comma"  # JSON "Expecting ',' delimiter"
    MISSING_COLON = "missing_colon"  # JSON "Expecting ':' delimiter"
    PROPERTY_NAME = "property_name"  # JSON: a key not in double quotes (or a trailing comma)
    TRAILING_COMMA = "trailing_comma"  # JSON (Python 3.13+): "Illegal trailing comma ..."
    UNTERMINATED_STRING = "unterminated_string"
    CONTROL_CHARACTER = "control_character"  # a raw control character in a string
    BAD_ESCAPE = "bad_escape"  # a backslash escape that does not exist
    EXTRA_DATA = "extra_data"  # JSON: more after the value; TOML: more after a statement
    BOM = "bom"  # JSON: the text starts with a byte order mark
    MISSING_EQUALS = "missing_equals"  # TOML "Expected '=' after a key in a key/value pair"
    BAD_KEY = "bad_key"  # TOML "Invalid initial character for a key part"
    INVALID_STATEMENT = "invalid_statement"  # TOML
    TABLE_HEADER = "table_header"  # TOML "Expected ']' ..." / "Expected ']]' ..."
    UNCLOSED_ARRAY = "unclosed_array"  # TOML
    UNCLOSED_TABLE = "unclosed_table"  # TOML "Unclosed inline table"
    DUPLICATE_KEY = "duplicate_key"  # TOML: a key or table given twice
    INVALID_DATE = "invalid_date"  # TOML


#: Each known message (its start, or a pattern) and its kind.
_JSON: tuple[tuple[str, SyntaxKind], ...] = (
    (r"Expecting value", SyntaxKind.EXPECTING_VALUE),
    (r"Expecting ',' delimiter", SyntaxKind.MISSING_COMMA),
    (r"Expecting ':' delimiter", SyntaxKind.MISSING_COLON),
    (r"Expecting property name enclosed in double quotes", SyntaxKind.PROPERTY_NAME),
    (r"Illegal trailing comma", SyntaxKind.TRAILING_COMMA),
    (r"Unterminated string starting at", SyntaxKind.UNTERMINATED_STRING),
    (r"Invalid control character", SyntaxKind.CONTROL_CHARACTER),
    (r"Invalid \\(?:escape|uXXXX escape)", SyntaxKind.BAD_ESCAPE),
    (r"Extra data", SyntaxKind.EXTRA_DATA),
    (r"Unexpected UTF-8 BOM", SyntaxKind.BOM),
)
_TOML: tuple[tuple[str, SyntaxKind], ...] = (
    (r"Invalid value", SyntaxKind.EXPECTING_VALUE),
    (r"Invalid statement", SyntaxKind.INVALID_STATEMENT),
    (r"Expected newline or end of document after a statement", SyntaxKind.EXTRA_DATA),
    (r"Expected '=' after a key", SyntaxKind.MISSING_EQUALS),
    (r"Expected '\]\]?' at the end of", SyntaxKind.TABLE_HEADER),
    (r"Expected (?:'|\")(?:'''|\"\"\"|'|\")(?:'|\")$", SyntaxKind.UNTERMINATED_STRING),
    (r"Unterminated string", SyntaxKind.UNTERMINATED_STRING),
    (r"Invalid initial character for a key part", SyntaxKind.BAD_KEY),
    (r"Unclosed array", SyntaxKind.UNCLOSED_ARRAY),
    (r"Unclosed inline table", SyntaxKind.UNCLOSED_TABLE),
    (r"Cannot (?:declare|overwrite|redefine|mutate)|Duplicate inline table key",
     SyntaxKind.DUPLICATE_KEY),
    (r"Unescaped '\\' in a string|Invalid hex value|Escaped character is not",
     SyntaxKind.BAD_ESCAPE),
    (r"Illegal character|Found invalid character", SyntaxKind.CONTROL_CHARACTER),
    (r"Invalid date or datetime", SyntaxKind.INVALID_DATE),
)
_KINDS = {"json": [(re.compile(p), k) for p, k in _JSON],
          "toml": [(re.compile(p), k) for p, k in _TOML]}

_ENGLISH: dict[SyntaxKind, str] = {
    SyntaxKind.OTHER: "a syntax error",
    SyntaxKind.EXPECTING_VALUE: "a value is missing or cannot be read here",
    SyntaxKind.MISSING_COMMA: "a ',' is missing between two values",
    SyntaxKind.MISSING_COLON: "a ':' is missing after a key",
    SyntaxKind.PROPERTY_NAME: "a key must be text in double quotes (or a ',' is one too many)",
    SyntaxKind.TRAILING_COMMA: "a ',' before the closing bracket is one too many",
    SyntaxKind.UNTERMINATED_STRING: "a text is not closed by its quote",
    SyntaxKind.CONTROL_CHARACTER: "a control character (a tab or line break?) inside a text",
    SyntaxKind.BAD_ESCAPE: "a backslash escape that does not exist",
    SyntaxKind.EXTRA_DATA: "something follows where the line (or statement) should end",
    SyntaxKind.BOM: "the text starts with a byte order mark (save it as UTF-8 without BOM)",
    SyntaxKind.MISSING_EQUALS: "a '=' is missing after a key",
    SyntaxKind.BAD_KEY: "a key cannot start with this character",
    SyntaxKind.INVALID_STATEMENT: "this line is not a key = value, nor a [table]",
    SyntaxKind.TABLE_HEADER: "a table header is not closed by ']' (or ']]')",
    SyntaxKind.UNCLOSED_ARRAY: "an array is not closed by ']' (or a ',' is missing)",
    SyntaxKind.UNCLOSED_TABLE: "an inline table is not closed by '}' (or a ',' is missing)",
    SyntaxKind.DUPLICATE_KEY: "a key or table is given twice",
    SyntaxKind.INVALID_DATE: "a date or time that cannot be read",
}


def kind_of(message: str, language: str) -> SyntaxKind:
    """The kind of a parser's message (``language``: ``json`` or ``toml``).

    >>> kind_of("Expecting ':' delimiter", "json")
    <SyntaxKind.MISSING_COLON: 'missing_colon'>
    >>> kind_of("Something new in Python 3.19", "json")
    <SyntaxKind.OTHER: 'other'>
    """
    for pattern, kind in _KINDS[language]:
        if pattern.match(message):
            return kind
    return SyntaxKind.OTHER


@dataclass(frozen=True, slots=True)
class SyntaxProblem:
    """A syntax error: its kind, where (1-based line and column) and the line's excerpt.

    ``detail`` is the parser's own message (English), ``column`` 0 when the
    parser gave none (the end of the document).
    """

    kind: SyntaxKind
    line: int
    column: int
    excerpt: str
    detail: str

    def english(self) -> str:
        """What is wrong, in plain English."""
        return _ENGLISH[self.kind]

    def params(self) -> dict[str, Any]:
        """The fault parameters of the problem (see :class:`data.errors.Fault`)."""
        return {"syntax": self.kind.value, "line": self.line, "column": self.column,
                "excerpt": self.excerpt, "detail": self.detail}

    def where(self) -> str:
        """``line 3, column 17`` (``column 17`` when the text is one line)."""
        return f"line {self.line}, column {self.column}"


def excerpt(text: str, line: int, column: int) -> str:
    """The ``line``-th line of ``text`` (1-based), cut around ``column`` (1-based),
    control characters made visible and :data:`MARK` before the column.

    >>> excerpt('{"a": 1,\\n "b": tru}', 2, 7)
    '"b": ►tru}'
    >>> excerpt('{"items": [\\n\\n', 3, 1)
    '{"items": [►'
    >>> excerpt("x" * 100 + "!" + "y" * 100, 1, 101)
    '…xxxxxxxxxxxxxxxxxxxxxxx►!yyyyyyyyyyyyyy…'
    >>> excerpt('{"id": "a\\tb"}', 1, 10)
    '{"id": "a►\\\\x09b"}'
    """
    start = 0
    for _ in range(max(line, 1) - 1):
        found = text.find("\n", start)
        if found < 0:
            break
        start = found + 1
    end = text.find("\n", start)
    row = text[start:] if end < 0 else text[start:end]
    row = row.removesuffix("\r")
    at = min(max(column - 1, 0), len(row))
    if not row[:at].strip() and not row[at:].strip() and text[:start].strip():
        # at the end of the text, after blank lines: the end of the last line with text
        row = text[:start].rstrip().rsplit("\n", 1)[-1].removesuffix("\r")
        at = len(row)
    indent = len(row) - len(row.lstrip())
    if at >= indent:  # the line's indentation says nothing
        row, at = row[indent:], at - indent
    before = printable(row[max(0, at - 4 * BEFORE):at])
    after = printable(row[at:at + 4 * AFTER])
    if len(before) > BEFORE or at > 4 * BEFORE:
        before = "…" + before[-(BEFORE - 1):]
    if len(after) > AFTER or at + 4 * AFTER < len(row):
        after = after[:AFTER - 1] + "…"
    return f"{before}{MARK}{after}"


def _line_break_in_text(kind: SyntaxKind, character: str) -> SyntaxKind:
    """A control character that is a line break ends a text that was not closed."""
    if kind is SyntaxKind.CONTROL_CHARACTER and character in ("\n", "\r"):
        return SyntaxKind.UNTERMINATED_STRING
    return kind


def json_problem(error: json.JSONDecodeError) -> SyntaxProblem:
    """The problem of a JSON text ``json`` refused."""
    kind = _line_break_in_text(kind_of(error.msg, "json"), error.doc[error.pos:error.pos + 1])
    return SyntaxProblem(kind, error.lineno, error.colno,
                         excerpt(error.doc, error.lineno, error.colno), error.msg)


_TOML_AT = re.compile(r"^(?P<msg>.*?) \(at (?:line (?P<line>\d+), column (?P<column>\d+)"
                      r"|end of document)\)$", re.S)


def toml_problem(error: tomllib.TOMLDecodeError, text: str) -> SyntaxProblem:
    """The problem of a TOML text ``tomllib`` refused (``text``: what it was given)."""
    message = str(error)
    m = _TOML_AT.match(message)
    detail = m["msg"] if m else message
    text = text.replace("\r\n", "\n")  # tomllib counts in the text read this way
    if m is not None and m["line"]:
        line, column = int(m["line"]), int(m["column"])
    else:  # the end of the document
        line = text.count("\n") + 1 if not text.endswith("\n") else max(text.count("\n"), 1)
        last = text.rstrip("\n").rsplit("\n", 1)[-1]
        column = len(last) + 1
    kind = kind_of(detail, "toml")
    if detail.endswith(("'\\n'", "'\\r'")):
        kind = _line_break_in_text(kind, "\n")
    return SyntaxProblem(kind, line, column, excerpt(text, line, column), detail)
