"""The hand as it lies on the table: concealed tiles, the winning tile, the melds.

The concealed tiles are sorted; the winning tile stands apart, underlined,
with ``ron`` or ``tsumo`` under it; each meld is a group with its kind under
it, the called tile turned (drawn reversed, ``^`` under it) and a closed kan
with its two outer tiles face down. Groups wrap onto another line when the
terminal is narrow.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive

from scoring.hand import Hand, MeldKind
from scoring.tiles import Tile

from ..words.core import N_, _
from ..words.tilefaces import chips_width
from ..words.width import display_width, pad
from .tile import TILE_CSS, TileStyled

__all__ = ["HandGroup", "HandView", "hand_groups"]


@dataclass(frozen=True, slots=True)
class HandGroup:
    """One group as drawn: its tiles, a label under it, and how some tiles are drawn."""

    tiles: tuple[Tile, ...]
    label: str = ""
    win: Tile | None = None
    called: int | None = None
    backs: tuple[int, ...] = ()


_MELD_LABELS = {
    MeldKind.CHI: N_("^chi"),
    MeldKind.PON: N_("^pon"),
    MeldKind.MINKAN: N_("^open kan"),
    MeldKind.SHOUMINKAN: N_("^added kan"),
    MeldKind.ANKAN: N_("closed kan"),
}


def hand_groups(hand: Hand, *, tsumo: bool, hide_win: bool = False) -> list[HandGroup]:
    """The groups to draw for a hand.

    Args:
        hand: the hand (its concealed tiles include the winning tile).
        tsumo: label the winning tile ``tsumo`` rather than ``ron``.
        hide_win: draw the hand before the win (the winning tile left out).
    """
    concealed = list(hand.concealed)
    concealed.remove(hand.win)
    concealed.sort(key=lambda t: (t.index, not t.red))
    groups = [HandGroup(tuple(concealed), _("waiting") if hide_win else "")]
    if not hide_win:
        groups.append(HandGroup((hand.win,), _("tsumo") if tsumo else _("ron"), win=hand.win))
    for meld in hand.melds:
        tiles = tuple(sorted(meld.tiles, key=lambda t: (t.index, t.red)))
        if meld.kind is MeldKind.ANKAN:
            # the outer two lie face down: a red five goes in the middle, where it shows
            plain = [t for t in tiles if not t.red]
            tiles = (plain[0], *[t for t in tiles if t.red], *plain[1:])
            groups.append(HandGroup(tiles, _(_MELD_LABELS[meld.kind]), backs=(0, 3)))
        else:
            groups.append(HandGroup(tiles, _(_MELD_LABELS[meld.kind]), called=0))
    return groups


class HandView(TileStyled):
    """Draws a hand in two text rows (tiles, then labels), wrapping groups if needed."""

    DEFAULT_CSS = "HandView { height: auto; width: 1fr; }\n" + TILE_CSS.format(name="HandView")

    hand: reactive[Hand | None] = reactive(None, layout=True)
    tsumo: reactive[bool] = reactive(False)
    hide_win: reactive[bool] = reactive(False, layout=True)

    GAP = 2

    def show(self, hand: Hand | None, *, tsumo: bool = False, hide_win: bool = False) -> None:
        """Draw another hand."""
        self.set_reactive(HandView.tsumo, tsumo)
        self.set_reactive(HandView.hide_win, hide_win)
        self.hand = hand
        self.refresh(layout=True)

    def groups(self) -> list[HandGroup]:
        """The groups of the hand on show."""
        if self.hand is None:
            return []
        return hand_groups(self.hand, tsumo=self.tsumo, hide_win=self.hide_win)

    def _lines(self, width: int) -> list[list[HandGroup]]:
        lines: list[list[HandGroup]] = [[]]
        used = 0
        for g in self.groups():
            w = max(chips_width(g.tiles, self.tile_style), display_width(g.label))
            if lines[-1] and used + self.GAP + w > width:
                lines.append([])
                used = 0
            used += (self.GAP if lines[-1] else 0) + w
            lines[-1].append(g)
        return lines

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        if self.hand is None:
            return 1
        return 2 * len(self._lines(max(width, 10)))

    def render(self) -> Text:
        if self.hand is None:
            return Text("")
        label_style = self.get_component_rich_style("tile--label", partial=True)
        out = Text()
        for n, line in enumerate(self._lines(max(self.size.width, 10))):
            tiles_row = Text()
            labels_row = Text()
            for i, g in enumerate(line):
                if i:
                    tiles_row.append(" " * self.GAP)
                    labels_row.append(" " * self.GAP)
                w = max(chips_width(g.tiles, self.tile_style), display_width(g.label))
                chips = self.tile_text(g.tiles, win=g.win, called=g.called, backs=g.backs)
                chips.pad_right(w - chips.cell_len)
                tiles_row.append_text(chips)
                labels_row.append(pad(g.label, w), label_style)
            if n:
                out.append("\n")
            tiles_row.rstrip()
            labels_row.rstrip()
            out.append_text(tiles_row)
            out.append("\n")
            out.append_text(labels_row)
        return out
