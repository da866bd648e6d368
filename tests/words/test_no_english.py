"""No English left: the whole worked explanation in Japanese, Thai, Vietnamese and Ukrainian.

For every curated item (and its teaching note), 500 generated hands (the
project's generator, seed 12) and every cell of the points table, the
explanation of every drill kind that suits it (:func:`quiz.words.explanation.explanation_lines`)
is rendered in English and in each language, and:

- **no step is missing**: the same number of lines, of the same kinds, as in English;
- **no English is left**. The tiles are drawn in the plain ASCII style (``5p*``,
  ``Wh``, ``E``: the style with Latin letters) between markers, and those spans
  are removed; so are the MPSZ tiles the curated notes write (``999m``, ``111z``),
  and numbers. Then:

  - in ``ja``, ``th`` and ``uk`` no Latin word of three letters or more may remain,
    except the allow-list :data:`PROPER_NAMES`;
  - in ``vi``, which is written in Latin script, no word may remain that is also a
    word of the English rendering of the same question, except the field's words
    players use in Vietnamese (the romaji terms of ``docs/glossary/vi.md``'s
    Vietnamese column, and :data:`VI_FIELD_WORDS`) and :data:`PROPER_NAMES`.

A message left untranslated in a catalog (or a new English message nobody
translated) makes the line come out in English and the test name it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import pytest

from data.records import BankItem
from quiz.drills import DrillKind, Question, TableCell, build_question, question_for_cell
from quiz.words.core import use
from quiz.words.explanation import explanation_lines
from quiz.words.tilefaces import TileStyle, tiles_in
from scoring.tiles import Tile
from tests.support.paths import ROOT

LANGUAGES = ("ja", "th", "vi", "uk")

#: Names that stay as they are in every language: the rule profiles (and the
#: organisations and sites they are named after) and the game's name in
#: "Mahjong Soul". Nothing else in Latin letters is allowed in ja, th and uk.
PROPER_NAMES = frozenset({
    "tenhou", "mahjongsoul", "ema", "wrc", "mleague", "jpml", "jpml_a", "mahjong", "soul",
})
#: Romaji the Vietnamese notes and explanation use beside the glossary's terms,
#: as Vietnamese players say them (seed 001): calls and counted yakuman.
VI_FIELD_WORDS = frozenset({"pon", "chii", "kazoe", "rinshan", "sanshoku", "kokushi"})

_START, _END = "\x02", "\x03"
_TILE_SPAN = re.compile(f"{_START}[^{_END}]*{_END}")
_MPSZ = re.compile(r"\b\d+[mpsz]\b")
_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
_WORD = re.compile(r"[^\W\d_]+")


def _marked_tiles(tiles: Sequence[Tile]) -> str:
    return _START + tiles_in(TileStyle.ASCII)(tiles) + _END


def _without_tiles(text: str) -> str:
    return _MPSZ.sub(" ", _TILE_SPAN.sub(" ", text))


def _glossary_words() -> frozenset[str]:
    """Every word of the Vietnamese column of ``docs/glossary/vi.md``."""
    row = re.compile(r"^\| `[^`]+` \| [^|]+ \| ([^|]+) \|")
    words: set[str] = set()
    for line in (ROOT / "docs" / "glossary" / "vi.md").read_text(encoding="utf-8").splitlines():
        m = row.match(line)
        if m:
            words.update(w.lower() for w in _WORD.findall(m.group(1)))
    return frozenset(words)


VI_ALLOWED = _glossary_words() | VI_FIELD_WORDS | PROPER_NAMES


@dataclass(frozen=True)
class Rendering:
    """One question's explanation in one language: line kinds and the text without tiles."""

    kinds: tuple[str, ...]
    texts: tuple[str, ...]


def render(question: Question, language: str) -> Rendering:
    """The explanation of ``question`` in ``language``, tiles removed."""
    use(language)
    lines = explanation_lines(question, _marked_tiles)
    return Rendering(tuple(line.kind for line in lines),
                     tuple(_without_tiles(line.text) for line in lines))


