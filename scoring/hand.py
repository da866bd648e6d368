"""Winning hands: concealed tiles, melds, the winning tile and the situation.

>>> m = Meld.parse("pon 777z")
>>> m.kind, str(m), m.is_open
(<MeldKind.PON: 'pon'>, 'pon 777z', True)
>>> Meld.parse("chi 135m")
Traceback (most recent call last):
...
scoring.errors.MeldError: chi '135m' is not a run of three consecutive tiles of one suit
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import NotationError
from .melds import WIND_WORDS, Meld, MeldKind, Wind
from .rules import TENHOU, RuleProfile
from .tiles import Tile, parse_tiles

__all__ = ["WIND_WORDS", "Hand", "Meld", "MeldKind", "Situation", "Win", "WinFlags", "Wind"]


@dataclass(frozen=True, slots=True, kw_only=True)
class WinFlags:
    """The situational flags of a win, named and ordered as the batch format's flags.

    The one definition of these flags: the scorer's :class:`Situation` and the
    bank's ``data.records.Problem`` both are ``WinFlags`` (keyword-only fields).
    """

    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False


@dataclass(frozen=True, slots=True)
class Situation(WinFlags):
    """Everything about a win that is not the tiles in the hand (its flags: :class:`WinFlags`)."""

    tsumo: bool = False
    round_wind: Wind = Wind.EAST
    seat_wind: Wind = Wind.EAST
    dora: tuple[Tile, ...] = ()
    ura: tuple[Tile, ...] = ()
    honba: int = 0
    sticks: int = 0

    @property
    def dealer(self) -> bool:
        """The winner is the dealer (seat East)."""
        return self.seat_wind is Wind.EAST

    @property
    def in_riichi(self) -> bool:
        """Riichi or double riichi was declared."""
        return self.riichi or self.double_riichi


@dataclass(frozen=True, slots=True)
class Hand:
    """The winner's tiles: concealed tiles (with the winning tile) and melds."""

    concealed: tuple[Tile, ...]
    win: Tile
    melds: tuple[Meld, ...] = ()

    @property
    def is_closed(self) -> bool:
        """No open meld (a closed kan keeps the hand closed)."""
        return not any(m.is_open for m in self.melds)

    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile of the hand, melds included."""
        out = list(self.concealed)
        for m in self.melds:
            out.extend(m.tiles)
        return tuple(out)

    @classmethod
    def parse(cls, concealed: str, win: str, melds: tuple[str, ...] | list[str] = ()) -> Hand:
        """Build a hand from notation, e.g. ``Hand.parse("234567m34p456s22z5p", "5p")``."""
        try:
            win_tile = Tile.parse(win)
        except NotationError as e:
            raise e.within("winning tile") from None
        return cls(parse_tiles(concealed), win_tile, tuple(Meld.parse(m) for m in melds))


@dataclass(frozen=True, slots=True)
class Win:
    """A winning hand with its situation, to be scored under a rule profile."""

    hand: Hand
    situation: Situation = field(default_factory=Situation)
    rules: RuleProfile = TENHOU
