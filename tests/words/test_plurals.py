"""Every count agrees with its noun: a message with a number before a counted noun is a
plural message (ngettext) in the template and in every catalog, and the code never
formats a count into a singular message (issue 24, part 2).

Ukrainian has three forms (1 хан, 2 хани, 5 ханів); a singular message such as
``%(han)d han`` gave «5 хан» on screen. The scan reads the template and each
catalog, and the Python sources' ``_()`` / ``pgettext()`` / ``N_()`` calls.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from quiz.words.core import LOCALES, read_po, use
from quiz.words.terms import han_count

ROOT = Path(__file__).resolve().parents[2]
#: Nouns a number counts in the app's messages (English, the msgids' language).
NOUNS = ("fu", "han", "honba", "counters?", "points?", "tiles?", "sticks?", "dora", "questions?",
         "answers?", "cards?", "days?", "times", "players?", "payers?", "items?", "minutes?",
         "seconds?", "hands?", "yaku", "kans?", "learners?", "students?", "sets?", "lines?",
         "wins?", "files?", "reviews?", "games?", "hours?", "weeks?", "sessions?", "mistakes?",
         "leeches?", "concepts?", "pairs?", "melds?", "triplets?", "copies", "red fives?",
         r"identical \w+")
#: Placeholders of conversion ``s`` that hold a count (a number already formatted).
COUNT_NAMES = ("n", "count", "total", "want", "need", "melds", "fu", "han", "asked", "right",
               "agree", "added", "students", "misses", "fewer", "times", "days", "answer")
_NOUN = "(?:" + "|".join(NOUNS) + r")\b"
COUNTED = re.compile(r"%\((\w+)\)d\s+" + _NOUN + "|%\\((?:" + "|".join(COUNT_NAMES) + r")\)s\s+"
                     + _NOUN)


def counted_singulars(path: Path) -> list[str]:
    """The singular messages of a catalog with a count before a counted noun."""
    return [e.msgid for e in read_po(path.read_text(encoding="utf-8"))
            if e.msgid and e.plural is None and COUNTED.search(e.msgid)]


def test_the_detector_finds_a_bare_count_and_leaves_other_numbers() -> None:
    assert COUNTED.search("%(han)d han: %(limit)s")
    assert COUNTED.search("%(right)s of %(n)s questions fully right")
    assert COUNTED.search("must have %(want)s tiles")
    assert not COUNTED.search("Fu: %(raw)d, already a multiple of 10.")
    assert not COUNTED.search("%(file)s line %(line)s")  # the line's number, not a count of lines
    assert not COUNTED.search("%(round)s round · seat %(seat)s")


#: Every message domain: the app's words, and the data's (notes, topics, the course).
DOMAINS = ("riichi_drill", "notes", "topics", "course")


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("catalog", ["template", "ja", "th", "vi", "uk"])
def test_every_message_with_a_count_is_a_plural_message(catalog: str, domain: str) -> None:
    path = (LOCALES / f"{domain}.pot" if catalog == "template"
            else LOCALES / catalog / "LC_MESSAGES" / f"{domain}.po")
    assert path.is_file(), path
    assert counted_singulars(path) == []


def test_every_catalog_is_scanned() -> None:
    """A catalog added later (a new domain) is scanned too: none is left out."""
    assert {p.stem for p in LOCALES.glob("*.pot")} == set(DOMAINS)
    for code in ("ja", "th", "vi", "uk"):
        assert {p.stem for p in (LOCALES / code / "LC_MESSAGES").glob("*.po")} == set(DOMAINS)


def _message_calls(tree: ast.AST) -> list[tuple[int, str]]:
    """The literal messages of ``_()``, ``gettext()``, ``pgettext()`` and ``N_()`` calls."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = (node.func.id if isinstance(node.func, ast.Name)
                else node.func.attr if isinstance(node.func, ast.Attribute) else "")
        if name not in ("_", "gettext", "pgettext", "N_"):
            continue
        for arg in node.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((node.lineno, arg.value))
    return found


def test_the_code_formats_no_count_into_a_singular_message() -> None:
    faults = []
    for path in sorted((ROOT / "quiz").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, message in _message_calls(tree):
            if COUNTED.search(message):
                faults.append(f"{path.relative_to(ROOT)}:{line}: {message!r}")
    assert faults == []


@pytest.mark.parametrize(("n", "said"), [(1, "1 хан"), (2, "2 хани"), (4, "4 хани"),
                                         (5, "5 ханів"), (11, "11 ханів"), (21, "21 хан")])
def test_ukrainian_han_take_the_form_of_their_number(n: int, said: str) -> None:
    use("uk")
    assert han_count(n) == said


#: Counted nouns that do not change with the number in Ukrainian (docs/glossary/uk.md:
#: фу is indeclinable, as players write it).
INDECLINABLE = frozenset({"%(n)d fu"})


def test_ukrainian_counts_have_their_three_forms() -> None:
    """A plural message of a counted noun says it in three forms in Ukrainian, not one
    form written around the number (``питань: %(n)s``)."""
    pot = read_po((LOCALES / "riichi_drill.pot").read_text(encoding="utf-8"))
    counted = {(e.context, e.msgid) for e in pot
               if e.plural is not None and COUNTED.search(e.msgid)}
    uk = read_po((LOCALES / "uk" / "LC_MESSAGES" / "riichi_drill.po").read_text(encoding="utf-8"))
    same = [e.msgid for e in uk if (e.context, e.msgid) in counted and len(set(e.msgstr)) == 1
            and e.msgid not in INDECLINABLE]
    assert counted and same == []
