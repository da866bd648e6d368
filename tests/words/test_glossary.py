"""The glossaries and the catalogs say the same words: each glossary row's term is what the
drill shows for that key in that language, and no text of a language uses a spelling its
glossary refuses (``docs/glossary/<code>.md``, "One word for each concept")."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from quiz.words.core import LANGUAGES, SOURCE_LANGUAGE, use
from quiz.words.terms import (
    KNOWN_FU_ITEMS,
    KNOWN_LIMITS,
    KNOWN_WAITS,
    KNOWN_YAKU,
    fu_item_name,
    honour_name,
    limit_name,
    term,
    wait_name,
    yaku_title,
)
from tests.support.paths import ROOT
from tests.words.glossary_terms import (
    catalog_faults,
    catalog_paths,
    code_faults,
    concepts,
    faults_in,
    read_catalog,
    uses,
)

GLOSSARY = ROOT / "docs" / "glossary"
TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
_ROW = re.compile(r"^\| `(term|limit|wait|fu|yaku|honour):([^`]+)` \| ([^|]+) \| ([^|]+) \|")
RENDER: dict[str, Callable[[str], str]] = {
    "term": term,
    "limit": limit_name,
    "wait": wait_name,
    "fu": fu_item_name,
    "yaku": yaku_title,
    "honour": lambda key: honour_name(int(key)),
}


def _rows(code: str) -> list[tuple[str, str, str]]:
    path = GLOSSARY / f"{code}.md"
    assert path.is_file(), f"every language needs its glossary: write {path}"
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _ROW.match(line)
        if m:
            rows.append((m.group(1), m.group(2), m.group(4).strip()))
    return rows


@pytest.mark.parametrize("code", TRANSLATED)
def test_glossary_and_catalog_agree(code: str) -> None:
    rows = _rows(code)
    use(code)
    for kind, key, word in rows:
        assert RENDER[kind](key) == word, (code, kind, key)


@pytest.mark.parametrize("code", TRANSLATED)
def test_glossary_covers_every_term(code: str) -> None:
    keys = {(kind, key) for kind, key, _ in _rows(code)}
    for kind, known in (("yaku", KNOWN_YAKU), ("fu", KNOWN_FU_ITEMS), ("wait", KNOWN_WAITS),
                        ("limit", KNOWN_LIMITS)):
        assert {(kind, k) for k in known} <= keys, (code, kind)


@pytest.mark.parametrize("code", ["th", "vi", "uk"])
def test_glossary_cites_its_seed(code: str) -> None:
    seed = {"th": "seed 000", "vi": "seed 001", "uk": "seed 003"}[code]
    text = (GLOSSARY / f"{code}.md").read_text(encoding="utf-8")
    assert text.count(seed) >= 20


#: The concepts issue 24 names, which every language's table must hold.
REQUIRED_CONCEPTS = {"concept:fu", "concept:han", "concept:ron", "concept:tsumo",
                     "concept:dealer", "concept:non_dealer", "concept:meld",
                     "concept:ura_dora", "concept:aka_dora", "concept:yakuhai",
                     "concept:practice_set", "concept:session"}


def _report(faults: Sequence[object], what: str) -> str:
    shown = "\n".join(str(f) for f in faults[:40])
    more = f"\n... and {len(faults) - 40} more" if len(faults) > 40 else ""
    return f"{len(faults)} {what}:\n{shown}{more}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_concept_has_one_term(code: str) -> None:
    rows = concepts(code)
    keys = [c.key for c in rows]
    assert len(keys) == len(set(keys)), f"{code}: a concept twice in its glossary"
    assert set(keys) >= REQUIRED_CONCEPTS, (code, REQUIRED_CONCEPTS - set(keys))
    for concept in rows:
        assert concept.english, f"{code}: {concept.key} names no English"
        own = faults_in(concept.term, "glossary", concept, None)
        assert not own, f"{code}: {concept.key}'s own term is refused: {own}"
        for form in concept.forms:
            assert not faults_in(form, "glossary", concept, None), (code, concept.key, form)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_term_is_used(code: str) -> None:
    """A term no catalog uses would be a table of wishes: each concept's word is on screen."""
    for concept in concepts(code):
        assert uses(code, (concept.term, *concept.forms)), (
            f"{code}: no catalog uses {concept.key}'s term {concept.term!r} or its forms")


