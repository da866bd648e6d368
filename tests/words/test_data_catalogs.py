"""The data catalogs: every curated note and every concept is translated, and none is stale.

The curated examples' teaching notes (``notes``) and the concepts' titles and
descriptions (``topics``) are translated in their own gettext domains, keyed
by msgctxt = the id in the data and msgid = the English translated
(:mod:`quiz.words.data_texts`). A note whose English changed finds no translation:
the learner sees the new English, and these tests name the note as stale until
its translation is brought up to date.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po as babel_read_po

from quiz.words.core import (
    DATA_DOMAINS,
    LANGUAGES,
    SOURCE_LANGUAGE,
    catalog_path,
    load_catalog,
    use,
)
from quiz.words.data_texts import NOTES_DOMAIN, data_messages, note_text, template_path
from quiz.words.topics import topic_description, topic_title

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
DATA = {domain: list(data_messages(domain)) for domain in DATA_DOMAINS}
_NUMBER = re.compile(r"\d+")



def _read(path_text: str, locale: str | None = None) -> Catalog:
    with open(path_text, "rb") as f:
        return babel_read_po(f, locale=locale)


def catalog_problems(catalog: Catalog, messages: Iterable[tuple[str, str]]) -> list[str]:
    """What is missing, stale, empty, fuzzy or extra in one data catalog, by id."""
    by_context: dict[str, dict[str, Message]] = {}
    for m in catalog:
        if m.id and m.context:
            by_context.setdefault(m.context, {})[str(m.id)] = m
    wanted = list(messages)
    problems: list[str] = []
    for context, english in wanted:
        entries = by_context.get(context, {})
        found = entries.get(english)
        if found is None:
            if entries:
                problems.append(f"{context}: stale, its English changed (msgid differs): "
                                f"translate {english!r} again")
            else:
                problems.append(f"{context}: not translated: {english!r}")
            continue
        string = str(found.string or "")
        if found.fuzzy or not string.strip():
            problems.append(f"{context}: fuzzy or empty translation of {english!r}")
        elif set(_NUMBER.findall(english)) - set(_NUMBER.findall(string)):
            problems.append(f"{context}: numbers of the English missing in {string!r}")
    known = set(wanted)
    problems += [f"{context}: no such text in the data any more: {msgid!r}"
                 for context, entries in by_context.items() for msgid in entries
                 if (context, msgid) not in known and not any(c == context for c, _ in wanted)]
    return problems


@pytest.mark.parametrize("domain", DATA_DOMAINS)
def test_the_templates_are_up_to_date(domain: str) -> None:
    template = _read(str(template_path(domain)))
    assert {(m.context, m.id) for m in template if m.id} == set(DATA[domain]), (
        f"{template_path(domain)} is out of date: run python -m quiz.words.data_texts")


def test_every_curated_item_has_a_note() -> None:
    assert len(DATA[NOTES_DOMAIN]) == 109
    assert len({context for context, _ in DATA[NOTES_DOMAIN]}) == 109


@pytest.mark.parametrize("domain", DATA_DOMAINS)
@pytest.mark.parametrize("code", TRANSLATED)
def test_every_data_text_is_translated_and_none_is_stale(code: str, domain: str) -> None:
    catalog = _read(str(catalog_path(code, domain)), locale=code)
    problems = catalog_problems(catalog, DATA[domain])
    assert not problems, f"{code} {domain}: {len(problems)} problems: {problems[:10]}"


def test_a_changed_english_note_is_stale_and_shown_in_english() -> None:
    catalog = _read(str(catalog_path("ja", NOTES_DOMAIN)), locale="ja")
    uid, english = DATA[NOTES_DOMAIN][0]
    changed = english.replace("7700", "7800")
    assert changed != english
    problems = catalog_problems(catalog, [(uid, changed)])
    assert problems and "stale" in problems[0]
    use("ja")
    assert note_text(uid, english) != english  # translated
    assert note_text(uid, changed) == changed  # the new English, until translated again


@pytest.mark.parametrize("domain", DATA_DOMAINS)
@pytest.mark.parametrize("code", TRANSLATED)
def test_the_run_time_reads_what_babel_reads(code: str, domain: str) -> None:
    babel = _read(str(catalog_path(code, domain)), locale=code)
    ours = load_catalog(code, domain)
    for m in babel:
        if m.id:
            assert ours.pgettext(str(m.context), str(m.id)) == m.string


@pytest.mark.parametrize("code", TRANSLATED)
def test_concepts_are_named_in_the_language(code: str) -> None:
    from data.topics import TOPICS, table_cells

    use("en")
    english = {t: (topic_title(t), topic_description(t)) for t in (*TOPICS, *table_cells())}
    assert english["fu:ron_triplet"] == ("Triplet completed by ron",
                                         "A triplet completed by someone's discard "
                                         "(shanpon ron) counts as open.")
    use(code)
    for topic_id, (title, description) in english.items():
        if code != "vi":  # Vietnamese players name yaku, limits and waits in romaji
            assert topic_title(topic_id) != title, (code, topic_id)
        assert topic_description(topic_id) != description, (code, topic_id)
    assert topic_title("no:such") == "no:such"
