"""Where the review queue gets hands: the bank, and the generator for siblings."""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from data.bank.repository import Bank
from data.clock import Clock, utc_now
from data.errors import DataError
from data.generate import HandGenerator

if TYPE_CHECKING:
    from data.db.database import Database
    from data.records import BankItem

__all__ = ["BankHands", "HandSource"]

log = logging.getLogger("quiz.srs")


class HandSource(Protocol):
    """Where the service gets hands: the bank, and the generator for siblings."""

    def item(self, item_id: int) -> BankItem | None:
        """A bank item by id (None when missing or refused)."""

    def sibling(self, item: BankItem, concepts: Sequence[str]) -> BankItem | None:
        """A stored sibling of a hand exercising the concepts (None when none was made)."""

    def for_topic(self, topic: str) -> BankItem | None:
        """A new stored hand exercising a topic (None when none was made)."""


class BankHands:
    """Hands from :class:`data.bank.repository.Bank`, siblings from :mod:`data.generate`.

    Args:
        db: the open database.
        seed: the seed of the generator's seeds.
        clock: the time source for stored items.
    """

    def __init__(self, db: Database, *, seed: int | None = 0, clock: Clock = utc_now) -> None:
        self.bank = Bank(db, clock=clock)
        self.rng = random.Random(seed)
        self.refused: list[str] = []

    def item(self, item_id: int) -> BankItem | None:
        """A bank item by id (None, and a message in ``refused``, when it cannot be used)."""
        try:
            return self.bank.get(item_id)
        except DataError as e:
            self.refused.append(str(e))
            log.warning("bank item %s refused: %s", item_id, e)
            return None

    def sibling(self, item: BankItem, concepts: Sequence[str]) -> BankItem | None:
        """A stored sibling exercising the concepts (else the item's focus)."""
        for wanted in (tuple(concepts), None) if concepts else (None,):
            try:
                return self.bank.sibling(item, seed=self.rng.randrange(2**31), concepts=wanted)
            except DataError as e:
                log.info("no sibling of %s for %s: %s", item.uid, wanted, e)
        return None

    def for_topic(self, topic: str) -> BankItem | None:
        """A freshly generated and stored hand exercising a topic."""

        gen = HandGenerator(self.rng.randrange(2**31))
        try:
            prepared = gen.for_topic(topic).prepared()
            self.bank.add([prepared], origin="generator")
            return self.bank.get(prepared.uid)
        except DataError as e:
            log.info("no hand generated for %s: %s", topic, e)
            return None


