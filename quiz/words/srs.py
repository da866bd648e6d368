"""The review queue's and the cards' counts in the learner's language.

:mod:`quiz.srs` keeps its counts as numbers and says them in English
(``str(DueCounts)``, ``str(CardsByState)``: the words of its doctests and logs);
the review and statistics screens say them here, in the active language, the
English exactly as :mod:`quiz.srs` writes it.

>>> from quiz.words.core import use
>>> from quiz.srs.rules import DueCounts
>>> use("ja"); due_counts_text(DueCounts(2, 0, 20))
'期限 2件（学習中 2、復習 0） · 新規 20'
>>> use("en"); due_counts_text(DueCounts(2, 0, 20))
'2 due (2 learning, 0 review) · 20 new'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .core import SOURCE_LANGUAGE, active_language, npgettext, pgettext

if TYPE_CHECKING:
    from ..srs.rules import DueCounts
    from ..srs.stats import CardsByState

__all__ = ["cards_text", "due_counts_text"]


def due_counts_text(counts: DueCounts) -> str:
    """``35 due (34 learning, 1 review) · 5 new``, in the active language."""
    if active_language() == SOURCE_LANGUAGE:
        return str(counts)
    if counts.due:
        head = npgettext("i18nrest", "%(n)s due (%(learning)s learning, %(review)s review)",
                         "%(n)s due (%(learning)s learning, %(review)s review)", counts.due) % {
            "n": counts.due, "learning": counts.learning, "review": counts.review}
    else:
        head = pgettext("i18nrest", "none due")
    return pgettext("i18nrest", "%(due)s · %(n)s new") % {"due": head, "n": counts.new}


def cards_text(cards: CardsByState) -> str:
    """``40 cards: 36 learning, 4 review`` (or ``no cards yet``), in the active language."""
    if active_language() == SOURCE_LANGUAGE:
        return str(cards)
    if not cards.total:
        return pgettext("i18nrest", "no cards yet")
    return npgettext("i18nrest", "%(n)s card: %(learning)s learning, %(review)s review",
                     "%(n)s cards: %(learning)s learning, %(review)s review", cards.total) % {
        "n": cards.total, "learning": cards.learning, "review": cards.review}
