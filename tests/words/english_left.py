"""Finding English left in a translated output: the words of our own English messages.

The vocabulary is every word of the English messages of the command line and
the class screens (the catalogs' ``cli`` and ``class`` contexts), so a line
left untranslated is caught in any language, Vietnamese included (it is
written in Latin letters too). What may stay as it is:

- tile notation, ids and anything with a digit, ``-``, ``_``, ``:``, ``/`` or
  ``.`` in it (``234567m``, ``boundary-kiriage-tenhou``, ``yaku:pinfu``, paths);
- the program and its commands (``riichi-drill bank list:``, ``build`` in the
  list of commands), option names and metavars (``--db``, ``PATH-or-URL``,
  ``ACTION``), the values ``--ask`` takes, the values of a choice
  (``{curated,generated,game}``) and anything quoted (``'nosuch'``);
- the words in :data:`ALLOWED`: the field's own words that the glossaries keep
  as they are in Vietnamese (fu, han, yaku, dora...), rule profile and format
  names, ``seed``, kept beside its translation, and the names of positional
  arguments (``name``, ``file``), which argparse shows as the code names them.
"""

from __future__ import annotations

import re
from functools import cache

from quiz.words.core import LOCALES, read_po

#: Words a translation may keep (see the module's docstring).
ALLOWED = frozenset({
    "fu", "han", "yaku", "yakuman", "dora", "ura", "riichi", "ron", "tsumo", "honba", "nagashi",
    "tenhou", "wrc", "mjai", "mjlog", "json", "lines", "csv", "url", "sqlalchemy", "seed",
    "ctrl", "enter", "lang", "stdin", "stdout", "postgresql", "id", "ids",
    # the names of positional arguments, as argparse shows them (like option names)
    "name", "file", "files", "family",
})
_STRIP = (
    re.compile(r"riichi-drill(?: [a-z][a-z-]*)*"),  # the program and its commands (prog)
    re.compile(r"(?m)^ {2,6}[a-z][a-z-]+(?= {2,}|$)"),  # a command in the list of commands
    re.compile(r"fu, han, yaku, payment|fu,han,payment"),  # the values --ask takes
    re.compile(r"'[^']*'"),                      # quoted values
    re.compile(r'"[^"]*"'),                      # quoted values (JSON: ["pon 777z"])
    re.compile(r"\[\[\w+\]\]|\btrue\b|\bfalse\b"),  # TOML tables, JSON values
    re.compile(r"\{[^}]*\}"),                    # choices
    re.compile(r"--?[A-Za-z][\w-]*"),            # option names
    re.compile(r"\S*\d\S*|\S*\w[_:/.\\#@-]+\w\S*"),  # tiles, ids, paths, numbers
    re.compile(r"\b[A-Z][A-Z-]+\b"),             # metavars
    re.compile(r"%\(\w+\)\w"),                   # placeholders (in msgids)
)
_WORD = re.compile(r"[A-Za-z]+")


@cache
def english_words() -> frozenset[str]:
    """Every word (3 letters or more) of our English cli and class messages."""
    words: set[str] = set()
    for entry in read_po((LOCALES / "riichi_drill.pot").read_text(encoding="utf-8")):
        if entry.context not in ("cli", "class", "i18nrest"):
            continue
        for text in (entry.msgid, entry.plural or ""):
            for pattern in _STRIP:
                text = pattern.sub(" ", text)
            words.update(w.lower() for w in _WORD.findall(text) if len(w) >= 3)
    return frozenset(words - ALLOWED)


def english_left(text: str) -> list[str]:
    """The English words of our messages found in ``text`` (after what may stay is taken out)."""
    for pattern in _STRIP:
        text = pattern.sub(" ", text)
    vocabulary = english_words()
    return sorted({w for w in _WORD.findall(text) if w.lower() in vocabulary})
