"""A refused bank item or set file, said in the learner's language.

The data layer refuses an item or a set file with an English one-line error
that also carries what is wrong as data: a :class:`~data.errors.Fault` kind
and its parameters (the field, the value, the line...). In English the line
is the data layer's own; in another language it is worded here from the
kind, keeping the file, the line, the item, the field and the values as they
are (they are what the user must find and fix in the file).

>>> from data.errors import Fault, ItemFormatError
>>> from quiz.words.core import use
>>> e = ItemFormatError("bad.jsonl", "a-1", "unknown field 'handd'", line=3,
...                     kind=Fault.UNKNOWN_FIELD, params={"field": "handd"})
>>> use("en"); error_text(e)
"bad.jsonl line 3: item 'a-1': unknown field 'handd'"
>>> use("ja"); error_text(e)
"bad.jsonl 3行目: 問題 'a-1': 不明なフィールド 'handd'"
>>> use("en")
"""

from __future__ import annotations

import errno as errnos
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from data.classroom.errors import SetFileError
from data.errors import (
    MESSAGE_LIMIT,
    QUOTE_LIMIT,
    AnswerDifference,
    Fault,
    ItemError,
    printable,
)
from scoring.errors import ScoringError

from .core import SOURCE_LANGUAGE, active_language, npgettext, pgettext
from .error_texts import localized_error
from .refusals import refusal_text
from .terms import yaku_title

__all__ = ["error_text", "item_error_text", "set_file_error_text"]

Words = Callable[[Mapping[str, Any]], str]


def _scoring_reason(params: Mapping[str, Any]) -> str:
    """Why scoring refused a hand: its reason worded in the language, with the values it
    quotes (an error of an older version: the kind of its error and the input it quotes)."""
    detailed = refusal_text(str(params.get("refusal", "")), params.get("refusal_params") or {})
    if detailed is not None:
        return detailed
    reasons = {
        "NotationError": pgettext("i18nrest", "the tiles cannot be read"),
        "TileCountError": pgettext("i18nrest", "the number of tiles does not fit the melds"),
        "TooManyCopiesError": pgettext("i18nrest", "more copies of a tile than a set has"),
        "WinningTileError": pgettext("i18nrest", "the winning tile is not in the hand"),
        "MeldError": pgettext("i18nrest", "a meld that cannot exist"),
        "SituationError": pgettext("i18nrest", "a situation that cannot happen at a table"),
        "IncompleteHandError": pgettext("i18nrest", "the tiles do not form a winning hand"),
        "NoYakuError": pgettext("i18nrest", "the hand has no yaku"),
    }
    reason = reasons.get(str(params.get("error")), pgettext("i18nrest", "scoring refuses it"))
    quoted = re.findall(r"'([^']+)'", str(params.get("detail", "")))
    if quoted:
        reason += pgettext("i18nrest", " (%(input)s)") % {
            "input": ", ".join(f"'{q}'" for q in dict.fromkeys(quoted))}
    return reason


def _reasoned(params: Mapping[str, Any]) -> dict[str, Any]:
    return {**params, "reason": _scoring_reason(params)}


def _bad_id(params: Mapping[str, Any]) -> str:
    if params.get("value") is None:
        return pgettext("i18nrest", "the id is missing (an id is 1-64 letters, digits, "
                             "'.', '_', ':', '/' or '-')")
    return pgettext("i18nrest", "the id %(value)s cannot be used (an id is 1-64 letters, digits, "
                         "'.', '_', ':', '/' or '-')") % params


def _lacks(params: Mapping[str, Any]) -> str:
    names = [("'payment' / 'declaration'" if f == "payment or declaration" else f"'{f}'")
             for f in params.get("fields", ())]
    return pgettext("i18nrest", "the answer lacks %(fields)s") % {"fields": ", ".join(names)}


def _field_name(field: str) -> str:
    names = {
        "fu": pgettext("i18nrest", "fu"),
        "han": pgettext("i18nrest", "han"),
        "yakuman": pgettext("i18nrest", "yakuman"),
        "base": pgettext("i18nrest", "base points"),
        "limit": pgettext("i18nrest", "limit"),
        "payment": pgettext("i18nrest", "payment"),
        "declaration": pgettext("i18nrest", "declared payment"),
        "fu items": pgettext("i18nrest", "fu items"),
        "total": pgettext("i18nrest", "total"),
    }
    return names.get(field, field)


