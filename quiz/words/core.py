"""The learner's language: which one, its messages, and numbers and dates in it.

Riichi Drill speaks English (the source language, built into the code),
Japanese, Thai, Vietnamese and Ukrainian. Each translation is a gettext
catalog in the package, ``quiz/words/locales/<code>/LC_MESSAGES/riichi_drill.po``,
managed with Babel (``docs/translating.md``). The ``.po`` file itself is read
at run time by the small parser below: there is no compile step to forget,
``pip install .`` ships the same file the translators edit, and reading the
largest catalog (about 900 messages) takes about 15 ms (``bench/app.py``
prints it). A sixth language needs no code change: the languages are the
folders under ``quiz/words/locales`` plus English.

Choosing the language (:func:`choose_language`): ``--lang CODE`` wins, then the
learner's stored setting, then the environment (``LC_ALL``, ``LC_MESSAGES``,
``LANG``, the first one set, e.g. ``LANG=th_TH.UTF-8``), then English. An
environment locale we have no catalog for gives English silently; an unknown
``--lang`` raises :class:`UnknownLanguage` with one line naming the languages.

>>> choose_language(None, None, {"LANG": "th_TH.UTF-8"})
'th'
>>> choose_language("uk", "ja", {"LANG": "th_TH.UTF-8"})
'uk'
>>> choose_language(None, None, {"LC_ALL": "de_DE.UTF-8", "LANG": "ja_JP.UTF-8"})
'en'

The code marks every message it shows with ``_()`` (or :func:`ngettext` for a
message with a number) and ``%(name)s`` placeholders, which Babel's checkers
compare between the English and each translation:

>>> use("en")
>>> ngettext("%(n)d han", "%(n)d han", 2) % {"n": 2}
'2 han'

Babel (for numbers and dates in the locale's style) is imported only when a
format helper is first called, so start-up does not pay for it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import DrillError

if TYPE_CHECKING:
    from datetime import date, datetime

__all__ = [
    "DATA_DOMAINS",
    "DOMAIN",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALES",
    "N_",
    "SOURCE_LANGUAGE",
    "Catalog",
    "UnknownLanguage",
    "_",
    "active_language",
    "catalog_path",
    "choose_language",
    "decimal_mark",
    "dpgettext",
    "environment_language",
    "format_date",
    "format_datetime",
    "format_decimal",
    "format_duration",
    "format_number",
    "format_percent",
    "gettext",
    "language_choices",
    "language_of_locale",
    "load_catalog",
    "ngettext",
    "npgettext",
    "pgettext",
    "read_po",
    "request_language",
    "speaking",
    "use",
    "validate_language",
]

#: The gettext domain: the catalogs' file name.
DOMAIN = "riichi_drill"
#: The catalogs of texts that come from the data, not the code, each keyed by
#: msgctxt = the text's id in the data and msgid = its current English: the
#: curated examples' teaching notes (``notes``, context = item id) and the
#: concepts' titles and descriptions (``topics``, context = topic id). Their
#: templates are written from the data by ``python -m quiz.words.data_texts``.
DATA_DOMAINS: tuple[str, ...] = ("notes", "topics", "course")
#: Where the catalogs live, one folder per language.
LOCALES = Path(__file__).resolve().parent / "locales"
#: The language the code is written in: it needs no catalog.
SOURCE_LANGUAGE = "en"
#: Each language's name in itself, for the language choice (a language not
#: listed here shows its code until it is added).
LANGUAGE_NAMES: Mapping[str, str] = {
    "en": "English",
    "ja": "日本語",
    "th": "ไทย",
    "vi": "Tiếng Việt",
    "uk": "Українська",
}
#: The environment variables that name the locale, in the order POSIX reads them.
ENVIRONMENT_VARIABLES: tuple[str, ...] = ("LC_ALL", "LC_MESSAGES", "LANG")


def _discover() -> tuple[str, ...]:
    """English, then every language with a catalog, in the order of LANGUAGE_NAMES."""
    try:
        found = {
            entry.name
            for entry in os.scandir(LOCALES)
            if entry.is_dir() and (Path(entry.path) / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()
        }
    except OSError:
        found = set()
    known = [code for code in LANGUAGE_NAMES if code in found]
    return (SOURCE_LANGUAGE, *known, *sorted(found - set(LANGUAGE_NAMES) - {SOURCE_LANGUAGE}))


#: The languages there are: English and every language with a catalog.
LANGUAGES: tuple[str, ...] = _discover()


class UnknownLanguage(DrillError):
    """A language was asked for that Riichi Drill does not speak."""

    def __init__(self, code: str) -> None:
        self.code = code
        there = ", ".join(f"{c} ({LANGUAGE_NAMES.get(c, c)})" for c in LANGUAGES)
        super().__init__(f"unknown language '{code}': choose one of {there}")


# --------------------------------------------------------------------------- choosing


def language_of_locale(value: str | None) -> str | None:
    """The language code of a locale name such as ``th_TH.UTF-8``, if we have it.

    >>> language_of_locale("uk_UA.utf8"), language_of_locale("ja"), language_of_locale("C")
    ('uk', 'ja', None)
    >>> language_of_locale("vi-VN"), language_of_locale("pt_BR.UTF-8")
    ('vi', None)
    """
    if not value:
        return None
    code = re.split(r"[_.@\-]", value.strip(), maxsplit=1)[0].lower()
    return code if code in LANGUAGES else None


def environment_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the environment names, or None (a locale we lack counts as none).

    The first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set decides,
    as POSIX has it: ``LC_ALL=C`` means no language even when ``LANG`` names one.
    """
    env = os.environ if environ is None else environ
    for name in ENVIRONMENT_VARIABLES:
        value = env.get(name)
        if value:
            return language_of_locale(value)
    return None


