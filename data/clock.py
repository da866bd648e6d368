"""The clock: what every time stamp of the app is read from, defined once.

A ``Clock`` is any function that returns the current time; tests pass a fixed
one. ``utc_now`` is the default.

>>> utc_now().tzinfo is UTC
True
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

__all__ = ["Clock", "utc_now"]

#: A function that returns the current time (aware, in UTC).
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The current time in UTC (the default clock)."""
    return datetime.now(UTC)
