"""A learner's settings: what is asked, how tiles look, how long a session is.

Settings are a frozen value. They are stored per learner as one JSON value
per key (:meth:`Settings.to_dict`) and read back leniently
(:meth:`Settings.from_dict`): an unknown key is ignored and a bad value falls
back to the default, so an old or hand-edited database never stops the app.

>>> s = Settings.from_dict({"ask": ["payment", "fu"], "tile_style": "kanji", "nope": 1})
>>> s.ask, s.tile_style.value
((<Part.FU: 'fu'>, <Part.PAYMENT: 'payment'>), 'kanji')
>>> Settings.from_dict(s.to_dict()) == s
True
>>> Settings.from_dict({"session_length": "many"}).session_length
10
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from data.records import ASKABLE
from data.topics import check_topic
from scoring.rules import PROFILES

from .drills import DrillKind
from .grading import Part
from .words.core import LANGUAGES
from .words.tilefaces import TileStyle

__all__ = [
    "ASKABLE",
    "NEW_PER_DAY",
    "RETENTIONS",
    "REVIEWS_PER_DAY",
    "SESSION_LENGTHS",
    "TILE_STYLE_BY_LANGUAGE",
    "TIME_LIMITS",
    "Settings",
    "tile_style_for",
]

#: The parts a whole-hand question may ask, in the order they are asked.
#: Choices offered for the session length (questions; 0 is no limit).
SESSION_LENGTHS: tuple[int, ...] = (5, 10, 20, 30, 50, 0)
#: Choices offered for the session's time limit (minutes; 0 is none).
TIME_LIMITS: tuple[int, ...] = (0, 3, 5, 10, 15, 30)
#: The tile style a learner of a language sees before choosing one: Japanese players
#: read the faces of their own tiles (伍萬, 東); every other language, plain text.
TILE_STYLE_BY_LANGUAGE: dict[str, TileStyle] = {"ja": TileStyle.KANJI}


@dataclass(frozen=True, slots=True)
class Settings:
    """What one learner chose.

    Attributes:
        profile: the rule profile questions are scored under.
        tile_style: how tile faces are drawn.
        ask: the parts a whole-hand question asks (any of fu, han, yaku, payment).
        skip_fu_on_limit: do not ask the fu when the han alone fix the value.
        session_length: questions in a session (0: no limit).
        time_limit: minutes a session lasts (0: no limit).
        drill: the drill a new session starts with.
        topic: only hands that exercise this topic id (None: any).
        difficulty: only hands of this difficulty, 1-5 (None: any).
        desired_retention: spaced repetition: the chance of still knowing a card
            when it comes back (0.70-0.99; stored as ``srs.desired_retention``).
        new_per_day: spaced repetition: new hands a day (``srs.new_per_day``).
        reviews_per_day: spaced repetition: reviews a day (``srs.reviews_per_day``).
        language: the language the app speaks to this learner (None: ``--lang``,
            else the environment's ``LANG``; see :func:`quiz.words.core.choose_language`).
    """

    profile: str = "tenhou"
    tile_style: TileStyle = TileStyle.ASCII
    ask: tuple[Part, ...] = (Part.FU, Part.HAN, Part.PAYMENT)
    skip_fu_on_limit: bool = True
    session_length: int = 10
    time_limit: int = 0
    drill: DrillKind = DrillKind.WHOLE
    topic: str | None = None
    difficulty: int | None = None
    desired_retention: float = 0.9
    new_per_day: int = 20
    reviews_per_day: int = 200
    language: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values, one per setting."""
        return {
            "profile": self.profile,
            "tile_style": self.tile_style.value,
            "ask": [p.value for p in self.ask],
            "skip_fu_on_limit": self.skip_fu_on_limit,
            "session_length": self.session_length,
            "time_limit": self.time_limit,
            "drill": self.drill.value,
            "topic": self.topic,
            "difficulty": self.difficulty,
            "srs.desired_retention": self.desired_retention,
            "srs.new_per_day": self.new_per_day,
            "srs.reviews_per_day": self.reviews_per_day,
            "language": self.language,
        }

    @classmethod
    def from_dict(cls, values: dict[str, Any]) -> Settings:
        """Read stored values; unknown keys are ignored and bad values become defaults."""
        default = cls()
        changes: dict[str, Any] = {}
        for key, value in values.items():
            reader = _READERS.get(key)
            if reader is None:
                continue
            name = key.removeprefix("srs.")
            try:
                changes[name] = reader(value)
            except (TypeError, ValueError):
                changes[name] = getattr(default, name)
        return dataclasses.replace(default, **changes)

    def replace(self, **changes: Any) -> Settings:
        """A copy with some settings changed (values checked as when read)."""
        return Settings.from_dict({**self.to_dict(), **changes})

    def in_language(self, language: str, chosen: Iterable[str]) -> Settings:
        """The settings with the tile style of ``language`` unless the learner chose one.

        Args:
            language: the language the app speaks to the learner.
            chosen: the setting keys the learner has a value for (stored or given on
                the command line): a stored tile style always wins.

        >>> Settings().in_language("ja", ()).tile_style.value
        'kanji'
        >>> Settings(tile_style=TileStyle.GLYPH).in_language("ja", {"tile_style"}).tile_style.value
        'glyph'
        >>> Settings().in_language("uk", ()).tile_style.value
        'ascii'
        """
        if "tile_style" in chosen:
            return self
        return dataclasses.replace(self, tile_style=tile_style_for(language))


def tile_style_for(language: str) -> TileStyle:
    """The tile style a learner of ``language`` starts with (:data:`TILE_STYLE_BY_LANGUAGE`)."""
    return TILE_STYLE_BY_LANGUAGE.get(language, TileStyle.ASCII)


def _profile(value: Any) -> str:
    if value not in PROFILES:
        raise ValueError(value)
    return str(value)


def _ask(value: Any) -> tuple[Part, ...]:
    parts = {Part(v) for v in value}
    if not parts or not parts <= set(ASKABLE):
        raise ValueError(value)
    return tuple(p for p in ASKABLE if p in parts)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(value)
    return value


def _count(limit: int) -> Any:
    def read(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
            raise ValueError(value)
        return value

    return read


def _topic(value: Any) -> str | None:
    if value is None:
        return None

    try:
        return check_topic(str(value))
    except Exception as e:
        raise ValueError(value) from e


def _difficulty(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
        raise ValueError(value)
    return value


def _retention(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(value)
    if not 0.7 <= value <= 0.99:
        raise ValueError(value)
    return float(value)


def _language(value: Any) -> str | None:
    if value is None:
        return None

    if value not in LANGUAGES:
        raise ValueError(value)
    return str(value)


#: Choices offered for the desired retention of spaced repetition.
RETENTIONS: tuple[float, ...] = (0.8, 0.85, 0.9, 0.95)
#: Choices offered for new hands and reviews a day.
NEW_PER_DAY: tuple[int, ...] = (0, 5, 10, 20, 30, 50)
REVIEWS_PER_DAY: tuple[int, ...] = (50, 100, 200, 500, 1000)

_READERS: dict[str, Any] = {
    "profile": _profile,
    "tile_style": TileStyle,
    "ask": _ask,
    "skip_fu_on_limit": _bool,
    "session_length": _count(1000),
    "time_limit": _count(600),
    "drill": DrillKind,
    "topic": _topic,
    "difficulty": _difficulty,
    "srs.desired_retention": _retention,
    "srs.new_per_day": _count(1000),
    "srs.reviews_per_day": _count(10000),
    "language": _language,
}
