"""What the tests share, in one place (import from here, never from another test's conftest).

- :mod:`tests.support.clock`: the one test clock, ``FakeClock`` (a UTC time moved by
  hand, or ticking at every read; its ``seconds`` is the ticker of code counting seconds).
"""
