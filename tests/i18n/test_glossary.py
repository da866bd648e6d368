"""The glossaries and the catalogs say the same words: each glossary row's term is what the
drill shows for that key in that language."""

from __future__ import annotations

import re
from collections.abc import Callable

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
from tests.conftest import ROOT

GLOSSARY = ROOT / "docs" / "glossary"
TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
_ROW = re.compile(r"^\| `(\w+):([^`]+)` \| ([^|]+) \| ([^|]+) \|")
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
