"""The very first start builds only what the first question needs; the bank
grows in the background, in short transactions, and stops when the app closes."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from data.records import ItemKind
from quiz.store.draws import BankDraws
from quiz.store.drill import DrillStore
from tests.store.conftest import wait_until


def test_a_new_database_opens_with_the_curated_bank_and_grows_behind(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    start = time.monotonic()
    store = DrillStore.open(str(path), generated=60)
    opened = time.monotonic() - start
    try:
        assert store.bank.count(kind=ItemKind.CURATED) > 50  # the first question has hands
        assert store.bank.count(kind=ItemKind.GENERATED) < 60  # the rest comes later
        assert store.draws._growing is not None
        assert wait_until(lambda: store.bank.count(kind=ItemKind.GENERATED) >= 60, 120, 0.2)
        assert store.bank.count(kind=ItemKind.GENERATED) == 60  # and not one more
    finally:
        store.close()
    assert opened < 30


@pytest.mark.slow
def test_closing_stops_the_growth_and_the_next_start_carries_on(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    store = DrillStore.open(str(path), generated=5000)
    assert wait_until(lambda: store.bank.count(kind=ItemKind.GENERATED) > 0, 60, 0.1)
    store.close(wait=30)
    assert store.draws._growing is not None and not store.draws._growing.is_alive()
    again = DrillStore.open(str(path), generated=0)
    have = again.bank.count(kind=ItemKind.GENERATED)
    again.close()
    assert 0 < have < 5000
    assert have % BankDraws.GROW_BATCH == 0  # whole batches: none half written