def language_choices() -> list[tuple[str, str]]:
    """Each language as ``(code, its name in itself)``, for a settings choice.

    >>> language_choices()[:2]
    [('en', 'English'), ('ja', '日本語')]
    """
    return [(code, LANGUAGE_NAMES.get(code, code)) for code in LANGUAGES]


def validate_language(code: str) -> str:
    """The language code as we store it (``JA`` -> ``ja``, ``th_TH`` -> ``th``).

    Raises:
        UnknownLanguage: when we have no such language.
    """
    found = language_of_locale(code)
    if found is None or not re.fullmatch(r"[A-Za-z]{2,3}([_\-][A-Za-z]{2})?", code.strip()):
        raise UnknownLanguage(code)
    return found


def request_language(asked: object, accept: str | None = None) -> str:
    """The language a request asks for: its ``lang``, else its ``Accept-Language``.

    A language we do not have, or none asked, gives the active language (a
    server's own), so a client that sends neither is answered as before.

    >>> use("en")
    >>> request_language("uk"), request_language(None, "ja-JP,ja;q=0.9,en;q=0.5")
    ('uk', 'ja')
    >>> request_language("xx", "de, *;q=0.1")
    'en'
    """
    if isinstance(asked, str) and (found := language_of_locale(asked)) is not None:
        return found
    ranked: list[tuple[float, int, str]] = []
    for n, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        m = re.search(r"q\s*=\s*([0-9.]+)", params)
        if m is not None:
            try:
                weight = float(m.group(1))
            except ValueError:
                weight = 0.0
        code = language_of_locale(tag.strip())
        if code is not None and weight > 0:
            ranked.append((-weight, n, code))
    return min(ranked)[2] if ranked else active_language()


def choose_language(
    flag: str | None,
    stored: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """The language to speak: ``--lang``, else the stored setting, else the environment.

    Args:
        flag: the ``--lang`` value, or None.
        stored: the learner's stored language setting, or None. A stored code we
            no longer have is passed over silently.
        environ: the environment (default: ``os.environ``).

    Raises:
        UnknownLanguage: when ``flag`` names a language we do not have.
    """
    if flag is not None:
        return validate_language(flag)
    if stored and stored in LANGUAGES:
        return stored
    return environment_language(environ) or SOURCE_LANGUAGE


# --------------------------------------------------------------------------- catalogs

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r", "a": "\a"}
_ESCAPE = re.compile(r"\\(.)")
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+\"(.*)\"\s*$")


def _unquote(text: str) -> str:
    if "\\" not in text:
        return text
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), text)


@dataclass(frozen=True, slots=True)
class PoEntry:
    """One entry of a ``.po`` file as the run time needs it."""

    msgid: str
    msgstr: tuple[str, ...]
    context: str | None = None
    plural: str | None = None
    fuzzy: bool = False