def english_left(language: str, text: str, english: str) -> list[str]:
    """The English words left in a line of ``language`` (its English rendering given)."""
    if language == "vi":
        english_words = {w.lower() for w in _LATIN_WORD.findall(english)}
        return [w for w in _WORD.findall(text)
                if len(w) >= 3 and w.lower() in english_words and w.lower() not in VI_ALLOWED]
    return [w for w in _LATIN_WORD.findall(text) if w.lower() not in PROPER_NAMES]


def problems(questions: Iterable[tuple[str, Question]]) -> list[str]:
    """Every missing step and every English word left, named by question and language."""
    found: list[str] = []
    for where, question in questions:
        english = render(question, "en")
        for language in LANGUAGES:
            ours = render(question, language)
            if ours.kinds != english.kinds:
                found.append(f"{where} [{language}]: steps {ours.kinds} != {english.kinds}")
                continue
            for text, en_text in zip(ours.texts, english.texts, strict=True):
                left = english_left(language, text, en_text)
                if left:
                    found.append(f"{where} [{language}]: English {left} in {text!r}")
    return found


def hand_questions(items: Iterable[BankItem]) -> Iterator[tuple[str, Question]]:
    """Every drill's question of each item (the drills that suit it)."""
    for item in items:
        for kind in DrillKind:
            if kind is DrillKind.TABLE:
                continue
            q = build_question(kind, item, number=1, profile=item.problem.rules)
            if q is not None:
                yield f"{item.uid} ({kind.value})", q


def table_questions() -> Iterator[tuple[str, Question]]:
    """A question for every cell of the points table, with and without honba, and limits."""
    for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110):
        for han in range(1, 14):
            for dealer in (False, True):
                for tsumo in (False, True):
                    for honba in (0, 2):
                        cell = TableCell(fu, han, dealer, tsumo, honba)
                        yield f"cell {cell}", question_for_cell(cell, number=1)



@pytest.fixture(scope="module")
def curated() -> list[BankItem]:
    from data.bank.curated import load_curated

    return [p.to_bank_item() for p in load_curated()]


def test_a_few_curated_explanations_leave_no_english(curated: list[BankItem]) -> None:
    """Every tenth curated item (the whole bank is the slow test below): a quick check."""
    found = problems(hand_questions(curated[::10]))
    assert not found, f"{len(found)} problems, e.g.\n" + "\n".join(found[:15])


@pytest.mark.slow  # 13 s measured at load 30
def test_the_curated_explanations_and_notes_leave_no_english(curated: list[BankItem]) -> None:
    questions = list(hand_questions(curated))
    assert len(questions) > 300
    assert sum(1 for _, q in questions if q.item is not None and q.item.note) == len(questions)
    found = problems(questions)
    assert not found, f"{len(found)} problems, e.g.\n" + "\n".join(found[:15])


@pytest.mark.slow  # 7 s measured at load 30
def test_the_points_table_explanations_leave_no_english() -> None:
    found = problems(table_questions())
    assert not found, f"{len(found)} problems, e.g.\n" + "\n".join(found[:15])


@pytest.mark.slow
def test_500_generated_explanations_leave_no_english() -> None:
    from data.generate import generate

    items = [g.prepared().to_bank_item() for g in generate(500, seed=12)]
    questions = list(hand_questions(items))
    assert len(questions) > 1500
    found = problems(questions)
    assert not found, f"{len(found)} problems, e.g.\n" + "\n".join(found[:15])


def test_a_word_left_in_english_is_caught() -> None:
    assert english_left("ja", "符: 32、切り上げて40。", "Fu: 32, rounded up to 40.") == []
    assert english_left("ja", "符: 32, rounded up to 40。", "Fu: 32, rounded up to 40.") == [
        "rounded"]
    assert english_left("th", "กติกา tenhou", "tenhou rules") == []
    assert english_left("vi", "Fu: 32, làm tròn lên 40.", "Fu: 32, rounded up to 40.") == []
    assert english_left("vi", "Fu: 32, rounded lên 40.", "Fu: 32, rounded up to 40.") == [
        "rounded"]
    assert _without_tiles(f"{_START}5p* Wh{_END} 999m: x") == "   : x"