@pytest.mark.parametrize("code", TRANSLATED)
def test_catalogs_use_only_the_glossary_terms(code: str) -> None:
    faults = catalog_faults(code)
    assert not faults, _report(faults, f"{code} messages use a spelling the glossary refuses")


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_catalog_is_checked(code: str) -> None:
    """The course's catalog (course.po) and any catalog added later are read too."""
    folder = ROOT / "quiz" / "words" / "locales" / code / "LC_MESSAGES"
    assert set(catalog_paths(code)) == set(folder.glob("*.po"))
    course = folder / "course.po"
    assert len(list(read_catalog(course))) > 40, "the course's messages are read"


@pytest.mark.parametrize("code", TRANSLATED)
def test_code_uses_only_the_glossary_terms(code: str) -> None:
    """The words the code holds itself (payment forms, docstrings, examples) follow it too."""
    faults = code_faults(code)
    assert not faults, _report(faults, f"{code} words in the code the glossary refuses")


def test_a_refused_spelling_is_found_and_named() -> None:
    """The check itself: a refused spelling, one refused only for its concept, and a form
    masked because it holds a refused spelling."""
    th = {c.key: c for c in concepts("th")}
    found = faults_in("ชนะด้วยการรอน", "x.po:1", th["concept:ron"], "won by ron")
    assert [f.found for f in found] == ["รอน"]
    assert "ล่ง" in str(found[0]) and "x.po:1" in str(found[0])
    assert not faults_in("ซูอังโคทันกิ", "x.po:1", th["concept:tanki"], "Suuankou tanki")
    uk = {c.key: c for c in concepts("uk")}
    meld = uk["concept:meld"]
    assert faults_in("відкриті набори 123m", "x.po:1", meld, "melds %(melds)s")
    assert not faults_in("набір '%(name)s' видалено", "x.po:1", meld,
                         "practice set '%(name)s' was deleted")
    han = uk["concept:han"]
    assert [f.found for f in faults_in("4 хан 30 фу", "x", han, None)] == ["4 хан"]
    assert not faults_in("1 хан, 4 хани, 5 ханів, 21 хан, 12 ханів", "x", han, None)


def test_a_catalog_line_is_named(tmp_path: Path) -> None:
    po = tmp_path / "x.po"
    po.write_text('msgid ""\nmsgstr ""\n\nmsgctxt "term"\nmsgid "ron"\nmsgstr ""\n"รอน"\n',
                  encoding="utf-8")
    messages = list(read_catalog(po))
    assert [(m.english.strip(), m.translations) for m in messages] == [("ron", ("รอน",))]
    assert messages[0].where.endswith("x.po:6")


_LEAD = re.compile(r"^(?:\s|#+ |\*\*|[-*] |[«\"'(\[])*")


def _first(text: str) -> str:
    return _LEAD.sub("", text)[:1]


@pytest.mark.parametrize("code", ["vi", "uk"])
def test_a_sentence_starts_as_a_sentence(code: str) -> None:
    """An English sentence (capital first, full stop or question mark last) is a sentence
    in the translation too: it starts with a capital, not with a placeholder that is drawn
    in lower case ("%(part)s là bao nhiêu?" showed "fu, han và ... là bao nhiêu?")."""
    faults = []
    for path in catalog_paths(code):
        for message in read_catalog(path):
            english = message.english.split("\n")[0].strip()
            lead = _first(english)
            if not (lead.isalpha() and lead.isupper() and english[-1:] in ".?!"):
                continue
            for text in message.translations:
                first = _first(text)
                if first == "%" or (first.isalpha() and first.islower()):
                    faults.append(f"{message.where}: {text[:70]!r}")
    assert not faults, _report(faults, f"{code} sentences that do not start as one")


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_yaku_title_holds_no_colon(code: str) -> None:
    """The explanation says "%(yaku)s: %(amount)s": a title with its own colon ("ฟันไพ่:
    มังกรขาว: 1 ฮัง") reads as two labels."""
    use(code)
    with_colon = [yaku_title(key) for key in KNOWN_YAKU if ":" in yaku_title(key)
                  or "：" in yaku_title(key)]
    assert not with_colon, (code, with_colon)
