"""Tiles as the web pages draw them: HTML and CSS of our own, never a font's glyphs.

Each tile is a ``<span class="t ...">`` whose face is text in the learner's
style: ``5m`` (ascii) or the number over the suit in kanji (``伍`` over
``萬``). The Unicode tile glyphs of the terminal's third style need a font most
phones lack (they would show as empty boxes), so on a page that style is drawn
as the kanji faces. A red five is red (and marked ``*`` for readers without
colour), the called tile of a meld lies sideways as at the table, the outer
tiles of a closed kan lie face down.

>>> from scoring.tiles import Tile
>>> str(tile_html(Tile.parse("0p"), "ascii"))
'<span class="t pin red" title="5p*"><b>5p</b><i>*</i></span>'
>>> str(tile_html(Tile.parse("1z"), "kanji", called=True))
'<span class="t wind called" title="E"><b>東</b></span>'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from scoring.hand import Hand, MeldKind
from scoring.tiles import Tile

from ..words.tilefaces import TileStyle, face, suit_class

__all__ = ["HandGroupView", "hand_view", "tile_html", "tiles_html"]

_KANJI_NUMBERS = "一二三四伍六七八九"
_KANJI_SUITS = {"m": "萬", "p": "筒", "s": "索"}


def _style(style: str | TileStyle) -> TileStyle:
    try:
        return TileStyle(style)
    except ValueError:
        return TileStyle.ASCII


def tile_html(tile: Tile, style: str | TileStyle, *, called: bool = False, back: bool = False,
              win: bool = False) -> Markup:
    """One tile as HTML (see the module's doctests)."""
    s = _style(style)
    name = face(tile, TileStyle.ASCII).strip() + ("*" if tile.red else "")
    classes = ["t", suit_class(tile)]
    if tile.red:
        classes.append("red")
    if called:
        classes.append("called")
    if win:
        classes.append("win")
    if back:
        return Markup('<span class="t back" title="{}"></span>').format(name)
    if s is TileStyle.ASCII:
        inner = Markup("<b>{}</b>").format(face(tile, s).strip())
    elif tile.suit.value == "z":
        inner = Markup("<b>{}</b>").format(face(tile, TileStyle.KANJI).strip())
    else:
        inner = Markup('<b class="k">{}<br>{}</b>').format(
            _KANJI_NUMBERS[tile.number - 1], _KANJI_SUITS[tile.suit.value])
    if tile.red:
        inner += Markup("<i>*</i>")
    return Markup('<span class="{}" title="{}">{}</span>').format(" ".join(classes), name, inner)


def tiles_html(tiles: Sequence[Tile], style: str | TileStyle) -> Markup:
    """Tiles side by side (dora indicators, the tiles of a sentence)."""
    return Markup("").join(tile_html(t, style) for t in tiles)


@dataclass(frozen=True, slots=True)
class HandGroupView:
    """One group of a hand as drawn: its tiles' HTML and the word under it."""

    html: Markup
    label: str
    kind: str


def hand_view(hand: Hand, style: str | TileStyle, *, tsumo: bool, hide_win: bool,
              labels: dict[str, str]) -> list[HandGroupView]:
    """The groups of a hand to draw: the concealed tiles, the winning tile, each meld.

    ``labels`` words the groups in the learner's language: ``waiting``, ``ron``,
    ``tsumo`` and each meld kind's value (``chi``, ``pon``, ``ankan``...).
    """
    concealed = list(hand.concealed)
    concealed.remove(hand.win)
    concealed.sort(key=lambda t: (t.index, not t.red))
    groups = [HandGroupView(tiles_html(concealed, style),
                            labels["waiting"] if hide_win else "", "concealed")]
    if not hide_win:
        groups.append(HandGroupView(tile_html(hand.win, style, win=True),
                                    labels["tsumo" if tsumo else "ron"], "win"))
    for meld in hand.melds:
        tiles = sorted(meld.tiles, key=lambda t: (t.index, t.red))
        if meld.kind is MeldKind.ANKAN:
            plain = [t for t in tiles if not t.red]
            tiles = [plain[0], *[t for t in tiles if t.red], *plain[1:]]
            html = Markup("").join(tile_html(t, style, back=i in (0, 3))
                                   for i, t in enumerate(tiles))
        else:
            html = Markup("").join(tile_html(t, style, called=i == 0)
                                   for i, t in enumerate(tiles))
        groups.append(HandGroupView(html, labels[meld.kind.value], "meld"))
    return groups


def escaped(text: str) -> Markup:
    """Text made safe for a page (a helper for the templates)."""
    return escape(text)
