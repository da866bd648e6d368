"""Every lesson's reading fits 80x24 in every language, no word cut, tiles drawn."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from quiz.course.lessons import lessons, tiles_marked
from quiz.screens.course.reading import reading_lines
from quiz.words.core import LANGUAGES, use
from quiz.words.tilefaces import TileStyle, tiles_text
from quiz.words.width import display_width

#: The reading's width on an 80-column screen: its padding and the scroll bar taken.
WIDTHS = (76, 78)


def _drawer(style: TileStyle) -> Callable[[Sequence[Any]], str]:
    """Tiles drawn as the reading draws them (a set's tiles joined by no-break spaces)."""
    return lambda tiles: tiles_text(tiles, style).replace(" ", "\u00a0")


def _cuts(paragraph: str, lines: list[str]) -> list[str]:
    """Line breaks that fall inside a word (not at a space, not between wide characters)."""
    cuts = []
    pos = 0
    for i, line in enumerate(lines):
        assert paragraph.startswith(line, pos), (line, paragraph[pos:pos + 40])
        pos += len(line)
        if i == len(lines) - 1:
            break
        if paragraph[pos:pos + 1] == " ":
            pos += 1
            continue
        before, after = paragraph[pos - 1], paragraph[pos]
        if display_width(before) < 2 and display_width(after) < 2:
            cuts.append(f"{line[-15:]}|{lines[i + 1][:15]}")
    return cuts


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("style", [TileStyle.ASCII, TileStyle.KANJI, TileStyle.GLYPH])
def test_every_reading_fits_80_columns_without_cut_words(code: str, style: TileStyle) -> None:
    use(code)
    for lesson in lessons():
        for width in WIDTHS:
            lines = reading_lines(lesson, style, width)
            assert all(display_width(line) <= width for line in lines), (code, lesson.id)
            # paragraph by paragraph (blank lines between), each wrapped without a cut word
            body = lines[lines.index("") + 1:]
            paragraphs = "\n".join(body).split("\n\n")
            for text, wrapped in zip(lesson.reading(), paragraphs, strict=True):
                drawn = tiles_marked(text, _drawer(style))
                assert not _cuts(drawn, wrapped.split("\n")), (code, lesson.id, width)
                assert "{" not in wrapped  # every tile drawn
        # a screen or two: at most 2 x 22 lines of reading
        assert len(reading_lines(lesson, style, 76)) <= 44, (code, lesson.id)


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_every_reading_is_in_the_language(code: str) -> None:
    use("en")
    english = {x.id: x.reading() for x in lessons()}
    use(code)
    for lesson in lessons():
        assert all(a != b for a, b in zip(lesson.reading(), english[lesson.id], strict=True))
        assert lesson.title() != lesson.english_title or code == "vi"
