"""The situation of a win in words: winds, dealer, how it was won, dora, sticks, rules."""

from __future__ import annotations

import zlib

from rich.text import Text
from textual.reactive import reactive

from scoring.hand import Situation, Wind

from ..drills import TableCell
from .tile import TILE_CSS, TileStyled

__all__ = ["SituationPanel", "discarder", "situation_lines"]

_FLAG_WORDS = (
    ("double_riichi", "double riichi"),
    ("riichi", "riichi"),
    ("ippatsu", "ippatsu"),
    ("rinshan", "rinshan (won on the kan replacement tile)"),
    ("chankan", "chankan (robbed a kan)"),
    ("haitei", "haitei (last tile of the wall)"),
    ("houtei", "houtei (last discard)"),
    ("tenhou", "tenhou (dealer's first draw)"),
    ("chiihou", "chiihou (first draw)"),
    ("renhou", "renhou (ron before the first draw)"),
)


def discarder(seat: Wind, salt: str) -> Wind:
    """A seat other than the winner's, chosen from ``salt`` (the same item: the same seat)."""
    others = [w for w in Wind if w is not seat]
    return others[zlib.crc32(salt.encode()) % 3]


def situation_lines(s: Situation, rules: str, *, salt: str = "") -> list[str]:
    """The situation in words, one line per fact group (tiles are drawn separately)."""
    who = "dealer" if s.dealer else "non-dealer"
    if s.tsumo:
        how = "tsumo (self-draw)"
    else:
        d = discarder(s.seat_wind, salt)
        how = f"ron from {d.word}" + (" (dealer)" if d is Wind.EAST else "")
    first = f"{s.round_wind.word} round · seat {s.seat_wind.word} ({who}) · {how}"
    flags = [words for name, words in _FLAG_WORDS if getattr(s, name)]
    if s.double_riichi and "riichi" in flags:
        flags.remove("riichi")
    second = ("Declared: " + ", ".join(flags)) if flags else "No riichi or other situational yaku"
    extras = []
    if s.honba:
        extras.append(f"{s.honba} honba")
    if s.sticks:
        extras.append(f"{s.sticks} riichi stick{'s' if s.sticks > 1 else ''}")
    extras.append(f"{rules} rules")
    return [first, second, " · ".join(extras)]


class SituationPanel(TileStyled):
    """The situation of the question on screen, with everything the answer counts."""

    DEFAULT_CSS = ("SituationPanel { height: auto; width: 1fr; }\n"
                   + TILE_CSS.format(name="SituationPanel"))

    show_ura: reactive[bool] = reactive(True)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._situation: Situation | None = None
        self._rules = "tenhou"
        self._salt = ""
        self._cell: TableCell | None = None

    def show(self, situation: Situation, rules: str, *, salt: str = "",
             show_ura: bool = True) -> None:
        """Describe a hand's situation (with its ura indicators unless told not to).

        At the table the ura indicators are turned over before anyone scores,
        so a question shows them; only a drill that does not count them (the
        dora drill) leaves them out.
        """
        self._situation, self._rules, self._salt, self._cell = situation, rules, salt, None
        self.set_reactive(SituationPanel.show_ura, show_ura)
        self.refresh(layout=True)

    def show_cell(self, cell: TableCell, rules: str) -> None:
        """Describe a points-table question."""
        self._situation, self._cell, self._rules = None, cell, rules
        self.refresh(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        return len(self.render().wrap(self.app.console, max(width, 10)))

    def render(self) -> Text:
        muted = self.get_component_rich_style("tile--label", partial=True)
        if self._cell is not None:
            c = self._cell
            text = Text()
            text.append("Dealer" if c.dealer else "Non-dealer", "bold")
            text.append(" · won by ")
            text.append("tsumo" if c.tsumo else "ron", "bold")
            text.append(" · ")
            text.append(f"{c.fu} fu {c.han} han", "bold")
            if c.honba:
                text.append(f" · {c.honba} honba", "bold")
            text.append(f" · rules: {self._rules}", muted)
            return text
        s = self._situation
        if s is None:
            return Text("")
        lines = situation_lines(s, self._rules, salt=self._salt)
        text = Text(lines[0] + "\n")
        text.append(lines[1] + "\n")
        text.append("Dora indicator" + ("s" if len(s.dora) > 1 else "") + ": ")
        if s.dora:
            text.append_text(self.tile_text(s.dora))
        else:
            text.append("none ", muted)
        if self.show_ura and s.ura:
            text.append(" Ura: ")
            text.append_text(self.tile_text(s.ura))
            if not s.in_riichi:
                text.append("(no riichi: not counted) ", muted)
        text.rstrip()
        text.append(" · " + lines[2], muted)
        return text
