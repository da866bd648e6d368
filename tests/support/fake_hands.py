"""Placeholder hands for the queue: bank rows with topics only, and a hand source over them.

For tests of what is asked when (spaced repetition, the statistics), not of scoring.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import data.models.srs  # noqa: F401  (registers the srs tables on Base.metadata)
from data.db.database import Database
from data.records import BankItem, ItemKind, Problem
from tests.support.clock import START


def add_fake_items(db: Database, topics: Sequence[Sequence[str]], *, prefix: str = "f",
                   start: int = 0) -> list[int]:  # fmt: skip
    """Bank rows with the given topics (placeholder hands: for the queue, not for scoring)."""
    from data.models.core import BankItem as Row
    from data.models.core import ItemTopic

    ids = []
    with db.transaction() as s:
        for n, item_topics in enumerate(topics, start):
            row = Row(
                uid=f"{prefix}-{n:05d}", kind="generated", rules="tenhou",
                problem={"hand": "123m456p789s11z22z", "win": "2z"}, answer={},
                fu=30, han=1, yakuman=0, limit=None, total=1000, declaration="1000",
                dealer=False, tsumo=False, closed=True, difficulty=1, source="test",
                note=None, focus=list(item_topics), created_at=START,
            )  # fmt: skip
            row.topics = [ItemTopic(topic=t) for t in dict.fromkeys(item_topics)]
            s.add(row)
            s.flush()
            ids.append(row.id)
    return ids


@dataclass
class FakeHands:
    """A hand source over placeholder bank rows: siblings are new rows with the same topics."""

    db: Database
    made: list[int] = field(default_factory=list)
    asked_siblings: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    cache: dict[int, BankItem] = field(default_factory=dict)

    def item(self, item_id: int) -> BankItem | None:
        if item_id not in self.cache:
            found = self._load(item_id)
            if found is None:
                return None
            self.cache[item_id] = found
        return self.cache[item_id]

    def _load(self, item_id: int) -> BankItem | None:
        from data.models.core import BankItem as Row

        with self.db.session() as s:
            row = s.get(Row, item_id)
            if row is None:
                return None
            topics = tuple(t.topic for t in row.topics)
            return BankItem(
                id=row.id, uid=row.uid, kind=ItemKind(row.kind),
                problem=Problem.from_record(row.problem), answer=None,  # type: ignore[arg-type]
                topics=topics, focus=tuple(row.focus), difficulty=row.difficulty,
                source=row.source, note=row.note, result=None,  # type: ignore[arg-type]
            )  # fmt: skip

    def sibling(self, item: BankItem, concepts: Sequence[str]) -> BankItem | None:
        self.asked_siblings.append((item.uid, tuple(concepts)))
        wanted = tuple(concepts) or item.topics
        (new_id,) = add_fake_items(self.db, [wanted], prefix="sib", start=len(self.made))
        self.made.append(new_id)
        return self.item(new_id)

    def for_topic(self, topic: str) -> BankItem | None:
        (new_id,) = add_fake_items(self.db, [(topic,)], prefix="gen", start=len(self.made))
        self.made.append(new_id)
        return self.item(new_id)

