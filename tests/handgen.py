"""Moved to :mod:`tests.support.handgen` (re-exported for older branches)."""

from tests.support.handgen import (
    DIFFERENTIAL_COUNT,
    DIFFERENTIAL_SEED,
    generate_records,
    generate_scored,
    iter_scored,
)

__all__ = [
    "DIFFERENTIAL_COUNT",
    "DIFFERENTIAL_SEED",
    "generate_records",
    "generate_scored",
    "iter_scored",
]
