"""Fixtures every test shares (what tests import is in ``tests.support``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from hypothesis import settings

from tests.support.paths import GOLDEN, ROOT, SHARED

# Cache compiled modules (and pytest's rewritten test modules) even where the
# environment sets PYTHONDONTWRITEBYTECODE: otherwise every run compiles the
# project and rewrites the asserts of ~200 test modules again, about 5 s of
# CPU a run (a worker, with pytest-xdist). The caches are ignored by git.
sys.dont_write_bytecode = False

# Hypothesis properties assert what is true, not how fast: its per-example deadline
# (200 ms by default) fails a property on a loaded machine, not on a wrong answer.
settings.register_profile("riichi-drill", deadline=None)
settings.load_profile("riichi-drill")

#: Re-exported for tests that still import them from here: see ``tests.support.paths``.
__all__ = ["GOLDEN", "ROOT", "SHARED"]


@pytest.fixture(autouse=True)
def _english_unless_chosen(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English whatever the machine's locale, and ends in English.

    The app reads the language from ``--lang``, the learner's setting or the
    environment; tests that want another language say so.
    """
    from quiz.words.core import use

    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    use("en")
    yield
    use("en")


#: Parametrized tests whose first variant is enough for everyday work: the others
#: are marked ``slow`` (they run in the full suite, ``.ci/run``). Each costs seconds
#: a variant (a Pilot session, or a database filled with history).
SLOW_AFTER_FIRST_VARIANT = frozenset({
    "test_a_session_in_the_learners_language",
    "test_a_limit_hand_shows_the_same_fields_and_the_fu_does_not_count",
    "test_a_whole_answer_typed_fast_fills_each_field_and_submits",
    "test_going_back_to_a_field_keeps_its_text_to_fix_a_typo",
    "test_a_wrong_answer_and_a_hint_in_the_learners_language",
    "test_the_first_statistics_after_an_upgrade_only_read_the_totals",
    "test_the_app_quits_at_once_while_the_database_does_not_answer",
    "test_a_forged_header_is_ignored_when_the_peer_is_no_trusted_proxy",
    "test_the_class_report_fits_80_cells_in_the_language",
    "test_the_class_commands_speak_the_language",
})  # fmt: skip


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` every variant but the first of :data:`SLOW_AFTER_FIRST_VARIANT`."""
    seen: set[tuple[str, str]] = set()
    for item in items:
        name = getattr(item, "originalname", item.name)
        if name not in SLOW_AFTER_FIRST_VARIANT:
            continue
        key = (str(item.path), name)
        if key in seen:
            item.add_marker(pytest.mark.slow)
        seen.add(key)
