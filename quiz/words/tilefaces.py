"""Tile faces as plain text: every face of a style the same width.

Three styles: ``ascii`` (``5m``, ``E``, ``Rd``), ``kanji`` (``伍萬``, ``東``) and
``glyph`` (the Unicode mahjong tiles, opt-in: terminals and fonts disagree on
their width). A red five keeps its face and is marked by the cell after it
(``*``) as well as by colour, so it reads without colour too.

>>> from scoring.tiles import Tile
>>> face(Tile.parse("5m"), TileStyle.ASCII), face(Tile.parse("7z"), TileStyle.ASCII)
('5m', 'Rd')
>>> face(Tile.parse("0p"), TileStyle.KANJI), face(Tile.parse("1z"), TileStyle.KANJI)
('伍筒', ' 東 ')
>>> chip(Tile.parse("0s"), TileStyle.ASCII), chip(Tile.parse("1z"), TileStyle.ASCII)
('5s*', 'E  ')

In running text (marks, reasons, the explanation) tiles are written one by one,
a space apart, so a red five's mark stays on its own tile:

>>> from scoring.tiles import parse_tiles
>>> tiles_text(parse_tiles("40p6s"), TileStyle.ASCII)
'4p 5p* 6s'
>>> tiles_text(parse_tiles("55z"), TileStyle.KANJI)
'白 白'
>>> tiles_in(TileStyle.ASCII)(parse_tiles("1z"))
'E'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum

from scoring.tiles import Tile

__all__ = ["RED_MARK", "TileStyle", "back", "chip", "chip_width", "chips_width", "face",
           "suit_class", "tiles_in", "tiles_text"]

#: The cell after a red five's face.
RED_MARK = "*"


class TileStyle(StrEnum):
    """How tile faces are drawn."""

    ASCII = "ascii"
    KANJI = "kanji"
    GLYPH = "glyph"

    @property
    def label(self) -> str:
        """The style's name in the settings."""
        return {"ascii": "Plain text (5m, E, Rd)", "kanji": "Kanji (伍萬, 東)",
                "glyph": "Unicode tile glyphs (needs a font that has them)"}[self.value]


_ASCII_HONOURS = ("E", "S", "W", "N", "Wh", "Gr", "Rd")
_KANJI_NUMBERS = "一二三四伍六七八九"
_KANJI_SUITS = {"m": "萬", "p": "筒", "s": "索"}
_KANJI_HONOURS = "東南西北白發中"
_GLYPH_BASE = {"m": 0x1F007, "p": 0x1F019, "s": 0x1F010}
_GLYPH_HONOURS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_WIDTH = {TileStyle.ASCII: 2, TileStyle.KANJI: 4, TileStyle.GLYPH: 2}


def _cells(text: str) -> int:
    """Terminal cells of a face (wide East Asian characters take two)."""
    import unicodedata

    width = 0
    for ch in text:
        if 0x1F000 <= ord(ch) <= 0x1F02B:
            width += 2 if ord(ch) == 0x1F004 else 1
        else:
            width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def _pad(text: str, width: int) -> str:
    missing = width - _cells(text)
    left = missing // 2 if _cells(text) % 2 == 0 and missing >= 2 else 0
    return " " * left + text + " " * (missing - left)


def face(tile: Tile, style: TileStyle) -> str:
    """The tile's face, every face of a style the same width."""
    suit = tile.suit.value
    if style is TileStyle.ASCII:
        text = _ASCII_HONOURS[tile.number - 1] if suit == "z" else f"{tile.number}{suit}"
    elif style is TileStyle.KANJI:
        if suit == "z":
            text = _KANJI_HONOURS[tile.number - 1]
        else:
            text = _KANJI_NUMBERS[tile.number - 1] + _KANJI_SUITS[suit]
    else:
        if suit == "z":
            code = _GLYPH_HONOURS[tile.number - 1]
        else:
            code = _GLYPH_BASE[suit] + tile.number - 1
        text = chr(code)
    return _pad(text, _WIDTH[style])


def chip_width(style: TileStyle) -> int:
    """Cells of one tile with its mark cell."""
    return _WIDTH[style] + 1


def chip(tile: Tile, style: TileStyle) -> str:
    """Face and mark cell: the mark is ``*`` for a red five, else a space."""
    return face(tile, style) + (RED_MARK if tile.red else " ")


def chips_width(tiles: Sequence[Tile], style: TileStyle) -> int:
    """Cells of tiles drawn as chips side by side: a chip each, and a space after each red
    five's mark but the last tile's (the mark belongs to its tile, not the next)."""
    return len(tiles) * chip_width(style) + sum(1 for t in tiles[:-1] if t.red)


def back(style: TileStyle) -> str:
    """A tile seen from the back (the outer tiles of a closed kan)."""
    if style is TileStyle.GLYPH:
        return _pad(chr(0x1F02B), _WIDTH[style])
    return "#" * _WIDTH[style]


def suit_class(tile: Tile) -> str:
    """A style class for the tile's suit: man, pin, sou, wind or a dragon."""
    if tile.suit.value == "z":
        if tile.is_wind:
            return "wind"
        return ("haku", "hatsu", "chun")[tile.index - 31]
    return {"m": "man", "p": "pin", "s": "sou"}[tile.suit.value]


def tiles_text(tiles: Sequence[Tile], style: TileStyle) -> str:
    """Tiles in running text: each face without padding, a red five followed by its mark,
    a space between tiles (``4p 5p* 6s``)."""
    return " ".join(face(t, style).strip() + (RED_MARK if t.red else "") for t in tiles)


def tiles_in(style: TileStyle) -> Callable[[Sequence[Tile]], str]:
    """The tile formatter of a style, for texts built elsewhere (marks, explanations)."""

    def draw(tiles: Sequence[Tile]) -> str:
        return tiles_text(tiles, style)

    return draw
