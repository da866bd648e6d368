"""The kinds a scored hand is described by: groups, waits, readings and limits.

Plain enums, apart from the result objects (``scoring.result``) so that the batch
interface, which never builds a result, does without them.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["GroupKind", "Limit", "ReadingKind", "Wait"]


class GroupKind(StrEnum):
    """The kind of one group in a reading."""

    SEQUENCE = "sequence"
    TRIPLET = "triplet"
    QUAD = "quad"
    PAIR = "pair"


class Wait(StrEnum):
    """How the winning tile completed the hand."""

    RYANMEN = "ryanmen"
    KANCHAN = "kanchan"
    PENCHAN = "penchan"
    SHANPON = "shanpon"
    TANKI = "tanki"
    KOKUSHI = "kokushi"
    KOKUSHI_13 = "kokushi_13"

    @property
    def fu(self) -> int:
        """Fu for this wait: 2 for kanchan, penchan and tanki, else 0."""
        return 2 if self in (Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI) else 0


class ReadingKind(StrEnum):
    """The shape of a winning hand."""

    STANDARD = "standard"
    CHIITOITSU = "chiitoitsu"
    KOKUSHI = "kokushi"


class Limit(StrEnum):
    """Named limits of the hand's value."""

    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"
    DOUBLE_YAKUMAN = "double_yakuman"
    TRIPLE_YAKUMAN = "triple_yakuman"
    QUADRUPLE_YAKUMAN = "quadruple_yakuman"
    QUINTUPLE_YAKUMAN = "quintuple_yakuman"
    SEXTUPLE_YAKUMAN = "sextuple_yakuman"

    @classmethod
    def of_yakuman(cls, multiplier: int) -> Limit:
        """The limit name for a yakuman multiplier (1 -> yakuman, 2 -> double...)."""
        names = [
            cls.YAKUMAN,
            cls.DOUBLE_YAKUMAN,
            cls.TRIPLE_YAKUMAN,
            cls.QUADRUPLE_YAKUMAN,
            cls.QUINTUPLE_YAKUMAN,
            cls.SEXTUPLE_YAKUMAN,
        ]
        return names[min(multiplier, 6) - 1]
