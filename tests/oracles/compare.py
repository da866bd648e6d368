"""Moved to :mod:`tests.support.oracles.compare` (re-exported for older branches)."""

from tests.support.oracles.compare import REQUIRED_FIELDS, describe, differences, yaku_set

__all__ = ["REQUIRED_FIELDS", "describe", "differences", "yaku_set"]
