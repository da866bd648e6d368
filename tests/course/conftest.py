"""The course's tests use the drill app's fixtures (a fixed clock, an in-memory store)."""

from tests.quiz.conftest import clock, store  # noqa: F401