def read_po(text: str) -> list[PoEntry]:
    """The entries of a ``.po`` file's text (obsolete ``#~`` entries are left out).

    >>> [e.msgstr for e in read_po('msgid "Han"\\nmsgstr "翻"\\n')]
    [('翻',)]
    """
    entries: list[PoEntry] = []
    fields: dict[str, list[str]] = {}
    strs: dict[int, list[str]] = {}
    current: list[str] | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal fields, strs, current, fuzzy
        if "msgid" in fields:
            forms = tuple("".join(strs[i]) for i in sorted(strs))
            context = "".join(fields["msgctxt"]) if "msgctxt" in fields else None
            plural = "".join(fields["msgid_plural"]) if "msgid_plural" in fields else None
            entries.append(PoEntry("".join(fields["msgid"]), forms, context, plural, fuzzy))
        fields, strs, current, fuzzy = {}, {}, None, False

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line[0] == "#":
            if strs:
                flush()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line[0] == '"':
            if current is not None:
                current.append(_unquote(line[1:-1]))
            continue
        m = _KEYWORD.match(line)
        if m is None:
            continue
        keyword, index, value = m.group(1), m.group(2), _unquote(m.group(3))
        if keyword.startswith("msgstr"):
            current = strs.setdefault(int(index or 0), [])
        else:
            if strs:
                flush()
            current = fields.setdefault(keyword, [])
        current.append(value)
    flush()
    return entries


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


def _plural_rule(header: str) -> Callable[[int], int]:
    m = re.search(r"plural\s*=\s*([^;\n]+)", header)
    if m is None or m.group(1).strip() == "0":
        return lambda n: 0
    from gettext import c2py

    return c2py(m.group(1).strip())


