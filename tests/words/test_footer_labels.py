"""Two keys a footer shows side by side never carry the same word, in any language.

A learner who sees "esc 終了 ^q 終了" cannot tell which key ends the session
and which quits the app. Every screen's own keys are shown with the app's keys,
so each screen's labels and the app's, translated, must all differ.
"""

from __future__ import annotations

import importlib

import pytest
from textual.binding import Binding

from quiz.words import core as i18n

SCREENS = ("quiz.screens.drill:DrillScreen", "quiz.screens.explanation:ExplanationScreen",
           "quiz.screens.summary:SummaryScreen", "quiz.screens.review:ReviewScreen",
           "quiz.screens.stats:StatsScreen", "quiz.screens.settings:SettingsScreen")


def _labels(path: str) -> list[str]:
    module, _, name = path.partition(":")
    owner = getattr(importlib.import_module(module), name)
    found = [b for cls in owner.__mro__ for b in vars(cls).get("BINDINGS", ())]
    return [b.description for b in found if isinstance(b, Binding) and b.show and b.description]


@pytest.mark.parametrize("language", ["en", "ja", "th", "vi", "uk"])
@pytest.mark.parametrize("screen", SCREENS)
def test_footer_words_are_distinct(screen: str, language: str) -> None:
    english = sorted(set(_labels("quiz.app:DrillApp") + _labels(screen)))
    with i18n.speaking(language):
        shown = {label: i18n.gettext(label) for label in english}
    clashes = {word: [k for k, v in shown.items() if v == word]
               for word in shown.values() if list(shown.values()).count(word) > 1}
    assert not clashes, f"{screen} in {language}: one word for several keys: {clashes}"