def _yaku_list(text: str) -> str:
    """``pinfu 1, riichi 1`` with each yaku named as the language names it."""

    out = []
    for part in text.split(", "):
        name, _, han = part.rpartition(" ")
        out.append(f"{yaku_title(name)} {han}" if name else part)
    return pgettext("cli", ", ").join(out)


def difference_text(d: AnswerDifference) -> str:
    """One difference between a stored answer and scoring's, in the language."""
    if d.field == "yaku":
        parts = []
        if d.stored:
            parts.append(pgettext("i18nrest", "yaku only in the stored answer: %(yaku)s")
                         % {"yaku": _yaku_list(d.stored)})
        if d.scored:
            parts.append(pgettext("i18nrest", "yaku only scoring finds: %(yaku)s")
                         % {"yaku": _yaku_list(d.scored)})
        return pgettext("i18nrest", "; ").join(parts)
    return pgettext("i18nrest", "%(field)s: %(stored)s stored, %(scored)s scored") % {
        "field": _field_name(d.field), "stored": d.stored, "scored": d.scored}


def _mismatch(params: Mapping[str, Any]) -> str:
    diffs: Sequence[AnswerDifference] = params.get("differences", ())
    return pgettext("i18nrest", "the stored answer disagrees with scoring: %(differences)s") % {
        "differences": pgettext("i18nrest", "; ").join(difference_text(d) for d in diffs)}


def _syntax(params: Mapping[str, Any]) -> str:
    """What is wrong in a JSON or TOML text (:class:`data.syntax.SyntaxKind`), in words."""
    kinds = {
        "expecting_value": pgettext("refusals", "a value is missing or cannot be read here"),
        "missing_comma": pgettext("refusals", "a ',' is missing between two values"),
        "missing_colon": pgettext("refusals", "a ':' is missing after a key"),
        "property_name": pgettext("refusals", "a key must be text in double quotes (or a ',' "
                                              "is one too many)"),
        "trailing_comma": pgettext("refusals", "a ',' before the closing bracket is one too "
                                               "many"),
        "unterminated_string": pgettext("refusals", "a text is not closed by its quote"),
        "control_character": pgettext("refusals", "a control character (a tab or line "
                                                  "break?) inside a text"),
        "bad_escape": pgettext("refusals", "a backslash escape that does not exist"),
        "extra_data": pgettext("refusals", "something follows where the line (or statement) "
                                           "should end"),
        "bom": pgettext("refusals", "the text starts with a byte order mark (save it as UTF-8 "
                                    "without BOM)"),
        "missing_equals": pgettext("refusals", "a '=' is missing after a key"),
        "bad_key": pgettext("refusals", "a key cannot start with this character"),
        "invalid_statement": pgettext("refusals", "this line is not a key = value, nor a "
                                                  "[table]"),
        "table_header": pgettext("refusals", "a table header is not closed by ']' (or ']]')"),
        "unclosed_array": pgettext("refusals", "an array is not closed by ']' (or a ',' is "
                                               "missing)"),
        "unclosed_table": pgettext("refusals", "an inline table is not closed by '}' (or a ',' "
                                               "is missing)"),
        "duplicate_key": pgettext("refusals", "a key or table is given twice"),
        "invalid_date": pgettext("refusals", "a date or time that cannot be read"),
    }
    what = kinds.get(str(params["syntax"]), pgettext("refusals", "a syntax error"))
    if params.get("truncated"):
        what = pgettext("refusals", "%(what)s (a truncated line?)") % {"what": what}
    return what


def _not_json(params: Mapping[str, Any]) -> str:
    if "syntax" not in params:  # an error of an older version
        return pgettext("i18nrest",
                        "not valid JSON (column %(column)s; a truncated line?)") % params
    return pgettext("refusals", "not valid JSON, column %(column)s: %(what)s: %(excerpt)s") % {
        **params, "what": _syntax(params)}


def _set_not_json(params: Mapping[str, Any]) -> str:
    if "syntax" not in params:
        return pgettext("i18nrest", "the set file '%(file)s' is not valid JSON (line %(line)s, "
                                    "column %(column)s)") % params
    return pgettext("refusals", "the set file '%(file)s' is not valid JSON (line %(line)s, "
                                "column %(column)s: %(what)s): %(excerpt)s") % {
        **params, "what": _syntax(params)}


