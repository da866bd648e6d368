"""The app's narrow door to :mod:`data`: the bank, learners, settings and answers.

The app never talks SQL: it opens a :class:`DrillStore` (which opens the
database, creating or upgrading it, and makes sure the bank has hands) and
calls the few methods below, which use :mod:`data.repository` and return the
frozen records of :mod:`data.records`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from .settings import Settings

if TYPE_CHECKING:
    from data.db import Database
    from data.records import AttemptRecord, BankItem, LearnerRecord
    from data.repository import Attempts, Bank, Learners
    from data.repository import Settings as SettingsRepo

    from .drills import Question
    from .grading import Marked

__all__ = ["DrillStore", "utc_now"]

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The current time in UTC."""
    return datetime.now(UTC)


@dataclass
class DrillStore:
    """The data the app uses, over one open database."""

    database: Database
    clock: Clock = utc_now
    bank: Bank = field(init=False)
    learners: Learners = field(init=False)
    settings_repo: SettingsRepo = field(init=False)
    attempts: Attempts = field(init=False)
    _profile_counts: dict[str, int] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        from data.repository import Attempts, Bank, Learners
        from data.repository import Settings as SettingsRepo

        self.bank = Bank(self.database, clock=self.clock)
        self.learners = Learners(self.database, clock=self.clock)
        self.settings_repo = SettingsRepo(self.database, clock=self.clock)
        self.attempts = Attempts(self.database, clock=self.clock)

    @classmethod
    def open(cls, target: str | None = None, *, clock: Clock = utc_now,
             generated: int | None = None,
             progress: Callable[[int, int], None] | None = None) -> DrillStore:
        """Open the database at a path or URL (None: the default file) and fill its bank.

        Args:
            target: a file path, SQLAlchemy URL or ``:memory:``.
            clock: the time source for stored rows.
            generated: generated hands the bank should hold at least (default:
                the data layer's default; 0 for only the curated hands).
            progress: ``progress(done, total)`` while a new bank is generated.

        Raises:
            DataError: when the database cannot be opened.
        """
        from data.bank_build import DEFAULT_GENERATED, ensure_bank
        from data.db import open_database

        database = open_database(target)
        ensure_bank(database, DEFAULT_GENERATED if generated is None else generated,
                    progress=progress, clock=clock)
        return cls(database, clock)

    def close(self) -> None:
        """Close the database connections."""
        self.database.close()

    # -- learners and settings

    def learner(self, name: str) -> LearnerRecord:
        """The learner of that name, created if new."""
        return self.learners.get_or_create(name)

    def all_learners(self) -> list[LearnerRecord]:
        """Every learner, by name."""
        return self.learners.all()

    def load_settings(self, learner_id: int) -> Settings:
        """A learner's settings (defaults for what was never set)."""
        return Settings.from_dict(self.settings_repo.all(learner_id))

    def save_settings(self, learner_id: int, settings: Settings) -> None:
        """Store every setting of a learner."""
        stored = self.settings_repo.all(learner_id)
        changed = {k: v for k, v in settings.to_dict().items() if stored.get(k, object()) != v}
        if changed:
            self.settings_repo.update(learner_id, changed)

    # -- the bank

    def _has_profile(self, profile: str) -> bool:
        if profile not in self._profile_counts:
            self._profile_counts[profile] = self.bank.count(rules=profile)
        return self._profile_counts[profile] > 0

    def draw(self, rng: random.Random, *, profile: str, topic: str | None = None,
             difficulty: int | None = None, exclude: Iterable[int] = ()) -> BankItem | None:
        """A random bank item, of the learner's profile when the bank has some.

        When nothing matches the topic and difficulty asked for, a few hands
        for them are generated and stored first.
        """
        rules = profile if self._has_profile(profile) else None
        excluded = set(exclude)
        item = self.bank.draw(rng, topic=topic, difficulty=difficulty, rules=rules,
                              exclude=excluded)
        if item is None and (topic is not None or difficulty is not None):
            from data.errors import DataError

            try:
                self.bank.generate(10, seed=rng.randrange(2**31), topic=topic,
                                   difficulty=difficulty, rules=profile)
            except DataError:
                return None
            self._profile_counts.pop(profile, None)
            item = self.bank.draw(rng, topic=topic, difficulty=difficulty, rules=rules,
                                  exclude=excluded)
        return item

    def item(self, key: int | str) -> BankItem:
        """One bank item by database id or stable id."""
        return self.bank.get(key)

    # -- answers

    def record(self, learner_id: int, question: Question, marked: Marked, *, seconds: float,
               session: str | None, answered_at: datetime | None = None) -> AttemptRecord:
        """Store one marked answer (committed when this returns)."""
        from data.records import PartResult

        parts = [PartResult(m.part.value, m.given, m.expected, m.correct) for m in marked.marks]
        item_id = question.item.id if question.item is not None and question.item.id else None
        return self.attempts.record(
            learner_id,
            item_id=item_id,
            drill=question.drill.value,
            parts=parts,
            seconds=seconds,
            concepts_missed=marked.concepts,
            session=session,
            question=question.question_record(),
            answered_at=answered_at,
        )

    def history(self, learner_id: int, *, session: str | None = None) -> list[AttemptRecord]:
        """A learner's answers, newest first."""
        return self.attempts.history(learner_id, session=session)
