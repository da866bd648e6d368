"""The situation of a win in words: winds, dealer, how it was won, dora, sticks, rules."""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING

from rich.text import Text
from textual.reactive import reactive

from scoring.hand import Situation, Wind

from ..words.terms import rules_name

if TYPE_CHECKING:
    from data.generate.rounds import RoundSpec

from ..drills import TableCell
from ..words.core import SOURCE_LANGUAGE, _, active_language, ngettext
from ..words.terms import FLAG_WORDS, fu_count, han_count, honour_name
from ..words.width import NO_BREAK
from .hanging import wrap_styled
from .tile import TILE_CSS, TileStyled

__all__ = ["SituationPanel", "cell_words", "discarder", "rules_words", "situation_lines"]

def wind_word(wind: Wind) -> str:
    """A wind in the learner's language (``East``, ``東``, ``ตะวันออก``)."""
    if active_language() == SOURCE_LANGUAGE:
        return wind.word
    return honour_name(27 + list(Wind).index(wind))


def rules_words(profile: str) -> str:
    """The rule profile a question is scored under, by its name in the learner's language
    (``天鳳ルール``, ``правила Tenhou``), not by its id (``tenhouルール``)."""

    words = _("%(rules)s rules") % {"rules": rules_name(profile)}
    return words.replace(" ", NO_BREAK)  # a name is not parted at the end of a line


def cell_words(cell: TableCell) -> str:
    """A points-table question in words, as its situation says it (``Non-dealer · won by
    tsumo · 30 fu 4 han``; ``子 · ツモ和了 · 30符 4翻``): each count in its plural form."""
    words = (_("Dealer") if cell.dealer else _("Non-dealer")) + _(" · won by ")
    words += (_("tsumo") if cell.tsumo else _("ron")) + " · "
    words += fu_count(cell.fu) + " " + han_count(cell.han)
    if cell.honba:
        words += " · " + ngettext("%(n)d honba", "%(n)d honba", cell.honba) % {"n": cell.honba}
    return words


def discarder(seat: Wind, salt: str) -> Wind:
    """A seat other than the winner's, chosen from ``salt`` (the same item: the same seat)."""
    others = [w for w in Wind if w is not seat]
    return others[zlib.crc32(salt.encode()) % 3]


def situation_lines(s: Situation, rules: str, *, salt: str = "") -> list[str]:
    """The situation in words, one line per fact group (tiles are drawn separately)."""
    who = _("dealer") if s.dealer else _("non-dealer")
    if s.tsumo:
        how = _("tsumo (self-draw)")
    else:
        d = discarder(s.seat_wind, salt)
        how = (_("ron from %(wind)s (dealer)") if d is Wind.EAST
               else _("ron from %(wind)s")) % {"wind": wind_word(d)}
    first = _("%(round)s round · seat %(seat)s (%(who)s) · %(how)s") % {
        "round": wind_word(s.round_wind), "seat": wind_word(s.seat_wind), "who": who,
        "how": how}
    names = [name for name, _words in FLAG_WORDS if getattr(s, name)]
    if s.double_riichi and "riichi" in names:
        names.remove("riichi")
    flags = [_(words) for name, words in FLAG_WORDS if name in names]
    second = (_("Declared: %(flags)s") % {"flags": _(", ").join(flags)} if flags
              else _("No riichi or other situational yaku"))
    extras = []
    if s.honba:
        extras.append(ngettext("%(n)d honba", "%(n)d honba", s.honba) % {"n": s.honba})
    if s.sticks:
        extras.append(ngettext("%(n)d riichi stick", "%(n)d riichi sticks", s.sticks)
                      % {"n": s.sticks})
    extras.append(rules_words(rules))
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
        self._round: RoundSpec | None = None

    def show(self, situation: Situation, rules: str, *, salt: str = "",
             show_ura: bool = True) -> None:
        """Describe a hand's situation (with its ura indicators unless told not to).

        At the table the ura indicators are turned over before anyone scores,
        so a question shows them; only a drill that does not count them (the
        dora drill) leaves them out.
        """
        self._situation, self._rules, self._salt, self._cell = situation, rules, salt, None
        self._round = None
        self.set_reactive(SituationPanel.show_ura, show_ura)
        self.refresh(layout=True)

    def show_cell(self, cell: TableCell, rules: str) -> None:
        """Describe a points-table question."""
        self._situation, self._cell, self._rules, self._round = None, cell, rules, None
        self.refresh(layout=True)

    def show_round(self, spec: RoundSpec) -> None:
        """Describe a round's end to settle: the table and each seat, East first."""
        self._situation, self._cell, self._round, self._rules = None, None, spec, spec.rules
        self.refresh(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        return len(self._lines(max(width, 10)))

    def render(self) -> Text:
        """The situation wrapped by the language's rules (:func:`quiz.words.width.wrap`)."""
        return Text("\n").join(self._lines(max(self.size.width, 10)))

    def _lines(self, width: int) -> list[Text]:
        # a no-break space keeps words on one line; once wrapped, it is drawn as a space
        return [Text(line.plain.replace(NO_BREAK, " "), style=line.style, spans=line.spans)
                for line in wrap_styled(self._text(), width)]

    def _text(self) -> Text:
        muted = self.get_component_rich_style("tile--label", partial=True)
        if self._round is not None:
            from ..words.settle import round_lines

            lines = round_lines(self._round)
            text = Text(lines[0], "bold")
            text.append("\n" + lines[1], muted)
            for line in lines[2:]:
                name, _sep, rest = line.partition(": ")
                text.append("\n" + name + ": ", "bold")
                text.append(rest)
            return text
        if self._cell is not None:
            c = self._cell
            text = Text()
            text.append(_("Dealer") if c.dealer else _("Non-dealer"), "bold")
            text.append(_(" · won by "))
            text.append(_("tsumo") if c.tsumo else _("ron"), "bold")
            text.append(" · ")
            text.append(fu_count(c.fu) + " " + han_count(c.han), "bold")
            if c.honba:
                text.append(" · " + ngettext("%(n)d honba", "%(n)d honba", c.honba)
                            % {"n": c.honba}, "bold")
            text.append(" · " + rules_words(self._rules), muted)
            return text
        s = self._situation
        if s is None:
            return Text("")
        lines = situation_lines(s, self._rules, salt=self._salt)
        text = Text(lines[0] + "\n")
        text.append(lines[1] + "\n")
        text.append(ngettext("Dora indicator: ", "Dora indicators: ", max(len(s.dora), 1)))
        if s.dora:
            text.append_text(self.tile_text(s.dora))
        else:
            text.append(_("none") + " ", muted)
        if self.show_ura and s.ura:
            text.append(" " + _("Ura:") + " ")
            text.append_text(self.tile_text(s.ura))
            if not s.in_riichi:
                text.append(_("(no riichi: not counted)") + " ", muted)
        text.rstrip()
        text.append(" · " + lines[2], muted)
        return text
