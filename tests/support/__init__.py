"""What the tests share, in one place: import it from here, never from another test's conftest.

- :mod:`.clock`: the one test clock, ``FakeClock`` (a UTC time moved by hand, or a
  tick at every read; its ``seconds`` is the ticker of code that counts seconds).
- :mod:`.paths`: the repository, the golden cases, and the shared test data beside
  the repository (seeds, oracle, game logs), with ``need`` to skip where it is absent.
- :mod:`.handgen`: seeded legal winning hands as batch records (the differential
  test, ``bench/scoring.py``, ``scripts/same_batch_output.py``).
- :mod:`.strategies`: hypothesis strategies for winning hands.
- :mod:`.fake_hands`: placeholder bank rows and a hand source over them (for what is
  asked when, not for scoring).
- :mod:`.oracles`: the second engine (the ``mahjong`` library) behind the batch
  format, the field-by-field comparison, and the real Tenhou wins.
- :mod:`.databases`: a fresh database on the real PostgreSQL server (skipped, saying why,
  without one) and the class bank built once a process.
- :mod:`.pilot`: driving the drill app (the app on a test store, typing, answering,
  keys sent as a terminal sends them, a screen's text).

The fixtures themselves (a store, a database, a classroom) stay in each folder's
``conftest.py``.
"""
