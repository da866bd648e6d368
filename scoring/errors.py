"""Exceptions raised by the scoring library, all under one root.

Syntax errors (notation) and rule errors (an impossible hand or situation) are
separate classes, so a caller can tell a typo from a hand that cannot exist.
Every message is one lowercase sentence that names the problem and quotes the
input where there is one.
"""

from __future__ import annotations

import re

#: The longest piece of input a message quotes whole, and the longest message.
QUOTE_LIMIT = 40
MESSAGE_LIMIT = 300
# a piece already clipped (it holds "…") is left as it is
_QUOTED = re.compile(r"'([^'…]{" + str(QUOTE_LIMIT + 1) + r",})'")


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """A long piece of input cut to its start and end, saying how long it was.

    >>> clip("1m" * 2500)
    '1m1m1m1m1m1m1m1m1m1m1m1m…1m1m1m1m1m1m (5000 characters)'
    >>> clip("123m")
    '123m'
    """
    if len(text) <= limit:
        return text
    head, tail = limit * 6 // 10, limit * 3 // 10
    return f"{text[:head]}…{text[-tail:]} ({len(text)} characters)"


def short_message(message: str) -> str:
    """A message whose quoted input is clipped (a 5,000-tile hand is not echoed whole)."""
    message = _QUOTED.sub(lambda m: f"'{clip(m.group(1))}'", message)
    if len(message) > MESSAGE_LIMIT:
        message = clip(message, MESSAGE_LIMIT)
    return message


class ScoringError(ValueError):
    """Root of every error the scoring library raises.

    The message quotes at most a short piece of a long input.
    """

    def __init__(self, message: str = "", *args: object) -> None:
        super().__init__(short_message(str(message)), *args)


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
