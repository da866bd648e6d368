"""The glossaries' concept tables, read, and every text of a language checked against them.

Each ``docs/glossary/<code>.md`` holds a table "One word for each concept
(enforced)": one row per concept with the one term the drill uses, the forms
that are the same word, the spellings refused everywhere and the spellings
refused only where the message's English names the concept. This module reads
those rows and finds every refused spelling in the catalogs
(``quiz/words/locales/<code>/LC_MESSAGES/*.po``) and in the words of the code, each
fault named by its file, line and the right term.

A refused spelling in backticks is a literal: for an alphabet with spaces
between words (Ukrainian, Vietnamese) it is matched at the start of a word, so
a stem refuses every ending; for Thai and Japanese anywhere. One written
``/.../`` is a regular expression, matched as written. Before a concept's
refused spellings are looked for, the concept's own forms that contain one are
masked (ซูอังโคทันกิ is the yaku, not the refused ทันกิ).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary"
LOCALES = ROOT / "quiz" / "words" / "locales"
DOMAINS = ("riichi_drill", "notes", "topics", "course")
#: Languages whose words stand between spaces: a literal is matched at a word's start.
SPACED = frozenset({"uk", "vi"})
#: Where the code keeps words of the languages (string literals and comments are read).
CODE_DIRS = ("quiz", "data", "scoring")
#: Readers of what a learner types: they accept every spelling a player may type (カンチャン
#: as well as 嵌張), so the refused spellings are not looked for there.
READERS = frozenset({"quiz/grading/answers.py", "quiz/grading/payments.py",
                     "data/gamelog/tenhou6.py"})

_CONCEPT_ROW = "| `concept:"
_ITEM = re.compile(r"``(.+?)``|`([^`]+)`")
_PLACEHOLDER = re.compile(r"%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[sdifr]|%%")
_CELL_SPLIT = re.compile(r"(?<!\\)\|")


class GlossaryError(ValueError):
    """A glossary row that cannot be read."""


@dataclass(frozen=True)
class Spelling:
    """One refused spelling: its text as written in the glossary and its pattern."""

    written: str
    pattern: re.Pattern[str]


@dataclass(frozen=True)
class Concept:
    """One row of a concept table."""

    language: str
    key: str
    english: tuple[re.Pattern[str], ...]
    term: str
    forms: tuple[str, ...]
    refused: tuple[Spelling, ...]
    refused_here: tuple[Spelling, ...]
    line: int

    def says_it(self, english: str) -> bool:
        """Whether a message's English names this concept."""
        return any(p.search(english) for p in self.english)


@dataclass(frozen=True)
class Fault:
    """A refused spelling found in a text."""

    where: str
    concept: Concept
    spelling: Spelling
    found: str
    text: str
    at: int = 0

    def __str__(self) -> str:
        start = max(0, self.at - 40)
        shown = self.text[start:self.at + len(self.found) + 40].replace("\n", " ")
        shown = ("..." if start else "") + shown
        return (f"{self.where}: {self.found!r} is refused for {self.concept.key} "
                f"(glossary {self.spelling.written!r}); write {self.concept.term!r} "
                f"-- in: {shown}")


def _items(cell: str) -> list[str]:
    return [a or b for a, b in _ITEM.findall(cell)]


def _spelling(written: str, language: str) -> Spelling:
    if len(written) > 2 and written.startswith("/") and written.endswith("/"):
        body = written[1:-1]
    else:
        body = re.escape(written)
        if language in SPACED:
            body = r"(?<!\w)" + body
        body = "(?i:" + body + ")"
    try:
        return Spelling(written, re.compile(body))
    except re.error as error:
        raise GlossaryError(f"{language}: the refused spelling {written!r} is not a pattern: "
                            f"{error}") from error


def concepts(language: str) -> list[Concept]:
    """The concept rows of a language's glossary."""
    path = GLOSSARY / f"{language}.md"
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.startswith(_CONCEPT_ROW):
            continue
        cells = [c.strip().replace("\\|", "|") for c in _CELL_SPLIT.split(line)[1:-1]]
        if len(cells) != 7:
            raise GlossaryError(f"{path.name}:{number}: a concept row has 7 cells, not "
                                f"{len(cells)}")
        key = cells[0].strip("`")
        term = cells[2]
        if not term:
            raise GlossaryError(f"{path.name}:{number}: {key} has no term")
        rows.append(Concept(
            language=language,
            key=key,
            english=tuple(re.compile(e, re.IGNORECASE) for e in _items(cells[1])),
            term=term,
            forms=tuple(_items(cells[3])),
            refused=tuple(_spelling(s, language) for s in _items(cells[4])),
            refused_here=tuple(_spelling(s, language) for s in _items(cells[5])),
            line=number,
        ))
    return rows


