"""Tiles drawn as text: the shared styles, and a row of tiles.

Every widget that draws tiles mixes in :class:`TileStyled`: it declares the
``tile--*`` component classes (suit colours, red fives, backs, the winning
and the called tile) so an app stylesheet can restyle tiles in one place, and
gives :meth:`TileStyled.tile_text` to turn tiles into Rich text. A face is
plain text of one fixed width (see :mod:`quiz.words.tilefaces`); a red five is
marked by colour and by ``*`` in the cell after it, so it reads without
colour too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from scoring.tiles import Tile

from ..words.tilefaces import RED_MARK, TileStyle, face, suit_class
from ..words.tilefaces import back as back_face

__all__ = ["TILE_COMPONENTS", "TILE_CSS", "TileRow", "TileStyled"]

#: The component classes that style tiles.
TILE_COMPONENTS: set[str] = {
    "tile--man", "tile--pin", "tile--sou", "tile--wind", "tile--haku", "tile--hatsu",
    "tile--chun", "tile--red", "tile--back", "tile--win", "tile--called", "tile--label",
    "tile--mark",
}

#: Default tile styles (a widget's DEFAULT_CSS includes them under its own type name).
TILE_CSS = """
{name} > .tile--man {{ color: #e06c75; text-style: bold; }}
{name} > .tile--pin {{ color: #61afef; text-style: bold; }}
{name} > .tile--sou {{ color: #98c379; text-style: bold; }}
{name} > .tile--wind {{ color: $text; text-style: bold; }}
{name} > .tile--haku {{ color: $text; text-style: bold; }}
{name} > .tile--hatsu {{ color: #98c379; text-style: bold; }}
{name} > .tile--chun {{ color: #e06c75; text-style: bold; }}
{name} > .tile--red {{ color: #ffffff; background: #c0392b; text-style: bold; }}
{name} > .tile--back {{ color: $text-muted; }}
{name} > .tile--win {{ text-style: bold underline; }}
{name} > .tile--called {{ text-style: bold reverse; }}
{name} > .tile--label {{ color: $text-muted; }}
{name} > .tile--mark {{ color: #ff6b6b; text-style: bold; }}
"""


class TileStyled(Widget):
    """A widget that draws tiles (one face width, suit colours, red fives marked)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = TILE_COMPONENTS

    tile_style: reactive[TileStyle] = reactive(TileStyle.ASCII)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The tile styles resolved from the stylesheet, kept until the styles change
        #: (Textual's own cache is emptied on every refresh; a hand asks for each often).
        self._tile_styles: dict[tuple[str, ...], Style] = {}

    def notify_style_update(self) -> None:
        """The styles changed (a theme, the colour mode): resolve the tile styles again."""
        super().notify_style_update()
        self._tile_styles = {}

    def tile_component_style(self, *names: str) -> Style:
        """The partial Rich style of ``tile--*`` component classes, added in turn."""
        style = self._tile_styles.get(names)
        if style is None:
            style = Style()
            for name in names:
                style += self.get_component_rich_style(name, partial=True)
            self._tile_styles[names] = style
        return style

    def tile_rich_style(self, tile: Tile) -> Style:
        """The Rich style of one tile's face."""
        suit = "tile--" + suit_class(tile)
        return self.tile_component_style(suit, "tile--red") if tile.red else (
            self.tile_component_style(suit))

    def tile_text(self, tiles: Iterable[Tile], *, win: Tile | None = None,
                  called: int | None = None, backs: Iterable[int] = ()) -> Text:
        """Tiles as chips: each face, then its mark cell (``*`` for a red five).

        A red five's mark takes the cell that parts it from the next tile, so a
        space follows it there (``5m* 6m``, never ``5m*6m``): :func:`chips_width`.

        Args:
            tiles: the tiles, in the order drawn.
            win: draw this tile as the winning tile.
            called: the position of the called (turned) tile, if any.
            backs: positions drawn face down.
        """
        text = Text()
        face_down = set(backs)
        tiles = list(tiles)
        for i, tile in enumerate(tiles):
            if i in face_down:
                text.append(back_face(self.tile_style), self.tile_component_style("tile--back"))
                text.append(" ")
                continue
            names = ["tile--" + suit_class(tile)]
            if tile.red:
                names.append("tile--red")
            if win is not None and tile == win:
                names.append("tile--win")
            if called == i:
                names.append("tile--called")
            text.append(face(tile, self.tile_style), self.tile_component_style(*names))
            if tile.red:
                text.append(RED_MARK, self.tile_component_style("tile--mark"))
                if i < len(tiles) - 1:  # the mark is its tile's, not the next one's
                    text.append(" ")
            else:
                text.append(" ")
        return text


class TileRow(TileStyled, Static):
    """A row of tiles (e.g. dora indicators), with an optional label before it."""

    DEFAULT_CSS = "TileRow { height: auto; width: auto; }\n" + TILE_CSS.format(name="TileRow")

    tiles: reactive[tuple[Tile, ...]] = reactive(())

    def __init__(self, tiles: Iterable[Tile] = (), *, label: str = "",
                 tile_style: TileStyle = TileStyle.ASCII, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label
        self.set_reactive(TileRow.tile_style, tile_style)
        self.set_reactive(TileRow.tiles, tuple(tiles))

    def render(self) -> Text:
        text = Text(self.label + (" " if self.label else ""),
                    self.get_component_rich_style("tile--label", partial=True))
        text.append_text(self.tile_text(self.tiles))
        text.rstrip()
        return text
