"""The situation line names the winner's seat once, in every language.

Ukrainian speaks of the dealer as Схід (East), as its seed does; next to the
seat's own wind that read "місце: Схід (Схід (дилер))". The role beside a seat
must add something: it never repeats the seat's wind.
"""

from __future__ import annotations

import pytest

from quiz.widgets.situation import situation_lines, wind_word
from quiz.words import core as i18n
from scoring.hand import Situation, Wind


@pytest.mark.parametrize("language", ["en", "ja", "th", "vi", "uk"])
@pytest.mark.parametrize("seat", list(Wind))
def test_the_seat_is_named_once(language: str, seat: Wind) -> None:
    with i18n.speaking(language):
        first = situation_lines(Situation(
            tsumo=True, round_wind=Wind.SOUTH if seat is Wind.EAST else Wind.EAST,
            seat_wind=seat),
                                "tenhou")[0]
        word = wind_word(seat)
    assert first.count(word) == 1, first
