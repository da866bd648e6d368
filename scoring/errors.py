"""Exceptions raised by the scoring library, all under one root.

Syntax errors (notation) and rule errors (an impossible hand or situation) are
separate classes, so a caller can tell a typo from a hand that cannot exist.
Every message is one lowercase sentence that names the problem and quotes the
input where there is one.
"""

from __future__ import annotations


class ScoringError(ValueError):
    """Root of every error the scoring library raises."""


class NotationError(ScoringError):
    """Tile or meld notation that cannot be read (e.g. ``12x``)."""


class TileCountError(ScoringError):
    """The hand has the wrong number of tiles for its melds."""


class TooManyCopiesError(ScoringError):
    """More than four of a tile, or more red fives than the rule profile's set has."""


class WinningTileError(ScoringError):
    """The winning tile is not in the concealed hand."""


class MeldError(ScoringError):
    """A meld that cannot exist (a chi that is not a run, a pon of different tiles)."""


class SituationError(ScoringError):
    """A combination of situation flags that cannot happen at a table."""


class IncompleteHandError(ScoringError):
    """The tiles do not form a winning hand."""


class NoYakuError(ScoringError):
    """A complete hand with no yaku: it cannot be won (dora are not yaku)."""


class RuleProfileError(ScoringError):
    """An unknown rule profile name or switch."""


class InputFieldError(ScoringError):
    """A batch input field of the wrong type or with an unknown value."""
