"""Moved to :mod:`tests.support.pilot` (re-exported for older branches)."""

from tests.support.pilot import screen_text

__all__ = ["screen_text"]
