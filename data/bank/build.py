"""Filling the question bank: the curated files and the first start's generated hands.

:mod:`data.bank.repository` stores and reads items (and stores generated hands in
batches, :meth:`~data.bank.repository.Bank.generate`); this module decides what a
bank holds: the curated files, reloaded when they change (a fingerprint is
kept in the database), and at least :data:`DEFAULT_GENERATED` generated hands.

>>> from data.db.schema import open_database
>>> db = open_database(":memory:")
>>> report = ensure_bank(db, generated=20)
>>> report.generated_added
20
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy.exc import IntegrityError

from ..clock import Clock, utc_now
from ..models.core import Meta
from ..records import BuildReport, ImportReport, ItemKind
from .curated import BANK_DIR, bank_files, bank_hash, load_curated
from .repository import Bank, Progress

if TYPE_CHECKING:
    from ..db.database import Database

#: Generated hands put in a new bank on first start.
DEFAULT_GENERATED = 2000
#: The key under which the fingerprint of the loaded curated files is kept.
CURATED_HASH = "curated_hash"


def get_meta(database: Database, key: str) -> str | None:
    """The value stored under a key of the database's own facts (None when unset)."""

    with database.session() as s:
        row = s.get(Meta, key)
        return None if row is None else row.value


def set_meta(database: Database, key: str, value: str) -> None:
    """Store a value under a key of the database's own facts."""

    with database.transaction() as s:
        row = s.get(Meta, key)
        if row is None:
            s.add(Meta(key=key, value=value))
        else:
            row.value = value


def store_curated(bank: Bank, folder: Path | None = None) -> ImportReport:
    """Load (or reload) the curated bank files; they are the source of their items.

    Raises:
        ItemError: for the first bad item, naming its file; nothing is changed.
    """

    folder = folder or BANK_DIR
    items = load_curated(folder)
    report = bank.add(items, origin="curated bank", update=True)
    set_meta(bank.db, CURATED_HASH, bank_hash(bank_files(folder)))
    return report


def ensure_bank(
    database: Database,
    generated: int = DEFAULT_GENERATED,
    *,
    seed: int = 0,
    progress: Progress | None = None,
    clock: Clock = utc_now,
) -> BuildReport:
    """Make sure the bank holds the curated items and at least ``generated`` generated hands.

    Cheap when there is nothing to do (a fingerprint of the curated files and
    a count). Called by the app on start: the first start builds the bank.

    Args:
        database: the open database.
        generated: how many generated hands the bank should hold at least.
        seed: the generator's seed for a new bank.
        progress: ``progress(done, total)`` while generating.
        clock: the time source.
    """
    start = time.perf_counter()
    bank = Bank(database, clock=clock)
    for attempt in (1, 2):
        try:
            curated = ImportReport("curated bank")
            if get_meta(database, CURATED_HASH) != bank_hash(bank_files(BANK_DIR)):
                curated = store_curated(bank, BANK_DIR)
            have = bank.count(kind=ItemKind.GENERATED)
            added = 0
            if have < generated:
                added = bank.generate(generated - have, seed=seed + have, progress=progress)
            break
        except IntegrityError:
            # another process filled the same new bank at the same moment: its rows are
            # there now (the loser's transaction changed nothing), so look again once
            if attempt == 2:
                raise
    return BuildReport(curated, added, time.perf_counter() - start)
