"""Moved to :mod:`tests.support.oracles`; these modules only re-export it (for older branches)."""