@dataclass(frozen=True, slots=True)
class Catalog:
    """One language's translations: messages, plural forms and the plural rule.

    A message with no translation (or a fuzzy one) is shown in English.
    """

    language: str
    messages: Mapping[str, str] = field(default_factory=dict)
    plurals: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    plural_rule: Callable[[int], int] = _english_plural

    def gettext(self, message: str) -> str:
        """The translation of ``message``."""
        return self.messages.get(message) or message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The translation of a message that depends on the number ``n``."""
        forms = self.plurals.get(singular)
        if forms:
            index = self.plural_rule(n)
            if 0 <= index < len(forms) and forms[index]:
                return forms[index]
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        """The translation of ``message`` in ``context`` (two meanings of one English word)."""
        return self.messages.get(f"{context}\x04{message}") or message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """:meth:`ngettext` within ``context``."""
        forms = self.plurals.get(f"{context}\x04{singular}")
        if forms:
            index = self.plural_rule(n)
            if 0 <= index < len(forms) and forms[index]:
                return forms[index]
        return singular if n == 1 else plural


def catalog_path(language: str, domain: str = DOMAIN) -> Path:
    """The ``.po`` file of a language (of the code's messages, or of another domain)."""
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


def load_catalog(language: str, domain: str = DOMAIN) -> Catalog:
    """Read a language's catalog (English is the code itself: an empty catalog).

    A data domain (:data:`DATA_DOMAINS`) a language has no file for reads as an
    empty catalog: its texts are shown in English.

    Raises:
        UnknownLanguage: when there is no catalog for ``language``.
    """
    if language == SOURCE_LANGUAGE:
        return Catalog(SOURCE_LANGUAGE)
    if language not in LANGUAGES:
        raise UnknownLanguage(language)
    path = catalog_path(language, domain)
    if domain != DOMAIN and not path.is_file():
        return Catalog(language)
    entries = read_po(path.read_text(encoding="utf-8"))
    messages: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    rule: Callable[[int], int] = _english_plural
    for e in entries:
        if e.msgid == "" and e.context is None:
            rule = _plural_rule(e.msgstr[0] if e.msgstr else "")
            continue
        if e.fuzzy:
            continue
        key = e.msgid if e.context is None else f"{e.context}\x04{e.msgid}"
        if e.plural is None:
            if e.msgstr and e.msgstr[0]:
                messages[key] = e.msgstr[0]
        elif any(e.msgstr):
            plurals[key] = e.msgstr
    return Catalog(language, messages, plurals, rule)


_catalogs: dict[str, Catalog] = {}
#: The language of the process (the app, a command): set by :func:`use`.
_active: Catalog = Catalog(SOURCE_LANGUAGE)
#: The language of one piece of work (a server's request): set by :func:`speaking`,
#: seen only by the thread or asyncio task that set it, and winning over ``_active``.
_speaking: ContextVar[Catalog | None] = ContextVar("riichi_drill_speaking", default=None)


def _catalog(language: str) -> Catalog:
    catalog = _catalogs.get(language)
    if catalog is None:
        catalog = _catalogs[language] = load_catalog(language)
    return catalog


def _current() -> Catalog:
    return _speaking.get() or _active


def use(language: str) -> None:
    """Speak ``language`` from now on (its catalog is read once).

    Raises:
        UnknownLanguage: when there is no such language.
    """
    global _active
    _active = _catalog(language)


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` within the block, in this thread (or asyncio task) only.

    A server answering two teachers at once builds each one's report inside
    its own ``speaking`` block: neither sees the other's language, and the
    process's own language (:func:`use`) is left as it was.

    >>> use("en")
    >>> with speaking("ja"):
    ...     pgettext("term", "han")
    '翻'
    >>> active_language()
    'en'

    Raises:
        UnknownLanguage: when there is no such language.
    """
    token = _speaking.set(_catalog(language))
    try:
        yield
    finally:
        _speaking.reset(token)


def active_language() -> str:
    """The code of the language being spoken."""
    return _current().language


def gettext(message: str) -> str:
    """``message`` in the active language."""
    return _current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, in the active language."""
    return _current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in ``context``, in the active language."""
    return _current().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` within ``context``."""
    return _current().npgettext(context, singular, plural, n)


_domains: dict[tuple[str, str], Catalog] = {}


def dpgettext(domain: str, context: str, message: str) -> str:
    """``message`` in ``context`` of a data domain (:data:`DATA_DOMAINS`), in the active language.

    The domain's catalog is read the first time one of its texts is shown in a
    language (not at start-up). A text whose English changed since it was
    translated has no entry under its new English, so it is shown in English
    until the translation is brought up to date.
    """
    language = _current().language
    key = (domain, language)
    catalog = _domains.get(key)
    if catalog is None:
        catalog = _domains[key] = load_catalog(language, domain)
    return catalog.pgettext(context, message)


#: The name the code calls: ``_("Payment")``.
_ = gettext


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it yet (for tables)."""
    return message


# --------------------------------------------------------------------------- formats
# Babel is imported inside each helper: the first call pays for it, start-up does not.

#: Babel's locale name for each language.
_BABEL_LOCALE: Mapping[str, str] = {"en": "en", "ja": "ja", "th": "th", "vi": "vi", "uk": "uk"}


def _locale(language: str | None) -> str:
    code = language or _current().language
    return _BABEL_LOCALE.get(code, code)


def format_number(n: int, language: str | None = None) -> str:
    """A whole number grouped as the language writes it (``12,000``, ``12.000``, ``12 000``).

    Payments are not written with this: at the table they are said without
    grouping (``12000``); see :mod:`quiz.words.payments`.
    """
    from babel.numbers import format_decimal as babel_decimal

    return str(babel_decimal(n, locale=_locale(language)))


def format_decimal(x: float, digits: int = 1, language: str | None = None) -> str:
    """A decimal number with ``digits`` decimals, in the language's style (``1,5`` in uk)."""
    from babel.numbers import format_decimal as babel_decimal

    pattern = "#,##0." + "0" * digits if digits > 0 else "#,##0"
    return str(babel_decimal(x, format=pattern, locale=_locale(language)))


def decimal_mark(language: str | None = None) -> str:
    """The language's decimal mark (``.``; ``,`` in uk and vi), for a number not grouped."""
    from babel.numbers import get_decimal_symbol

    return str(get_decimal_symbol(_locale(language)))


def format_percent(share: float, language: str | None = None) -> str:
    """A share (0.0-1.0) as a whole percentage in the language's style (``85%``, ``85 %``)."""
    from babel.numbers import format_percent as babel_percent

    return str(babel_percent(share, locale=_locale(language)))


def format_duration(seconds: float, language: str | None = None, **options: Any) -> str:
    """A length of time in words (``3 minutes``, ``3 นาที``, ``3 хвилини``).

    Extra options go to Babel's ``format_timedelta`` (e.g. ``format="short"``).
    """
    from datetime import timedelta

    from babel.dates import format_timedelta

    return str(format_timedelta(timedelta(seconds=seconds), locale=_locale(language), **options))


def format_date(day: date, language: str | None = None, style: str = "medium") -> str:
    """A date in the language's style (``1 Dec 2026``, ``2026/12/01``)."""
    from babel.dates import format_date as babel_date

    return str(babel_date(day, format=style, locale=_locale(language)))


def format_datetime(moment: datetime, language: str | None = None, style: str = "short") -> str:
    """A date and time in the language's style."""
    from babel.dates import format_datetime as babel_datetime

    return str(babel_datetime(moment, format=style, locale=_locale(language)))
