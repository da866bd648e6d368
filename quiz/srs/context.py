"""What the review and statistics screens are given: the learner, their settings, the clock.

The app builds a :class:`ReviewContext` (:func:`review_context`) when a
learner is chosen and hands it to the screens; the screens never look into
the app for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from data.clock import Clock, utc_now

from .hands import HandSource
from .service import SrsService
from .settings import SrsSettings, settings_from_stored

if TYPE_CHECKING:
    from data.db.database import Database
    from data.records import LearnerRecord

    from ..settings import Settings
    from ..store.entries import Pending

__all__ = ["ReviewContext", "ReviewStore", "review_context"]


class ReviewStore(Protocol):
    """Where the review screen hands its answers and ratings (the app's
    :class:`quiz.store.drill.DrillStore`): written in order, exactly once, kept while
    the database is busy or away."""

    def keep(self, entry: Pending, wait: float = 0.0) -> object:
        """Hand an entry to the answer writer (see :meth:`quiz.store.drill.DrillStore.keep`)."""

    def waiting(self) -> int:
        """How many answers and ratings wait for the database."""

    def unsaved(self) -> int:
        """How many wait because the database is busy or away (see
        :meth:`quiz.store.drill.DrillStore.unsaved`)."""


@dataclass(frozen=True)
class ReviewContext:
    """What the review and statistics screens need: the database, the learner, the clock.

    Attributes:
        db: the open database.
        learner_id: whose cards.
        learner_name: their name, for the status line.
        clock: the time source.
        settings: the scheduler settings.
        profile: the rule profile hands are scored under.
        tile_style: how tiles are drawn (a :class:`quiz.words.tilefaces.TileStyle` value).
        ask: the parts a whole-hand question asks.
        skip_fu_on_limit: leave the fu out when the han alone fix the value.
        hands: where hands come from (default: the bank and the generator).
        seed: the random seed for picking hands.
        store: where answers and ratings go (None: the screen writes them itself).
    """

    db: Database
    learner_id: int
    learner_name: str
    clock: Clock = utc_now
    settings: SrsSettings = field(default_factory=SrsSettings)
    profile: str = "tenhou"
    tile_style: str = "ascii"
    ask: tuple[str, ...] = ("fu", "han", "payment")
    skip_fu_on_limit: bool = True
    hands: HandSource | None = None
    seed: int | None = None
    store: ReviewStore | None = field(default=None, compare=False)

    def service(self) -> SrsService:
        """A service for this learner."""
        return SrsService(self.db, self.learner_id, clock=self.clock, settings=self.settings,
                          hands=self.hands, seed=self.seed)  # fmt: skip


def review_context(
    db: Database,
    learner: LearnerRecord,
    settings: Settings,
    stored: Mapping[str, Any],
    *,
    clock: Clock = utc_now,
    seed: int | None = None,
    store: ReviewStore | None = None,
) -> ReviewContext:
    """The context the app gives the review and statistics screens for a learner.

    Args:
        db: the open database.
        learner: whose cards.
        settings: the learner's drill settings (profile, tile style, parts asked).
        stored: the learner's stored settings (the ``srs.<name>`` ones are read).
        clock: the app's clock.
        seed: the app's random seed.
        store: the app's store (answers and ratings then go through its writer).
    """
    return ReviewContext(
        db=db,
        learner_id=learner.id,
        learner_name=learner.name,
        clock=clock,
        settings=settings_from_stored(stored),
        profile=settings.profile,
        tile_style=settings.tile_style.value,
        ask=tuple(p.value for p in settings.ask),
        skip_fu_on_limit=settings.skip_fu_on_limit,
        seed=seed,
        store=store,
    )
