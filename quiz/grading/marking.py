"""Marking an answer: read each asked part, mark it, and find the likely reasons."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from data.topics import is_topic, sort_topics
from scoring.tiles import TILES, format_tiles

from .answer_key import AnswerKey, han_text, tile_bag
from .answers import (
    DONT_KNOW,
    FU_UNITS,
    HAN_UNITS,
    NO_LOCAL_WORDS,
    UNKNOWN,
    Answer,
    Hint,
    LocalWords,
    Part,
    normal,
    parse_count,
    parse_han,
    parse_tile_list,
    parse_wait,
    parse_yaku,
)
from .diagnosis import diagnose
from .marks import Hints, Marked, PartMark
from .payments import parse_payment, split_reversed

__all__ = ["grade"]


def _read(key: AnswerKey, part: Part, raw: Answer, words: LocalWords) -> Any:
    text = raw if isinstance(raw, str) else ""
    if part is Part.FU:
        return parse_count(text, part, units=FU_UNITS)
    if part is Part.HAN:
        return parse_han(text, words)
    if part is Part.YAKU:
        return parse_yaku(raw)
    if part is Part.PAYMENT:
        read = parse_payment(text, dealer=key.dealer, tsumo=key.tsumo)
        if isinstance(read, Hint) and key.tsumo and not key.dealer:
            # "3900 all" on a non-dealer's tsumo: marked when it is the dealer's payment
            # (a known mistake), else the same hint as a single number
            as_dealer = parse_payment(text, dealer=True, tsumo=True)
            if as_dealer == key.payment_for(key.fu, key.han, dealer=True):
                return as_dealer
        return read
    if part is Part.DORA_HAN:
        return parse_count(text, part, units=HAN_UNITS)
    if part in (Part.DORA, Part.WAITS):
        return parse_tile_list(text, part)
    if part is Part.WAIT:
        return parse_wait(text, words)
    if part is Part.SETTLEMENT:
        from .settle import read_settlement

        return read_settlement(text, key.settle)
    raise ValueError(f"unknown part {part!r}")


def _normalise_value(key: AnswerKey, part: Part, value: Any) -> Any:
    if part is Part.DORA:
        return tile_bag(value)
    if part is Part.WAITS:
        return frozenset(t.index for t in value)
    if part is Part.HAN and key.yakuman and value[1] == 0 and value[0] == 13 * key.yakuman:
        return (0, key.yakuman)
    return value


def _given_text(part: Part, value: Any) -> str:
    if value is UNKNOWN:
        return "?"
    if part is Part.HAN:
        return han_text(*value)
    if part is Part.YAKU:
        return ", ".join(sorted(value))
    if part in (Part.FU, Part.DORA_HAN):
        return str(value)
    if part is Part.DORA:
        return " ".join(str(TILES[i]) for i in value)
    if part is Part.WAITS:
        return format_tiles(TILES[i] for i in sorted(value))
    if part is Part.WAIT:
        return str(value.value)
    if part is Part.SETTLEMENT:
        from .settle import format_settlement

        return format_settlement(value)
    return str(value)


def grade(key: AnswerKey, answers: Mapping[Part, Answer],
          words: LocalWords = NO_LOCAL_WORDS) -> Marked | Hints:
    """Mark an answer part by part, and find the likely reasons for wrong parts.

    Args:
        key: the question's answer key.
        answers: what the learner gave for each asked part: text, or for the
            yaku the names picked from the list. A payment may be typed as said
            at a table in any of our languages (:mod:`.payments`).
        words: the learner's language's names of the waits and of a yakuman
            (:func:`quiz.words.terms.local_words`).

    Returns:
        :class:`Hints` when some part could not be read (nothing is marked),
        else the :class:`Marked` answer.
    """
    values: dict[Part, Any] = {}
    hints: list[Hint] = []
    for part in key.parts:
        raw = answers.get(part, "")
        if isinstance(raw, str) and normal(raw) in DONT_KNOW:
            values[part] = UNKNOWN
            continue
        read = _read(key, part, raw, words)
        if isinstance(read, Hint):
            hints.append(read)
        else:
            values[part] = _normalise_value(key, part, read)
    if hints:
        return Hints(tuple(hints))
    marks = []
    for part in key.parts:
        value = values[part]
        note = ""
        typed = answers.get(part)
        if part is Part.PAYMENT and isinstance(typed, str) and split_reversed(typed):
            note = "at the table the non-dealers' share is said first, then the dealer's"
        echo = " ".join(typed.split()) if isinstance(typed, str) and value is not UNKNOWN else ""
        marks.append(PartMark(part, _given_text(part, value), key.expected_text(part),
                              value == key.expected_value(part), note, echo))
    diagnoses = diagnose(key, values, tuple(marks))
    concepts = sort_topics(c for d in diagnoses for c in d.concepts if is_topic(c))
    return Marked(tuple(marks), diagnoses, concepts)

