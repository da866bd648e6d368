"""Spaced repetition: mistakes come back until they stick (the FSRS scheduler).

What is scheduled (one FSRS card each, per learner):

- a **hand**: a bank hand answered in the review queue, or missed in a drill.
  While it is (re)learned the exact hand comes back (a miss is due again
  within minutes); once learned (the review state) each review asks a
  *sibling* from the generator instead, so the learner does not just
  remember the answer. A missed sibling becomes the hand to relearn.
- a **concept** (a topic id of :mod:`data.topics` that the grading tagged as
  missed: a fu item, a yaku, a wait, a payment rule...): when it is due, a
  fresh bank hand that exercises it is drawn.
- a **points-table cell** (han x fu x dealer x ron/tsumo): asked as a table
  question.

Ratings come from the grading: wrong is Again; right is Good, Hard when
slower than the learner's own pace, Easy when much faster. The learner may
override with 1-4 after seeing the answer; each option shows the interval it
gives, and the interval shown is exactly what that rating schedules.

The package, one concern a module:

- :mod:`.settings`: :class:`SrsSettings` (limits, retention, leech threshold);
- :mod:`.ratings`: the four ratings, the proposed one, interval labels;
- :mod:`.rules`: lapses, leeches, the learner's day and what is due
  (:class:`DueCounts`, the one count every screen shows);
- :mod:`.questions`: what the queue asks and what an answer gives back;
- :mod:`.hands`: where hands come from (the bank, the generator);
- :mod:`.service`: :class:`SrsService`, the queue and the answers;
- :mod:`.stats`: the statistics (accuracy, streaks, pace, forecast);
- :mod:`.context`: :class:`ReviewContext`, what the app gives the screens.

``data`` only reads and writes (:mod:`data.srs.repository`).
"""

from __future__ import annotations

from .context import ReviewContext, review_context
from .hands import BankHands, HandSource
from .questions import Choice, LeechInfo, QuestionKind, Review, ReviewQuestion, card_title
from .ratings import RATING_KEYS, Rating, RatingOption, auto_rating, interval_text
from .rules import DueCounts, due_text
from .service import SrsService
from .settings import SETTINGS_PREFIX, SrsError, SrsSettings, settings_from_stored
from .stats import CardsByState, Progress

__all__ = [
    "RATING_KEYS",
    "SETTINGS_PREFIX",
    "BankHands",
    "CardsByState",
    "Choice",
    "DueCounts",
    "HandSource",
    "LeechInfo",
    "Progress",
    "QuestionKind",
    "Rating",
    "RatingOption",
    "Review",
    "ReviewContext",
    "ReviewQuestion",
    "SrsError",
    "SrsService",
    "SrsSettings",
    "auto_rating",
    "card_title",
    "due_text",
    "interval_text",
    "review_context",
    "settings_from_stored",
]
