"""Independent scoring oracles used only by the tests and the benchmark.

Nothing here is imported by ``scoring/``: these adapters put a second, separately
written engine (the PyPI ``mahjong`` library) behind the batch record format of
``../shared/scoring-io.md`` so that the project's answers can be compared with it.

- :mod:`.mahjong_lib`: the library behind the batch record format;
- :mod:`.compare`: two output records compared field by field, shown readably;
- :mod:`.real_games`: the real Tenhou wins and what Tenhou paid (``../shared/oracle``).
"""
