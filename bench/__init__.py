"""Benchmarks run by hand (not part of the test suite): ``python -m bench.scoring``."""