def _toml(params: Mapping[str, Any]) -> str:
    if "syntax" in params:
        return pgettext("refusals", "not valid TOML (line %(line)s, column %(column)s: "
                                    "%(what)s): %(excerpt)s") % {**params, "what": _syntax(params)}
    m = re.search(r"line (\d+), column (\d+)", str(params.get("detail", "")))
    if m is None:
        return pgettext("i18nrest", "not valid TOML")
    return pgettext("i18nrest", "not valid TOML (line %(line)s, column %(column)s)") % {
        "line": m.group(1), "column": m.group(2)}


#: Each kind of problem with one item, worded from its parameters.
_ITEM_PROBLEMS: Mapping[Fault, Words] = {
    Fault.BAD_ID: _bad_id,
    Fault.UNKNOWN_FIELD: lambda p: pgettext(
        "i18nrest",
        "unknown field '%(field)s'",
    ) % p,
    Fault.MISSING_FIELD: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s' is missing",
    ) % p,
    Fault.NOT_TILES: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s' must be tiles in MPSZ notation, not %(value)s",
    ) % p,
    Fault.BAD_TILES: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s': '%(value)s' cannot be read: %(reason)s",
    ) % _reasoned(p),
    Fault.NOT_ONE_TILE: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s' must be exactly one tile, not '%(value)s'",
    ) % p,
    Fault.MELDS_NOT_LIST: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s' must be a list like [\"pon 777z\"]",
    ) % p,
    Fault.MELD_NOT_TEXT: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s': each meld must be text like 'pon 777z', not "
        "%(value)s",
    ) % p,
    Fault.BAD_MELD: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s': the meld '%(value)s' cannot be read: %(reason)s",
    ) % _reasoned(p),
    Fault.NOT_BOOLEAN: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s' must be true or false, not %(value)s",
    ) % p,
    Fault.NOT_WIND: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s' must be one of E, S, W, N, not %(value)s",
    ) % p,
    Fault.NOT_COUNT: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s' must be a whole number from 0 to 99, not "
        "%(value)s",
    ) % p,
    Fault.UNKNOWN_PROFILE: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s': unknown rule profile %(value)s (known: "
        "%(known)s)",
    ) % p,
    Fault.BAD_KIND: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s' must be 'curated' or 'generated', not %(value)s",
    ) % p,
    Fault.NOT_TEXT: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s' must be text",
    ) % p,
    Fault.NOT_TOPIC_LIST: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s' must be a list of topic ids",
    ) % p,
    Fault.NO_TOPICS: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s' must list at least one topic id",
    ) % p,
    Fault.NO_NOTE: lambda p: pgettext(
        "i18nrest",
        "a curated item needs a teaching note (the field '%(field)s')",
    ) % p,
    Fault.NO_ANSWER: lambda p: pgettext(
        "i18nrest",
        "the item has no answer (the field '%(field)s')",
    ) % p,
    Fault.BAD_DIFFICULTY: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s' must be 1 to 5, not %(value)s",
    ) % p,
    Fault.ANSWER_NOT_OBJECT: lambda p: pgettext(
        "i18nrest",
        "the field '%(field)s' must be an object",
    ) % p,
    Fault.ANSWER_BAD_YAKU: lambda p: pgettext(
        "i18nrest",
        "the answer's field '%(field)s' must be a list of {name, han} or a name "
        "= han table",
    ) % p,
    Fault.ANSWER_NOT_NUMBER: lambda p: pgettext(
        "i18nrest",
        "the answer's field '%(field)s' must be a whole number, not %(value)s",
    ) % p,
    Fault.ANSWER_LACKS: _lacks,
    Fault.UNSCORABLE: lambda p: pgettext(
        "i18nrest",
        "the hand cannot be scored: %(reason)s",
    ) % _reasoned(p),
    Fault.MISMATCH: _mismatch,
    Fault.SCORING_SPLIT: lambda p: pgettext(
        "i18nrest",
        "scoring's two answers for this hand differ (a bug in scoring)",
    ) % p,
    Fault.UNKNOWN_TOPIC: lambda p: pgettext(
        "i18nrest",
        "unknown topic %(topic)s",
    ) % p,
    Fault.TOPIC_NOT_EXERCISED: lambda p: pgettext(
        "i18nrest",
        "the hand does not exercise its topic '%(topic)s'",
    ) % p,
    Fault.DUPLICATE: lambda p: pgettext(
        "i18nrest",
        "the id is used twice",
    ) % p,
    Fault.DUPLICATE_ON_LINE: lambda p: pgettext(
        "i18nrest",
        "the id is already used on line %(first)s",
    ) % p,
    Fault.DUPLICATE_IN_FILE: lambda p: pgettext(
        "i18nrest",
        "the id is already used in %(file)s",
    ) % p,
    Fault.DIFFERENT_HAND: lambda p: pgettext(
        "i18nrest",
        "the id is already in the bank with a different hand; give it a new id",
    ) % p,
    Fault.NOT_UTF8: lambda p: pgettext(
        "i18nrest",
        "not UTF-8 text",
    ) % p,
    Fault.NOT_JSON: _not_json,
    Fault.TOO_DEEP: lambda p: pgettext(
        "i18nrest",
        "arrays or objects nested more than %(most)s deep",
    ) % p,
    Fault.NUMBER_TOO_LONG: lambda p: pgettext(
        "i18nrest",
        "a number with %(digits)s digits (at most %(most)s are allowed)",
    ) % p,
    Fault.LINE_NOT_OBJECT: lambda p: pgettext(
        "i18nrest",
        "each line must be a JSON object",
    ) % p,
    Fault.NOT_TOML: _toml,
    Fault.NO_THEME: lambda p: pgettext(
        "i18nrest",
        "the file needs a theme (the field '%(field)s')",
    ) % p,
    Fault.NO_ITEMS: lambda p: pgettext(
        "i18nrest",
        "the file has no [[item]] tables",
    ) % p,
    Fault.ITEM_NOT_TABLE: lambda p: pgettext(
        "i18nrest",
        "each [[item]] must be a table",
    ) % p,
}


