"""Tiles and the MPSZ notation.

A tile is one of 34 kinds (9 manzu, 9 pinzu, 9 souzu, 7 honours) and may be a
red five. The index of a kind runs 0-8 for ``1m``-``9m``, 9-17 for pinzu,
18-26 for souzu and 27-33 for East, South, West, North, haku, hatsu, chun.

>>> str(Tile.parse("0p"))
'0p'
>>> Tile.parse("0p").number, Tile.parse("0p").red
(5, True)
>>> [str(t) for t in parse_tiles("123m05p7z")]
['1m', '2m', '3m', '0p', '5p', '7z']
>>> format_tiles(parse_tiles("1z23m"))
'23m1z'
>>> str(dora_from_indicator(Tile.parse("9s"))), str(dora_from_indicator(Tile.parse("4z")))
('1s', '1z')
>>> str(dora_from_indicator(Tile.parse("7z")))
'5z'
>>> Tile.parse("8z")
Traceback (most recent call last):
...
scoring.errors.NotationError: there is no honour tile '8z' (honours are 1z-7z)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .errors import NotationError, Reason


class Suit(StrEnum):
    """The four suits, valued by their notation letter."""

    MAN = "m"
    PIN = "p"
    SOU = "s"
    HONOR = "z"


SUIT_ORDER: tuple[Suit, ...] = (Suit.MAN, Suit.PIN, Suit.SOU, Suit.HONOR)
HONOR_NAMES: tuple[str, ...] = ("East", "South", "West", "North", "White", "Green", "Red")
SUIT_NAMES: dict[Suit, str] = {
    Suit.MAN: "characters",
    Suit.PIN: "circles",
    Suit.SOU: "bamboo",
    Suit.HONOR: "honours",
}


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One tile: a kind (suit and number) and whether it is a red five."""

    index: int
    red: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.index < 34:
            raise NotationError.because(Reason.TILE_INDEX, index=self.index)
        if self.red and self.index not in (4, 13, 22):
            raise NotationError.because(Reason.RED_NOT_FIVE, tile=_plain(self.index))

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read one tile such as ``5m``, ``0p`` (red five) or ``7z`` (chun).

        Raises:
            NotationError: when the text is not exactly one tile.
        """
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise NotationError.because(Reason.NOT_ONE_TILE, text=text)
        return tiles[0]

    @classmethod
    def of(cls, suit: Suit, number: int, red: bool = False) -> Tile:
        """Build a tile from its suit and number (1-9, honours 1-7)."""
        return cls(SUIT_ORDER.index(suit) * 9 + number - 1, red)

    @property
    def suit(self) -> Suit:
        """The tile's suit."""
        return SUIT_ORDER[self.index // 9]

    @property
    def number(self) -> int:
        """1-9 for suited tiles, 1-7 for honours (E S W N haku hatsu chun)."""
        return self.index % 9 + 1

    @property
    def is_honor(self) -> bool:
        """True for winds and dragons."""
        return self.index >= 27

    @property
    def is_terminal(self) -> bool:
        """True for 1 and 9 of a suit."""
        return self.index < 27 and self.index % 9 in (0, 8)

    @property
    def is_terminal_or_honor(self) -> bool:
        """True for yaochuuhai: 1, 9 and honours."""
        return self.index >= 27 or self.index % 9 in (0, 8)

    @property
    def is_simple(self) -> bool:
        """True for 2-8 of a suit."""
        return not self.is_terminal_or_honor

    @property
    def is_dragon(self) -> bool:
        """True for haku, hatsu and chun."""
        return self.index >= 31

    @property
    def is_wind(self) -> bool:
        """True for the four winds."""
        return 27 <= self.index <= 30

    @property
    def plain(self) -> Tile:
        """The same kind of tile without the red mark."""
        return Tile(self.index) if self.red else self

    def name(self) -> str:
        """A name in English words, e.g. ``red 5 circles`` or ``East``."""
        if self.is_honor:
            return HONOR_NAMES[self.index - 27]
        prefix = "red " if self.red else ""
        return f"{prefix}{self.number} {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return f"{0 if self.red else self.number}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"


def _plain(index: int) -> str:
    return f"{index % 9 + 1}{SUIT_ORDER[index // 9].value}"


#: The 34 plain tiles by index, and the three red fives.
TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(34))
RED_FIVES: tuple[Tile, ...] = (Tile(4, True), Tile(13, True), Tile(22, True))
_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}


