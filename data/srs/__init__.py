"""Spaced-repetition storage: cards and reviews, running totals, history."""