def _english() -> bool:
    return active_language() == SOURCE_LANGUAGE


def _clip_quotes(text: str) -> str:
    return re.sub(r"'([^']{" + str(QUOTE_LIMIT + 1) + r",})'",
                  lambda m: f"'{m.group(1)[:QUOTE_LIMIT - 1]}…'", text)


def item_error_text(error: ItemError) -> str:
    """A refused item's line: where, which item, what is wrong, in the active language.

    English (and a problem of no known kind) is the data layer's own line.
    """
    words = _ITEM_PROBLEMS.get(error.kind)
    if _english() or words is None:
        return str(error)
    try:
        problem = words(error.params)
    except (KeyError, TypeError, ValueError):  # parameters of another version: its own line
        return str(error)
    origin = printable(error.origin, 200)
    where = origin if error.line is None else pgettext("i18nrest", "%(file)s line %(line)s") % {
        "file": origin, "line": error.line}
    problem = _clip_quotes(problem)
    if error.item is None:
        line = pgettext("i18nrest", "%(where)s: %(problem)s") % {"where": where, "problem": problem}
    else:
        line = pgettext("i18nrest", "%(where)s: item '%(item)s': %(problem)s") % {
            "where": where, "item": printable(error.item, QUOTE_LIMIT), "problem": problem}
    return printable(line, MESSAGE_LIMIT)


def _cannot_read(params: Mapping[str, Any]) -> str:
    reasons = {
        errnos.ENOENT: pgettext("i18nrest", "there is no such file"),
        errnos.EACCES: pgettext("i18nrest", "permission denied"),
        errnos.EISDIR: pgettext("i18nrest", "it is a folder"),
    }
    reason = reasons.get(params.get("errno") or 0, str(params.get("reason", "")))
    return pgettext("i18nrest", "cannot read the set file '%(file)s': %(reason)s") % {
        **params, "reason": reason}


def _not_usable(params: Mapping[str, Any]) -> str:
    if params.get("nested"):
        return pgettext(
            "i18nrest", "the set file '%(file)s' is not usable JSON (nested too deeply)"
        ) % params
    return pgettext(
        "i18nrest", "the set file '%(file)s' is not usable JSON (a number too long)"
    ) % params


