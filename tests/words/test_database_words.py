"""What the screen says while the database stumbles, in the learner's language.

The answer writer's state (busy, away, read-only, not answering yet, silent)
is told in a notice; the review screen's status line counts only what waits
because of it, never an answer on its way to a database that answers.
"""

from __future__ import annotations

import re

import pytest

from quiz.store.journal import WriterState
from quiz.words.core import speaking

STATES = ("slow", "busy", "away", "read-only", "silent")
#: Words of the English messages (Vietnamese is written in Latin letters too).
ENGLISH = {"database", "answer", "answers", "kept", "safe", "saved", "busy", "reached",
           "keep", "answering", "settings", "program", "lock", "drawn", "questions"}



def test_the_english_is_as_before() -> None:
    assert WriterState(2, "busy").message == (
        "The database is busy (another program holds its write lock): 2 answers kept safe "
        "here and saved as soon as it answers. You can keep answering.")
    assert WriterState(1, "away", settings=1).message.startswith(
        "The database cannot be reached: your settings kept safe")
    assert WriterState(3, None).message == ""


@pytest.mark.parametrize("language", ["ja", "th", "vi", "uk"])
@pytest.mark.parametrize("state", STATES)
def test_each_state_is_said_in_the_language(language: str, state: str) -> None:
    with speaking(language):
        for waiting, settings in ((1, 0), (5, 0), (1, 1)):
            said = WriterState(waiting, state, settings=settings).message
            english = {w.lower() for w in re.findall(r"[A-Za-z]+", said)} & ENGLISH
            assert said and not english, (language, state, said)
            if state != "silent" and not settings:
                assert str(waiting) in said
