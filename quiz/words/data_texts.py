"""The texts that come from the data, in the learner's language, and their templates.

Two kinds of text the learner reads are data, not code: the curated worked
examples' teaching notes (``note`` in ``data/bank/*.toml``) and the concepts'
titles and descriptions (:mod:`data.topics`). ``data/`` stays free of the
app's catalogs: their translations live in two gettext domains beside the
code's, ``quiz/words/locales/<code>/LC_MESSAGES/notes.po`` and ``topics.po``, where
each entry's msgctxt is the text's id in the data (the item id, the topic id)
and its msgid the English it translates. A note whose English changes no
longer finds its translation (the learner sees the new English) and
``tests/words/test_data_catalogs.py`` names it as stale until it is translated
again.

``python -m quiz.words.data_texts`` writes both templates (``quiz/words/locales/notes.pot``
and ``topics.pot``) from the data; ``pybabel update -D notes`` (and ``-D
topics``) then carries them into each language (``docs/translating.md``).

>>> from quiz.words.core import use
>>> use("en")
>>> note_text("fu-ron-triplet-open", "Counts as open.")
'Counts as open.'
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from data.topics import TOPICS, Family

from .core import DATA_DOMAINS, LOCALES, dpgettext
from .topics import TOPICS_DOMAIN

__all__ = ["NOTES_DOMAIN", "data_messages", "main", "note_text", "template_path",
           "write_template"]

#: The data catalog of the curated examples' teaching notes.
NOTES_DOMAIN = "notes"


def note_text(uid: str, note: str) -> str:
    """A curated item's teaching note in the active language (English where not translated)."""
    return dpgettext(NOTES_DOMAIN, uid, note)


def data_messages(domain: str) -> Iterator[tuple[str, str]]:
    """Every ``(context, English)`` pair of a data domain, in the data's order."""
    if domain == NOTES_DOMAIN:
        from data.bank.curated import load_curated

        for item in load_curated():
            if item.note:
                yield item.uid, item.note
        return
    if domain == "course":  # the course's lesson titles and readings (quiz.course.lessons)
        from ..course.lessons import course_messages

        yield from course_messages()
        return


    if domain != TOPICS_DOMAIN:
        raise ValueError(f"unknown data domain {domain!r}")
    for topic in TOPICS.values():
        if topic.family is not Family.YAKU:  # a yaku's title is the yaku's name (i18n_terms)
            yield topic.id, topic.title
        yield topic.id, topic.description


def template_path(domain: str) -> Path:
    """The ``.pot`` template of a data domain."""
    return LOCALES / f"{domain}.pot"


def write_template(domain: str) -> int:
    """Write a data domain's template from the data; the number of messages written."""

    catalog = Catalog(project="Riichi Drill", domain=domain, charset="utf-8")
    count = 0
    for context, english in data_messages(domain):
        catalog.add(english, context=context)
        count += 1
    with template_path(domain).open("wb") as f:
        write_po(f, catalog, width=100, omit_header=False, no_location=True)
    return count


def main(argv: list[str] | None = None) -> int:
    """``python -m quiz.words.data_texts``: write the notes and topics templates from the data."""

    for domain in DATA_DOMAINS:
        n = write_template(domain)
        print(f"{template_path(domain)}: {n} messages")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