# --------------------------------------------------------------------------- catalogs


@dataclass(frozen=True)
class Message:
    """One translated message: where it is, its English and its translations."""

    where: str
    english: str
    translations: tuple[str, ...]


def _unquote(text: str) -> str:
    value = ast.literal_eval(text)
    assert isinstance(value, str)
    return value


def read_catalog(path: Path) -> Iterator[Message]:
    """Every live message of a ``.po`` file with the line of its first translation."""
    fields: dict[str, str] = {}
    lines: dict[str, int] = {}
    current = ""

    def done() -> Iterator[Message]:
        strings = [k for k in fields if k.startswith("msgstr")]
        if fields.get("msgid") and strings:
            first = min(lines[k] for k in strings)
            english = fields["msgid"] + "\n" + fields.get("msgid_plural", "")
            shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            yield Message(f"{shown}:{first}", english,
                          tuple(fields[k] for k in sorted(strings)))

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            yield from done()
            fields, lines, current = {}, {}, ""
            continue
        if line.startswith("#"):
            continue
        if line.startswith('"'):
            fields[current] += _unquote(line)
            continue
        keyword, _, rest = line.partition(" ")
        current = keyword
        fields[keyword] = _unquote(rest)
        lines[keyword] = number
    yield from done()


def catalog_paths(language: str) -> list[Path]:
    """The language's catalogs: the app's words, the notes, the topics and the course."""
    return [LOCALES / language / "LC_MESSAGES" / f"{d}.po" for d in DOMAINS]


def _masked(text: str, concept: Concept) -> str:
    spellings = concept.refused + concept.refused_here
    for form in sorted(concept.forms, key=len, reverse=True):
        if any(s.pattern.search(form) for s in spellings):
            text = text.replace(form, "\x01")
    return _PLACEHOLDER.sub("\x02", text)


def _position(text: str, masked: str, at: int) -> int:
    """Where a match in the masked text is, roughly, in the text as written."""
    return min(at, len(text) - 1) if len(masked) == len(text) else max(
        0, min(len(text) - 1, at * len(text) // max(1, len(masked))))


def faults_in(text: str, where: str, concept: Concept, english: str | None) -> list[Fault]:
    """The refused spellings of ``concept`` in ``text`` (its English given for a message)."""
    spellings = concept.refused
    if english is not None and concept.says_it(english):
        spellings = spellings + concept.refused_here
    if not spellings:
        return []
    masked = _masked(text, concept)
    faults = []
    for spelling in spellings:
        match = spelling.pattern.search(masked)
        if match:
            faults.append(Fault(where, concept, spelling, match.group(0), text,
                                _position(text, masked, match.start())))
    return faults


def catalog_faults(language: str) -> list[Fault]:
    """Every refused spelling in the language's catalogs."""
    rows = concepts(language)
    faults = []
    for path in catalog_paths(language):
        for message in read_catalog(path):
            for text in message.translations:
                for concept in rows:
                    faults += faults_in(text, message.where, concept, message.english)
    return faults


def code_faults(language: str) -> list[Fault]:
    """Refused spellings (those with a letter outside ASCII) in the code's text."""
    rows = concepts(language)
    faults = []
    for folder in CODE_DIRS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.relative_to(ROOT).as_posix() in READERS:
                continue
            source = path.read_text(encoding="utf-8")
            if source.isascii():
                continue
            for number, line in enumerate(source.splitlines(), 1):
                if line.isascii():
                    continue
                where = f"{path.relative_to(ROOT)}:{number}"
                for concept in rows:
                    own = Concept(concept.language, concept.key, concept.english, concept.term,
                                  concept.forms,
                                  tuple(s for s in concept.refused if not s.written.isascii()),
                                  (), concept.line)
                    faults += faults_in(line, where, own, None)
    return faults


def uses(language: str, words: tuple[str, ...]) -> bool:
    """Whether any catalog of the language uses one of ``words``."""
    for path in catalog_paths(language):
        text = path.read_text(encoding="utf-8")
        if any(w in text for w in words):
            return True
    return False
