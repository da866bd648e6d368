"""Checking an answer: lenient parsing, a mark per part, and the likely mistake.

Pure: no Textual, no database. The drill builds an :class:`AnswerKey` for a
question (from a scored hand, or from a points-table cell); :func:`grade`
reads what the learner typed for each asked :class:`Part` and returns either
:class:`Hints` (a part could not be read: the learner gets a hint and no
mark) or a :class:`Marked` answer: each part right or wrong, the most likely
reasons for the wrong parts, and the concepts missed (topic ids of
:mod:`data.topics`).

Each likely mistake is found by re-deriving the value that mistake gives and
comparing it with the answer. Forgetting the 10 fu of a closed ron on the
seeds' 1m-triplet hand gives 100 fu, not 110:

>>> from scoring import parse_record, score
>>> key = AnswerKey.from_result(score(parse_record({"hand": "111m678s22z", "win": "1m",
...     "melds": ["ankan 1111p", "ankan 6666z"], "seat": "S", "round": "S"})),
...     (Part.FU, Part.PAYMENT))
>>> marked = grade(key, {Part.FU: "100", Part.PAYMENT: "3200"})
>>> [m.correct for m in marked.marks], marked.first_reason.kind
([False, False], 'forgot_closed_ron')
>>> marked.concepts
('fu:closed_ron',)

Reasons and hints are data (:class:`~.wording.Wording`: a kind of sentence and
its parameters), worded in the learner's language only when shown, so grading
and what is stored do not depend on the language.

The package, a module a concern: :mod:`.answers` (reading what was typed),
:mod:`.answer_key` (the key of a question), :mod:`.mistakes` (the catalogue of
common mistakes), :mod:`.diagnosis` (which of them explains an answer),
:mod:`.marks` (the marked answer), :mod:`.marking` (:func:`grade`),
:mod:`.payments` (the one reader of a payment, in any of our languages) and
:mod:`.wording` (sentences as data). Grading never imports the words: a sentence is
said by :func:`quiz.words.sentences.say`, and the concepts to practise are named by
:func:`quiz.words.topics.topic_title`.
"""

from __future__ import annotations

from scoring.traps import winning_tiles

from . import answers
from .answer_key import AnswerKey
from .answers import *  # noqa: F403 (the names of answers.__all__, listed there once)
from .diagnosis import diagnose
from .marking import grade
from .marks import Diagnosis, Hints, Marked, PartMark
from .payments import canonical_payment, parse_payment, split_reversed

__all__ = [
    "AnswerKey",
    "Diagnosis",
    "Hints",
    "Marked",
    "PartMark",
    "canonical_payment",
    "diagnose",
    "grade",
    "parse_payment",
    "split_reversed",
    "winning_tiles",
]
__all__ += answers.__all__