def _item_list(items: Sequence[str]) -> str:
    shown = ", ".join(f"'{u[:40]}'" for u in items[:5])
    if len(items) > 5:
        shown += pgettext("i18nrest", " and %(n)s more") % {"n": len(items) - 5}
    return shown


def _not_in_bank(params: Mapping[str, Any]) -> str:
    items: Sequence[str] = params.get("items", ())
    return npgettext("i18nrest", "the set file '%(file)s': this bank has no item %(items)s; "
                          "nothing was imported",
                     "the set file '%(file)s': this bank has no items %(items)s; "
                     "nothing was imported", len(items)) % {
        "file": params.get("file", ""), "items": _item_list(items)}


def _detailed(params: Mapping[str, Any]) -> dict[str, Any]:
    return {**params, "detail": localized_error(str(params.get("detail", "")))}


#: Each kind of problem with a set file, worded from its parameters.
_SET_PROBLEMS: Mapping[Fault, Words] = {
    Fault.CANNOT_READ: _cannot_read,
    Fault.TOO_LARGE: lambda p: pgettext(
        "i18nrest",
        "the set file '%(file)s' is larger than %(most)s bytes",
    ) % p,
    Fault.NOT_UTF8: lambda p: pgettext(
        "i18nrest",
        "the set file '%(file)s' is not UTF-8 text",
    ) % p,
    Fault.NOT_JSON: _set_not_json,
    Fault.NOT_USABLE_JSON: _not_usable,
    Fault.NOT_SET_FILE: lambda p: pgettext(
        "i18nrest",
        "'%(file)s' is not a riichi-drill practice set file",
    ) % p,
    Fault.VERSION: lambda p: pgettext(
        "i18nrest",
        "the set file '%(file)s' has format version %(version)s; this "
        "riichi-drill reads version %(reads)s",
    ) % p,
    Fault.WRONG_TYPE: lambda p: pgettext(
        "i18nrest",
        "the set file '%(file)s': the field '%(field)s' has the wrong type",
    ) % p,
    Fault.BAD_OPTIONS: lambda p: pgettext(
        "i18nrest",
        "the set file '%(file)s': %(detail)s",
    ) % _detailed(p),
    Fault.NO_ITEMS: lambda p: pgettext(
        "i18nrest",
        "the set file '%(file)s' has no items",
    ) % p,
    Fault.ITEM_NOT_OBJECT: lambda p: pgettext(
        "i18nrest",
        "the set file '%(file)s': item %(number)s is not an object",
    ) % p,
    Fault.ITEM_NO_ID: lambda p: pgettext(
        "i18nrest",
        "the set file '%(file)s': item %(number)s has no id",
    ) % p,
    Fault.DUPLICATE: lambda p: pgettext(
        "i18nrest",
        "the set file '%(file)s': item '%(item)s' appears twice",
    ) % p,
    Fault.NOT_IN_BANK: _not_in_bank,
    Fault.DIFFERENT_HAND: lambda p: pgettext(
        "i18nrest",
        "the set file '%(file)s': item '%(item)s' is a different hand in this "
        "bank; nothing was imported",
    ) % p,
    Fault.REFUSED_ITEMS: lambda p: pgettext(
        "i18nrest",
        "the set file '%(file)s': %(detail)s; nothing was imported",
    ) % _detailed(p),
}


def set_file_error_text(error: SetFileError) -> str:
    """A refused set file's line in the active language (English: the data layer's own)."""
    if isinstance(error.cause, ItemError):
        return item_error_text(error.cause)
    words = _SET_PROBLEMS.get(error.kind)
    if _english() or words is None:
        return localized_error(str(error))
    try:
        return words(error.params)
    except (KeyError, TypeError, ValueError):
        return str(error)


def error_text(error: BaseException, message: str | None = None) -> str:
    """Any error's one line in the active language.

    A refused item or set file is worded from its kind, a hand scoring refuses
    from its reason; any other error's
    ``message`` (default: ``str(error)``) goes through
    :func:`quiz.words.error_texts.localized_error`.
    """
    if isinstance(error, ItemError):
        return item_error_text(error)
    if isinstance(error, SetFileError):
        return set_file_error_text(error)
    if isinstance(error, ScoringError) and not _english():
        said = refusal_text(error.reason.value, error.params)
        if said is not None:
            return printable(said, MESSAGE_LIMIT)
    return localized_error(str(error) if message is None else message)

