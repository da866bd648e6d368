"""Melds and winds as the batch interface reads them: ``MeldKind``, ``Meld``, ``Wind``.

Apart from the hand and its situation (``scoring.hand``, which hands these on) so
that the batch interface, which reads a record straight into its compact form,
does without the hand's objects.

>>> m = Meld.parse("pon 777z")
>>> m.kind, str(m), m.is_open
(<MeldKind.PON: 'pon'>, 'pon 777z', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .errors import InputFieldError, MeldError, Reason
from .tiles import Tile, format_tiles, parse_tiles

__all__ = ["WIND_WORDS", "Meld", "MeldKind", "Wind"]


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
