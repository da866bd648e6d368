"""Fixtures of the language tests that run the app: the drill tests' clock and store."""

from __future__ import annotations

from tests.quiz.conftest import clock, store

__all__ = ["clock", "store"]
