"""A bounded memo of a pure function, looked up by indexing.

>>> squares = Memo(lambda n: n * n, limit=2)
>>> squares[3], squares[4], len(squares)
(9, 16, 2)
>>> squares[5], len(squares)  # full: emptied, then filled again
(25, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(dict[K, V], Generic[K, V]):
    """The values of a pure function by key, computed on first lookup (``memo[key]``).

    A lookup that hits costs one dict lookup. When ``limit`` entries are held the
    memo is emptied, so that memory stays bounded whatever the input.
    """

    def __init__(self, function: Callable[[K], V], limit: int = 50_000) -> None:
        super().__init__()
        self.function = function
        self.limit = limit

    def __missing__(self, key: K) -> V:
        value = self.function(key)
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
