"""Moved to :mod:`tests.support.strategies` (re-exported for older branches)."""

from tests.support.strategies import winning_records

__all__ = ["winning_records"]