def _parse_uncached(text: str) -> tuple[Tile, ...]:
    out: list[Tile] = []
    pending: list[int] = []
    for ch in text:
        if ch.isspace():
            continue
        if "0" <= ch <= "9":
            pending.append(ord(ch) - 48)
        elif ch in _SUIT_BASE:
            if not pending:
                raise NotationError.because(Reason.SUIT_WITHOUT_DIGITS, letter=ch, text=text)
            base = _SUIT_BASE[ch]
            for n in pending:
                if ch == "z":
                    if not 1 <= n <= 7:
                        raise NotationError.because(Reason.NO_SUCH_HONOUR, tile=f"{n}z")
                    out.append(TILES[base + n - 1])
                elif n == 0:
                    out.append(RED_FIVES[base // 9])
                else:
                    out.append(TILES[base + n - 1])
            pending = []
        else:
            raise NotationError.because(Reason.UNKNOWN_CHARACTER, character=ch, text=text)
    if pending:
        digits = "".join(map(str, pending))
        raise NotationError.because(Reason.DIGITS_WITHOUT_SUIT, digits=digits, text=text)
    return tuple(out)


_GROUP_CACHE: dict[str, tuple[Tile, ...]] = {}
_GROUP_RE = re.compile(r"([0-9]+)([mps])|([1-7]+)z")


def _parse_fast(text: str) -> tuple[Tile, ...] | None:
    """Parse well-formed notation group by group, memoised by group.

    Groups repeat across hands; whole hands hardly ever do, so they are not memoised.
    """
    out: list[Tile] = []
    end = 0
    for m in _GROUP_RE.finditer(text):
        if m.start() != end:
            return None
        end = m.end()
        group = m.group(0)
        tiles = _GROUP_CACHE.get(group)
        if tiles is None:
            tiles = _parse_uncached(group)
            if len(_GROUP_CACHE) < 50_000:
                _GROUP_CACHE[group] = tiles
        out.extend(tiles)
    if end != len(text):
        return None
    return tuple(out)


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Read MPSZ notation: digits followed by their suit letter.

    Spaces are ignored. ``0`` is a red five in ``m``, ``p`` and ``s``.

    Raises:
        NotationError: on an unknown character, digits without a suit, a suit
            letter without digits, or a tile that does not exist (``8z``, ``0z``).

    >>> len(parse_tiles("19m19p19s1234567z"))
    13
    >>> parse_tiles("123")
    Traceback (most recent call last):
    ...
    scoring.errors.NotationError: digits '123' have no suit letter after them in '123'
    """
    if not isinstance(text, str):
        raise NotationError.because(Reason.TILES_NOT_TEXT, value=repr(text))
    tiles = _parse_fast(text)
    return _parse_uncached(text) if tiles is None else tiles


def _tile_order(t: Tile) -> int:
    return 2 * t.index + (not t.red)


_DIGITS = "123456789"


def format_tiles(tiles: Iterable[Tile], sort: bool = True) -> str:
    """Write tiles in compact MPSZ notation (``123m55p``), sorted by default.

    Red fives sort with the fives and are written ``0``.
    """
    items = sorted(tiles, key=_tile_order) if sort else tiles
    out: list[str] = []
    suit = -1
    for t in items:
        i = t.index
        if i // 9 != suit:
            if suit >= 0:
                out.append("mpsz"[suit])
            suit = i // 9
        out.append("0" if t.red else _DIGITS[i % 9])
    if suit >= 0:
        out.append("mpsz"[suit])
    return "".join(out)


def dora_from_indicator(indicator: Tile) -> Tile:
    """The dora that an indicator points at (9 -> 1, North -> East, chun -> haku).

    The result is never red: a red-five indicator points at the six.
    """
    i = indicator.index
    if i < 27:
        return Tile(i - i % 9 + (i % 9 + 1) % 9)
    if i <= 30:
        return Tile(27 + (i - 27 + 1) % 4)
    return Tile(31 + (i - 31 + 1) % 3)
