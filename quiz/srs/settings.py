"""Spaced-repetition settings: how the scheduler and the queue behave for one learner.

The learner changes a few of them (stored as learner settings ``srs.<key>``,
read back leniently by :func:`settings_from_stored`); the rest are fixed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from fsrs import Scheduler

from ..errors import DrillError

__all__ = ["SETTINGS_PREFIX", "SrsError", "SrsSettings", "settings_from_stored"]

log = logging.getLogger("quiz.srs")


class SrsError(DrillError):
    """A spaced-repetition setting or request that cannot be used."""


@dataclass(frozen=True, slots=True)
class SrsSettings:
    """How the scheduler and the queue behave (one learner's choice).

    Attributes:
        desired_retention: the chance of remembering a card when it is due (0.7-0.99).
        learning_steps: the short steps of a new or missed card.
        relearning_steps: the steps of a card missed in the review state.
        maximum_interval: the longest interval, in days.
        fuzz: spread intervals a little at random (off in tests).
        new_per_day: new hands a day.
        reviews_per_day: review-state cards a day.
        leech_threshold: misses that flag a card as a leech.
        learn_ahead: when nothing else is due, (re)learning cards due this soon.
        day_offset: when a day starts, after midnight UTC.
        slow: slower than this times the learner's median time: Hard.
        fast: faster than this times the learner's median time: Easy.
        pace_answers: right answers needed before the pace counts.
        rules: only bank hands of this rule profile (None: any).
    """

    desired_retention: float = 0.9
    learning_steps: tuple[timedelta, ...] = (timedelta(minutes=1), timedelta(minutes=10))
    relearning_steps: tuple[timedelta, ...] = (timedelta(minutes=10),)
    maximum_interval: int = 36500
    fuzz: bool = True
    new_per_day: int = 20
    reviews_per_day: int = 200
    leech_threshold: int = 8
    learn_ahead: timedelta = timedelta(minutes=20)
    day_offset: timedelta = timedelta(0)
    slow: float = 1.5
    fast: float = 0.6
    pace_answers: int = 5
    rules: str | None = None

    def __post_init__(self) -> None:
        if not 0.7 <= self.desired_retention <= 0.99:
            raise SrsError(
                f"desired retention must be between 0.70 and 0.99, not {self.desired_retention}"
            )
        if self.new_per_day < 0 or self.reviews_per_day < 0:
            raise SrsError("daily limits must be 0 or more")
        if self.leech_threshold < 1:
            raise SrsError("the leech threshold must be at least 1 miss")
        if not self.learning_steps:
            raise SrsError("there must be at least one learning step")
        if not 0 < self.fast < 1 < self.slow:
            raise SrsError("the pace factors must be 0 < fast < 1 < slow")

    #: Keys of :meth:`to_dict` (stored as learner settings under ``srs.<key>``).
    KEYS = ("desired_retention", "new_per_day", "reviews_per_day", "leech_threshold",
            "day_offset_hours")  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """The settings a learner can change, as plain JSON values."""
        return {
            "desired_retention": self.desired_retention,
            "new_per_day": self.new_per_day,
            "reviews_per_day": self.reviews_per_day,
            "leech_threshold": self.leech_threshold,
            "day_offset_hours": self.day_offset / timedelta(hours=1),
        }

    @classmethod
    def from_dict(cls, values: Mapping[str, Any], **overrides: Any) -> SrsSettings:
        """Read settings leniently: unknown keys are ignored, bad values keep the default."""
        base = cls(**overrides)
        checks: dict[str, tuple[type, Callable[[Any], Any]]] = {
            "desired_retention": (float, float),
            "new_per_day": (int, int),
            "reviews_per_day": (int, int),
            "leech_threshold": (int, int),
            "day_offset_hours": (float, lambda h: timedelta(hours=float(h))),
        }
        current = base
        for key, (_, convert) in checks.items():
            if key not in values:
                continue
            raw = values[key]
            if isinstance(raw, bool) or not isinstance(raw, int | float):
                continue
            name = "day_offset" if key == "day_offset_hours" else key
            try:
                current = replace(current, **{name: convert(raw)})
            except (SrsError, ValueError, TypeError):
                log.warning("ignoring srs setting %s=%r", key, raw)
        return current

    def scheduler(self, *, learning_steps: tuple[timedelta, ...] | None = None) -> Scheduler:
        """The ``fsrs.Scheduler`` these settings describe (other learning steps if given)."""
        return Scheduler(
            desired_retention=self.desired_retention,
            learning_steps=self.learning_steps if learning_steps is None else learning_steps,
            relearning_steps=self.relearning_steps,
            maximum_interval=self.maximum_interval,
            enable_fuzzing=self.fuzz,
        )


#: Prefix of the learner settings that hold :class:`SrsSettings` (``srs.desired_retention``).
SETTINGS_PREFIX = "srs."


def settings_from_stored(stored: Mapping[str, Any]) -> SrsSettings:
    """The SRS settings among a learner's stored settings (keys ``srs.<name>``)."""
    return SrsSettings.from_dict(
        {k[len(SETTINGS_PREFIX):]: v for k, v in stored.items() if k.startswith(SETTINGS_PREFIX)}
    )

