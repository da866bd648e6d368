"""Ratings: the four a learner may give, the one the grading proposes, and their intervals.

>>> interval_text(timedelta(minutes=10)), interval_text(timedelta(days=3))
('10 min', '3 d')
>>> interval_text(timedelta(hours=5)), interval_text(timedelta(days=45))
('5 h', '1.5 mo')
>>> interval_text(timedelta(days=800))
'2.2 yr'
>>> auto_rating(False, 5.0, pace=None)
<Rating.Again: 1>
>>> auto_rating(True, 31.0, pace=20.0), auto_rating(True, 20.0, pace=20.0)
(<Rating.Hard: 2>, <Rating.Good: 3>)
>>> auto_rating(True, 9.0, pace=20.0)
<Rating.Easy: 4>
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from fsrs import Rating

from data.srs.records import Schedule

__all__ = ["RATING_KEYS", "Rating", "RatingOption", "auto_rating", "interval_text"]

#: The key of each rating, and its name.
RATING_KEYS: tuple[tuple[str, Rating, str], ...] = (
    ("1", Rating.Again, "Again"),
    ("2", Rating.Hard, "Hard"),
    ("3", Rating.Good, "Good"),
    ("4", Rating.Easy, "Easy"),
)


def interval_text(interval: timedelta) -> str:
    """An interval a learner cannot misread (``10m`` would read as a tile):
    ``1 min``, ``10 min``, ``5 h``, ``3 d``, ``1.5 mo``, ``2.2 yr``."""
    seconds = max(0.0, interval.total_seconds())
    if seconds < 3600:
        return f"{max(1, round(seconds / 60))} min"
    if seconds < 86400:
        return f"{round(seconds / 3600)} h"
    days = seconds / 86400
    if days < 30:
        return f"{round(days)} d"
    if days < 365:
        return f"{days / 30:.1f} mo"
    return f"{days / 365:.1f} yr"


def auto_rating(correct: bool, seconds: float, *, pace: float | None,
                slow: float = 1.5, fast: float = 0.6) -> Rating:  # fmt: skip
    """The rating the grading proposes.

    Args:
        correct: every part was right.
        seconds: time taken.
        pace: the learner's usual time for a right answer (None: not known yet).
        slow: slower than ``slow * pace`` is Hard.
        fast: faster than ``fast * pace`` is Easy.
    """
    if not correct:
        return Rating.Again
    if pace is None or pace <= 0:
        return Rating.Good
    if seconds > slow * pace:
        return Rating.Hard
    if seconds < fast * pace:
        return Rating.Easy
    return Rating.Good

@dataclass(frozen=True, slots=True)
class RatingOption:
    """One rating the learner may give, and what it schedules."""

    key: str
    rating: Rating
    name: str
    schedule: Schedule
    interval: timedelta

    @property
    def label(self) -> str:
        """``3 Good 2 d``: the key, the rating, the interval it schedules."""
        return f"{self.key} {self.name} {interval_text(self.interval)}"

