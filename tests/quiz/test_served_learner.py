"""A browser tab served by ``riichi-drill serve`` opens only a new learner (issue 23, 8):
nobody opens another learner's profile by typing their name."""

from __future__ import annotations

import pytest

from quiz.served_learner import LearnerTakenError, open_learner
from quiz.store.drill import DrillStore


def test_a_served_tab_refuses_an_existing_learner_and_makes_a_new_one(
    store: DrillStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = store.learner("Ann")
    assert open_learner(store, "Ann").id == ann.id  # at a terminal: as before
    monkeypatch.setenv("RIICHI_DRILL_SERVED", "1")
    with pytest.raises(LearnerTakenError, match="'Ann' is already taken"):
        open_learner(store, "Ann")
    with pytest.raises(LearnerTakenError):
        open_learner(store, " Ann ")
    bo = open_learner(store, "Bo")
    assert bo.name == "Bo" and bo.id != ann.id
