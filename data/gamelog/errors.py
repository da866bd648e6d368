"""Why a game log is refused: one clear line each, all under :class:`LogError`.

>>> str(ThreePlayerGameError("a.mjlog"))
'a.mjlog: refused: a 3-player game (sanma); we teach 4-player scoring'
"""

from __future__ import annotations

from ..errors import DataError


class LogError(DataError):
    """A game log that cannot be imported, naming the file and the reason.

    Attributes:
        origin: the file name (``-`` for standard input).
        reason: what is wrong, in a few words.
    """

    def __init__(self, origin: str, reason: str) -> None:
        self.origin = origin
        self.reason = reason
        super().__init__(f"{origin}: refused: {reason}")


class UnknownFormatError(LogError):
    """The content is not an mjlog, tenhou.net/6 or mjai log."""


class MalformedLogError(LogError):
    """A truncated or malformed log: the replay cannot follow it."""


class ThreePlayerGameError(LogError):
    """A 3-player (sanma) game: the trainer teaches 4-player scoring."""

    def __init__(
        self, origin: str, reason: str = "a 3-player game (sanma); we teach 4-player scoring"
    ) -> None:
        super().__init__(origin, reason)


class NotServerLogError(LogError):
    """A log written by a simulator or bot, not by a game server."""
