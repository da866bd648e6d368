"""Independent scoring oracles used only by the tests and the benchmark.

Nothing here is imported by ``scoring/``: these adapters put a second, separately
written engine (the PyPI ``mahjong`` library) behind the batch record format of
``../shared/scoring-io.md`` so that the project's answers can be compared with it.
"""
