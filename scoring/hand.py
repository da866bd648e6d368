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
from enum import StrEnum

from .errors import InputFieldError, MeldError, NotationError, Reason
from .rules import TENHOU, RuleProfile
from .tiles import Tile, format_tiles, parse_tiles


class MeldKind(StrEnum):
    """How a meld was made, valued by its batch-format name."""

    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"
    SHOUMINKAN = "shouminkan"
    ANKAN = "ankan"


class Wind(StrEnum):
    """A wind, valued by its batch-format letter."""

    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    NORTH = "N"

    @property
    def tile(self) -> Tile:
        """The honour tile of this wind."""
        return Tile(27 + "ESWN".index(self.value))

    @property
    def word(self) -> str:
        """The wind's English name."""
        return ("East", "South", "West", "North")["ESWN".index(self.value)]

    @classmethod
    def parse(cls, text: object, field_name: str = "wind") -> Wind:
        """Read ``E``/``S``/``W``/``N`` (also the English words, any case)."""
        if isinstance(text, str):
            w = _WIND_WORDS.get(text) or _WIND_WORDS.get(text.strip().lower())
            if w is not None:
                return w
        raise InputFieldError.because(Reason.NOT_WIND, field=field_name, value=f"{text}")

    @property
    def tile_index(self) -> int:
        """The tile index of this wind (27-30)."""
        return _WIND_INDEX[self]


_WIND_WORDS: dict[str, Wind] = {}
for _w, _word in zip(Wind, ("east", "south", "west", "north"), strict=True):
    _WIND_WORDS[_w.value] = _WIND_WORDS[_w.value.lower()] = _WIND_WORDS[_word] = _w
_WIND_INDEX: dict[Wind, int] = {w: 27 + i for i, w in enumerate(Wind)}
#: Every spelling ``Wind.parse`` reads without trimming (``E``, ``e``, ``east``...).
WIND_WORDS: dict[str, Wind] = _WIND_WORDS


@dataclass(frozen=True, slots=True)
class Meld:
    """A called or declared set: chi, pon, or one of the three kinds of kan."""

    kind: MeldKind
    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        shown = format_tiles(self.tiles)
        idx = sorted(t.index for t in self.tiles)
        if self.kind is MeldKind.CHI:
            if (
                len(idx) != 3
                or idx[0] >= 27
                or idx[0] // 9 != idx[2] // 9
                or idx[1] != idx[0] + 1
                or idx[2] != idx[0] + 2
            ):
                raise MeldError.because(Reason.CHI_NOT_RUN, meld=shown)
        else:
            want = 3 if self.kind is MeldKind.PON else 4
            if len(idx) != want:
                raise MeldError.because(Reason.MELD_SIZE, kind=self.kind.value, meld=shown,
                                        want=want, count=len(idx))
            if len(set(idx)) != 1:
                raise MeldError.because(Reason.MELD_NOT_SAME, kind=self.kind.value, meld=shown,
                                        want=want)

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read ``"<kind> <tiles>"``, e.g. ``"chi 234m"`` or ``"ankan 1111p"``.

        Raises:
            MeldError: for an unknown kind or tiles that do not form that meld.
            NotationError: for unreadable tiles.
        """
        if not isinstance(text, str):
            raise MeldError.because(Reason.MELD_NOT_TEXT, value=repr(text))
        parts = text.split(None, 1)
        if len(parts) != 2:
            raise MeldError.because(Reason.MELD_FORM, text=text)
        kind_text, tiles_text = parts
        try:
            kind = MeldKind(kind_text.lower())
        except ValueError:
            kinds = ", ".join(k.value for k in MeldKind)
            raise MeldError.because(Reason.UNKNOWN_MELD_KIND, kind=kind_text, text=text,
                                    kinds=kinds) from None
        return cls(kind, parse_tiles(tiles_text))

    @property
    def is_open(self) -> bool:
        """True unless it is a closed kan: an open meld opens the hand."""
        return self.kind is not MeldKind.ANKAN

    @property
    def is_kan(self) -> bool:
        """True for the three kinds of kan."""
        return self.kind in (MeldKind.MINKAN, MeldKind.SHOUMINKAN, MeldKind.ANKAN)

    @property
    def first(self) -> int:
        """The lowest tile kind index in the meld."""
        return min(t.index for t in self.tiles)

    def __str__(self) -> str:
        return f"{self.kind.value} {format_tiles(self.tiles)}"


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
